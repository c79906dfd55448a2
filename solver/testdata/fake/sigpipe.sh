#!/bin/sh
# Answers first, then prints 2 MB of comments through head, which dies of
# SIGPIPE (and the script exits 141) if the reader stops reading early.
echo "s UNSATISFIABLE"
yes 'c padding padding padding padding' | head -c 2000000
exit 20
