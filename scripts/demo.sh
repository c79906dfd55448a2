#!/usr/bin/env bash
# make demo: the main job, on embedded gini (no external solver needed).
# The GCHQ 2015 Christmas card nonogram: nono2cnf turns the 25x25 puzzle
# (clues plus 22 given black cells) into CNF, satrun solves it with the
# embedded gini and forwards nono2cnf's "c pipesat nonogram 25 25" header,
# cnf2grid draws the picture (a QR code) and checks it against every clue.
# Each command is shown as "$ COMMAND" and then run as shown, with the
# tools of the folder given (default bin) first on PATH.
set -euo pipefail
bin=${1:-bin}
cd "$(dirname "$0")/.."
PATH=$(cd "$bin" && pwd):$PATH
p=testdata/nonogram/gchq.non

# run prints "$ " and the command, then runs exactly that text. Exit status
# 10 (satisfiable: a picture was printed) is success too.
run() {
	echo "\$ $1"
	local status=0
	eval "$1" || status=$?
	if [ "$status" -ne 0 ] && [ "$status" -ne 10 ]; then
		echo "demo: exit status $status" >&2
		exit "$status"
	fi
}

echo "The GCHQ Christmas card puzzle, solved by SAT with embedded gini:"
echo
run "nono2cnf --stats $p | satrun --solver gini | cnf2grid --puzzle $p --format unicode"
echo
echo "Each line's clue becomes a small automaton over its cells (19,200 clauses; the"
echo "GCHQ article's encoding has 307,703), so unit propagation alone is a complete line"
echo "solver and this puzzle is solved without search. Is the picture unique? satrun"
echo "looks for a second one, and cnf2grid's last line gives the answer:"
echo
run "nono2cnf $p | satrun --solver gini --max 2 | cnf2grid | tail -n 1"
