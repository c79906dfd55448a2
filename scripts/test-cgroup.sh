#!/usr/bin/env bash
# test-cgroup.sh: satbench's CPU time by cgroup v2 (bench/measure's
# TestCPUByCgroup), in a group made for the test alone, as a delegated
# one would be (systemd-run --user --scope -p Delegate=yes gives a user
# one). Needs write access to this process's cgroup v2 folder (root, on
# a machine with cgroup v2 mounted, hybrid or unified); the test binary
# must be the group's only process, so it is exec'd into it. The test is
# required (PIPESAT_REQUIRE_SOLVERS=cgroup): it fails rather than skips.
# The groups are removed however the run ends.
set -euo pipefail
cd "$(dirname "$0")/.."
mnt=$(findmnt -n -t cgroup2 -o TARGET | head -n 1)
rel=$(sed -n 's/^0:://p' /proc/self/cgroup)
if [ -z "$mnt" ] || [ -z "$rel" ]; then
	echo "test-cgroup: no cgroup v2 hierarchy mounted, or this process is in none" >&2
	exit 1
fi
group=$mnt${rel%/}/pipesat-test-$$
tmp=$(mktemp -d)
cleanup() {
	if [ -d "$group" ]; then
		find "$group" -depth -mindepth 1 -type d -exec rmdir {} + 2> /dev/null || true
		rmdir "$group" || echo "test-cgroup: could not remove $group" >&2
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
go test -c -o "$tmp/measure.test" ./bench/measure
mkdir "$group"
cd bench/measure
sh -c 'echo $$ > "$1/cgroup.procs" && exec env PIPESAT_REQUIRE_SOLVERS=cgroup "$2" -test.run "^TestCPUByCgroup$" -test.count=1 -test.v' sh "$group" "$tmp/measure.test"
