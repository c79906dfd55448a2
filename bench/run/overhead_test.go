package run

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/gen"
	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// BenchmarkOverhead measures what satbench and satrun add to a solver run
// of about a second: each iteration runs the solver directly (exec and
// wait, as a shell would) and through satbench's runner, alternately, and
// reports the median wall-time ratios. Run it on a quiet machine:
//
//	go test -run '^$' -bench Overhead -benchtime 7x ./bench
//
// "fake" is a shell script that sleeps 1 s and prints an answer; "minisat"
// solves a random 3-SAT formula (gen.RandomKSAT, 230 variables, seed 5, about
// 1 s here), skipped if minisat is not installed. ratio-satbench runs the solver straight from
// satbench's runner, ratio-satrun through satrun as satbench run does.
func BenchmarkOverhead(b *testing.B) {
	dir := b.TempDir()
	// The test binary playing satrun (TestMain) starts as fast as the
	// built one, within a millisecond: no build needed.
	satrun := testenv.Tool(b, "satrun")
	cnf := filepath.Join(dir, "a.cnf")
	os.WriteFile(cnf, []byte(runtest.SatCNF), 0o644)
	fake := filepath.Join(dir, "fake")
	os.WriteFile(fake, []byte("#!/bin/sh\nsleep 1\necho 's SATISFIABLE'\necho 'v 1 -2 0'\nexit 10\n"), 0o755)

	b.Run("fake", func(b *testing.B) {
		overhead(b, cnf, []string{fake},
			Solver{Name: "fake", Argv: []string{fake}},
			Solver{Name: "fake", Argv: []string{satrun, "--no-verify", "--solver-cmd", fake + " {cnf}"}})
	})
	b.Run("minisat", func(b *testing.B) {
		minisat, err := exec.LookPath("minisat")
		if err != nil {
			b.Skip("minisat not installed")
		}
		cnf := filepath.Join(dir, "k3-v230-s5.cnf")
		var f dimacs.Formula
		if err := gen.RandomKSAT(&f, 3, 230, 4.26, 5); err != nil {
			b.Fatal(err)
		}
		var text bytes.Buffer
		f.WriteTo(&text)
		if err := os.WriteFile(cnf, text.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
		overhead(b, cnf, []string{minisat, "-verb=0"},
			Solver{Name: "minisat", Argv: []string{minisat, "-verb=0"}},
			Solver{Name: "minisat", Argv: []string{satrun, "--no-verify", "--solver", "minisat"}})
	})
}

func overhead(b *testing.B, cnf string, direct []string, plain, wrapped Solver) {
	r := &Runner{Limits: Limits{Timeout: time.Minute}, Verify: true}
	in := suite.NewInstance(cnf, "")
	var d, p, w []float64
	for b.Loop() {
		start := time.Now()
		exec.Command(direct[0], append(direct[1:], cnf)...).Run()
		d = append(d, time.Since(start).Seconds())
		for _, s := range []struct {
			solver *Solver
			times  *[]float64
		}{{&plain, &p}, {&wrapped, &w}} {
			row, err := r.RunOne(b.Context(), Job{s.solver, &in, 1})
			if err != nil || !row.Solved() {
				b.Fatalf("%v: %s %s", err, row.Status, row.Error)
			}
			*s.times = append(*s.times, row.Wall)
		}
	}
	b.ReportMetric(median(d), "direct-s")
	b.ReportMetric(median(p)/median(d), "ratio-satbench")
	b.ReportMetric(median(w)/median(d), "ratio-satrun")
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}
