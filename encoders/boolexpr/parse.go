package boolexpr

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pipesat/pipesat/internal/hashcomment"
	"github.com/pipesat/pipesat/textpos"
)

// Op is the operator of an Expr node.
type Op int

// The operators, in the order of their binding strength where it applies.
const (
	OpVar Op = iota
	OpConst
	OpNot
	OpAnd
	OpXor
	OpOr
	OpImplies
	OpIff
)

// Expr is a node of a parsed formula. And, Or, Xor and Iff are n-ary (two or
// more Args; "<->" is associative, so a chain "a <-> b <-> c" is one node
// of three, however long), Implies binary, Not unary.
type Expr struct {
	Op    Op
	Name  string // OpVar
	Value bool   // OpConst
	Args  []*Expr
	// Line and Col locate the node's first character in the input.
	Line, Col int
}

// File is a parsed input: formulas that all must hold, and their variables.
type File struct {
	Formulas []*Expr
	// Vars lists each variable name once, in order of first appearance.
	Vars []string
}

// Limits checked before anything grows with them.
const (
	MaxInput = 64 << 20 // bytes of formulas or tables, comments aside: they are held whole
	MaxDepth = 10000    // nesting of the formula: parentheses, "!", "->"
)

type tokKind int

const (
	tEOF tokKind = iota
	tNL          // a line break or ";" that ends a formula
	tName
	tConst
	tNot
	tAnd
	tXor
	tOr
	tImplies
	tIff
	tLParen
	tRParen
)

type token struct {
	kind      tokKind
	text      string
	line, col int
}

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tNL:
		if t.text == ";" {
			return `";"`
		}
		return "end of line"
	}
	return fmt.Sprintf("%q", t.text)
}

type lexer struct {
	name      string
	src       string
	pos       int
	line, col int
	depth     int // open parentheses
	prev      tokKind
}

func (lx *lexer) errf(line, col int, format string, args ...any) error {
	e := textpos.Errorf(lx.name, textpos.Pos{Line: line, Col: col}, format, args...)
	e.Source = textpos.Line(lx.src, line)
	return e
}

func (lx *lexer) advance(n int) {
	for i := 0; i < n; {
		r, w := utf8.DecodeRuneInString(lx.src[lx.pos:])
		_ = r
		lx.pos += w
		i += w
		lx.col += w
	}
}

var ops = []struct {
	text string
	kind tokKind
}{
	{"<->", tIff}, {"<=>", tIff}, {"↔", tIff},
	{"->", tImplies}, {"=>", tImplies}, {"→", tImplies},
	{"||", tOr}, {"|", tOr}, {`\/`, tOr}, {"∨", tOr},
	{"^", tXor}, {"⊕", tXor},
	{"&&", tAnd}, {"&", tAnd}, {`/\`, tAnd}, {"∧", tAnd},
	{"!", tNot}, {"~", tNot}, {"¬", tNot},
	{"(", tLParen}, {")", tRParen},
}

func isNameStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }
func isNameRune(r rune) bool {
	return r == '_' || r == '.' || r == '@' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// next returns the next token. Line breaks are tokens only where they can
// end a formula: at depth 0 after something that can end an operand.
func (lx *lexer) next() (token, error) {
	for {
		if lx.pos >= len(lx.src) {
			lx.prev = tEOF
			return token{kind: tEOF, line: lx.line, col: lx.col}, nil
		}
		r, w := utf8.DecodeRuneInString(lx.src[lx.pos:])
		if r == utf8.RuneError && w == 1 {
			return token{}, lx.errf(lx.line, lx.col, "invalid UTF-8")
		}
		switch {
		case r == '#':
			for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' {
				lx.advance(1)
			}
			continue
		case r == '\n':
			t := token{kind: tNL, text: "\n", line: lx.line, col: lx.col}
			lx.pos++
			lx.line++
			lx.col = 1
			if lx.depth == 0 && (lx.prev == tName || lx.prev == tConst || lx.prev == tRParen) {
				lx.prev = tNL
				return t, nil
			}
			continue
		case r == ';':
			t := token{kind: tNL, text: ";", line: lx.line, col: lx.col}
			lx.advance(1)
			lx.prev = tNL
			return t, nil
		case unicode.IsSpace(r):
			lx.advance(w)
			continue
		}
		t := token{line: lx.line, col: lx.col}
		start := lx.pos
		switch {
		case isNameStart(r):
			for lx.pos < len(lx.src) {
				r, w := utf8.DecodeRuneInString(lx.src[lx.pos:])
				if !isNameRune(r) {
					break
				}
				lx.advance(w)
			}
			t.text = lx.src[start:lx.pos]
			t.kind = tName
			if t.text == "true" || t.text == "false" {
				t.kind = tConst
			}
		case r == '0' || r == '1':
			lx.advance(1)
			t.text = lx.src[start:lx.pos]
			t.kind = tConst
			if lx.pos < len(lx.src) {
				if r2, _ := utf8.DecodeRuneInString(lx.src[lx.pos:]); isNameRune(r2) {
					return token{}, lx.errf(t.line, t.col, "names start with a letter or \"_\"")
				}
			}
		default:
			var err error
			if t, err = lx.operator(t, r); err != nil {
				return token{}, err
			}
		}
		lx.prev = t.kind
		return t, nil
	}
}

// operator reads the operator or parenthesis at lx.pos, whose first
// rune is r, into t, and keeps count of the parentheses' depth.
func (lx *lexer) operator(t token, r rune) (token, error) {
	found := false
	for _, o := range ops {
		if strings.HasPrefix(lx.src[lx.pos:], o.text) {
			lx.advance(len(o.text))
			t.text, t.kind, found = o.text, o.kind, true
			break
		}
	}
	if !found {
		if unicode.IsDigit(r) {
			return t, lx.errf(t.line, t.col, "names start with a letter or \"_\"")
		}
		return t, lx.errf(t.line, t.col, "unexpected character %q", r)
	}
	switch t.kind {
	case tLParen:
		lx.depth++
		if lx.depth > MaxDepth {
			return t, lx.errf(t.line, t.col, "parentheses nested deeper than %d", MaxDepth)
		}
	case tRParen:
		if lx.depth > 0 {
			lx.depth--
		}
	}
	return t, nil
}

type parser struct {
	lx    *lexer
	depth int // nesting of the tree being parsed; see enter
	tok   token
	vars  map[string]bool
	file  *File
}

// enter goes n levels deeper into the formula's tree at the current token.
// The depth is bounded so that the recursive walks over the tree (Simplify,
// the encoder, String) cannot exhaust the stack.
func (p *parser) enter(n int) error {
	p.depth += n
	if p.depth > MaxDepth {
		return p.lx.errf(p.tok.line, p.tok.col, "formula nested deeper than %d", MaxDepth)
	}
	return nil
}

func (p *parser) next() error {
	t, err := p.lx.next()
	p.tok = t
	return err
}

// Parse reads formulas from r; name is used only in error messages.
// The error, if any, is a *textpos.Error.
func Parse(r io.Reader, name string) (*File, error) {
	src, err := readAll(r, name)
	if err != nil {
		return nil, err
	}
	return ParseString(src, name)
}

// readAll reads r whole without its comments: they cost no memory, and
// MaxInput bounds the rest.
func readAll(r io.Reader, name string) (string, error) {
	src, err := hashcomment.ReadAll(r, MaxInput)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return src, nil
}

// ParseString is Parse on a string.
func ParseString(src, name string) (*File, error) {
	p := &parser{
		lx:   &lexer{name: name, src: src, line: 1, col: 1},
		vars: map[string]bool{},
		file: &File{},
	}
	if err := p.next(); err != nil {
		return nil, err
	}
	for {
		for p.tok.kind == tNL {
			if err := p.next(); err != nil {
				return nil, err
			}
		}
		if p.tok.kind == tEOF {
			if len(p.file.Formulas) == 0 {
				// As every encoder refuses empty input: an empty
				// file is more likely a mistake than the formula true.
				return nil, &textpos.Error{Name: name, Msg: "no formula"}
			}
			return p.file, nil
		}
		e, err := p.parseIff()
		if err != nil {
			return nil, err
		}
		p.file.Formulas = append(p.file.Formulas, e)
		switch p.tok.kind {
		case tNL, tEOF:
		case tRParen:
			return nil, p.lx.errf(p.tok.line, p.tok.col, `unmatched ")"`)
		default:
			return nil, p.lx.errf(p.tok.line, p.tok.col, "expected an operator or end of formula, got %s", p.tok.describe())
		}
	}
}

// parseIff parses a chain of "<->" into one n-ary node, however long:
// the chain nests nothing.
func (p *parser) parseIff() (*Expr, error) {
	l, err := p.parseImplies()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tIff {
		return l, nil
	}
	e := &Expr{Op: OpIff, Args: []*Expr{l}, Line: l.Line, Col: l.Col}
	for p.tok.kind == tIff {
		if err := p.next(); err != nil {
			return nil, err
		}
		r, err := p.parseImplies()
		if err != nil {
			return nil, err
		}
		e.Args = append(e.Args, r)
	}
	return e, nil
}

func (p *parser) parseImplies() (*Expr, error) {
	l, err := p.parseNary(tOr)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tImplies {
		return l, nil
	}
	if err := p.enter(1); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	if err := p.next(); err != nil {
		return nil, err
	}
	r, err := p.parseImplies()
	if err != nil {
		return nil, err
	}
	return &Expr{Op: OpImplies, Args: []*Expr{l, r}, Line: l.Line, Col: l.Col}, nil
}

var naryOp = map[tokKind]Op{tOr: OpOr, tXor: OpXor, tAnd: OpAnd}

// parseNary parses a chain of the n-ary operator k over the next tighter
// level (Or over Xor over And over unary).
func (p *parser) parseNary(k tokKind) (*Expr, error) {
	sub := func() (*Expr, error) {
		switch k {
		case tOr:
			return p.parseNary(tXor)
		case tXor:
			return p.parseNary(tAnd)
		}
		return p.parseUnary()
	}
	l, err := sub()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != k {
		return l, nil
	}
	e := &Expr{Op: naryOp[k], Args: []*Expr{l}, Line: l.Line, Col: l.Col}
	for p.tok.kind == k {
		if err := p.next(); err != nil {
			return nil, err
		}
		r, err := sub()
		if err != nil {
			return nil, err
		}
		e.Args = append(e.Args, r)
	}
	return e, nil
}

func (p *parser) parseUnary() (*Expr, error) {
	var nots []token
	depth := p.depth
	defer func() { p.depth = depth }()
	for p.tok.kind == tNot {
		if err := p.enter(1); err != nil {
			return nil, err
		}
		nots = append(nots, p.tok)
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	e, err := p.parseAtom()
	if err != nil {
		return nil, err
	}
	for i := len(nots) - 1; i >= 0; i-- {
		e = &Expr{Op: OpNot, Args: []*Expr{e}, Line: nots[i].line, Col: nots[i].col}
	}
	return e, nil
}

func (p *parser) parseAtom() (*Expr, error) {
	t := p.tok
	switch t.kind {
	case tName:
		if !p.vars[t.text] {
			p.vars[t.text] = true
			p.file.Vars = append(p.file.Vars, t.text)
		}
		if err := p.next(); err != nil {
			return nil, err
		}
		return &Expr{Op: OpVar, Name: t.text, Line: t.line, Col: t.col}, nil
	case tConst:
		if err := p.next(); err != nil {
			return nil, err
		}
		return &Expr{Op: OpConst, Value: t.text == "1" || t.text == "true", Line: t.line, Col: t.col}, nil
	case tLParen:
		if err := p.enter(1); err != nil {
			return nil, err
		}
		defer func() { p.depth-- }()
		if err := p.next(); err != nil {
			return nil, err
		}
		e, err := p.parseIff()
		if err != nil {
			return nil, err
		}
		if p.tok.kind != tRParen {
			return nil, p.lx.errf(p.tok.line, p.tok.col, "expected \")\" to close \"(\" at %d:%d, got %s", t.line, t.col, p.tok.describe())
		}
		if err := p.next(); err != nil {
			return nil, err
		}
		return e, nil
	}
	return nil, p.lx.errf(t.line, t.col, "expected a name, a constant or \"(\", got %s", t.describe())
}

// String returns e in the syntax Parse reads, with only the parentheses the
// precedence rules need; parsing the result gives back the same tree.
func (e *Expr) String() string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func prec(op Op) int {
	switch op {
	case OpIff:
		return 1
	case OpImplies:
		return 2
	case OpOr:
		return 3
	case OpXor:
		return 4
	case OpAnd:
		return 5
	case OpNot:
		return 6
	}
	return 7
}

var opText = map[Op]string{OpIff: " <-> ", OpImplies: " -> ", OpOr: " | ", OpXor: " ^ ", OpAnd: " & "}

func (e *Expr) write(b *strings.Builder) {
	child := func(c *Expr, paren bool) {
		if paren {
			b.WriteByte('(')
		}
		c.write(b)
		if paren {
			b.WriteByte(')')
		}
	}
	switch e.Op {
	case OpVar:
		b.WriteString(e.Name)
	case OpConst:
		if e.Value {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case OpNot:
		b.WriteByte('!')
		child(e.Args[0], prec(e.Args[0].Op) < prec(OpNot))
	case OpImplies:
		// Right-associative.
		child(e.Args[0], prec(e.Args[0].Op) <= prec(OpImplies))
		b.WriteString(opText[e.Op])
		child(e.Args[1], prec(e.Args[1].Op) < prec(OpImplies))
	default:
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(opText[e.Op])
			}
			// A nested node of the same n-ary operator keeps its own
			// node only inside parentheses.
			child(a, prec(a.Op) <= prec(e.Op))
		}
	}
}

// String returns the formulas of f, one per line.
func (f *File) String() string {
	var b strings.Builder
	for _, e := range f.Formulas {
		e.write(&b)
		b.WriteByte('\n')
	}
	return b.String()
}
