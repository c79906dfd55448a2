package dimacs

import (
	"fmt"
	"io"
	"strings"
)

// Uniqueness is what a solver's output says about the number of solutions
// a decoder found in it (Output.Uniqueness).
type Uniqueness int

// The values of Uniqueness.
const (
	// NotChecked: one plain answer, or none, says nothing.
	NotChecked Uniqueness = iota
	// Unique: exactly one solution, and the output lists every model
	// (Output.Complete).
	Unique
	// NotUnique: two solutions or more.
	NotUnique
)

var uniquenessNames = []string{"not checked", "unique", "not unique"}

func (u Uniqueness) String() string {
	if u >= 0 && int(u) < len(uniquenessNames) {
		return uniquenessNames[u]
	}
	return fmt.Sprintf("Uniqueness(%d)", int(u))
}

// Uniqueness returns what the output says of n distinct solutions a
// decoder found in it: NotUnique for two or more, Unique for one when the
// output is Complete, else NotChecked.
func (o *Output) Uniqueness(n int) Uniqueness {
	switch {
	case n >= 2:
		return NotUnique
	case n == 1 && o.Complete():
		return Unique
	}
	return NotChecked
}

// Decoded is what a decoder found in a solver's output, the part of its
// result every decoder shares (Output.WriteEnding returns it).
type Decoded struct {
	Status     Status // the output's answer (Output.Status)
	Solutions  int    // the distinct solutions the decoder printed
	Uniqueness Uniqueness
}

// Ending says how a decoder ends its text (Output.WriteEnding).
type Ending struct {
	// Count ends with a count of the solutions instead of the Verdict
	// (cnf2vals, whose blocks are assignments rather than puzzle
	// solutions): "c solutions N" when the output is Complete, "c at
	// least N solutions" when it holds several models or an enumeration
	// cut short, else nothing.
	Count bool
	// Differ is a line, with its newline, after the verdict: cnf2grid's
	// "c they differ in CELLS" for several pictures.
	Differ string
	// Words words a group's name in the sentence of satrun --explain
	// (Explanation.Sentence); nil leaves the names as they are.
	Words func(name string) string
}

// WriteEnding writes to w the lines every decoder ends its text with after the n
// distinct solutions it printed from o, and returns what it found with
// the error the decoder returns. The lines are Verdict(n) (or e's count
// line), e.Differ, and the sentence of satrun --explain ("c the solution
// needs ...", or with no solution "c no solution: ... cannot all hold;
// ..."). The error is w's, else Failed(): a decoder prints the solutions
// there are before it says the solver failed; with e.Count and an "at
// least N" line, CountError(). w is best a buffer the caller flushes.
func (o *Output) WriteEnding(w io.Writer, n int, e Ending) (Decoded, error) {
	d := Decoded{Status: o.Status(), Solutions: n, Uniqueness: o.Uniqueness(n)}
	var b strings.Builder
	after := o.Failed()
	switch {
	case !e.Count:
		b.WriteString(o.Verdict(n))
	case n == 0:
	case o.Complete():
		fmt.Fprintf(&b, "c solutions %d\n", n)
	case o.satAnswers() > 1 || o.Stop != nil:
		s := "s"
		if n == 1 {
			s = ""
		}
		fmt.Fprintf(&b, "c at least %d solution%s\n", n, s)
		after = o.CountError()
	}
	b.WriteString(e.Differ)
	if x := o.Explain; x != nil && (x.Needed == (n > 0)) {
		b.WriteString("c " + x.Sentence(e.Words) + "\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return d, err
	}
	return d, after
}
