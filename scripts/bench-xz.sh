#!/usr/bin/env bash
# xz input: satrun F.xz against xz -dc F.xz | satrun (issue 35.5: goal at
# most 1.0x), in wall time and in CPU (user+sys of every process, xz
# included), medians of RUNS (default 3) paired, alternating runs. The CNF
# is a random 3-SAT formula from satbench gen (VARS, default 500000
# variables: about 50 MB; 2000000 makes the 200 MB of the issue) with two
# contradicting unit clauses, so gini answers as soon as it has loaded it;
# it is compressed with xz -3. Needs xz and GNU time (/usr/bin/time).
#
#   scripts/bench-xz.sh
#   VARS=2000000 RUNS=5 scripts/bench-xz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
vars=${VARS:-500000}
if ! command -v xz > /dev/null || [ ! -x /usr/bin/time ]; then
	echo "c skipped: needs xz and /usr/bin/time"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -tags "${GOTAGS:-urfave_cli_no_docs}" -o "$tmp/" ./cmd/satrun ./cmd/satbench
"$tmp/satbench" gen --vars "$vars" --ratio 4.26 > "$tmp/f.cnf"
# Two unit clauses more: 1 and -1.
awk '/^p cnf/ { $4 += 2 } { print } END { print "1 0"; print "-1 0" }' "$tmp/f.cnf" |
	xz -3 -T1 > "$tmp/f.cnf.xz"
rm "$tmp/f.cnf"
echo "c $(stat -c %s "$tmp/f.cnf.xz") bytes of xz, load $(cut -d' ' -f1-3 /proc/loadavg)"

# run NAME CMD...: appends "wall cpu" seconds of one run to $tmp/NAME.
run() {
	local name=$1
	shift
	/usr/bin/time -f "%e %U %S" -o "$tmp/t" "$@" > /dev/null 2>&1 || true
	# The last line: GNU time writes the exit status before it.
	tail -n 1 "$tmp/t" | awk '{ print $1, $2 + $3 }' >> "$tmp/$name"
}
for i in $(seq 0 "$runs"); do
	if [ "$i" = 0 ]; then # warm-up
		run warm "$tmp/satrun" --solver gini -q "$tmp/f.cnf.xz"
		continue
	fi
	run file "$tmp/satrun" --solver gini -q "$tmp/f.cnf.xz"
	run pipe sh -c "xz -dc '$tmp/f.cnf.xz' | '$tmp/satrun' --solver gini -q"
done
med() { cut -d' ' -f"$2" "$tmp/$1" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR+1)/2)] }'; }
for k in 1 2; do
	what=wall
	[ "$k" = 2 ] && what=CPU
	awk -v w="$what" -v f="$(med file $k)" -v p="$(med pipe $k)" 'BEGIN {
		printf "satrun F.xz / xz -dc F.xz | satrun, %s: %.2f s / %.2f s = %.2f (goal at most 1.00)\n", w, f, p, f / p }'
done
