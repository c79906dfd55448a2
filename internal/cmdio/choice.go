package cmdio

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// Choice is the value of a flag that takes one word of a fixed set
// (--names none|primary|all, --encoding, --solver, ...): the set is
// declared once, with the flag, and the parser checks it ("--names: \"x\"
// is not none, primary or all", a usage error), the help and the manual
// list it, and the completions offer it.
type Choice struct {
	// Dest is where the word goes.
	Dest *string
	// Words are the values, in the order the help lists them.
	Words []string
	// Hidden are words accepted too but not shown: an old name the
	// command maps to one of Words (nono2cnf's --names cells), or a word
	// the command refuses with a message of its own (nonosolve's --format
	// svg names the pipeline that draws).
	Hidden []string
	// File makes any other value a file's name, not checked here
	// (--definition: a built-in puzzle's name or a YAML file).
	File bool
	// Paths accepts too a path (a value with a slash) whose base name is
	// one of Words: --solver /opt/kissat/build/kissat.
	Paths bool
}

// Set checks v and stores it in *c.Dest.
func (c *Choice) Set(v string) error {
	path := c.Paths && strings.Contains(v, "/") && slices.Contains(c.Words, filepath.Base(v))
	if !c.File && !path && !slices.Contains(c.Words, v) && !slices.Contains(c.Hidden, v) {
		if c.Paths {
			return fmt.Errorf("%q is not %s, or a path to one", v, orList(c.Words))
		}
		return fmt.Errorf("%q is not %s", v, orList(c.Words))
	}
	*c.Dest = v
	return nil
}

// String returns the word set, or the default before any.
func (c *Choice) String() string {
	if c.Dest == nil {
		return ""
	}
	return *c.Dest
}

// ChoiceFlag returns the flag --name, which sets *p to one of words (def
// when it is not given), with the usage text usage (see FlagDoc).
func ChoiceFlag(name string, p *string, def, usage string, words ...string) *cli.GenericFlag {
	*p = def
	return &cli.GenericFlag{Name: name, Usage: usage, Value: &Choice{Dest: p, Words: words}}
}

// Words returns the String of each of values, the words of a Choice whose
// values are a library's constants (nonogram.Automaton, ...), so that the
// words are the library's own.
func Words[T fmt.Stringer](values ...T) []string {
	w := make([]string, len(values))
	for i, v := range values {
		w[i] = v.String()
	}
	return w
}

// choiceOf returns the Choice f sets, or nil if f is not a choice flag.
func choiceOf(f cli.Flag) *Choice {
	if g, ok := f.(*cli.GenericFlag); ok {
		c, _ := g.Value.(*Choice)
		return c
	}
	return nil
}

// orList writes words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
