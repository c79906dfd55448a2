package decompress_test

import (
	"bytes"
	"compress/gzip"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/dimacs/internal/decompress"
	"github.com/ulikunitz/xz"
)

// TestWithoutCompressed reads through dimacs in a program that does not
// import dimacs/compressed, as most of pipesat's tools: gzip still reads,
// xz and zstd input is an error naming the format, never CNF text.
func TestWithoutCompressed(t *testing.T) {
	if decompress.XZ != nil || decompress.Zstd != nil {
		t.Fatal("a decoder is installed: this test must not import dimacs/compressed")
	}
	const cnf = "p cnf 2 1\n1 -2 0\n"
	var gz, xzb, zst bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(cnf))
	xw, err := xz.NewWriter(&xzb)
	if err != nil {
		t.Fatal(err)
	}
	xw.Write([]byte(cnf))
	sw, err := zstd.NewWriter(&zst)
	if err != nil {
		t.Fatal(err)
	}
	sw.Write([]byte(cnf))
	for _, c := range []interface{ Close() error }{zw, xw, sw} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}

	f, err := dimacs.Read(&gz, "f.cnf.gz", dimacs.Options{})
	if err != nil || f.NumClauses() != 1 {
		t.Errorf("gzip: %v", err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"f.cnf.xz", xzb.Bytes(), "f.cnf.xz: xz-compressed input, and this program has no xz decoder (it does not import github.com/pipesat/pipesat/dimacs/compressed)"},
		{"f.cnf.zst", zst.Bytes(), "f.cnf.zst: zstd-compressed input, and this program has no zstd decoder (it does not import github.com/pipesat/pipesat/dimacs/compressed)"},
	} {
		_, err := dimacs.Read(bytes.NewReader(tc.data), tc.name, dimacs.Options{})
		if err == nil || err.Error() != tc.want {
			t.Errorf("got error %v, want %s", err, tc.want)
		}
		_, err = dimacs.Decompress(bytes.NewReader(tc.data))
		if err == nil || tc.name+": "+err.Error() != tc.want {
			t.Errorf("Decompress: got error %v, want %s", err, tc.want)
		}
	}
}

// TestXZDict reads the LZMA2 dictionary size from hand-made xz block
// headers: the sizes before the filters, a filter before LZMA2, the
// largest dictionary, and headers that are cut short or hold no LZMA2.
func TestXZDict(t *testing.T) {
	pad := func(b ...byte) []byte { return append(b, make([]byte, 12-len(b))...) }
	for _, tc := range []struct {
		name string
		b    []byte
		dict int64
		ok   bool
	}{
		{"8 MiB", pad(2, 0x00, 0x21, 0x01, 22), 8 << 20, true},
		{"12 MiB", pad(2, 0x00, 0x21, 0x01, 23), 12 << 20, true},
		{"largest", pad(2, 0x00, 0x21, 0x01, 40), 1<<32 - 1, true},
		{"both sizes first", pad(2, 0xc0, 0x80, 0x01, 0x05, 0x21, 0x01, 22), 8 << 20, true},
		{"delta filter first", pad(2, 0x01, 0x03, 0x01, 0x00, 0x21, 0x01, 22), 8 << 20, true},
		{"no LZMA2", pad(2, 0x00, 0x03, 0x01, 0x00), 0, false},
		{"filter longer than the header", pad(2, 0x00, 0x21, 0x20), 0, false},
		{"size never ends", []byte{1, 0x40, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80}, 0, false},
		{"header longer than the input", []byte{9, 0x00, 0x21, 0x01, 22}, 0, false},
		{"no header", []byte{0, 0, 0, 0}, 0, false},
		{"one byte", []byte{2}, 0, false},
		{"empty", nil, 0, false},
	} {
		dict, ok := decompress.XZDict(tc.b)
		if dict != tc.dict || ok != tc.ok {
			t.Errorf("%s: %d, %v; want %d, %v", tc.name, dict, ok, tc.dict, tc.ok)
		}
	}
}
