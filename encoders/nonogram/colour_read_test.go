package nonogram

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// colNON is a 3x2 colour puzzle: row 1 is "ab.", row 2 ".bb".
const colNON = "width 3\nheight 2\ncolor a #ff0000\ncolor b #0000ff\nrows\n1a,1b\n2b\ncolumns\n1a\n2b\n1b\n"

// colXML is colNON in webpbn XML.
const colXML = `<puzzleset><puzzle backgroundcolor="white">
<color name="white" char=".">fff</color>
<color name="red" char="a">ff0000</color>
<color name="blue" char="b">0000ff</color>
<clues type="rows">
<line><count color="red">1</count><count color="blue">1</count></line>
<line><count color="blue">2</count></line>
</clues>
<clues type="columns">
<line><count color="red">1</count></line>
<line><count color="blue">2</count></line>
<line><count color="blue">1</count></line>
</clues>
<solution><image>|ab.|
|.bb|</image></solution>
</puzzle></puzzleset>
`

var colourReadTests = []struct {
	name    string
	format  Format
	in      string
	wantErr string
}{
	{name: "ok", in: colNON},
	{name: "ok goal givens", in: colNON + "goal \"ab00bb\"\ngivens\n0,0,a\n1,2\n"},
	{name: "xml ok", in: colXML},
	{name: "unknown colour", in: strings.Replace(colNON, "1a,1b", "1a,1c", 1),
		wantErr: `<stdin>:6:5: row 1 clue "1a,1c": colour "c" has no "color c #rrggbb" line`},
	{name: "unknown colour in column", in: strings.Replace(colNON, "columns\n1a\n2b", "columns\n1a\n 2z", 1),
		wantErr: `<stdin>:10:3: column 2 clue "2z": colour "z" has no "color z #rrggbb" line`},
	{name: "duplicate colour", in: strings.Replace(colNON, "color b #0000ff", "color a #0000ff", 1),
		wantErr: `<stdin>:4:7: colour "a" declared twice (first on line 3)`},
	{name: "short hex", in: strings.Replace(colNON, "#0000ff", "#00ff", 1),
		wantErr: `<stdin>:4:9: color b "#00ff": expected #rrggbb (six hex digits)`},
	{name: "hex without hash", in: strings.Replace(colNON, "#0000ff", "0000ff", 1),
		wantErr: `<stdin>:4:9: color b "0000ff": expected #rrggbb (six hex digits)`},
	{name: "bad hex digit", in: strings.Replace(colNON, "#0000ff", "#0000fg", 1),
		wantErr: `<stdin>:4:9: color b "#0000fg": expected #rrggbb (six hex digits)`},
	{name: "no hex", in: strings.Replace(colNON, "color b #0000ff", "color b", 1),
		wantErr: `<stdin>:4:7: color "b": expected a character and #rrggbb, as in "color a #ff0000"`},
	{name: "digit colour", in: strings.Replace(colNON, "color b #0000ff", "color 2 #0000ff", 1),
		wantErr: `<stdin>:4:7: color "2 #0000ff": "2" cannot name a colour (one printable character; not a digit but 1, nor , " . = |)`},
	{name: "long colour", in: strings.Replace(colNON, "color b #0000ff", "color bb #0000ff", 1),
		wantErr: `<stdin>:4:7: color "bb #0000ff": "bb" cannot name a colour (one printable character; not a digit but 1, nor , " . = |)`},
	{name: "two characters", in: strings.Replace(colNON, "1a,1b", "1ab", 1),
		wantErr: `<stdin>:6:3: row 1 clue "1ab": expected a comma (a colour is one character)`},
	{name: "coloured zero", in: strings.Replace(colNON, "2b\ncolumns", "0b\ncolumns", 1),
		wantErr: `<stdin>:7:1: row 2 clue "0b": a run of length 0 has no colour`},
	{name: "same colour touching", in: strings.Replace(colNON, "2b\ncolumns", "2b,1b\ncolumns", 1),
		wantErr: `<stdin>:7:1: row 2 clue "2b,1b" needs 4 cells, the row has 3`},
	{name: "colour totals", in: strings.Replace(colNON, "columns\n1a\n2b\n1b", "columns\n1a\n2b\n1a", 1),
		wantErr: `<stdin>:8:1: rows need 1 cells of colour a, columns 2`},
	{name: "goal unknown char", in: colNON + "goal \"ab0cbb\"\n",
		wantErr: `<stdin>:12:10: goal: "c" is not 0 or a colour of the puzzle (0 a b)`},
	{name: "goal short", in: colNON + "goal \"ab0\"\n",
		wantErr: `<stdin>:12:6: goal has 3 cells, the grid 6`},
	{name: "given unknown colour", in: colNON + "givens\n0,0,c\n",
		wantErr: `<stdin>:13:5: given colour "c" is not a colour of the clues (0 a b)`},
	{name: "given bad colour", in: colNON + "givens\n0,0,\n",
		wantErr: `<stdin>:13:5: given "0,0,": expected a colour character after the second comma (a given is a 0-based row,col)`},
	{name: "given colour in black and white", in: tinyNON + "givens\n0,0,a\n",
		wantErr: `<stdin>:11:5: given colour "a": the clues have no colours`},
	{name: "keen colour", format: Keen, in: "1a\n1\n\n1\n1\n",
		wantErr: `<stdin>:1:2: row 1 clue "1a": colour clues need the .non, XML or .g format`},
	{name: "xml unknown colour", in: strings.Replace(colXML, `<count color="blue">2`, `<count color="green">2`, 1),
		wantErr: `<stdin>:7:28: count color "green" is not in the palette (no <color name="green">)`},
	{name: "xml background count", in: strings.Replace(colXML, `<count color="blue">2`, `<count color="white">2`, 1),
		wantErr: `<stdin>:7:28: count color "white" is the background colour`},
	{name: "xml bad hex", in: strings.Replace(colXML, "0000ff", "00z0ff", 1),
		wantErr: `<stdin>:4:29: color "blue" "00z0ff": expected rrggbb or rgb (hex digits)`},
	{name: "xml hash hex", in: strings.Replace(colXML, "0000ff", "#0000ff", 1),
		wantErr: `<stdin>:4:29: color "blue" "#0000ff": expected rrggbb or rgb (hex digits)`},
	{name: "xml duplicate name", in: strings.Replace(colXML, `name="blue"`, `name="red"`, 1),
		wantErr: `<stdin>:4:28: color "red" declared twice (first on line 3)`},
	{name: "xml duplicate char", in: strings.Replace(colXML, `char="b"`, `char="a"`, 1),
		wantErr: `<stdin>:4:29: color "blue" char "a": already the char of "red"`},
	{name: "xml no char", in: strings.Replace(colXML, ` char="b"`, ``, 1),
		wantErr: `<stdin>:4:20: color "blue" char "": want one printable character, not a digit but 1, nor , " . = | or the background's "."`},
	{name: "xml image char", in: strings.Replace(colXML, "|.bb|", "|.bc|", 1),
		wantErr: `<stdin>:15:4: image: "c" is not the char of a colour of the clues (0 a b)`},
	{name: "xml totals", in: strings.Replace(colXML, `<line><count color="blue">1</count></line>`, `<line><count color="red">1</count></line>`, 1),
		wantErr: `<stdin>:13:9: rows need 1 cells of colour red, columns 2`},
}

func TestReadColourErrors(t *testing.T) {
	for _, tt := range colourReadTests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.in), "<stdin>", tt.format)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.wantErr {
				t.Errorf("got error  %q\nwant error %q", got, tt.wantErr)
			}
		})
	}
}

// TestReadColour pins the model a colour puzzle reads into, from .non and
// from XML alike.
func TestReadColour(t *testing.T) {
	for _, in := range []string{colNON + "goal \"ab00bb\"\n", colXML} {
		p, err := Parse([]byte(in), "<stdin>", Auto)
		if err != nil {
			t.Fatal(err)
		}
		chars := ""
		for _, c := range p.Colours {
			chars += string(c.Char) + c.Hex()
		}
		if chars != "0#ffffffa#ff0000b#0000ff" {
			t.Errorf("palette %q", chars)
		}
		if !reflect.DeepEqual(p.RowColours, [][]int{{1, 2}, {2}}) || !reflect.DeepEqual(p.ColColours, [][]int{{1}, {2}, {2}}) {
			t.Errorf("run colours %v %v", p.RowColours, p.ColColours)
		}
		if p.Goal != "ab00bb" {
			t.Errorf("goal %q", p.Goal)
		}
		if p.ClueString(true, 0) != "1a,1b" {
			t.Errorf("row 1 clue %q", p.ClueString(true, 0))
		}
		if err := p.VerifyColours(p.GoalColours()); err != nil {
			t.Errorf("goal: %v", err)
		}
		if err := p.VerifyColours([]int{1, 2, 0, 0, 2, 1}); err == nil || err.Error() != "row 2 has runs 1b,1a, its clue is 2b" {
			t.Errorf("wrong picture: %v", err)
		}
	}
}

// TestSharedColour reads the shared colour puzzles in both formats: the
// same clues, and the .non goal satisfies them.
func TestSharedColour(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/nonogram/colour/*.non")
	if len(files) == 0 {
		t.Fatal("no colour puzzles in testdata/nonogram/colour")
	}
	for _, name := range files {
		p := readFile(t, name)
		q := readFile(t, strings.TrimSuffix(name, ".non")+".xml")
		if !p.IsColour() || !reflect.DeepEqual(p.Rows, q.Rows) || !reflect.DeepEqual(p.Cols, q.Cols) ||
			!reflect.DeepEqual(p.RowColours, q.RowColours) || !reflect.DeepEqual(p.ColColours, q.ColColours) {
			t.Errorf("%s: the .non and .xml clues differ", name)
		}
		if err := p.VerifyColours(p.GoalColours()); err != nil {
			t.Errorf("%s: goal: %v", name, err)
		}
		goal, err := os.ReadFile(strings.TrimSuffix(name, ".non") + ".goal")
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(string(goal)) != p.Goal {
			t.Errorf("%s: goal differs from the .goal file", name)
		}
	}
}

// samePalette compares palettes by character and colour (names do not
// survive .non).
func samePalette(a, b []Colour) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k].Char != b[k].Char || a[k].RGB != b[k].RGB {
			return false
		}
	}
	return true
}

// FuzzParseColour: the colour reader never panics, quotes the right line
// in its errors, and what parses writes back, as .non and as XML, to the
// same palette, clues, goal and givens.
func FuzzParseColour(f *testing.F) {
	for _, tt := range colourReadTests {
		f.Add([]byte(tt.in))
	}
	f.Add([]byte(colNON + "color 1 #00ff00\ngoal \"ab00bb\"\n"))
	f.Add([]byte(strings.Replace(colNON, "1a,1b", "1,1b", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data, "fuzz", Auto)
		if err != nil {
			checkSource(t, err, data)
			return
		}
		for _, fm := range []Format{NON, XML} {
			var buf bytes.Buffer
			if err := Write(&buf, p, fm); err != nil {
				t.Fatal(err)
			}
			q, err := Parse(buf.Bytes(), "rewritten", fm)
			if err != nil {
				t.Fatalf("%v: rewritten puzzle does not parse: %v\n%s", fm, err, buf.Bytes())
			}
			if !reflect.DeepEqual(norm(q.Rows), norm(p.Rows)) || !reflect.DeepEqual(norm(q.Cols), norm(p.Cols)) {
				t.Fatalf("%v: clues differ after rewriting\n%s", fm, buf.Bytes())
			}
			// .non has no key for the background: it reads back white.
			pc := p.Colours
			if fm == NON && len(pc) > 0 {
				pc = append([]Colour{Background}, pc[1:]...)
			}
			if !samePalette(pc, q.Colours) || !reflect.DeepEqual(p.RowColours, q.RowColours) || !reflect.DeepEqual(p.ColColours, q.ColColours) {
				t.Fatalf("%v: colours differ after rewriting\n%s", fm, buf.Bytes())
			}
			if q.Goal != p.Goal {
				t.Fatalf("%v: goal %q after rewriting, was %q\n%s", fm, q.Goal, p.Goal, buf.Bytes())
			}
			if fm == NON && (!reflect.DeepEqual(q.Givens, p.Givens) || !reflect.DeepEqual(q.GivenColours, p.GivenColours)) {
				t.Fatalf("NON: givens %v %v after rewriting, were %v %v\n%s", q.Givens, q.GivenColours, p.Givens, p.GivenColours, buf.Bytes())
			}
		}
	})
}

// TestDefaultColour: runs without a colour have the default colour '1'
// (black unless declared), placed in the palette as the file orders it.
func TestDefaultColour(t *testing.T) {
	for _, tt := range []struct {
		name, in, palette string
		rows              [][]int
	}{
		{"non undeclared", "width 2\nheight 1\ncolor a #ff0000\nrows\n1,1a\ncolumns\n1\n1a\n", "0#ffffff1#000000a#ff0000", [][]int{{1, 2}}},
		{"non declared", "width 2\nheight 1\ncolor a #ff0000\ncolor 1 #00ff00\nrows\n1,1a\ncolumns\n1\n1a\n", "0#ffffffa#ff0000" + "1#00ff00", [][]int{{2, 1}}},
		{"xml undeclared", `<puzzleset><puzzle><color name="red" char="r">f00</color>
<clues type="rows"><line><count>1</count><count color="red">1</count></line></clues>
<clues type="columns"><line><count>1</count></line><line><count color="red">1</count></line></clues></puzzle></puzzleset>`, "0#ffffff1#000000r#ff0000", [][]int{{1, 2}}},
		{"xml declared", `<puzzleset><puzzle defaultcolor="ink" backgroundcolor="paper"><color name="paper" char="-">ffe</color><color name="red" char="r">f00</color><color name="ink" char="i">00f</color>
<clues type="rows"><line><count>1</count><count color="red">1</count></line></clues>
<clues type="columns"><line><count>1</count></line><line><count color="red">1</count></line></clues>
<solution><image>|ir|</image></solution></puzzle></puzzleset>`, "0#ffffeer#ff0000i#0000ff", [][]int{{2, 1}}},
	} {
		p, err := Parse([]byte(tt.in), tt.name, Auto)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		got := ""
		for _, c := range p.Colours {
			got += string(c.Char) + c.Hex()
		}
		if got != tt.palette || !reflect.DeepEqual(p.RowColours, tt.rows) {
			t.Errorf("%s: palette %q rows %v, want %q %v", tt.name, got, p.RowColours, tt.palette, tt.rows)
		}
		if pic := solveColour(t, p, nil); pic == nil || p.VerifyColours(pic) != nil {
			t.Errorf("%s: no valid picture", tt.name)
		}
		if err := p.Verify(make([]bool, 2)); err == nil {
			t.Errorf("%s: Verify took a colour puzzle", tt.name)
		}
	}
}
