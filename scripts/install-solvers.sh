#!/usr/bin/env bash
# Installs the external SAT solvers the tests use, from Debian's packages:
# minisat, picosat, cadical, cryptominisat (cryptominisat5), and GNU parallel
# for satbench's scale-out test. Idempotent: installs only what is missing
# and prints what it did. kissat, glucose and lingeling are not packaged in
# Debian; pipesat supports them when they are on PATH.
set -euo pipefail

pkgs=(minisat picosat cadical cryptominisat parallel)
"$(dirname "$0")/apt-install.sh" install-solvers "${pkgs[@]}"

for s in kissat cadical cryptominisat5 glucose minisat picosat lingeling; do
  if command -v "$s" >/dev/null 2>&1; then
    echo "install-solvers: $s -> $(command -v "$s")"
  else
    echo "install-solvers: $s not on PATH"
  fi
done
