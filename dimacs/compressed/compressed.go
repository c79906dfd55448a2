// Package compressed makes package dimacs read xz and zstd input. Import it
// for its effect, as image/png is imported for image.Decode:
//
//	import _ "github.com/pipesat/pipesat/dimacs/compressed"
//
// gzip and bzip2 need nothing: dimacs reads them itself. A program that does
// not import this package links neither the xz nor the zstd decoder, whose
// package initialisation costs about 0.3 ms at every start; dimacs still
// recognises xz and zstd input by its magic bytes there and refuses it with
// an error naming the format, never reading it as CNF text.
package compressed

import (
	"io"

	"github.com/klauspost/compress/zstd"
	"github.com/pipesat/pipesat/dimacs/internal/decompress"
	"github.com/ulikunitz/xz"
)

func init() {
	decompress.XZ = openXZ
	decompress.Zstd = openZstd
}

// openXZ is decompress.Open for xz. dimacs has checked the dictionary size
// the first block asks for before it is called.
func openXZ(r io.Reader) (io.Reader, func(), error) {
	xr, err := xz.NewReader(r)
	if err != nil {
		return nil, nil, err
	}
	return xr, func() {}, nil
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
