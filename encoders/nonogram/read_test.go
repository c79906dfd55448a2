package nonogram

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const tinyNON = "width 3\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n0\n"

var readTests = []struct {
	name    string
	format  Format
	in      string
	wantErr string
}{
	{name: "ok", in: tinyNON},
	{name: "clue too long", in: "width 3\nheight 2\nrows\n1\n4\ncolumns\n1\n1\n1\n",
		wantErr: `<stdin>:5:1: row 2 clue "4" needs 4 cells, the row has 3`},
	{name: "column clue too long", in: "width 2\nheight 2\nrows\n2\n1\ncolumns\n1,1\n1\n",
		wantErr: `<stdin>:7:1: column 1 clue "1,1" needs 3 cells, the column has 2`},
	{name: "totals", in: "width 3\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n1\n",
		wantErr: "<stdin>:6:1: rows need 2 black cells, columns 3"},
	{name: "too few rows", in: "width 3\nheight 2\nrows\n1\ncolumns\n1\n1\n1\n",
		wantErr: "<stdin>:5:1: 1 row clues, height is 2"},
	{name: "too many rows", in: "width 3\nheight 2\nrows\n1\n1\n1\ncolumns\n1\n1\n1\n",
		wantErr: "<stdin>:6:1: more than 2 row clues (height is 2)"},
	{name: "too few columns at EOF", in: "width 3\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n",
		wantErr: "<stdin>:9:1: 2 column clues, width is 3"},
	{name: "not a number", in: "width 3\nheight 2\nrows\n1\n1,x\ncolumns\n1\n1\n1\n",
		wantErr: `<stdin>:5:3: row 2 clue "1,x": expected a number`},
	{name: "colour clue", in: "width 3\nheight 2\nrows\n1a\n1\ncolumns\n1\n1\n1\n",
		wantErr: `<stdin>:4:2: row 1 clue "1a": colour "a" has no "color a #rrggbb" line`},
	// Colours no clue uses leave a puzzle black and white.
	{name: "colour keys", in: "width 3\nheight 2\ncolor a #ff0000\ncolor b #00ff00\nrows\n1\n1\ncolumns\n1\n1\n0\n"},
	{name: "colour goal", in: tinyNON + "goal \"10a010\"\n",
		wantErr: `<stdin>:10:9: goal: "a" is not 0 or 1 (the clues have no colours)`},
	{name: "bad width", in: "width x\n", wantErr: `<stdin>:1:7: width "x": expected a number`},
	{name: "zero width", in: "width 0\n", wantErr: "<stdin>:1:7: width 0: must be between 1 and 10000"},
	{name: "huge", in: "width 10000\nheight 10000\n", wantErr: "<stdin>:2:8: 10000x10000 grid has more than 4000000 cells"},
	{name: "no columns", in: "width 3\nheight 2\nrows\n1\n1\n", wantErr: `<stdin>:6:1: no "columns" line`},
	{name: "rows first", in: "rows\n1\n", wantErr: "<stdin>:1:1: rows before height"},
	{name: "given outside", in: tinyNON + "givens\n2,0\n",
		wantErr: "<stdin>:11:1: given 2,0 is outside the 3x2 grid (givens are 0-based row,col)"},
	{name: "bad given", in: tinyNON + "givens\n1;0\n", wantErr: `<stdin>:11:2: given "1;0": expected a comma (a given is a 0-based row,col)`},
	// Issue 9.7: a malformed given used to end the section, and the
	// givens after it were dropped without a word.
	{name: "plus given", in: tinyNON + "givens\n+1,1\n0,0\n", wantErr: `<stdin>:11:1: given "+1,1": expected a row number (a given is a 0-based row,col)`},
	{name: "negative given", in: tinyNON + "givens\n0,0\n1,-2\n", wantErr: `<stdin>:12:3: given "1,-2": expected a column number (a given is a 0-based row,col)`},
	{name: "given trailing", in: tinyNON + "givens\n0,0 x\n", wantErr: `<stdin>:11:5: given "0,0 x": expected the end of the line (a given is a 0-based row,col)`},
	{name: "given three numbers", in: tinyNON + "givens\n  0,0,12\n", wantErr: `<stdin>:11:8: given "0,0,12": expected the end of the line (a given is a 0-based row,col)`},
	{name: "given long", in: tinyNON + "givens\n1234567890,0\n", wantErr: `<stdin>:11:1: given "1234567890,0": expected a row number of at most 9 digits (a given is a 0-based row,col)`},
	{name: "given divider", in: tinyNON + "givens\n0,0\n====\n", wantErr: `<stdin>:12:1: given "====": expected a row number (a given is a 0-based row,col)`},
	{name: "given after blank outside", in: tinyNON + "givens\n0,0\n\n1,2x\n", wantErr: `<stdin>:13:4: given "1,2x": expected the end of the line (a given is a 0-based row,col)`},
	{name: "givens on key line", in: tinyNON + "givens 0,0\n", wantErr: `<stdin>:10:8: givens "0,0": the cells go on the lines below, one row,col a line`},
	{name: "numbers after a key", in: tinyNON + "givens\n0,0\ntitle \"x\"\n1,2\n", wantErr: `<stdin>:13:1: "1,2" is outside the rows, columns and givens sections`},
	{name: "clue after rows", in: "width 3\nheight 2\nrows\n1\n1\n\n1\ncolumns\n1\n1\n0\n", wantErr: `<stdin>:7:1: "1" is outside the rows, columns and givens sections`},
	{name: "short goal", in: tinyNON + "goal \"101\"\n", wantErr: "<stdin>:10:6: goal has 3 cells, the grid 6"},
	{name: "twice", in: "width 3\nwidth 3\n", wantErr: "<stdin>:2:1: width given twice (first on line 1)"},
	{name: "zero run", in: "width 3\nheight 2\nrows\n1,0\n1\ncolumns\n1\n1\n0\n",
		wantErr: `<stdin>:4:3: row 1 clue "1,0": a run of length 0 in a non-empty clue`},
	{name: "keen ok", in: "1 1\n1\n\n1\n1\n1\n"},
	{name: "keen no columns", format: Keen, in: "1 1\n", wantErr: "<stdin>:2:1: no column clues after the blank line"},
	{name: "keen trailing", format: Keen, in: "1\n\n1\n\nx\n", wantErr: "<stdin>:5:1: unexpected line after the column clues"},
	{name: "keen forced on non", format: Keen, in: tinyNON, wantErr: `<stdin>:1:1: row 1 clue "width 3": expected a number`},
	{name: "xml ok", in: `<puzzleset><puzzle><clues type="rows"><line><count>1</count></line></clues><clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>`},
	{name: "xml no columns", in: `<puzzleset><puzzle><clues type="rows"><line><count>1</count></line></clues></puzzle></puzzleset>`,
		wantErr: `<stdin>: no <clues type="columns">`},
	{name: "xml colour", in: `<puzzleset><puzzle><clues type="rows"><line><count color="red">1</count></line></clues></puzzle></puzzleset>`,
		wantErr: `<stdin>: no <clues type="columns">`},
	{name: "xml three colours", in: "<puzzleset><puzzle>\n<color name=\"white\">fff</color><color name=\"black\">000</color>\n<color name=\"red\">f00</color>\n</puzzle></puzzleset>",
		wantErr: `<stdin>: no <clues type="rows">`},
	{name: "xml too long", in: `<puzzleset><puzzle><clues type="rows"><line><count>1</count></line></clues><clues type="columns"><line><count>2</count></line></clues></puzzle></puzzleset>`,
		wantErr: `<stdin>:1:104: column 1 clue "2" needs 2 cells, the column has 1`},
	{name: "xml syntax", in: "<puzzleset>\n<puzzle <<", wantErr: "<stdin>:2:1: expected attribute name in element"},
	{name: "xml eof", in: "<puzzleset>\n<puzzle>\n<title>", wantErr: "<stdin>:3:1: unexpected EOF"},
	{name: "xml count too large", in: `<puzzleset><puzzle><clues type="rows"><line><count>10001</count></line></clues></puzzle></puzzleset>`,
		wantErr: `<stdin>:1:65: count "10001": too large (a run of at most 10000 cells)`},
	{name: "xml count far too large", in: `<puzzleset><puzzle><clues type="rows"><line><count>99999999999999999999</count></line></clues></puzzle></puzzleset>`,
		wantErr: `<stdin>:1:80: count "99999999999999999999": too large (a run of at most 10000 cells)`},
	{name: "xml negative count", in: `<puzzleset><puzzle><clues type="rows"><line><count>-1</count></line></clues></puzzle></puzzleset>`,
		wantErr: `<stdin>:1:62: count "-1": expected a number`},
	{name: "xml unknown charset", in: "<?xml version=\"1.0\" encoding=\"klingon\"?>\n<puzzleset/>",
		wantErr: `<stdin>:1:41: xml: opening charset "klingon": unknown character set (want UTF-8, ISO-8859-1, windows-1252 or another IANA name)`},
	{name: "xml bad count", in: `<puzzleset><puzzle><clues type="rows"><line><count>x</count></line></clues></puzzle></puzzleset>`,
		wantErr: `<stdin>:1:61: count "x": expected a number`},
}

func TestReadErrors(t *testing.T) {
	for _, tt := range readTests {
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

// TestGivens: the givens section runs to the next key or the end of the
// input, over blank lines, and keeps every given.
func TestGivens(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []Cell
		goal string
	}{
		{in: tinyNON + "givens\n0,0\n1,2\n", want: []Cell{{0, 0}, {1, 2}}},
		{in: tinyNON + "givens\n0,0\n\n\t1 , 2 \r\ngoal \"100001\"\n", want: []Cell{{0, 0}, {1, 2}}, goal: "100001"},
		{in: tinyNON + "givens\n0,0\nauthor \"x\"\n", want: []Cell{{0, 0}}},
		{in: "givens\n1,2\n\n0,0\n" + tinyNON, want: []Cell{{1, 2}, {0, 0}}},
		{in: tinyNON + "givens\n", want: nil},
	} {
		p, err := Parse([]byte(tt.in), "<stdin>", Auto)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(p.Givens, tt.want) || p.Goal != tt.goal {
			t.Errorf("%q: givens %v goal %q, want %v %q", tt.in, p.Givens, p.Goal, tt.want, tt.goal)
		}
	}
}

// TestSharedCorpus reads every .non file of the shared collection: the
// stricter givens section must not refuse a real file. The colour ones
// read as colour puzzles whose goal meets their clues.
func TestSharedCorpus(t *testing.T) {
	var files []string
	err := filepath.WalkDir(sharedDir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".non") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Skipf("no shared puzzles in %s: %v", sharedDir, err)
	}
	colour := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(data, name, Auto)
		switch {
		case strings.Contains(name, "/colour/"):
			if err != nil || !p.IsColour() {
				t.Errorf("%s: %v, want a colour puzzle", name, err)
			} else if err := p.VerifyColours(p.GoalColours()); err != nil {
				t.Errorf("%s: goal: %v", name, err)
			}
			colour++
		case err != nil:
			t.Errorf("%v", err)
		case filepath.Base(name) == "gchq.non" && len(p.Givens) != 22:
			t.Errorf("%s: %d givens, want 22", name, len(p.Givens))
		}
	}
	t.Logf("%d files, %d colour", len(files), colour)
}

func TestDetect(t *testing.T) {
	for in, want := range map[string]Format{
		tinyNON:                       NON,
		"\n  <?xml?><puzzleset>":      XML,
		"1 2\n3\n\n2\n1\n2\n1\n":      Keen,
		"1 2\n3\n\n1\n":               Keen, // the only shape: Read says what is wrong
		"1 1\n1\n\nx\n":               Auto, // two shapes, neither reads
		"title \"x\"\n":               NON,
		tinyKeen:                      Keen,
		tinyG:                         G,
		"text\ntitle \"t\"\n" + tinyG: G,
		tinyMK:                        MK,
		tinyNIN:                       NIN,
		tinyNIN + "\n\n":              NIN,
		tinyCWD:                       CWD,
		"hello\n":                     Auto,
		"1 x\n":                       Keen, // numbers, and fits no stricter format
	} {
		if got := Detect([]byte(in)); got != want {
			t.Errorf("Detect(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestFormatsAgree writes every puzzle as XML and as Keen, reads it back,
// and requires the same clues and (solved with gini) the same picture.
func TestFormatsAgree(t *testing.T) {
	for _, name := range puzzleFiles(t) {
		p := readFile(t, name)
		if len(p.Givens) > 0 {
			continue // only .non has givens
		}
		var want []bool
		for _, f := range []Format{NON, XML, Keen} {
			t.Run(filepath.Base(name)+"/"+f.String(), func(t *testing.T) {
				var buf bytes.Buffer
				if err := Write(&buf, p, f); err != nil {
					t.Fatal(err)
				}
				if got := Detect(buf.Bytes()); got != f {
					t.Errorf("Detect says %v", got)
				}
				q, err := Parse(buf.Bytes(), "converted", Auto)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(norm(q.Rows), norm(p.Rows)) || !reflect.DeepEqual(norm(q.Cols), norm(p.Cols)) {
					t.Fatalf("clues differ after a round trip through %v", f)
				}
				if f != Keen && q.Goal != p.Goal {
					t.Errorf("goal differs")
				}
				if !small[filepath.Base(name)] {
					return // same clues, same CNF: the pipeline tests solve webpbn-529.xml and .keen
				}
				pic := solveGini(t, q, Options{})
				if want == nil {
					want = pic
				} else if !reflect.DeepEqual(pic, want) {
					t.Errorf("picture differs from the .non one")
				}
			})
		}
	}
}

// norm makes empty clues comparable.
func norm(cs []Clue) []Clue {
	out := make([]Clue, len(cs))
	for i, c := range cs {
		if len(c) > 0 {
			out[i] = c
		}
	}
	return out
}

func FuzzParse(f *testing.F) {
	for _, tt := range readTests {
		f.Add([]byte(tt.in))
	}
	f.Add([]byte(tinyNON + "givens\n0,0\n1,2\ngoal \"100001\"\n"))
	f.Add([]byte(tinyNON + "givens\n0,0\n\n 1 , 2\n"))
	f.Add([]byte("givens\n1,2\n" + tinyNON + "goal \"101010\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data, "fuzz", Auto)
		if err != nil {
			checkSource(t, err, data)
			return
		}
		// What parses writes back identically, in every format.
		for _, fm := range []Format{NON, XML, Keen} {
			if fm == Keen && p.IsColour() {
				continue // Keen has no colours; FuzzParseColour checks the rest
			}
			var buf bytes.Buffer
			if err := Write(&buf, p, fm); err != nil {
				t.Fatal(err)
			}
			q, err := Parse(buf.Bytes(), "rewritten", fm)
			if err != nil {
				t.Fatalf("%v: rewritten puzzle does not parse: %v\n%s", fm, err, buf.Bytes())
			}
			if !reflect.DeepEqual(norm(q.Rows), norm(p.Rows)) || !reflect.DeepEqual(norm(q.Cols), norm(p.Cols)) {
				t.Fatalf("%v: clues differ after rewriting", fm)
			}
			// Only .non carries givens; Keen carries no goal either.
			if fm == NON && !reflect.DeepEqual(q.Givens, p.Givens) {
				t.Fatalf("NON: givens %v after rewriting, were %v\n%s", q.Givens, p.Givens, buf.Bytes())
			}
			if fm != Keen && q.Goal != p.Goal {
				t.Fatalf("%v: goal %q after rewriting, was %q\n%s", fm, q.Goal, p.Goal, buf.Bytes())
			}
			if fm == NON {
				var again bytes.Buffer
				Write(&again, q, NON)
				if !bytes.Equal(again.Bytes(), buf.Bytes()) {
					t.Fatalf("NON: second rewrite differs:\n%s\n---\n%s", buf.Bytes(), again.Bytes())
				}
			}
		}
	})
}

// TestConvertedTestdata: the XML and Keen copies of two puzzles in
// testdata/nonogram (used by the pipeline scripts) are what Write makes
// of the .non files; go test -update rewrites them.
func TestConvertedTestdata(t *testing.T) {
	for _, c := range []struct {
		from, to string
		f        Format
	}{
		{"webpbn-1.non", "webpbn-1.xml", XML},
		{"webpbn-529.non", "webpbn-529.xml", XML},
		{"webpbn-1.non", "webpbn-1.keen", Keen},
		{"webpbn-529.non", "webpbn-529.keen", Keen},
	} {
		dir := "../../testdata/nonogram/"
		p := readFile(t, dir+c.from)
		var buf bytes.Buffer
		if err := Write(&buf, p, c.f); err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(dir+c.to, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(dir + c.to)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s differs from Write(%s) (go test -update to rewrite)", c.to, c.from)
		}
	}
}

// TestReadXMLCharsets reads webpbn XML declared in other character sets
// than UTF-8: the title comes out in UTF-8.
func TestReadXMLCharsets(t *testing.T) {
	body := "<puzzleset><puzzle><title>Caf\xe9 \xa4</title><author>J\xfcrgen</author><clues type=\"rows\"><line><count>1</count></line></clues>" +
		"<clues type=\"columns\"><line><count>1</count></line></clues></puzzle></puzzleset>"
	for _, tt := range []struct{ label, title, by string }{
		{"ISO-8859-1", "Café ¤", "Jürgen"},
		{"latin1", "Café ¤", "Jürgen"},
		{"windows-1252", "Café ¤", "Jürgen"},
		{"iso-8859-15", "Café €", "Jürgen"},
	} {
		in := `<?xml version="1.0" encoding="` + tt.label + `"?>` + "\n" + body
		p, err := Read(strings.NewReader(in), "<stdin>", Auto)
		if err != nil {
			t.Errorf("%s: %v", tt.label, err)
			continue
		}
		if p.Title != tt.title || p.By != tt.by || p.Width != 1 || p.Height != 1 {
			t.Errorf("%s: title %q by %q %dx%d, want %q by %q 1x1", tt.label, p.Title, p.By, p.Width, p.Height, tt.title, tt.by)
		}
	}
}
