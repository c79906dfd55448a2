#!/usr/bin/env bash
# difftest.sh N: differential test of pipesat's answers. Builds satrun and
# the driver (internal/difftest/cmd/difftest), then checks N seeded random
# formulas (default 300) with gini and every installed external solver,
# raw and through satrun, plus projected --all counts against brute force,
# plus each formula in a shape ("%" trailer, CR, cut clause, wrong count)
# read by satrun strictly and --relaxed against a reference reading.
# A disagreement is shrunk into testdata/regress/, where TestRegress keeps
# it as a permanent test. The seed is --seed S or $SEED (default 1); other
# flags go to the driver (--jobs, --solvers, --timeout, --regress).
# Prints one line per disagreement and a summary line; exit 0 when every
# answer agreed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d "${TMPDIR:-/tmp}/difftest.XXXXXX")
pid=
cleanup() {
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

n=300
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --seed|--jobs|--solvers|--timeout|--regress|--satrun) args+=("$1" "$2"); shift 2 ;;
    -*) args+=("$1"); shift ;;
    *) n=$1; shift ;;
  esac
done

go build -o "$tmp/satrun" ./cmd/satrun
go build -o "$tmp/difftest" ./internal/difftest/cmd/difftest
# Run in the background and wait, so that a signal to this script reaches
# the trap at once and the trap stops the driver (which stops its solvers).
"$tmp/difftest" --satrun "$tmp/satrun" "${args[@]}" "$n" &
pid=$!
set +e
wait "$pid"
rc=$?
set -e
pid=
exit "$rc"
