#!/usr/bin/env bash
# make demo: the main job, on embedded gini (no external solver needed).
set -euo pipefail
bin=${1:-bin}
cd "$(dirname "$0")/.."
echo "$ satrun --solver gini --stats testdata/cnf/small-sat.cnf"
"$bin/satrun" --solver gini --stats testdata/cnf/small-sat.cnf || test $? -eq 10
