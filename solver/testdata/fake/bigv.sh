#!/bin/sh
# Sets every variable of the CNF true on a single "v" line (over 1 MB for
# 200000 variables).
n=$(sed -n 's/^p cnf \([0-9]*\) .*/\1/p' "$1")
echo "s SATISFIABLE"
awk -v n="$n" 'BEGIN { printf "v"; for (i = 1; i <= n; i++) printf " %d", i; print " 0" }'
exit 10
