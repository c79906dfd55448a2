#!/bin/sh
# A solver with an enumeration of its own, for the tests of native
# enumeration: it saves its arguments to $FAKE_ARGS and its CNF (the last
# argument) to $FAKE_CNF when they are set, prints $FAKE_OUT (with printf's
# %b escapes), then exits $FAKE_EXIT (20 if unset). With FAKE_HANG=1 it
# ignores SIGTERM and sleeps instead of exiting.
[ -n "$FAKE_ARGS" ] && echo "$@" > "$FAKE_ARGS"
for last; do :; done
[ -n "$FAKE_CNF" ] && cp "$last" "$FAKE_CNF"
printf '%b' "$FAKE_OUT"
if [ "$FAKE_HANG" = 1 ]; then
	trap '' TERM
	sleep 30
fi
exit ${FAKE_EXIT:-20}
