#!/usr/bin/env bash
# bench-hard.sh: the hard survey nonograms on every solver (issue 23.3).
#
# The puzzles are the nine of the nonogram survey (danioellay/gramcracker,
# nonograms/survey_by_numbers_dataset/, Keen layout): not redistributable,
# so never in the repository; SURVEY names a local copy (a directory of
# *.txt files). Without it, the script says so and exits 0.
#
# For each puzzle and each configuration of CONFIGS, the CNF is written
# once (nono2cnf, its CPU seconds in the nono2cnf column: presolve and
# encoding), then solved by satrun with each solver found: kissat and
# cadical (on PATH, or KISSAT / CADICAL naming the program), cadical-2
# (CADICAL2 names a second cadical, e.g. 2.2.0) and the embedded gini;
# then, with kissat, the uniqueness check (satrun --max 2). Each runs as
# satrun --solver NAME, with the program first on PATH under its own name,
# so that satrun treats it as a user's satrun would (its options for
# restarts, its first guess steered to the last model: solver.Known). A
# configuration is an encoding, or "default" (nono2cnf's), and nono2cnf
# flags after colons: "order:--probe=false" is --encoding order
# --probe=false. The default CONFIGS is
#
#   automaton:--probe=false  the automaton presolved by line logic alone
#                            (the default before probing, issue 23.3)
#   order:--probe=false      the order encoding, line logic alone
#   automaton                with probing: nono2cnf's default
#   order                    the order encoding with probing
#
# Each run's picture is checked against the clues (cnf2grid --puzzle).
# Times are CPU seconds, user+sys of satrun and the solver it runs, so
# that the shared machine's load does not inflate them (on an idle
# machine the wall time is the same: every solver here is
# single-threaded); every run is cut at TIMEOUT CPU seconds (default 60;
# ulimit -t, with a wall-clock timeout of ten times that). A missing
# solver is no column, never an error. One run each: the table is a
# survey, not a median (kissat's and cadical's times on the hard puzzles
# vary by 2-10x with --seed alone). Each time is followed by its ratio to
# kissat on the puzzle's first configuration (x1.0 is as fast); the goal
# of issue 23.3 is every solve under 5 s, kissat not slower, and
# uniqueness under 5 s with kissat. NONO2CNF_FLAGS adds flags to every
# nono2cnf (--presolve=false: the full formulas, for research on the
# encodings themselves).
#
# usage: SURVEY=DIR scripts/bench-hard.sh [BIN]   (BIN: where the tools are; default: build them)
#        ONLY=hard SURVEY=DIR scripts/bench.sh    (the same, from bench.sh)
#
# PUZZLES=DIR (issue 35.1) prints instead the defaults table: each file
# of DIR (any format nonosolve reads: the survey's *.txt, webpbn's .non,
# .nin, ...; nothing is fetched) under the configurations a user types:
# nonosolve, nonosolve --max 2, nono2cnf | satrun --solver gini | cnf2grid,
# nonosolve --encoding E for each E of ENCODINGS (default "automaton
# order"), and the same pipeline with kissat when KISSAT or PATH has it.
# Each cell is CPU seconds (user+sys of every process of the run),
# "> CAP" when cut at CAP CPU seconds (default 20; ulimit -t), "error"
# when it fails (nonosolve and cnf2grid --puzzle check the picture
# against the clues); a "*" marks a cell not under the goal of 5 s (GOAL). RUNS=N
# (default 1) runs each configuration N times, alternating, and prints
# the median. The "open" column is how far presolve (line logic and
# probing, nono2cnf --stats) gets on its own: the cells it leaves open
# for the solver, of all the puzzle's cells ("0/1600": solved without a
# solver), so that a puzzle every configuration misses still says how
# much of it is left. The last line counts the misses of the three
# defaults.
#
#   PUZZLES=DIR [CAP=20] [RUNS=3] scripts/bench-hard.sh [BIN]
set -euo pipefail
cd "$(dirname "$0")/.."

# run CAP CMD...: CPU seconds (user+sys of CMD and every process it
# waits for) of one run of sh -c CMD, cut at CAP CPU seconds: "> CAP"
# when cut, "error" when it fails.
run() {
	local cap=$1 rc=0
	shift
	(
		ulimit -t "$cap"
		exec /usr/bin/time -f "%U %S" -o "$tmp/time" timeout "$((10 * cap))" sh -c "$1" >"$tmp/out" 2>"$tmp/err"
	) || rc=$?
	if [ "$rc" != 0 ]; then
		if [ "$rc" = 124 ] || [ "$rc" -gt 128 ] || grep -q -i 'signal\|killed\|cpu time' "$tmp/err" "$tmp/time" 2>/dev/null; then
			printf "> %s" "$cap"
		else
			printf error
		fi
		return
	fi
	tail -n 1 "$tmp/time" | awk '{ printf "%.2f", $1 + $2 }'
}

# median T...: the median of the times (a "> CAP" or a word counts as
# longer than any time).
median() {
	printf "%s\n" "$@" | awk '/^[0-9]/ { print 0, $0; next } { print 1, $0 }' | sort -k1,1n -k2,2g |
		awk '{ l[NR] = $0 } END { m = l[int((NR + 1) / 2)]; sub(/^[01] /, "", m); print m }'
}

# defaults: the table of PUZZLES (see above).
defaults() {
	local cap=${CAP:-20} goal=${GOAL:-5} runs=${RUNS:-1} bin=${1:-}
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	if [ -z "$bin" ]; then
		go build -tags "${GOTAGS:-urfave_cli_no_docs}" -o "$tmp/bin/" ./cmd/nono2cnf ./cmd/satrun ./cmd/cnf2grid ./cmd/nonosolve
		bin=$tmp/bin
	fi
	local kissat=${KISSAT:-$(command -v kissat || true)}
	mkdir "$tmp/path-kissat"
	[ -n "$kissat" ] && ln -s "$(command -v "$kissat")" "$tmp/path-kissat/kissat"
	local names=(nonosolve "--max 2" gini-pipe) cmds=()
	local e
	for e in ${ENCODINGS:-automaton order}; do names+=("--encoding $e"); done
	[ -n "$kissat" ] && names+=(kissat-pipe)
	echo "bench-hard: puzzles $PUZZLES, CPU seconds (user+sys, every process), median of $runs, cut at $cap s CPU; * not under $goal s; load $(cut -d' ' -f1-3 /proc/loadavg)"
	printf "%-36s %-12s" puzzle open
	local n
	for n in "${names[@]}"; do printf " %-18s" "$n"; done
	echo
	local misses=0 p
	for p in "$PUZZLES"/*; do
		[ -f "$p" ] || continue
		local q
		q=$(printf %q "$p")
		cmds=("$bin/nonosolve $q" "$bin/nonosolve --max 2 $q" "$bin/nono2cnf $q | $bin/satrun --solver gini | $bin/cnf2grid --puzzle $q")
		for e in ${ENCODINGS:-automaton order}; do cmds+=("$bin/nonosolve --encoding $e $q"); done
		[ -n "$kissat" ] && cmds+=("$bin/nono2cnf $q | PATH=$tmp/path-kissat:\$PATH $bin/satrun --solver kissat | $bin/cnf2grid --puzzle $q")
		local -a times=()
		local r i
		for ((r = 0; r < runs; r++)); do
			for i in "${!cmds[@]}"; do times[i]="${times[i]:-} $(run "$cap" "${cmds[$i]}" | tr ' ' '_')"; done
		done
		# open: the cells presolve leaves open, of all ("-" for a
		# puzzle it does not presolve: colour, or an error).
		local open
		open=$("$bin/nono2cnf" --stats -o /dev/null "$p" 2>&1 | sed -n 's/.*presolve fixed \([0-9]*\) of \([0-9]*\) cells.*/\1 \2/p' | awk '{ printf "%d/%d", $2 - $1, $2 }' || true)
		printf "%-36s %-12s" "$(basename "$p")" "${open:--}"
		for i in "${!cmds[@]}"; do
			# shellcheck disable=SC2086 # the runs' times are words
			local t
			t=$(median ${times[i]} | tr _ ' ')
			local mark=" "
			if ! awk -v t="$t" -v g="$goal" 'BEGIN { exit !(t ~ /^[0-9]/ && t + 0 < g) }'; then
				mark="*"
				[ "$i" -lt 3 ] && misses=$((misses + 1))
			fi
			printf " %-18s" "$t$mark"
		done
		echo
	done
	echo "bench-hard: $misses of the defaults (nonosolve, --max 2, gini pipeline) not under $goal s"
}

if [ -n "${PUZZLES:-}" ]; then
	defaults "$@"
	exit 0
fi
TIMEOUT=${TIMEOUT:-60}
survey=${SURVEY:-}
if [ -z "$survey" ] || ! compgen -G "$survey/*.txt" >/dev/null; then
	echo "bench-hard: no survey puzzles (set SURVEY to a directory of the survey's *.txt files): skipped" >&2
	exit 0
fi
configs=${CONFIGS:-automaton:--probe=false order:--probe=false automaton order}
flags=${NONO2CNF_FLAGS:-}
bin=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$bin" ]; then
	go build -tags "${GOTAGS:-urfave_cli_no_docs}" -o "$tmp/bin/" ./cmd/nono2cnf ./cmd/satrun ./cmd/cnf2grid
	bin=$tmp/bin
fi
kissat=${KISSAT:-$(command -v kissat || true)}
cadical=${CADICAL:-$(command -v cadical || true)}
cadical2=${CADICAL2:-}
[ -n "$cadical2" ] && [ ! -x "$cadical2" ] && cadical2=""
# path-S holds solver S under the name satrun --solver knows it by.
mkdir "$tmp/path-kissat" "$tmp/path-cadical" "$tmp/path-cadical-2" "$tmp/path-gini"
[ -n "$kissat" ] && ln -s "$(command -v "$kissat")" "$tmp/path-kissat/kissat"
[ -n "$cadical" ] && ln -s "$(command -v "$cadical")" "$tmp/path-cadical/cadical"
[ -n "$cadical2" ] && ln -s "$(command -v "$cadical2")" "$tmp/path-cadical-2/cadical"

# solve CNF SOLVER [SATRUN-ARGS...]: CPU seconds (user+sys, satrun and the
# solver it runs) of one satrun run on CNF, its picture checked against the
# puzzle in $puzzle; with --max 2 followed by "/1" (unique) or "/2"; or
# "timeout", "error", "wrong" (a picture that breaks a clue).
solve() {
	local cnf=$1 s=$2 rc=0
	shift 2
	local args=()
	case $s in
	kissat | cadical) args=(--solver "$s") ;;
	cadical-2) args=(--solver cadical) ;;
	gini) args=(--solver gini) ;;
	esac
	(
		ulimit -t "$TIMEOUT"
		PATH=$tmp/path-$s:$PATH
		exec /usr/bin/time -f "%U %S" -o "$tmp/time" timeout "$((10 * TIMEOUT))" "$bin/satrun" "${args[@]}" "$@" "$cnf" >"$tmp/out" 2>"$tmp/err"
	) || rc=$?
	case $rc in
	10) ;;
	*) if grep -q -i 'signal\|killed\|cpu time' "$tmp/err" "$tmp/time" 2>/dev/null || [ "$rc" = 124 ] || [ "$rc" -gt 128 ]; then
		printf timeout
	else
		printf error
	fi
		return ;;
	esac
	rc=0
	"$bin/cnf2grid" --puzzle "$puzzle" <"$tmp/out" >/dev/null 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		printf wrong
		return
	fi
	tail -n 1 "$tmp/time" | awk '{ printf "%.2f", $1 + $2 }'
	if [ "$#" -gt 0 ]; then
		printf "/%s" "$(sed -n 's/^c solutions //p' "$tmp/out")"
	fi
}

# cell TIME BASE: TIME and its ratio to BASE ("1.23 x0.5"), when BASE is
# at least 0.05 s (the times have two decimals).
cell() {
	case $1 in
	[0-9]*) case $2 in
		0.0[0-4]* | 0.00*) printf "%s" "$1" ;;
		[0-9]*) awk -v t="$1" -v b="$2" 'BEGIN { printf "%s x%.1f", t, t / b }' ;;
		*) printf "%s" "$1" ;;
		esac ;;
	*) printf "%s" "$1" ;;
	esac
}

solvers=()
[ -n "$kissat" ] && solvers+=(kissat)
[ -n "$cadical" ] && solvers+=(cadical)
[ -n "$cadical2" ] && solvers+=(cadical-2)
solvers+=(gini)
uniq=""
[ -n "$kissat" ] && uniq="kissat --max 2"
set -- $configs
echo "bench-hard: survey $survey, nono2cnf ${flags:-(no extra flags)}, timeout ${TIMEOUT}s CPU, one run each, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "CPU seconds (user+sys of nono2cnf; of satrun and the solver: the load does not inflate them) and x the ratio"
echo "to kissat on the puzzle's first configuration ($1); the last column's to kissat --max 2 on it, /N: N pictures"
echo "found (1: unique). Goal (issue 23.3): every solve under 5 s, kissat not slower."
printf "%-18s %-24s %9s %9s %8s" puzzle configuration vars clauses nono2cnf
for s in "${solvers[@]}"; do printf " %-15s" "$s"; done
[ -n "$uniq" ] && printf " %-15s" "kissat --max 2"
echo
for puzzle in "$survey"/*.txt; do
	name=$(basename "$puzzle" .txt)
	declare -A base=()
	first=1
	for config in $configs; do
		enc=${config%%:*}
		cflags=""
		if [ "$config" != "$enc" ]; then cflags=${config#*:}; cflags=${cflags//:/ }; fi
		encflag=(--encoding "$enc")
		[ "$enc" = default ] && encflag=()
		cnf=$tmp/$name.cnf
		# shellcheck disable=SC2086 # NONO2CNF_FLAGS and the configuration's flags are words
		if ! /usr/bin/time -f "%U %S" -o "$tmp/enctime" "$bin/nono2cnf" --stats $flags $cflags "${encflag[@]}" -o "$cnf" "$puzzle" 2>"$tmp/st"; then
			printf "%-18s %-24s %s\n" "$name" "$config" "nono2cnf failed: $(head -1 "$tmp/st")"
			continue
		fi
		st=$(cat "$tmp/st")
		vars=$(echo "$st" | sed -n 's/.*: \([0-9]*\) variables.*/\1/p')
		clauses=$(echo "$st" | sed -n 's/.* \([0-9]*\) clauses.*/\1/p')
		enctime=$(tail -n 1 "$tmp/enctime" | awk '{ printf "%.2f", $1 + $2 }')
		label=$enc
		[ -n "$cflags" ] && label="$enc $cflags"
		printf "%-18s %-24s %9s %9s %8s" "$name" "$label" "$vars" "$clauses" "$enctime"
		for s in "${solvers[@]}"; do
			t=$(solve "$cnf" "$s")
			if [ "$first" = 1 ] && [ "$s" = kissat ]; then base[kissat]=$t; fi
			printf " %-15s" "$(cell "$t" "${base[kissat]:-}")"
		done
		if [ -n "$uniq" ]; then
			t=$(solve "$cnf" kissat --max 2)
			if [ "$first" = 1 ]; then base[uniq]=$t; fi
			printf " %-15s" "$(cell "$t" "${base[uniq]:-}")"
		fi
		echo
		first=0
	done
	unset base
done
