#!/bin/sh
# Forks a child that hangs and writes its pid to $FAKE_PIDFILE, then hangs
# too. After a timeout neither may be left.
sleep 1000 &
echo $! > "$FAKE_PIDFILE"
echo $$ >> "$FAKE_PIDFILE"
wait
