// Package decompress recognises compressed CNF input by its magic bytes and
// decodes it, for package dimacs: gzip and bzip2 with the standard library,
// xz and zstd with the decoders that package dimacs/compressed installs in
// XZ and Zstd.
//
// The xz and zstd decoders are hooks, not imports, so that package dimacs
// links neither (their package initialisation costs every program about
// 0.3 ms at start, and most of pipesat's tools never read CNF), and so that
// dimacs's own tests can install them without an import cycle. Without
// them, xz and zstd input is still recognised and refused with an error
// naming the format, never read as CNF text.
package decompress

import (
	"bufio"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
)

// MinBuffer is the least buffer SizeFor gives.
const MinBuffer = 4 << 10

// SizeFor returns the size of a buffer to read r through: size, or less
// when r says it holds fewer bytes (a regular *os.File, or a reader with a
// Len method such as *bytes.Reader), but at least MinBuffer. A program
// that reads a small file then touches a few pages instead of size bytes:
// on a virtual machine a page fault costs several microseconds, and a
// 256 KiB buffer's were most of what reading a tiny CNF cost.
func SizeFor(r io.Reader, size int) int {
	n := int64(-1)
	switch r := r.(type) {
	case *os.File:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			n = fi.Size()
		}
	case interface{ Len() int }:
		n = int64(r.Len())
	}
	if n < 0 || n >= int64(size) {
		return size
	}
	return max(int(n)+1, MinBuffer)
}

// Open returns a reader of the decompressed bytes of r and a function that
// releases the decoder's resources (never r's), or the error of a stream
// whose header is corrupt.
type Open func(r io.Reader) (io.Reader, func(), error)

// XZ and Zstd decode xz and zstd streams; nil when the program does not
// import package dimacs/compressed. XZCommand, when not nil, decodes xz
// faster, in a child process that the function Open returns must end
// (NewReader uses it only when its caller says it calls that function);
// it falls back on XZ itself when there is no such program. They are set
// only while packages initialise, before main runs, so reading them needs
// no lock.
var XZ, Zstd, XZCommand Open

// NewReader returns a reader of the decompressed bytes if r starts with the
// magic bytes of gzip, bzip2, xz or zstd, and a reader of r's bytes as they
// are otherwise, plus a function that releases the decoder's resources
// (never r's). r is read through a bufio.Reader of at least size bytes (r
// itself if it is one). With closes, the caller promises to call that
// function once done reading, so xz may be decoded by XZCommand. The error
// is that of a compressed stream whose header is corrupt, or of an xz
// stream asking for a dictionary over MaxXZDict; later corruption shows up
// as a read error, prefixed with the format's name.
func NewReader(r io.Reader, size int, closes bool) (io.Reader, func(), error) {
	nop := func() {}
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < 16 {
		br = bufio.NewReaderSize(r, size)
	}
	magic, err := br.Peek(6)
	if err != nil && err != io.EOF {
		return nil, nop, err // bufio would not say it twice
	}
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nop, formatErr("gzip", err)
		}
		return &formatReader{zr, "gzip"}, nop, nil
	case len(magic) >= 4 && string(magic[:3]) == "BZh" && magic[3] >= '1' && magic[3] <= '9':
		return &formatReader{bzip2.NewReader(br), "bzip2"}, nop, nil
	case len(magic) >= 6 && string(magic) == "\xfd7zXZ\x00":
		if XZ == nil {
			return nil, nop, noDecoder("xz")
		}
		// The xz reader allocates whatever dictionary a block header asks
		// for, up to 4 GiB: look before it does.
		if hdr, _ := br.Peek(12 + 1024); len(hdr) > 12 {
			if dict, ok := XZDict(hdr[12:]); ok && dict > MaxXZDict {
				return nil, nop, fmt.Errorf("xz: dictionary of %d bytes exceeds the limit %d", dict, MaxXZDict)
			}
		}
		open := XZ
		if closes && XZCommand != nil {
			open = XZCommand
		}
		xr, closeFn, err := open(br)
		if err != nil {
			return nil, nop, formatErr("xz", err)
		}
		return &formatReader{xr, "xz"}, closeFn, nil
	case len(magic) >= 4 && string(magic[:4]) == "\x28\xb5\x2f\xfd":
		if Zstd == nil {
			return nil, nop, noDecoder("zstd")
		}
		zr, closeFn, err := Zstd(br)
		if err != nil {
			return nil, nop, formatErr("zstd", err)
		}
		return &formatReader{zr, "zstd"}, closeFn, nil
	}
	return br, nop, nil
}

// noDecoder is the error for xz or zstd input in a program that does not
// import package dimacs/compressed: an error, never the compressed bytes
// read as CNF text.
func noDecoder(format string) error {
	return fmt.Errorf("%s-compressed input, and this program has no %s decoder (it does not import github.com/pipesat/pipesat/dimacs/compressed)", format, format)
}

// MaxXZDict bounds the dictionary an xz stream may ask for: 4 times what
// "xz -9" uses.
const MaxXZDict = 256 << 20

// XZDict returns the LZMA2 dictionary size in the xz block header at the
// start of b, and whether b holds such a header.
func XZDict(b []byte) (int64, bool) {
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

// formatReader says which decompressor an error comes from: a bare
// "unexpected EOF" for a truncated .xz file helps nobody.
type formatReader struct {
	r      io.Reader
	format string
}

func (fr *formatReader) Read(p []byte) (int, error) {
	n, err := fr.r.Read(p)
	if err != nil && err != io.EOF {
		err = formatErr(fr.format, err)
	}
	return n, err
}

func formatErr(format string, err error) error {
	if strings.HasPrefix(err.Error(), format) {
		return err
	}
	return fmt.Errorf("%s: %w", format, err)
}
