#!/usr/bin/env bash
# make bench: what satrun costs on top of the solvers it runs, as ratios of
# medians of paired, alternating runs (direct, satrun, direct, ...), so that
# a change in the machine's load hits both alike:
#
#   1. Go benchmarks of dimacs, solver and satrun (BENCH_SKIP_GO=1 skips).
#   2. Overhead per installed solver: the solver run directly on a file vs
#      satrun --solver NAME on the same file, on a small hard formula (the
#      solver's time dominates) and a large easy one (17.5 MB, from
#      satbench gen --vars 300000 --ratio 2.5: reading, checking and
#      printing dominate).
#   3. Enumeration per solver: all 724 solutions of 10 queens through
#      satrun --all vs the solver's own enumeration (cryptominisat5
#      --maxsol, picosat --all); gini and auto vs the fastest of those;
#      and the 8-rooks count (40320, queens2cnf's manual) under auto.
#   4. Every other scripts/bench-*.sh (reader speed, bench-startup.sh: each
#      tool's start-up against a Go hello-world, nonograms, cube, and
#      bench-explain.sh: satrun --explain on contradictory puzzles against
#      its goals, bench-pipeline.sh: where a pipeline's time goes stage by
#      stage, and its ratios to pbnsolve and to the solver alone beside
#      their goals; bench-xz.sh: satrun F.xz against xz -dc F.xz | satrun,
#      beside its goal).
#
# Environment: RUNS (default 5) counted runs per command, after one
# warm-up; ONLY=overhead|enum|drat|explain|pipeline|satbench|hard|tax
# runs just that part (explain: scripts/bench-explain.sh; pipeline:
# scripts/bench-pipeline.sh; satbench: scripts/bench-satbench.sh,
# satbench's CPU for 20 tiny runs against runlim's, beside the goal;
# hard: scripts/bench-hard.sh; tax: bench-pipeline.sh's satrun tax and
# nonosolve against pbnsolve).
#   5. ONLY=drat (or all): the DRAT checker against cadical on UNSAT
#      pigeonhole and random 3-SAT formulas (go test -bench
#      BenchmarkCheckVsSolve ./drat): solve-ms, check-ms and check/solve;
#      then scripts/bench-drat.sh: satrun --certify against drat-trim on
#      every proof of a generated benchmark set, each ratio beside its goal.
#   6. ONLY=hard (or all, through step 4): scripts/bench-hard.sh, the hard
#      survey nonograms in each encoding on kissat, cadical and gini (needs
#      SURVEY, a local copy of the puzzles; skipped without it).
#   7. ONLY=tax (or all, through step 4): scripts/bench-pipeline.sh's tax
#      part: CPU of satrun --solver kissat on a 17.5 MB CNF, of satrun
#      --solver cadical and of the sudoku 25x25 pipeline against the solver
#      alone, and of nonosolve against pbnsolve, each ratio beside its goal
#      (issue 35), with satrun's own work stage by stage. kissat, cadical
#      and pbnsolve come from PATH (PBNSOLVE for pbnsolve); what is missing
#      is said and skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
only=${ONLY:-}

if [ -z "${BENCH_SKIP_GO:-}" ] && [ -z "$only" ]; then
	echo "== go test -bench (dimacs, solver, satrun)"
	go test -run '^$' -bench . ./dimacs ./solver ./internal/tools/satrun
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The tags of make build/install (Makefile GOTAGS), so the tools start as fast.
go build -tags "${GOTAGS:-urfave_cli_no_docs}" -o "$tmp/" ./cmd/satrun ./cmd/satbench ./cmd/queens2cnf ./cmd/cnf2grid
satrun=$tmp/satrun

# usec CMD...: wall microseconds of one run (any exit status is fine).
usec() {
	local t0 t1
	t0=$(date +%s%N)
	"$@" > /dev/null 2>&1 || true
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000))
}

median() { sort -n "$1" | awk '{ a[NR] = $1 } END { print a[int((NR+1)/2)] }'; }

# compare LABEL 'DIRECT' 'SATRUN': alternating runs of the two shell command
# lines, then their medians and the ratio satrun/direct.
compare() {
	local label=$1 direct=$2 via=$3 i d s
	: > "$tmp/d"
	: > "$tmp/s"
	sh -c "$direct" > /dev/null 2>&1 || true # warm-up
	sh -c "$via" > /dev/null 2>&1 || true
	for ((i = 0; i < runs; i++)); do
		usec sh -c "$direct" >> "$tmp/d"
		usec sh -c "$via" >> "$tmp/s"
	done
	d=$(median "$tmp/d")
	s=$(median "$tmp/s")
	awk -v l="$label" -v d="$d" -v s="$s" 'BEGIN { printf "%-30s direct %8.3f s  satrun %8.3f s  ratio %6.3f\n", l, d/1e6, s/1e6, s/d }'
}

have() { command -v "$1" > /dev/null; }

if [ -z "$only" ] || [ "$only" = overhead ]; then
	hard=solver/testdata/bench/rand3-230.cnf
	big=$tmp/big.cnf
	"$tmp/satbench" gen --vars 300000 --ratio 2.5 --seed 1 -o "$big"
	echo "== satrun overhead per solver, $runs alternating runs each, load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "   hard: $hard ($(wc -c < "$hard") bytes); big: satbench gen --vars 300000 --ratio 2.5 ($(wc -c < "$big") bytes)"
	for f in hard big; do
		file=${!f}
		have kissat && compare "kissat/$f" "kissat -q $file" "$satrun --solver kissat $file"
		have cadical && compare "cadical/$f" "cadical -q $file" "$satrun --solver cadical $file"
		have minisat && compare "minisat/$f" "minisat -verb=0 $file $tmp/m.out" "$satrun --solver minisat $file"
		have cryptominisat5 && compare "cryptominisat5/$f" "cryptominisat5 --verb 0 $file" "$satrun --solver cryptominisat5 $file"
		have picosat && [ "$f" = hard ] && compare "picosat/$f" "picosat $file" "$satrun --solver picosat $file"
	done
fi

if [ -z "$only" ] || [ "$only" = enum ]; then
	q10=$tmp/q10.cnf
	"$tmp/queens2cnf" --n 10 > "$q10"
	echo "== enumeration: the 724 solutions of 10 queens, $runs alternating runs each"
	fastest=""
	if have cryptominisat5; then
		compare "cryptominisat5 --all" "cryptominisat5 --verb 0 --maxsol 1000000 $q10" "$satrun --solver cryptominisat5 --all $q10"
		fastest="cryptominisat5 --verb 0 --maxsol 1000000 $q10"
	fi
	if have picosat; then
		compare "picosat --all" "picosat --all $q10" "$satrun --solver picosat --all $q10"
		# picosat --all is the faster of the two on this formula.
		fastest="picosat --all $q10"
	fi
	if [ -n "$fastest" ]; then
		compare "gini --all vs fastest native" "$fastest" "$satrun --solver gini --all $q10"
		compare "auto --all vs fastest native" "$fastest" "$satrun --all $q10"
	fi
	echo "== the 8-rooks count (queens2cnf's manual): queens2cnf --n 8 --rooks | satrun --all | cnf2grid --count"
	: > "$tmp/r"
	for ((i = 0; i < runs; i++)); do
		usec sh -c "$tmp/queens2cnf --n 8 --rooks | $satrun --all | $tmp/cnf2grid --count" >> "$tmp/r"
	done
	auto=$(printf 'p cnf 1 0\n' | "$satrun" --stats --all 2>&1 > /dev/null | sed -n 's/^c solver //p' || true)
	echo "8 rooks under auto ($auto): median $(median "$tmp/r" | awk '{ printf "%.2f s", $1/1e6 }') over $runs runs, prints $("$tmp/queens2cnf" --n 8 --rooks | "$satrun" --all | "$tmp/cnf2grid" --count || true)"
fi

if { [ -z "$only" ] || [ "$only" = drat ]; } && have cadical; then
	echo "== DRAT proof check vs cadical's solve (check/solve is the ratio), load $(cut -d' ' -f1-3 /proc/loadavg)"
	go test -run '^$' -bench BenchmarkCheckVsSolve -benchtime "${runs}x" ./drat
	if [ "$only" = drat ]; then
		scripts/bench-drat.sh # with no ONLY, the loop below runs it
	fi
fi

if [ "$only" = explain ]; then
	echo "== scripts/bench-explain.sh"
	scripts/bench-explain.sh
fi

if [ "$only" = pipeline ]; then
	scripts/bench-pipeline.sh
fi

if [ "$only" = satbench ]; then
	scripts/bench-satbench.sh
fi

if [ "$only" = tax ]; then
	ONLY=tax scripts/bench-pipeline.sh
fi

if [ "$only" = hard ]; then
	echo "== scripts/bench-hard.sh"
	scripts/bench-hard.sh
fi

if [ -z "$only" ]; then
	for s in scripts/bench-*.sh; do
		if [ -x "$s" ]; then
			echo "== $s"
			"$s"
		fi
	done
fi
