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
	-test.bench '^Benchmark(Read|Parse|GiniParse|GiniNewDimacs)File$')
echo "$out"

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

# Mean of a go benchmark's metric (MB/s: wall clock; cpu-MB/s: per CPU
# second of the process, which says more on a machine busy with other jobs).
mbs() {
	awk -v name="$1" -v unit="$2" '$1 ~ "^Benchmark" name "File(-[0-9]+)?$" { for (i = 1; i < NF; i++) if ($(i+1) == unit) { s += $i; n++ } }
		END { if (n) printf "%.2f", s / n; else print "nan" }' <<<"$out"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "c reader throughput on $(nproc) CPUs, load average $(cut -d' ' -f1 /proc/loadavg)"
printf 'c %-30s %10s %10s\n' "" "MB/s" "cpu-MB/s"
for b in "Read:dimacs.Read (Formula)" "Parse:dimacs.Parse (no-op Handler)" \
	"GiniParse:gini dimacs.ReadCnf (no-op)" "GiniNewDimacs:gini.NewDimacs (solver)"; do
	printf 'c %-30s %10s %10s\n' "${b#*:}" "$(mbs "${b%%:*}" MB/s)" "$(mbs "${b%%:*}" cpu-MB/s)"
done
printf 'c %-30s %10s\n' "cat" "$cat_mbs" "wc -l" "$wc_mbs"
for u in MB/s cpu-MB/s; do
	echo "c ratios ($u): Read/gini.NewDimacs $(ratio "$(mbs Read $u)" "$(mbs GiniNewDimacs $u)")," \
		"Parse/gini.ReadCnf $(ratio "$(mbs Parse $u)" "$(mbs GiniParse $u)")," \
		"Read/wc-l $(ratio "$(mbs Read $u)" "$wc_mbs"), Read/cat $(ratio "$(mbs Read $u)" "$cat_mbs") (cat and wc -l: wall clock)"
done
awk -v r="$(mbs Read MB/s)" 'BEGIN { print "c dimacs.Read " (r >= 200 ? "meets" : "is below") " the 200 MB/s target (wall clock)" }'
