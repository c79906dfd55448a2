package gbd

import (
	"bufio"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"io"
	"os"

	"github.com/pipesat/pipesat/dimacs"
)

// Hash returns the GBD hash of the DIMACS CNF read from r (gzip, bzip2,
// xz or zstd input is decompressed first, recognised by its magic bytes):
// the identifier under which the Global Benchmark Database
// (benchmark-database.de, github.com/Udopia/gbd) lists an instance, so
// results can be joined with its metadata. name is used only in messages.
//
// The definition is gbdc's CNF::gbdhash (github.com/Udopia/gbdc,
// src/identify/GBDHash.h), which gbd itself calls: the MD5, in lower-case
// hex, of the clauses with the header and comments removed and whitespace
// normalised. Where a clause may start, a "p" or "c" skips the rest of its
// line. Each clause is written as its literals exactly as spelled (a "+"
// sign dropped, "- 5" read as "-5"), each followed by one space, then
// "0"; clauses are separated by one space, so "p cnf 2 2\n1 -2 0\n2 0\n"
// hashes "1 -2 0 2 0". A last clause without its 0 gets one. Anything else
// where a literal should be (gbdc throws) is an error, and the instance
// has no GBD hash.
func Hash(r io.Reader, name string) (string, error) {
	dr, err := dimacs.Decompress(r)
	if err != nil {
		return "", fmt.Errorf("%s: %v", name, err)
	}
	h := md5.New()
	if err := gbdNormal(h, dr, name); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// gbdNormal writes the text Hash hashes, the clauses of r normalised,
// to w.
func gbdNormal(w io.Writer, r io.Reader, name string) error {
	br := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriterSize(w, 4<<10)
	var (
		pos   int64 // offset of the byte last read, for messages
		c     byte
		eof   bool
		rdErr error
	)
	next := func() {
		c, rdErr = br.ReadByte()
		pos++
		if rdErr != nil {
			eof = true
		}
	}
	// skipSpace skips C isspace bytes; it reports false at the end.
	skipSpace := func() bool {
		for !eof && isCSpace(c) {
			next()
		}
		return !eof
	}
	var lit []byte
	// readLit reads a literal into lit as gbdc's StreamBuffer::readNumber
	// does; ok is false at the end of the input.
	readLit := func() (ok bool, err error) {
		lit = lit[:0]
		if !skipSpace() {
			return false, nil
		}
		switch c {
		case '-':
			lit = append(lit, '-')
			if next(); eof {
				return false, nil
			}
		case '+':
			if next(); eof {
				return false, nil
			}
		}
		if !isDigit(c) {
			if !skipSpace() {
				return false, nil
			}
			if !isDigit(c) {
				return false, fmt.Errorf("%s: byte %d: %q where a literal should be", name, pos, c)
			}
		}
		for !eof && isDigit(c) {
			lit = append(lit, c)
			next()
		}
		return true, nil
	}
	next()
	first := true
	for skipSpace() {
		if c == 'p' || c == 'c' {
			for !eof && c != '\n' && c != '\r' {
				next()
			}
			continue
		}
		if !first {
			out.WriteByte(' ')
		}
		for {
			ok, err := readLit()
			if err != nil {
				return err
			}
			if !ok || string(lit) == "0" {
				break
			}
			out.Write(lit)
			out.WriteByte(' ')
		}
		out.WriteByte('0')
		first = false
	}
	if rdErr != io.EOF {
		return fmt.Errorf("%s: %v", name, rdErr)
	}
	return out.Flush()
}

// HashFile returns the GBD hash of the CNF file at path.
func HashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return Hash(f, path)
}

// isCSpace is C's isspace in the "C" locale.
func isCSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
