// Package solverflag is the flags of satrun, cubesolve and nonosolve
// that pick a solver: --solver, --solver-cmd, --dialect, --timeout and
// --certify. It is not in cmdio so that the tools that run no solver link
// neither gini nor the DRAT checker.
package solverflag

import (
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

	name, dialect cli.Flag
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
	s.name = &cli.StringFlag{Name: "solver", Value: def, Destination: &s.Name}
	s.dialect = &cli.StringFlag{Name: "dialect", Value: dimacs.Competition.String(), Destination: &s.Dialect}
	return []cli.Flag{s.name, s.dialect,
		&cli.StringFlag{Name: "solver-cmd", Destination: &s.Cmd},
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
	sv, err := choose(s.Name, c.IsSet(s.name), s.Cmd, s.Dialect, c.IsSet(s.dialect))
	if err != nil {
		return nil, false, usage.Wrap(words(err))
	}
	auto = s.Cmd == "" && (s.Name == "auto" || s.Name == "")
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
