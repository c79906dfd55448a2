// Package compressed makes package dimacs read xz and zstd input. Import it
// for its effect, as image/png is imported for image.Decode:
//
//	import _ "github.com/pipesat/pipesat/dimacs/compressed"
//
// gzip and bzip2 need nothing: dimacs reads them itself. Parse and Read
// decode xz with the system's "xz -dc" in a child process when xz is on
// PATH (as fast as a shell pipe through it, and on another core), with the
// Go decoder otherwise; the same bytes come out either way, and the child
// is killed and reaped when Parse returns early. Decompress always uses
// the Go decoder: its caller has nothing to end a child with. A program that does
// not import this package links neither the xz nor the zstd decoder, whose
// package initialisation costs about 0.3 ms at every start; dimacs still
// recognises xz and zstd input by its magic bytes there and refuses it with
// an error naming the format, never reading it as CNF text.
package compressed

import (
	"errors"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/pipesat/pipesat/dimacs/internal/decompress"
	"github.com/ulikunitz/xz"
)

func init() {
	decompress.XZ = openXZ
	decompress.XZCommand = openXZCommand
	decompress.Zstd = openZstd
}

// openXZ is decompress.Open for xz, with the Go decoder. dimacs has checked
// the dictionary size the first block asks for before it is called.
func openXZ(r io.Reader) (io.Reader, func(), error) {
	src := &sourceReader{r: r}
	xr, err := xz.NewReader(src)
	if err != nil {
		return nil, nil, src.or(xzError(err))
	}
	return &xzReader{xr, src}, func() {}, nil
}

// xzReader words the Go decoder's errors as the xz command does.
type xzReader struct {
	r   io.Reader
	src *sourceReader
}

func (x *xzReader) Read(p []byte) (int, error) {
	n, err := x.r.Read(p)
	if err != nil && err != io.EOF {
		err = x.src.or(xzError(err))
	}
	return n, err
}

// xzError is the xz command's word for an error of the Go decoder: the
// input ends too soon, or it is corrupt ("writeMatch: distance out of
// range" helps nobody).
func xzError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("unexpected end of input")
	}
	return errors.New("compressed data is corrupt")
}

// sourceReader reads the compressed input and remembers its first read
// error, so that a failure to read the input (a disk's, a cancelled
// context's) is the error, not the decoder's complaint that the input
// ended. Its Read and or may run in different goroutines.
type sourceReader struct {
	r   io.Reader
	mu  sync.Mutex
	err error
}

func (s *sourceReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.mu.Lock()
		if s.err == nil {
			s.err = err
		}
		s.mu.Unlock()
	}
	return n, err
}

// or returns the input's read error if there was one, else err.
func (s *sourceReader) or(err error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	return err
}

// openZstd is decompress.Open for zstd.
func openZstd(r io.Reader) (io.Reader, func(), error) {
	// Concurrency 1 decodes synchronously, with no goroutine left
	// running when a caller of Decompress, who cannot Close, is done.
	// The window limit is the zstd command's default: a frame cannot
	// make us allocate more.
	zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(128<<20))
	if err != nil {
		return nil, nil, err
	}
	return zr, zr.Close, nil
}
