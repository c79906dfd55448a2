package nonogram

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
)

// repeatReader yields s n times without holding the copies, as a file of
// n comment lines would arrive.
type repeatReader struct {
	s   string
	n   int
	off int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:], r.s[r.off:])
		k += c
		r.off += c
		if r.off == len(r.s) {
			r.off = 0
			r.n--
		}
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// repeat returns a reader of about size bytes of s repeated.
func repeat(s string, size int) io.Reader {
	return &repeatReader{s: s, n: size/len(s) + 1}
}

// splitText is what readText made of a file before it held only what
// the readers need: every line.
func splitText(data []byte) *text {
	s := strings.TrimPrefix(string(data), "\ufeff")
	lines := strings.Split(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	t := &text{end: len(lines) + 1}
	for i, l := range lines {
		t.lines = append(t.lines, strings.TrimSuffix(l, "\r"))
		t.nums = append(t.nums, i+1)
	}
	return t
}

// readWhole reads data in format f from every line of it, as Read did
// before: the oracle of FuzzReadText.
func readWhole(data []byte, name string, f Format) (*Puzzle, error) {
	if f == Auto {
		f = FormatOf(name)
	}
	if f == XML || f == Auto && bytes.TrimLeft(data, " \t\r\n\ufeff") != nil && bytes.TrimLeft(data, " \t\r\n\ufeff")[0] == '<' {
		p, err := parseXML(bytes.NewReader(data), name, 0, nil)
		if err == nil {
			err = p.check()
		}
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	t := splitText(data)
	if f == Auto {
		p, _, err := detect(t, name, 0)
		return p, err
	}
	p, err := parseAs(t, name, f, 0)
	if err != nil {
		err = suffixHint(err, t, name, f, 0)
	}
	return p, err
}

// commented are puzzles with comments and blank lines where each format
// allows them; FuzzReadText starts from them.
var commented = []struct {
	name, in string
}{
	{"c.non", "# a comment\n\nauthor someone\n\n\n" + tinyNON + "\n# more\n\nnote nothing\n"},
	{"c.non", "width 2\nheight 2\n# why\nrows\n\n1\n# why not\ncolumns\n1\n\n"},
	{"c.non", tinyNON + "givens\n\n0,0\nlater text\n# x\ngoal \"100001\"\n"},
	{"c.non", tinyNON + "givens\n0,0\n# not a given\n"},
	{"c.g", "# comment\nfree text\n\n# again\n: rows\n1\n1\n: columns\n1\n1\n: end\nnotes\n# c\n"},
	{"c.g", "#d\n# comment\n   1:# red\n# c\n\n: rows\n1\n\n: columns\n1\n0\n"},
	{"c.g", ": rows\n1\n\n\n: columns\n1\n0\n0\n\n\n"},
	{"c.keen", "\n\n1\n1\n\n\n\n1\n1\n\n\n"},
	{"c.mk", "\n2 2\n\n1\n\n1\n\n#\n\n1\n\n1\n\n"},
	{"c.mk", "2 2\n1\n1\n#\n# again\n1\n1\n"},
	{"c.nin", "2 2\n\n\n1\n1\n\n1\n\n1\n\n"},
	{"c.cwd", "2\n\n2\n1\n1\n\n\n\n1\n1\n"},
	{"c.xml", "<?xml version=\"1.0\"?>\n<!-- c -->\n\n<puzzleset><!--\nmany\nlines\n--><puzzle>\n<clues type=\"columns\"><line><count>1</count></line>  <!-- x --> <line><count>1</count></line></clues>\n" +
		"<clues type=\"rows\"><!-- y --><line>\n<count>1</count></line><line><count>1</count></line></clues></puzzle></puzzleset>\n"},
	{"c.xml", "<puzzleset><puzzle><!-- a -- b --><clues type=\"rows\"></clues></puzzle></puzzleset>"},
	{"c.xml", "<puzzleset><puzzle><!-- open"},
	{"c.xml", "<puzzleset><puzzle><title><![CDATA[ <!-- kept --> ]]></title><!----></puzzle>\n\n\n<!-- -->\n</x>"},
}

// FuzzReadText: Read, which holds only what the readers need of a file,
// reads every input as the readers do from all of its lines: the same
// puzzle, positions included, or the same error.
func FuzzReadText(f *testing.F) {
	for _, c := range commented {
		f.Add([]byte(c.in), c.name)
	}
	for _, tt := range readTests {
		f.Add([]byte(tt.in), "p")
	}
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		for _, ln := range bytes.Split(data, []byte("\n")) {
			if len(ln) > commentKeep {
				t.Skip("a comment line this long is quoted cut (TestReadTextErrors)")
			}
		}
		for _, name := range []string{name, "p", "p.non", "p.xml", "p.keen", "p.g", "p.mk", "p.nin", "p.cwd"} {
			want, werr := readWhole(data, name, Auto)
			got, gerr := Read(bytes.NewReader(data), name, Auto)
			if fmt.Sprint(werr) != fmt.Sprint(gerr) {
				t.Fatalf("%s: error %v, reading every line %v", name, gerr, werr)
			}
			if gerr != nil {
				checkSource(t, gerr, data)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: read %+v, reading every line %+v", name, got, want)
			}
		}
	})
}

// comments returns size bytes of what the format named by name's suffix
// takes for comments: '#' and other text lines where it has them, and
// blank lines.
func comments(suffix string, size int) func() io.Reader {
	s := "\n"
	switch suffix {
	case ".g#d":
		s = "# a comment line in the colours\n\n"
	case ".non":
		s = "# a comment line, which .non ignores as an unknown key\n\nnote another\n"
	case ".g":
		s = "# a comment line, and free text\n\nfree text\n"
	case ".xml":
		s = "<!-- a comment, and blank lines -->\n\n\n"
	}
	return func() io.Reader { return repeat(s, size) }
}

// TestReadComments: comments and blank lines, however many, change
// nothing and cost next to nothing: what Read allocates does not grow
// with them.
func TestReadComments(t *testing.T) {
	small, large := 256<<10, 2<<20
	if testenv.Full() {
		large = 20 << 20 // four times over: more than MaxInput
	}
	for _, c := range []struct{ name, head, body, tail, kind string }{
		{"p.non", "", tinyNON, "", ""},
		{"p.non", "title \"t\"\n", "width 3\nheight 2\nrows\n1\n1\n", "columns\n1\n1\n0\n", ""},
		{"p.g", "", ": rows\n1\n1\n: columns\n1\n1\n0\n:\n", "", ""},
		{"p.g", "#d\n   1:# black\n", "", ": rows\n1\n1\n: columns\n1\n1\n0\n:\n", ".g#d"},
		{"p.keen", "", "1\n1\n\n", "1\n1\n0\n", ""},
		{"p.mk", "2 3\n", "1\n1\n#\n", "1\n1\n0\n", ""},
		{"p.nin", "3 2\n", "1\n1\n", "1\n1\n0\n", ""},
		{"p.cwd", "2\n3\n", "1\n1\n", "\n1\n1\n0\n", ""},
		{"p.xml", "<puzzleset><puzzle>", "<clues type=\"rows\"><line><count>1</count></line><line><count>1</count></line></clues>",
			"<clues type=\"columns\"><line><count>1</count></line><line><count>1</count></line><line></line></clues></puzzle></puzzleset>\n", ""},
	} {
		kind := c.name[strings.IndexByte(c.name, '.'):]
		if c.kind != "" {
			kind = c.kind
		}
		plain := c.head + c.body + c.tail
		want, err := Read(strings.NewReader(plain), c.name, Auto)
		if err != nil {
			t.Fatalf("%s %q: %v", c.name, plain, err)
		}
		for _, name := range []string{c.name, "<stdin>"} {
			var alloc [2]uint64
			for k, size := range []int{small, large} {
				more := comments(kind, size)
				in := io.MultiReader(more(), strings.NewReader(c.head), more(), strings.NewReader(c.body), more(), strings.NewReader(c.tail), more())
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				p, err := Read(in, name, Auto)
				runtime.ReadMemStats(&after)
				alloc[k] = after.TotalAlloc - before.TotalAlloc
				if err != nil {
					t.Fatalf("%s with %d KiB of comments: %v", name, 4*size>>10, err)
				}
				if !reflect.DeepEqual(p.Rows, want.Rows) || !reflect.DeepEqual(p.Cols, want.Cols) || p.Title != want.Title {
					t.Errorf("%s with comments: %v %v %q, want %v %v %q", name, p.Rows, p.Cols, p.Title, want.Rows, want.Cols, want.Title)
				}
			}
			if alloc[1] > alloc[0]+64<<10 {
				t.Errorf("%s: %d bytes allocated with %d KiB of comments, %d with %d KiB: want no more", name, alloc[1], 4*large>>10, alloc[0], 4*small>>10)
			}
		}
	}
}

// TestReadOverMaxInput: comments past MaxInput are read, as nono2cnf's
// manual says; held lines past it are refused at the line that passes
// it, before they are parsed.
func TestReadOverMaxInput(t *testing.T) {
	in := io.MultiReader(repeat("# comment\n", MaxInput+1), strings.NewReader(tinyNON), repeat("# comment\n\n", MaxInput+1))
	if _, err := Read(in, "p.non", NON); err != nil {
		t.Errorf("%d MiB of comments: %v", 2*MaxInput>>20, err)
	}
	if !testenv.Full() {
		return // TestReadTextLimits checks the limit with a small bound
	}
	clue := strings.Repeat("1 ", 1<<19) + "\n" // a 1 MiB clue line
	in = io.MultiReader(strings.NewReader("3 2\n"), repeat(clue, MaxInput))
	_, err := Read(in, "p.nin", Auto)
	want := "p.nin:65:1: more than 67108864 bytes of clues, givens and keys (comments and blank lines aside): a puzzle of at most 4000000 cells needs fewer"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestReadTextErrors: errors after comments and blank lines, which Read
// does not hold, name the line of the file.
func TestReadTextErrors(t *testing.T) {
	long := strings.Repeat("x", 2*commentKeep)
	for _, tt := range []struct {
		name, in, want string
		cut            bool // the line quoted is cut, as it is not when read whole
	}{
		{"p.non", "# c\n\n# c\n\nwidth x\n", `p.non:5:7: width "x": expected a number`, false},
		{"p.non", strings.Repeat("# c\n\n", 1000) + "width 2\nheight 1\nrows\n# c\n", "p.non:2004:1: 0 row clues, height is 1", false},
		{"p.non", "width 1\nheight 1\nrows\n1\ncolumns\n1\ngivens\n# c\n# d\n", `p.non:8:1: given "# c": expected a row number (a given is a 0-based row,col)`, false},
		{"p.non", "width 1\nheight 1\nrows\n1\ncolumns\n" + strings.Repeat("\n", 3*MaxSide) + "# c\n1\n", "p.non:30007:1: \"1\" is outside the rows, columns and givens sections", false},
		{"p.keen", "\n\n1\n\n\n#" + long + "\n# c\n", `p.keen:6:1: column 1 clue "#` + long[:commentKeep-1] + `": expected a number`, true},
		{"p.keen", "1\n\n" + strings.Repeat("\n", 3*MaxSide) + "1\n\n\nx\n", "p.keen:30006:1: unexpected line after the column clues", false},
		{"p.mk", "1 1\n1\n#\n\n\n# again\n# c\n1\n", `p.mk:6:1: 0 column clues, width is 1: "# again" is not a clue`, false},
		{"p.g", "# c\nfree\n\n: rows\n1\n# c\n: columns\n1\n", `p.g:6:1: row 2 clue "# c": expected a number`, false},
		{"p.g", ": rows\n" + strings.Repeat("\n", MaxSide+5) + ": columns\n1\n", "p.g:10002:1: more than 10000 lines", false},
		{"p.xml", "<puzzleset>\n<!-- a\nb\n\n-->  <puzzle><clues type=\"rows\"><line><count>x</count>", `p.xml:5:55: count "x": expected a number`, false},
		{"p.xml", "\n\n<!-- a -->" + strings.Repeat(" ", 3*xmlKeepBlanks) + "<x>\n<!--\n\n\n--></y>", "p.xml:7:1: unexpected end element </y>", false},
		{"p.xml", "<puzzleset><!-- a -- b -->", "p.xml:1:1: invalid sequence \"--\" not allowed in comments", false},
		{"p.xml", "<puzzleset>\n\n<!-- open", "p.xml:3:1: unexpected EOF", false},
		{"p.xml", "<puzzleset>\n<!-- a\n--->", "p.xml:3:1: invalid sequence \"--\" not allowed in comments", false},
		{"p.xml", "<puzzleset>\n<!---->\n<!--->", "p.xml:3:1: unexpected EOF", false},
		// encoding/xml puts the newline after a lone "<" back, and says
		// column 0 of its line 1: that is still the line of the "<".
		{"p", "\n<\n", "p:2:1: expected element name after <", false},
		{"p", "\n\n <\n", "p:3:1: expected element name after <", false},
	} {
		_, err := Read(strings.NewReader(tt.in), tt.name, Auto)
		if fmt.Sprint(err) != tt.want {
			t.Errorf("%s %.40q: got %v\nwant %s", tt.name, tt.in, err, tt.want)
		}
		if werr := func() error { _, err := readWhole([]byte(tt.in), tt.name, Auto); return err }(); fmt.Sprint(werr) != fmt.Sprint(err) && !tt.cut {
			t.Errorf("%s %.40q: reading every line: %v", tt.name, tt.in, werr)
		}
	}
}

// TestReadTextLimits: the limits on what readText holds, with small
// bounds, and their exact errors.
func TestReadTextLimits(t *testing.T) {
	for _, tt := range []struct {
		in             string
		bytes, lines   int
		want           string
		held, lastLine int
	}{
		{"1 2\n# c\n" + strings.Repeat("# comment\n", 100) + "\n\n3\n", 100, 10, "", 5, 105},
		{"1 2\n3 4\n5 6\n", 10, 10, "p:3:1: more than 10 bytes of clues, givens and keys (comments and blank lines aside): a puzzle of at most 4000000 cells needs fewer", 0, 0},
		{"1\n\n2\n\n3\n", 100, 4, "p:5:1: more than 4 lines of clues, givens and keys (comments and blank lines aside): a puzzle of at most 4000000 cells needs fewer", 0, 0},
		{"1\n" + strings.Repeat("\n", 100) + "# a\n\n\n# b\n# c\n\n\nnote\n", 1000, 1000, "", 104, 105},
		{"1\n" + strings.Repeat("\n", 3*MaxSide) + "x\n", 1 << 20, 1 << 20, "", MaxSide + 3, 3*MaxSide + 2},
	} {
		got, err := readTextMax(bufio.NewReader(strings.NewReader(tt.in)), "p", 1, tt.bytes, tt.lines)
		if fmt.Sprint(err) != tt.want && (tt.want != "" || err != nil) {
			t.Errorf("%.30q: got %v, want %s", tt.in, err, tt.want)
			continue
		}
		if err == nil && (len(got.lines) != tt.held || got.nums[len(got.nums)-1] != tt.lastLine) {
			t.Errorf("%.30q: held %d lines, the last %d; want %d, the last %d", tt.in, len(got.lines), got.nums[len(got.nums)-1], tt.held, tt.lastLine)
		}
	}
}
