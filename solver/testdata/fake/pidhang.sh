#!/bin/sh
# Hangs with a child, after writing both pids to $FAKE_PIDFILE (a file
# argument, since satrun does not pass its environment through testscript
# otherwise).
sleep 1000 &
echo $! > "$1"
echo $$ >> "$1"
wait
