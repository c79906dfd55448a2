package nonogram

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

const (
	tinyKeen = "1 1\n1\n\n1\n1\n1\n"
	tinyXML  = `<puzzleset><puzzle><clues type="rows"><line><count>1</count><count>1</count></line><line><count>1</count></line></clues>` +
		`<clues type="columns"><line><count>1</count></line><line><count>1</count></line><line><count>1</count></line></clues></puzzle></puzzleset>`
	// twoXML holds two puzzles: tiny3x2, then a 1x1.
	twoXML = "<puzzleset>\n<puzzle><clues type=\"rows\"><line><count>1</count><count>1</count></line><line><count>1</count></line></clues>\n" +
		"<clues type=\"columns\"><line><count>1</count></line><line><count>1</count></line><line><count>1</count></line></clues></puzzle>\n" +
		"  <puzzle><title>second</title><clues type=\"rows\"><line><count>1</count></line></clues>" +
		"<clues type=\"columns\"><line><count>1</count></line></clues></puzzle>\n</puzzleset>\n"
)

// TestReadFormats reads the same puzzle in every format, by the name's
// suffix, by content, and forced, and each choice's errors.
func TestReadFormats(t *testing.T) {
	want, err := Parse([]byte(tiny3x2), "tiny", NON)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, file string
		format     Format
		index      int
		in         string
		wantErr    string
	}{
		{name: "non", file: "<stdin>", in: tiny3x2},
		{name: "xml", file: "<stdin>", in: tinyXML},
		{name: "keen", file: "<stdin>", in: tinyKeen},
		{name: "g", file: "<stdin>", in: tinyG},
		{name: "mk", file: "<stdin>", in: tinyMK},
		{name: "nin", file: "<stdin>", in: tinyNIN},
		{name: "cwd", file: "<stdin>", in: tinyCWD},
		{name: "suffix mk", file: "bird.mk", in: tinyMK},
		{name: "suffix upper case", file: "T.NIN", in: tinyNIN},
		{name: "suffix keen", file: "t.keen", in: tinyKeen},
		{name: "suffix cwd", file: "dir.x/t.cwd", in: tinyCWD},
		{name: "forced over suffix", file: "t.mk", format: NIN, in: tinyNIN},
		{name: "unknown suffix", file: "t.txt", in: tinyMK},
		{name: "crlf", file: "<stdin>", in: strings.ReplaceAll(tinyMK, "\n", "\r\n")},
		{name: "index 1", file: "t.non", index: 1, in: tiny3x2},
		{name: "xml index 1", file: "t.xml", index: 1, in: twoXML},

		{name: "wrong suffix", file: "bird.non", in: tinyMK,
			wantErr: `bird.non:1:1: "2 3" is outside the rows, columns and givens sections (read as non, as its suffix says; its content reads as mk)`},
		{name: "wrong suffix, nonsense", file: "bird.mk", in: "1 2\nx\n",
			wantErr: `bird.mk:2:1: 0 row clues, height is 1: "x" is not a clue`},
		{name: "mk as nin", file: "t.nin", in: tinyMK,
			wantErr: `t.nin:4:1: 2 row clues, height is 3: "#" is not a clue (read as nin, as its suffix says; its content reads as mk)`},
		{name: "forced: no hint", file: "t.non", format: NON, in: tinyMK,
			wantErr: `t.non:1:1: "2 3" is outside the rows, columns and givens sections`},
		{name: "no format", file: "<stdin>", in: "hello\nworld\n",
			wantErr: `<stdin>:1:1: no nonogram format fits: "hello" is neither a .non key nor a clue (formats: non, xml, keen, g, mk, nin, cwd)`},
		{name: "empty", file: "<stdin>", in: " \n\n", wantErr: `<stdin>: the input is empty: no puzzle`},
		// Where two formats may fit and neither reads, the error is the
		// one of the reading that got further.
		{name: "keen or nin, neither", file: "<stdin>", in: "1 2\n3\n\n1\n",
			wantErr: `<stdin>:1:1: row 1 clue "1,2" needs 4 cells, the row has 1`},
		{name: "cwd or keen, neither", file: "<stdin>", in: "2\n3\n1\n\n1\n",
			wantErr: `<stdin>:1:1: row 1 clue "2" needs 2 cells, the row has 1`},
		{name: "keen typo", file: "<stdin>", in: "1 1\n1\n\n1\n1 x\n",
			wantErr: `<stdin>:5:3: column 2 clue "1 x": expected a number`},
		// A file of both shapes whose readings fail on one line: both
		// errors.
		{name: "nin typo", file: "<stdin>", in: "3 2\n1 1\n1\n\n1\n1\nx\n",
			wantErr: `<stdin>: fits no format it could be in: as nin, 7:1: 2 column clues, width is 3: "x" is not a clue; as keen, 7:1: column 3 clue "x": expected a number`},
		{name: "keen garbage later", file: "<stdin>", in: "1\nx\n\n1\n",
			wantErr: `<stdin>:2:1: row 2 clue "x": expected a number`},

		{name: "xml two puzzles", file: "two.xml", in: twoXML,
			wantErr: `two.xml:4:3: a second puzzle: the file holds 2 puzzles`},
		{name: "xml index past", file: "two.xml", index: 3, in: twoXML, wantErr: `two.xml: has 2 puzzles; index 3 asked`},
		{name: "xml index past one", file: "one.xml", index: 2, in: tinyXML, wantErr: `one.xml: has 1 puzzle; index 2 asked`},
		{name: "index on non", file: "t.non", index: 2, in: tiny3x2, wantErr: `t.non: a non file holds one puzzle; index 2 asked`},
		{name: "negative index", file: "t.non", index: -1, in: tiny3x2, wantErr: `puzzle index -1: want 1 or more`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ReadOptions{Format: tt.format, Index: tt.index}.Read(strings.NewReader(tt.in), tt.file)
			got := ""
			if err != nil {
				got = err.Error()
				checkSource(t, err, tt.in)
			}
			if got != tt.wantErr {
				t.Fatalf("got error  %q\nwant error %q", got, tt.wantErr)
			}
			var se *textpos.SeveralError
			if errors.As(err, &se) != strings.Contains(tt.wantErr, "a second puzzle") {
				t.Errorf("%v: textpos.SeveralError %v", err, se)
			}
			if err == nil && (!reflect.DeepEqual(norm(p.Rows), norm(want.Rows)) || !reflect.DeepEqual(norm(p.Cols), norm(want.Cols))) {
				t.Errorf("rows %v columns %v, want %v %v", p.Rows, p.Cols, want.Rows, want.Cols)
			}
		})
	}
}

// TestXMLIndex reads each puzzle of a two-puzzle set.
func TestXMLIndex(t *testing.T) {
	p, err := ReadOptions{Index: 2}.Parse([]byte(twoXML), "two.xml")
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "second" || p.Width != 1 || p.Height != 1 {
		t.Errorf("index 2: %q %dx%d, want the 1x1 \"second\"", p.Title, p.Width, p.Height)
	}
	p, err = ReadOptions{Index: 1}.Parse([]byte(twoXML), "two.xml")
	if err != nil || p.Title != "" || p.Width != 3 {
		t.Errorf("index 1: %v %q %dx%d", err, p.Title, p.Width, p.Height)
	}
}

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]Format{
		"a.non": NON, "a.XML": XML, "a.keen": Keen, "bird.g": G, "bird.mk": MK, "a.nin": NIN, "a.Cwd": CWD,
		"<stdin>": Auto, "a.txt": Auto, "a": Auto, "a.non.gz": Auto, "dir.mk/a": Auto,
	} {
		if got := FormatOf(name); got != want {
			t.Errorf("FormatOf(%q) = %v, want %v", name, got, want)
		}
	}
	for _, s := range formatNames {
		if f, err := ParseFormat(s); err != nil || f.String() != s {
			t.Errorf("ParseFormat(%q) = %v, %v", s, f, err)
		}
	}
	if _, err := ParseFormat("pbm"); err == nil || err.Error() != `unknown format "pbm" (want auto, non, xml, keen, g, mk, nin or cwd)` {
		t.Errorf("pbm: %v", err)
	}
}

// FuzzDetect: reading by content never panics, quotes the right line in
// its errors, and never picks one of two readings: when the content
// reads as a puzzle, every other format reads it as an error or as the
// same clues.
func FuzzDetect(f *testing.F) {
	for _, s := range []string{tiny3x2, tinyXML, twoXML, tinyKeen, tinyG, colourG, tinyMK, tinyNIN, tinyCWD, "1 2\n3\n\n1\n", "2\n3\n1\n\n1\n"} {
		f.Add([]byte(s))
	}
	for _, tt := range gTests {
		f.Add([]byte(tt.in))
	}
	for _, tt := range sizedTests {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data, "<stdin>", Auto)
		if err != nil {
			checkSource(t, err, data)
			return
		}
		for _, g := range []Format{NON, XML, Keen, G, MK, NIN, CWD} {
			q, err := Parse(data, "<stdin>", g)
			if err != nil {
				continue
			}
			if !reflect.DeepEqual(norm(q.Rows), norm(p.Rows)) || !reflect.DeepEqual(norm(q.Cols), norm(p.Cols)) {
				t.Fatalf("read as %v by content, and as %v to other clues:\n%q", Detect(data), g, data)
			}
		}
	})
}
