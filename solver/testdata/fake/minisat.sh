#!/bin/sh
# A minisat-dialect solver: "minisat.sh in.cnf out.txt" copies $FAKE_RESULT
# (a result file) to out.txt, echoes its arguments, exits $FAKE_EXIT.
echo "args: $*"
cp "$FAKE_RESULT" "$2"
exit "${FAKE_EXIT:-10}"
