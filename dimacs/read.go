package dimacs

import (
	"errors"
	"io"
)

// Options control how strictly Parse reads.
type Options struct {
	// Relaxed accepts a number of clauses different from the header's.
	Relaxed bool
	// MaxVars and MaxClauses bound the header's counts before anything is
	// allocated; 0 means the defaults DefaultMaxVars and DefaultMaxClauses.
	MaxVars, MaxClauses int
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
	// Comment is called for each comment line with its text after "c "
	// (or after "c" for a bare "c").
	Comment(text string) error
	// Clause is called for each clause, without its final 0, with the line
	// it started on. lits is reused after Clause returns.
	Clause(lits []int32, line int) error
}

// ParseError is a syntax error at a position in named input.
type ParseError struct {
	Name      string // input name; "<stdin>" for standard input
	Line, Col int    // 1-based
	Msg       string
}

func (e *ParseError) Error() string {
	return e.Name + ":" + itoa(e.Line) + ":" + itoa(e.Col) + ": " + e.Msg
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

// Parse reads DIMACS CNF from r (compressed or not) in one streaming pass and
// calls h for the header, each comment and each clause. name is used only in
// error messages. Errors from h are returned as they are.
func Parse(r io.Reader, name string, opts Options, h Handler) error {
	return errors.New("dimacs.Parse: not implemented yet")
}

// Read parses r into a Formula; see Parse.
func Read(r io.Reader, name string, opts Options) (*Formula, error) {
	return nil, errors.New("dimacs.Read: not implemented yet")
}

// Decompress returns a reader of the decompressed bytes if r starts with the
// magic bytes of gzip, bzip2, xz or zstd, and a reader of r's bytes as they
// are otherwise.
func Decompress(r io.Reader) (io.Reader, error) {
	return nil, errors.New("dimacs.Decompress: not implemented yet")
}
