package dimacs

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"

	"github.com/pipesat/pipesat/dimacs/internal/decompress"
)

// Options control how strictly Parse reads.
type Options struct {
	// Relaxed accepts a number of clauses different from the header's,
	// and nothing else: the clauses read are those of the input, all of
	// them (see Parse).
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
	// AllComments makes Read and ReadTee keep every comment line in
	// Formula.Comments. By default they keep only the header lines that
	// IsPipesatComment accepts ("c pipesat ...", "c varname ..."), which
	// are what satrun forwards and decoders read: memory follows the
	// clauses, not the comments (a file of 5 GB of comment lines costs
	// nothing). Parse gives a Handler every comment line either way.
	AllComments bool
	// MaxComments bounds what the comment lines Read and ReadTee keep may
	// cost, in bytes: their text plus 16 bytes each; 0 means
	// DefaultMaxComments. The lines past it are dropped and counted
	// (Formula.DroppedComments), so that a caller can say so.
	MaxComments int
}

// Defaults for Options.MaxVars, Options.MaxClauses and Options.MaxComments.
const (
	DefaultMaxVars     = 1 << 28
	DefaultMaxClauses  = 1 << 30
	DefaultMaxComments = 64 << 20
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
// may span lines and a line may hold several clauses; the last clause's
// final 0 is never optional. A line whose first non-blank byte is "c" is a
// comment, wherever it is; its text is what follows the "c" and one space.
// Input that ends in a header line promising clauses is an error (a cut
// file), relaxed or not; "p cnf V 0" may end the input. The SATLIB trailer ends the formula: a line
// starting with "%", after all the clauses (the header's C of them unless
// opts.Relaxed), then optionally a line "0", then nothing but blanks and
// line ends; anything else after a "%" line is an error, so no clause is
// ever dropped. A UTF-8 byte order mark, control bytes other than tab, a
// CR that is not followed by LF (at the end of the input too) and header
// lines over 1 KiB are errors. A comment line that is kept whole (a header
// comment line Read keeps, any with opts.AllComments, every one a Handler
// other than Read's and ReadTee's is given) may be at most 1 MiB; the lines
// Read and ReadTee do not keep may have any length and cost no memory. Memory follows the input,
// not the header: V and C cost nothing up front. When opts.Context ends,
// Parse stops within the next 256 KiB of input and returns its error.
func Parse(r io.Reader, name string, opts Options, h Handler) error {
	chunk := decompress.SizeFor(r, cnfChunk)
	if ctx := opts.Context; ctx != nil && ctx.Done() != nil {
		r = &cnfCtxReader{ctx: ctx, r: r}
	}
	dr, closeFn, err := decompress.NewReader(r, chunk, true)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer closeFn()
	if _, plain := dr.(*bufio.Reader); !plain {
		chunk = cnfChunk // a small compressed file may hold much more
	}
	p := &cnfParser{
		br:   bufio.NewReaderSize(dr, chunk),
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
	p.ck, _ = h.(*cnfChecker)
	switch h := h.(type) {
	case *cnfFormulaReader:
		h.keepFrom(opts)
		p.keep = h
	case *cnfTee:
		h.fr.keepFrom(opts)
		p.keep = &h.fr
	case *cnfChecker:
		h.fr.keepFrom(opts)
		p.keep = &h.fr
	}
	err = p.run()
	switch h := h.(type) {
	case *cnfFormulaReader:
		h.f.quirk = p.quirkText()
	case *cnfTee:
		h.fr.f.quirk = p.quirkText()
	case *cnfChecker:
		h.fr.f.quirk = p.quirkText()
	}
	return err
}

// Read parses r into a Formula; see Parse. The Formula's Vars is the
// header's variable count, its Comments the header comment lines in order
// (every comment line with opts.AllComments, within opts.MaxComments), and
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

	// checked counts the clauses a ReadCheck checked and dropped, which
	// the Formula does not hold.
	checked int

	allComments bool
	commentRoom int         // bytes the comments still kept may cost
	groupLine   map[int]int // the input line of each group kept, by ID

	// lines, when not nil, keeps the comments instead of f.Comments
	// (ReadCheck's Frame, which only writes them out).
	lines *lineStore
}

// keepFrom sets which comments fr keeps, and how many, from opts.
func (fr *cnfFormulaReader) keepFrom(opts Options) {
	fr.allComments = opts.AllComments
	fr.commentRoom = opts.MaxComments
	if fr.commentRoom <= 0 {
		fr.commentRoom = DefaultMaxComments
	}
}

// cnfCommentCost is what a kept comment line costs besides its text: the
// string header in Formula.Comments.
const cnfCommentCost = 16

// comment keeps the comment text (after "c ") of input line line, if fr
// keeps such lines and has room for it; it is what Parse calls instead of
// Comment, so that the lines not kept cost no allocation. A group line is
// kept apart, whatever the room left (see group). An error is a
// *PipesatLineError.
func (fr *cnfFormulaReader) comment(text []byte, line int) error {
	if isGroupLine(text) {
		return fr.group(text, line)
	}
	if !fr.allComments && !isPipesatComment(text) {
		return nil
	}
	if cost := len(text) + cnfCommentCost; cost <= fr.commentRoom {
		fr.commentRoom -= cost
		if fr.lines != nil {
			fr.lines.add(text)
		} else {
			fr.f.Comments = append(fr.f.Comments, string(text))
		}
	} else {
		fr.f.dropped++
	}
	return nil
}

// group keeps the group line text of input line line as a Group of the
// formula (see Formula.Groups), not among its Comments: a group line
// costs at most its name and a few words, and a group without clauses is
// forgotten when the next group line comes, so their memory follows the
// clauses.
func (fr *cnfFormulaReader) group(text []byte, line int) error {
	id, name, err := ParseGroupLine(string(text))
	if err != nil {
		return err
	}
	n := fr.f.NumClauses() + fr.checked
	if dropped := fr.f.endGroup(n); dropped > 0 {
		delete(fr.groupLine, dropped)
	}
	if l, ok := fr.groupLine[id]; ok && id > 0 {
		return &PipesatLineError{Col: len(groupPrefix) + 1, Err: fmt.Errorf("group %d again: line %d started it", id, l)}
	}
	fr.f.beginGroup(id, name, n)
	if id > 0 {
		if fr.groupLine == nil {
			fr.groupLine = map[int]int{}
		}
		fr.groupLine[id] = line
	}
	return nil
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
	f.lits = make([]int32, 0, 4*n)
	return nil
}

func (fr *cnfFormulaReader) Comment(text string) error {
	return fr.comment([]byte(text), 0)
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
	dr, _, err := decompress.NewReader(r, decompress.SizeFor(r, cnfChunk), false)
	return dr, err
}

// cnfChunk is how many bytes Parse looks at in one go. It is a variable
// only so that tests can move the buffer's edge cheaply.
var cnfChunk = 256 << 10
