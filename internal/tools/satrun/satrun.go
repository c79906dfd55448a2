// Package satrun is the satrun command: its flags, and what it does with
// them (read a CNF, run a solver or enumerate models, verify every model,
// print the answer); its manual is cmd/satrun/doc.go.
package satrun

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/solverflag"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
	"github.com/urfave/cli/v2"
)

// gcnf is the --format that writes the formula as group CNF, no answer.
const gcnf = "gcnf"

// Main runs satrun, whose manual is doc, on the process's arguments and
// returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are satrun's flags.
type options struct {
	solver                  solverflag.Solver
	output                  cmdio.Output
	assume, project, format string
	relaxed, noVerify       bool
	stats, listSolvers      bool
	explain                 bool
	models                  cmdio.Models
	projectFlag             cli.Flag
	talk                    talk
}

// Tool returns satrun, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{solver: solverflag.Solver{Env: "PIPESAT_SOLVER"}}
	o.projectFlag = &cli.StringFlag{Name: "project", Destination: &o.project,
		Usage: "the `VARS` models must differ on, e.g. 1-625 or 1-5,9 (default: the \"c pipesat primary\" line's)"}
	return &cmdio.Tool{Name: "satrun", Doc: doc, Signals: true, Action: o.run, Operands: "[FILE]",
		Flags: append(append(append(append(o.solver.Flags(),
			&cli.BoolFlag{Name: "list-solvers", Destination: &o.listSolvers, Usage: "list the known solvers: installed or not, version, path"},
			&cli.StringFlag{Name: "assume", Destination: &o.assume, Usage: "force the literals `LITS` true, e.g. 3,-7"}),
			o.models.Flags()...),
			o.projectFlag,
			cmdio.ExplainFlag(&o.explain),
			cmdio.ChoiceFlag("format", &o.format, dimacs.Competition.String(), "the answer's `FORMAT` (gcnf: the formula as group CNF, no solving)",
				dimacs.Competition.String(), dimacs.Minisat.String(), gcnf),
			&cli.BoolFlag{Name: "relaxed", Destination: &o.relaxed, Usage: "accept a clause count different from the header's"},
			&cli.BoolFlag{Name: "no-verify", Destination: &o.noVerify, Usage: "do not check the models against the formula"},
			cmdio.StatsFlag(&o.stats),
			o.output.Flag(),
		), o.talk.flags()...),
	}
}

// run is satrun's action.
func (o *options) run(c *cmdio.Cmd) error {
	if o.listSolvers {
		return listSolvers(c.Context(), c.Stdout)
	}
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	cfg, err := o.config(c)
	if err != nil {
		return err
	}
	in, inName, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	out, done := o.output.Writer(c)
	code, err := solve(c.Context(), cfg, in, inName, o.talk.filter(out), c.Stderr)
	if err = done(words(err)); err == nil {
		err = cmdio.ExitStatus{Code: code}
	}
	return err
}

// config checks the flags and returns the config they ask for.
func (o *options) config(c *cmdio.Cmd) (config, error) {
	cfg := config{Timeout: o.solver.Timeout, Enumerate: o.models.Given(c), Max: o.models.Max, Project: o.project,
		Relaxed: o.relaxed, NoVerify: o.noVerify, Stats: o.stats, Explain: o.explain}
	switch {
	case o.explain && cfg.Enumerate:
		return cfg, cmdio.ErrExplainModels
	case o.explain && o.format != dimacs.Competition.String():
		return cfg, usage.Errorf("--explain writes its answer as competition output: not with --format %s", o.format)
	case o.format == gcnf && cfg.Enumerate:
		return cfg, usage.Errorf("--format gcnf writes the formula, not answers: not with --all or --max")
	}
	if err := o.models.Check(c); err != nil {
		return cfg, err
	}
	if c.IsSet(o.projectFlag) && o.project == "" {
		return cfg, usage.Errorf("--project: empty variable list")
	}
	if o.assume != "" {
		lits, err := solver.ParseLits(o.assume)
		if err != nil {
			return cfg, usage.Errorf("--assume: %v", err)
		}
		cfg.Assume = lits
	}
	var err error
	if cfg.Solver, cfg.Auto, err = o.solver.Choose(c); err != nil {
		return cfg, err
	}
	if cfg.GCNF = o.format == gcnf; !cfg.GCNF {
		if cfg.Format, err = dimacs.ParseDialect(o.format); err != nil {
			return cfg, usage.Errorf("unknown --format %q (want competition, minisat or gcnf)", o.format)
		}
	}
	return cfg, o.talk.config(c, &cfg, o.solver.Cmd != "")
}

// listSolvers writes the table of satrun --list-solvers: each solver
// satrun knows, whether it is installed, its version and its path.
func listSolvers(ctx context.Context, w io.Writer) error {
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
