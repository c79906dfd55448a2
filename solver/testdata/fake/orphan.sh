#!/bin/sh
# Answers UNSAT at once but leaves a child behind that holds stdout open.
sleep 1000 &
echo $! > "$FAKE_PIDFILE"
echo "s UNSATISFIABLE"
exit 20
