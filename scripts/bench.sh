#!/usr/bin/env bash
# make bench: Go benchmarks of dimacs and solver, then satrun's overhead:
# cadical run directly vs satrun running cadical on the same file, timed
# in alternating runs, and with hyperfine too if installed (apt-get install
# hyperfine).
# Every scripts/bench-*.sh runs at the end (bench-startup.sh: the start-up
# cost of each binary against a Go hello-world).
# Environment: RUNS (default 5) runs per command; BENCH_SKIP_GO=1 skips the
# Go benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}

if [ -z "${BENCH_SKIP_GO:-}" ]; then
	echo "== go test -bench (dimacs, solver)"
	go test -run '^$' -bench . ./dimacs ./solver ./solver/satrun
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/" ./cmd/satrun
satrun=$tmp/satrun

# Two files: a small hard one (the solver's time dominates) and a large
# easy one (11 MB: reading, rewriting and checking dominate).
hard=solver/testdata/bench/rand3-230.cnf
big=$tmp/big.cnf
awk -v n=200000 -v seed=7 'BEGIN { srand(seed); m = int(2.5*n); print "p cnf", n, m
	for (i = 0; i < m; i++) {
		a = int(rand()*n)+1; do b = int(rand()*n)+1; while (b == a)
		do c = int(rand()*n)+1; while (c == a || c == b)
		printf "%s%d %s%d %s%d 0\n", (rand()<.5?"-":""), a, (rand()<.5?"-":""), b, (rand()<.5?"-":""), c
	} }' > "$big"

# wall seconds of one run of "$@" (exit statuses 10/20 are fine)
wall() {
	local t0 t1
	t0=$(date +%s%N)
	"$@" > /dev/null 2>&1 || true
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000))
}

# Alternating runs (direct, satrun, direct, ...) so that a change in the
# machine's load hits both alike; the ratio of the medians is the overhead.
compare() {
	local i d s
	: > "$tmp/d"
	: > "$tmp/s"
	"$@" > /dev/null 2>&1 || true # warm-up
	for ((i = 0; i < runs; i++)); do
		wall cadical -q "$f" >> "$tmp/d"
		wall "$satrun" --solver cadical "$f" >> "$tmp/s"
	done
	d=$(sort -n "$tmp/d" | awk '{ a[NR] = $1 } END { print a[int((NR+1)/2)] }')
	s=$(sort -n "$tmp/s" | awk '{ a[NR] = $1 } END { print a[int((NR+1)/2)] }')
	echo "$d $s" | awk '{ printf "alternating runs, medians: direct %.3f s, satrun %.3f s, ratio %.3f (overhead %+.1f%%)\n", $1/1e6, $2/1e6, $2/$1, 100*($2/$1-1) }'
}

if ! command -v cadical > /dev/null; then
	echo "== satrun overhead: cadical not installed, skipped"
else
	echo "== satrun overhead, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
	for f in "$hard" "$big"; do
		echo "== $f ($(wc -c < "$f") bytes), $runs runs each"
		echo "   direct: cadical -q $f"
		echo "   satrun: satrun --solver cadical $f"
		compare cadical -q "$f"
		if command -v hyperfine > /dev/null; then
			hyperfine -N -i --warmup 1 --runs "$runs" --export-json "$tmp/h.json" \
				"cadical -q $f" "$satrun --solver cadical $f" > /dev/null 2> "$tmp/h.err" || cat "$tmp/h.err"
			python3 - "$tmp/h.json" <<-'P' 2>/dev/null || true
				import json, sys
				r = json.load(open(sys.argv[1]))["results"]
				d, s = r[0], r[1]
				print(f"hyperfine means: direct {d['mean']:.3f} ± {d['stddev']:.3f} s, satrun {s['mean']:.3f} ± {s['stddev']:.3f} s, ratio {s['mean']/d['mean']:.3f}")
			P
		fi
	done
fi

for s in scripts/bench-*.sh; do
	if [ -x "$s" ]; then
		echo "== $s"
		"$s"
	fi
done
