#!/bin/sh
# Answers a formula without clauses at once (all false) and hangs on any
# other: with blocking clauses, the second call of an enumeration hangs.
if grep -q '^p cnf [0-9]* 0$' "$1"; then
	echo "s SATISFIABLE"
	echo "v -1 -2 -3 0"
	exit 10
fi
exec sleep 1000
