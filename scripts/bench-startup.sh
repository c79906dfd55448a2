#!/usr/bin/env bash
# Start-up cost of every pipesat binary: each tool is timed on a tiny real
# job (a 2-clause CNF, 4 queens, a 2x2 nonogram, ...), where its run is
# almost all start-up, against a Go hello-world built here as the floor.
# Tools and floor are timed in rounds (floor, tool 1, tool 2, ..., floor,
# tool 1, ...) so that a change in the machine's load hits all alike.
# Printed per tool: median and mean wall ms, the ratio of its median to the
# floor's, and the ms it adds over the floor.
#
# Environment: STARTUP_RUNS (default 200) runs per tool; BIN directories of
# already built binaries, separated by spaces, to compare builds (before and
# after a change) in the same rounds (default: build them here, with GOTAGS
# as "make install" does).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
runs=${STARTUP_RUNS:-200}
tags=${GOTAGS-urfave_cli_no_docs}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bins=()
for b in ${BIN:-}; do
	bins+=("$(cd "$b" && pwd)")
done
if [ ${#bins[@]} = 0 ]; then
	go build -tags "$tags" -o "$tmp/bin/" ./cmd/...
	bins=("$tmp/bin")
	what="built with tags \"$tags\""
else
	what="binaries from ${bins[*]}"
fi
bin=${bins[0]}
cat > "$tmp/hello.go" <<-'EOF'
	package main

	import "os"

	func main() { os.Stdout.WriteString("hello\n") }
EOF
(cd "$tmp" && GOFLAGS= GOWORK=off go build -o "$tmp/hello" hello.go)

# The inputs, made by the tools themselves (untimed).
cd "$tmp"
printf 'p cnf 2 2\n1 2 0\n-1 0\n' > tiny.cnf
printf 'width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n' > t.non
printf '1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n' > s4.txt
printf 'a: x y\nb: p q\nsame x p\n' > z.txt
cube=cube2 # the built-in definition
"$bin/queens2cnf" --n 4 > q4.cnf
"$bin/sudoku2cnf" s4.txt > s4.cnf
"$bin/zebra2cnf" z.txt > z.cnf
"$bin/bool2cnf" -e 'a | b' > b.cnf
"$bin/cube2cnf" --puzzle "$cube" --moves R --depth 1 > c.cnf
for f in q4 s4 z b c; do
	"$bin/satrun" --solver gini $f.cnf > $f.out || [ $? = 10 ]
done

# name and command of each job; "hello" is the floor.
jobs=("hello|./hello")
for bin in "${bins[@]}"; do
	[ ${#bins[@]} = 1 ] || jobs+=("== $bin|true")
	jobs+=(
		"bool2cnf|$bin/bool2cnf -e 'a | b'"
		"cnf2grid|$bin/cnf2grid q4.out"
		"cnf2moves|$bin/cnf2moves c.out"
		"cnf2sudoku|$bin/cnf2sudoku s4.out"
		"cnf2vals|$bin/cnf2vals b.out"
		"cnf2vals --cnf|$bin/cnf2vals --cnf b.cnf b.out"
		"cnf2zebra|$bin/cnf2zebra z.out"
		"cube2cnf|$bin/cube2cnf --definition $cube --moves R --depth 1"
		"cubesolve|$bin/cubesolve --definition $cube --moves R --solver gini"
		"nono2cnf|$bin/nono2cnf t.non"
		"nonosolve|$bin/nonosolve t.non"
		"queens2cnf|$bin/queens2cnf --n 4"
		"satbench gen|$bin/satbench gen --vars 5 --ratio 2"
		"satrun|$bin/satrun --solver gini tiny.cnf"
		"sudoku2cnf|$bin/sudoku2cnf s4.txt"
		"zebra2cnf|$bin/zebra2cnf z.txt"
	)
done

# Each job once untimed: it must work (exit 0 or 10), and caches warm up.
for i in "${!jobs[@]}"; do
	cmd=${jobs[i]#*|}
	rc=0
	eval "$cmd" > /dev/null 2> err || rc=$?
	if [ $rc != 0 ] && [ $rc != 10 ]; then
		echo "bench-startup: $cmd: exit $rc: $(head -1 err)" >&2
		exit 1
	fi
done

echo "start-up, $runs runs each in rounds, load average $(cut -d' ' -f1-3 /proc/loadavg), $(go env GOVERSION), $what"
for ((r = 0; r < runs; r++)); do
	for i in "${!jobs[@]}"; do
		[[ ${jobs[i]} != "== "* ]] || continue
		cmd=${jobs[i]#*|}
		t0=${EPOCHREALTIME/[.,]/}
		eval "$cmd" > /dev/null 2>&1 || true
		t1=${EPOCHREALTIME/[.,]/}
		echo $((t1 - t0)) >> "t$i"
	done
done

# median and mean in ms of the µs in file $1
stats() {
	sort -n "$1" | awk '{ a[NR] = $1; s += $1 }
		END { m = NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.3f %.3f\n", m/1000, s/NR/1000 }'
}
read -r floor _ < <(stats t0)
printf '%-16s %9s %9s %7s %9s\n' tool "median ms" "mean ms" ratio "extra ms"
for i in "${!jobs[@]}"; do
	if [[ ${jobs[i]} == "== "* ]]; then
		echo "${jobs[i]%%|*}"
		continue
	fi
	read -r med mean < <(stats "t$i")
	awk -v n="${jobs[i]%%|*}" -v m="$med" -v a="$mean" -v f="$floor" \
		'BEGIN { printf "%-16s %9.3f %9.3f %7.2f %+9.3f\n", n, m, a, m/f, m-f }'
done
