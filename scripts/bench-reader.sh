#!/usr/bin/env bash
# Reader throughput: reads a 100 MB random 3-SAT CNF with dimacs.Read and
# dimacs.Parse, and with peers on the same file: cat, wc -l, gini's DIMACS
# reader (dimacs.ReadCnf) and gini.NewDimacs. Prints MB/s and ratios.
#
#   scripts/bench-reader.sh            # file: /tmp/pipesat-bench-100mb.cnf
#   CNF=/path/big.cnf COUNT=5 scripts/bench-reader.sh
#
# The file is generated (by the benchmark itself) if it does not exist.
# The go benchmark runs are BENCHTIME (default 3x) each, COUNT (default 1)
# times; compare runs with benchstat.
set -euo pipefail
cd "$(dirname "$0")/.."
cnf=${CNF:-/tmp/pipesat-bench-100mb.cnf}
benchtime=${BENCHTIME:-3x}
count=${COUNT:-1}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT

go test -c -o "$bin/dimacs.test" ./dimacs
export PIPESAT_BENCH_CNF=$cnf
# The first run writes the file if needed; the others only read it.
"$bin/dimacs.test" -test.run '^$' -test.bench '^BenchmarkParseFile$' -test.benchtime 1x >/dev/null
size=$(stat -c %s "$cnf")
echo "c file $cnf: $size bytes, $(head -c 4096 "$cnf" | grep '^p cnf')"

out=$("$bin/dimacs.test" -test.run '^$' -test.benchtime "$benchtime" -test.count "$count" \
	-test.bench '^Benchmark(Read|Parse|GiniParse|GiniNewDimacs)File$' | tee /dev/stderr)

# Best of 3 wall times of a shell peer, in MB/s.
peer() {
	local best=
	for _ in 1 2 3; do
		local t0 t1
		t0=$(date +%s.%N)
		"$@" <"$cnf" >/dev/null
		t1=$(date +%s.%N)
		best=$(awk -v a="$t0" -v b="$t1" -v best="$best" 'BEGIN { t = b - a; if (best == "" || t < best) best = t; print best }')
	done
	awk -v s="$size" -v t="$best" 'BEGIN { printf "%.2f", s / t / 1e6 }'
}
cat_mbs=$(peer cat)
wc_mbs=$(peer wc -l)

# Mean MB/s of each go benchmark over its runs.
mbs() {
	awk -v name="$1" '$1 ~ "^Benchmark" name "File(-[0-9]+)?$" { for (i = 1; i < NF; i++) if ($(i+1) == "MB/s") { s += $i; n++ } }
		END { if (n) printf "%.2f", s / n; else print "nan" }' <<<"$out"
}
read_mbs=$(mbs Read)
parse_mbs=$(mbs Parse)
gparse_mbs=$(mbs GiniParse)
gnew_mbs=$(mbs GiniNewDimacs)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "c reader throughput on $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg)"
printf 'c %-28s %10s MB/s\n' "dimacs.Read (Formula)" "$read_mbs" "dimacs.Parse (no-op Handler)" "$parse_mbs" \
	"gini dimacs.ReadCnf (no-op)" "$gparse_mbs" "gini.NewDimacs (solver)" "$gnew_mbs" \
	"cat" "$cat_mbs" "wc -l" "$wc_mbs"
echo "c ratios: Read/gini.NewDimacs $(ratio "$read_mbs" "$gnew_mbs"), Parse/gini.ReadCnf $(ratio "$parse_mbs" "$gparse_mbs"), Read/wc-l $(ratio "$read_mbs" "$wc_mbs"), Read/cat $(ratio "$read_mbs" "$cat_mbs")"
awk -v r="$read_mbs" 'BEGIN { if (r < 200) { print "c dimacs.Read below the 200 MB/s target"; } else print "c dimacs.Read meets the 200 MB/s target" }'
