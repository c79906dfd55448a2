// Package cnf2moves is the cnf2moves command's action, apart from its flags
// (cmd/cnf2moves/main.go) and its manual (cmd/cnf2moves/doc.go).
package cnf2moves

import (
	"fmt"
	"io"

	"github.com/pipesat/pipesat/decoders/moves"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run is cnf2moves's action.
func Run(c *cmdio.Cmd) error {
	if err := c.NoOperandsAfter(1); err != nil {
		return err
	}
	var fallback func() (*twisty.Encoding, error)
	if c.IsSet("definition") || c.IsSet("state") || c.IsSet("scramble") || c.IsSet("depth") {
		d := c.Int("depth")
		if !c.IsSet("definition") || c.IsSet("state") == c.IsSet("scramble") || !c.IsSet("depth") {
			return cmdio.Usagef("--definition, --depth and one of --state or --scramble go together")
		} else if err := twisty.CheckDepth("--depth", d); err != nil {
			return cmdio.Usage(err)
		}
		start := twisty.Start{Definition: c.String("definition"), State: c.String("state"), Scramble: c.Int("scramble"), Seed: c.Uint64("seed")}
		fallback = func() (*twisty.Encoding, error) {
			p, st, _, _, err := start.Load(c.Stdin)
			if err != nil {
				return nil, err
			}
			return twisty.NewEncoding(p, st, d)
		}
	}
	in, name, closeIn, err := cmdio.Open(c.Operand(0), c.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	res, err := moves.Decode(in, name, fallback)
	switch {
	case err != nil && (!dimacs.AfterOutput(err) || res.Status != dimacs.Sat):
		return err
	case res.Status == dimacs.Unsat:
		return cmdio.ExitStatus{Code: 20, Msg: fmt.Sprintf("no solution in at most %d turns", res.Encoding.Depth)}
	case res.Status != dimacs.Sat:
		return cmdio.Answer(0)
	}
	w, done := cmdio.Out(c.String("output"), c.Stdout)
	if _, werr := io.WriteString(w, res.Text()); werr != nil {
		return werr
	}
	if err == nil {
		err = cmdio.Answer(10) // else the solver failed after these models
	}
	return done(err)
}
