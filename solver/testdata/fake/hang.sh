#!/bin/sh
# Never answers.
echo "c thinking"
exec sleep 1000
