package drat

import (
	"bufio"
	enc "encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// spill holds the LRAT hints of the lemmas the backward pass checks, in a
// temporary file rather than in memory: the pass checks the lemmas last
// to first, and LRAT lists them first to last, so every hint must wait
// for the end of the check, and the hints of a long proof take many
// times the memory of its clauses (php-11-10 from kissat: 2.7 GB against
// the check's 0.3 GB). A record is the lemma's cref and its hints as
// varints, followed by its length in 4 bytes, so that the file reads back
// from its end, record by record, in the order LRAT wants.
type spill struct {
	f   *os.File
	w   *bufio.Writer
	buf []byte
	err error
}

// newSpill creates the spill's file in dir ("": os.TempDir()).
func newSpill(dir string) (*spill, error) {
	f, err := os.CreateTemp(dir, "pipesat-hints-*")
	if err != nil {
		return nil, fmt.Errorf("drat: LRAT output needs a temporary file: %w", err)
	}
	return &spill{f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

// put appends the record of the lemma at cref with its hints (a RAT
// candidate's ID negative). A write error is kept for reader.
func (s *spill) put(cref int32, hints []int64) {
	b := enc.AppendUvarint(s.buf[:0], uint64(cref))
	b = enc.AppendUvarint(b, uint64(len(hints)))
	for _, h := range hints {
		b = enc.AppendVarint(b, h)
	}
	b = enc.LittleEndian.AppendUint32(b, uint32(len(b)))
	if _, err := s.w.Write(b); err != nil && s.err == nil {
		s.err = err
	}
	s.buf = b
}

// close closes and removes the file.
func (s *spill) close() {
	s.f.Close()
	os.Remove(s.f.Name())
}

// reader flushes the records written and returns a reader of them, last
// first.
func (s *spill) reader() (*spillReader, error) {
	if err := s.w.Flush(); err != nil && s.err == nil {
		s.err = err
	}
	if s.err != nil {
		return nil, fmt.Errorf("drat: LRAT output: writing a temporary file: %w", s.err)
	}
	end, err := s.f.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, fmt.Errorf("drat: LRAT output: %w", err)
	}
	return &spillReader{f: s.f, pos: end, start: end}, nil
}

// spillReader reads a spill's records from the last to the first
// through a window of the file: win holds the bytes from start on, pos
// is where the records not read yet end.
type spillReader struct {
	f          *os.File
	win        []byte
	start, pos int64
	hints      []int64
}

// spillWindow is how many bytes a spillReader reads at once (a variable
// for tests).
var spillWindow int64 = 1 << 20

// bytes returns the n bytes that end at pos, reading the file when the
// window does not hold them.
func (r *spillReader) bytes(n int64) ([]byte, error) {
	from := r.pos - n
	if from < 0 {
		return nil, errors.New("drat: LRAT output: the temporary file is truncated")
	}
	if from < r.start {
		lo := max(0, r.pos-max(n, spillWindow))
		win := r.win[:0]
		if int64(cap(win)) < r.pos-lo {
			win = make([]byte, r.pos-lo)
		}
		win = win[:r.pos-lo]
		if _, err := r.f.ReadAt(win, lo); err != nil {
			return nil, fmt.Errorf("drat: LRAT output: reading a temporary file: %w", err)
		}
		r.win, r.start = win, lo
	}
	return r.win[from-r.start : r.pos-r.start], nil
}

// next returns the record before the last one read: the lemma's cref and
// its hints (valid until the next call), or ok false at the file's start.
func (r *spillReader) next() (cref int32, hints []int64, ok bool, err error) {
	if r.pos == 0 {
		return 0, nil, false, nil
	}
	b, err := r.bytes(4)
	if err != nil {
		return 0, nil, false, err
	}
	n := int64(enc.LittleEndian.Uint32(b))
	r.pos -= 4
	if b, err = r.bytes(n); err != nil {
		return 0, nil, false, err
	}
	r.pos -= n
	bad := errors.New("drat: LRAT output: the temporary file is corrupt")
	x, k := enc.Uvarint(b)
	if k <= 0 {
		return 0, nil, false, bad
	}
	b = b[k:]
	cnt, k := enc.Uvarint(b)
	if k <= 0 || cnt > uint64(len(b)) {
		return 0, nil, false, bad
	}
	b = b[k:]
	r.hints = r.hints[:0]
	for range cnt {
		h, k := enc.Varint(b)
		if k <= 0 {
			return 0, nil, false, bad
		}
		r.hints = append(r.hints, h)
		b = b[k:]
	}
	return int32(x), r.hints, true, nil
}
