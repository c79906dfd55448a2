// Package satbench is the satbench command: its subcommands' flags and
// what they do with them, through the rooms of package bench (run,
// results, suite, measure, score, plot, plan, gbd, gen), which do the
// work; its manual is cmd/satbench/doc.go. The libraries name no flag:
// words.go words their errors in satbench's flags.
package satbench

import (
	"os"
	"strings"
	"time"

	"github.com/pipesat/pipesat/bench/plot"
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
	return &cmdio.Tool{Name: "satbench", Doc: doc, Signals: true, Action: noCommand,
		Commands: []*cmdio.Command{runCommand(), planCommand(), execCommand(), mergeCommand(), reportCommand(), genCommand()},
	}
}

// commandNames are satbench's commands, as its usage line lists them.
var commandNames = []string{"run", "report", "plan", "exec", "merge", "gen"}

// noCommand is the action of satbench without a known subcommand: a
// mistyped one gets a did-you-mean, as a mistyped flag does.
func noCommand(c *cmdio.Cmd) error {
	if c.NArg() == 0 {
		return usage.Errorf("no command: run, report, plan, exec, merge or gen")
	}
	if s := cmdio.NearestWord(c.Operand(0), commandNames); s != "" {
		return usage.Errorf("unknown command %q: did you mean %s?", c.Operand(0), s)
	}
	return usage.Errorf("unknown command %q", c.Operand(0))
}

// output returns satbench's -o/--output (--out, its old name, too), which
// sets *p, def if not given.
func output(p *string, def, text string) cli.Flag {
	f := cmdio.OutputFlag(p)
	f.TakesFile = true
	f.Aliases = append(f.Aliases, "out")
	f.Value = def
	f.Usage = text
	return f
}

// described returns f with the usage text in satbench's words: the flags
// package cmdio shares mean something of their own here (--timeout limits
// each run, not one solve).
func described(f cli.Flag, text string) cli.Flag {
	switch f := f.(type) {
	case *cli.GenericFlag:
		f.Usage = text
	case *cli.BoolFlag:
		f.Usage = text
	case *cli.StringFlag:
		f.Usage = text
	}
	return f
}

// common are the flags run, plan and exec share.
type common struct {
	solvers                      string
	solverCmds, suites, encoders cli.StringSlice
	reps                         int
	timeout, grace               time.Duration
	memory                       string
	seed                         uint64
	noVerify                     bool
	satrun                       string
	certify                      bool
}

// flags returns the flags of common, bound to its fields; with solvers,
// --solvers too (exec names its one solver with --solver instead).
func (o *common) flags(solvers bool) []cli.Flag {
	fs := []cli.Flag{
		&cli.StringSliceFlag{Name: "solver-cmd", Destination: &o.solverCmds, Usage: "a solver as a command line, `NAME=COMMAND` ({cnf}, {proof} for its files); repeatable"},
		&cli.StringSliceFlag{Name: "suite", Destination: &o.suites, TakesFile: true, Usage: "suite `FILE` listing instances, PATH or PATH | ENCODER per line; repeatable"},
		&cli.StringSliceFlag{Name: "encode", Destination: &o.encoders, Usage: "encoder `COMMAND` making the CNF of each puzzle instance ({} for its path); repeatable"},
		&cli.IntFlag{Name: "reps", Value: 1, Destination: &o.reps, Usage: "runs of each solver on each instance"},
		described(cmdio.TimeoutFlag(&o.timeout, 60*time.Second), "wall-time limit of each run, encoder and solver (seconds or 90s, 2m)"),
		&cli.StringFlag{Name: "memory", Destination: &o.memory, Usage: "memory limit of each run's process tree, `SIZE` such as 512M or 2G"},
		described(cmdio.DurationFlag("grace", &o.grace, time.Second), "time between SIGTERM and SIGKILL for a run past its timeout"),
		&cli.Uint64Flag{Name: "seed", Value: 1, Destination: &o.seed, Usage: "seed of the run order's shuffle (0: the suite's order)"},
		&cli.BoolFlag{Name: "no-verify", Destination: &o.noVerify, Usage: "take SAT answers without checking their models"},
		&cli.StringFlag{Name: "satrun", Destination: &o.satrun, TakesFile: true, Usage: "the satrun `PROGRAM` for gini, --solver-cmd, --certify (default: next to satbench, or on PATH)"},
		described(cmdio.CertifyFlag(&o.certify), "check every UNSAT answer's DRAT proof (proof-writing solvers only)"),
	}
	if solvers {
		fs = append(fs, &cli.StringFlag{Name: "solvers", Value: "auto", Destination: &o.solvers, Usage: "`SOLVERS` to race, comma-separated (auto: the installed ones and gini)"})
	}
	return fs
}

func runCommand() *cmdio.Command {
	r := runOptions{}
	return &cmdio.Command{Name: "run", Usage: "race the solvers on the instances, appending a row a run to a results file", Operands: "[INSTANCE...]",
		Flags: append(r.flags(true),
			&cli.IntFlag{Name: "jobs", Value: 1, Destination: &r.jobs, Usage: "runs at a time, each pinned to a CPU of its own when they fit"},
			output(&r.out, "results.jsonl", "results `FILE` the rows are appended to (- for standard output)"),
			&cli.BoolFlag{Name: "resume", Destination: &r.resume, Usage: "add to a results file that has rows, skipping the runs it has"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Destination: &r.quiet, Usage: "no progress on standard error"}),
		Action: func(c *cmdio.Cmd) error {
			f, ok := c.Stderr.(*os.File)
			return r.run(c, ok && term.IsTerminal(int(f.Fd())))
		},
	}
}

func planCommand() *cmdio.Command {
	p := planOptions{}
	return &cmdio.Command{Name: "plan", Usage: "write the runs as satbench exec lines for GNU parallel, or a Slurm array script", Operands: "[INSTANCE...]",
		Flags: append(p.flags(true),
			&cli.StringFlag{Name: "out-dir", Value: "results", Destination: &p.outDir, TakesFile: true, Usage: "`DIR` of each run's results file"},
			&cli.StringFlag{Name: "satbench", Value: "satbench", Destination: &p.satbench, TakesFile: true, Usage: "the satbench `PROGRAM` the plan's lines run"},
			&cli.BoolFlag{Name: "slurm", Destination: &p.slurm, Usage: "write an sbatch array script instead of shell lines"},
			&cli.IntFlag{Name: "chunk", Destination: &p.chunk, Usage: "runs per Slurm array task (default 1)"}),
		Action: func(c *cmdio.Cmd) error { return p.plan(c) },
	}
}

func execCommand() *cmdio.Command {
	e := execOptions{}
	return &cmdio.Command{Name: "exec", Usage: "make one run of a plan and append its row", Operands: "INSTANCE",
		Flags: append(e.flags(false),
			&cli.StringFlag{Name: "solver", Destination: &e.solver, Usage: "the `SOLVER` to run, by name"},
			&cli.IntFlag{Name: "rep", Value: 1, Destination: &e.rep, Usage: "the repetition's number, for its row"},
			output(&e.out, "", "results `FILE` the row is appended to (- for standard output)")),
		Action: func(c *cmdio.Cmd) error { return e.exec(c) },
	}
}

func mergeCommand() *cmdio.Command {
	var out, plan string
	return &cmdio.Command{Name: "merge", Usage: "merge results files, or a Slurm plan's task files, into one", Operands: "[RESULTS...]",
		Flags: []cli.Flag{
			output(&out, "", "write the merged results to `FILE` (default: standard output)"),
			&cli.StringFlag{Name: "plan", Destination: &plan, TakesFile: true, Usage: "merge the task files of the Slurm plan `FILE`, in its order"},
		},
		Action: func(c *cmdio.Cmd) error { return merge(c, plan, out) },
	}
}

func reportCommand() *cmdio.Command {
	var o reportOptions
	return &cmdio.Command{Name: "report", Usage: "score the results: PAR-2, the virtual best solver, tables and plots", Operands: "[RESULTS...]",
		Flags: []cli.Flag{
			cmdio.ChoiceFlag("format", &o.format, "md", "the report's `FORMAT` (html: one page with the plots)", "md", "csv", "json", "html"),
			output(&o.out, "", "write the report to `FILE` (default: standard output)"),
			&cli.BoolFlag{Name: "instances", Destination: &o.instances, Usage: "csv: the instances table alone"},
			&cli.StringFlag{Name: "cactus", Destination: &o.cactus, TakesFile: true, Usage: "write the cactus plot to `FILE` (.svg, .png, .pdf or .eps)"},
			&cli.StringFlag{Name: "scatter", Destination: &o.scatter, Usage: "plot configuration A against B (`A,B`) to the plot file given as the first operand (html: on the page)"},
			&cli.StringFlag{Name: "title", Destination: &o.title, Usage: "the plots' `TITLE`"},
			cmdio.ChoiceFlag("paper", &o.paper, "a4", "the `PAGE` of a PDF plot", plot.Papers...),
			&cli.StringSliceFlag{Name: "suite", Destination: &o.suites, TakesFile: true, Usage: "suite `FILE` whose #tags: lines make the families; repeatable"},
			&cli.StringFlag{Name: "by", Destination: &o.by, Usage: "row `COLUMNS` that split configurations, comma-separated (encoder, version, host, ...)"},
			cmdio.ChoiceFlag("score", &o.clock, "wall", "the time that scores runs: wall, or cpu (user + sys)", "wall", "cpu"),
			&cli.StringFlag{Name: "compare", Destination: &o.compare, Usage: "compare configurations `A,B`: who wins, the median ratio, a Wilcoxon test"},
		},
		Action: func(c *cmdio.Cmd) error {
			o.files = c.Operands()
			// --scatter A,B PLOT: the plot file is the first operand.
			if o.scatter != "" && len(o.files) > 0 && isPlotFile(o.files[0]) {
				o.scatterTo, o.files = o.files[0], o.files[1:]
			}
			return o.report(c)
		},
	}
}

func isPlotFile(name string) bool {
	for _, ext := range plot.Formats {
		if strings.HasSuffix(strings.ToLower(name), "."+ext) {
			return true
		}
	}
	return false
}
