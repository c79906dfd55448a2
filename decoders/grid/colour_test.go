package grid

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
)

// colourPuzzle is 3x2 in two colours: row 1 "ab.", row 2 ".bb".
const colourPuzzle = "width 3\nheight 2\ncolor a #ff0000\ncolor b #0000ff\nrows\n1a,1b\n2b\ncolumns\n1a\n2b\n1b\n"

const colourHeader = "c pipesat nonogram 3 2 colours 0=ffffff a=ff0000 b=0000ff\n"

// colourModel returns a "v" line for a 3-colour picture given as goal
// characters: cell i in colour k is variable 3i+k+1.
func colourModel(goal string) string {
	var b strings.Builder
	b.WriteString("s SATISFIABLE\nv")
	for i := range len(goal) {
		k := strings.IndexByte("0ab", goal[i])
		for c := range 3 {
			l := i*3 + c + 1
			if c != k {
				l = -l
			}
			b.WriteString(" " + strconv.Itoa(l))
		}
	}
	b.WriteString(" 0\n")
	return b.String()
}

func TestDecodeColour(t *testing.T) {
	p, err := nonogram.Read(strings.NewReader(colourPuzzle), "c.non", nonogram.Auto)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		in       string
		opts     Options
		want     string
		wantMsg  string
		wantErr  string
		wantStat dimacs.Status
	}{
		{name: "text", in: colourHeader + colourModel("ab00bb"), want: "ab.\n.bb\n", wantStat: dimacs.Sat},
		{name: "goal", in: colourHeader + colourModel("ab00bb"), opts: Options{Format: Goal}, want: "ab00bb\n", wantStat: dimacs.Sat},
		{name: "raw with puzzle", in: colourModel("ab00bb"), opts: Options{Puzzle: p}, want: "ab.\n.bb\n", wantStat: dimacs.Sat},
		{name: "board is text", in: colourHeader + colourModel("ab00bb"), opts: Options{Format: Board}, want: "ab.\n.bb\n", wantStat: dimacs.Sat},
		{name: "ansi", in: colourHeader + colourModel("a00000"), opts: Options{ANSI: true},
			want: "\x1b[38;2;255;255;255m\x1b[48;2;255;0;0ma" + strings.Repeat("\x1b[38;2;0;0;0m\x1b[48;2;255;255;255m.", 2) + "\x1b[0m\n" +
				strings.Repeat("\x1b[38;2;0;0;0m\x1b[48;2;255;255;255m.", 3) + "\x1b[0m\n", wantStat: dimacs.Sat},
		{name: "unique", in: colourHeader + colourModel("ab00bb") + "s UNSATISFIABLE\n", want: "ab.\n.bb\nc unique solution\n", wantStat: dimacs.Sat},
		{name: "two", in: colourHeader + colourModel("ab00bb") + colourModel("ba00bb") + "c solutions 2\n",
			want: "ab.\n.bb\n\nba.\n.bb\nc not unique: 2 solutions\nc they differ in r1c1 r1c2\n", wantStat: dimacs.Sat},
		{name: "broken clue", in: colourModel("ba00bb"), opts: Options{Puzzle: p},
			wantErr: "row 1 has runs 1b,1a, its clue is 1a,1b", wantStat: dimacs.Sat},
		{name: "two colours", in: colourHeader + "s SATISFIABLE\nv 1 2 -3 -4 -5 6 7 -8 -9 10 -11 -12 -13 -14 15 -16 -17 18 0\n",
			wantErr: "the model gives cell r1c1 2 colours, want exactly 1", wantStat: dimacs.Sat},
		{name: "no colour", in: colourHeader + "s SATISFIABLE\nv -1 -2 -3 -4 -5 6 7 -8 -9 10 -11 -12 -13 -14 15 -16 -17 18 0\n",
			wantErr: "the model gives cell r1c1 0 colours, want exactly 1", wantStat: dimacs.Sat},
		{name: "unassigned", in: colourHeader + "s SATISFIABLE\nv 1 -2 -3 0\n",
			wantErr: "the model leaves variable 4 (r1c2) unassigned", wantStat: dimacs.Sat},
		{name: "palette mismatch", in: "c pipesat nonogram 3 2 colours 0=ffffff a=ff0000 b=00ff00\n" + colourModel("ab00bb"), opts: Options{Puzzle: p},
			wantErr: "the puzzle is 3x2 in colours 0=ffffff a=ff0000 b=0000ff, the solver output's header says 3x2 in colours 0=ffffff a=ff0000 b=00ff00"},
		{name: "black and white header", in: "c pipesat nonogram 3 2\n" + colourModel("ab00bb"), opts: Options{Puzzle: p},
			wantErr: "the puzzle is 3x2 in colours 0=ffffff a=ff0000 b=0000ff, the solver output's header says 3x2"},
		{name: "bad palette", in: "c pipesat nonogram 3 2 colours 0=ffffff a=ff00\n" + colourModel("ab00bb"),
			wantErr: `<stdin>:1:1: header "pipesat nonogram 3 2 colours 0=ffffff a=ff00": colour "a=ff00": want C=rrggbb`},
		{name: "unicode", in: colourHeader + colourModel("ab00bb"), opts: Options{Format: Unicode},
			wantErr: "the unicode format shows colours only as ANSI colours", wantStat: dimacs.Sat},
		{name: "unicode ansi", in: colourHeader + colourModel("ab00bb"), opts: Options{Format: Unicode, ANSI: true},
			want: "\x1b[38;2;255;0;0m\x1b[48;2;255;255;255m▀\x1b[38;2;0;0;255m\x1b[48;2;0;0;255m▀\x1b[38;2;255;255;255m\x1b[48;2;0;0;255m▀\x1b[0m\n", wantStat: dimacs.Sat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, msg bytes.Buffer
			res, err := Decode(strings.NewReader(tt.in), "<stdin>", tt.opts, &out, &msg)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if gotErr != tt.wantErr {
				t.Fatalf("error %q, want %q", gotErr, tt.wantErr)
			}
			if err != nil {
				return
			}
			if out.String() != tt.want || msg.String() != tt.wantMsg || res.Status != tt.wantStat {
				t.Errorf("got %q %q %v, want %q %q %v", out.String(), msg.String(), res.Status, tt.want, tt.wantMsg, tt.wantStat)
			}
		})
	}
}

func TestWantANSI(t *testing.T) {
	var buf bytes.Buffer
	for _, tt := range []struct {
		mode, output string
		want         bool
		err          bool
	}{
		{"always", "x.txt", true, false},
		{"never", "", false, false},
		{"auto", "", false, false}, // a buffer is no terminal
		{"auto", "x.txt", false, false},
		{"rainbow", "", false, true},
	} {
		got, err := WantANSI(tt.mode, tt.output, &buf)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("WantANSI(%q, %q) = %v, %v", tt.mode, tt.output, got, err)
		}
	}
}
