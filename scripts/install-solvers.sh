#!/usr/bin/env bash
# Installs the external SAT solvers the tests use, from Debian's packages:
# minisat, picosat, cadical, cryptominisat (cryptominisat5), and GNU parallel
# for satbench's scale-out test. Idempotent: installs only what is missing
# and prints what it did. kissat, glucose and lingeling are not packaged in
# Debian; pipesat supports them when they are on PATH.
set -euo pipefail

pkgs=(minisat picosat cadical cryptominisat parallel)
missing=()
for p in "${pkgs[@]}"; do
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    echo "install-solvers: $p already installed"
  else
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "install-solvers: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  for p in "${missing[@]}"; do echo "install-solvers: installed $p"; done
fi

for s in kissat cadical cryptominisat5 glucose minisat picosat lingeling; do
  if command -v "$s" >/dev/null 2>&1; then
    echo "install-solvers: $s -> $(command -v "$s")"
  else
    echo "install-solvers: $s not on PATH"
  fi
done
