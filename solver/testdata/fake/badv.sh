#!/bin/sh
# A malformed "v" line.
echo "s SATISFIABLE"
echo "v 1 two 3 0"
exit 10
