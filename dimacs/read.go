package dimacs

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs/internal/decoders"
	"github.com/pipesat/pipesat/textpos"
)

// Options control how strictly Parse reads.
type Options struct {
	// Relaxed accepts a number of clauses different from the header's.
	Relaxed bool
	// MaxVars and MaxClauses bound the header's counts; 0 means the
	// defaults DefaultMaxVars and DefaultMaxClauses. Nothing is allocated
	// from the header's counts beyond a small first guess: memory follows
	// the clauses as they are read.
	MaxVars, MaxClauses int
	// Context, if not nil, stops Parse when it ends: Parse then returns
	// its error (context.Canceled or context.DeadlineExceeded, prefixed
	// with the input name). It is checked each time Parse reads on, every
	// 256 KiB of (decompressed) input, so a decompression bomb or an
	// endless input is cut too. Reads from the input then run in another
	// goroutine, so a Read that blocks (a stuck pipe) does not hold Parse:
	// when Parse returns on ctx's end, a Read still under way finishes in
	// the background, and the caller may close the input to end it.
	Context context.Context
}

// Defaults for Options.MaxVars and Options.MaxClauses.
const (
	DefaultMaxVars    = 1 << 28
	DefaultMaxClauses = 1 << 30
)

// Handler receives what Parse reads, in input order.
type Handler interface {
	// Header is called once with the counts of the "p cnf V C" line.
	Header(vars, clauses int) error
	// Comment is called for each comment line with its text after the
	// "c" and one space, if there is one: "" for a bare "c".
	Comment(text string) error
	// Clause is called for each clause, without its final 0, with the line
	// it started on. lits is reused after Clause returns.
	Clause(lits []int32, line int) error
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Parse reads DIMACS CNF from r (compressed or not, see Decompress) in one
// streaming pass and calls h for the header, each comment and each clause.
// name is used only in error messages. Syntax errors are *textpos.Error
// values; errors from h are returned as they are; a read or decompression
// error is returned prefixed with name.
//
// What Parse accepts: comment lines, then the header "p cnf V C" with V at
// most opts.MaxVars and C at most opts.MaxClauses, then exactly C clauses
// (any number if opts.Relaxed). A clause is decimal literals in -V..V other
// than 0 (no "+", no "-0"; leading zeros are fine, any number of them,
// wherever they fall in Parse's buffer), ended by 0; literals are
// separated by blanks (spaces, tabs) and line ends (LF or CRLF), so a clause
// may span lines and a line may hold several clauses. A line whose first
// non-blank byte is "c" is a comment, wherever it is; its text is what
// follows the "c" and one space. A line starting with "%" (the SATLIB
// trailer) ends the formula: nothing after it is read. A UTF-8 byte order
// mark, control bytes other than tab and CR before LF, comment lines over
// 1 MiB and header lines over 1 KiB are errors. Memory follows the input,
// not the header: V and C cost nothing up front. When opts.Context ends,
// Parse stops within the next 256 KiB of input and returns its error.
func Parse(r io.Reader, name string, opts Options, h Handler) error {
	if ctx := opts.Context; ctx != nil && ctx.Done() != nil {
		r = &cnfCtxReader{ctx: ctx, r: r}
	}
	dr, closeFn, err := cnfDecompress(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer closeFn()
	p := &cnfParser{
		br:   bufio.NewReaderSize(dr, cnfChunk),
		name: name,
		h:    h,
		line: 1,
	}
	p.maxVars = opts.MaxVars
	if p.maxVars <= 0 {
		p.maxVars = DefaultMaxVars
	}
	if p.maxVars > math.MaxInt32 {
		p.maxVars = math.MaxInt32 // literals are stored as int32
	}
	p.maxClauses = opts.MaxClauses
	if p.maxClauses <= 0 {
		p.maxClauses = DefaultMaxClauses
	}
	p.relaxed = opts.Relaxed
	p.ctx = opts.Context
	p.fr, _ = h.(*cnfFormulaReader)
	err = p.run()
	switch h := h.(type) {
	case *cnfFormulaReader:
		h.f.quirk = p.quirkText()
	case *cnfTee:
		h.fr.f.quirk = p.quirkText()
	}
	return err
}

// Read parses r into a Formula; see Parse. The Formula's Vars is the
// header's variable count, its Comments the comment lines in order, and
// each clause remembers the line it started on for Check's messages.
func Read(r io.Reader, name string, opts Options) (*Formula, error) {
	fr := &cnfFormulaReader{f: new(Formula)}
	if err := Parse(r, name, opts, fr); err != nil {
		return nil, err
	}
	return fr.f, nil
}

// cnfFormulaReader is the Handler behind Read.
type cnfFormulaReader struct {
	f       *Formula
	clauses int // the header's count
}

func (fr *cnfFormulaReader) Header(vars, clauses int) error {
	f := fr.f
	f.Vars = vars
	fr.clauses = clauses
	// The header's count only sizes the first allocation, within reason: a
	// header may lie, and Options bound it but not to what memory holds.
	// grow trusts it further as clauses arrive.
	n := min(clauses, 1<<14)
	f.starts = make([]int, 0, n)
	f.lines = make([]int, 0, n)
	f.lits = make([]int32, 0, 4*n)
	return nil
}

func (fr *cnfFormulaReader) Comment(text string) error {
	fr.f.Comments = append(fr.f.Comments, text)
	return nil
}

func (fr *cnfFormulaReader) Clause(lits []int32, line int) error {
	fr.add(lits, line)
	return nil
}

// add is Clause without the error, small enough to be inlined in Parse's
// loop: Formula.addRead when there is room, grow otherwise.
func (fr *cnfFormulaReader) add(lits []int32, line int) {
	f := fr.f
	if len(f.starts) == cap(f.starts) || len(f.lits)+len(lits)+1 > cap(f.lits) {
		fr.grow(len(lits))
	}
	f.addRead(lits, line)
}

// grow makes room in the Formula for one more clause of k literals.
func (fr *cnfFormulaReader) grow(k int) {
	f := fr.f
	// Grow geometrically towards what the header promises. Header sized
	// room for at most a million clauses; once they have come, trust the
	// header up to 8 times what has been read. (append grows large slices
	// by 1.25x: it copies and faults in far more memory.)
	if n := len(f.starts); n == cap(f.starts) {
		want := max(2*n, 1024)
		if fr.clauses > n {
			want = min(fr.clauses, max(want, 8*n))
		}
		f.starts = cnfRealloc(f.starts, want)
		f.lines = cnfRealloc(f.lines, want)
	}
	if need := len(f.lits) + k + 1; need > cap(f.lits) {
		c := cap(f.lits)
		want := max(2*c, need, 4096)
		if n := len(f.starts); n > 0 && fr.clauses > n {
			// Room for the clauses still to come at the average length so far.
			avg := (len(f.lits) + n - 1) / n
			est := need + avg*(fr.clauses-n-1)
			want = max(need, min(max(est, c+c/4), 8*c))
		}
		f.lits = cnfRealloc(f.lits, want)
	}
}

// cnfRealloc returns s with capacity n >= len(s), exactly as asked, unlike
// append and slices.Grow.
func cnfRealloc[E any](s []E, n int) []E {
	t := make([]E, len(s), n)
	copy(t, s)
	return t
}

// cnfCtxReader reads r in another goroutine, so that a Read that blocks
// (a pipe whose writer is slow or stuck) returns ctx's error when ctx
// ends. The Read then still pending finishes in the background, into a
// buffer of its own; its bytes are dropped.
type cnfCtxReader struct {
	ctx     context.Context
	r       io.Reader
	pending chan cnfReadResult // the Read under way, if any
	buf     []byte             // what it reads into, reused once it is done
}

type cnfReadResult struct {
	b   []byte
	err error
}

func (cr *cnfCtxReader) Read(p []byte) (int, error) {
	if err := cr.ctx.Err(); err != nil {
		return 0, err
	}
	if cr.pending == nil {
		ch := make(chan cnfReadResult, 1)
		if cap(cr.buf) < len(p) {
			cr.buf = make([]byte, len(p))
		}
		b := cr.buf[:len(p)]
		go func() {
			n, err := cr.r.Read(b)
			ch <- cnfReadResult{b[:n], err}
		}()
		cr.pending = ch
	}
	select {
	case res := <-cr.pending:
		cr.pending = nil
		return copy(p, res.b), res.err
	case <-cr.ctx.Done():
		return 0, cr.ctx.Err()
	}
}

// Decompress returns a reader of the decompressed bytes if r starts with the
// magic bytes of gzip, bzip2, xz or zstd, and a reader of r's bytes as they
// are otherwise. Parse calls it itself. The error is that of a compressed
// stream whose header is corrupt; later corruption shows up as a read error.
// xz and zstd need package dimacs/compressed imported (for its effect);
// without it, their input is an error.
func Decompress(r io.Reader) (io.Reader, error) {
	dr, _, err := cnfDecompress(r)
	return dr, err
}

// cnfChunk is how many bytes Parse looks at in one go. It is a variable
// only so that tests can move the buffer's edge cheaply.
var cnfChunk = 256 << 10

// cnfDecompress is Decompress plus a function that releases the
// decompressor's resources (never r's).
func cnfDecompress(r io.Reader) (io.Reader, func(), error) {
	nop := func() {}
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < 16 {
		br = bufio.NewReaderSize(r, cnfChunk)
	}
	magic, err := br.Peek(6)
	if err != nil && err != io.EOF {
		return nil, nop, err // bufio would not say it twice
	}
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nop, cnfFormatErr("gzip", err)
		}
		return &cnfFormatReader{zr, "gzip"}, nop, nil
	case len(magic) >= 4 && string(magic[:3]) == "BZh" && magic[3] >= '1' && magic[3] <= '9':
		return &cnfFormatReader{bzip2.NewReader(br), "bzip2"}, nop, nil
	case len(magic) >= 6 && string(magic) == "\xfd7zXZ\x00":
		if decoders.XZ == nil {
			return nil, nop, cnfNoDecoder("xz")
		}
		// The xz reader allocates whatever dictionary a block header asks
		// for, up to 4 GiB: look before it does.
		if hdr, _ := br.Peek(12 + 1024); len(hdr) > 12 {
			if dict, ok := cnfXZDict(hdr[12:]); ok && dict > cnfMaxXZDict {
				return nil, nop, fmt.Errorf("xz: dictionary of %d bytes exceeds the limit %d", dict, cnfMaxXZDict)
			}
		}
		xr, closeFn, err := decoders.XZ(br)
		if err != nil {
			return nil, nop, cnfFormatErr("xz", err)
		}
		return &cnfFormatReader{xr, "xz"}, closeFn, nil
	case len(magic) >= 4 && string(magic[:4]) == "\x28\xb5\x2f\xfd":
		if decoders.Zstd == nil {
			return nil, nop, cnfNoDecoder("zstd")
		}
		zr, closeFn, err := decoders.Zstd(br)
		if err != nil {
			return nil, nop, cnfFormatErr("zstd", err)
		}
		return &cnfFormatReader{zr, "zstd"}, closeFn, nil
	}
	return br, nop, nil
}

// cnfNoDecoder is the error for xz or zstd input in a program that does not
// import package dimacs/compressed: an error, never the compressed bytes
// read as CNF text.
func cnfNoDecoder(format string) error {
	return fmt.Errorf("%s-compressed input, and this program has no %s decoder (it does not import github.com/pipesat/pipesat/dimacs/compressed)", format, format)
}

// cnfMaxXZDict bounds the dictionary an xz stream may ask for: 4 times what
// "xz -9" uses.
const cnfMaxXZDict = 256 << 20

// cnfXZDict returns the LZMA2 dictionary size in the xz block header at the
// start of b, and whether b holds such a header.
func cnfXZDict(b []byte) (int64, bool) {
	if len(b) < 2 || b[0] == 0 || len(b) < (int(b[0])+1)*4 {
		return 0, false
	}
	b = b[:(int(b[0])+1)*4]
	flags := b[1]
	i := 2
	// mbi reads a multibyte integer at b[i].
	mbi := func() (uint64, bool) {
		var n uint64
		for k := 0; k < 9 && i < len(b); k++ {
			c := b[i]
			i++
			n |= uint64(c&0x7f) << (7 * k)
			if c&0x80 == 0 {
				return n, true
			}
		}
		return 0, false
	}
	for _, present := range []bool{flags&0x40 != 0, flags&0x80 != 0} {
		if present {
			if _, ok := mbi(); !ok {
				return 0, false
			}
		}
	}
	for range int(flags&3) + 1 {
		id, ok := mbi()
		if !ok {
			return 0, false
		}
		size, ok := mbi()
		if !ok || size > uint64(len(b)-i) {
			return 0, false
		}
		if id == 0x21 && size == 1 { // LZMA2
			c := b[i] & 0x3f
			if c >= 40 {
				return 1<<32 - 1, true
			}
			return int64(2|c&1) << (c/2 + 11), true
		}
		i += int(size)
	}
	return 0, false
}

// cnfFormatReader says which decompressor an error comes from: a bare
// "unexpected EOF" for a truncated .xz file helps nobody.
type cnfFormatReader struct {
	r      io.Reader
	format string
}

func (fr *cnfFormatReader) Read(p []byte) (int, error) {
	n, err := fr.r.Read(p)
	if err != nil && err != io.EOF {
		err = cnfFormatErr(fr.format, err)
	}
	return n, err
}

func cnfFormatErr(format string, err error) error {
	if strings.HasPrefix(err.Error(), format) {
		return err
	}
	return fmt.Errorf("%s: %w", format, err)
}

// cnfParser holds the state of one Parse. The input is read through br's
// buffer without copying: buf is a Peek at it, p the next byte to look at.
type cnfParser struct {
	br   *bufio.Reader
	name string
	ctx  context.Context // nil: never cancelled
	h    Handler
	fr   *cnfFormulaReader // h, when Read called Parse: a direct call is faster

	maxVars, maxClauses int
	relaxed             bool

	buf  []byte // the bytes of the input from offset base on
	p    int    // next byte of buf
	base int64  // input offset of buf[0]
	eof  bool   // buf ends where the input ends

	line      int   // 1-based line of buf[p]
	lineStart int64 // input offset of that line's first byte

	header        bool
	headerLine    int
	vars, clauses int // the header's counts
	count         int // clauses read so far
	open          bool
	clauseLine    int // line the open (or else the last) clause started on
	lits          []int32
	text          []byte // scratch for comment and header lines

	// The first thing in the input that a solver reading the bytes
	// itself may take differently from Parse (Formula.Quirk): its kind
	// (quirkNone if none yet), line and what else quirkText needs. The
	// hot loop (literals) only stores numbers here: calls and messages
	// there cost 10% of Parse's speed.
	qkind  int
	qline  int
	qa, qb int
	quirk  string // the message of a quirkText

	// The start of the current line when refill moved buf past it, so
	// that an error can quote the line (textpos.Error.Source): kept[:nkept],
	// at most textpos.MaxCaretLine+1 bytes from input offset keptStart.
	// refill copies them once per cnfChunk, never the hot loop. (An array
	// and a length, not a slice into it: that would move the parser to the
	// heap.)
	kept      [textpos.MaxCaretLine + 1]byte
	nkept     int
	keptStart int64
}

// Kinds of quirks.
const (
	quirkNone   = iota
	quirkText   // cnfParser.quirk says what
	quirkZeros  // a literal with qa leading zeros and the value qb
	quirkSecond // a second clause on the line
	quirkEnds   // the clause of line qa ends on this line
)

// noteQuirk records what as the quirk on the current line unless an
// earlier one was. Callers check ps.qkind == quirkNone first when
// building what costs something.
func (ps *cnfParser) noteQuirk(what string) {
	if ps.qkind == quirkNone {
		ps.qkind, ps.qline, ps.quirk = quirkText, ps.line, what
	}
}

// quirkText returns the phrase of Formula.Quirk.
func (ps *cnfParser) quirkText() string {
	var what string
	switch ps.qkind {
	case quirkNone:
		return ""
	case quirkText:
		what = ps.quirk
	case quirkZeros:
		// A reader that takes "010" for octal (strtol with base 0)
		// reads another variable.
		lit := strings.Repeat("0", min(ps.qa, cnfMaxShown+1))
		if ps.qb < 0 {
			lit = "-" + lit + itoa(-ps.qb)
		} else if ps.qb > 0 {
			lit += itoa(ps.qb)
		}
		what = fmt.Sprintf("literal %q with leading zeros", cnfShorten(lit))
	case quirkSecond:
		// cryptominisat5 wants each clause on a line of its own.
		what = "a second clause on the line"
	case quirkEnds:
		what = "the clause of line " + itoa(ps.qa) + " ends here"
	}
	return "line " + itoa(ps.qline) + ": " + what
}

// refill moves buf on to p and looks at up to cnfChunk more bytes, unless
// ps.ctx has ended.
func (ps *cnfParser) refill() error {
	if ps.ctx != nil {
		if err := ps.ctx.Err(); err != nil {
			return fmt.Errorf("%s: %w", ps.name, err)
		}
	}
	if ps.p > 0 {
		ps.keepLine()
		ps.br.Discard(ps.p) // cannot fail: those bytes were peeked
		ps.base += int64(ps.p)
		ps.p = 0
	}
	b, err := ps.br.Peek(cnfChunk)
	ps.buf = b
	switch err {
	case nil:
	case io.EOF:
		ps.eof = true
	default:
		return fmt.Errorf("%s: %w", ps.name, err)
	}
	return nil
}

// ensure makes at least n bytes from p available unless the input ends
// first.
func (ps *cnfParser) ensure(n int) error {
	if len(ps.buf)-ps.p >= n || ps.eof {
		return nil
	}
	return ps.refill()
}

// errAt returns a *textpos.Error at input offset off, which must be on the
// current line.
func (ps *cnfParser) errAt(off int64, format string, args ...any) error {
	return &textpos.Error{
		Name:   ps.name,
		Pos:    textpos.Pos{Line: ps.line, Col: int(off-ps.lineStart) + 1},
		Msg:    fmt.Sprintf(format, args...),
		Source: ps.source(),
	}
}

// keepLine saves the bytes of the current line that refill is about to
// move buf past, up to what source needs.
func (ps *cnfParser) keepLine() {
	if ps.lineStart >= ps.base {
		from := int(ps.lineStart - ps.base)
		ps.nkept = copy(ps.kept[:], ps.buf[from:min(ps.p, from+len(ps.kept))])
		ps.keptStart = ps.lineStart
	} else if ps.keptStart == ps.lineStart {
		ps.nkept += copy(ps.kept[ps.nkept:], ps.buf[:ps.p])
	}
}

// source returns the current line as textpos.LineAt does, or "" when its
// end is not buffered yet (a short line across the buffer's edge: rare, and
// reading on to find it could block on a slow pipe).
func (ps *cnfParser) source() string {
	const max = len(ps.kept)
	var line []byte
	if ps.lineStart >= ps.base {
		line = ps.buf[ps.lineStart-ps.base:]
	} else if ps.keptStart == ps.lineStart {
		line = append(ps.kept[:ps.nkept:ps.nkept], ps.buf[:min(len(ps.buf), max)]...)
	} else {
		return ""
	}
	line = line[:min(len(line), max)]
	if len(line) < max && !ps.eof && bytes.IndexByte(line, '\n') < 0 {
		return ""
	}
	return textpos.LineAt(line)
}

// errHere returns a *textpos.Error at buf[p].
func (ps *cnfParser) errHere(format string, args ...any) error {
	return ps.errAt(ps.base+int64(ps.p), format, args...)
}

const cnfMaxShown = 40 // bytes of a bad token quoted in a message

// token returns the text of the token at buf[i], up to the next blank,
// line end or the end of what is buffered, shortened for messages.
func (ps *cnfParser) token(i int) string {
	j := i
	for j < len(ps.buf) && j-i <= cnfMaxShown {
		c := ps.buf[j]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		j++
	}
	if j-i > cnfMaxShown {
		return string(ps.buf[i:i+cnfMaxShown]) + "..."
	}
	return string(ps.buf[i:j])
}

func (ps *cnfParser) binaryErr() error {
	return ps.errHere("binary data: unexpected byte %q", string(ps.buf[ps.p:ps.p+1]))
}

func (ps *cnfParser) run() error {
	if err := ps.refill(); err != nil {
		return err
	}
	if len(ps.buf) >= 3 && string(ps.buf[:3]) == "\xef\xbb\xbf" {
		return ps.errHere("UTF-8 byte order mark (BOM) at start of input")
	}
	atStart := true // no token yet on this line
	for {
		if ps.p >= len(ps.buf) {
			if ps.eof {
				return ps.finish()
			}
			if err := ps.refill(); err != nil {
				return err
			}
			continue
		}
		c := ps.buf[ps.p]
		switch {
		case c == ' ' || c == '\t':
			// kissat wants comments and the header at the start of a
			// line; cryptominisat5 reads no tab between literals.
			if !ps.header {
				ps.noteQuirk("blank at the start of a line before the header")
			} else if c == '\t' {
				ps.noteQuirk("tab outside a comment")
			}
			ps.p++
		case c == '\n':
			ps.p++
			ps.line++
			ps.lineStart = ps.base + int64(ps.p)
			atStart = true
		case c-'0' <= 9 || c == '-':
			var err error
			if atStart, err = ps.literals(); err != nil {
				return err
			}
		case c == '\r':
			if err := ps.ensure(2); err != nil {
				return err
			}
			if ps.p+1 < len(ps.buf) && ps.buf[ps.p+1] != '\n' {
				return ps.binaryErr()
			}
			ps.noteQuirk("CR line end")
			ps.p++
		case atStart && c == 'c':
			if ps.open && ps.qkind == quirkNone {
				// minisat and cryptominisat5 read no comment there.
				ps.noteQuirk("comment inside the clause of line " + itoa(ps.clauseLine))
			}
			if err := ps.comment(); err != nil {
				return err
			}
		case atStart && c == 'p':
			if err := ps.parseHeader(); err != nil {
				return err
			}
		case atStart && c == '%':
			// The SATLIB trailer: "%" then "0". The formula ends here
			// (a solver that reads on takes the "0" for an empty clause).
			ps.noteQuirk(`SATLIB "%" trailer`)
			return ps.finish()
		case c < 0x20 || c == 0x7f:
			return ps.binaryErr()
		default:
			return ps.errHere("%q is not a literal", ps.token(ps.p))
		}
	}
}

const cnfMaxLit = 64 // bytes looked at before a literal without reading on

// literals reads literals from buf[p], which holds a digit or '-', across
// blanks and line ends, until something else: the hot loop of Parse. It
// reports whether it stopped at the start of a line.
func (ps *cnfParser) literals() (atStart bool, err error) {
	buf, p := ps.buf, ps.p
	lits := ps.lits
	vars := uint64(ps.vars)
	for {
		if len(buf)-p < cnfMaxLit && !ps.eof {
			ps.p = p
			if err := ps.refill(); err != nil {
				return false, err
			}
			buf, p = ps.buf, ps.p
		}
		start := p
		startOff := ps.base + int64(start)
		neg := buf[p] == '-'
		if neg {
			p++
		}
		sig := p // first significant digit
		if p < len(buf) && buf[p] == '0' {
			// "0" ends a clause: look no further unless a digit follows.
			p++
			sig = p
			if p < len(buf) && buf[p]-'0' <= 9 {
				if ps.qkind == quirkNone {
					ps.zerosQuirk(start)
				}
				for p < len(buf) && buf[p] == '0' {
					p++
				}
				sig = p
			}
		}
		var v uint64
		for p < len(buf) {
			d := buf[p] - '0'
			if d > 9 {
				break
			}
			v = v*10 + uint64(d)
			p++
		}
		nsig := p - sig
		long := "" // the literal's text for messages when it ran past buf
		if p == len(buf) && !ps.eof {
			// Many leading zeros, or too long to be a literal: read on,
			// so that where the buffer ends does not change the verdict.
			ps.p, ps.lits = start, lits
			if neg, nsig, v, long, err = ps.longLiteral(); err != nil {
				return false, err
			}
			buf, p = ps.buf, ps.p
		} else if p < len(buf) && !cnfDelim(buf[p]) || p == start+1 && neg || neg && nsig == 0 {
			return false, ps.badLiteral(start, p)
		}
		if !ps.open {
			if ps.line == ps.clauseLine && ps.qkind == quirkNone {
				// The last clause started on this line and, had it
				// gone on past it, would have been noted.
				ps.qkind, ps.qline = quirkSecond, ps.line
			}
			if !ps.header {
				return false, ps.errAt(startOff, "%q before the \"p cnf\" header", ps.litText(start, long))
			}
			if ps.count >= ps.clauses && !ps.relaxed {
				return false, ps.errAt(startOff, "more clauses than the header's %d", ps.clauses)
			}
			ps.open = true
			ps.clauseLine = ps.line
		}
		if nsig > 10 || v > vars {
			return false, ps.errAt(startOff, "literal %q exceeds the header's variable count %d", ps.litText(start, long), ps.vars)
		}
		switch {
		case v == 0:
			if ps.line != ps.clauseLine && ps.qkind == quirkNone {
				ps.qkind, ps.qline, ps.qa = quirkEnds, ps.line, ps.clauseLine
			}
			ps.open = false
			ps.count++
			if ps.fr != nil {
				ps.fr.add(lits, ps.clauseLine)
			} else if err := ps.h.Clause(lits, ps.clauseLine); err != nil {
				return false, err
			}
			lits = lits[:0]
		case neg:
			lits = append(lits, -int32(v))
		default:
			lits = append(lits, int32(v))
		}
		// Blanks and line ends, then another literal, or back to run.
		atStart = false
		for p < len(buf) {
			c := buf[p]
			if c == ' ' {
				p++
			} else if c == '\n' {
				p++
				ps.line++
				ps.lineStart = ps.base + int64(p)
				atStart = true
			} else {
				break // a tab too: run notes it
			}
		}
		if p >= len(buf) || buf[p]-'0' > 9 && buf[p] != '-' {
			ps.p, ps.lits = p, lits
			return atStart, nil
		}
	}
}

// zerosQuirk notes the literal at buf[i], which has leading zeros, as the
// quirk. It is not inlined, to keep literals small.
//
//go:noinline
func (ps *cnfParser) zerosQuirk(i int) {
	buf := ps.buf
	neg := buf[i] == '-'
	if neg {
		i++
	}
	z := 0
	for i < len(buf) && buf[i] == '0' {
		i++
		z++
	}
	v := 0
	for n := 0; i < len(buf) && buf[i]-'0' <= 9 && n < 18; n++ {
		v = v*10 + int(buf[i]-'0')
		i++
	}
	if neg {
		v = -v
	}
	ps.qkind, ps.qline, ps.qa, ps.qb = quirkZeros, ps.line, z, v
}

// litText returns the text of the literal at buf[start] for a message, or
// long if that is not empty (the literal ran past the buffer).
func (ps *cnfParser) litText(start int, long string) string {
	if long != "" {
		return long
	}
	return ps.token(start)
}

// longLiteral reads the literal at buf[p] that runs past the end of buf,
// reading on as often as it takes, and leaves p after it. It returns its
// sign, its number of significant digits, its value (meaningful up to 19
// digits) and its text shortened for messages; or the error for a token
// that is not a literal.
func (ps *cnfParser) longLiteral() (neg bool, nsig int, v uint64, text string, err error) {
	start := ps.base + int64(ps.p)
	p := ps.p
	neg = ps.buf[p] == '-'
	var shown []byte // the first bytes of the token, for messages
	zeros, digits := 0, 0
	for {
		if p == len(ps.buf) {
			if ps.eof {
				break
			}
			ps.p = p
			if err := ps.refill(); err != nil {
				return false, 0, 0, "", err
			}
			p = ps.p
			continue
		}
		c := ps.buf[p]
		if c == '-' && len(shown) == 0 && neg {
			// the sign
		} else if c-'0' <= 9 {
			digits++
			if c == '0' && nsig == 0 {
				zeros++
			}
			if c != '0' || nsig > 0 {
				nsig++
				if nsig <= 19 {
					v = v*10 + uint64(c-'0')
				}
			}
		} else {
			break
		}
		if len(shown) <= cnfMaxShown {
			shown = append(shown, c)
		}
		p++
	}
	ps.p = p
	text = cnfShorten(string(shown))
	if p < len(ps.buf) && !cnfDelim(ps.buf[p]) {
		if c := ps.buf[p]; c < 0x20 || c == 0x7f {
			return false, 0, 0, "", ps.binaryErr()
		}
		return false, 0, 0, "", ps.errAt(start, "%q is not a literal", cnfShorten(string(shown)+ps.token(p)))
	}
	if neg && nsig == 0 {
		return false, 0, 0, "", ps.errAt(start, "%q is not a literal", text)
	}
	if zeros > 0 && digits > 1 && ps.qkind == quirkNone {
		ps.noteQuirk(fmt.Sprintf("literal %q with leading zeros", text))
	}
	return neg, nsig, v, text, nil
}

// cnfShorten shortens a token's text for messages, as token does.
func cnfShorten(s string) string {
	if len(s) > cnfMaxShown {
		return s[:cnfMaxShown] + "..."
	}
	return s
}

// badLiteral returns the error for the token at buf[start] that is not a
// literal; buf[p] is where reading it stopped.
func (ps *cnfParser) badLiteral(start, p int) error {
	if p < len(ps.buf) && (ps.buf[p] < 0x20 || ps.buf[p] == 0x7f) && !cnfDelim(ps.buf[p]) {
		ps.p = p
		return ps.binaryErr()
	}
	return ps.errAt(ps.base+int64(start), "%q is not a literal", ps.token(start))
}

func cnfDelim(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

const cnfMaxComment = 1 << 20

// restOfLine reads from buf[p] to the end of the line into ps.text, without
// the line end, and leaves p at the '\n' (or the end of input). It rejects
// control bytes other than tab, and lines over max bytes as a what that
// starts at input offset start.
func (ps *cnfParser) restOfLine(start int64, max int, what string) error {
	ps.text = ps.text[:0]
	for {
		buf := ps.buf
		i := ps.p
		for ; i < len(buf); i++ {
			c := buf[i]
			if c < 0x20 || c == 0x7f {
				if c == '\n' {
					break
				}
				if c == '\r' && (i+1 < len(buf) && buf[i+1] == '\n' || i+1 == len(buf) && ps.eof) {
					ps.noteQuirk("CR line end")
					continue
				}
				if c == '\r' && i+1 == len(buf) {
					break // look again after refill
				}
				if c != '\t' {
					ps.text = append(ps.text, buf[ps.p:i]...)
					ps.p = i
					return ps.binaryErr()
				}
			}
		}
		if len(ps.text)+i-ps.p > max {
			return ps.errAt(start, "%s longer than %d bytes", what, max)
		}
		ps.text = append(ps.text, buf[ps.p:i]...)
		ps.p = i
		if i < len(buf) && buf[i] == '\n' || ps.eof {
			if n := len(ps.text); n > 0 && ps.text[n-1] == '\r' {
				ps.text = ps.text[:n-1]
			}
			return nil
		}
		if err := ps.refill(); err != nil {
			return err
		}
	}
}

// comment reads a comment line starting at buf[p] == 'c'.
func (ps *cnfParser) comment() error {
	start := ps.base + int64(ps.p)
	ps.p++
	if err := ps.restOfLine(start, cnfMaxComment, "comment"); err != nil {
		return err
	}
	t := ps.text
	if len(t) > 0 && t[0] == ' ' {
		t = t[1:]
	}
	return ps.h.Comment(string(t))
}

const cnfMaxHeader = 1 << 10

// parseHeader reads the "p cnf V C" line starting at buf[p] == 'p'.
func (ps *cnfParser) parseHeader() error {
	off := ps.base + int64(ps.p)
	if ps.header {
		return ps.errAt(off, "second \"p\" line: the header is on line %d", ps.headerLine)
	}
	if err := ps.restOfLine(off, cnfMaxHeader, "header"); err != nil {
		return err
	}
	line := string(ps.text)
	type field struct {
		s   string
		off int64
	}
	var fs []field
	for i := 0; i < len(line); {
		if line[i] == ' ' || line[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		fs = append(fs, field{line[i:j], off + int64(i)})
		i = j
	}
	shown := strings.TrimRight(line, " \t")
	if len(fs) < 2 || fs[0].s != "p" || fs[1].s != "cnf" {
		return ps.errAt(off, "header %q is not \"p cnf VARS CLAUSES\"", shown)
	}
	end := off + int64(len(shown))
	if len(fs) < 3 {
		return ps.errAt(end, "header %q: missing variable count", shown)
	}
	if len(fs) < 4 {
		return ps.errAt(end, "header %q: missing clause count", shown)
	}
	if len(fs) > 4 {
		return ps.errAt(fs[4].off, "header %q: unexpected %q after the clause count", shown, fs[4].s)
	}
	var err error
	if ps.vars, err = ps.parseCount(fs[2].s, fs[2].off, "variable", ps.maxVars); err != nil {
		return err
	}
	if ps.clauses, err = ps.parseCount(fs[3].s, fs[3].off, "clause", ps.maxClauses); err != nil {
		return err
	}
	// minisat reads "p cnf " literally, cryptominisat5 no tab.
	if shown != "p cnf "+fs[2].s+" "+fs[3].s {
		ps.noteQuirk(fmt.Sprintf("header %q is not \"p cnf VARS CLAUSES\" with single spaces", shown))
	}
	for _, s := range []string{fs[2].s, fs[3].s} {
		if len(s) > 1 && s[0] == '0' {
			ps.noteQuirk(fmt.Sprintf("header count %q with leading zeros", s))
		}
	}
	ps.header = true
	ps.headerLine = ps.line
	return ps.h.Header(ps.vars, ps.clauses)
}

// parseCount parses a count of the header at input offset off.
func (ps *cnfParser) parseCount(s string, off int64, what string, max int) (int, error) {
	digits := s
	if len(s) > 1 && s[0] == '-' {
		digits = s[1:]
	}
	for i := 0; i < len(digits); i++ {
		if digits[i]-'0' > 9 {
			return 0, ps.errAt(off, "%s count %q is not a number", what, s)
		}
	}
	if len(digits) != len(s) {
		return 0, ps.errAt(off, "negative %s count %q", what, s)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > max {
		return 0, ps.errAt(off, "%s count %q exceeds the limit %d", what, s, max)
	}
	return n, nil
}

// finish checks what must hold where the formula ends, at buf[p].
func (ps *cnfParser) finish() error {
	if !ps.header {
		return ps.errHere("missing \"p cnf VARS CLAUSES\" header")
	}
	if ps.open {
		return ps.errHere("missing final 0 of the clause that starts on line %d", ps.clauseLine)
	}
	if ps.count != ps.clauses && !ps.relaxed {
		return ps.errHere("found %d clauses, the header declares %d", ps.count, ps.clauses)
	}
	return nil
}
