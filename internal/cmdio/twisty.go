package cmdio

import (
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/urfave/cli/v2"
)

// Twisty is the flags that give a twisty puzzle and its start state, as
// twisty.Start holds them: --definition (--puzzle, its old name), --state,
// --moves, --scramble and --seed, of cube2cnf, cubesolve and cnf2moves.
type Twisty struct {
	twisty.Start

	definition, state, scramble, seed cli.Flag
}

// Flags returns the flags bound to t.Start: all five with moves, else all
// but --moves (cnf2moves has none).
func (t *Twisty) Flags(moves bool) []cli.Flag {
	t.definition = &cli.StringFlag{Name: "definition", Aliases: []string{"puzzle"}, Destination: &t.Definition}
	t.state = &cli.StringFlag{Name: "state", Destination: &t.State}
	t.scramble = &cli.IntFlag{Name: "scramble", Value: -1, Destination: &t.Scramble}
	t.seed = &cli.Uint64Flag{Name: "seed", Destination: &t.Seed}
	fs := []cli.Flag{t.definition, t.state, t.scramble, t.seed}
	if moves {
		fs = append(fs, &cli.StringFlag{Name: "moves", Destination: &t.Moves})
	}
	return fs
}

// Given reports which of --definition, --state and --scramble the command
// line gives.
func (t *Twisty) Given(c *Cmd) (definition, state, scramble bool) {
	return c.IsSet(t.definition), c.IsSet(t.state), c.IsSet(t.scramble)
}

// SeedGiven reports whether the command line gives --seed.
func (t *Twisty) SeedGiven(c *Cmd) bool { return c.IsSet(t.seed) }

// RandomSeed gives a --scramble without --seed a random seed
// (twisty.RandomSeed), so that every run scrambles anew, and returns the
// line that says which, "c seed S (random: --seed S repeats this
// scramble)\n"; "" when there is no scramble or the command line gives
// its seed.
func (t *Twisty) RandomSeed(c *Cmd) (line string) {
	if !c.IsSet(t.scramble) || t.SeedGiven(c) {
		return ""
	}
	t.Seed, line = twisty.RandomSeed()
	return line
}

// DepthFlag returns --depth, which sets *p (-1 when not given): the number
// of turns of cube2cnf's formula, and of cnf2moves' when it encodes one.
func DepthFlag(p *int) *cli.IntFlag { return &cli.IntFlag{Name: "depth", Value: -1, Destination: p} }
