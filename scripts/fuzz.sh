#!/usr/bin/env bash
# Runs every fuzz target in the module for FUZZTIME each (default 30s).
set -euo pipefail
cd "$(dirname "$0")/.."
t=${FUZZTIME:-30s}
for pkg in $(go list ./...); do
  for f in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    echo "fuzz: $pkg $f ($t)"
    go test -run '^$' -fuzz "^$f\$" -fuzztime "$t" "$pkg"
  done
done
