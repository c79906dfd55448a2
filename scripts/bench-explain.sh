#!/usr/bin/env bash
# bench-explain.sh: satrun --explain's engine (solver/mus) on contradictory
# puzzles, one changed clue of each testdata puzzle (nonograms, colour
# nonograms, sudokus, zebra puzzles) and of random nonograms (30x30 half
# black and 65% black, 60x60 65% black), with gini and each installed
# external solver: one plain solve (UNSATISFIABLE), the time to a minimal
# conflict and their ratio, the calls made, the conflict's size; then the
# issue's goals, a minimal conflict of the 30x30 and of the 60x60 random
# puzzles (65% black) with gini in under 1 s and 5 s.
#
# Environment: RUNS (default 3) timed runs, the median shown; TIMEOUT
# (default 2m) per explanation; SOLVERS (default all known: those
# installed); ONLY, a regexp of the puzzles to time.
set -euo pipefail
cd "$(dirname "$0")/.."
go run ./scripts/explainbench -runs "${RUNS:-3}" -timeout "${TIMEOUT:-2m}" \
	${SOLVERS:+-solvers "$SOLVERS"} -only "${ONLY:-}"
