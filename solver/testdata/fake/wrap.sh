#!/bin/sh
# Runs the solver command "$@" after writing where its standard input
# comes from and its arguments to $FAKE_WRAP_LOG.
{ echo "stdin: $(readlink /proc/self/fd/0)"; echo "args: $*"; } > "$FAKE_WRAP_LOG"
exec "$@"
