#!/bin/sh
# Ignores SIGTERM (and so does its sleep): only SIGKILL ends it. Lists its
# pid in $FAKE_PIDFILE, when set, once SIGTERM is ignored.
trap '' TERM
echo "c thinking"
if [ -n "$FAKE_PIDFILE" ]; then echo $$ >> "$FAKE_PIDFILE"; fi
while :; do sleep 1; done
