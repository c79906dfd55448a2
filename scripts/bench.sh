#!/usr/bin/env bash
# make bench: Go benchmarks of dimacs and solver, then satrun's overhead:
# cadical run directly vs satrun running cadical on the same file, timed
# with hyperfine (apt-get install hyperfine) or, without it, a loop of runs.
# Other bench-*.sh scripts run at the end if present.
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

# mean wall seconds of running "$@" $runs times (exit statuses 10/20 are fine)
mean() {
	local t0 t1 i
	"$@" > /dev/null 2>&1 || true # warm-up
	t0=$(date +%s.%N)
	for ((i = 0; i < runs; i++)); do "$@" > /dev/null 2>&1 || true; done
	t1=$(date +%s.%N)
	echo "$t0 $t1 $runs" | awk '{ printf "%.4f", ($2 - $1) / $3 }'
}

if ! command -v cadical > /dev/null; then
	echo "== satrun overhead: cadical not installed, skipped"
else
	for f in "$hard" "$big"; do
		echo "== satrun overhead on $f ($(wc -c < "$f") bytes), $runs runs each"
		direct="cadical -q $f"
		wrapped="$satrun --solver cadical $f"
		if command -v hyperfine > /dev/null; then
			hyperfine -N -i --warmup 1 --runs "$runs" --export-json "$tmp/h.json" "$direct" "$wrapped" 2> "$tmp/h.err" | sed -n '/Summary/,$p'
			python3 - "$tmp/h.json" <<-'P' 2>/dev/null || true
				import json, sys
				r = json.load(open(sys.argv[1]))["results"]
				d, s = r[0]["mean"], r[1]["mean"]
				print(f"direct {d:.3f} s, satrun {s:.3f} s, ratio {s/d:.3f} (overhead {100*(s/d-1):+.1f}%)")
			P
		else
			d=$(mean $direct)
			s=$(mean $wrapped)
			echo "$d $s" | awk '{ printf "direct %.3f s, satrun %.3f s, ratio %.3f (overhead %+.1f%%)\n", $1, $2, $2/$1, 100*($2/$1-1) }'
		fi
	done
fi

for s in scripts/bench-reader.sh scripts/bench-nonogram.sh; do
	if [ -x "$s" ]; then
		echo "== $s"
		"$s"
	fi
done
