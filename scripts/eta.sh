#!/usr/bin/env bash
# scripts/eta.sh [REF]: how far satbench run's ETA is from the time really
# left, on a mixed suite built from generators: 10 CNFs (pigeonhole 7 to 10
# holes, random 3-SAT at ratio 4.26 with 150 to 350 variables) x minisat,
# picosat, cadical, cryptominisat5 x 3 reps, 10 s timeout: many answers in
# well under a second, a few of several seconds, and about a quarter
# timeouts (php10 and the 350-variable formula time out for every solver).
#
# satbench and satrun are built from REF (e.g. main, for the display
# before the change) or from the work tree; the run goes through
# scripts/etatrace on a pseudo-terminal, which prints, for every 5% of runs
# done, the ETA shown, the time really left and the error.
#
# Environment: TIMEOUT (10s), REPS (3), JOBS (1), SEED (1: satbench's
# shuffle), RAW=FILE keeps what satbench drew, RESULTS=FILE its rows.
# Needs the four solvers on PATH (scripts/install-solvers.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for s in minisat picosat cadical cryptominisat5; do
	command -v "$s" > /dev/null || { echo "eta.sh: $s is not installed" >&2; exit 1; }
done
src=.
if [ -n "$ref" ]; then
	src=$tmp/src
	mkdir "$src"
	git archive "$ref" | tar -x -C "$src"
fi
(cd "$src" && go build -o "$tmp/bin/" ./cmd/satbench ./cmd/satrun)
go build -o "$tmp/etatrace" ./scripts/etatrace
mkdir "$tmp/suite"
for h in 7 8 9 10; do
	"$tmp/bin/satbench" gen --php "$h" -o "$tmp/suite/php$h.cnf"
	echo "php$h.cnf" >> "$tmp/suite/suite.txt"
done
for vs in 150:3 200:1 200:3 250:3 300:3 350:1; do
	v=${vs%:*} s=${vs#*:}
	"$tmp/bin/satbench" gen --vars "$v" --ratio 4.26 --seed "$s" -o "$tmp/suite/r$v-s$s.cnf"
	echo "r$v-s$s.cnf" >> "$tmp/suite/suite.txt"
done
echo "# satbench from ${ref:-the work tree}: timeout ${TIMEOUT:-10s}, reps ${REPS:-3}, jobs ${JOBS:-1}, seed ${SEED:-1}, load $(cut -d' ' -f1-3 /proc/loadavg)"
"$tmp/etatrace" -raw "${RAW:-/dev/null}" -- "$tmp/bin/satbench" run \
	--solvers minisat,picosat,cadical,cryptominisat5 --suite "$tmp/suite/suite.txt" \
	--timeout "${TIMEOUT:-10s}" --reps "${REPS:-3}" --jobs "${JOBS:-1}" --seed "${SEED:-1}" -o "$tmp/r.jsonl"
[ -z "${RESULTS:-}" ] || cp "$tmp/r.jsonl" "$RESULTS"
