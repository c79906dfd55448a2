package nonogram

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// The same 3x2 puzzle in the three sized formats: rows "1 1" and "1",
// columns 1, 1, 1.
const (
	tiny3x2 = "width 3\nheight 2\nrows\n1,1\n1\ncolumns\n1\n1\n1\n"
	tinyMK  = "2 3\n1 1\n1\n#\n1\n1\n1\n"
	tinyNIN = "3 2\n1 1\n1\n1\n1\n1\n"
	tinyCWD = "2\n3\n1 1\n1\n\n1\n1\n1\n"
)

var sizedTests = []struct {
	name    string
	format  Format
	in      string
	wantErr string
}{
	{name: "mk ok", format: MK, in: tinyMK},
	{name: "mk crlf, 0 clues, trailing blank", format: MK, in: "2 3\r\n1 1\r\n0\r\n#\r\n1\r\n0\r\n1\r\n\r\n"},
	{name: "mk blank lines are no clues", format: MK, in: "2 3\n\n1 1\n\n1\n#\n1\n\n1\n1\n"},
	{name: "mk hash with text", format: MK, in: "2 3\n1 1\n1\n# columns\n1\n1\n1\n"},
	{name: "mk commas", format: MK, in: "2 3\n1,1\n1\n#\n1\n1\n1\n"},
	{name: "mk one number", format: MK, in: "2\n1\n",
		wantErr: `<stdin>:1:2: "2": expected the height and the width ("H W", an mk file's first line)`},
	{name: "mk three numbers", format: MK, in: "2 3 4\n",
		wantErr: `<stdin>:1:5: "2 3 4": expected the height and the width ("H W", an mk file's first line), then the end of the line`},
	{name: "mk zero", format: MK, in: "0 3\n", wantErr: `<stdin>:1:1: size 0: must be between 1 and 10000`},
	{name: "mk letter", format: MK, in: "2 x\n",
		wantErr: `<stdin>:1:3: "2 x": expected the height and the width ("H W", an mk file's first line)`},
	{name: "mk number and letter", format: MK, in: "2 3x\n",
		wantErr: `<stdin>:1:3: "2 3x": expected the height and the width ("H W", an mk file's first line)`},
	{name: "mk empty", format: MK, in: "\n\n",
		wantErr: `<stdin>:3:1: the input ends: expected the height and the width ("H W", an mk file's first line)`},
	{name: "mk huge", format: MK, in: "10000 10000\n", wantErr: `<stdin>:1:1: 10000x10000 grid has more than 4000000 cells`},
	{name: "mk too few rows", format: MK, in: "2 3\n1 1\n#\n1\n1\n1\n",
		wantErr: `<stdin>:3:1: 1 row clues, height is 2: "#" is not a clue`},
	{name: "mk no hash", format: MK, in: "2 3\n1 1\n1\n1\n1\n1\n",
		wantErr: `<stdin>:4:1: expected a "#" line after the 2 row clues (height is 2), not "1"`},
	{name: "mk ends before hash", format: MK, in: "2 3\n1 1\n1\n",
		wantErr: `<stdin>:4:1: the input ends: expected a "#" line after the 2 row clues`},
	{name: "mk ends in rows", format: MK, in: "2 3\n1 1\n",
		wantErr: `<stdin>:3:1: 1 row clues, height is 2`},
	{name: "mk too few columns", format: MK, in: "2 3\n1 1\n1\n#\n1\n1\n",
		wantErr: `<stdin>:7:1: 2 column clues, width is 3`},
	{name: "mk too many columns", format: MK, in: tinyMK + "1\n",
		wantErr: `<stdin>:8:1: more than 3 column clues (width is 3)`},
	{name: "mk trailing text", format: MK, in: tinyMK + "\nend\n",
		wantErr: `<stdin>:9:1: unexpected line after the column clues: "end"`},
	{name: "mk letter in columns", format: MK, in: "2 3\n1 1\n1\n#\n1\nx\n1\n",
		wantErr: `<stdin>:6:1: 1 column clues, width is 3: "x" is not a clue`},
	{name: "mk bad clue", format: MK, in: "2 3\n1 x\n1\n#\n1\n1\n1\n",
		wantErr: `<stdin>:2:3: row 1 clue "1 x": expected a number`},
	{name: "mk colour", format: MK, in: "2 3\n1a 1\n1\n#\n1\n1\n1\n",
		wantErr: `<stdin>:2:2: row 1 clue "1a 1": colour clues need the .non, XML or .g format`},
	{name: "mk clue too long", format: MK, in: "2 3\n4\n1\n#\n1\n1\n1\n",
		wantErr: `<stdin>:2:1: row 1 clue "4" needs 4 cells, the row has 3`},
	{name: "mk totals", format: MK, in: "2 3\n1 1\n1\n#\n1\n1\n0\n",
		wantErr: `<stdin>:4:1: rows need 3 black cells, columns 2`},

	{name: "nin ok", format: NIN, in: tinyNIN},
	{name: "nin blank lines are no clues", format: NIN, in: "3 2\n1 1\n\n1\n\n1\n1\n1\n\n"},
	{name: "nin one number", format: NIN, in: "3\n",
		wantErr: `<stdin>:1:2: "3": expected the width and the height ("W H", a nin file's first line)`},
	{name: "nin too many columns", format: NIN, in: tinyNIN + "0\n",
		wantErr: `<stdin>:7:1: more than 3 column clues (width is 3)`},
	{name: "nin too few columns", format: NIN, in: "3 2\n1 1\n1\n1\n1\n",
		wantErr: `<stdin>:6:1: 2 column clues, width is 3`},
	{name: "nin mk separator", format: NIN, in: "3 2\n1 1\n1\n#\n1\n1\n1\n",
		wantErr: `<stdin>:4:1: 0 column clues, width is 3: "#" is not a clue`},
	{name: "nin mk's order", format: NIN, in: "2 3\n1 1\n1\n1\n1\n1\n",
		wantErr: `<stdin>:2:1: row 1 clue "1,1" needs 3 cells, the row has 2`},

	{name: "cwd ok", format: CWD, in: tinyCWD},
	{name: "cwd crlf and blanks", format: CWD, in: "2\r\n3\r\n1 1\r\n0\r\n\r\n\r\n1\r\n0\r\n1\r\n"},
	{name: "cwd size on one line", format: CWD, in: "2 3\n",
		wantErr: `<stdin>:1:3: "2 3": expected the height (a cwd file's first line; the width is on the second), then the end of the line`},
	{name: "cwd no width", format: CWD, in: "2\n",
		wantErr: `<stdin>:2:1: the input ends: expected the width (a cwd file's second line, after the height)`},
	{name: "cwd no blank line", format: CWD, in: "2\n3\n1 1\n1\n1\n1\n1\n",
		wantErr: `<stdin>:5:1: expected a blank line after the 2 row clues (height is 2), not "1"`},
	{name: "cwd too many columns", format: CWD, in: tinyCWD + "1\n",
		wantErr: `<stdin>:9:1: more than 3 column clues (width is 3)`},
	{name: "cwd too many rows", format: CWD, in: "2\n3\n1 1\n1\n1\n\n1\n1\n1\n",
		wantErr: `<stdin>:5:1: expected a blank line after the 2 row clues (height is 2), not "1"`},
}

func TestReadSized(t *testing.T) {
	for _, tt := range sizedTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Read(strings.NewReader(tt.in), "<stdin>", tt.format)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.wantErr {
				t.Fatalf("got error  %q\nwant error %q", got, tt.wantErr)
			}
			if err != nil {
				checkSource(t, err, tt.in)
				return
			}
			want, err := Parse([]byte(tiny3x2), "tiny", NON)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(tt.name, " 0 clues") || strings.Contains(tt.name, "cwd crlf") {
				return // another puzzle
			}
			if !reflect.DeepEqual(norm(p.Rows), norm(want.Rows)) || !reflect.DeepEqual(norm(p.Cols), norm(want.Cols)) {
				t.Errorf("rows %v columns %v, want %v %v", p.Rows, p.Cols, want.Rows, want.Cols)
			}
		})
	}
}

// TestWriteSized: Write makes of tiny.non the files the table reads.
func TestWriteSized(t *testing.T) {
	p, err := Parse([]byte(tiny3x2), "tiny", NON)
	if err != nil {
		t.Fatal(err)
	}
	for f, want := range map[Format]string{MK: tinyMK, NIN: tinyNIN, CWD: tinyCWD} {
		var buf bytes.Buffer
		if err := Write(&buf, p, f); err != nil {
			t.Fatal(err)
		}
		if buf.String() != want {
			t.Errorf("%v: wrote %q, want %q", f, buf.String(), want)
		}
	}
	c := readFile(t, "testdata/tiny-colour.non")
	for _, f := range []Format{Keen, MK, NIN, CWD} {
		if err := Write(&bytes.Buffer{}, c, f); err == nil || err.Error() != "the "+f.String()+" format has no colours" {
			t.Errorf("%v: colour puzzle: %v", f, err)
		}
	}
}

// fuzzRoundTrip is the fuzz targets' oracle for format f: data read as f
// either fails with an error that quotes its own line, or is a puzzle
// that Write writes as f, reads back to the same clues and colours, and
// writes again to the same bytes.
func fuzzRoundTrip(t *testing.T, data []byte, f Format) {
	p, err := Parse(data, "fuzz", f)
	if err != nil {
		checkSource(t, err, data)
		return
	}
	var buf bytes.Buffer
	if err := Write(&buf, p, f); err != nil {
		t.Fatal(err)
	}
	q, err := Parse(buf.Bytes(), "rewritten", f)
	if err != nil {
		t.Fatalf("%v: rewritten puzzle does not parse: %v\n%s", f, err, buf.Bytes())
	}
	if !reflect.DeepEqual(norm(q.Rows), norm(p.Rows)) || !reflect.DeepEqual(norm(q.Cols), norm(p.Cols)) {
		t.Fatalf("%v: clues differ after rewriting\n%s", f, buf.Bytes())
	}
	if !samePalette(p.Colours, q.Colours) || !reflect.DeepEqual(p.RowColours, q.RowColours) || !reflect.DeepEqual(p.ColColours, q.ColColours) {
		t.Fatalf("%v: colours differ after rewriting\n%s", f, buf.Bytes())
	}
	var again bytes.Buffer
	Write(&again, q, f)
	if !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Fatalf("%v: second rewrite differs:\n%s\n---\n%s", f, buf.Bytes(), again.Bytes())
	}
}

func fuzzSized(f *testing.F, format Format) {
	for _, tt := range sizedTests {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRoundTrip(t, data, format) })
}

func FuzzParseMK(f *testing.F)  { fuzzSized(f, MK) }
func FuzzParseNIN(f *testing.F) { fuzzSized(f, NIN) }
func FuzzParseCWD(f *testing.F) { fuzzSized(f, CWD) }
