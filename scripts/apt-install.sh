#!/usr/bin/env bash
# apt-install.sh NAME PACKAGE...: installs the Debian packages that are
# missing (apt-get, through sudo when not root) and says what it did, each
# line prefixed "NAME: ". Idempotent. Shared by install-solvers.sh and
# install-slurm.sh.
set -euo pipefail
name=$1
shift
missing=()
for p in "$@"; do
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    echo "$name: $p already installed"
  else
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "$name: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  for p in "${missing[@]}"; do echo "$name: installed $p"; done
fi
