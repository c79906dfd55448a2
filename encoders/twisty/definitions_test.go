package twisty

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestDefinitions(t *testing.T) {
	if got, want := Definitions(), []string{"cube2", "loopover3"}; !slices.Equal(got, want) {
		t.Errorf("Definitions() = %q, want %q", got, want)
	}
}

func TestReadPuzzle(t *testing.T) {
	cube2, err := os.ReadFile("definitions/cube2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, def, stdin string
		want             string // the puzzle's name and sticker count, or the error
	}{
		{"built-in cube2", "cube2", "", "cube2 24"},
		{"built-in loopover3", "loopover3", "", "loopover3 9"},
		{"a path", "definitions/loopover3.yaml", "", "loopover3 9"},
		{"stdin", "-", string(cube2), "cube2 24"},
		{"a name that is not built in", "cub2", "", "open cub2: no such file or directory (built-in definitions: cube2, loopover3)"},
		{"a missing file", "nope.yaml", "", "open nope.yaml: no such file or directory"},
		{"a missing path", "x/cube3", "", "open x/cube3: no such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ReadPuzzle(tc.def, strings.NewReader(tc.stdin))
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = p.Name + " " + strconv.Itoa(len(p.Goal))
			}
			if got != tc.want {
				t.Errorf("ReadPuzzle(%q) = %q, want %q", tc.def, got, tc.want)
			}
		})
	}
}

// The built-in cube2 is the file, and a name never means a file: a file
// called cube2 in the working folder is ./cube2.
func TestReadPuzzleNameBeforeFile(t *testing.T) {
	file := loadPuzzle(t, "definitions/cube2.yaml")
	t.Chdir(t.TempDir())
	if err := os.WriteFile("cube2", []byte("goalState: [A, B]\nturnSet:\n  baseTurns:\n    - {name: X, value: [0, 1, 0]}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	p, err := ReadPuzzle("cube2", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Goal, file.Goal) || len(p.Turns) != len(file.Turns) {
		t.Errorf("built-in cube2: goal %q, %d turns; the file: %q, %d turns", p.Goal, len(p.Turns), file.Goal, len(file.Turns))
	}
	for i := range p.Turns {
		if p.Turns[i].Name != file.Turns[i].Name || !slices.Equal(p.Turns[i].Perm, file.Turns[i].Perm) {
			t.Errorf("turn %d: %v, the file's %v", i, p.Turns[i], file.Turns[i])
		}
	}
	local, err := ReadPuzzle("./cube2", nil)
	if err != nil || len(local.Goal) != 2 || local.Name != "cube2" {
		t.Fatalf("./cube2: %v, %v", local, err)
	}
}
