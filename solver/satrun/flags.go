package satrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pipesat/pipesat/solver"
)

// Flags are the satrun command's flags as given, before Config checks
// them. The *Set fields say whether a flag was on the command line.
type Flags struct {
	Solver, SolverCmd, Dialect string
	SolverSet, DialectSet      bool
	Timeout                    time.Duration
	Assume                     string
	All                        bool
	Max                        int
	MaxSet                     bool
	Project                    string
	ProjectSet                 bool
	Format                     string
	Relaxed, NoVerify, Stats   bool
	// Certify asks for a proof of every UNSAT answer and checks it.
	Certify bool
}

// Config returns the Config the flags ask for, or an error in the command
// line.
func (f Flags) Config() (Config, error) {
	cfg := Config{
		Timeout: f.Timeout, Enumerate: f.All || f.MaxSet, Max: f.Max, Project: f.Project,
		Format: f.Format, Relaxed: f.Relaxed, NoVerify: f.NoVerify, Stats: f.Stats,
	}
	switch {
	case f.MaxSet && f.Max < 1:
		return cfg, fmt.Errorf("--max %d: want 1 or more", f.Max)
	case f.All && f.MaxSet:
		return cfg, errors.New("--all and --max exclude each other")
	case f.Timeout < 0:
		return cfg, fmt.Errorf("--timeout %v: want a positive duration", f.Timeout)
	case f.ProjectSet && f.Project == "":
		return cfg, errors.New("--project: empty variable list")
	case strings.Contains(f.SolverCmd, "{proof}") && !f.Certify:
		return cfg, errors.New("--solver-cmd with {proof} goes with --certify")
	}
	if f.Assume != "" {
		lits, err := solver.ParseLits(f.Assume)
		if err != nil {
			return cfg, fmt.Errorf("--assume: %v", err)
		}
		cfg.Assume = lits
	}
	var err error
	cfg.Solver, err = solver.Choose(f.Solver, f.SolverSet, f.SolverCmd, f.Dialect, f.DialectSet)
	cfg.Auto = f.SolverCmd == "" && (f.Solver == "auto" || f.Solver == "")
	if err == nil && f.Certify {
		// A proof-writing solver restarted per model: never a native
		// enumeration, whose last "no more models" comes without a proof.
		cfg.Solver, err = solver.Certify(cfg.Solver, cfg.Auto)
		cfg.Auto = false
	}
	return cfg, err
}

// ListSolvers writes the table of satrun --list-solvers: each solver
// satrun knows, whether it is installed, its version and its path.
func ListSolvers(ctx context.Context, w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tINSTALLED\tVERSION\tPATH")
	for _, s := range solver.List(ctx) {
		inst, ver, path := "no", s.Version, s.Path
		if s.Installed {
			inst = "yes"
		}
		if ver == "" {
			ver = "-"
		}
		if path == "" {
			path = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.Name, inst, ver, path)
	}
	return tw.Flush()
}
