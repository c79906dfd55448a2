#!/usr/bin/env bash
# bench-nonogram.sh: size and speed of the three nonogram encodings.
#
# For GCHQ, the five webpbn puzzles of Jan Wolter's survey in
# testdata/nonogram and random generated puzzles (30x30 half black,
# 100x100 and 200x200 with 65% black cells), and for each encoding:
# variables, clauses and encoding time (nono2cnf --stats), then the end to
# end time of nono2cnf | satrun | cnf2grid with embedded gini and with the
# best installed external solver (kissat, cadical, cryptominisat5, glucose,
# minisat, picosat: the first found). Each run is cut at $TIMEOUT seconds
# (default 60). Large generated puzzles skip the runs and patterns
# encodings, whose CNF is too large to be worth solving (runs: 47 million
# clauses for 100x100).
#
# usage: scripts/bench-nonogram.sh [BIN]      (BIN: where the tools are; default: build into a temp dir)
set -euo pipefail
cd "$(dirname "$0")/.."
TIMEOUT=${TIMEOUT:-60}
bin=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$bin" ]; then
	go build -o "$tmp/bin/" ./cmd/nono2cnf ./cmd/satrun ./cmd/cnf2grid
	bin=$tmp/bin
fi
ext=""
for s in kissat cadical cryptominisat5 glucose minisat picosat; do
	if command -v "$s" >/dev/null; then ext=$s; break; fi
done

# gen W H SEED DENSITY: a random picture as a .non puzzle (random pictures with
# half the cells black are hard for every solver: at 50x50 none finishes in a
# minute; denser ones are mostly line-solvable).
gen() { awk -v W="$1" -v H="$2" -v seed="$3" -v d="$4" -f scripts/random-nonogram.awk; }
gen 30 30 1 0.5 >"$tmp/random-30x30.non"
gen 100 100 1 0.65 >"$tmp/random-100x100.non"
gen 200 200 1 0.65 >"$tmp/random-200x200.non"

# e2e FILE ENC SOLVER: seconds for the whole pipeline, or "timeout"/"error".
e2e() {
	local t0 t1 rc=0
	t0=$(date +%s.%N)
	timeout "$TIMEOUT" sh -c "'$bin/nono2cnf' --encoding $2 --max-patterns 1000000 '$1' | '$bin/satrun' --solver $3 | '$bin/cnf2grid' --puzzle '$1' >/dev/null" || rc=$?
	t1=$(date +%s.%N)
	case $rc in
	0 | 10) awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }' ;;
	124) printf "timeout" ;;
	*) printf "error" ;;
	esac
}

printf "%-22s %-10s %9s %10s %12s %9s %9s\n" puzzle encoding vars clauses encode gini_s "${ext:-none}_s"
for f in testdata/nonogram/gchq.non testdata/nonogram/webpbn-{1,6,16,21,529}.non "$tmp"/random-{30x30,100x100,200x200}.non; do
	name=$(basename "$f" .non)
	for enc in automaton runs patterns; do
		case $name:$enc in random-100x100:runs | random-100x100:patterns | random-200x200:runs | random-200x200:patterns)
			printf "%-22s %-10s %9s %10s %12s %9s %9s\n" "$name" "$enc" - - skipped - -
			continue ;;
		esac
		if ! st=$("$bin/nono2cnf" --stats --encoding "$enc" --max-patterns 1000000 -o /dev/null "$f" 2>&1); then
			printf "%-22s %-10s %9s %10s %12s %9s %9s\n" "$name" "$enc" - - "too many patterns" - -
			continue
		fi
		vars=$(echo "$st" | sed -n 's/.*: \([0-9]*\) variables.*/\1/p')
		clauses=$(echo "$st" | sed -n 's/.* \([0-9]*\) clauses.*/\1/p')
		t=$(echo "$st" | sed -n 's/.*encoded in //p')
		g=$(e2e "$f" "$enc" gini)
		x=-
		[ -n "$ext" ] && x=$(e2e "$f" "$enc" "$ext")
		printf "%-22s %-10s %9s %10s %12s %9s %9s\n" "$name" "$enc" "$vars" "$clauses" "$t" "$g" "$x"
	done
done
