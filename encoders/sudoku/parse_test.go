package sudoku_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/textpos"
)

const grid4 = "1 . | . .\n. . | 3 .\n----+----\n. 4 | . .\n. . | . 2\n"

var parseTests = []struct {
	name    string
	in      string
	index   int
	nt      sudoku.Notation
	want    string // the puzzle on one line
	wantErr string
}{
	{name: "4x4 grid", in: grid4, want: "1.....3..4.....2"},
	{name: "4x4 line", in: "1.....3..4.....2\n", want: "1.....3..4.....2"},
	{name: "zeros and no newline", in: "1000003004000002", want: "1.....3..4.....2"},
	{name: "CRLF grid", in: "1 . . .\r\n. . 3 .\r\n. 4 . .\r\n. . . 2\r\n", want: "1.....3..4.....2"},
	{name: "grid without spaces", in: "# a comment\n\n1...\n..3.\n\n.4..\n...2\n", want: "1.....3..4.....2"},
	{name: "lower case", in: strings.Repeat(".", 15) + "g" + strings.Repeat(".", 240), want: strings.Repeat(".", 15) + "G" + strings.Repeat(".", 240)},
	{name: "index 2", in: "# many\n1.....3..4.....2\n2.....3..4.....1\n", index: 2, want: "2.....3..4.....1"},
	{name: "index 1 of many", in: "1.....3..4.....2\n2.....3..4.....1\n", index: 1, want: "1.....3..4.....2"},
	// Issue 20.13: a file of several without an index is refused, as a
	// webpbn XML set is, never its first puzzle taken silently.
	{name: "many without index", in: "# top 3\n1.....3..4.....2\n\n2.....3..4.....1\n3.....1..4.....2\n", wantErr: "p.txt:4:1: a second puzzle: the file holds 3 puzzles"},
	{name: "many 9x9 without index", in: strings.Repeat("1"+strings.Repeat(".", 80)+"\n", 2), wantErr: "p.txt:2:1: a second puzzle: the file holds 2 puzzles"},
	{name: "4x4 line, then a 9x9", in: "1.....3..4.....2\n" + strings.Repeat(".", 81) + "\n", wantErr: "p.txt:2:1: a second puzzle: the file holds 2 puzzles"},
	{name: "17 lines of 16", in: strings.Repeat(strings.Repeat(".", 16)+"\n", 17), wantErr: "p.txt:2:1: a second puzzle: the file holds 17 puzzles"},
	{name: "16 rows of 16 is a grid", in: strings.Repeat("1"+strings.Repeat(".", 15)+"\n", 1) + strings.Repeat(strings.Repeat(".", 16)+"\n", 15), want: "1" + strings.Repeat(".", 255)},
	{name: "16 lines of 16 with index", in: strings.Repeat(strings.Repeat(".", 16)+"\n", 15) + "1" + strings.Repeat(".", 15) + "\n", index: 16, want: "1" + strings.Repeat(".", 15)},
	{name: "9x9 with box rules", in: "5 3 . | . 7 . | . . .\n" + strings.Repeat(". . . | . . . | . . .\n", 2) + "------+-------+------\n" + strings.Repeat(". . . | . . . | . . .\n", 3) + "======+=======+======\n" + strings.Repeat(". . . | . . . | . . .\n", 3), want: "53..7...." + strings.Repeat(".", 72)},

	// Issue 9.7: a hexadecimal 16x16 read as 1-G loses its 1s to blanks.
	{name: "16x16 0 and no G", in: "." + "0" + strings.Repeat(".", 254), wantErr: `p.txt:1:2: "0" in a 16x16 puzzle with no "G" fits two notations: 1-G (1-9, A-G; 0 is a blank) and 0-F (hexadecimal; 0 is the value 1)`},
	{name: "16x16 grid 0 and no G", in: "# hex\n" + strings.Repeat(".", 16) + "\n..0F" + strings.Repeat(".", 12) + "\n" + strings.Repeat(strings.Repeat(".", 16)+"\n", 14), wantErr: `p.txt:3:3: "0" in a 16x16 puzzle with no "G" fits two notations: 1-G (1-9, A-G; 0 is a blank) and 0-F (hexadecimal; 0 is the value 1)`},
	{name: "16x16 0 and G", in: "0G" + strings.Repeat(".", 254), want: ".G" + strings.Repeat(".", 254)},
	{name: "16x16 1-G forced", in: "0F" + strings.Repeat(".", 254), nt: sudoku.Letters, want: ".F" + strings.Repeat(".", 254)},
	{name: "16x16 0-F", in: "0F9a" + strings.Repeat(".", 252), nt: sudoku.Hex, want: "1GAB" + strings.Repeat(".", 252)},
	{name: "16x16 no 0 no G is 1-G", in: "1F" + strings.Repeat(".", 254), want: "1F" + strings.Repeat(".", 254)},
	{name: "9x9 zeros are blanks", in: "5" + strings.Repeat("0", 80), want: "5" + strings.Repeat(".", 80)},
	{name: "0-F G", in: "0FG" + strings.Repeat(".", 253), nt: sudoku.Hex, wantErr: `p.txt:1:3: "G" is not a 0-F symbol (0-9, A-F, . for blank)`},
	{name: "0-F on 9x9", in: strings.Repeat(".", 81), nt: sudoku.Hex, wantErr: "p.txt: the 0-F notation is for 16x16 puzzles; this one is 9x9"},
	{name: "0-F repeats", in: "00" + strings.Repeat(".", 254), nt: sudoku.Hex, wantErr: "p.txt:1:2: r1c2=1 repeats r1c1=1 (p.txt:1:1) in row 1"},

	{name: "empty", in: "", wantErr: "p.txt: no puzzle"},
	{name: "only comments", in: "# nothing\n\n", wantErr: "p.txt: no puzzle"},
	{name: "bad symbol", in: "1..x\n", wantErr: `p.txt:1:4: "x" is not a sudoku symbol (1-9, A-P, . or 0 for blank)`},
	{name: "bad letter", in: "12Q\n", wantErr: `p.txt:1:3: "Q" is not a sudoku symbol (1-9, A-P, . or 0 for blank)`},
	{name: "utf-8", in: "1.é.\n", wantErr: `p.txt:1:3: "é" is not a sudoku symbol (1-9, A-P, . or 0 for blank)`},
	{name: "symbol too big for 4x4", in: "1.5.............\n", wantErr: `p.txt:1:3: "5" is not a 4x4 symbol (1-4, . or 0 for blank)`},
	{name: "symbol too big for 9x9", in: strings.Repeat(".", 80) + "A\n", wantErr: `p.txt:1:81: "A" is not a 9x9 symbol (1-9, . or 0 for blank)`},
	{name: "symbol too big for 16x16", in: strings.Repeat(".", 9) + "H" + strings.Repeat(".", 246), wantErr: `p.txt:1:10: "H" is not a 16x16 symbol (1-9, A-G, . or 0 for blank)`},
	{name: "bad length", in: "1234567\n", wantErr: "p.txt:1: line has 7 symbols; want a whole puzzle (16, 81, 256 or 625) or a grid row (4, 9, 16 or 25)"},
	{name: "80 symbols", in: strings.Repeat(".", 80) + "\n", wantErr: "p.txt:1: line has 80 symbols; want a whole puzzle (16, 81, 256 or 625) or a grid row (4, 9, 16 or 25)"},
	{name: "short grid", in: "1...\n..3.\n.4..\n", wantErr: "p.txt: grid has 3 rows; a 4x4 grid has 4"},
	{name: "ragged grid", in: "1...\n..3.\n.4.\n...2\n", wantErr: "p.txt:3: row 3 has 3 symbols; want 4"},
	{name: "extra row", in: "1...\n..3.\n.4..\n...2\n....\n", wantErr: "p.txt:5: extra row: a 4x4 grid has 4 rows"},
	{name: "index past end", in: "1.....3..4.....2\n", index: 3, wantErr: "p.txt: has 1 puzzles; index 3 asked"},
	{name: "index on a grid", in: grid4, index: 1, wantErr: "p.txt:1: line has 4 symbols; a one-line puzzle has 16, 81, 256 or 625"},
	{name: "two 1s in a row", in: "1..1............", wantErr: "p.txt:1:4: r1c4=1 repeats r1c1=1 (p.txt:1:1) in row 1"},
	{name: "two 3s in a column", in: "3 . . .\n. . . .\n3 . . .\n. . . .\n", wantErr: "p.txt:3:1: r3c1=3 repeats r1c1=3 (p.txt:1:1) in column 1"},
	{name: "two 2s in a box", in: "...2\n..2.\n....\n....\n", wantErr: "p.txt:2:3: r2c3=2 repeats r1c4=2 (p.txt:1:4) in box 2"},
	{name: "long line", in: strings.Repeat(".", 70000), wantErr: "p.txt:1: line longer than 65536 bytes"},
	{name: "long comment", in: "# " + strings.Repeat("x", 1<<20) + "\n" + grid4, want: "1.....3..4.....2"},
	{name: "long indented comment last", in: grid4 + " \t#" + strings.Repeat("x", 1<<20), want: "1.....3..4.....2"},
	{name: "error after a long comment", in: "#" + strings.Repeat("x", 1<<20) + "\n1.5.............\n", wantErr: `p.txt:2:3: "5" is not a 4x4 symbol (1-4, . or 0 for blank)`},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := sudoku.ParseNotation(strings.NewReader(tt.in), "p.txt", tt.index, tt.nt)
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("got %q, want error %q", p, tt.wantErr)
				}
				if err.Error() != tt.wantErr {
					t.Fatalf("error\n got %q\nwant %q", err, tt.wantErr)
				}
				var se *textpos.SeveralError
				if errors.As(err, &se) != strings.Contains(tt.wantErr, "a second puzzle") ||
					errors.Is(err, sudoku.ErrTwoNotations) != strings.Contains(tt.wantErr, "fits two notations") {
					t.Errorf("%v: the cause %v is not the one its text says", err, errors.Unwrap(err))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFormatParses checks that Format's grid reads back as the same puzzle.
func TestFormatParses(t *testing.T) {
	for _, in := range []string{"1.....3..4.....2", strings.Repeat("1", 1) + strings.Repeat(".", 80), "G" + strings.Repeat(".", 255), "P" + strings.Repeat(".", 624)} {
		p, err := sudoku.Parse(strings.NewReader(in), "p.txt", 0)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := p.Format(&b); err != nil {
			t.Fatal(err)
		}
		q, err := sudoku.Parse(strings.NewReader(b.String()), "grid", 0)
		if err != nil {
			t.Fatalf("%v in\n%s", err, b.String())
		}
		if q.String() != p.String() {
			t.Fatalf("got %q, want %q", q, p)
		}
	}
}

func TestFormat(t *testing.T) {
	p, err := sudoku.Parse(strings.NewReader("1234341221434321"), "p.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	p.Format(&b)
	want := "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
	if b.String() != want {
		t.Fatalf("got\n%swant\n%s", b.String(), want)
	}
	if err := p.CheckSolution(nil); err != nil {
		t.Fatal(err)
	}
}

func TestCheckSolution(t *testing.T) {
	givens, _ := sudoku.Parse(strings.NewReader("1...\n..3.\n.4..\n...2\n"), "g.txt", 0)
	tests := []struct {
		grid, wantErr string
	}{
		{"1324423124133142", ""},
		{"2314142341323241", "r1c1=2 but the puzzle gives 1 (g.txt:1:1)"},
		{"1324423124133.42", "r4c2 is empty"},
		{"1324423124131342", "r4c1=1 repeats r1c1=1 in column 1"},
	}
	for _, tt := range tests {
		p, err := sudoku.New(4)
		if err != nil {
			t.Fatal(err)
		}
		for i := range tt.grid {
			if tt.grid[i] != '.' {
				p.Cells[i] = int(tt.grid[i] - '0')
			}
		}
		err = p.CheckSolution(givens)
		if got := errString(err); got != tt.wantErr {
			t.Errorf("%s: got error %q, want %q", tt.grid, got, tt.wantErr)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.in, tt.index, uint8(tt.nt))
	}
	f.Fuzz(func(t *testing.T, in string, index int, nt uint8) {
		if index < 0 || index > 1000 {
			return
		}
		// What parses in any notation writes back in 1-G, which reads
		// back the same under AutoNotation: "." for blanks, never "0".
		p, err := sudoku.ParseNotation(strings.NewReader(in), "f", index, sudoku.Notation(nt%3))
		if err != nil {
			checkSource(t, err, in)
			return
		}
		if p.Check() != nil {
			t.Fatalf("Parse accepted conflicting givens %q", p)
		}
		var b strings.Builder
		if err := p.Format(&b); err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{p.String(), b.String()} {
			q, err := sudoku.Parse(strings.NewReader(text), "f", 0)
			if err != nil {
				t.Fatalf("%q parsed as %q, which does not parse back: %v", in, text, err)
			}
			if q.String() != p.String() || q.N != p.N {
				t.Fatalf("%q parsed as %q, read back as %q", in, p, q)
			}
		}
	})
}
