package queens_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/header"
	"github.com/pipesat/pipesat/encoders/queens"
)

// TestReadable checks --names all and group comments on 4 queens and 5
// rooks, and keeps 4 queens' text in testdata/queens4.readable.golden.
func TestReadable(t *testing.T) {
	st := header.Style{Names: header.All, Comments: true,
		Header: header.Header{Tool: "queens2cnf", Version: "v0.0.0", Args: []string{"4"}}}
	var buf bytes.Buffer
	queens.NewFormula(4, false, st).WriteTo(&buf)
	if err := header.CheckText(buf.String(), true); err != nil {
		t.Error(err)
	}
	golden := "testdata/queens4.readable.golden"
	if *update {
		os.WriteFile(golden, buf.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("CNF differs from %s (go test -update to rewrite):\n%s", golden, buf.Bytes())
	}
	buf.Reset()
	queens.NewFormula(5, true, st).WriteTo(&buf)
	if err := header.CheckText(buf.String(), true); err != nil {
		t.Errorf("rooks: %v", err)
	}
	buf.Reset()
	queens.NewFormula(4, false, header.Style{Names: header.None}).WriteTo(&buf)
	if strings.Contains(buf.String(), "c varname") || strings.Contains(buf.String(), "c row") {
		t.Errorf("--names none --comments=false:\n%s", buf.String())
	}
}

func TestReadHeader(t *testing.T) {
	f := &dimacs.Formula{}
	queens.WriteHeader(f, 8, true)
	if n, rooks, ok, err := queens.ReadHeader(f.Comments); n != 8 || !rooks || !ok || err != nil {
		t.Errorf("ReadHeader = %d %v %v %v", n, rooks, ok, err)
	}
	for _, tt := range []struct{ in, wantErr string }{
		{"pipesat queens 200", ""},
		{"pipesat queens 201", `header "pipesat queens 201": bad size`},
		{"pipesat queens 0", `header "pipesat queens 0": bad size`},
		{"pipesat rooks 8 8", `header "pipesat rooks 8 8": want "pipesat rooks N"`},
		{"pipesat nonogram 8 8", ""},
	} {
		_, _, _, err := queens.ReadHeader([]string{tt.in})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.wantErr {
			t.Errorf("ReadHeader(%q) error %q, want %q", tt.in, got, tt.wantErr)
		}
	}
}
