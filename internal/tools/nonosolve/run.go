// Package nonosolve is the nonosolve command: its flags and what it does
// with them (nono2cnf's encoding, satrun's solve and model check, and
// cnf2grid's picture, in one process with no text in between); its
// manual is cmd/nonosolve/doc.go.
package nonosolve

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/gridflag"
	"github.com/pipesat/pipesat/internal/cmdio/nonoflag"
	"github.com/pipesat/pipesat/internal/cmdio/solverflag"
	"github.com/pipesat/pipesat/solver"
	"github.com/pipesat/pipesat/solver/mus"
	"github.com/urfave/cli/v2"
)

// Main runs nonosolve, whose manual is doc, on the process's arguments
// and returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are nonosolve's flags.
type options struct {
	picture  gridflag.Picture
	nonogram nonoflag.Nonogram
	solver   solverflag.Solver
	models   cmdio.Models
	explain  bool
	status   cmdio.Status
}

// Tool returns nonosolve, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{solver: solverflag.Solver{Default: "gini"}}
	// Signals are caught only when a solver process may run or models
	// are listed (see run): a plain solve with embedded gini, the
	// default, has nothing to stop or print, and catching them costs a
	// goroutine and a thread at every start.
	return &cmdio.Tool{Name: "nonosolve", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: slices.Concat(o.nonogram.Flags(), o.solver.Flags(), o.models.Flags(),
			[]cli.Flag{cmdio.ExplainFlag(&o.explain)},
			o.picture.Flags("text", grid.Text, grid.Unicode, grid.Goal, grid.PNG, grid.SVG, grid.PDF),
			[]cli.Flag{o.status.Flag()}),
	}
}

// check returns a usage error for a flag's bad value, else the picture's
// options.
func (o *options) check(c *cmdio.Cmd) (grid.Options, error) {
	if err := c.NoOperandsAfter(1); err != nil {
		return grid.Options{}, err
	}
	if err := o.nonogram.Check(c); err != nil {
		return grid.Options{}, err
	}
	if err := o.models.Check(c); err != nil {
		return grid.Options{}, err
	}
	if o.explain && o.models.Given(c) {
		return grid.Options{}, cmdio.ErrExplainModels
	}
	return o.picture.Options(c)
}

// run is nonosolve's action.
func (o *options) run(c *cmdio.Cmd) error {
	opts, err := o.check(c)
	if err != nil {
		return err
	}
	s, auto, err := o.solver.Choose(c)
	if err != nil {
		return err
	}
	p, _, err := o.nonogram.Read(c)
	if err != nil {
		return err
	}
	opts.Puzzle = p
	job := solve{max: 1, auto: auto, certify: o.solver.Certify, explain: o.explain, opts: o.nonogram.Options(),
		search: !o.nonogram.EncodingGiven(c)}
	if o.models.Given(c) {
		job.enumerate, job.max = true, o.models.Max
	}
	ctx := c.Context()
	if _, gini := s.(solver.Gini); !gini || auto || job.enumerate {
		// A solver process, or models to list: SIGINT, SIGTERM and
		// SIGHUP stop the process tree and remove its files, and the
		// models found so far are printed, as in satrun.
		var stop context.CancelFunc
		ctx, stop = cmdio.SignalContext(ctx)
		defer stop()
	}
	if t := o.solver.Timeout; t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t)
		defer cancel()
	}
	out, serr := job.run(ctx, s, p)
	var res grid.Result
	var derr error
	if out != nil {
		res, derr = o.picture.Write(c, func(w, msg io.Writer) (grid.Result, error) { return grid.DecodeOutput(out, opts, w, msg) })
	}
	switch code, sig := cmdio.SignalStatus(ctx); {
	case sig:
		return cmdio.ExitStatus{Code: code, Msg: "stopped: " + context.Cause(ctx).Error()}
	case serr != nil:
		return o.nonogram.Words(serr)
	case derr != nil:
		return derr
	}
	return o.status.Exit(res.Status)
}

// solve is what the flags ask of one puzzle: one answer, or with
// enumerate up to max models (0: all); auto says --solver auto picked the
// solver (an enumeration then picks solver.AutoEnumerator, as satrun
// does), certify that it proves its UNSAT answers.
type solve struct {
	enumerate, auto, certify bool
	explain                  bool // satrun --explain's answer (explained)
	max                      int
	opts                     nonogram.Options // the encoding
	// search says the encoding is presolve's choice for the open cells
	// (Presolved.Search), the user having named none.
	search bool
}

// run presolves p, encodes it into a formula held in memory, solves it
// with s and returns the answer as dimacs.ReadAnswer would read satrun's
// output of nono2cnf's formula: the same pipesat lines, models and
// verdict. When line logic fixes every cell the formula is one unit
// clause per cell: its picture is checked against the formula and is
// the only solution, with no solver call (unless certify asks for a
// proof). A failed solver returns the error, and an output with the
// verified models found before it when there are any (nil otherwise).
func (j solve) run(ctx context.Context, s solver.Solver, p *nonogram.Puzzle) (*dimacs.Output, error) {
	if j.explain {
		return j.explained(ctx, s, p)
	}
	pre := nonogram.Presolve(p)
	opts := j.opts
	opts.Style, opts.Presolved = cnfstyle.Style{Names: cnfstyle.None}, pre
	if j.search {
		opts.Encoding = pre.Search()
	}
	f, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return nonogram.Encode(dst, p, opts) })
	if err != nil {
		return nil, err
	}
	var models []dimacs.Model
	var e *solver.Enumeration
	if pic, ok := pre.Picture(); ok && !j.certify {
		m := dimacs.NewModel(f.Vars)
		for i, black := range pic {
			if black {
				m.Set(i + 1)
			} else {
				m.Set(-(i + 1))
			}
		}
		if err := f.Check(m); err != nil {
			return nil, fmt.Errorf("line logic's picture breaks the formula: %v", err)
		}
		// Fixed cells hold in every solution: there is no other.
		models, e = []dimacs.Model{m.Completed(f.Vars)}, &solver.Enumeration{Models: 1, Rest: dimacs.Unsat}
		if !j.enumerate || j.max == 1 {
			e.Rest = dimacs.Sat
		}
	} else {
		eo := solver.EnumOptions{Max: 1, Verify: true}
		if j.enumerate {
			eo.Max = j.max
			if eo.Project, err = solver.Primary(f); err != nil {
				return nil, err
			}
			if j.auto && j.max != 1 {
				s = solver.AutoEnumerator(f.Vars, eo.Project)
			}
		}
		var serr error
		e, serr = solver.Enumerate(ctx, s, f, eo, func(m dimacs.Model) error {
			models = append(models, m.Completed(f.Vars))
			return nil
		})
		if serr != nil {
			if !j.enumerate || len(models) == 0 {
				return nil, serr
			}
			out := answer(ctx, f, models, e, j.enumerate)
			out.Stop = &dimacs.Stop{Kind: dimacs.StopError, Reason: serr.Error(), Models: len(models)}
			return out, serr
		}
	}
	out := answer(ctx, f, models, e, j.enumerate)
	if c, ok := s.(*solver.Certified); ok && c.Proven > 0 && e.Rest == dimacs.Unsat {
		out.Proven = true
	}
	return out, nil
}

// answer returns what dimacs.ReadAnswer reads of satrun's output for
// enumeration e of f (satrun --all or --max when enumerate): f's pipesat
// lines, then each model, then for an enumeration "c solutions N" when
// it ended (no more models, or "c limit N reached" at --max), "c UNKNOWN:
// ... after N models" when ctx or the solver gave up first.
func answer(ctx context.Context, f *dimacs.Formula, models []dimacs.Model, e *solver.Enumeration, enumerate bool) *dimacs.Output {
	out := &dimacs.Output{Pipesat: f.Pipesat(), Count: -1, Name: "<nonosolve>", Dialect: dimacs.Competition}
	for i := range out.Pipesat {
		out.PipesatLines = append(out.PipesatLines, i+1)
	}
	for _, m := range models {
		out.Answers = append(out.Answers, dimacs.Answer{Status: dimacs.Sat, Model: m})
	}
	if len(models) == 0 {
		out.Answers = append(out.Answers, dimacs.Answer{Status: e.Rest})
	}
	if !enumerate {
		return out
	}
	switch {
	case e.Rest == dimacs.Sat:
		out.Limited, out.Limit = true, len(models)
	case e.Rest == dimacs.Unknown && len(models) > 0:
		out.Stop = &dimacs.Stop{Kind: dimacs.StopUnknown, Reason: solver.UnknownReason(ctx), Models: len(models)}
	}
	if e.Rest != dimacs.Unknown {
		out.Count = len(models)
	}
	return out
}

// explained encodes p's full formula, without presolve, whose groups are
// the clues, and answers it as nono2cnf --presolve=false | satrun
// --explain does (mus.WriteAnswer): returned as dimacs.ReadAnswer reads
// that answer, for the same words in the decoder.
func (j solve) explained(ctx context.Context, s solver.Solver, p *nonogram.Puzzle) (*dimacs.Output, error) {
	opts := j.opts
	opts.Style = cnfstyle.Style{Names: cnfstyle.None}
	f, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return nonogram.Encode(dst, p, opts) })
	if err != nil {
		return nil, err
	}
	proj, err := solver.Primary(f) // the cells, as satrun projects on them
	if err != nil {
		return nil, err
	}
	var text bytes.Buffer
	w := bufio.NewWriter(&text)
	f.WriteForwarded(w)
	if _, err := mus.WriteAnswer(ctx, s, f, nil, proj, w); err != nil {
		return nil, err
	}
	return dimacs.ReadAnswer(&text, "<nonosolve>")
}
