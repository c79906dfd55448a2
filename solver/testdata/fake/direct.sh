#!/bin/sh
# A solver that reads the CNF file named by its first argument (standard
# input without one): writes where its standard input comes from and its
# arguments to $FAKE_DIR/PID.log, copies the CNF to $FAKE_DIR/PID.cnf, and
# gives up: "s UNKNOWN" on stdout, or "INDET" in the result file $2
# (minisat dialect).
{ echo "stdin: $(readlink /proc/self/fd/0)"; echo "args: $*"; } > "$FAKE_DIR/$$.tmp"
cat "${1:-/dev/stdin}" > "$FAKE_DIR/$$.cnf"
mv "$FAKE_DIR/$$.tmp" "$FAKE_DIR/$$.log"
if [ $# -ge 2 ]; then echo INDET > "$2"; else echo "s UNKNOWN"; fi
