// Package solverflag is the flags of satrun, cubesolve and nonosolve
// that pick a solver: --solver, --solver-cmd, --dialect, --timeout and
// --certify. It is not in cmdio so that the tools that run no solver link
// neither gini nor the DRAT checker.
package solverflag

import (
	"cmp"
	"errors"
	"os"
	"strings"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
	"github.com/urfave/cli/v2"
)

// Solver is the flags that pick the solver of satrun and cubesolve:
// --solver, --solver-cmd, --dialect, --timeout and --certify. Choose
// checks them, for both.
type Solver struct {
	Name, Cmd, Dialect string
	Timeout            time.Duration
	Certify            bool
	// Env names an environment variable whose value, if not empty, is
	// --solver's default instead of Default (satrun's PIPESAT_SOLVER).
	Env string
	// Default is --solver's default; "" means auto.
	Default string

	name, dialect, cmd cli.Flag
}

// Flags returns the five flags, bound to s's fields.
func (s *Solver) Flags() []cli.Flag {
	def := "auto"
	if s.Default != "" {
		def = s.Default
	}
	if v := os.Getenv(s.Env); s.Env != "" && v != "" {
		def = v
	}
	name := cmdio.ChoiceFlag("solver", &s.Name, def, "the solver: auto (an installed one, else gini), gini, or a known `SOLVER` (or a path to one)",
		append([]string{"auto", "gini"}, solver.KnownNames()...)...)
	name.Value.(*cmdio.Choice).Paths = true
	// The documented default does not depend on the environment.
	name.DefaultText = cmp.Or(s.Default, "auto")
	if s.Env != "" {
		name.DefaultText = "$" + s.Env + ", else " + name.DefaultText
	}
	s.name = name
	s.dialect = cmdio.ChoiceFlag("dialect", &s.Dialect, dimacs.Competition.String(), "how the --solver-cmd program answers",
		cmdio.Words(dimacs.Competition, dimacs.Minisat)...)
	s.cmd = &cli.StringFlag{Name: "solver-cmd", Destination: &s.Cmd, Usage: "run `CMD` as the solver: {cnf}, {out} and {proof} name its files"}
	return []cli.Flag{s.name, s.dialect, s.cmd,
		cmdio.TimeoutFlag(&s.Timeout, 0), cmdio.CertifyFlag(&s.Certify)}
}

// Choose returns the solver the flags name (choose), made to prove
// its UNSAT answers with --certify (solver.Certify), and whether
// --solver auto picked it without --certify (an enumeration may then pick
// another: solver.AutoEnumerator). A flag that does not fit is a usage
// error.
func (s *Solver) Choose(c *cmdio.Cmd) (_ solver.Solver, auto bool, _ error) {
	switch {
	case s.Timeout < 0:
		return nil, false, usage.Errorf("--timeout %v: want a positive duration", s.Timeout)
	case strings.Contains(s.Cmd, "{proof}") && !s.Certify:
		return nil, false, usage.Wrap(errors.New("--solver-cmd with {proof} goes with --certify"))
	}
	sv, err := choose(s.Name, c.IsSet(s.name), s.Cmd, c.IsSet(s.cmd), s.Dialect, c.IsSet(s.dialect))
	if err != nil {
		return nil, false, usage.Wrap(words(err))
	}
	auto = !c.IsSet(s.cmd) && (s.Name == "auto" || s.Name == "")
	if s.Certify {
		// A proof-writing solver restarted per model: never a native
		// enumeration, whose last "no more models" comes without a proof.
		cs, err := solver.Certify(sv, auto)
		if err != nil {
			return nil, false, usage.Wrap(words(err))
		}
		return cs, false, nil
	}
	return sv, auto, nil
}
