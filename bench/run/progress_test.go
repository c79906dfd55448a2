package run

import (
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/suite"
)

// fakeClock is a clock that moves only when told.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// ticks moves the clock on by d a second at a time, ticking p each second
// as the real clock would.
func (c *fakeClock) ticks(p *progress, d time.Duration) {
	for range d / time.Second {
		c.t = c.t.Add(time.Second)
		p.tick()
	}
}

// testJobs returns solvers x instances, one rep, in that nesting order.
func testJobs(solvers, instances []string) []Job {
	var ss []Solver
	for _, s := range solvers {
		ss = append(ss, Solver{Name: s})
	}
	var is []suite.Instance
	for _, i := range instances {
		is = append(is, suite.NewInstance(i, ""))
	}
	var jobs []Job
	for i := range is {
		for s := range ss {
			jobs = append(jobs, Job{&ss[s], &is[i], 1})
		}
	}
	return jobs
}

func rowOf(j Job, status string, wall float64, msg string) *results.Row {
	return &results.Row{Solver: j.Solver.Name, Instance: j.Instance.Name, Rep: j.Rep, Status: status, Wall: wall, Error: msg}
}

// TestProgressLog checks the log written when stderr is no terminal: a
// line per finished run, a heartbeat after 30 s of silence naming the
// running runs and the ETA, which counts a timeout as a timeout, and the
// summary line.
func TestProgressLog(t *testing.T) {
	jobs := testJobs([]string{"minisat", "cadical"}, []string{"a.cnf", "b.cnf"})
	var b strings.Builder
	c := &fakeClock{time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	p := newProgress(&b, false, jobs, 3, 1, time.Minute, c.now)
	run := func(j Job, d time.Duration, status, msg string) {
		p.begin(0, &j)
		c.ticks(p, d)
		r := rowOf(j, status, d.Seconds(), msg)
		if status == results.StatusTimeout {
			r.User, r.Sys = 2.5, 0.4
			r.Contended = results.Contended(r.Wall, r.User+r.Sys)
		}
		p.end(0, r)
	}
	run(jobs[0], 2*time.Second, results.StatusSat, "")
	// No run of cadical has ended: its first run is expected to take what
	// minisat's took, and once past that, its timeout.
	// The timeout took 2.9 s of CPU in its minute: contended.
	run(jobs[1], time.Minute, results.StatusTimeout, "")
	run(jobs[2], time.Second, results.StatusError, "solver exited 3: oops")
	// The heartbeat's ETA for cadical's second run: what its first run
	// took beyond the 30 s so far.
	run(jobs[3], 45*time.Second, results.StatusUnsat, "")
	p.finish()
	want := `satbench: resuming: 3 runs already done, 4 to go
satbench: [1/4] minisat on a.cnf rep 1: SAT 2.000s
satbench: 32s: 1/4 runs; running cadical on a.cnf rep 1 (30s); ETA 34s
satbench: 1m02s: 1/4 runs; running cadical on a.cnf rep 1 (1m00s); ETA 4s
satbench: [2/4] cadical on a.cnf rep 1: TIMEOUT 60.000s (contended: 2.900s CPU)
satbench: [3/4] minisat on b.cnf rep 1: ERROR 1.000s: solver exited 3: oops
satbench: 1m33s: 3/4 runs; running cadical on b.cnf rep 1 (30s); ETA 30s
satbench: [4/4] cadical on b.cnf rep 1: UNSAT 45.000s
satbench: 4 runs in 1m48s: 2 solved (1 SAT, 1 UNSAT), 1 timeout, 1 error
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestProgressLogJobs checks the heartbeat with two workers: every
// running run, and the ETA shared between the workers; and the summary of
// an interrupted benchmark.
func TestProgressLogJobs(t *testing.T) {
	jobs := testJobs([]string{"minisat", "cadical"}, []string{"a.cnf", "b.cnf", "c.cnf"})
	var b strings.Builder
	c := &fakeClock{time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	p := newProgress(&b, false, jobs, 0, 2, 0, c.now)
	p.begin(0, &jobs[0])
	p.begin(1, &jobs[1])
	c.ticks(p, 4*time.Second)
	p.end(0, rowOf(jobs[0], results.StatusSat, 4, ""))
	p.begin(0, &jobs[2])
	c.ticks(p, 6*time.Second)
	p.end(0, rowOf(jobs[2], results.StatusUnsat, 6, ""))
	p.begin(0, &jobs[3])
	c.ticks(p, 40*time.Second)
	// Interrupted: neither run is recorded.
	p.end(0, nil)
	p.end(1, nil)
	p.finish()
	// At 40 s: minisat's runs took 5 s on average, so its run on c.cnf
	// will too, and so will cadical's (no run of cadical has ended); the
	// running runs of cadical, with no timeout and no run as long to go
	// by, are expected to take as long again: (5 + 5 + 30 + 40) / 2 = 40 s.
	want := `satbench: [1/6] minisat on a.cnf rep 1: SAT 4.000s
satbench: [2/6] minisat on b.cnf rep 1: UNSAT 6.000s
satbench: 40s: 2/6 runs; running cadical on b.cnf rep 1 (30s), cadical on a.cnf rep 1 (40s); ETA 40s
satbench: 2 of 6 runs in 50s: 2 solved (1 SAT, 1 UNSAT)
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestLine checks that a terminal line is cut short of the width, so it
// never wraps and throws the next redraw off.
func TestLine(t *testing.T) {
	tests := []struct {
		width      int
		text, want string
	}{
		{10, "satbench", "\r\x1b[Ksatbench\n"},
		{10, "satbench 1", "\r\x1b[Ksatbench…\n"},
		{10, "cadical on ééééé.cnf", "\r\x1b[Kcadical …\n"},
		{2, "satbench", "\r\x1b[K…\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		line(&b, tt.width, tt.text)
		if b.String() != tt.want {
			t.Errorf("line(%d, %q) = %q, want %q", tt.width, tt.text, b.String(), tt.want)
		}
	}
}

func TestClock(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                                     "0s",
		1499 * time.Millisecond:               "1s",
		59*time.Second + 600*time.Millisecond: "1m00s",
		3*time.Minute + 5*time.Second:         "3m05s",
		time.Hour + 2*time.Minute + 5*time.Second: "1h02m05s",
	} {
		if got := clock(d); got != want {
			t.Errorf("clock(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestProgressQuiet checks that no writer means silence, on a terminal
// too (satbench run --quiet).
func TestProgressQuiet(t *testing.T) {
	jobs := testJobs([]string{"minisat"}, []string{"a.cnf", "b.cnf"})
	c := &fakeClock{time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	for _, terminal := range []bool{false, true} {
		p := newProgress(nil, terminal, jobs, 1, 1, time.Minute, c.now)
		p.run()
		for _, j := range jobs {
			p.begin(0, &j)
			c.ticks(p, time.Minute)
			p.end(0, rowOf(j, results.StatusSat, 60, ""))
		}
		p.finish()
	}
}
