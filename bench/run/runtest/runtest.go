// Package runtest has fake solvers for tests of package run and of
// satbench: shell scripts with known answers and times, a fake satrun that
// runs a solver command line, and small CNF files. It needs /bin/sh.
package runtest

import (
	"bufio"
	"fmt"
	"io"
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

// WriteResults writes n rows of a results file as satbench run writes
// them, for tests of report at scale: 5 solvers, 3 reps, instances in 20
// folders, half of them SAT and half UNSAT, a tenth of the runs timed out
// (timeout 10 s), times from 0 to 10 s.
func WriteResults(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	solvers := []string{"kissat", "cadical", "minisat", "gini", "picosat"}
	for i, inst := 0, 0; i < n; inst++ {
		for _, s := range solvers {
			for rep := 1; rep <= 3 && i < n; rep++ {
				status := []string{"SAT", "UNSAT"}[inst%2]
				if (inst*7+len(s)+rep)%10 == 0 {
					status = "TIMEOUT"
				}
				wall := float64((inst*13+rep*7+len(s)*3)%1000) / 100
				fmt.Fprintf(bw, `{"solver":%q,"instance":"suite/fam%d/inst%06d.cnf","rep":%d,"status":%q,"verified":true,`+
					`"model":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b%03d","wall":%g,"user":%g,"sys":0.01,`+
					`"maxrss_kib":12345,"exit":10,"version":"1.0","start":"2026-12-06T10:00:%02dZ","timeout":10,"host":"box","jobs":2,"cpu":1,`+
					`"mem_method":"proc","gbd":"0123456789abcdef0123456789abcdef"}`+"\n",
					s, inst%20, inst, rep, status, i%1000, wall, wall*0.9, i%60)
				i++
			}
		}
	}
	return bw.Flush()
}
