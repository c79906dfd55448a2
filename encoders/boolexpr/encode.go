package boolexpr

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// Options control Encode (EncodeTables takes the Style only).
type Options struct {
	// Polarity selects Plaisted–Greenbaum: each auxiliary variable gets
	// only the implication its occurrences need.
	Polarity bool
	// Style selects the names (inputs are primary; with All each Tseitin
	// variable is named after its subformula, "tseitin (a & !b)"), the
	// group comments ("Tseitin: x7 <-> (a & b)" before each definition,
	// "assert, line 3: a | b" before a formula's own clauses) and the
	// provenance (encoding "tseitin" or "polarity").
	cnfstyle.Style
}

// polarities an auxiliary variable is defined in.
const (
	pos  = 1 << iota // aux -> subformula
	neg              // subformula -> aux
	both = pos | neg
)

type node struct {
	v       int
	defined int // polarities whose clauses are written
}

// encoder writes formulas to a sink, numbering variables as the package
// documentation says. Not safe for concurrent use.
type encoder struct {
	s     *cnfstyle.Sink
	opts  Options
	last  int // the last variable allocated
	vars  map[string]int
	cache map[string]*node
	falsy int // a variable forced false, once needed
	// label holds, with --names all, each auxiliary's subformula as its
	// name shows it, "(a & !b)"; nil otherwise.
	label map[int]string
	input []string // input names by variable - 1
	// held are the clauses asserting the formula being encoded (each
	// ended by 0), written as its group once its definitions are written:
	// the definitions are group 0, shared by every formula (see Encode).
	held     []int
	heldText []string // the group comment of each held clause, with comments on
}

// newEncoder returns an encoder writing to dst: the provenance (with
// encoding as its encoding unless opts has one), the puzzle lines
// ("pipesat bool", "pipesat primary 1-N"), then the variables names,
// allocated first as the primary range, and named.
func newEncoder(dst dimacs.Adder, names []string, opts Options, encoding string) *encoder {
	s := opts.Sink(dst)
	e := &encoder{s: s, opts: opts, vars: map[string]int{}, cache: map[string]*node{}}
	if s.Aux != nil {
		e.label = map[int]string{}
	}
	s.WriteProvenance(opts.Provenance, encoding)
	s.Commentf("pipesat bool")
	if len(names) > 0 {
		s.Commentf("pipesat primary 1-%d", len(names))
	}
	for _, n := range names {
		v := e.newVar()
		e.vars[n] = v
		e.input = append(e.input, n)
		if s.Primary != nil {
			s.Primary.SetName(v, n)
		}
	}
	return e
}

// newVar allocates the next variable.
func (e *encoder) newVar() int {
	e.last++
	return e.last
}

// assertClause holds clause c, one of x's own clauses, for its formula's
// group (see writeHeld).
func (e *encoder) assertClause(x *Expr, c ...int) {
	if e.s.Group != nil {
		e.heldText = append(e.heldText, fmt.Sprintf("assert, line %d: %s", x.Line, shorten(x.String(), 100)))
	}
	e.held = append(append(e.held, c...), 0)
}

// writeHeld writes the clauses held for input formula k (from 1), x, as
// its group, "formula 2: a | b", each under its group comment.
func (e *encoder) writeHeld(k int, x *Expr) {
	e.s.BeginGroup("formula " + strconv.Itoa(k) + ": " + shorten(x.String(), 100))
	i, start := 0, true
	for _, l := range e.held {
		if start && e.s.Group != nil {
			e.s.Groupf("%s", e.heldText[i])
			i++
		}
		e.s.Add(l)
		start = l == 0
	}
	e.s.Encoding()
	e.held, e.heldText = e.held[:0], e.heldText[:0]
}

// shorten cuts s to at most n bytes (on a rune boundary), ending in "...".
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n -= 3; n > 0 && !utf8.RuneStart(s[n]); n-- {
	}
	return s[:n] + "..."
}

// maxLabel bounds the subformula an auxiliary's name spells out; a longer
// operand is written "#V", its variable number.
const maxLabel = 60

// opLabel returns how literal l appears in the names (or, when forName is
// false, the comments) of the auxiliaries that use it.
func (e *encoder) opLabel(l int, forName bool) string {
	neg := ""
	if l < 0 {
		neg, l = "!", -l
	}
	if l == e.falsy {
		return neg + "false"
	}
	if lab, ok := e.label[l]; ok && forName && len(lab) <= maxLabel {
		return neg + lab
	}
	if l <= len(e.input) {
		return neg + e.input[l-1]
	}
	if forName {
		return neg + "#" + strconv.Itoa(l)
	}
	return neg + "x" + strconv.Itoa(l)
}

// describe returns "(a & b)" for op over ls.
func (e *encoder) describe(op string, ls []int, forName bool) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, l := range ls {
		if i > 0 {
			b.WriteString(" " + op + " ")
		}
		b.WriteString(e.opLabel(l, forName))
	}
	b.WriteByte(')')
	return b.String()
}

// Encode writes the formula of file to dst, as dimacs.EncodeFunc says:
// the provenance, the puzzle lines ("c pipesat bool", "c pipesat primary
// 1-N"), the names, then each formula's clauses in turn: the definitions
// of its new auxiliary variables (group 0: a later formula may use them
// too, and they only define the variables), then the clauses that assert
// it, as its group "formula K: TEXT" (K from 1, the text cut to 100
// bytes). It returns the number of variables.
func Encode(dst dimacs.Adder, file *File, opts Options) int {
	encoding := "tseitin"
	if opts.Polarity {
		encoding = "polarity"
	}
	e := newEncoder(dst, file.Vars, opts, encoding)
	for k, x := range file.Formulas {
		e.assert(x)
		e.writeHeld(k+1, x)
	}
	return e.last
}

// assert adds clauses that hold exactly when x holds (up to the auxiliary
// variables). Every variable of x must be one of the encoder's inputs.
func (e *encoder) assert(x *Expr) {
	x = Simplify(x)
	switch x.Op {
	case OpConst:
		if !x.Value {
			e.assertClause(x, e.falseLit())
		}
	case OpAnd:
		for _, a := range x.Args {
			e.assert(a)
		}
	case OpOr:
		var c []int
		for _, a := range x.Args {
			c = append(c, e.lit(a, pos))
		}
		e.assertClause(x, c...)
	case OpImplies:
		a, b := -e.lit(x.Args[0], neg), e.lit(x.Args[1], pos)
		e.assertClause(x, a, b)
	case OpNot:
		// Push the negation through one level so that !(a | b) costs two
		// unit-like assertions instead of an auxiliary variable.
		y := x.Args[0]
		switch y.Op {
		case OpOr:
			for _, a := range y.Args {
				e.assert(&Expr{Op: OpNot, Args: []*Expr{a}, Line: a.Line, Col: a.Col})
			}
		case OpAnd:
			var c []int
			for _, a := range y.Args {
				c = append(c, -e.lit(a, neg))
			}
			e.assertClause(x, c...)
		case OpImplies:
			e.assert(y.Args[0])
			e.assert(&Expr{Op: OpNot, Args: []*Expr{y.Args[1]}, Line: y.Line, Col: y.Col})
		default:
			e.assertClause(x, e.lit(x, pos))
		}
	default:
		e.assertClause(x, e.lit(x, pos))
	}
}

// falseLit returns a literal that is false in every model.
func (e *encoder) falseLit() int {
	if e.falsy == 0 {
		e.falsy = e.newVar()
		if e.label != nil {
			e.s.Aux.SetName(e.falsy, "false")
		}
		e.s.Groupf("constant: x%d is false", e.falsy)
		e.s.Clause(-e.falsy)
	}
	return e.falsy
}

func flip(pol int) int {
	switch pol {
	case pos:
		return neg
	case neg:
		return pos
	}
	return pol
}

// lit returns a literal equivalent to x (in polarity pol under
// Plaisted–Greenbaum), writing the definitions of new auxiliary variables.
// x must be simplified: no constants below its root.
func (e *encoder) lit(x *Expr, pol int) int {
	if !e.opts.Polarity {
		pol = both
	}
	switch x.Op {
	case OpVar:
		return e.vars[x.Name]
	case OpConst:
		if x.Value {
			return -e.falseLit()
		}
		return e.falseLit()
	case OpNot:
		return -e.lit(x.Args[0], flip(pol))
	case OpImplies:
		// a -> b is !a | b.
		a := -e.lit(x.Args[0], flip(pol))
		b := e.lit(x.Args[1], pol)
		return e.define("|", []int{a, b}, pol)
	case OpIff:
		// A chain of binary equivalences, each the negation of a xor;
		// only the last is used in polarity pol.
		l := e.lit(x.Args[0], both)
		for i, y := range x.Args[1:] {
			p := both
			if i == len(x.Args)-2 {
				p = flip(pol)
			}
			l = -e.define("^", []int{l, e.lit(y, both)}, p)
		}
		return l
	case OpXor:
		// A chain of binary xors; only the last is used in polarity pol.
		l := e.lit(x.Args[0], both)
		for i, y := range x.Args[1:] {
			p := both
			if i == len(x.Args)-2 {
				p = pol
			}
			l = e.define("^", []int{l, e.lit(y, both)}, p)
		}
		return l
	}
	op := "&"
	if x.Op == OpOr {
		op = "|"
	}
	ls := make([]int, len(x.Args))
	for i, a := range x.Args {
		ls[i] = e.lit(a, pol)
	}
	return e.define(op, ls, pol)
}

// define returns the auxiliary variable of op over ls, writing the clauses
// of the polarities pol it does not have yet.
func (e *encoder) define(op string, ls []int, pol int) int {
	var key strings.Builder
	key.WriteString(op)
	for _, l := range ls {
		key.WriteByte(' ')
		key.WriteString(strconv.Itoa(l))
	}
	n := e.cache[key.String()]
	if n == nil {
		n = &node{v: e.newVar()}
		e.cache[key.String()] = n
		if e.label != nil {
			lab := e.describe(op, ls, true)
			if len(lab) > maxLabel+40 {
				lab = shorten(lab, maxLabel+20) + " #" + strconv.Itoa(n.v)
			}
			e.label[n.v] = lab
			e.s.Aux.SetName(n.v, "tseitin "+lab)
		}
	}
	need := pol &^ n.defined
	n.defined |= pol
	x := n.v
	if need != 0 && e.s.Group != nil {
		arrow := "<->"
		switch need {
		case pos:
			arrow = "->"
		case neg:
			arrow = "<-"
		}
		e.s.Groupf("Tseitin: x%d %s %s", x, arrow, shorten(e.describe(op, ls, false), 150))
	}
	switch op {
	case "&":
		if need&pos != 0 { // x -> l1 & ... & ln
			for _, l := range ls {
				e.s.Clause(-x, l)
			}
		}
		if need&neg != 0 { // l1 & ... & ln -> x
			for _, l := range ls {
				e.s.Add(-l)
			}
			e.s.Clause(x)
		}
	case "|":
		if need&pos != 0 { // x -> l1 | ... | ln
			e.s.Add(-x)
			e.s.Clause(ls...)
		}
		if need&neg != 0 { // l1 | ... | ln -> x
			for _, l := range ls {
				e.s.Clause(x, -l)
			}
		}
	case "^":
		a, b := ls[0], ls[1]
		if need&pos != 0 { // x -> a ^ b
			e.s.Clause(-x, a, b)
			e.s.Clause(-x, -a, -b)
		}
		if need&neg != 0 { // a ^ b -> x
			e.s.Clause(x, -a, b)
			e.s.Clause(x, a, -b)
		}
	default:
		panic(fmt.Sprintf("boolexpr: unknown op %q", op))
	}
	return x
}

// Simplify returns x with its constants folded away: the result is a
// constant or has no constant node, and And/Or/Xor nodes keep two or more
// arguments. x is not modified.
func Simplify(x *Expr) *Expr {
	mk := func(op Op, args ...*Expr) *Expr { return &Expr{Op: op, Args: args, Line: x.Line, Col: x.Col} }
	not := func(a *Expr) *Expr {
		if a.Op == OpConst {
			return &Expr{Op: OpConst, Value: !a.Value, Line: a.Line, Col: a.Col}
		}
		if a.Op == OpNot {
			return a.Args[0]
		}
		return mk(OpNot, a)
	}
	switch x.Op {
	case OpVar, OpConst:
		return x
	case OpNot:
		return not(Simplify(x.Args[0]))
	case OpAnd, OpOr:
		absorb := x.Op == OpOr // the value that decides the result
		var args []*Expr
		for _, a := range x.Args {
			a = Simplify(a)
			if a.Op == OpConst {
				if a.Value == absorb {
					return a
				}
				continue
			}
			args = append(args, a)
		}
		switch len(args) {
		case 0:
			return &Expr{Op: OpConst, Value: !absorb, Line: x.Line, Col: x.Col}
		case 1:
			return args[0]
		}
		return mk(x.Op, args...)
	case OpXor:
		odd := false
		var args []*Expr
		for _, a := range x.Args {
			a = Simplify(a)
			if a.Op == OpConst {
				odd = odd != a.Value
				continue
			}
			args = append(args, a)
		}
		var r *Expr
		switch len(args) {
		case 0:
			r = &Expr{Op: OpConst, Line: x.Line, Col: x.Col}
		case 1:
			r = args[0]
		default:
			r = mk(OpXor, args...)
		}
		if odd {
			return not(r)
		}
		return r
	case OpImplies:
		a, b := Simplify(x.Args[0]), Simplify(x.Args[1])
		switch {
		case a.Op == OpConst && !a.Value, b.Op == OpConst && b.Value:
			return &Expr{Op: OpConst, Value: true, Line: x.Line, Col: x.Col}
		case a.Op == OpConst:
			return b
		case b.Op == OpConst:
			return not(a)
		}
		return mk(OpImplies, a, b)
	case OpIff:
		// "<-> true" changes nothing, "<-> false" negates: what is left
		// of a chain of constants is true.
		neg := false
		var args []*Expr
		for _, a := range x.Args {
			a = Simplify(a)
			if a.Op == OpConst {
				neg = neg != !a.Value
				continue
			}
			args = append(args, a)
		}
		var r *Expr
		switch len(args) {
		case 0:
			r = &Expr{Op: OpConst, Value: true, Line: x.Line, Col: x.Col}
		case 1:
			r = args[0]
		default:
			r = mk(OpIff, args...)
		}
		if neg {
			return not(r)
		}
		return r
	}
	panic(fmt.Sprintf("boolexpr: unknown op %d", x.Op))
}

// Eval returns the value of x under the assignment val of its variables;
// unknown names are false. It is the oracle the tests check models against.
func Eval(x *Expr, val map[string]bool) bool {
	switch x.Op {
	case OpVar:
		return val[x.Name]
	case OpConst:
		return x.Value
	case OpNot:
		return !Eval(x.Args[0], val)
	case OpAnd:
		for _, a := range x.Args {
			if !Eval(a, val) {
				return false
			}
		}
		return true
	case OpOr:
		for _, a := range x.Args {
			if Eval(a, val) {
				return true
			}
		}
		return false
	case OpXor:
		r := false
		for _, a := range x.Args {
			r = r != Eval(a, val)
		}
		return r
	case OpImplies:
		return !Eval(x.Args[0], val) || Eval(x.Args[1], val)
	case OpIff:
		r := Eval(x.Args[0], val)
		for _, a := range x.Args[1:] {
			r = r == Eval(a, val)
		}
		return r
	}
	panic(fmt.Sprintf("boolexpr: unknown op %d", x.Op))
}
