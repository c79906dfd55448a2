package dimacs

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs/internal/decompress"
	"github.com/pipesat/pipesat/textpos"
)

// Answer is one answer in a solver's output: a status and, when Sat, the
// model that followed it.
type Answer struct {
	Status Status
	// Model is nil unless Status is Sat, and also nil for a Sat answer that
	// printed no model at all (minisat's stdout, a solver run without
	// models): "no model" differs from the empty model of "v 0".
	Model Model
	Line  int // line of the status ("s ...") line, for messages
}

// Output is everything ReadOutput understood of a solver's output.
type Output struct {
	// Pipesat holds the "c pipesat ..." and "c varname ..." comment lines
	// (without "c "), the pipesat lines satrun forwards from its input, in
	// order. Only lines before the first answer count.
	Pipesat []string
	// PipesatLines are the line numbers of the Pipesat lines, for Locate.
	PipesatLines []int
	// Answers are the answers in order. A plain run has one. Enumerations
	// (satrun --all, picosat --all, cryptominisat5 --maxsol) have one Sat
	// answer per model, possibly followed by a final Unsat answer that
	// means "no more models" (picosat's "s SOLUTIONS n" counts as one).
	Answers []Answer
	// Count is the number of models the stream itself claims
	// ("c solutions N" from satrun, "s SOLUTIONS N" from picosat), or -1.
	Count int
	// CountLine is the line of the count, 0 if Count is -1.
	CountLine int
	// Limited is set by satrun's "c limit N reached; more models may exist"
	// line: the enumeration stopped at the user's --max N, so Count does not
	// say there are no more models. Limit is that N.
	Limited   bool
	Limit     int
	limitLine int
	// Stop is satrun's note that an enumeration ended before it knew
	// whether more models exist: "c UNKNOWN: <reason> after N models; more
	// may exist" (timeout, interrupt, an UNKNOWN answer) or "c ERROR:
	// <reason> after N models; more may exist" (the solver failed). Nil if
	// the stream has neither.
	Stop *Stop
	// Truncated is set when the stream ends inside the last model, before
	// its final 0 (a cut pipe, "head -n"). ReadOutput accepts that, so that
	// a solver's output read by satrun keeps its old meaning; Decodable
	// rejects it. End is where the stream ended.
	Truncated bool
	// End is the position just after the last byte of the stream.
	End Pos
	// Proven is set by satrun --certify's "c proof verified" line: the
	// stream's final UNSAT answer (no model, or no more models) was
	// checked through the solver's DRAT proof.
	Proven bool
	// Explain is satrun --explain's account of its answer: the groups of
	// a conflict, or those that force a unique solution; nil if the
	// stream has none.
	Explain *Explanation
	// Name is the name the stream was read under, for messages.
	Name string
	// Dialect is the form of the first answer: Competition ("s" lines,
	// or cadical's "c UNKNOWN"), MinisatStdout (minisat's standard
	// output), Minisat (minisat's result file), or 0 if there was none.
	Dialect Dialect
}

// Pos is a 1-based line and column, the column in bytes: the one position
// type of every pipesat reader.
type Pos = textpos.Pos

// StopKind says why an enumeration ended early.
type StopKind int

// The kinds of Stop.
const (
	// StopUnknown: "c UNKNOWN: ... after N models; more may exist", a
	// timeout, an interrupt or an UNKNOWN answer. The models are good.
	StopUnknown StopKind = iota + 1
	// StopError: "c ERROR: ... after N models; more may exist", the
	// solver failed; satrun exited 1. The models printed were verified.
	StopError
)

// Stop is satrun's line that ends an enumeration cut short.
type Stop struct {
	Kind   StopKind
	Reason string // "timeout", "interrupted", or the solver's failure
	Models int    // the N of "after N models"
	Line   int
}

// Status returns the overall answer: Sat if any answer has a model, Unsat
// if the only answers are Unsat, Unknown otherwise.
func (o *Output) Status() Status {
	st := Unknown
	for _, a := range o.Answers {
		switch a.Status {
		case Sat:
			return Sat
		case Unsat:
			st = Unsat
		}
	}
	return st
}

// Complete reports whether the stream claims to list every model: it ends
// with an Unsat answer ("no more models") or carries a count of models
// (satrun's "c solutions N", picosat's "s SOLUTIONS N"), and nothing says
// the enumeration stopped early (a --max limit, satrun's "c UNKNOWN: ...
// after N models" or "c ERROR: ..." line, a model cut off by the end of
// the stream). It is the one completeness rule every decoder uses: a
// single model is "unique", and a count is a total, only when Complete.
func (o *Output) Complete() bool { return o.Incomplete() == "" }

// Incomplete returns why the stream does not list every model, as a phrase
// for messages, or "" when it does (see Complete).
func (o *Output) Incomplete() string {
	if e := o.incomplete(); e != nil {
		return e.Reason
	}
	return ""
}

// incomplete returns the *IncompleteError that says why the stream does
// not list every model, or nil.
func (o *Output) incomplete() *IncompleteError {
	sat := o.satAnswers()
	why := func(format string, a ...any) *IncompleteError {
		return &IncompleteError{Reason: fmt.Sprintf(format, a...)}
	}
	switch {
	case o.Stop != nil && o.Stop.Kind == StopError:
		return why("the solver failed after %d models (%s)", o.Stop.Models, o.Stop.Reason)
	case o.Stop != nil:
		return why("the enumeration stopped after %d models (%s); more may exist", o.Stop.Models, o.Stop.Reason)
	case o.Limited:
		e := why("the enumeration stopped at its limit of %d models; more may exist", o.Limit)
		e.Limit = o.Limit
		return e
	case o.Truncated:
		return why("the input ends inside a model")
	case o.Count >= 0:
		return nil
	case len(o.Answers) > 0 && o.Answers[len(o.Answers)-1].Status == Unsat:
		return nil
	case len(o.Answers) == 0 || sat == 0 && o.Answers[len(o.Answers)-1].Status == Unknown:
		return why("the solver gave no answer")
	case sat == 1:
		e := why("one answer, not an enumeration")
		e.Single = true
		return e
	}
	return why("the %d models end with no count line and no final UNSATISFIABLE (the input may be cut short)", sat)
}

// satAnswers returns the number of Sat answers.
func (o *Output) satAnswers() int {
	n := 0
	for _, a := range o.Answers {
		if a.Status == Sat {
			n++
		}
	}
	return n
}

// CountText returns n as a decoder prints a count of models: "n" when the
// stream is Complete, "at least n" otherwise.
func (o *Output) CountText(n int) string {
	if o.Complete() {
		return strconv.Itoa(n)
	}
	return "at least " + strconv.Itoa(n)
}

// Verdict returns the line (with its newline) every decoder prints after
// the n solutions it decoded from this stream: "c not unique: K
// solutions\n" when n >= 2 (K is CountText(n), so "at least 2" after
// satrun --max 2), "c unique solution\n" when n is 1 and the stream is
// Complete, else "" (one plain answer says nothing about uniqueness).
// Decoders write it as the last line of their standard output (or -o
// file); one whose output is an image (cnf2grid's png and svg) writes it
// to standard error instead. After satrun --certify's "c proof verified"
// (Proven) the unique line is "c unique solution (proven)\n".
func (o *Output) Verdict(n int) string {
	switch o.Uniqueness(n) {
	case NotUnique:
		return "c not unique: " + o.CountText(n) + " solutions\n"
	case Unique:
		if o.Proven {
			return "c unique solution (proven)\n"
		}
		return "c unique solution\n"
	}
	return ""
}

// CountError returns the error a decoder exits with (status 1) after it
// printed a count CountText made: nil for a complete stream, the
// *UpstreamError of a failed solver, else an *IncompleteError saying why
// the count is only a lower bound.
func (o *Output) CountError() error {
	if err := o.Failed(); err != nil {
		return err
	}
	if e := o.incomplete(); e != nil {
		return e
	}
	return nil
}

// Failed returns an *UpstreamError when the stream carries satrun's
// "c ERROR: ..." line, else nil. A decoder prints the models there are
// (satrun verified them), then exits 1 with this error.
func (o *Output) Failed() error {
	if o.Stop == nil || o.Stop.Kind != StopError {
		return nil
	}
	return &UpstreamError{Name: o.Name, Line: o.Stop.Line, Reason: o.Stop.Reason, Models: o.Stop.Models}
}

// UpstreamError is satrun's "c ERROR: <reason> after N models; more may
// exist" line: the solver failed in the middle of an enumeration.
type UpstreamError struct {
	Name   string
	Line   int
	Reason string
	Models int
}

// Error formats as every reader's errors do (textpos.Error), at column 1
// of the "c ERROR" line.
func (e *UpstreamError) Error() string {
	msg := fmt.Sprintf("upstream solver failed after %d models: %s", e.Models, e.Reason)
	return (&textpos.Error{Name: e.Name, Pos: Pos{Line: e.Line, Col: 1}, Msg: msg}).Error()
}

// IncompleteError says why a count a decoder printed ("at least N") is a
// lower bound. The decoder exits 1 with it.
type IncompleteError struct {
	Reason string // Output.Incomplete's phrase
	// Limit is N when the enumeration stopped at satrun's limit of N
	// models ("c limit N reached"), else 0. Single says the stream is one
	// plain answer: a command says how to ask for every model.
	Limit  int
	Single bool
}

func (e *IncompleteError) Error() string { return "count incomplete: " + e.Reason }

// AfterOutput reports whether err leaves a decoder's output standing: an
// *IncompleteError or an *UpstreamError, which a decoder returns after its
// output is complete. The tool writes that output, then reports err and
// exits 1.
func AfterOutput(err error) bool {
	var ie *IncompleteError
	var ue *UpstreamError
	return errors.As(err, &ie) || errors.As(err, &ue)
}

// Cut returns nil, or, when the stream ends inside its last model before
// the model's final 0 (Truncated: the model may be missing literals), the
// *textpos.Error every reader of an answer reports: "NAME:L:C: the input
// ends before the final 0 of the model of line N", at the stream's end.
func (o *Output) Cut() error {
	if !o.Truncated {
		return nil
	}
	return &textpos.Error{Name: o.Name, Pos: Pos{Line: o.End.Line, Col: o.End.Col},
		Msg: fmt.Sprintf("the input ends before the final 0 of the model of line %d", o.Answers[len(o.Answers)-1].Line)}
}

// Decodable returns nil when o holds an answer a decoder can trust, else a
// *textpos.Error (or the *UpstreamError of a "c ERROR" line with no model
// before it): a stream with no answer at all (empty input, garbage), a
// last model whose final 0 is missing, or a count line ("c solutions N",
// "s SOLUTIONS N", satrun's "after N models") that disagrees with the
// models the stream holds. An UNKNOWN answer is an answer.
func (o *Output) Decodable() error {
	sat := o.satAnswers()
	switch {
	case o.Truncated:
		return o.Cut()
	case len(o.Answers) == 0 && o.Stop != nil && o.Stop.Kind == StopError:
		return o.Failed()
	case len(o.Answers) == 0 && o.Stop != nil:
		// "c UNKNOWN: timeout after 0 models": an answer, UNKNOWN.
	case len(o.Answers) == 0 && o.End == (Pos{Line: 1, Col: 1}):
		return &textpos.Error{Name: o.Name, Pos: Pos{Line: 1, Col: 1}, Msg: "empty input: want a solver's answer"}
	case len(o.Answers) == 0:
		return &textpos.Error{Name: o.Name, Pos: Pos{Line: o.End.Line, Col: o.End.Col},
			Msg: `no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`}
	case o.Count >= 0 && o.Count != sat:
		return &textpos.Error{Name: o.Name, Pos: Pos{Line: o.CountLine, Col: 1},
			Msg: fmt.Sprintf("the count says %d models but the input holds %d", o.Count, sat)}
	}
	if o.Limited && o.Limit != sat {
		return &textpos.Error{Name: o.Name, Pos: Pos{Line: o.limitLine, Col: 1},
			Msg: fmt.Sprintf("satrun says it stopped at %d models but the input holds %d", o.Limit, sat)}
	}
	if o.Stop != nil && o.Stop.Models != sat {
		return &textpos.Error{Name: o.Name, Pos: Pos{Line: o.Stop.Line, Col: 1},
			Msg: fmt.Sprintf("satrun says %d models but the input holds %d", o.Stop.Models, sat)}
	}
	if o.Explain != nil {
		return o.Explain.check(o.Name, o.Status())
	}
	return nil
}

// ReadAnswer is ReadOutput for decoders: it also requires o.Decodable, so
// that empty input, garbage and a model cut short are errors, not an
// UNKNOWN answer.
func ReadAnswer(r io.Reader, name string) (*Output, error) {
	o, err := ReadOutput(r, name)
	if err != nil {
		return nil, err
	}
	if err := o.Decodable(); err != nil {
		return nil, err
	}
	return o, nil
}

// Models returns the models of the Sat answers, in order.
func (o *Output) Models() []Model {
	var ms []Model
	for _, a := range o.Answers {
		if a.Status == Sat {
			ms = append(ms, a.Model)
		}
	}
	return ms
}

// outMaxVar bounds the variables a model may name, so that "v 99999999999"
// is an error rather than a huge allocation. A variable, not a constant, so
// the fuzz test can lower it.
var outMaxVar = DefaultMaxVars

// Models may not take more memory than the input justifies: all models
// of a stream together may span at most outFreeVars variables plus
// outVarsPerByte per byte read so far, so that 336 bytes naming variable
// 268435455 twelve times are an error, not 3 GB. Real solvers print every
// variable in order, several bytes each, far inside the bound.
const (
	outFreeVars    = 1 << 20
	outVarsPerByte = 64
)

// outMaxLine bounds how much of a line other than a model line is kept:
// the rest of a longer line is skipped (it is chatter), unless the line is a
// header comment, which is an error.
const outMaxLine = 1 << 20

// ReadOutput reads a solver's output (stdout, or stdout and stderr merged)
// in any dialect the package knows, and minisat's result file. name is used
// only in error messages. A stream with no recognisable answer is Unknown,
// not an error; malformed "v" lines are errors with their position.
//
// It reads in one pass over a bufio.Reader, so "v" lines may have any length.
// Lines that are neither comments, status lines nor model lines (statistics,
// minisat's tables) are ignored. A model may be split over many "v" lines
// with comments between them; its final 0 may be missing at the end of the
// stream but not before another status line. A variable that no "v" line
// mentions is unassigned (0) in the Model. A literal that contradicts an
// earlier one of the same model is an error.
//
// Memory follows the input, not what a literal claims: all models of the
// stream together may span at most 1048576 (1 MiB) variables plus 64 per
// byte read up to the literal; a literal beyond that is an error. Every
// real solver's model (each variable in order, two or more bytes each)
// fits easily; "v 268435455 0" does not. The header lines (Pipesat) may
// cost at most what Read keeps of them by default (DefaultMaxComments,
// counted as Options.MaxComments says; ReadOutputOptions takes another
// bound): more is an error. Other comment lines cost nothing.
//
// A stream with no answer and a model cut short are not errors here (satrun
// reads solver output with ReadOutput and judges it itself); decoders use
// ReadAnswer, which rejects them.
//
// No answer may follow an UNSATISFIABLE or UNKNOWN one, nor a SATISFIABLE
// one that printed no model: that is an error quoting both status lines
// ("contradictory answers: ..." or "two answers: ..."). Several SATISFIABLE answers with their models, then at most one
// other answer, is a solver's own enumeration; whether a caller that asked
// for one answer accepts it is the caller's to judge (satrun does not).
//
// "v" lines that come before any status line are kept and given to the next
// status line, which must then be "s SATISFIABLE" (or minisat's "SAT"):
// some tools print the model first, and nothing is lost by accepting that
// order, while a model followed by another status, or by none, is an error
// because it cannot be told which answer it belongs to.
func ReadOutput(r io.Reader, name string) (*Output, error) {
	return ReadOutputOptions(r, name, Options{})
}

// ReadOutputOptions is ReadOutput with the header lines bounded by
// opts.MaxComments (0 means DefaultMaxComments), as Read with opts bounds
// what it keeps of them: the output of a solver run on a formula read
// with opts then reads whole. Its other fields do not apply to solver
// output.
func ReadOutputOptions(r io.Reader, name string, opts Options) (*Output, error) {
	p := newOutParser(r, name, opts)
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.out, nil
}

// newOutParser returns a parser of r with the header bound of opts.
func newOutParser(r io.Reader, name string, opts Options) *outParser {
	p := &outParser{
		br:        bufio.NewReaderSize(r, decompress.SizeFor(r, 64<<10)),
		name:      name,
		out:       &Output{Count: -1, Name: name, End: Pos{Line: 1, Col: 1}},
		maxHeader: opts.MaxComments,
	}
	if p.maxHeader <= 0 {
		p.maxHeader = DefaultMaxComments
	}
	return p
}

// ReadOutputFunc is ReadOutput that hands each answer to fn as soon as it
// is complete: a Sat answer once its model's final 0 is read (or, without
// a model, when the next status line or the end of the stream comes), any
// other answer at its status line. So a solver's own enumeration (picosat
// --all, cryptominisat5 --maxsol) can be checked and passed on model by
// model while the solver still runs. A model cut off by the end of the
// stream is not handed over (Output.Truncated says so). An error from fn
// stops the reading and is returned as it is.
//
// The returned Output is as ReadOutput's, except that its Answers keep
// their status and line but not their models (fn had them), so that a long
// enumeration costs the memory of one model at a time.
func ReadOutputFunc(r io.Reader, name string, fn func(Answer) error) (*Output, error) {
	p := newOutParser(r, name, Options{})
	p.fn = fn
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.out, nil
}

// handed is the Model a delivered Sat answer keeps in Output.Answers: not
// nil, so the parser does not take the answer for one still waiting for its
// model.
var handed = Model{}

// deliver hands the answers that are complete to p.fn; at the end of the
// stream (final) also a Sat answer that printed no model.
func (p *outParser) deliver(final bool) error {
	if p.fn == nil {
		return nil
	}
	as := p.out.Answers
	for p.sent < len(as) {
		a := as[p.sent]
		if p.sent == len(as)-1 && a.Status == Sat {
			switch {
			case a.Model == nil && !final:
				return nil // its model may follow
			case a.Model != nil && p.attached && !p.closed:
				return nil // its model is still being read
			}
		}
		if a.Status == Sat && a.Model != nil {
			as[p.sent].Model = handed
		}
		p.sent++
		if err := p.fn(a); err != nil {
			return err
		}
	}
	return nil
}

// outParser holds ReadOutput's state between lines.
type outParser struct {
	br   *bufio.Reader
	name string
	out  *Output
	line int    // current line, 1-based
	buf  []byte // the current non-model line
	src  []byte // the current line as far as errorf may quote it, or nil
	tok  []byte // the current token of a model line, cut at 64 bytes
	col  int    // column where tok starts

	// The model being read. cur is nil when there is none. It belongs to
	// the last answer if attached, else it waits for its "s" line.
	cur      Model
	attached bool
	closed   bool // its final 0 was read
	curLine  int  // line and column where the model started
	curCol   int
	bare     bool // bare literal lines ("1 -2 0") are model lines: minisat's result file

	off    int64 // bytes consumed
	tokEnd int64 // bytes consumed up to the end of tok
	used   int64 // variables all models have room for, together

	lastText   string // the last answer's status line, for messages
	headerCost int    // what the Pipesat lines cost, counted as Read counts them
	maxHeader  int    // what they may cost: Options.MaxComments

	fn   func(Answer) error // ReadOutputFunc's: nil for ReadOutput
	sent int                // answers handed to fn
}

// consumed accounts for n bytes read from the current line, the last
// of which is b; col is the column after them.
func (p *outParser) consumed(n int, last byte, col int) {
	p.off += int64(n)
	if n == 0 {
		return
	}
	if last == '\n' {
		p.out.End = Pos{Line: p.line + 1, Col: 1}
	} else {
		p.out.End = Pos{Line: p.line, Col: col}
	}
}

// errorf returns a *textpos.Error at line and col, quoting the current line
// (p.src) when the error is on it.
func (p *outParser) errorf(line, col int, format string, args ...any) error {
	e := &textpos.Error{Name: p.name, Pos: Pos{Line: line, Col: col}, Msg: fmt.Sprintf(format, args...)}
	if line == p.line && p.src != nil {
		e.Source = textpos.LineAt(p.src)
	}
	return e
}

func (p *outParser) run() error {
	for {
		p.line++
		p.src = nil
		b, err := p.br.Peek(2)
		if len(b) == 0 {
			if err == io.EOF {
				return p.finish()
			}
			return fmt.Errorf("%s: %w", p.name, err)
		}
		if b[0] == 'v' && (len(b) == 1 || outIsSpace(b[1])) {
			p.br.ReadByte()
			p.consumed(1, 'v', 2)
			if err := p.modelLine("v", 2); err != nil {
				return err
			}
			continue
		}
		var blanks []byte // what the line starts with, for errors
		if p.bare {
			// minisat writes "SAT\n 0" when no variable is assigned, and
			// a line starting " 2" when variable 1 is unassigned.
			col := 1
			for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
				p.br.ReadByte()
				col++
				p.consumed(1, b[0], col)
				if len(blanks) <= textpos.MaxCaretLine {
					blanks = append(blanks, b[0])
				}
				b, _ = p.br.Peek(1)
			}
			if len(b) > 0 && (b[0] == '-' || '0' <= b[0] && b[0] <= '9') {
				if err := p.modelLine(string(blanks), col); err != nil {
					return err
				}
				continue
			}
		}
		line, long, err := p.readLine()
		if err != nil {
			return err
		}
		p.src = line
		if len(blanks) > 0 {
			p.src = append(blanks, line...)
		}
		if err := p.otherLine(line, long); err != nil {
			return err
		}
	}
}

// finish ends the stream: a model still waiting for its status is an error.
func (p *outParser) finish() error {
	if p.cur != nil && !p.attached {
		return p.errorf(p.curLine, p.curCol, "model with no \"s SATISFIABLE\" line before or after it")
	}
	if p.cur != nil && !p.closed {
		p.out.Truncated = true
		if p.attached {
			return nil // the cut model is not handed over
		}
	}
	return p.deliver(true)
}

// readLine returns the current line without its line ending, at most
// outMaxLine bytes of it; long reports that the line was longer.
func (p *outParser) readLine() (line []byte, long bool, err error) {
	p.buf = p.buf[:0]
	raw := 0
	for {
		frag, err := p.br.ReadSlice('\n')
		raw += len(frag)
		if len(frag) > 0 {
			p.consumed(len(frag), frag[len(frag)-1], raw+1)
		}
		if len(p.buf)+len(frag) <= outMaxLine {
			p.buf = append(p.buf, frag...)
		} else {
			p.buf = append(p.buf, frag[:outMaxLine-len(p.buf)]...)
			long = true
		}
		if err == nil || err == io.EOF {
			break
		}
		if err != bufio.ErrBufferFull {
			return nil, false, fmt.Errorf("%s: %w", p.name, err)
		}
	}
	line = p.buf
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, long, nil
}

// otherLine handles a line that is not a model line.
func (p *outParser) otherLine(b []byte, long bool) error {
	if len(b) == 0 {
		return nil
	}
	switch {
	case b[0] == 'c' && (len(b) == 1 || outIsSpace(b[1])):
		return p.comment(b, long)
	case b[0] == 's' && len(b) > 1 && outIsSpace(b[1]):
		if long {
			return p.errorf(p.line, 1, "status line longer than %d bytes", outMaxLine)
		}
		return p.status(b)
	}
	if long {
		return nil
	}
	switch string(outTrim(b)) {
	case "SATISFIABLE":
		return p.answer(Sat, MinisatStdout)
	case "UNSATISFIABLE":
		return p.answer(Unsat, MinisatStdout)
	case "INDETERMINATE":
		return p.answer(Unknown, MinisatStdout)
	case "SAT":
		p.bare = true
		return p.answer(Sat, Minisat)
	case "UNSAT":
		p.bare = true
		return p.answer(Unsat, Minisat)
	case "INDET":
		p.bare = true
		return p.answer(Unknown, Minisat)
	}
	return nil // solver chatter
}

func (p *outParser) comment(b []byte, long bool) error {
	var text string
	if len(b) > 2 {
		text = string(b[2:])
	}
	header := len(p.out.Answers) == 0 && p.cur == nil
	if IsPipesatComment(text) {
		if !header {
			return nil
		}
		if long {
			return p.errorf(p.line, 1, "header comment longer than %d bytes", outMaxLine)
		}
		// Bounded as Read bounds them (Options.MaxComments), so that
		// memory follows the models, and whatever satrun forwards fits.
		if p.headerCost += len(text) + cnfCommentCost; p.headerCost > p.maxHeader {
			return p.errorf(p.line, 1, "header comment lines (c pipesat, c varname) over %s", byteSize(p.maxHeader))
		}
		p.out.Pipesat = append(p.out.Pipesat, text)
		p.out.PipesatLines = append(p.out.PipesatLines, p.line)
		return nil
	}
	if long {
		return nil
	}
	f := strings.Fields(text)
	switch {
	case len(f) == 1 && f[0] == "UNKNOWN" && header:
		// cadical's time-out: "c UNKNOWN" and no "s" line.
		return p.answer(Unknown, Competition)
	case len(f) == 2 && f[0] == "solutions":
		// satrun's count after an enumeration; anything else is a comment.
		if n, ok := outCount(f[1]); ok {
			p.out.Count, p.out.CountLine = n, p.line
		}
	case len(f) >= 3 && f[0] == "limit" && f[2] == "reached;":
		// satrun: the enumeration stopped at --max N.
		if n, ok := outCount(f[1]); ok {
			p.out.Limited, p.out.Limit, p.out.limitLine = true, n, p.line
		}
	case len(f) == 2 && f[0] == "proof" && f[1] == "verified":
		p.out.Proven = true
	case !header && p.out.explainLine(text, p.line):
		// satrun --explain
	case len(f) >= 1 && (f[0] == "UNKNOWN:" || f[0] == "ERROR:"):
		// satrun: an enumeration cut short.
		if st := outStop(text); st != nil && p.out.Stop == nil {
			st.Line = p.line
			p.out.Stop = st
		}
	}
	return nil
}

// status handles an "s" line.
func (p *outParser) status(b []byte) error {
	f := strings.Fields(string(b[2:]))
	switch {
	case len(f) == 1 && f[0] == "SATISFIABLE":
		return p.answer(Sat, Competition)
	case len(f) == 1 && f[0] == "UNSATISFIABLE":
		return p.answer(Unsat, Competition)
	case len(f) == 1 && (f[0] == "UNKNOWN" || f[0] == "INDETERMINATE"):
		return p.answer(Unknown, Competition)
	case len(f) == 2 && f[0] == "SOLUTIONS":
		// picosat --all: the count, and there are no more models.
		n, ok := outCount(f[1])
		if !ok {
			return p.errorf(p.line, bytes.LastIndex(b, []byte(f[1]))+1, "%q is not a number of solutions", f[1])
		}
		p.out.Count, p.out.CountLine = n, p.line
		return p.answer(Unsat, Competition)
	}
	return p.errorf(p.line, 1, "unknown status line %q", b)
}

// answer records a status line of the given status: the current line,
// p.src. No answer may follow an UNSATISFIABLE or UNKNOWN one, nor a
// SATISFIABLE one that printed no model: only a solver's own enumeration
// prints several answers, each model with its SATISFIABLE line, and at
// most one final answer that is not SATISFIABLE ("no more models").
func (p *outParser) answer(st Status, dialect Dialect) error {
	if n := len(p.out.Answers); n > 0 {
		last := p.out.Answers[n-1]
		if last.Status != Sat || last.Model == nil && st != Sat {
			what := "contradictory answers"
			if st == last.Status {
				what = "two answers"
			}
			return p.errorf(p.line, 1, "%s: %q (line %d) and %q (line %d)", what, p.lastText, last.Line, outShown(p.src), p.line)
		}
	}
	p.lastText = outShown(p.src)
	if p.cur != nil {
		switch {
		case !p.attached && st != Sat:
			return p.errorf(p.curLine, p.curCol, "model followed by status %q instead of SATISFIABLE", outWord(st, dialect))
		case p.attached && !p.closed:
			return p.errorf(p.line, 1, "status line before the final 0 of the model of line %d", p.out.Answers[len(p.out.Answers)-1].Line)
		}
	}
	if p.out.Dialect == 0 {
		p.out.Dialect = dialect
	}
	a := Answer{Status: st, Line: p.line}
	if p.cur != nil && !p.attached {
		a.Model = p.cur
		p.attached = true
	} else {
		p.cur = nil
	}
	p.out.Answers = append(p.out.Answers, a)
	return p.deliver(false)
}

// outShown returns a status line's text for messages: without the blanks
// around it, shortened to 40 bytes.
func outShown(line []byte) string {
	line = outTrim(line)
	if len(line) > 40 {
		return string(line[:40]) + "..."
	}
	return string(line)
}

// outWord is the word of status st in dialect, for messages.
func outWord(st Status, dialect Dialect) string {
	if dialect == Minisat {
		switch st {
		case Unsat:
			return "UNSAT"
		case Unknown:
			return "INDET"
		}
	}
	return st.String()
}

// modelLine reads the literals of a model line from column col to the end
// of the line, a buffer at a time, so the line may have any length. head
// is what the line holds before col ("v", or minisat's blanks), for
// errors.
func (p *outParser) modelLine(head string, col int) error {
	for first := true; ; first = false {
		frag, err := p.br.ReadSlice('\n')
		for i := 0; i < len(frag); i++ {
			c := frag[i]
			if len(p.tok) == 0 && !outIsSpace(c) {
				// A token that ends in frag, as nearly all do, is
				// read where it is, without a copy into p.tok; a
				// plain literal (digits after an optional "-", no
				// leading zero, up to 18) in the same pass.
				j := i
				if c == '-' {
					j++
				}
				v := 0
				for j < len(frag) && j-i <= 19 && frag[j]-'0' <= 9 {
					v = v*10 + int(frag[j]-'0')
					j++
				}
				digits := j - i
				if c == '-' {
					digits--
					v = -v
				}
				plain := digits > 0 && digits <= 18 && (frag[j-digits] != '0' || digits == 1 && c != '-')
				for j < len(frag) && j-i <= 64 && !outIsSpace(frag[j]) {
					j++
					plain = false
				}
				if j < len(frag) && j-i <= 64 {
					p.col, p.tokEnd = col, p.off+int64(j)
					var err error
					if plain {
						err = p.value(frag[i:j], v)
					} else {
						err = p.literal(frag[i:j])
					}
					if err != nil {
						return p.quote(err, first, head, frag)
					}
					col += j - i
					i = j - 1
					continue
				}
			}
			switch {
			case outIsSpace(c):
				if len(p.tok) > 0 {
					// The budget of token counts the bytes up to
					// this one, whatever the buffer size.
					p.tokEnd = p.off + int64(i)
					if err := p.token(); err != nil {
						return p.quote(err, first, head, frag)
					}
				}
			case len(p.tok) == 0:
				p.col = col
				p.tok = append(p.tok, c)
			case len(p.tok) < 64:
				p.tok = append(p.tok, c)
			case len(p.tok) == 64:
				p.tok = append(p.tok, "..."...)
			}
			col++
		}
		if len(frag) > 0 {
			p.consumed(len(frag), frag[len(frag)-1], col)
		}
		p.tokEnd = p.off
		switch err {
		case nil, io.EOF:
			return p.quote(p.token(), first, head, frag)
		case bufio.ErrBufferFull:
			continue
		}
		return fmt.Errorf("%s: %w", p.name, err)
	}
}

// quote sets the Source of a *textpos.Error on the current model line to
// head+frag when frag is the line's first fragment (a longer line is too
// long to show), and returns err.
func (p *outParser) quote(err error, first bool, head string, frag []byte) error {
	if e, ok := err.(*textpos.Error); ok && first && e.Line == p.line && len(head) <= textpos.MaxCaretLine {
		e.Source = textpos.LineAt(head + textpos.LineAt(frag))
	}
	return err
}

// token handles the literal in p.tok, if any.
func (p *outParser) token() error {
	if len(p.tok) == 0 {
		return nil
	}
	tok := p.tok
	p.tok = p.tok[:0]
	return p.literal(tok)
}

// literal handles the token tok (at most 64 bytes, or 64 and "..."), which
// starts at column p.col and ends before input offset p.tokEnd.
func (p *outParser) literal(tok []byte) error {
	l, ok := outLit(tok)
	if !ok {
		return p.errorf(p.line, p.col, "%q is not a literal", tok)
	}
	return p.value(tok, l)
}

// value handles literal l, read from tok (see literal).
func (p *outParser) value(tok []byte, l int) error {
	v := l
	if v < 0 {
		v = -v
	}
	if v > outMaxVar {
		return p.errorf(p.line, p.col, "literal %s is above the variable limit %d", tok, outMaxVar)
	}
	switch {
	case p.cur == nil:
		// The first model line since the last status line: it belongs to
		// that status if it is a Sat without a model yet.
		last := len(p.out.Answers) - 1
		p.attached = last >= 0 && p.out.Answers[last].Status == Sat && p.out.Answers[last].Model == nil
		p.cur, p.closed, p.curLine, p.curCol = Model{0}, false, p.line, p.col
	case p.closed && p.attached:
		// A new model after a complete one: it waits for its "s" line.
		p.cur, p.attached, p.closed, p.curLine, p.curCol = Model{0}, false, false, p.line, p.col
	case p.closed:
		return p.errorf(p.line, p.col, "%q after the final 0 of the model of line %d", tok, p.curLine)
	}
	if l == 0 {
		p.closed = true
	} else {
		if v >= len(p.cur) {
			grow := int64(v + 1 - len(p.cur))
			if p.used+grow > outFreeVars+outVarsPerByte*p.tokEnd {
				return p.errorf(p.line, p.col, "literal %s is too far beyond the input: all models together may span %d variables plus %d per byte read (%d bytes so far)", tok, outFreeVars, outVarsPerByte, p.tokEnd)
			}
			p.used += grow
			if v < cap(p.cur) {
				p.cur = p.cur[:v+1]
			} else {
				p.cur = append(p.cur, make(Model, v+1-len(p.cur))...)
			}
		}
		val := int8(1)
		if l < 0 {
			val = -1
		}
		if p.cur[v] == -val {
			return p.errorf(p.line, p.col, "literal %d contradicts %d earlier in the same model", l, -l)
		}
		p.cur[v] = val
	}
	if p.attached {
		p.out.Answers[len(p.out.Answers)-1].Model = p.cur
		if p.closed {
			return p.deliver(false)
		}
	}
	return nil
}

// outLit parses a literal: 0, or an optional "-" and digits without a
// leading zero. "+1", "-0" and "01" are not literals. A literal too long
// to be a variable is returned as outMaxVar+1.
func outLit(b []byte) (int, bool) {
	d := b
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || !outDigits(d) {
		return 0, false
	}
	if d[0] == '0' {
		return 0, len(b) == 1
	}
	if len(d) > 18 {
		return outMaxVar + 1, true
	}
	n := 0
	for _, c := range d {
		n = n*10 + int(c-'0')
	}
	if len(b) > len(d) {
		n = -n
	}
	return n, true
}

func outDigits(s []byte) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// outStop parses satrun's "UNKNOWN: <reason> after N models; more may
// exist" and "ERROR: ..." comment texts, or returns nil.
func outStop(text string) *Stop {
	kind, rest := StopUnknown, ""
	if r, ok := strings.CutPrefix(text, "UNKNOWN: "); ok {
		rest = r
	} else if r, ok := strings.CutPrefix(text, "ERROR: "); ok {
		kind, rest = StopError, r
	} else {
		return nil
	}
	rest, ok := strings.CutSuffix(strings.TrimRight(rest, " \t"), " models; more may exist")
	if !ok {
		return nil
	}
	i := strings.LastIndex(rest, " after ")
	if i < 0 {
		return nil
	}
	n, ok := outCount(rest[i+len(" after "):])
	reason := strings.TrimSpace(rest[:i])
	if !ok || reason == "" {
		return nil
	}
	return &Stop{Kind: kind, Reason: reason, Models: n}
}

// outCount parses a non-negative count.
func outCount(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || s[0] == '+' {
		return 0, false
	}
	return n, true
}

// byteSize words a bound in bytes: "64 MiB" when it is whole MiB, else
// "1000 bytes".
func byteSize(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return strconv.Itoa(n>>20) + " MiB"
	}
	return strconv.Itoa(n) + " bytes"
}

func outIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n'
}

func outTrim(b []byte) []byte {
	for len(b) > 0 && outIsSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && outIsSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}
