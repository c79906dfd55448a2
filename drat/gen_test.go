package drat

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// pigeons returns php-(n+1)-n: n+1 pigeons in n holes, unsatisfiable, with
// resolution proofs exponential in n.
func pigeons(n int) *dimacs.Formula {
	var f dimacs.Formula
	v := func(p, h int) int { return p*n + h + 1 }
	for p := range n + 1 {
		for h := range n {
			f.Add(v(p, h))
		}
		f.Add(0)
	}
	for h := range n {
		for p := range n + 1 {
			for q := p + 1; q <= n; q++ {
				f.AddClause(-v(p, h), -v(q, h))
			}
		}
	}
	return &f
}

// random3SAT returns a random 3-SAT formula over n variables with m
// clauses; at m/n = 5 it is unsatisfiable with high probability.
func random3SAT(seed uint64, n, m int) *dimacs.Formula {
	r := rand.New(rand.NewPCG(seed, 3))
	var f dimacs.Formula
	f.Vars = n
	for range m {
		for range 3 {
			l := 1 + r.IntN(n)
			if r.IntN(2) == 0 {
				l = -l
			}
			f.Add(l)
		}
		f.Add(0)
	}
	return &f
}

// proofArgs returns the command line that makes solver write a proof of
// cnf to proof.
func proofArgs(solver, cnf, proof string, text bool) []string {
	switch solver {
	case "picosat":
		return []string{"-n", "-R", proof, cnf}
	case "kissat":
		return []string{"-q", cnf, proof}
	case "cadical":
		if text {
			return []string{"-q", "--binary=false", cnf, proof}
		}
		return []string{"-q", cnf, proof}
	}
	panic(solver)
}

// solve runs solver on f, writing a proof, and returns the proof's path,
// the solver's exit status and its wall time.
func solve(t testing.TB, solver string, f *dimacs.Formula, text bool) (string, int, time.Duration) {
	t.Helper()
	path := testenv.Solver(t, solver)
	dir := t.TempDir()
	cnf := filepath.Join(dir, "f.cnf")
	var buf bytes.Buffer
	f.WriteTo(&buf)
	if err := os.WriteFile(cnf, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	proof := filepath.Join(dir, "proof")
	cmd := exec.Command(path, proofArgs(solver, cnf, proof, text)...)
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	code := cmd.ProcessState.ExitCode()
	if err != nil && code != 10 && code != 20 {
		t.Fatalf("%s: %v", solver, err)
	}
	return proof, code, took
}

func checkFile(t testing.TB, f *dimacs.Formula, proof string) (Result, error) {
	t.Helper()
	r, err := os.Open(proof)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	return Check(context.Background(), f, r, proof, Auto)
}

// TestSolverProofs checks the proofs of every installed proof-writing
// solver on pigeonhole and random UNSAT formulas, and that each proof fails
// against a weakened formula (one clause dropped, the formula satisfiable).
func TestSolverProofs(t *testing.T) {
	formulas := map[string]*dimacs.Formula{
		"php-6-5": pigeons(5),
		"php-7-6": pigeons(6),
		"rand-1":  random3SAT(1, 50, 300),
		"rand-2":  random3SAT(2, 50, 250),
	}
	for _, s := range []struct {
		solver string
		text   bool
	}{{"cadical", false}, {"cadical", true}, {"picosat", true}} {
		for name, f := range formulas {
			t.Run(fmt.Sprintf("%s-text=%v/%s", s.solver, s.text, name), func(t *testing.T) {
				proof, code, _ := solve(t, s.solver, f, s.text)
				if code != 20 {
					t.Fatalf("%s says %d, not UNSAT (20)", s.solver, code)
				}
				res, err := checkFile(t, f, proof)
				if err != nil {
					t.Fatal(err)
				}
				if res.Binary == s.text || res.Lemmas == 0 {
					t.Errorf("result %+v: want binary=%v and lemmas", res, !s.text)
				}
				// php without the first pigeon is satisfiable: the proof
				// must fail on it.
				if name[:3] == "php" {
					var weak dimacs.Formula
					for i := 1; i < f.NumClauses(); i++ {
						for _, l := range f.Clause(i) {
							weak.Add(int(l))
						}
						weak.Add(0)
					}
					if _, err := checkFile(t, &weak, proof); err == nil {
						t.Errorf("proof verified against a satisfiable formula")
					}
				}
			})
		}
	}
}

// BenchmarkCheckVsSolve runs cadical (binary proof) on UNSAT formulas and
// checks the proof, reporting both times and their ratio check/solve.
func BenchmarkCheckVsSolve(b *testing.B) {
	for _, c := range []struct {
		name string
		f    *dimacs.Formula
	}{
		{"php-8-7", pigeons(7)},
		{"php-9-8", pigeons(8)},
		{"php-10-9", pigeons(9)},
		{"rand-200", random3SAT(7, 200, 1000)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var solveT, checkT time.Duration
			for b.Loop() {
				proof, code, took := solve(b, "cadical", c.f, false)
				if code != 20 {
					b.Skipf("cadical says %d", code)
				}
				solveT += took
				start := time.Now()
				if _, err := checkFile(b, c.f, proof); err != nil {
					b.Fatal(err)
				}
				checkT += time.Since(start)
			}
			b.ReportMetric(float64(solveT.Milliseconds())/float64(b.N), "solve-ms/op")
			b.ReportMetric(float64(checkT.Milliseconds())/float64(b.N), "check-ms/op")
			b.ReportMetric(float64(checkT)/float64(solveT), "check/solve")
		})
	}
}
