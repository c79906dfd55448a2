#!/bin/sh
# Ignores SIGTERM (and so does its sleep): only SIGKILL ends it.
trap '' TERM
echo "c thinking"
while :; do sleep 1; done
