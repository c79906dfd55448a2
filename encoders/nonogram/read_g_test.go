package nonogram

import (
	"bytes"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

const (
	// tinyG is tiny3x2 in Olsak's .g format.
	tinyG = ":\n1 1\n1\n:\n1\n1\n1\n:\n"
	// colourG is a two-colour 3x2 puzzle: row 1 is red then black,
	// touching; row 2 one black cell.
	colourG = "A test puzzle.\n#d\n  r:% red  a comment\n  1:* black\n: rows\n1r 1\n1\n: columns\n1r\n1\n1\n: end\n"
)

var gTests = []struct {
	name    string
	in      string
	wantErr string
}{
	{name: "ok", in: tinyG},
	{name: "ok with text", in: "Free text, with digits 1 2 and a key: width 3\n# a comment\n" + tinyG + "more text\n:\n"},
	{name: "ok without closing line", in: ":\n1 1\n1\n:\n1\n1\n1\n\n\n"},
	{name: "ok empty lines", in: ":\n1 1\n\n:\n1\n\n1\n:\n"},
	{name: "ok zero", in: ":\n1 1\n0\n:\n1\n0\n1\n:\n"},
	{name: "colour", in: colourG},
	{name: "colour crlf", in: strings.ReplaceAll(colourG, "\n", "\r\n")},
	{name: "colour declaration of #", in: "#d\n#:# red\n1:* black\n:\n1# 1\n1\n:\n1#\n1\n1\n:\n"},
	{name: "no colon line", in: "just text\n1 2\n",
		wantErr: `<stdin>:3:1: the input ends: expected a line that starts with ":", then the row clues`},
	{name: "rows never end", in: ":\n1 1\n1\n",
		wantErr: `<stdin>:4:1: the input ends in the row clues: expected a line that starts with ":", then the column clues`},
	{name: "no rows", in: ":\n:\n1\n:\n", wantErr: `<stdin>:1:1: no row clues after this line`},
	{name: "no columns", in: ":\n1\n:\n\n", wantErr: `<stdin>:3:1: no column clues after this line`},
	{name: "triddler", in: "#t\n:\n", wantErr: `<stdin>:1:1: triddlers (#t) are not supported: only rectangular grids`},
	{name: "two colour sections", in: "#d\n1:* black\n#D\n", wantErr: `<stdin>:3:1: a second #d section (the first is on line 1)`},
	{name: "declaration without colon", in: "#d\n  r red\n", wantErr: `<stdin>:2:3: colour declaration "r red": expected a character, ":", a character to print and a colour, as in "r:% red"`},
	{name: "declaration cut", in: "#d\n  r:\n", wantErr: `<stdin>:2:3: colour declaration "r:": expected a character, ":", a character to print and a colour, as in "r:% red"`},
	{name: "declaration without colour", in: "#d\n  r:%  \n", wantErr: `<stdin>:2:8: colour declaration "r:%": expected a colour name or #rrggbb after "r:%"`},
	{name: "unknown colour", in: "#d\n  r:% redd\n", wantErr: `<stdin>:2:7: colour "redd" is not an X11 colour name this reader knows: give it as #rrggbb`},
	{name: "bad hex", in: "#d\n  r:% #12345\n", wantErr: `<stdin>:2:7: colour "#12345": expected #rrggbb (six hex digits) or #rgb`},
	{name: "triangle", in: "#d\n  t:/ black/orange\n", wantErr: `<stdin>:2:7: colour "black/orange": triangle colours are not supported`},
	{name: "bad character", in: "#d\n  .:% red\n", wantErr: `<stdin>:2:3: colour declaration ".:% red": "." cannot name a colour (one printable character; not a digit but 0 and 1, nor , " . = |)`},
	{name: "digit character", in: "#d\n  2:% red\n", wantErr: `<stdin>:2:3: colour declaration "2:% red": "2" cannot name a colour (one printable character; not a digit but 0 and 1, nor , " . = |)`},
	{name: "declared twice", in: "#d\n  r:% red\n  r:& blue\n", wantErr: `<stdin>:3:3: colour "r" declared twice (first on line 2)`},
	{name: "background twice", in: "#d\n0: white\n0: #ffe\n", wantErr: `<stdin>:3:1: colour "0" declared twice (first on line 2)`},
	{name: "undeclared colour", in: "#d\n1:* black\n:\n1b\n:\n1b\n:\n", wantErr: `<stdin>:4:2: row 1 clue "1b": colour "b" is not declared in the #d section (line 1)`},
	{name: "colour without section", in: ":\n1 1r\n:\n", wantErr: `<stdin>:2:4: row 1 clue "1 1r": colour "r", but no #d section declares colours`},
	{name: "no default colour", in: "#d\nr:% red\n:\n1r 1\n:\n", wantErr: `<stdin>:4:1: row 1 clue "1r 1": run 2 has no colour character, and the #d section (line 1) declares no default colour 1`},
	{name: "bad clue", in: ":\n1 x\n:\n", wantErr: `<stdin>:2:3: row 1 clue "1 x": expected a number`},
	{name: "clue too long", in: ":\n3\n:\n1\n1\n:\n", wantErr: `<stdin>:2:1: row 1 clue "3" needs 3 cells, the row has 2`},
	{name: "totals", in: ":\n1\n:\n1\n1\n:\n", wantErr: `<stdin>:3:1: rows need 1 black cells, columns 2`},
	{name: "colour totals", in: "#d\nr:% red\n1:* black\n:\n1r\n:\n1\n:\n", wantErr: `<stdin>:6:1: rows need 1 cells of colour red, columns 0`},
}

func TestReadG(t *testing.T) {
	for _, tt := range gTests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in), "<stdin>", G)
			got := ""
			if err != nil {
				got = err.Error()
				checkSource(t, err, tt.in)
			}
			if got != tt.wantErr {
				t.Errorf("got error  %q\nwant error %q", got, tt.wantErr)
			}
		})
	}
}

// TestReadGPuzzle checks what the .g reader makes of its files: the same
// clues as tiny3x2, and colourG's palette in declaration order with the
// default colour where "1:" stands, and a declared background.
func TestReadGPuzzle(t *testing.T) {
	want, err := Parse([]byte(tiny3x2), "tiny", NON)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{tinyG, gTests[1].in, gTests[2].in} {
		p, err := Parse([]byte(in), "t.g", Auto)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(p.Rows, want.Rows) || !reflect.DeepEqual(p.Cols, want.Cols) || p.IsColour() {
			t.Errorf("%q: rows %v columns %v colour %v", in, p.Rows, p.Cols, p.IsColour())
		}
	}
	p, err := Parse([]byte(":\n1 1\n\n:\n1\n\n1\n:\n"), "e.g", Auto)
	if err != nil || len(p.Rows) != 2 || len(p.Rows[1]) != 0 || len(p.Cols) != 3 || len(p.Cols[1]) != 0 {
		t.Errorf("empty lines: %v, rows %v columns %v", err, p.Rows, p.Cols)
	}
	for _, tt := range []struct{ in, palette string }{
		{colourG, "0#ffffff r#ff0000 1#000000"},
		{strings.Replace(colourG, "#d\n", "#d\n 0:  #ffffe0\n", 1), "0#ffffe0 r#ff0000 1#000000"},
		{strings.Replace(colourG, "1:* black", "1:* DarkGray", 1), "0#ffffff r#ff0000 1#a9a9a9"},
		{strings.Replace(colourG, "1:* black", "1:* green", 1), "0#ffffff r#ff0000 1#00ff00"},
	} {
		p, err := Parse([]byte(tt.in), "c.g", Auto)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range p.Colours {
			got = append(got, string(c.Char)+c.Hex())
		}
		if strings.Join(got, " ") != tt.palette || !reflect.DeepEqual(p.RowColours, [][]int{{1, 2}, {2}}) {
			t.Errorf("%q: palette %q rows %v, want %q [[1 2] [2]]", tt.in, got, p.RowColours, tt.palette)
		}
		if pic := solveColour(t, p, nil); pic == nil || p.VerifyColours(pic) != nil {
			t.Errorf("%q: no valid picture", tt.in)
		}
	}
}

// TestX11Colour checks x11Colour on a table and, where the machine has
// X11's rgb.txt, on every name it knows.
func TestX11Colour(t *testing.T) {
	for name, want := range map[string]string{
		"red": "#ff0000", "DarkRed": "#8b0000", "gray": "#bebebe", "GREY": "#bebebe",
		"green": "#00ff00", "purple": "#a020f0", "maroon": "#b03060", "gray50": "", "nocolour": "",
	} {
		rgb, ok := x11Colour(name)
		got := ""
		if ok {
			got = Colour{RGB: rgb}.Hex()
		}
		if got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	data, err := os.ReadFile("/usr/share/X11/rgb.txt")
	if err != nil {
		t.Skip(err)
	}
	n := 0
	for _, ln := range strings.Split(string(data), "\n") {
		f := strings.Fields(ln)
		if len(f) < 4 || f[0][0] == '!' {
			continue
		}
		var want [3]byte
		for i := range 3 {
			v, err := strconv.Atoi(f[i])
			if err != nil {
				t.Fatalf("rgb.txt: %q", ln)
			}
			want[i] = byte(v)
		}
		name := strings.Join(f[3:], "")
		if got, ok := x11Colour(name); ok {
			n++
			if got != want {
				t.Errorf("%s: %v, rgb.txt says %v", name, got, want)
			}
		}
	}
	if n < 140 {
		t.Errorf("only %d of rgb.txt's names known", n)
	}
}

// TestWriteG: Write makes of tiny3x2 the file tinyG, and of a colour
// puzzle a .g file that reads back to it.
func TestWriteG(t *testing.T) {
	p, err := Parse([]byte(tiny3x2), "tiny", NON)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, p, G); err != nil || buf.String() != tinyG {
		t.Errorf("wrote %q (%v), want %q", buf.String(), err, tinyG)
	}
	c := readFile(t, "testdata/tiny-colour.non")
	buf.Reset()
	if err := Write(&buf, c, G); err != nil {
		t.Fatal(err)
	}
	q, err := Parse(buf.Bytes(), "c.g", Auto)
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.Bytes())
	}
	if !samePalette(c.Colours, q.Colours) || !reflect.DeepEqual(c.RowColours, q.RowColours) || !reflect.DeepEqual(c.Rows, q.Rows) {
		t.Errorf("colour puzzle differs after .g:\n%s", buf.Bytes())
	}
}

func FuzzParseG(f *testing.F) {
	for _, tt := range gTests {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRoundTrip(t, data, G) })
}
