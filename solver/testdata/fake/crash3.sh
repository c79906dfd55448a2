#!/bin/sh
# Enumerates free3.cnf (3 free variables) for two calls, counted in the
# file $FAKE_COUNT, and dies of a segmentation fault on the third, as a
# solver that crashes in the middle of an enumeration would.
n=$(($(cat "$FAKE_COUNT" 2>/dev/null || echo 0) + 1))
echo $n > "$FAKE_COUNT"
case $n in
1) echo "s SATISFIABLE"; echo "v -1 -2 -3 0"; exit 10 ;;
2) echo "s SATISFIABLE"; echo "v 1 -2 -3 0"; exit 10 ;;
esac
echo "call $n" >&2
kill -SEGV $$
