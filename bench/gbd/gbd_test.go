package gbd

import (
	"bytes"
	"compress/gzip"
	"crypto/md5"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ulikunitz/xz"
)

func md5hex(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// TestGBDHashFiles checks Hash on the repository's CNF files against
// the definition computed another way: the MD5 of every token of the
// clause lines (header and comments dropped) joined by one space. While
// writing Hash it was also checked, by hand, against the 26 files in
// gbdc's tests that the GBD server names "<hash>-<name>"; those files are
// not copied here.
func TestGBDHashFiles(t *testing.T) {
	files, err := filepath.Glob("../../testdata/cnf/*.cnf")
	if err != nil || len(files) < 3 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	for _, f := range files {
		plain, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var toks []string
		for line := range strings.Lines(string(plain)) {
			if line = strings.TrimSpace(line); line != "" && line[0] != 'c' && line[0] != 'p' {
				toks = append(toks, strings.Fields(line)...)
			}
		}
		want := md5hex(strings.Join(toks, " "))
		got, err := HashFile(f)
		if err != nil || got != want {
			t.Errorf("%s: %s, %v; want %s", f, got, err, want)
		}
		var xzb bytes.Buffer
		xw, err := xz.NewWriter(&xzb)
		if err != nil {
			t.Fatal(err)
		}
		xw.Write(plain)
		xw.Close()
		// The same text xz-compressed, gzipped, and reformatted (comments, a
		// different header, CRLF, tabs, "+" signs, clauses split and
		// joined across lines) hashes the same.
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(plain)
		zw.Close()
		var odd strings.Builder
		odd.WriteString("c made by a test\r\np cnf 0 0\r\n")
		for i, line := range strings.Split(strings.TrimSpace(string(plain)), "\n") {
			if strings.HasPrefix(line, "p ") || strings.HasPrefix(line, "c") {
				continue
			}
			line = strings.ReplaceAll(line, " ", "\t ")
			if i%3 == 0 && isDigit(line[0]) {
				line = "+" + line // a "+" sign is dropped
			}
			if i%2 == 0 {
				line += "\r\n"
			} else {
				line += "   " // two clauses on one line
			}
			odd.WriteString(line)
			if i%5 == 0 {
				odd.WriteString("c a comment between clauses\n")
			}
		}
		for _, in := range []struct {
			kind string
			b    []byte
		}{{"xz", xzb.Bytes()}, {"gzip", gz.Bytes()}, {"reformatted", []byte(odd.String())}} {
			if got, err := Hash(bytes.NewReader(in.b), "x"); err != nil || got != want {
				t.Errorf("%s %s: %s, %v; want %s", f, in.kind, got, err, want)
			}
		}
	}
}

// TestGBDHashNormal checks the normalisation, read off gbdc's
// CNF::gbdhash: the hash is the MD5 of the text on the right.
func TestGBDHashNormal(t *testing.T) {
	tests := []struct {
		name, in, normal string
	}{
		{"empty", "", ""},
		{"header only", "p cnf 0 0\n", ""},
		{"one clause", "p cnf 2 1\n1 -2 0\n", "1 -2 0"},
		{"two clauses", "c hi\np cnf 2 2\n1 -2 0\n2 0\n", "1 -2 0 2 0"},
		{"spaces", "  1\t\t-2   0\n\n\n 2 0 \n", "1 -2 0 2 0"},
		{"one line", "1 -2 0 2 0", "1 -2 0 2 0"},
		{"split clause", "1\n-2\n0\n", "1 -2 0"},
		{"no last zero", "1 -2 0\n2 3", "1 -2 0 2 3 0"},
		{"no last zero, space", "1 -2 0\n2 3 \n", "1 -2 0 2 3 0"},
		{"plus", "+1 -2 0\n", "1 -2 0"},
		{"minus space", "- 1 2 0\n", "-1 2 0"},
		{"dangling minus", "1 -", "1 0"},
		{"empty clause", "0\n1 0\n", "0 1 0"},
		{"leading zeros kept", "01 -002 0\n", "01 -002 0"},
		{"minus zero is a literal", "1 -0 2 0\n", "1 -0 2 0"},
		{"comment after clause", "1 2 0 c more 3 0\n4 0\n", "1 2 0 4 0"},
		{"header mid-file", "1 0\np cnf 9 9\n2 0\n", "1 0 2 0"},
		{"CR", "1 0\rc x\r2 0\r", "1 0 2 0"},
		{"vertical tab and form feed", "1\v2\f0", "1 2 0"},
	}
	for _, tt := range tests {
		got, err := Hash(strings.NewReader(tt.in), "x")
		if err != nil || got != md5hex(tt.normal) {
			t.Errorf("%s: %s, %v; want md5(%q) = %s", tt.name, got, err, tt.normal, md5hex(tt.normal))
		}
	}
	if got := md5hex(""); got != "d41d8cd98f00b204e9800998ecf8427e" {
		t.Errorf("md5 of nothing %s", got)
	}
}

func TestGBDHashErrors(t *testing.T) {
	tests := []struct {
		name, in, wantErr string
	}{
		{"SATLIB percent", "1 0\n%\n0\n", `x: byte 5: '%' where a literal should be`},
		{"comment inside a clause", "1 2 c\n", `x: byte 5: 'c' where a literal should be`},
		{"letter", "1 x 0\n", `x: byte 3: 'x' where a literal should be`},
		{"bad gzip", "\x1f\x8b\x00", "x: gzip: unexpected EOF"},
		{"plus minus", "+-1 0\n", `x: byte 2: '-' where a literal should be`},
	}
	for _, tt := range tests {
		_, err := Hash(strings.NewReader(tt.in), "x")
		if err == nil || err.Error() != tt.wantErr {
			t.Errorf("%s: %v, want %s", tt.name, err, tt.wantErr)
		}
	}
	if _, err := HashFile("testdata/none.cnf"); err == nil {
		t.Error("missing file: no error")
	}
}
