#!/usr/bin/env bash
# Optimal 2x2x2 solves with cubesolve: for each of the 20 test scrambles
# (25 random turns, seeds 1..20, as in encoders/twisty's tests), the optimal
# depth and the wall time of the full solve (depths 0, 1, ... until SAT)
# with gini and with every installed external solver, then the median per
# solver. SOLVERS="gini minisat" overrides the list; SEEDS="1 2 3" the seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/" ./cmd/cubesolve
if [ -z "${SOLVERS:-}" ]; then
  SOLVERS=gini
  for s in kissat cadical cryptominisat5 glucose minisat picosat; do
    command -v "$s" >/dev/null && SOLVERS="$SOLVERS $s"
  done
fi
SEEDS=${SEEDS:-$(seq 1 20)}
puzzle=cube2 # the built-in definition

printf '%-5s %-5s' seed depth
for s in $SOLVERS; do printf ' %14s' "$s"; done
printf '\n'
declare -A times
for seed in $SEEDS; do
  depth=
  line=$(printf '%-5s' "$seed")
  for s in $SOLVERS; do
    t0=$(date +%s.%N)
    out=$("$bin/cubesolve" --puzzle $puzzle --scramble 25 --seed "$seed" --solver "$s" 2>/dev/null)
    t1=$(date +%s.%N)
    len=$(printf '%s\n' "$out" | sed -n 's/^c length //p')
    if [ -n "$depth" ] && [ "$len" != "$depth" ]; then
      echo "seed $seed: $s found $len turns, another solver $depth" >&2
      exit 1
    fi
    depth=$len
    t=$(echo "$t1 - $t0" | bc)
    times[$s]="${times[$s]:-} $t"
    cells="${cells:-}$(printf ' %13.2fs' "$t")"
  done
  printf '%s %-5s%s\n' "$line" "$depth" "$cells"
  cells=
done
printf '%-11s' median
for s in $SOLVERS; do
  m=$(printf '%s\n' ${times[$s]} | sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}')
  printf ' %13.2fs' "$m"
done
printf '\n'
