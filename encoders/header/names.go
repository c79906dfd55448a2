package header

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
// group comments, and the provenance header. Encoders embed it in their
// options; its zero value names the primary variables, writes no group
// comments and no provenance header, which is what the encoders wrote
// before these options existed.
type Style struct {
	Names    Names
	Comments bool   // a comment line before each group of clauses
	Header   Header // written when Header.Tool is set
}

// Grouper returns dst as a dimacs.Grouper when s asks for comments and dst
// takes them, else nil: an encoder writes its group comments with
// if g != nil { g.Groupf(...) }, paying nothing when they are off.
func (s Style) Grouper(dst dimacs.Adder) dimacs.Grouper {
	if !s.Comments {
		return nil
	}
	g, _ := dst.(dimacs.Grouper)
	return g
}

// Namer returns a function that names variables in f when s.Names is All,
// else nil: the hook for auxiliary variables.
func (s Style) Namer(f *dimacs.Formula) func(v int, name string) {
	if s.Names != All || f == nil {
		return nil
	}
	return f.SetName
}
