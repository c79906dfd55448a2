// Package cube2cnf is the cube2cnf command: its flags and what it does
// with them; its manual is cmd/cube2cnf/doc.go.
package cube2cnf

import (
	"fmt"
	"strconv"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/twistyflag"
	"github.com/pipesat/pipesat/internal/usage"
)

// Main runs cube2cnf, whose manual is doc, on the process's arguments and
// returns its exit status.
func Main(doc string) int { return cmdio.Main(Tool(doc)) }

// options are cube2cnf's flags.
type options struct {
	twisty twistyflag.Twisty
	depth  int
	code   string
	style  cmdio.Style
	stats  bool
	output cmdio.Output
}

// Tool returns cube2cnf, its flags bound to a new options.
func Tool(doc string) *cmdio.Tool {
	o := &options{}
	return &cmdio.Tool{Name: "cube2cnf", Doc: doc, More: twistyflag.Nets, Action: o.run, Operands: "--definition NAME --depth K",
		Flags: append(append(o.twisty.Flags(true), o.style.Flags("primary")...),
			cmdio.DepthFlag(&o.depth),
			cmdio.ChoiceFlag("code", &o.code, "onehot", "how a sticker's colour becomes variables", cmdio.Words(twisty.OneHot, twisty.Binary)...),
			o.output.Flag(), cmdio.StatsFlag(&o.stats)),
	}
}

// run is cube2cnf's action.
func (o *options) run(c *cmdio.Cmd) error {
	start, d := o.twisty.Start, o.depth
	if err := c.NoOperandsAfter(0); err != nil {
		return err
	} else if err := o.twisty.Check(); err != nil {
		return err
	} else if err := twistyflag.CheckDepth("--depth", d); err != nil {
		return err
	}
	style, err := o.style.Style(c)
	if err != nil {
		return err
	}
	if line := o.twisty.RandomSeed(c); line != "" {
		// The provenance's args make this very CNF again.
		start.Seed = o.twisty.Seed
		style.Provenance.Args = append(style.Provenance.Args, "--seed", strconv.FormatUint(start.Seed, 10))
		fmt.Fprint(c.Stderr, line)
	}
	code, err := twisty.ParseCode(o.code)
	if err != nil {
		return usage.Wrap(err)
	}
	p, st, _, _, err := start.Load(c.Stdin)
	if err != nil {
		return err
	}
	e, err := twisty.NewEncoding(p, st, d)
	if err != nil {
		return err
	}
	e.Code = code
	cnf := &dimacs.Stream{Encode: func(dst dimacs.Adder) (int, error) { return e.Encode(dst, style), nil }}
	if err := o.output.Write(c, cnf); err != nil {
		return err
	}
	if st := cnf.Stats; o.stats {
		fmt.Fprintf(c.Stderr, "c %s depth %d: %d variables (%d primary), %d clauses, %d literals\n",
			p.Name, d, st.Vars, d*(len(e.Turns)+1), st.Clauses, st.Lits)
	}
	return nil
}
