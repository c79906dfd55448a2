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

# run prints "$ " and the command, then runs exactly that text. With
# pipefail, satrun's exit status 10 (satisfiable) is success too; cnf2grid
# exits 0 when it printed a picture.
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
echo "nono2cnf's stats lines count the formula it wrote: line logic (its presolve)"
echo "had already fixed all 625 cells, so the formula is 625 unit clauses, one per"
echo "cell. The full formula, without presolve, is this \"p cnf VARIABLES CLAUSES\":"
echo
run "nono2cnf --presolve=false $p | grep '^p cnf'"
echo
echo "There each line's clue becomes a small automaton over its cells (the GCHQ"
echo "article's encoding has 307,703 clauses), so unit propagation alone is a complete"
echo "line solver and this puzzle needs no search. Is the picture unique? satrun looks"
echo "for a second one, and cnf2grid's last line gives the answer:"
echo
run "nono2cnf $p | satrun --solver gini --max 2 | cnf2grid | tail -n 1"
