package dimacs

import (
	"fmt"
	"hash/maphash"
	"io"
	"slices"
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

// A Repeat is a solution a decoder found twice: its Item-th (from 1) is
// the same as its earlier Of-th.
type Repeat struct{ Item, Of int }

// Distinct returns the solutions of sols that differ from every earlier
// one, in their order, and the Repeats it left out. An enumeration lists
// each model once, so a repeat comes from a stream put together by hand
// or a solver that lists a model twice: a decoder shows and counts it
// once, and says so (Ending.Repeats), rather than count two solutions.
func Distinct[S ~[]E, E comparable](sols []S) ([]S, []Repeat) {
	seed := maphash.MakeSeed()
	first := map[uint64][]int{} // hash → indexes in kept
	var kept []S
	var origin []int // the index in sols of each kept solution
	var reps []Repeat
next:
	for i, s := range sols {
		var h maphash.Hash
		h.SetSeed(seed)
		for _, e := range s {
			maphash.WriteComparable(&h, e)
		}
		sum := h.Sum64()
		for _, k := range first[sum] {
			if slices.Equal(kept[k], s) {
				reps = append(reps, Repeat{Item: i + 1, Of: origin[k] + 1})
				continue next
			}
		}
		first[sum] = append(first[sum], len(kept))
		kept = append(kept, s)
		origin = append(origin, i)
	}
	return kept, reps
}

// Ending says how a decoder ends its text (Output.WriteEnding).
type Ending struct {
	// Repeats are the solutions of the output that Distinct left out,
	// numbered as the output lists them: a line "c solution 2 repeats
	// solution 1: counted once" (or, for several, "c 3 solutions repeat
	// earlier ones, each counted once: 2 (of 1), 4 (of 1), 5 (of 3)")
	// comes before the verdict.
	Repeats []Repeat
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
	b.WriteString(repeatLine(e.Repeats))
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

// repeatLine returns the line, with its newline, that names the repeated
// solutions reps ("" for none), the first 20 of them.
func repeatLine(reps []Repeat) string {
	switch len(reps) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("c solution %d repeats solution %d: counted once\n", reps[0].Item, reps[0].Of)
	}
	var list []string
	for _, r := range reps[:min(len(reps), 20)] {
		list = append(list, fmt.Sprintf("%d (of %d)", r.Item, r.Of))
	}
	if len(reps) > 20 {
		list = append(list, "...")
	}
	return fmt.Sprintf("c %d solutions repeat earlier ones, each counted once: %s\n", len(reps), strings.Join(list, ", "))
}
