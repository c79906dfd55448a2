#!/bin/sh
# cover.sh [PACKAGES]: statement coverage of each library package of the
# module by the whole test suite: the packages' own tests, and the
# testscript pipelines and other tests through the tools they run. The
# tools run as copies of the test binaries (testenv.Main), which write
# their counters to the GOCOVERDIR that go test sets, and go test merges
# them into the profile; -coverpkg counts every package (the commands'
# main packages, three lines each, aside) from every test binary. Prints
# the test failures, if any, and a table, lowest first; the profile is
# cover.out (COVERPROFILE), for go tool cover -html. The tests build with
# the Makefile's tags (GOTAGS), as make test runs them.
set -eu
cd "$(dirname "$0")/.."
out=${COVERPROFILE:-cover.out}
pkgs=$(go list -f '{{if ne .Name "main"}}{{.ImportPath}}{{end}}' ./... | paste -sd, -)
status=0
go test -tags "${GOTAGS:-urfave_cli_no_docs}" -coverpkg="$pkgs" -coverprofile="$out" "${@:-./...}" > "$out.log" 2>&1 || status=$?
grep -v '^ok \|no test files\|^	.*coverage: ' "$out.log" || true
rm -f "$out.log"
# A block appears once per test binary: it is covered if any covered it.
awk -v mod="$(go list -m)/" '
NR > 1 {
	file = $1; sub(/:.*/, "", file)
	pkg = file; sub(/\/[^\/]*$/, "", pkg); sub("^" mod, "", pkg)
	stmts[$1] = $2; owner[$1] = pkg
	if ($3 > 0) hit[$1] = 1
}
END {
	for (b in stmts) {
		n[owner[b]] += stmts[b]; all += stmts[b]
		if (b in hit) { c[owner[b]] += stmts[b]; cov += stmts[b] }
	}
	for (p in n) printf "%6.1f%%  %s\n", 100 * c[p] / n[p], p | "sort -n"
	close("sort -n")
	printf "%6.1f%%  all %d statements\n", 100 * cov / all, all
}' "$out"
exit $status
