#!/bin/sh
# Regenerates testdata/bench/random/ with satbench gen (fixed seeds: the
# same files on every machine). bench's TestSuiteRandomFiles checks that
# the committed files are what this makes.
set -eu
cd "$(dirname "$0")/random"
for v in 100 150 200 225 250; do
  for s in 1 2; do
    satbench gen --vars $v --ratio 4.26 --seed $s -o k3-v$v-s$s.cnf
  done
done
for h in 7 9; do
  satbench gen --php $h -o php-$h.cnf
done
