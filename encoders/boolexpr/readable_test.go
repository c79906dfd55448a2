package boolexpr

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
)

// TestReadable checks, with and without polarity and for --dnf tables,
// that --names all names every variable (Tseitin variables and selectors
// included) once with unique names and every clause sits under a group
// comment, over every input in testdata/bool; a small formula's text is
// pinned in testdata/tseitin.readable.golden.
func TestReadable(t *testing.T) {
	st := cnfstyle.Style{Names: cnfstyle.All, Comments: true,
		Provenance: cnfstyle.Provenance{Tool: "bool2cnf", Version: "v0.0.0", Args: []string{"-e", "(a & b) | !(a ^ c)"}}}
	check := func(name string, text []byte) []byte {
		if err := enctest.CheckText(string(text), true); err != nil {
			t.Errorf("%s: %v\n%s", name, err, text)
		}
		return text
	}
	inputs, _ := filepath.Glob("../../testdata/bool/*.bool")
	for _, path := range append(inputs, "small") {
		src := "(a & b) | !(a ^ c)\nfalse | a\nx -> (a & b & c & d & e & f & g & h & i & j & k & l & m & n & o & p & q & r & s)\n"
		if path != "small" {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			src = string(b)
		}
		file, err := ParseString(src, path)
		if err != nil {
			t.Fatal(err)
		}
		for _, pol := range []bool{false, true} {
			text, _ := encode(t, file, Options{Polarity: pol, Style: st})
			out := check(path, text)
			if path == "small" && !pol {
				golden := "testdata/tseitin.readable.golden"
				if *update {
					os.MkdirAll("testdata", 0o755)
					os.WriteFile(golden, out, 0o644)
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out, want) {
					t.Errorf("CNF differs from %s (go test -update to rewrite):\n%s", golden, out)
				}
			}
		}
	}
	tables, _ := filepath.Glob("../../testdata/bool/*.dnf")
	for _, path := range tables {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ts, err := ParseTablesString(string(b), path)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := encodeTables(t, ts, st)
		check(path, text)
	}
	// --names none writes no names, the default only the inputs'.
	file, _ := ParseString("(a & b) | c", "t")
	for _, tt := range []struct {
		names cnfstyle.Names
		want  int
	}{{cnfstyle.None, 0}, {cnfstyle.Primary, 3}} {
		text, _ := encode(t, file, Options{Style: cnfstyle.Style{Names: tt.names}})
		if got := strings.Count(string(text), "c varname"); got != tt.want {
			t.Errorf("--names %v: %d names, want %d", tt.names, got, tt.want)
		}
	}
}
