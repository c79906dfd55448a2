package nonogram

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
)

// TestReadable checks, for each encoding, that --names all names every
// variable once with unique names and that every clause sits under a group
// comment; the tiny puzzle's text is kept in
// testdata/tiny.<enc>.readable.golden, and the automaton of a 6x2 puzzle
// whose rows leave room for their blocks (the one to read by hand: its
// states are named by what they mean, each kind of clause commented) in
// testdata/learn.automaton.readable.golden.
func TestReadable(t *testing.T) {
	for _, tt := range []struct {
		name string
		enc  Encoding
	}{{"tiny", Automaton}, {"tiny", Runs}, {"tiny", Patterns}, {"tiny", Order}, {"learn", Automaton}} {
		p := readFile(t, "testdata/"+tt.name+".non")
		enc := tt.enc
		t.Run(tt.name+"/"+enc.String(), func(t *testing.T) {
			opts := Options{Encoding: enc, Style: cnfstyle.Style{Names: cnfstyle.All, Comments: true,
				Provenance: cnfstyle.Provenance{Tool: "nono2cnf", Version: "v0.0.0", Args: []string{"--encoding", enc.String(), tt.name + ".non"}}}}
			text, _ := encode(t, p, opts)
			buf := bytes.NewBuffer(text)
			if err := enctest.CheckText(buf.String(), true); err != nil {
				t.Error(err)
			}
			golden := filepath.Join("testdata", tt.name+"."+enc.String()+".readable.golden")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("CNF differs from %s (go test -update to rewrite):\n%s", golden, buf.Bytes())
			}
		})
	}
	// The GCHQ puzzle, bigger and with givens, in every encoding.
	g := readFile(t, "../../testdata/nonogram/gchq.non")
	for _, enc := range []Encoding{Automaton, Runs, Order} {
		text, _ := encode(t, g, Options{Encoding: enc, Style: cnfstyle.Style{Names: cnfstyle.All, Comments: true}})
		if err := enctest.CheckText(string(text), true); err != nil {
			t.Errorf("gchq %s: %v", enc, err)
		}
	}
}

// TestNamesOption checks what each --names value writes.
func TestNamesOption(t *testing.T) {
	p := readFile(t, "testdata/tiny.non")
	for _, tt := range []struct {
		names cnfstyle.Names
		want  int // varname lines
	}{{cnfstyle.None, 0}, {cnfstyle.Primary, 16}} {
		text, f := encode(t, p, Options{Style: cnfstyle.Style{Names: tt.names}})
		buf := bytes.NewBuffer(text)
		if got := strings.Count(buf.String(), "c varname "); got != tt.want {
			t.Errorf("--names %v: %d varname lines, want %d", tt.names, got, tt.want)
		}
		if strings.Contains(buf.String(), "c row") {
			t.Errorf("--names %v: group comments without Comments", tt.names)
		}
		if got := f.Pipesat(); len(got) < 2 || got[0] != "pipesat nonogram 4 4" {
			t.Errorf("--names %v: header %q", tt.names, got)
		}
	}
}
