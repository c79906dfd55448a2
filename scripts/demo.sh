#!/usr/bin/env bash
# make demo: the main job, on embedded gini (no external solver needed).
# The GCHQ 2015 Christmas card nonogram: nono2cnf turns the 25x25 puzzle
# (clues plus 22 given black cells) into CNF, satrun solves it with the
# embedded gini and forwards nono2cnf's "c pipesat nonogram 25 25" header,
# cnf2grid draws the picture (a QR code) and checks it against every clue.
set -euo pipefail
bin=${1:-bin}
cd "$(dirname "$0")/.."
p=testdata/nonogram/gchq.non

echo "The GCHQ Christmas card puzzle, solved by SAT with embedded gini:"
echo
echo "$ nono2cnf $p | satrun --solver gini | cnf2grid --puzzle $p --format unicode"
"$bin/nono2cnf" --stats "$p" | "$bin/satrun" --solver gini | "$bin/cnf2grid" --puzzle "$p" --format unicode || test $? -eq 10
echo
echo "Each line's clue becomes a small automaton over its cells (19,200 clauses; the"
echo "GCHQ article's encoding has 212,603), so unit propagation alone is a complete line"
echo "solver and this puzzle is solved without search. Is the picture unique?"
echo
echo "$ nono2cnf $p | satrun --solver gini --max 2 | cnf2grid --format goal > /dev/null"
"$bin/nono2cnf" "$p" | "$bin/satrun" --solver gini --max 2 | "$bin/cnf2grid" --format goal >/dev/null || test $? -eq 10
