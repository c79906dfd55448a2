#!/bin/sh
# Reports its ignored-signal mask, then gives up.
echo "c $(grep SigIgn /proc/$$/status)"
echo "s UNKNOWN"
exit 0
