package satrun

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// endlessCNF is an input that never ends: a header promising a billion
// clauses, then clauses forever.
type endlessCNF struct {
	head []byte
	off  int
}

const endlessBody = "1 -2 3 0\n-3 2 0\n"

func (r *endlessCNF) Read(p []byte) (int, error) {
	if len(r.head) > 0 {
		n := copy(p, r.head)
		r.head = r.head[n:]
		return n, nil
	}
	for i := range p {
		p[i] = endlessBody[r.off]
		r.off = (r.off + 1) % len(endlessBody)
	}
	return len(p), nil
}

// TestRunTimeoutWhileReading checks that --timeout and an interrupt hold
// while the input is still being read: satrun answers UNKNOWN (exit
// status 0) soon after, with gini and with a solver started at once on
// standard input (one that never reads it, so feeding it blocks).
func TestRunTimeoutWhileReading(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip(err)
	}
	stuck := &solver.External{Path: sh, Args: []string{"-c", "sleep 30"}, Dialect: dimacs.Competition, Stdin: true}
	for _, tc := range []struct {
		name   string
		solver solver.Solver
		cfg    config
		cancel bool // cancel ctx instead of a timeout
		want   string
	}{
		{name: "gini", solver: solver.Gini{}, want: "s UNKNOWN\n"},
		{name: "gini minisat format", solver: solver.Gini{}, cfg: config{Format: dimacs.Minisat}, want: "INDET\n"},
		{name: "gini all", solver: solver.Gini{}, cfg: config{Enumerate: true}, want: "s UNKNOWN\n"},
		{name: "started", solver: stuck, want: "s UNKNOWN\n"},
		{name: "gini interrupted", solver: solver.Gini{}, cancel: true, want: "s UNKNOWN\n"},
		{name: "started interrupted", solver: stuck, cancel: true, want: "s UNKNOWN\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			cfg.Solver = tc.solver
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancel {
				time.AfterFunc(100*time.Millisecond, cancel)
			} else {
				cfg.Timeout = 100 * time.Millisecond
			}
			in := &endlessCNF{head: []byte("p cnf 3 1000000000\n")}
			var out, errOut bytes.Buffer
			start := time.Now()
			code, err := solve(ctx, cfg, in, "endless.cnf", &out, &errOut)
			if el := time.Since(start); el > 1500*time.Millisecond {
				t.Errorf("returned after %v, want about 100ms", el)
			}
			if err != nil || code != 0 || out.String() != tc.want {
				t.Errorf("got %d, %q, %v; want 0, %q, no error", code, out.String(), err, tc.want)
			}
		})
	}
}
