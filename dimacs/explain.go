package dimacs

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pipesat/pipesat/textpos"
)

// Explanation is what satrun --explain prints after its answer, as
// decoders read it back (Output.Explain): the groups of a conflict after
// "s UNSATISFIABLE", or the groups that force a unique solution after its
// model. Its lines (without "c "), in order:
//
//	conflict not minimal (timeout)           only when ctx ended while shrinking
//	conflict group ID NAME                   one per group, in increasing ID
//	conflict: N of M groups, found by ...    the summary: N groups of the M in the formula
//
// and for a solution
//
//	needed not minimal (timeout)             only when ctx ended while shrinking
//	needed group ID NAME                     one per group, in increasing ID
//	needed: N of M groups force the solution, found by ...
//
// or, when another solution exists, the one line
//
//	needed: none, the solution is not unique
type Explanation struct {
	// Needed says the groups force a solution; else they conflict.
	Needed bool
	// Groups are the groups named, with ID and Name only.
	Groups []Group
	// Of is the number of groups in the formula.
	Of int
	// NotMinimal says the groups may hold some that are not needed:
	// satrun's time ran out while it shrank them.
	NotMinimal bool
	// NotUnique says the solution has no set of groups that forces it.
	NotUnique bool
	// How is the summary's account of how the groups were found: "found
	// by gini in 14 calls (9 models checked), 0.12 s".
	How string
	// Line is the line of the summary.
	Line int

	size        int  // N of the summary
	done        bool // the summary has been read
	first, last int  // the lines of the first and the last explanation line
	mixed       int  // the line of a "conflict" line among "needed" lines or the other way round, or of one after the summary
}

// ExplainStats is how an explanation was found, for its summary line.
type ExplainStats struct {
	Solver        string
	Calls, Models int
	Wall          time.Duration
	Proven        bool // a checked proof says the conflict is unsatisfiable
}

func (s ExplainStats) String() string {
	how := fmt.Sprintf("found by %s in %d calls (%d models checked), %.3f s", s.Solver, s.Calls, s.Models, s.Wall.Seconds())
	if s.Proven {
		how += ", proof verified"
	}
	return how
}

// ExplainLines returns the comment texts (without "c ") of e as satrun
// prints them, Line and the parsed fields aside: see Explanation.
func ExplainLines(e *Explanation) []string {
	what := "conflict"
	if e.Needed {
		what = "needed"
	}
	if e.NotUnique {
		return []string{"needed: none, the solution is not unique"}
	}
	var out []string
	if e.NotMinimal {
		out = append(out, what+" not minimal (timeout)")
	}
	for _, g := range e.Groups {
		out = append(out, what+" group "+strconv.Itoa(g.ID)+" "+CleanGroupName(g.Name))
	}
	sum := fmt.Sprintf("%s: %d of %d groups", what, len(e.Groups), e.Of)
	if e.Needed {
		sum += " force the solution"
	}
	if e.How != "" {
		sum += ", " + e.How
	}
	return append(out, sum)
}

// explainLine takes comment text c (without "c ") of line line into
// o.Explain if it is an explanation line (see Explanation) and reports
// whether it was. A line of another shape, even one that starts
// "conflict", is a solver's comment: ignored. Decodable checks that the
// lines agree.
func (o *Output) explainLine(c string, line int) bool {
	needed := strings.HasPrefix(c, "needed")
	rest := strings.TrimPrefix(c, "conflict")
	if needed {
		rest = c[len("needed"):]
	} else if len(rest) == len(c) {
		return false
	}
	e := o.Explain
	fresh := e == nil
	if fresh {
		e = &Explanation{Needed: needed, first: line}
	}
	switch {
	case rest == " not minimal (timeout)":
		e.NotMinimal = true
	case strings.HasPrefix(rest, " group "):
		id, name, _, err := parseGroupTail(rest[len(" group "):])
		if err != nil || id == 0 {
			return false
		}
		e.Groups = append(e.Groups, Group{ID: id, Name: name})
	case rest == ": none, the solution is not unique" && needed:
		e.NotUnique, e.Line = true, line
	case strings.HasPrefix(rest, ": "):
		var n, of int
		if k, _ := fmt.Sscanf(rest, ": %d of %d groups", &n, &of); k != 2 {
			return false
		}
		prefix := fmt.Sprintf(": %d of %d groups", n, of)
		if needed {
			prefix += " force the solution"
		}
		if !strings.HasPrefix(rest, prefix) {
			return false
		}
		e.size, e.Of, e.Line = n, of, line
		e.How = strings.TrimPrefix(rest[len(prefix):], ", ")
	default:
		return false
	}
	if !fresh && (e.Needed != needed || e.done) {
		e.mixed = line
	}
	e.done = e.Line != 0
	e.last = line
	o.Explain = e
	return true
}

// check returns what is wrong with e in a stream whose overall answer is
// st, or nil: a "conflict" line must follow UNSATISFIABLE and a "needed"
// line SATISFIABLE, the summary must come last and count the group lines
// before it, and group IDs must increase.
func (e *Explanation) check(name string, st Status) error {
	at := func(line int, format string, args ...any) error {
		return &textpos.Error{Name: name, Pos: Pos{Line: line, Col: 1}, Msg: fmt.Sprintf(format, args...)}
	}
	what := "conflict"
	if e.Needed {
		what = "needed"
	}
	switch {
	case e.mixed != 0:
		return at(e.mixed, "explanation line out of place: after the summary, or %q and %q lines mixed", "conflict", "needed")
	case !e.done:
		return at(e.last, "the %s lines end without their summary %q", what, "c "+what+": N of M groups")
	case e.Needed && st != Sat:
		return at(e.first, "%q lines need a solution, but the answer is %v", "needed", st)
	case !e.Needed && st != Unsat:
		return at(e.first, "%q lines need UNSATISFIABLE, but the answer is %v", "conflict", st)
	case e.size != len(e.Groups):
		return at(e.Line, "the summary says %d groups, the lines before it name %d", e.size, len(e.Groups))
	case len(e.Groups) > e.Of:
		return at(e.Line, "the summary says %d groups of %d", e.size, e.Of)
	}
	for i := 1; i < len(e.Groups); i++ {
		if e.Groups[i].ID <= e.Groups[i-1].ID {
			return at(e.Line, "group %d after group %d: want increasing IDs", e.Groups[i].ID, e.Groups[i-1].ID)
		}
	}
	return nil
}

// Sentence returns the line (without "c " and the line end) a decoder
// ends with after e, naming each group with words(name) in the puzzle's
// own words (nil: the group names as they are):
//
//	no solution: row 3 (2 1), row 7 (5) and column 12 (1 1 3) cannot all hold; each of the others can be dropped
//	no solution: given r2c5=7 cannot hold; each of the others can be dropped
//	no solution: the rules contradict each other, whatever the clues
//	the solution needs clue line 12 (same Brit red) and ...: without any one of them there is another; the other 9 can be dropped
//	the solution is not unique: no set of clues forces it
//
// A conflict not shown minimal ends "(not minimal: the search for a
// smaller one ran out of time)".
func (e *Explanation) Sentence(words func(name string) string) string {
	if words == nil {
		words = func(n string) string { return n }
	}
	var names []string
	for _, g := range e.Groups {
		names = append(names, words(g.Name))
	}
	list := strings.Join(names, ", ")
	if n := len(names); n >= 2 {
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	others := e.Of - len(e.Groups)
	switch {
	case e.Needed && e.NotUnique:
		return "the solution is not unique: no set of clues forces it"
	case e.Needed && len(names) == 0:
		return "the solution needs no clue: the rules alone force it"
	case e.Needed && e.NotMinimal:
		s := "the solution is forced by " + list
		if others > 0 {
			s += fmt.Sprintf("; the other %d can be dropped", others)
		}
		return s + " (not minimal: the search for fewer ran out of time)"
	case e.Needed:
		s := "the solution needs " + list + ": without any one of them there is another"
		if len(names) == 1 {
			s = "the solution needs " + list + ": without it there is another"
		}
		if others > 0 {
			s += fmt.Sprintf("; the other %d can be dropped", others)
		}
		return s
	}
	var s string
	switch len(names) {
	case 0:
		s = "no solution: the rules contradict each other, whatever the clues"
	case 1:
		s = "no solution: " + list + " cannot hold"
	default:
		s = "no solution: " + list + " cannot all hold"
	}
	if len(names) > 0 && others > 0 {
		s += "; each of the others can be dropped"
	}
	if e.NotMinimal {
		s += " (not minimal: the search for a smaller one ran out of time)"
	}
	return s
}
