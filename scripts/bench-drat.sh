#!/usr/bin/env bash
# DRAT proof checking against drat-trim (issue 23): the benchmark set is
# generated here, never stored:
#
#   php-9-8, php-10-9, php-11-10   satbench gen --php 8|9|10 (pigeonhole)
#   rand-200 .. rand-350           satbench gen --vars N --ratio 5.5 --seed 1
#                                  (random 3-SAT, UNSAT)
#   nono-r40                       the final UNSAT of a uniqueness check that
#                                  needs search: a random 40x40 picture
#                                  (seeded, half the cells black) has 20
#                                  pictures with its clues; its CNF plus one
#                                  clause blocking each of them (cadical
#                                  takes about 5000 conflicts)
#   cube-1, cube-2                 cube2cnf at one turn less than the optimum
#                                  (cubesolve) for scrambles 25, seeds 1 and 2
#
# Each formula is solved by every installed proof-writing solver: cadical
# (binary DRAT, and text with --binary=false), a second cadical (CADICAL2,
# e.g. 2.2.0: .cadical2 and .cadical2-text), kissat (binary), picosat -R
# (a RUP trace); php-11-10 only by the cadicals and kissat (picosat takes
# hours). Every formula is UNSAT: a solver that finds a model stops the
# script. Each proof is then checked by satrun --certify (a solver-cmd that
# hands satrun the ready proof, so the time is satrun's: reading the CNF,
# the check) and by drat-trim (default options: backward checking, core
# first), in RUNS (default 3) alternating pairs (BIG_RUNS, default 1, for
# proofs over 50 MB: php-11-10 from cadical); the table gives medians of
# wall and CPU (user+sys) time and peak RSS (/usr/bin/time), and the ratios
# pipesat/drat-trim beside their goals (time <= 1, memory < 1). The RAT
# column is drat-trim's count of RAT lemmas in the core: kissat's proofs
# of nono-r40 and cube-* hold RAT lemmas (extension variables), the
# RAT-heavy rows. Then satrun --certify --lrat FILE runs once on each
# proof, its peak RSS against --certify's (goal <= 2: the hints wait in a
# temporary file, not in memory), and, when lrat-check is installed
# (LRAT_CHECK, default lrat-check on PATH), the LRAT file must verify.
#
# drat-trim is given what it reads correctly, the same formula and proof:
# the CNF without its comment lines (in binary mode drat-trim reads a
# comment line after the header as empty clauses, so the formula is
# "trivial UNSAT" and nothing is checked: every cadical and kissat proof
# of cube2cnf's and nono2cnf's commented CNFs), and picosat's trace
# without its "%RUPD32" first line (which drat-trim takes for the start
# of a binary proof).
#
# Environment: PEERS, a directory put first on PATH (where drat-trim,
# kissat and cadical-2.2.0 are installed, if not on PATH: peers are
# optional, a missing one leaves out its rows, a missing drat-trim
# everything); DRAT_TRIM (default: drat-trim on PATH) names drat-trim,
# KISSAT likewise kissat, CADICAL2 the second cadical (default
# cadical-2.2.0 on PATH); SATRUN a satrun binary to measure instead of
# this checkout's (to compare two versions); KEEP=DIR keeps the formulas
# and proofs in DIR (and a later run with the same DIR reuses the proofs
# found there); SMALL=1 leaves out php-11-10 and rand-350; PROOFS=GLOB
# measures only the proofs whose names (php-10-9.picosat, ...) match.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
bigruns=${BIG_RUNS:-1}
if [ -n "${PEERS:-}" ]; then
	PATH=$PEERS:$PATH
fi
drattrim=${DRAT_TRIM:-$(command -v drat-trim || true)}
kissat=${KISSAT:-$(command -v kissat || true)}
cadical2=${CADICAL2:-$(command -v cadical-2.2.0 || true)}
lratcheck=${LRAT_CHECK:-$(command -v lrat-check || true)}
if [ -z "$drattrim" ]; then
	echo "bench-drat: no drat-trim (set DRAT_TRIM or put it on PATH): nothing to compare" >&2
	exit 0
fi
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
dir=${KEEP:-$bin/set}
mkdir -p "$dir"
go build -o "$bin/" ./cmd/satrun ./cmd/satbench ./cmd/nono2cnf ./cmd/cube2cnf ./cmd/cubesolve
satrun=${SATRUN:-$bin/satrun}

# The formulas.
php="8 9 10"
rand="200 250 300 350"
if [ -n "${SMALL:-}" ]; then
	php="8 9"
	rand="200 250 300"
fi
for h in $php; do
	"$bin/satbench" gen --php "$h" -o "$dir/php-$((h + 1))-$h.cnf"
done
for n in $rand; do
	"$bin/satbench" gen --vars "$n" --ratio 5.5 --seed 1 -o "$dir/rand-$n.cnf"
done
# nono-r40: the clues of a random 40x40 picture (Park-Miller generator, so
# every awk draws the same), every picture they allow blocked.
if ! { [ -n "${KEEP:-}" ] && [ -s "$dir/nono-r40.cnf" ]; }; then
	awk -v w=40 -v h=40 -v seed=1 '
		function rnd() { x = (x * 16807) % 2147483647; return x }
		function clue(n, a,    s, run, i) {
			s = ""; run = 0
			for (i = 1; i <= n + 1; i++) {
				if (i <= n && a[i]) { run++; continue }
				if (run) s = s (s == "" ? "" : " ") run
				run = 0
			}
			return s == "" ? "0" : s
		}
		BEGIN {
			x = seed + 1
			for (i = 0; i < 10; i++) rnd()
			for (r = 1; r <= h; r++) for (c = 1; c <= w; c++) cell[r, c] = rnd() % 100 < 50
			for (r = 1; r <= h; r++) { for (c = 1; c <= w; c++) a[c] = cell[r, c]; print clue(w, a) }
			print ""
			for (c = 1; c <= w; c++) { for (r = 1; r <= h; r++) a[r] = cell[r, c]; print clue(h, a) }
		}' > "$bin/r40.keen"
	"$bin/nono2cnf" --input-format keen < "$bin/r40.keen" > "$bin/n.cnf"
	"$bin/satrun" --solver gini --all "$bin/n.cnf" > "$bin/n.out" || true
	cells=$(awk '/^c pipesat nonogram /{ print $4 * $5; exit }' "$bin/n.cnf")
	awk -v cells="$cells" '
		FNR == NR {
			if ($1 == "s") n++
			if ($1 == "v") for (i = 2; i <= NF; i++) if ($i != 0 && ($i < 0 ? -$i : $i) <= cells) block[n] = block[n] " " (-$i)
			next
		}
		/^p cnf / { print "p cnf", $3, $4 + n; next }
		{ print }
		END { for (k = 1; k <= n; k++) print substr(block[k], 2), 0 }' "$bin/n.out" "$bin/n.cnf" > "$dir/nono-r40.cnf"
fi
for seed in 1 2; do
	[ -n "${KEEP:-}" ] && [ -s "$dir/cube-$seed.cnf" ] && continue
	if ! len=$("$bin/cubesolve" --definition cube2 --scramble 25 --seed "$seed" --solver gini 2> "$bin/err" | sed -n 's/^c length //p') || [ -z "$len" ]; then
		echo "bench-drat: cubesolve found no optimum for seed $seed:" >&2
		cat "$bin/err" >&2
		exit 1
	fi
	"$bin/cube2cnf" --definition cube2 --scramble 25 --seed "$seed" --depth $((len - 1)) > "$dir/cube-$seed.cnf"
done

# The proofs: FORMULA.SOLVER.drat, only of UNSAT answers.
prove() { # NAME CNF PROOF CMD...
	local name=$1 cnf=$2 proof=$3 code=0
	shift 3
	if [ -n "${KEEP:-}" ] && [ -s "$proof" ]; then
		return # made by an earlier run
	fi
	"$@" > /dev/null 2>&1 || code=$?
	case $code in
	20) ;;
	10)
		echo "bench-drat: $name finds a model of $cnf: the set must be UNSAT" >&2
		exit 1
		;;
	*)
		echo "bench-drat: $name on $cnf: exit $code, not UNSAT: no proof" >&2
		rm -f "$proof"
		;;
	esac
}
for cnf in "$dir"/*.cnf; do
	b=${cnf%.cnf}
	if command -v cadical > /dev/null; then
		prove cadical "$cnf" "$b.cadical.drat" cadical -q "$cnf" "$b.cadical.drat"
		prove cadical "$cnf" "$b.cadical-text.drat" cadical -q --binary=false "$cnf" "$b.cadical-text.drat"
	fi
	if [ -n "$cadical2" ]; then
		prove cadical2 "$cnf" "$b.cadical2.drat" "$cadical2" -q "$cnf" "$b.cadical2.drat"
		prove cadical2 "$cnf" "$b.cadical2-text.drat" "$cadical2" -q --binary=false "$cnf" "$b.cadical2-text.drat"
	fi
	[ -n "$kissat" ] && prove kissat "$cnf" "$b.kissat.drat" "$kissat" -q "$cnf" "$b.kissat.drat"
	case $b in *php-11-10) continue ;; esac
	if command -v picosat > /dev/null; then
		prove picosat "$cnf" "$b.picosat.drat" picosat -R "$b.picosat.drat" "$cnf"
	fi
done

# given.sh PROOF CNF PROOFPATH: the solver-cmd that hands satrun a proof.
printf '#!/bin/sh\nln -sf "$1" "$3"; echo s UNSATISFIABLE; exit 20\n' > "$bin/given.sh"
chmod 755 "$bin/given.sh"

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR+1)/2)] }'; }
# measure OUT CMD...: appends "wall cpu rssKB" of one run to OUT; a run that
# does not verify the proof fails the script.
measure() {
	local out=$1 code=0
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$bin/t" "$@" > "$bin/o" 2>&1 || code=$?
	if ! grep -q -E 's VERIFIED|^c proof verified' "$bin/o"; then
		echo "bench-drat: not verified (exit $code): $*" >&2
		cat "$bin/o" >&2
		exit 1
	fi
	tail -1 "$bin/t" | awk '{ print $1, $2 + $3, $4 }' >> "$out"
}

echo "== DRAT check: satrun --certify vs drat-trim (default), $runs alternating runs each ($bigruns over 50 MB), medians; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-26s %9s %6s %9s %9s %7s %9s %9s %7s %7s %7s %7s %7s %7s\n' proof bytes RAT wall-ps wall-dt ratio cpu-ps cpu-dt ratio MB-ps MB-dt ratio MB-lrat ratio
printf '%-26s %9s %6s %9s %9s %7s %9s %9s %7s %7s %7s %7s %7s %7s\n' "" "" "" "" "" "goal<=1" "" "" "goal<=1" "" "" "goal<1" "" "goal<=2"
echo "   (drat-trim reads each CNF without its comment lines, picosat's traces without their %RUPD32 line)"
for proof in "$dir"/*.drat; do
	# shellcheck disable=SC2053 # PROOFS is a glob
	[[ $(basename "$proof" .drat) == ${PROOFS:-*} ]] || continue
	cnf=${proof%.*.drat}.cnf
	: > "$bin/ps"
	: > "$bin/dt"
	dtcnf=$bin/plain.cnf
	grep -v '^c' "$cnf" > "$dtcnf"
	dtproof=$proof
	if head -c 4 "$proof" | grep -q '^%RUP'; then
		dtproof=$bin/rup.drat
		sed 1d "$proof" > "$dtproof"
	fi
	n=$runs
	if [ "$(wc -c < "$proof")" -gt 50000000 ]; then
		n=$bigruns
	fi
	for ((i = 0; i < n; i++)); do
		measure "$bin/ps" "$satrun" --certify --solver-cmd "$bin/given.sh $proof {cnf} {proof}" "$cnf"
		measure "$bin/dt" "$drattrim" "$dtcnf" "$dtproof"
	done
	# Should drat-trim still find the formula refuted without a proof
	# step, its figures measure no check: the row says so.
	note=""
	if tr '\r' '\n' < "$bin/o" | grep -q '^c trivial UNSAT'; then
		note=" (drat-trim: 'trivial UNSAT', no check)"
	fi
	rat=$(tr '\r' '\n' < "$bin/o" | sed -n 's/^c \([0-9]*\) RAT lemmas in core.*/\1/p' | head -1)
	# --lrat: one run, its memory against --certify's.
	: > "$bin/pl"
	measure "$bin/pl" "$satrun" --certify --lrat "$bin/out.lrat" --solver-cmd "$bin/given.sh $proof {cnf} {proof}" "$cnf"
	if [ -n "$lratcheck" ] && ! "$lratcheck" "$dtcnf" "$bin/out.lrat" > "$bin/lc" 2>&1; then
		echo "bench-drat: lrat-check refuses satrun's LRAT of $proof:" >&2
		tail -5 "$bin/lc" >&2
		exit 1
	fi
	rm -f "$bin/out.lrat"
	for k in 1 2 3; do
		ps[$k]=$(cut -d' ' -f$k "$bin/ps" | median)
		dt[$k]=$(cut -d' ' -f$k "$bin/dt" | median)
	done
	awk -v n="$(basename "$proof" .drat)" -v b="$(wc -c < "$proof")" -v note="$note" -v rat="${rat:-?}" \
		-v pw="${ps[1]}" -v dw="${dt[1]}" -v pc="${ps[2]}" -v dc="${dt[2]}" -v pm="${ps[3]}" -v dm="${dt[3]}" \
		-v lm="$(cut -d' ' -f3 "$bin/pl")" '
		function r(a, b) { return b > 0 ? a / b : 0 }
		BEGIN { printf "%-26s %9d %6s %9.2f %9.2f %7.2f %9.2f %9.2f %7.2f %7.1f %7.1f %7.2f %7.1f %7.2f%s\n",
			n, b, rat, pw, dw, r(pw, dw), pc, dc, r(pc, dc), pm / 1024, dm / 1024, r(pm, dm), lm / 1024, r(lm, pm), note }'
done
