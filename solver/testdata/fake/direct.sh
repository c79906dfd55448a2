#!/bin/sh
# A solver that reads the CNF file named by its first argument (standard
# input without one): writes where its standard input comes from and its
# arguments to $FAKE_DIR/ID.log, copies the CNF to $FAKE_DIR/ID.cnf, and
# gives up: "s UNKNOWN" on stdout, or "INDET" in the result file $2
# (minisat dialect). ID is its process group: the pid of the process the
# solver package started (the supervisor that runs this script, see
# proctree.Start, or the script itself).
read -r _ _ _ _ id _ < /proc/$$/stat
{ echo "stdin: $(readlink /proc/self/fd/0)"; echo "args: $*"; } > "$FAKE_DIR/$id.tmp"
cat "${1:-/dev/stdin}" > "$FAKE_DIR/$id.cnf"
mv "$FAKE_DIR/$id.tmp" "$FAKE_DIR/$id.log"
if [ $# -ge 2 ]; then echo INDET > "$2"; else echo "s UNKNOWN"; fi
