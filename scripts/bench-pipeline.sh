#!/usr/bin/env bash
# bench-pipeline.sh: where the time of a pipeline goes, stage by stage, and
# how it compares with a dedicated solver (issue 23):
#
#   encoder PUZZLE | satrun [--solver S] | decoder
#
# for the line-solvable webpbn puzzles of testdata/nonogram (6, 16, 26167,
# 529) against pbnsolve, and for large encodings, a 25x25 sudoku
# (testdata/sudoku/25x25.txt) and random 100x100 nonograms (65% black:
# line logic solves most of it; 60%: it fixes almost nothing and the
# solver searches), against the solver alone on the ready CNF. Each
# puzzle runs with the embedded gini and with $SOLVER (default kissat;
# cadical, cryptominisat5, minisat, picosat are fine too); nonograms also
# with nono2cnf --presolve=false, today's full formula.
#
# Every command runs as a process of its own, RUNS times (default 5) in
# rounds after one warm-up (each command of a puzzle once per round, so a
# change in the machine's load hits all alike); the figures are medians of
# CPU time (user+sys of the process and its children, from wait4), in ms,
# and the stages are differences of those medians:
#
#   start-up     the three tools on a 2x2 job (a 2x2 puzzle, its CNF, the
#                answer): what every pipeline pays
#   encode       the encoder writing the CNF to a file, less its start-up
#                (presolve, clauses, text)
#   satrun own   satrun --solver S on the CNF file, less S alone and
#                satrun's start-up: its parse, the copy or file it gives
#                S, reading S's answer, checking the model, printing it;
#                of which "check" is satrun less satrun --no-verify
#   solver alone S on the CNF file (kissat -q FILE); for gini, satrun
#                --solver gini on the file (gini has no command of its own)
#   decode       the decoder on satrun's answer, less its start-up
#   pipeline     sh -c 'encoder | satrun | decoder', and its wall time
#
# Then the ratios beside their goals (issue 23): the pipeline, and
# nonosolve (the same work in one process), within 1.5x of pbnsolve (run
# as sh -c 'pbnsolve FILE > /dev/null' against the pipeline's shell, and
# without a shell against nonosolve) on the line-solvable puzzles, and within 1.5x of the solver alone on the
# large encodings: on the CNF the pipeline gives it and, for presolved
# nonograms, on the full formula (what it would get without presolve).
# Beside pbnsolve's ratio, the floor of any three-tool pipeline: three Go
# hello-worlds piped through sh, against pbnsolve. A missing peer
# (pbnsolve, $SOLVER) is said and skipped.
#
# Environment: RUNS; SOLVER; PBNSOLVE (default: pbnsolve on PATH); SURVEY,
# a folder with the survey puzzles of danioellay/gramcracker in Keen
# layout (bloop_bloop26167.txt, cat6.txt, edge23.txt, knot16.txt,
# swing529.txt), adds those, converted to .non for pbnsolve (never
# committed: they are not redistributable); ONLY=small|large runs one half.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
solver=${SOLVER:-kissat}
pbnsolve=${PBNSOLVE:-$(command -v pbnsolve || true)}
only=${ONLY:-}
if [ "$only" = pipeline ]; then
	only="" # scripts/bench.sh ONLY=pipeline: both halves
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -tags "${GOTAGS:-urfave_cli_no_docs}" -o "$tmp/" ./cmd/nono2cnf ./cmd/sudoku2cnf ./cmd/satrun ./cmd/cnf2grid ./cmd/cnf2sudoku ./cmd/nonosolve
b=$tmp
have_solver=""
if [ "$solver" = gini ] || command -v "$solver" > /dev/null; then
	have_solver=1
fi

# cputime: runs the commands of a file (LABEL<TAB>COMMAND, a command with
# "|" or ">" through sh -c, any other split at blanks and run directly),
# each once as a warm-up and then in RUNS rounds, with standard input and
# output /dev/null; prints "LABEL CPU_MS WALL_MS", medians.
mkdir "$tmp/cputime"
cat > "$tmp/cputime/main.go" <<-'EOF'
	package main

	import (
		"bufio"
		"fmt"
		"os"
		"os/exec"
		"slices"
		"strconv"
		"strings"
		"time"
	)

	func main() {
		runs, _ := strconv.Atoi(os.Args[1])
		f, err := os.Open(os.Args[2])
		if err != nil {
			panic(err)
		}
		var labels, cmds []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			label, cmd, _ := strings.Cut(sc.Text(), "\t")
			labels, cmds = append(labels, label), append(cmds, cmd)
		}
		cpu := make([][]float64, len(cmds))
		wall := make([][]float64, len(cmds))
		for r := 0; r <= runs; r++ {
			for i, c := range cmds {
				var cmd *exec.Cmd
				if strings.ContainsAny(c, "|>") {
					cmd = exec.Command("sh", "-c", c)
				} else {
					w := strings.Fields(c)
					cmd = exec.Command(w[0], w[1:]...)
				}
				start := time.Now()
				cmd.Run() // exit statuses 10 (satrun) and 20 are answers
				if r == 0 {
					continue
				}
				el := time.Since(start)
				st := cmd.ProcessState
				cpu[i] = append(cpu[i], float64(st.UserTime()+st.SystemTime())/1e6)
				wall[i] = append(wall[i], float64(el)/1e6)
			}
		}
		median := func(x []float64) float64 { slices.Sort(x); return x[len(x)/2] }
		for i, l := range labels {
			fmt.Printf("%s %.2f %.2f\n", l, median(cpu[i]), median(wall[i]))
		}
	}
EOF
(cd "$tmp/cputime" && GOFLAGS= GOWORK=off go mod init cputime > /dev/null 2>&1 && GOFLAGS= GOWORK=off go build -o "$tmp/cputime.bin" .)

# A Go hello-world: three of them in a shell pipeline are the least any
# pipeline of three Go tools costs (the floor beside pbnsolve's ratio).
mkdir "$tmp/hello"
printf 'package main\n\nimport "os"\n\nfunc main() { os.Stdout.WriteString("hello\\n") }\n' > "$tmp/hello/main.go"
(cd "$tmp/hello" && GOFLAGS= GOWORK=off go mod init hello > /dev/null 2>&1 && GOFLAGS= GOWORK=off go build -o "$tmp/hello.bin" .)

# The tiny jobs: the start-up of each tool.
printf 'width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n' > "$tmp/tiny.non"
"$b/nono2cnf" "$tmp/tiny.non" > "$tmp/tiny.cnf"
"$b/satrun" --solver gini "$tmp/tiny.cnf" > "$tmp/tiny.out" || true
printf '1...\n..1.\n.1..\n...1\n' > "$tmp/tiny.sud"
"$b/sudoku2cnf" "$tmp/tiny.sud" > "$tmp/tinys.cnf"
"$b/satrun" --solver gini "$tmp/tinys.cnf" > "$tmp/tinys.out" || true
nopre="--presolve=false"
if ! "$b/nono2cnf" "$nopre" "$tmp/tiny.non" > /dev/null 2>&1; then
	nopre="" # a nono2cnf without presolve
fi

# Random pictures as .non puzzles (as scripts/bench-nonogram.sh makes them).
gen() { awk -v W="$1" -v H="$2" -v seed="$3" -v d="$4" -f scripts/random-nonogram.awk; }

# keen2non: a Keen file (row clues, a blank line, column clues) as .non.
keen2non() {
	awk 'BEGIN { sec = 0 }
		/^[[:space:]]*$/ { if (nr > 0) sec = 1; next }
		{ gsub(/[[:space:]]+/, ","); sub(/^,/, ""); sub(/,$/, ""); if (sec == 0) r[nr++] = $0; else c[nc++] = $0 }
		END { printf "width %d\nheight %d\n\nrows\n", nc, nr; for (i = 0; i < nr; i++) print r[i]
			printf "\ncolumns\n"; for (i = 0; i < nc; i++) print c[i] }' "$1"
}

# solo S FILE: the command line of solver S alone on FILE.
solo() {
	case $1 in
	gini) echo "$b/satrun --solver gini $2" ;;
	kissat | cadical | lingeling) echo "$1 -q $2" ;;
	cryptominisat5) echo "cryptominisat5 --verb 0 $2" ;;
	minisat) echo "minisat -verb=0 $2 $tmp/minisat.out" ;;
	glucose) echo "glucose -model -verb=0 $2" ;;
	*) echo "$1 $2" ;;
	esac
}

# bench NAME KIND FILE ENCFLAGS PEER [FULL]: one puzzle (KIND nono or
# sudoku), with gini and $SOLVER; PEER is "pbnsolve" or "solver", what the
# ratio's goal is against. With FULL (the encoder's flags for the full
# formula, --presolve=false), the solver alone also runs on that formula.
bench() {
	local name=$1 kind=$2 file=$3 encflags=$4 peer=$5 full=${6:-} enc dec tinyin tinycnf tinyout s list res
	if [ "$kind" = nono ]; then
		enc="$b/nono2cnf $encflags" dec="$b/cnf2grid" tinyin=$tmp/tiny.non tinycnf=$tmp/tiny.cnf tinyout=$tmp/tiny.out
	else
		enc="$b/sudoku2cnf" dec="$b/cnf2sudoku" tinyin=$tmp/tiny.sud tinycnf=$tmp/tinys.cnf tinyout=$tmp/tinys.out
	fi
	$enc "$file" > "$tmp/p.cnf"
	local size vars clauses
	size=$(wc -c < "$tmp/p.cnf")
	read -r vars clauses < <(awk '/^p cnf/ { print $3, $4; exit }' "$tmp/p.cnf")
	list=$tmp/list
	{
		printf 'start-enc\t%s %s\n' "$enc" "$tinyin"
		printf 'start-sat\t%s --solver gini %s\n' "$b/satrun" "$tinycnf"
		printf 'start-dec\t%s %s\n' "$dec" "$tinyout"
		printf 'encode\t%s %s > %s\n' "$enc" "$file" "$tmp/e.cnf"
	} > "$list"
	local solvers="gini"
	if [ -n "$have_solver" ] && [ "$solver" != gini ]; then
		solvers="gini $solver"
	fi
	for s in $solvers; do
		"$b/satrun" --solver "$s" "$tmp/p.cnf" > "$tmp/$s.out" 2> /dev/null || true
		{
			printf 'satrun-%s\t%s --solver %s %s\n' "$s" "$b/satrun" "$s" "$tmp/p.cnf"
			printf 'noverify-%s\t%s --solver %s --no-verify %s\n' "$s" "$b/satrun" "$s" "$tmp/p.cnf"
			printf 'alone-%s\t%s\n' "$s" "$(solo "$s" "$tmp/p.cnf")"
			printf 'decode-%s\t%s %s\n' "$s" "$dec" "$tmp/$s.out"
			printf 'pipe-%s\t%s %s | %s --solver %s | %s\n' "$s" "$enc" "$file" "$b/satrun" "$s" "$dec"
			if [ -n "$full" ]; then
				printf 'alonefull-%s\t%s\n' "$s" "$(solo "$s" "$tmp/full.cnf")"
			fi
		} >> "$list"
	done
	if [ -n "$full" ]; then
		"$b/nono2cnf" $full "$file" > "$tmp/full.cnf"
	fi
	if [ "$peer" = pbnsolve ] && [ -n "$pbnsolve" ]; then
		printf 'pbnsolve\t%s %s > /dev/null\n' "$pbnsolve" "$file" >> "$list"
		printf 'hello3\t%s < /dev/null | %s | %s > /dev/null\n' "$tmp/hello.bin" "$tmp/hello.bin" "$tmp/hello.bin" >> "$list"
	fi
	if [ "$peer" = pbnsolve ] && [ -z "$encflags" ]; then
		# Both without a shell.
		printf 'nonosolve\t%s %s\n' "$b/nonosolve" "$file" >> "$list"
		if [ -n "$pbnsolve" ]; then
			printf 'pbnsolve1\t%s %s\n' "$pbnsolve" "$file" >> "$list"
		fi
	fi
	res=$("$tmp/cputime.bin" "$runs" "$list")
	echo "-- $name: $vars variables, $clauses clauses, $size bytes of CNF"
	for s in $solvers; do
		echo "$res" | awk -v s="$s" -v peer="$peer" -v pbn="$pbnsolve" -v solver="$solver" '
			{ cpu[$1] = $2; wall[$1] = $3 }
			END {
				st = cpu["start-enc"] + cpu["start-sat"] + cpu["start-dec"]
				alone = cpu["alone-" s]
				own = cpu["satrun-" s] - cpu["start-sat"]
				if (s != "gini") own -= alone
				what = "satrun own"
				if (s == "gini")
					what = "satrun+gini"
				printf "   %-8s start-up %6.1f  encode %7.1f  %s %7.1f (check %5.1f)  solver alone %7.1f  decode %5.1f  pipeline %7.1f ms (wall %7.1f)\n", s,
					st, cpu["encode"] - cpu["start-enc"], what, own, cpu["satrun-" s] - cpu["noverify-" s],
					alone, cpu["decode-" s] - cpu["start-dec"], cpu["pipe-" s], wall["pipe-" s]
				if (peer == "pbnsolve") {
					if (pbn == "")
						printf "            pipeline / pbnsolve: skipped, no pbnsolve (PBNSOLVE or PATH)\n"
					else
						verdict("pbnsolve", cpu["pipe-" s] / cpu["pbnsolve"], sprintf("(pbnsolve %.1f ms)", cpu["pbnsolve"]))
					if (pbn != "" && s == "gini")
						printf "            floor: three Go hello-worlds through sh %.1f ms, %.2f x pbnsolve\n", cpu["hello3"], cpu["hello3"] / cpu["pbnsolve"]
				} else {
					verdict(s " alone", cpu["pipe-" s] / alone, (("alonefull-" s) in cpu) ? "(on the presolved CNF the pipeline makes)" : "")
					if (("alonefull-" s) in cpu)
						verdict(s " alone", cpu["pipe-" s] / cpu["alonefull-" s], sprintf("(on the full formula: %.1f ms)", cpu["alonefull-" s]))
				}
			}
			function verdict(peer, r, note) {
				printf "            pipeline / %-13s %6.2f   goal <= 1.5: %s %s\n", peer, r, r <= 1.5 ? "met" : sprintf("not met (%.1fx the goal)", r / 1.5), note
			}'
	done
	if [ "$peer" = pbnsolve ] && [ -z "$encflags" ]; then
		echo "$res" | awk -v pbn="$pbnsolve" '
			{ cpu[$1] = $2; wall[$1] = $3 }
			END {
				printf "   nonosolve (one process, gini) %7.1f ms (wall %7.1f)\n", cpu["nonosolve"], wall["nonosolve"]
				if (pbn == "")
					printf "            nonosolve / pbnsolve: skipped, no pbnsolve (PBNSOLVE or PATH)\n"
				else {
					r = cpu["nonosolve"] / cpu["pbnsolve1"]
					printf "            nonosolve / pbnsolve       %6.2f   goal <= 1.5: %s (pbnsolve %.1f ms, no shell; wall %.2f)\n", r,
						r <= 1.5 ? "met" : sprintf("not met (%.1fx the goal)", r / 1.5), cpu["pbnsolve1"], wall["nonosolve"] / wall["pbnsolve1"]
				}
			}'
	fi
	if [ -z "$have_solver" ]; then
		echo "   $solver: skipped, not installed"
	fi
}

echo "== pipeline stages, CPU ms (user+sys), medians of $runs rounds; load $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs"
if [ -z "$only" ] || [ "$only" = small ]; then
	echo "== line-solvable nonograms: nono2cnf | satrun | cnf2grid, and nonosolve, against pbnsolve"
	for p in 6 16 26167 529; do
		bench "webpbn-$p" nono "testdata/nonogram/webpbn-$p.non" "" pbnsolve
	done
	if [ -n "${SURVEY:-}" ]; then
		for p in bloop_bloop26167 cat6 edge23 knot16 swing529; do
			keen2non "$SURVEY/$p.txt" > "$tmp/$p.non"
			bench "$p (survey)" nono "$tmp/$p.non" "" pbnsolve
		done
	fi
	if [ -n "$nopre" ]; then
		bench "webpbn-529 $nopre" nono testdata/nonogram/webpbn-529.non "$nopre" pbnsolve
	fi
fi
if [ -z "$only" ] || [ "$only" = large ]; then
	echo "== large encodings: the pipeline against the solver alone on the ready CNF"
	bench "sudoku 25x25" sudoku testdata/sudoku/25x25.txt "" solver
	gen 100 100 1 0.65 > "$tmp/r65.non"
	gen 100 100 1 0.60 > "$tmp/r60.non"
	bench "random 100x100, 65% black" nono "$tmp/r65.non" "" solver "$nopre"
	if [ -n "$nopre" ]; then
		bench "random 100x100, 65% black, $nopre" nono "$tmp/r65.non" "$nopre" solver
	fi
	bench "random 100x100, 60% black" nono "$tmp/r60.non" "" solver "$nopre"
fi
