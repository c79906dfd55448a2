#!/usr/bin/env bash
# bench-satbench.sh: what satbench costs per run, against runlim (issue
# 32.9's goal: satbench's CPU time for 20 runs of a tiny CNF within 1.3
# times runlim's). Three commands, each timed in RUNS rounds (default 5,
# after a warm-up round) taken in turn, so that a change in the machine's
# load hits all alike; each command's CPU time is user+sys of its whole
# process tree (wait4; scripts/cputime is a child subreaper, so what a
# command leaves to exit after it counts too), the median of the rounds:
#
#   loop           a shell loop running the solver 20 times, the floor
#   runlim         the same loop, each run under runlim (time and space
#                  limits)
#   satrun-loop    the loop of what satbench runs each time: satrun
#                  --no-verify --solver SOLVER FILE
#   runlim-satrun  that loop under runlim
#   satbench       satbench run --reps 20 (limits, /proc sampling, model
#                  checks, each run the solver's own command line, started
#                  by satbench's one supervisor), rows to standard output
#
# Printed: each command's CPU and wall ms and its ratio to the loop; then
# satbench against runlim, both running the bare solver (the goal's
# measure, end to end), and against runlim on satrun (what a run through
# satrun costs: gini, --solver-cmd, --certify). Needs runlim (apt-get
# install runlim; skipped without it) and SOLVER (default minisat).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
solver=${SOLVER:-minisat}
if ! command -v runlim > /dev/null || ! command -v "$solver" > /dev/null; then
	echo "bench-satbench: runlim or $solver is not installed: skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -tags "${GOTAGS:-urfave_cli_no_docs}" -o "$tmp/" ./cmd/satbench ./cmd/satrun
printf 'p cnf 3 2\n1 2 0\n-1 3 0\n' > "$tmp/tiny.cnf"

# cputime (scripts/cputime): runs each "LABEL<TAB>COMMAND" line's command,
# once as a warm-up and then in RUNS rounds; prints "LABEL CPU_MS WALL_MS",
# medians.
go build -o "$tmp/cputime.bin" ./scripts/cputime

cd "$tmp"
{
	printf 'loop\tfor i in $(seq 20); do %s tiny.cnf > /dev/null; done\n' "$solver"
	printf 'runlim\tfor i in $(seq 20); do runlim -t 60 -s 2048 %s tiny.cnf > /dev/null 2>&1; done\n' "$solver"
	printf 'satrun-loop\tfor i in $(seq 20); do ./satrun --no-verify --solver %s tiny.cnf > /dev/null; done\n' "$solver"
	printf 'runlim-satrun\tfor i in $(seq 20); do runlim -t 60 -s 2048 ./satrun --no-verify --solver %s tiny.cnf > /dev/null 2>&1; done\n' "$solver"
	printf 'satbench\t./satbench run -q --solvers %s --reps 20 --timeout 60 --memory 2G -o - tiny.cnf > /dev/null 2>&1\n' "$solver"
} > list
echo "== satbench against runlim: 20 runs of $solver on a 3-variable CNF, CPU ms (median of $runs rounds)"
./cputime.bin "$runs" list | awk '
	{ cpu[$1] = $2; wall[$1] = $3; printf "%-14s cpu %7.1f ms  wall %7.1f ms  cpu/loop %5.2f\n", $1, $2, $3, $2 / cpu["loop"] }
	END {
		printf "satbench/runlim CPU %.2f (goal <= 1.30: end to end, both run the bare solver)\n", cpu["satbench"] / cpu["runlim"]
		printf "satbench/runlim-satrun CPU %.2f (satbench on the bare solver, runlim on satrun)\n", cpu["satbench"] / cpu["runlim-satrun"]
		printf "satbench own CPU per run %.2f ms (its supervisor included), runlim own %.2f ms\n", (cpu["satbench"] - cpu["loop"]) / 20, (cpu["runlim"] - cpu["loop"]) / 20
	}'
