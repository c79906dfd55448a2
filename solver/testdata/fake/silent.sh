#!/bin/sh
# Prints nothing at all.
exit 0
