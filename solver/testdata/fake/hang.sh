#!/bin/sh
# Never answers. Lists its pid in $FAKE_PIDFILE, when set, once running.
echo "c thinking"
if [ -n "$FAKE_PIDFILE" ]; then echo $$ >> "$FAKE_PIDFILE"; fi
exec sleep 1000
