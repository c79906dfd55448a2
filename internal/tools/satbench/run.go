// Package satbench is the satbench command's actions, apart from its flags
// (cmd/satbench/main.go) and its manual (cmd/satbench/doc.go); the work
// itself is package bench's.
package satbench

import (
	"errors"
	"os"
	"strings"

	"github.com/pipesat/pipesat/bench"
	"github.com/pipesat/pipesat/internal/cmdio"
	"golang.org/x/term"
)

// Commands are satbench's subcommands' actions, by name.
var Commands = map[string]cmdio.Action{
	"run": run, "plan": plan, "exec": exec, "merge": merge, "report": report, "gen": gen,
}

// Run is the action of satbench without a known subcommand.
func Run(c *cmdio.Cmd) error {
	if c.NArg() == 0 {
		return cmdio.Usagef("no command: run, report, plan, exec, merge or gen")
	}
	return cmdio.Usagef("unknown command %q", c.Operand(0))
}

func run(c *cmdio.Cmd) error {
	o, err := options(c)
	if err == nil && c.Int("jobs") < 1 {
		err = cmdio.Usagef("--jobs %d: need at least 1", c.Int("jobs"))
	}
	if err != nil {
		return err
	}
	f, ok := c.Stderr.(*os.File)
	return usage(bench.RunCommand(c.Context(), bench.RunOptions{
		Options: o, Jobs: c.Int("jobs"), Out: c.String("output"), Resume: c.Bool("resume"), Quiet: c.Bool("quiet"),
	}, c.Stderr, ok && term.IsTerminal(int(f.Fd()))))
}

func plan(c *cmdio.Cmd) error {
	o, err := options(c)
	if err != nil {
		return err
	}
	return usage(bench.PlanCommand(c.Stdout, bench.PlanOptions{Options: o, OutDir: c.String("out-dir"), Satbench: c.String("satbench"),
		Slurm: c.Bool("slurm"), Chunk: c.Int("chunk")}))
}

func exec(c *cmdio.Cmd) error {
	o, err := options(c)
	if err != nil {
		return err
	}
	o.Solvers = nil
	if s := c.String("solver"); s != "" {
		o.Solvers = []string{s}
	}
	return usage(bench.ExecCommand(c.Context(), bench.ExecOptions{Options: o, Rep: c.Int("rep"), Out: c.String("output")}))
}

func merge(c *cmdio.Cmd) error {
	if p := c.String("plan"); p != "" {
		if c.NArg() > 0 {
			return cmdio.Usagef("merge --plan reads the task files its plan names: give no files, got %q", c.Operand(0))
		}
		return bench.MergePlanCommand(p, c.String("output"), c.Stdout, c.Stderr)
	}
	if c.NArg() == 0 {
		return cmdio.Usagef("merge: no results files")
	}
	return usage(bench.MergeCommand(c.Operands(), c.String("output"), c.Stdout, c.Stderr))
}

func report(c *cmdio.Cmd) error {
	o := bench.ReportOptions{Files: c.Operands(), Format: c.String("format"), Instances: c.Bool("instances"),
		Cactus: c.String("cactus"), Scatter: c.String("scatter"), Title: c.String("title"), Suites: c.Strings("suite"), By: c.String("by")}
	// --scatter A,B PLOT: the plot file is the first operand.
	if o.Scatter != "" && len(o.Files) > 0 && isPlotFile(o.Files[0]) {
		o.ScatterTo, o.Files = o.Files[0], o.Files[1:]
	}
	return usage(bench.ReportCommand(o, c.Stdout, c.Stderr))
}

func gen(c *cmdio.Cmd) error {
	if c.NArg() > 0 {
		return cmdio.Usagef("gen takes no arguments, got %q", c.Operand(0))
	}
	if !c.IsSet("vars") && !c.IsSet("php") {
		return cmdio.Usagef("gen: give --vars N (random k-SAT) or --php HOLES")
	}
	return usage(bench.GenCommand(bench.GenOptions{K: c.Int("k"), Vars: c.Int("vars"), Ratio: c.Float64("ratio"),
		Seed: c.Uint64("seed"), PHP: c.Int("php"), Out: c.String("output")}, c.Stdout))
}

// options returns the values of the flags run, plan and exec share.
func options(c *cmdio.Cmd) (bench.Options, error) {
	o := bench.Options{
		SolverCmds: c.Strings("solver-cmd"), Suites: c.Strings("suite"), Encoders: c.Strings("encode"),
		Instances: c.Operands(), Reps: c.Int("reps"), Seed: c.Uint64("seed"), NoVerify: c.Bool("no-verify"),
		Satrun: c.String("satrun"), Certify: c.Bool("certify"),
	}
	o.Timeout, o.Grace = c.Duration("timeout"), c.Duration("grace")
	if s := c.String("solvers"); s != "" {
		o.Solvers = []string{s}
	}
	var err error
	if m := c.String("memory"); m != "" {
		o.Memory, err = bench.ParseSize(m)
	}
	return o, cmdio.Usage(err)
}

// usage marks bench's *bench.Usage errors as errors in the command line.
func usage(err error) error {
	if u := (*bench.Usage)(nil); errors.As(err, &u) {
		return cmdio.Usage(err)
	}
	return err
}

func isPlotFile(name string) bool {
	for _, ext := range []string{".svg", ".png", ".pdf", ".eps"} {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return true
		}
	}
	return false
}
