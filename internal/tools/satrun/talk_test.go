package satrun

import (
	"strings"
	"testing"

	"github.com/pipesat/pipesat/drat"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/cmdio/solverflag"
	"github.com/pipesat/pipesat/solver"
)

// TestTalkConfig: -v sends the solver's messages to standard error and,
// with --certify, the progress lines too, as --stats does; --lrat and
// --proof-format reach the certified solver.
func TestTalkConfig(t *testing.T) {
	var cfg config
	var s solverflag.Solver
	var tk talk
	tool := &cmdio.Tool{Name: "satrun", Flags: append(s.Flags(), tk.flags()...), Action: func(c *cmdio.Cmd) error {
		var err error
		if cfg.Solver, _, err = s.Choose(c); err != nil {
			return err
		}
		return tk.config(c, &cfg, s.Cmd != "")
	}}
	code, _, stderr := cmdiotest.Run(tool, "", "-v", "--certify", "--lrat", "p.lrat", "--proof-format", "text", "--solver-cmd", "sh x.sh {cnf} {proof}")
	cs, ok := cfg.Solver.(*solver.Certified)
	if code != 0 || stderr != "" || !ok || cs.Progress == nil || cfg.Verbose == nil || cs.LRAT != "p.lrat" || cs.Format != drat.Text {
		t.Fatalf("exit %d, stderr %q, config %+v, solver %+v", code, stderr, cfg, cfg.Solver)
	}
	cfg = config{}
	if code, _, stderr := cmdiotest.Run(tool, "", "--solver", "gini"); code != 0 || stderr != "" || cfg.Verbose != nil {
		t.Fatalf("no -v: exit %d, stderr %q, Verbose %v", code, stderr, cfg.Verbose)
	}
}

// TestLineFilter: lines in pieces go through or not by their first byte;
// nothing is held back.
func TestLineFilter(t *testing.T) {
	const out = "c pipesat x\ns SATISFIABLE\nv 1 -2\nv 3 0\nc solutions 1\ns UNSAT"
	for _, tt := range []struct {
		flag string
		want string
	}{
		{"", out},
		{"-q", "s SATISFIABLE\ns UNSAT"},
		{"-n", "c pipesat x\ns SATISFIABLE\nc solutions 1\ns UNSAT"},
	} {
		var tk talk
		var b strings.Builder
		cli := &cmdio.Tool{Name: "t", Flags: tk.flags(), Action: func(*cmdio.Cmd) error {
			w := tk.filter(&b)
			for i := 0; i < len(out); i += 5 {
				p := out[i:min(i+5, len(out))]
				if n, err := w.Write([]byte(p)); n != len(p) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", p, n, err)
				}
			}
			return nil
		}}
		args := []string{}
		if tt.flag != "" {
			args = append(args, tt.flag)
		}
		cmdiotest.Run(cli, "", args...)
		if b.String() != tt.want {
			t.Errorf("%s: %q, want %q", tt.flag, b.String(), tt.want)
		}
	}
}
