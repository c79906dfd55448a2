package cmdio

import (
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// flagError returns the OnUsageError of a command with the flags flags,
// run with the arguments args (without the program's name): the one place
// that turns what the flag library cannot parse into a usage error. Go's
// flag package names a flag with one dash whatever the user typed
// ("flag provided but not defined: -quiet" for --quiet); the message names
// it as typed instead, and an unknown flag comes with the nearest real one:
//
//	unknown flag --quiet: did you mean --quit?
//	--timeout "x": want seconds (5, 2.5) or a duration (90s, 1m30s)
//	--names: "x" is not none, primary or all
//	--solver needs a value
func flagError(flags []cli.Flag, args []string) cli.OnUsageErrorFunc {
	return func(_ *cli.Context, err error, _ bool) error {
		return usage.Wrap(flagMessage(err, flags, args))
	}
}

// The messages of Go's flag package that name a flag (flag.FlagSet.Parse).
const (
	errUnknown  = "flag provided but not defined: -"
	errNeedsArg = "flag needs an argument: -"
)

// flagMessage returns err, an error of the flag library parsing args, in
// the words flagError describes; an error it does not know stays as it is.
func flagMessage(err error, flags []cli.Flag, args []string) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, errUnknown); ok {
		m := "unknown flag " + typed(name, args)
		if s := suggest(name, flags); s != "" {
			m += ": did you mean " + s + "?"
		}
		return fmt.Errorf("%s", m)
	}
	if name, ok := strings.CutPrefix(msg, errNeedsArg); ok {
		return fmt.Errorf("%s needs a value", typed(name, args))
	}
	// `invalid value "x" for flag -n: parse error` and
	// `invalid boolean value "x" for -all: parse error`.
	for _, prefix := range []string{"invalid value ", "invalid boolean value "} {
		rest, ok := strings.CutPrefix(msg, prefix)
		if !ok {
			continue
		}
		value, rest, ok := strings.Cut(rest, " for ")
		if !ok {
			break
		}
		rest = strings.TrimPrefix(rest, "flag ")
		name, why, ok := strings.Cut(strings.TrimPrefix(rest, "-"), ": ")
		if !ok {
			break
		}
		if choiceOf(lookup(name, flags)) != nil {
			// why names the value and the choices.
			return fmt.Errorf("%s: %s", typed(name, args), why)
		}
		return fmt.Errorf("%s %s: %s", typed(name, args), value, want(name, why, flags))
	}
	return err
}

// typed returns the flag name as args give it: "--quiet" or "-quiet" (or
// "-q"), the dashes as typed; "--name" if args lack it.
func typed(name string, args []string) string {
	for _, a := range args {
		if a == "--" {
			break
		}
		dashes := len(a) - len(strings.TrimLeft(a, "-"))
		n, _, _ := strings.Cut(a[dashes:], "=")
		if dashes == 1 || dashes == 2 {
			if n == name {
				return a[:dashes] + name
			}
		}
	}
	return dashed(name)
}

// dashed returns a flag's name as the manuals write it: "-o" for one
// letter, "--name" for more.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// want returns what a flag takes, for a value the flag library could not
// parse: the flag's own words for a value type of its own (the error
// why), else what its type wants.
func want(name, why string, flags []cli.Flag) string {
	f := lookup(name, flags)
	switch f.(type) {
	case *cli.IntFlag, *cli.Int64Flag:
		return "want a whole number"
	case *cli.UintFlag, *cli.Uint64Flag:
		return "want a whole number, 0 or more"
	case *cli.Float64Flag:
		return "want a number"
	case *cli.BoolFlag:
		return "want true or false"
	}
	return why
}

// lookup returns the flag of flags with the name name, or nil.
func lookup(name string, flags []cli.Flag) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

// suggest returns the name of the flag of flags nearest to name, dashed,
// or "" if none is near: one whose name starts with name or the other way
// round ("--cert" for --certify), or ends in "-" and name ("--format" for
// --input-format), or is at most a third of the shorter
// name's letters away, so never for one or two letters (edits, each an
// insertion, deletion, substitution or swap of two neighbours: "--timout",
// "--no_verify"), case ignored. The nearest wins; of two as near, the one
// declared first. Hand-written: the rule is ten lines, and a library that
// computes the distance would be a dependency for one function.
func suggest(name string, flags []cli.Flag) string {
	var names []string
	for _, f := range flags {
		names = append(names, f.Names()...)
	}
	if best := nearest(name, names, 0); best != "" {
		return dashed(best)
	}
	return ""
}

// NearestWord returns the word of words nearest to name, a mistyped
// command ("rn" for run), or "" if none is near: as suggest's rule, but
// a name of two letters or more may be one edit away.
func NearestWord(name string, words []string) string {
	slack := 0
	if len(name) >= 2 {
		slack = 1
	}
	return nearest(name, words, slack)
}

// nearest returns the name of cands nearest to name by suggest's rule,
// with slack edits allowed whatever the names' lengths.
func nearest(name string, cands []string, slack int) string {
	best, bestD := "", 0
	n := strings.ToLower(name)
	for _, cand := range cands {
		c := strings.ToLower(cand)
		d := editDistance(n, c)
		prefix := len(n) >= 2 && len(c) >= 2 && (strings.HasPrefix(c, n) || strings.HasPrefix(n, c) || strings.HasSuffix(c, "-"+n))
		if !prefix && d > max(slack, min(len(n), len(c))/3) {
			continue
		}
		if best == "" || d < bestD {
			best, bestD = cand, d
		}
	}
	return best
}

// editDistance returns the optimal string alignment distance of a and b:
// the fewest insertions, deletions, substitutions and swaps of neighbouring
// bytes that turn a into b.
func editDistance(a, b string) int {
	// d[i][j] is the distance of a[:i] and b[:j]; three rows suffice.
	prev2, prev, cur := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
