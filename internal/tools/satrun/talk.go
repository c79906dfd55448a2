package satrun

import (
	"bytes"
	"io"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/drat"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
	"github.com/urfave/cli/v2"
)

// talk are the flags that say how much satrun and its solver say, as
// kissat's users type them (-q, -n, -v), and where a proof goes beyond
// the check (--lrat, --proof-format).
type talk struct {
	quiet, noModel, verbose bool
	lrat, proofFormat       string
	lratFlag, formatFlag    cli.Flag
}

// flags returns the flags, bound to t's fields.
func (t *talk) flags() []cli.Flag {
	t.lratFlag = &cli.StringFlag{Name: "lrat", Destination: &t.lrat, TakesFile: true, Usage: "with --certify: write each checked proof as LRAT to `FILE`"}
	t.formatFlag = cmdio.ChoiceFlag("proof-format", &t.proofFormat, "auto", "the `FORMAT` of a --solver-cmd's {proof}",
		cmdio.Words(drat.Auto, drat.Text, drat.Binary, drat.LRAT)...)
	return []cli.Flag{
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Destination: &t.quiet, Usage: `print only the "s" lines`},
		&cli.BoolFlag{Name: "no-model", Aliases: []string{"n"}, Destination: &t.noModel, Usage: `print no "v" lines`},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Destination: &t.verbose, Usage: "pass the solver's own messages on to standard error"},
		t.lratFlag, t.formatFlag,
	}
}

// config checks the flags against the rest of cfg, whose Solver is
// chosen (by --solver-cmd if cmd), and sets what they ask for: the
// solver's messages on standard error, progress lines, and the proof's
// format and LRAT file.
func (t *talk) config(c *cmdio.Cmd, cfg *config, cmd bool) error {
	cs, certified := cfg.Solver.(*solver.Certified)
	switch {
	case (t.quiet || t.noModel) && cfg.Format == dimacs.Minisat:
		return usage.Errorf("%s: --format minisat has no \"s\" and \"v\" lines to leave out", t.quietName())
	case (t.quiet || t.noModel) && cfg.GCNF:
		return usage.Errorf("%s: --format gcnf writes the formula, no answer to leave lines out of", t.quietName())
	case c.IsSet(t.lratFlag) && !certified:
		return usage.Errorf("--lrat goes with --certify: only a checked proof is written as LRAT")
	case c.IsSet(t.lratFlag) && t.lrat == "":
		return usage.Errorf("--lrat: empty file name")
	case c.IsSet(t.formatFlag) && !certified:
		return usage.Errorf("--proof-format goes with --certify")
	}
	if c.IsSet(t.formatFlag) {
		f, err := proofFormat(t.proofFormat)
		if err != nil {
			return err
		}
		if !cmd {
			return usage.Errorf("--proof-format goes with --solver-cmd and {proof}: satrun asks %s for %v DRAT", cs.Name(), cs.Format)
		}
		if f == drat.LRAT && t.lrat != "" {
			return usage.Errorf("--lrat with --proof-format lrat: the proof is LRAT already")
		}
		cs.Format = f
	}
	if certified {
		cs.LRAT = t.lrat
	}
	if t.verbose {
		cfg.Verbose = c.Stderr
		if certified && cs.Progress == nil {
			cs.Progress = c.Stderr // as --stats does
		}
	}
	return nil
}

// quietName returns the flag of -q and -n that is set, as the usage
// line writes it.
func (t *talk) quietName() string {
	if t.quiet {
		return "-q"
	}
	return "-n"
}

// proofFormat returns the drat.Format called s: auto, text, binary or
// lrat.
func proofFormat(s string) (drat.Format, error) {
	for _, f := range []drat.Format{drat.Auto, drat.Text, drat.Binary, drat.LRAT} {
		if s == f.String() {
			return f, nil
		}
	}
	return 0, usage.Errorf("--proof-format %q: want auto, text, binary or lrat", s)
}

// filter returns w, through which satrun writes its answer, less the
// lines -q and -n leave out: with -q every line but the "s" lines, with
// -n the "v" lines.
func (t *talk) filter(w io.Writer) io.Writer {
	switch {
	case t.quiet:
		return &lineFilter{w: w, keep: func(b byte) bool { return b == 's' }}
	case t.noModel:
		return &lineFilter{w: w, keep: func(b byte) bool { return b != 'v' }}
	}
	return w
}

// lineFilter writes to w the lines written to it whose first byte keep
// accepts, as they come: nothing is held.
type lineFilter struct {
	w         io.Writer
	keep      func(first byte) bool
	mid, pass bool // within a line; whether it goes to w
}

func (f *lineFilter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if !f.mid {
			f.mid, f.pass = true, f.keep(p[0])
		}
		piece := p
		if i := bytes.IndexByte(p, '\n'); i >= 0 {
			piece, p, f.mid = p[:i+1], p[i+1:], false
		} else {
			p = nil
		}
		if f.pass {
			if _, err := f.w.Write(piece); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}
