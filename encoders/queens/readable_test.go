package queens_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/queens"
	"github.com/pipesat/pipesat/internal/enctest"
)

// TestReadable checks --names all and group comments on 4 queens and 5
// rooks, and keeps 4 queens' text in testdata/queens4.readable.golden.
func TestReadable(t *testing.T) {
	st := cnfstyle.Style{Names: cnfstyle.All, Comments: true,
		Provenance: cnfstyle.Provenance{Tool: "queens2cnf", Version: "v0.0.0", Args: []string{"4"}}}
	text, _ := encode(t, 4, queens.Options{Style: st})
	buf := bytes.NewBuffer(text)
	if err := enctest.CheckText(buf.String(), true); err != nil {
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
	text, _ = encode(t, 5, queens.Options{Rooks: true, Style: st})
	if err := enctest.CheckText(string(text), true); err != nil {
		t.Errorf("rooks: %v", err)
	}
	text, _ = encode(t, 4, queens.Options{Style: cnfstyle.Style{Names: cnfstyle.None}})
	if strings.Contains(string(text), "c varname") || strings.Contains(string(text), "c row") {
		t.Errorf("--names none --comments=false:\n%s", text)
	}
}

func TestReadPuzzleLines(t *testing.T) {
	if n, rooks, ok, err := queens.ReadPuzzleLines(queens.PuzzleLines(8, true)); n != 8 || !rooks || !ok || err != nil {
		t.Errorf("ReadPuzzleLines = %d %v %v %v", n, rooks, ok, err)
	}
	for _, tt := range []struct{ in, wantErr string }{
		{"pipesat queens 200", ""},
		{"pipesat queens 201", `header "pipesat queens 201": bad size`},
		{"pipesat queens 0", `header "pipesat queens 0": bad size`},
		{"pipesat rooks 8 8", `header "pipesat rooks 8 8": want "pipesat rooks N"`},
		{"pipesat nonogram 8 8", ""},
	} {
		_, _, _, err := queens.ReadPuzzleLines([]string{tt.in})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.wantErr {
			t.Errorf("ReadPuzzleLines(%q) error %q, want %q", tt.in, got, tt.wantErr)
		}
	}
}
