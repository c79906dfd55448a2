package cube2cnf

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/solver"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const (
	cube2  = "../../../encoders/twisty/definitions/cube2.yaml"
	solved = "W W W W O O G G R R B B O O G G R R B B Y Y Y Y"
	// afterR is the goal after turning R: one turn from solved.
	afterR = "W G W G O O G Y R R W B O O G Y R R W B Y B Y B"
)

var goldenTests = []struct {
	name   string
	args   []string
	status dimacs.Status // what gini says about the output
}{
	{"cube2-R-depth0", []string{"--puzzle", cube2, "--state", afterR, "--depth", "0"}, dimacs.Unsat},
	{"cube2-R-depth1", []string{"--puzzle", cube2, "--state", afterR, "--depth", "1"}, dimacs.Sat},
	{"loopover3-depth2", []string{"--puzzle", "../../../encoders/twisty/definitions/loopover3.yaml", "--state", "C A B D E F G H I", "--depth", "2"}, dimacs.Sat},
}

func TestGolden(t *testing.T) {
	for _, tt := range goldenTests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := cmdio.Run(Tool(""), append([]string{"cube2cnf"}, tt.args...), nil, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("output differs from %s (go test -update rewrites it)", golden)
			}
			f, err := dimacs.Read(bytes.NewReader(out.Bytes()), tt.name, dimacs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := solver.Gini{}.Solve(context.Background(), f, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.status {
				t.Errorf("gini: %v, want %v", res.Status, tt.status)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		code    int
		wantErr string
	}{
		{"no puzzle", []string{"--state", solved, "--depth", "1"}, 2, "cube2cnf: --definition is required"},
		{"operand", []string{"--puzzle", cube2, "--state", solved, "--depth", "1", "x"}, 2, `cube2cnf: unexpected argument "x"`},
		{"names", []string{"--puzzle", cube2, "--state", solved, "--depth", "1", "--names", "x"}, 2, `cube2cnf: --names: "x" is not none, primary or all`},
		{"no depth", []string{"--puzzle", cube2, "--state", solved}, 2, "cube2cnf: --depth: want 0..64"},
		{"state and scramble", []string{"--puzzle", cube2, "--state", solved, "--scramble", "3", "--depth", "1"}, 2, "cube2cnf: give exactly one of --state, --moves and --scramble"},
		{"bad code", []string{"--puzzle", cube2, "--state", solved, "--depth", "1", "--code", "unary"}, 2, `cube2cnf: --code: "unary" is not onehot or binary`},
		{"missing file", []string{"--puzzle", "nope.yaml", "--state", solved, "--depth", "1"}, 1, "cube2cnf: open nope.yaml: no such file or directory"},
		{"short state", []string{"--puzzle", cube2, "--state", "W W", "--depth", "1"}, 1, "cube2cnf: state:1:4: 2 stickers, want 24"},
		{"unknown colour", []string{"--puzzle", cube2, "--state", "W W W W O O G G R R B B O O G G R R B B Y Y Y P", "--depth", "1"}, 1, `cube2cnf: state:1:47: colour "P" is not in goalState (W O G R B Y)`},
		{"unknown turn", []string{"--puzzle", cube2, "--moves", "R U Q2", "--depth", "1"}, 1, `cube2cnf: moves:1:5: unknown turn "Q2" (known: U D L R F B U' U2 D' D2 L' L2 R' R2 F' F2 B' B2 x y z)`},
		{"twisted", []string{"--puzzle", cube2, "--state", "W W W G O O G R W R B B O O G G R R B B Y Y Y Y", "--depth", "3"}, 1, "cube2cnf: state:1:1: impossible state: the pieces of 3 stickers are twisted by 1/3 in all: no turns undo that"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := cmdio.Run(Tool(""), append([]string{"cube2cnf"}, tt.args...), nil, &out, &errb)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			first, _, _ := strings.Cut(errb.String(), "\n")
			if first != tt.wantErr {
				t.Errorf("stderr %q\nwant   %q", first, tt.wantErr)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	doc, err := os.ReadFile("../../../cmd/cube2cnf/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := cmdio.Run(Tool(string(doc)), []string{"cube2cnf", "--help"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.HasPrefix(out.String(), "cube2cnf encodes") {
		t.Errorf("help starts %q", out.String()[:40])
	}
	// The nets of both built-in definitions, from their net: keys,
	// before the flags.
	const nets = `
    cube2:
            1  2                    W W
            3  4                    W W
      5  6  7  8  9 10 11 12    O O G G R R B B
     13 14 15 16 17 18 19 20    O O G G R R B B
           21 22                    Y Y
           23 24                    Y Y

    loopover3:
     1 2 3    A B C
     4 5 6    D E F
     7 8 9    G H I

Flags:
`
	if !strings.Contains(out.String(), nets) {
		t.Errorf("help lacks the nets:\n%s", out.String())
	}
}

// TestStats: --stats counts the CNF written, with either colour code.
func TestStats(t *testing.T) {
	for _, code := range []string{"onehot", "binary"} {
		var out, errb bytes.Buffer
		if c := cmdio.Run(Tool(""), []string{"cube2cnf", "--puzzle", cube2, "--moves", "R", "--depth", "1", "--code", code, "--stats"}, nil, &out, &errb); c != 0 {
			t.Fatalf("exit %d: %s", c, errb.String())
		}
		f, err := dimacs.Read(&out, code, dimacs.Options{})
		if err != nil {
			t.Fatal(err)
		}
		// depth × (turns + 1) primary variables: 10 for cube2's 9 turns.
		want := fmt.Sprintf("c cube2 depth 1: %d variables (10 primary), %d clauses, %d literals\n", f.Vars, f.NumClauses(), f.NumLits())
		if errb.String() != want {
			t.Errorf("--code %s --stats: %q, want %q", code, errb.String(), want)
		}
	}
}
