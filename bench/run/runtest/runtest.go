// Package runtest has fake solvers for tests of package run and of
// satbench: shell scripts with known answers and times, a fake satrun that
// runs a solver command line, and small CNF files. It needs /bin/sh.
package runtest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
)

// Script writes an executable shell script with the given body in dir and
// returns its path.
func Script(t testing.TB, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// WriteFile writes text to the file name in dir and returns its path.
func WriteFile(t testing.TB, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// SatCNF is satisfied by 1 -2 and not by -1 -2.
const SatCNF = "p cnf 2 2\n1 2 0\n-1 -2 0\n"

// Fakes are fake solvers' script bodies: known times and answers on
// SatCNF.
var Fakes = map[string]string{
	"sat02":   `sleep 0.2; echo "s SATISFIABLE"; echo "v 1 -2 0"; exit 10`,
	"sat":     `echo "s SATISFIABLE"; echo "v 1 -2 0"; exit 10`,
	"unsat":   `echo "s UNSATISFIABLE"; exit 20`,
	"slow":    `sleep 30; echo "s SATISFIABLE"; echo "v 1 -2 0"; exit 10`,
	"unknown": `echo "s UNKNOWN"; exit 0`,
	"crash":   `echo "oops, segfault" >&2; exit 3`,
	"liar":    `echo "s SATISFIABLE"; echo "v -1 -2 0"; exit 10`,
	"mute":    `exit 10`,
	"garbage": `echo "s SATISFIABLE"; echo "v 1 x 0"; exit 10`,
	"cut":     `echo "s SATISFIABLE"; echo "v 1 -2"; exit 10`,
	"cutmid":  `echo "s SATISFIABLE"; printf "v 1 -2"; exit 10`,
}

// FakeSatrun is a fake satrun's script body: "satrun --no-verify
// --solver-cmd CMD FILE" runs CMD FILE, so that tests need neither real
// solvers nor satrun.
const FakeSatrun = `# fake satrun: satrun --no-verify --solver-cmd CMD FILE runs CMD FILE
[ "$1" = --no-verify ] && shift
[ "$1" = --solver-cmd ] || { echo "fake satrun: $*" >&2; exit 1; }
exec sh -c "$2"' "$1"' sh "$3"`

// Keys returns each row's solver, instance, rep, status and verified
// flag, sorted: what two runs of the same matrix must share.
func Keys(rows []results.Row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%s|%s|%d|%s|%v", r.Solver, r.Instance, r.Rep, r.Status, r.Verified))
	}
	sort.Strings(out)
	return out
}
