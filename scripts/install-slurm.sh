#!/usr/bin/env bash
# Installs Slurm (slurmctld, slurmd and the client commands, Debian's
# slurm-wlm) and MUNGE, its authentication service, for the one-node
# cluster of scripts/slurm-local.sh and satbench's Slurm test. Idempotent:
# installs only what is missing. It starts nothing: the packages' own
# services are not needed (slurm-local.sh runs private daemons), and in a
# container without an init system their start fails harmlessly.
set -euo pipefail

pkgs=(slurm-wlm munge)
"$(dirname "$0")/apt-install.sh" install-slurm "${pkgs[@]}"

for c in slurmctld slurmd munged sbatch sinfo; do
  if command -v "$c" >/dev/null 2>&1; then
    echo "install-slurm: $c -> $(command -v "$c")"
  else
    echo "install-slurm: $c not on PATH" >&2
    exit 1
  fi
done
