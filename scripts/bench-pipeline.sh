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
# Then (issue 35) satrun's tax, CPU of satrun --solver S F against S F
# alone, goal <= 1.05: kissat on a 17.5 MB easy CNF (satbench gen --vars
# 300000 --ratio 2.5 --seed 1), cadical on the 25x25 sudoku's CNF; the
# sudoku pipeline against cadical alone on the ready CNF, goal <= 1.5;
# satrun's own work on each, stage by stage (go test -bench
# BenchmarkStages ./internal/tools/satrun: parse, building the Formula,
# the model check, reading the answer, writing it), as shares of its CPU,
# for input from a pipe (held while the solver runs) and from a file (the
# solver reads it; satrun checks the model in one pass after the answer);
# satrun's own CPU alone, with the solver replaced by a replay of its
# answer (a script printing it), as 1 + own/solver: the tax with less of
# the solver's noise; and
# nonosolve against pbnsolve (both without a shell) on the line-solvable
# webpbn puzzles 1, 16, 21 and 26167, goal <= 1.0, with the start-up of
# a Go hello-world and of nonosolve --version beside them. The tax runs
# RUNS rounds, the puzzles RUNS_SMALL (default 41: a run is ~3 ms).
#
# Environment: RUNS; RUNS_SMALL; SOLVER; PBNSOLVE (default: pbnsolve on PATH); SURVEY,
# a folder with the survey puzzles of danioellay/gramcracker in Keen
# layout (bloop_bloop26167.txt, cat6.txt, edge23.txt, knot16.txt,
# swing529.txt), adds those, converted to .non for pbnsolve (never
# committed: they are not redistributable); ONLY=small|large|tax runs one
# part.
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
go build -tags "${GOTAGS:-urfave_cli_no_docs}" -o "$tmp/" ./cmd/nono2cnf ./cmd/sudoku2cnf ./cmd/satrun ./cmd/cnf2grid ./cmd/cnf2sudoku ./cmd/nonosolve ./cmd/satbench
b=$tmp
have_solver=""
if [ "$solver" = gini ] || command -v "$solver" > /dev/null; then
	have_solver=1
fi

# cputime (scripts/cputime): runs the commands of a file (LABEL<TAB>COMMAND, a command with
# "|" or ">" through sh -c, any other split at blanks and run directly),
# each once as a warm-up and then in RUNS rounds, with standard input and
# output /dev/null; prints "LABEL CPU_MS WALL_MS", medians.
go build -o "$tmp/cputime.bin" ./scripts/cputime

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

# verdict LABEL RATIO GOAL NOTE: a ratio beside its goal.
verdict() {
	awk -v l="$1" -v r="$2" -v g="$3" -v n="${4:-}" 'BEGIN {
		printf "   %-32s %6.2f   (goal <= %s): %s %s\n", l, r, g, r <= g + 0 ? "met" : sprintf("not met, %.2fx the goal", r / g), n }'
}

# stages NAME CNF OUT: satrun's own work on CNF, with OUT the solver's
# answer, stage by stage (BenchmarkStages, in-process), as shares.
stages() {
	PIPESAT_STAGES_CNF=$2 PIPESAT_STAGES_OUT=$3 "$tmp/satrun.test" -test.run '^$' -test.bench Stages -test.benchtime "${runs}x" |
		awk -v name="$1" '
		/^BenchmarkStages\// {
			split($1, a, "/")
			sub(/-[0-9]+$/, "", a[2])
			for (i = 2; i <= NF; i++)
				if ($i == "cpu-ms/op") ns[a[2]] = $(i - 1) * 1e6
		}
		END {
			build = ns["read"] - ns["parse"]
			if (build < 0) build = 0
			tot = ns["read"] + ns["check"] + ns["answer"] + ns["write"]
			if (tot == 0) { print "   satrun stages on " name ": no figures"; exit }
			printf "   satrun own work on %s from a pipe (%.1f CPU ms in-process): parse %.0f%%, building the Formula %.0f%%, model check %.0f%%, reading the answer %.0f%%, writing it %.0f%%\n",
				name, tot / 1e6, 100 * ns["parse"] / tot, 100 * build / tot, 100 * ns["check"] / tot, 100 * ns["answer"] / tot, 100 * ns["write"] / tot
			ftot = ns["readcheck"] + ns["answer"] + ns["write"]
			if (ns["readcheck"] > 0)
				printf "   satrun own work on %s as a file (%.1f CPU ms in-process, %.0f%% of the pipe'"'"'s): one pass checking the model %.0f%% (parse %.0f%%), reading the answer %.0f%%, writing it %.0f%%\n",
					name, ftot / 1e6, 100 * ftot / tot, 100 * ns["readcheck"] / ftot, 100 * ns["parse"] / ftot, 100 * ns["answer"] / ftot, 100 * ns["write"] / ftot
		}'
}

# tax: satrun's CPU over the solver alone, and nonosolve's over pbnsolve
# (issue 35), each ratio beside its goal.
tax() {
	local big=$tmp/big.cnf sud=$tmp/sud.cnf list=$tmp/taxlist res p
	"$b/satbench" gen --vars 300000 --ratio 2.5 --seed 1 -o "$big"
	"$b/sudoku2cnf" testdata/sudoku/25x25.txt > "$sud"
	go test -tags "${GOTAGS:-urfave_cli_no_docs}" -c -o "$tmp/satrun.test" ./internal/tools/satrun
	echo "== satrun's tax: CPU ms (user+sys), medians of $runs rounds; load $(cut -d' ' -f1-3 /proc/loadavg)"
	# The replays: a "kissat" and a "cadical" that print the real one's
	# answer, so that satrun's own CPU shows without the solver's noise.
	mkdir "$tmp/replay"
	printf '#!/bin/sh\nexec cat "$PIPESAT_REPLAY"\n' > "$tmp/replay/kissat"
	cp "$tmp/replay/kissat" "$tmp/replay/cadical"
	chmod +x "$tmp/replay/kissat" "$tmp/replay/cadical"
	: > "$list"
	if command -v kissat > /dev/null; then
		kissat -q "$big" > "$tmp/big.out" || true
		printf 'alone-kissat\tkissat -q %s\nsatrun-kissat\t%s --solver kissat %s\n' "$big" "$b/satrun" "$big" >> "$list"
		printf 'own-kissat\tPATH=%s:$PATH PIPESAT_REPLAY=%s %s --solver kissat %s > /dev/null\n' "$tmp/replay" "$tmp/big.out" "$b/satrun" "$big" >> "$list"
	fi
	if command -v cadical > /dev/null; then
		cadical -q "$sud" > "$tmp/sud.out" || true
		printf 'alone-cadical\tcadical -q %s\nsatrun-cadical\t%s --solver cadical %s\n' "$sud" "$b/satrun" "$sud" >> "$list"
		printf 'own-cadical\tPATH=%s:$PATH PIPESAT_REPLAY=%s %s --solver cadical %s > /dev/null\n' "$tmp/replay" "$tmp/sud.out" "$b/satrun" "$sud" >> "$list"
		printf 'pipe-cadical\t%s testdata/sudoku/25x25.txt | %s --solver cadical | %s > /dev/null\n' "$b/sudoku2cnf" "$b/satrun" "$b/cnf2sudoku" >> "$list"
	fi
	if [ -s "$list" ]; then
		res=$("$tmp/cputime.bin" "$runs" "$list")
		echo "$res" | awk '{ cpu[$1] = $2 } END {
			if ("alone-kissat" in cpu) {
				printf "satrun/kissat %f %.1f %.1f\n", cpu["satrun-kissat"] / cpu["alone-kissat"], cpu["satrun-kissat"], cpu["alone-kissat"]
				printf "own/kissat %f %.1f %.1f\n", 1 + cpu["own-kissat"] / cpu["alone-kissat"], cpu["own-kissat"], cpu["alone-kissat"]
			}
			if ("alone-cadical" in cpu) {
				printf "satrun/cadical %f %.1f %.1f\n", cpu["satrun-cadical"] / cpu["alone-cadical"], cpu["satrun-cadical"], cpu["alone-cadical"]
				printf "own/cadical %f %.1f %.1f\n", 1 + cpu["own-cadical"] / cpu["alone-cadical"], cpu["own-cadical"], cpu["alone-cadical"]
				printf "pipeline/cadical %f %.1f %.1f\n", cpu["pipe-cadical"] / cpu["alone-cadical"], cpu["pipe-cadical"], cpu["alone-cadical"]
			} }' | while read -r l r a d; do
			case $l in
			satrun/kissat) verdict "satrun/kissat, 17.5 MB easy CNF" "$r" 1.05 "($a against $d ms)" ;;
			satrun/cadical) verdict "satrun/cadical, sudoku 25x25 CNF" "$r" 1.05 "($a against $d ms)" ;;
			own/*) verdict "  (1 + satrun's own)/${l#own/}" "$r" 1.05 "(own: $a ms, the solver replaced by a replay of its answer)" ;;
			*) verdict "sudoku 25x25 pipeline/cadical" "$r" 1.5 "($a against $d ms on the ready CNF)" ;;
			esac
		done
	fi
	command -v kissat > /dev/null || echo "   satrun/kissat: skipped, kissat not installed (PATH)"
	command -v cadical > /dev/null || echo "   satrun/cadical: skipped, cadical not installed (PATH)"
	if command -v kissat > /dev/null; then
		stages "the 17.5 MB CNF (kissat's answer)" "$big" "$tmp/big.out"
	fi
	if [ ! -s "$tmp/sud.out" ]; then
		"$b/satrun" --solver gini "$sud" > "$tmp/sud.out" || true
	fi
	stages "the sudoku 25x25 CNF" "$sud" "$tmp/sud.out"

	echo "== nonosolve against pbnsolve, line-solvable webpbn puzzles: CPU ms, medians of ${RUNS_SMALL:-41} rounds"
	: > "$list"
	printf 'hello\t%s\nversion\t%s --version\n' "$tmp/hello.bin" "$b/nonosolve" >> "$list"
	for p in 1 16 21 26167; do
		printf 'nono-%s\t%s testdata/nonogram/webpbn-%s.non\n' "$p" "$b/nonosolve" "$p" >> "$list"
		if [ -n "$pbnsolve" ]; then
			printf 'pbn-%s\t%s testdata/nonogram/webpbn-%s.non\n' "$p" "$pbnsolve" "$p" >> "$list"
		fi
	done
	res=$("$tmp/cputime.bin" "${RUNS_SMALL:-41}" "$list")
	echo "$res" | awk '{ cpu[$1] = $2 } END { printf "   start-up: Go hello-world %.2f ms, nonosolve --version %.2f ms\n", cpu["hello"], cpu["version"] }'
	for p in 1 16 21 26167; do
		if [ -z "$pbnsolve" ]; then
			echo "   nonosolve/pbnsolve webpbn-$p: skipped, no pbnsolve (PBNSOLVE or PATH)"
			continue
		fi
		echo "$res" | awk -v p="$p" '{ cpu[$1] = $2 } END { print cpu["nono-" p] / cpu["pbn-" p], cpu["nono-" p], cpu["pbn-" p] }' | {
			read -r r a d
			verdict "nonosolve/pbnsolve webpbn-$p" "$r" 1.0 "($a against $d ms)"
		}
	done
}

if [ "$only" = tax ]; then
	tax
	exit 0
fi
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
if [ -z "$only" ]; then
	tax
fi
