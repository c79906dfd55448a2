// Package cnf2moves is the cnf2moves command: its flags and what it does
// with them; its manual is cmd/cnf2moves/doc.go.
package cnf2moves

import (
	"errors"
	"fmt"
	"io"

	"github.com/pipesat/pipesat/decoders/moves"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/twistyflag"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Main runs cnf2moves, whose manual is doc, on the process's arguments
// and returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are cnf2moves's flags: the puzzle to encode again when the
// solver's output has lost its header.
type options struct {
	twisty    twistyflag.Twisty
	depth     int
	depthFlag cli.Flag
	output    cmdio.Output
	status    cmdio.Status
}

// Tool returns cnf2moves, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	o.depthFlag = cmdio.DepthFlag(&o.depth)
	return &cmdio.Tool{Name: "cnf2moves", Doc: doc, Action: o.run, Operands: "[FILE]",
		Flags: append(o.twisty.Flags(false), o.depthFlag, o.output.Flag(), o.status.Flag()),
	}
}

// run is cnf2moves's action.
func (o *options) run(c *cmdio.Cmd) error {
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	var fallback func() (*twisty.Encoding, error)
	definition, state, scramble := o.twisty.Given(c)
	if depth := c.IsSet(o.depthFlag); definition || state || scramble || depth {
		if !definition || state == scramble || !depth {
			return usage.Errorf("--definition, --depth and one of --state or --scramble go together")
		} else if scramble && !o.twisty.SeedGiven(c) {
			return usage.Errorf("--scramble needs --seed: the seed the CNF's scramble was made with (its \"c pipesat args\" line names it)")
		} else if err := twistyflag.CheckDepth("--depth", o.depth); err != nil {
			return err
		}
		start := o.twisty.Start
		fallback = func() (*twisty.Encoding, error) {
			p, st, _, _, err := start.Load(c.Stdin)
			if err != nil {
				return nil, err
			}
			return twisty.NewEncoding(p, st, o.depth)
		}
	}
	in, name, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	res, err := moves.Decode(in, name, fallback)
	if errors.Is(err, twisty.ErrNoHeader) {
		err = fmt.Errorf("%w: give --definition, --state and --depth", err)
	}
	switch {
	case err != nil && (!dimacs.AfterOutput(err) || res.Status != dimacs.Sat):
		return err
	case res.Status != dimacs.Sat && res.Status != dimacs.Unsat:
		return o.status.Answer(dimacs.Unknown)
	}
	w, done := o.output.Writer(c)
	if res.Status == dimacs.Unsat {
		// After satrun --explain, the sentence that names the
		// conflict; else nothing.
		if _, werr := io.WriteString(w, res.Verdict); werr != nil {
			return werr
		}
		return done(cmdio.ExitStatus{Code: o.status.Code(dimacs.Unsat), Msg: fmt.Sprintf("no solution in at most %d turns", res.Encoding.Depth)})
	}
	if _, werr := io.WriteString(w, res.Text()); werr != nil {
		return werr
	}
	if err == nil {
		err = o.status.Answer(dimacs.Sat) // else the solver failed after these models
	}
	return done(err)
}
