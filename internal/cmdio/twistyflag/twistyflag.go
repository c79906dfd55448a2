// Package twistyflag is the flags of cube2cnf, cubesolve and cnf2moves
// that give a twisty puzzle and its start state. It is not in cmdio so
// that the other tools link no YAML reader (the package initialisation of
// go.yaml.in/yaml costs every start about 0.1 ms).
package twistyflag

import (
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
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
	def := &cmdio.Choice{Dest: &t.Definition, Words: twisty.Definitions(), File: true}
	t.definition = &cli.GenericFlag{Name: "definition", Aliases: []string{"puzzle"}, Value: def, TakesFile: true,
		Usage: "the puzzle: a built-in one's `NAME`, or a YAML file"}
	t.state = &cli.StringFlag{Name: "state", Destination: &t.State, Usage: "the start state: each sticker's colour, in the definition's order (`COLOURS`)"}
	t.scramble = &cli.IntFlag{Name: "scramble", Value: -1, Destination: &t.Scramble, Usage: "start from `N` random turns"}
	t.seed = &cli.Uint64Flag{Name: "seed", Destination: &t.Seed, Usage: "the `SEED` of --scramble's turns, random if not given"}
	fs := []cli.Flag{t.definition, t.state, t.scramble, t.seed}
	if moves {
		fs = append(fs, &cli.StringFlag{Name: "moves", Destination: &t.Moves, Usage: "start from the solved state turned by `TURNS`"})
	}
	return fs
}

// Given reports which of --definition, --state and --scramble the command
// line gives.
func (t *Twisty) Given(c *cmdio.Cmd) (definition, state, scramble bool) {
	return c.IsSet(t.definition), c.IsSet(t.state), c.IsSet(t.scramble)
}

// SeedGiven reports whether the command line gives --seed.
func (t *Twisty) SeedGiven(c *cmdio.Cmd) bool { return c.IsSet(t.seed) }

// RandomSeed gives a --scramble without --seed a random seed
// (twisty.RandomSeed), so that every run scrambles anew, and returns the
// line that says which, "c seed S (random: --seed S repeats this
// scramble)\n"; "" when there is no scramble or the command line gives
// its seed.
func (t *Twisty) RandomSeed(c *cmdio.Cmd) (line string) {
	if !c.IsSet(t.scramble) || t.SeedGiven(c) {
		return ""
	}
	t.Seed, line = twisty.RandomSeed()
	return line
}
