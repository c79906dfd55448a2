// Package satbench is the satbench command: its subcommands' flags and
// what they do with them, through package bench, which does the work; its
// manual is cmd/satbench/doc.go.
package satbench

import (
	"os"
	"strings"
	"time"

	"github.com/pipesat/pipesat/bench"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// Main runs satbench, whose manual is doc, on the process's arguments and
// returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// Tool returns satbench, each subcommand's flags bound to a struct of its
// own.
func Tool(doc string) *cmdio.Tool {
	return &cmdio.Tool{Doc: doc, Signals: true, Action: noCommand,
		Usage:    "usage: satbench run|report|plan|exec|merge|gen ... (satbench --help)",
		Commands: []*cmdio.Command{runCommand(), planCommand(), execCommand(), mergeCommand(), reportCommand(), genCommand()},
	}
}

// noCommand is the action of satbench without a known subcommand.
func noCommand(c *cmdio.Cmd) error {
	if c.NArg() == 0 {
		return usage.Errorf("no command: run, report, plan, exec, merge or gen")
	}
	return usage.Errorf("unknown command %q", c.Operand(0))
}

// output returns satbench's -o/--output (--out, its old name, too), which
// sets *p, def if not given.
func output(p *string, def string) cli.Flag {
	f := cmdio.OutputFlag(p)
	f.Aliases = append(f.Aliases, "out")
	f.Value = def
	return f
}

// common are the flags run, plan and exec share.
type common struct {
	bench.Options
	solvers                      string
	solverCmds, suites, encoders cli.StringSlice
	memory                       string
}

// flags returns the flags of common, bound to its fields; with solvers,
// --solvers too (exec names its one solver with --solver instead).
func (o *common) flags(solvers bool) []cli.Flag {
	fs := []cli.Flag{
		&cli.StringSliceFlag{Name: "solver-cmd", Destination: &o.solverCmds},
		&cli.StringSliceFlag{Name: "suite", Destination: &o.suites},
		&cli.StringSliceFlag{Name: "encode", Destination: &o.encoders},
		&cli.IntFlag{Name: "reps", Value: 1, Destination: &o.Reps},
		cmdio.TimeoutFlag(&o.Timeout, 60*time.Second),
		&cli.StringFlag{Name: "memory", Destination: &o.memory},
		cmdio.DurationFlag("grace", &o.Grace, time.Second),
		&cli.Uint64Flag{Name: "seed", Value: 1, Destination: &o.Seed},
		&cli.BoolFlag{Name: "no-verify", Destination: &o.NoVerify},
		&cli.StringFlag{Name: "satrun", Destination: &o.Satrun},
		cmdio.CertifyFlag(&o.Certify),
	}
	if solvers {
		fs = append(fs, &cli.StringFlag{Name: "solvers", Value: "auto", Destination: &o.solvers})
	}
	return fs
}

// options returns the bench.Options the flags and c's operands ask for.
func (o *common) options(c *cmdio.Cmd) (bench.Options, error) {
	opt := o.Options
	opt.SolverCmds, opt.Suites, opt.Encoders = o.solverCmds.Value(), o.suites.Value(), o.encoders.Value()
	opt.Instances = c.Operands()
	if o.solvers != "" {
		opt.Solvers = []string{o.solvers}
	}
	if o.memory != "" {
		m, err := bench.ParseSize(o.memory)
		if err != nil {
			return opt, usage.Wrap(err)
		}
		opt.Memory = m
	}
	return opt, nil
}

func runCommand() *cmdio.Command {
	var o common
	var r bench.RunOptions
	return &cmdio.Command{Name: "run",
		Flags: append(o.flags(true),
			&cli.IntFlag{Name: "jobs", Value: 1, Destination: &r.Jobs},
			output(&r.Out, "results.jsonl"),
			&cli.BoolFlag{Name: "resume", Destination: &r.Resume},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Destination: &r.Quiet}),
		Action: func(c *cmdio.Cmd) error {
			var err error
			if r.Options, err = o.options(c); err != nil {
				return err
			}
			if r.Jobs < 1 {
				return usage.Errorf("--jobs %d: need at least 1", r.Jobs)
			}
			f, ok := c.Stderr.(*os.File)
			return bench.RunCommand(c.Context(), r, c.Stdout, c.Stderr, ok && term.IsTerminal(int(f.Fd())))
		},
	}
}

func planCommand() *cmdio.Command {
	var o common
	var p bench.PlanOptions
	return &cmdio.Command{Name: "plan",
		Flags: append(o.flags(true),
			&cli.StringFlag{Name: "out-dir", Value: "results", Destination: &p.OutDir},
			&cli.StringFlag{Name: "satbench", Value: "satbench", Destination: &p.Satbench},
			&cli.BoolFlag{Name: "slurm", Destination: &p.Slurm},
			&cli.IntFlag{Name: "chunk", Destination: &p.Chunk}),
		Action: func(c *cmdio.Cmd) error {
			var err error
			if p.Options, err = o.options(c); err != nil {
				return err
			}
			return bench.PlanCommand(c.Stdout, p)
		},
	}
}

func execCommand() *cmdio.Command {
	var o common
	var e bench.ExecOptions
	var name string
	return &cmdio.Command{Name: "exec",
		Flags: append(o.flags(false),
			&cli.StringFlag{Name: "solver", Destination: &name},
			&cli.IntFlag{Name: "rep", Value: 1, Destination: &e.Rep},
			output(&e.Out, "")),
		Action: func(c *cmdio.Cmd) error {
			var err error
			if e.Options, err = o.options(c); err != nil {
				return err
			}
			if name != "" {
				e.Solvers = []string{name}
			}
			if e.Out == "" {
				return usage.Errorf("exec appends its row to a results file: give -o FILE (- for standard output)")
			}
			return bench.ExecCommand(c.Context(), e, c.Stdout, c.Stderr)
		},
	}
}

func mergeCommand() *cmdio.Command {
	var out, plan string
	return &cmdio.Command{Name: "merge",
		Flags: []cli.Flag{output(&out, ""), &cli.StringFlag{Name: "plan", Destination: &plan}},
		Action: func(c *cmdio.Cmd) error {
			if plan != "" {
				if c.NArg() > 0 {
					return usage.Errorf("merge --plan reads the task files its plan names: give no files, got %q", c.Operand(0))
				}
				return bench.MergePlanCommand(plan, out, c.Stdout, c.Stderr)
			}
			if c.NArg() == 0 {
				return usage.Errorf("merge: no results files")
			}
			return bench.MergeCommand(c.Operands(), out, c.Stdout, c.Stderr)
		},
	}
}

func reportCommand() *cmdio.Command {
	var o bench.ReportOptions
	var suites cli.StringSlice
	return &cmdio.Command{Name: "report",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "md", Destination: &o.Format},
			&cli.BoolFlag{Name: "instances", Destination: &o.Instances},
			&cli.StringFlag{Name: "cactus", Destination: &o.Cactus},
			&cli.StringFlag{Name: "scatter", Destination: &o.Scatter},
			&cli.StringFlag{Name: "title", Destination: &o.Title},
			&cli.StringSliceFlag{Name: "suite", Destination: &suites},
			&cli.StringFlag{Name: "by", Destination: &o.By},
		},
		Action: func(c *cmdio.Cmd) error {
			o.Files, o.Suites = c.Operands(), suites.Value()
			// --scatter A,B PLOT: the plot file is the first operand.
			if o.Scatter != "" && len(o.Files) > 0 && isPlotFile(o.Files[0]) {
				o.ScatterTo, o.Files = o.Files[0], o.Files[1:]
			}
			return bench.ReportCommand(o, c.Stdout, c.Stderr)
		},
	}
}

func genCommand() *cmdio.Command {
	var o bench.GenOptions
	vars := &cli.IntFlag{Name: "vars", Destination: &o.Vars}
	php := &cli.IntFlag{Name: "php", Destination: &o.PHP}
	return &cmdio.Command{Name: "gen",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "k", Value: 3, Destination: &o.K}, vars,
			&cli.Float64Flag{Name: "ratio", Value: 4.26, Destination: &o.Ratio},
			&cli.Uint64Flag{Name: "seed", Value: 1, Destination: &o.Seed}, php,
			output(&o.Out, ""),
		},
		Action: func(c *cmdio.Cmd) error {
			if c.NArg() > 0 {
				return usage.Errorf("gen takes no arguments, got %q", c.Operand(0))
			}
			if !c.IsSet(vars) && !c.IsSet(php) {
				return usage.Errorf("gen: give --vars N (random k-SAT) or --php HOLES")
			}
			return bench.GenCommand(o, c.Stdout)
		},
	}
}

func isPlotFile(name string) bool {
	for _, ext := range []string{".svg", ".png", ".pdf", ".eps"} {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return true
		}
	}
	return false
}
