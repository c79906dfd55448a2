// Package twistyflag is the flags of cube2cnf, cubesolve and cnf2moves
// that give a twisty puzzle and its start state. It is not in cmdio so
// that the other tools link no YAML reader (the package initialisation of
// go.yaml.in/yaml costs every start about 0.1 ms).
package twistyflag

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
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

// Check returns a usage error unless the flags name a definition and give
// exactly one start, and a scramble of at most twisty.MaxScramble turns.
func (t *Twisty) Check() error {
	if t.Definition == "" {
		return usage.Wrap(errors.New("--definition is required"))
	}
	n := 0
	for _, set := range []bool{t.State != "", t.Moves != "", t.Scramble >= 0} {
		if set {
			n++
		}
	}
	if n != 1 {
		return usage.Wrap(errors.New("give exactly one of --state, --moves and --scramble"))
	}
	if t.Scramble > twisty.MaxScramble {
		return usage.Errorf("--scramble: want 0..%d", twisty.MaxScramble)
	}
	return nil
}

// CheckDepth returns a usage error naming flag unless 0 <= d <=
// twisty.MaxDepth.
func CheckDepth(flag string, d int) error {
	if d < 0 || d > twisty.MaxDepth {
		return usage.Errorf("%s: want 0..%d", flag, twisty.MaxDepth)
	}
	return nil
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
	t.Seed = twisty.RandomSeed()
	return fmt.Sprintf("c seed %d (random: --seed %d repeats this scramble)\n", t.Seed, t.Seed)
}

// Nets returns the manual's section on sticker numbers: the net of each
// built-in definition with a net, numbered as --state counts, in doc
// comment syntax (see cmdio.Tool.More).
func Nets() string {
	var b strings.Builder
	b.WriteString("Sticker numbers: --state lists the stickers' colours in the order of\n")
	b.WriteString("these numbers, drawn on each built-in definition's net beside its solved\n")
	b.WriteString("colours (a definition file draws its own with a net: key; the file\n")
	b.WriteString("counts from 0, --state, the CNF's names and satrun --explain from 1):\n")
	for _, name := range twisty.Definitions() {
		p, err := twisty.ReadPuzzle(name, nil)
		if err != nil || p.Net == nil {
			continue // a built-in definition reads: its tests say so
		}
		b.WriteString("\n\t" + name + ":\n")
		for l := range strings.Lines(p.DrawNet()) {
			b.WriteString("\t" + l)
		}
	}
	return b.String()
}
