#!/bin/sh
# Dies of a segmentation fault, as a buggy solver would.
echo "c starting"
kill -SEGV $$
