package cnfstyle

import (
	"fmt"

	"github.com/pipesat/pipesat/dimacs"
)

// Names says which variables an encoder names with "c varname" lines.
// The zero value is Primary.
type Names int

const (
	// Primary names the primary variables (cells, squares, values,
	// inputs, turns): the default.
	Primary Names = iota
	// None writes no "c varname" lines.
	None
	// All names every variable, auxiliaries included: each of 1..V gets
	// one unique name.
	All
)

var namesNames = []string{"primary", "none", "all"}

// String returns the option's value: "primary", "none" or "all".
func (n Names) String() string {
	if n >= 0 && int(n) < len(namesNames) {
		return namesNames[n]
	}
	return fmt.Sprintf("Names(%d)", int(n))
}

// ParseNames returns the Names called s.
func ParseNames(s string) (Names, error) {
	for i, n := range namesNames {
		if s == n {
			return Names(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not none, primary or all", s)
}

// Style is what an encoder writes besides the clauses: which names, the
// group comments, and the provenance. Encoders embed it in their options;
// its zero value names the primary variables, writes no group comments and
// no provenance.
type Style struct {
	Names      Names
	Comments   bool       // a comment line before each group of clauses
	Provenance Provenance // written when Provenance.Tool is set
}

// Sink is an encoder's destination as a Style sees it: the clauses go to
// the Adder; each other part goes to its field, which is nil when the
// destination does not take that part (gini takes clauses only) or the
// Style leaves it out. An encoder tests a field once and pays nothing for
// what is not written:
//
//	if s.Aux != nil {
//		s.Aux.SetName(v, fmt.Sprintf("seq %s s%d", ctx, i))
//	}
type Sink struct {
	dimacs.Adder
	Comment dimacs.Commenter // provenance, puzzle lines, other comments
	Primary dimacs.Namer     // names of the primary variables
	Aux     dimacs.Namer     // names of the auxiliary variables (Names All)
	Group   dimacs.Grouper   // group comments (Comments)
	// Groups takes the group lines, whatever the Style: they say which
	// clauses come from which clue, for satrun --explain.
	Groups dimacs.GroupMarker

	lastGroup int                // the ID of the last group BeginGroup started
	clauses   dimacs.ClauseAdder // the Adder, when it is one
	buf       []int              // the clause given to clauses
}

// Sink returns dst as s asks to write to it.
func (s Style) Sink(dst dimacs.Adder) *Sink {
	k := &Sink{Adder: dst}
	k.clauses, _ = dst.(dimacs.ClauseAdder)
	k.Comment, _ = dst.(dimacs.Commenter)
	if n, ok := dst.(dimacs.Namer); ok && s.Names != None {
		k.Primary = n
		if s.Names == All {
			k.Aux = n
		}
	}
	if g, ok := dst.(dimacs.Grouper); ok && s.Comments {
		k.Group = g
	}
	k.Groups, _ = dst.(dimacs.GroupMarker)
	return k
}

// BeginGroup starts the next group, numbered 1, 2, ... in the order they
// begin, called name: the name a person would use for the clue its
// clauses encode, such as `row 3 "2 1"` or `given r2c5=7`. The clauses
// from here to the next BeginGroup or Encoding are its (see
// dimacs.GroupMarker); call it between clauses.
func (k *Sink) BeginGroup(name string) {
	k.lastGroup++
	if k.Groups != nil {
		k.Groups.BeginGroup(k.lastGroup, name)
	}
}

// Encoding goes back to group 0: the clauses from here to the next
// BeginGroup only define the encoding (a cell has one colour, a gate's
// output), and an explanation never drops them.
func (k *Sink) Encoding() {
	if k.Groups != nil {
		k.Groups.BeginGroup(0, "")
	}
}

// WriteProvenance writes p's lines, with encoding as its Encoding unless
// p has one.
func (k *Sink) WriteProvenance(p Provenance, encoding string) {
	if p.Encoding == "" {
		p.Encoding = encoding
	}
	k.Lines(p.Lines()...)
}

// Lines writes each of lines as a comment.
func (k *Sink) Lines(lines ...string) {
	if k.Comment == nil {
		return
	}
	for _, l := range lines {
		k.Comment.Commentf("%s", l)
	}
}

// Commentf writes a comment line.
func (k *Sink) Commentf(format string, args ...any) {
	if k.Comment != nil {
		k.Comment.Commentf(format, args...)
	}
}

// Groupf writes a group comment when group comments are on.
func (k *Sink) Groupf(format string, args ...any) {
	if k.Group != nil {
		k.Group.Groupf(format, args...)
	}
}

// Clause adds the clause made of lits (without the final 0).
func (k *Sink) Clause(lits ...int) {
	if k.clauses != nil {
		// Through k.buf, so that lits stays on the caller's stack (an
		// interface method may keep what it is given), and with the
		// Adder's type known once, not asserted per clause.
		k.buf = append(k.buf[:0], lits...)
		k.clauses.AddClause(k.buf...)
		return
	}
	for _, l := range lits {
		k.Add(l)
	}
	k.Add(0)
}

// AddClause is Clause: a Sink is a dimacs.ClauseAdder.
func (k *Sink) AddClause(lits ...int) { k.Clause(lits...) }
