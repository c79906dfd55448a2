package zebra

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
	"github.com/pipesat/pipesat/textpos"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// encode returns what Encode writes, as zebra2cnf writes it (the text)
// and in memory (the formula): enctest.CNF checks they agree.
func encode(t testing.TB, p *Puzzle, st cnfstyle.Style) ([]byte, *dimacs.Formula) {
	t.Helper()
	return enctest.CNF(t, func(dst dimacs.Adder) (int, error) { return Encode(dst, p, st), nil })
}

// formula returns p encoded as zebra2cnf does by default (every variable
// named), in memory.
func formula(t testing.TB, p *Puzzle) *dimacs.Formula {
	t.Helper()
	_, f := encode(t, p, cnfstyle.Style{Names: cnfstyle.All})
	return f
}

// solveAll returns the models of f, blocking each on the primary variables
// 1..primary, up to limit of them.
func solveAll(f *dimacs.Formula, primary, limit int) []dimacs.Model {
	g := gini.New()
	for i := 0; i < f.NumClauses(); i++ {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	var out []dimacs.Model
	for len(out) < limit && g.Solve() == 1 {
		m := dimacs.NewModel(f.Vars)
		for v := 1; v <= f.Vars; v++ {
			if g.Value(z.Dimacs2Lit(v)) {
				m.Set(v)
			} else {
				m.Set(-v)
			}
		}
		for v := 1; v <= primary; v++ {
			if m[v] > 0 {
				g.Add(z.Dimacs2Lit(-v))
			} else {
				g.Add(z.Dimacs2Lit(v))
			}
		}
		g.Add(0)
		out = append(out, m)
	}
	return out
}

func readPuzzle(t *testing.T, path string) *Puzzle {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(bytes.NewReader(b), path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solutions encodes p and returns its distinct solutions (up to limit),
// each checked against the CNF and against the clues.
func solutions(t *testing.T, p *Puzzle, limit int) []*Solution {
	t.Helper()
	f := formula(t, p)
	var out []*Solution
	for _, m := range solveAll(f, p.Primary(), limit) {
		if err := f.Check(m); err != nil {
			t.Fatal(err)
		}
		s, err := FromModel(p, m)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(p); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func TestEinstein(t *testing.T) {
	p := readPuzzle(t, "../../testdata/zebra/einstein.txt")
	sols := solutions(t, p, 10)
	if len(sols) != 1 {
		t.Fatalf("%d solutions, want 1", len(sols))
	}
	if len(p.Questions) != 1 {
		t.Fatalf("%d questions, want 1", len(p.Questions))
	}
	s := sols[0]
	if got := s.Answer(p, p.Questions[0]); got != "German" {
		t.Errorf("fish: %s, want German", got)
	}
	german := s.House(p, 4)
	if got := p.Value(s.Houses[german-1][1]); got != "green" {
		t.Errorf("the German's house is %s, want green", got)
	}
}

func TestLife1962(t *testing.T) {
	p := readPuzzle(t, "../../testdata/zebra/life1962.txt")
	sols := solutions(t, p, 10)
	if len(sols) != 1 || bruteForce(p) != 1 {
		t.Fatalf("%d solutions, want 1", len(sols))
	}
	var got []string
	for _, q := range p.Questions {
		got = append(got, p.Value(q.Value)+": "+sols[0].Answer(p, q))
	}
	if fmt.Sprint(got) != "[water: Norwegian zebra: Japanese]" {
		t.Errorf("answers %v", got)
	}
}

func BenchmarkEncodeEinstein(b *testing.B) {
	src, err := os.ReadFile("../../testdata/zebra/einstein.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		p, err := ParseString(string(src), "einstein.txt")
		if err != nil {
			b.Fatal(err)
		}
		Encode(&dimacs.Formula{}, p, cnfstyle.Style{Names: cnfstyle.All})
	}
}

// bruteForce counts the solutions of p by trying every permutation of
// every attribute, checking each clue as soon as its values are placed: an
// oracle that shares nothing with the encoding but Holds.
func bruteForce(p *Puzzle) int {
	s := &Solution{Houses: make([][]int, p.N)}
	for h := range s.Houses {
		s.Houses[h] = make([]int, len(p.Attrs))
	}
	var perms [][]int
	var gen func(cur []int, used int)
	gen = func(cur []int, used int) {
		if len(cur) == p.N {
			perms = append(perms, append([]int(nil), cur...))
			return
		}
		for k := 0; k < p.N; k++ {
			if used&(1<<k) == 0 {
				gen(append(cur, k), used|1<<k)
			}
		}
	}
	gen(nil, 0)
	count := 0
	var place func(a int)
	place = func(a int) {
		if a == len(p.Attrs) {
			count++
			return
		}
		for _, perm := range perms {
			for h, k := range perm {
				s.Houses[h][a] = a*p.N + k
			}
			ok := true
			for _, c := range p.Clues {
				last := c.A / p.N
				if c.Rel != At {
					last = max(last, c.B/p.N)
				}
				if last == a && !s.Holds(p, c) {
					ok = false
					break
				}
			}
			if ok {
				place(a + 1)
			}
		}
	}
	place(0)
	return count
}

// TestEinsteinMissingClue removes each clue in turn and compares the number
// of solutions with the brute-force count: every clue but the last is
// needed for uniqueness (clue 15 follows from the others).
func TestEinsteinMissingClue(t *testing.T) {
	p := readPuzzle(t, "../../testdata/zebra/einstein.txt")
	if n := bruteForce(p); n != 1 {
		t.Fatalf("brute force finds %d solutions, want 1", n)
	}
	all := p.Clues
	want := []int{6, 2, 2, 8, 4, 4, 7, 4, 17, 2, 2, 3, 4, 12, 1}
	for i := range all {
		p.Clues = append(append([]Clue(nil), all[:i]...), all[i+1:]...)
		got := len(solutions(t, p, 100))
		if oracle := bruteForce(p); got != oracle || got != want[i] {
			t.Errorf("without clue %d (%s): SAT finds %d solutions, brute force %d, want %d", i+1, p.ClueString(all[i]), got, oracle, want[i])
		}
	}
}

func TestEinsteinNo2(t *testing.T) {
	p := readPuzzle(t, "../../testdata/zebra/einstein-no2.txt")
	sols := solutions(t, p, 10)
	if len(sols) != 2 {
		t.Fatalf("%d solutions, want 2", len(sols))
	}
	var answers []string
	for _, s := range sols {
		answers = append(answers, s.Answer(p, p.Questions[0]))
	}
	slices.Sort(answers)
	if fmt.Sprint(answers) != "[German Swede]" {
		t.Errorf("fish: %v, want [German Swede]", answers)
	}
}

// TestRelations checks every relation, negated or not, on small puzzles
// against the brute-force count.
func TestRelations(t *testing.T) {
	head := "n: A B C D\nc: w x y z\n"
	for _, clue := range []string{
		"same A x", "left-of A x", "right-of A x", "next-to A x", "at 2 A",
		"not same A x", "not left-of A x", "not right-of A x", "not next-to A x", "not at 2 A",
		"left-of A B", "next-to A B\nnext-to B C\nnext-to C D", "right-of A A", "same A A",
		"not same w x", "same A x\nleft-of x y\nright-of z y\nnext-to A D",
		"before A x", "after A x", "not before A x", "not after A x", "before A B\nbefore B C\nafter D C",
		"before A A", "not after A A",
	} {
		p, err := ParseString(head+clue+"\n", "t")
		if err != nil {
			t.Fatal(err)
		}
		got := len(solutions(t, p, 1000))
		if want := bruteForce(p); got != want {
			t.Errorf("%q: SAT finds %d solutions, brute force %d", clue, got, want)
		}
	}
	// One house: left-of is impossible, same and next-to are what they are.
	for clue, want := range map[string]int{"left-of a b": 0, "same a b": 1, "next-to a b": 0, "not next-to a b": 1, "before a b": 0, "not after a b": 1} {
		p, err := ParseString("x: a\ny: b\n"+clue+"\n", "t")
		if err != nil {
			t.Fatal(err)
		}
		if got := len(solutions(t, p, 10)); got != want || bruteForce(p) != want {
			t.Errorf("one house, %q: %d solutions, want %d", clue, got, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	head := "colour: red green\nnat: Brit Dane\n"
	tests := []struct {
		name, in, wantErr string
	}{
		{"empty", "# nothing\n", `p.txt:1:1: no attributes: a puzzle starts with lines like "colour: red green blue"`},
		{"wrong count", "colour: red green\npet: dog\n", `p.txt:2:4: attribute "pet" has 1 values, want 2 like "colour"`},
		{"too many", "colour: red green\npet: dog cat fish\n", `p.txt:2:14: attribute "pet" has 3 values, want 2 like "colour"`},
		{"unknown value", head + "same Brit blue\n", `p.txt:3:11: unknown value "blue"`},
		{"unknown relation", head + "sme Brit red\n", `p.txt:3:1: unknown relation "sme": want same, left-of, right-of, next-to, before, after or at (or "name: values" for an attribute)`},
		{"arity", head + "  same Brit\n", `p.txt:3:3: "same" takes 2 values, got 1`},
		{"at arity", head + "at 1\n", `p.txt:3:1: "at" takes a house number and a value, got 1 arguments`},
		{"house range", head + "at 3 red\n", `p.txt:3:4: house "3": want a number from 1 to 2`},
		{"house word", head + "at first red\n", `p.txt:3:4: house "first": want a number from 1 to 2`},
		{"dup value", "colour: red green\nnat: red Dane\n", `p.txt:2:6: value "red" is already defined at 1:9`},
		{"dup attr", "colour: red green\ncolour: a b\n", `p.txt:2:1: attribute "colour" is already defined at 1:1`},
		{"no values", "colour:\n", `p.txt:1:7: attribute "colour" has no values`},
		{"two words", "eye colour: a b\n", `p.txt:1:5: expected ":" after "eye", got "colour"`},
		{"no attr name", ": a b\n", `p.txt:1:1: expected an attribute name before ":"`},
		{"bad name", "colour: red gr$en\n", `p.txt:1:15: "gr$en" is not a name: names start with a letter or "_" and hold letters, digits, "_", "-", "'" or "."`},
		{"bad clue name", head + "same Brit 1red\n", `p.txt:3:11: "1red" is not a name: names start with a letter or "_" and hold letters, digits, "_", "-", "'" or "."`},
		{"not alone", head + "not\n", `p.txt:3:4: expected a relation after "not"`},
		{"who unknown", head + "who: fish\n", `p.txt:3:6: unknown value "fish"`},
		{"who attr", head + "who: red size\n", `p.txt:3:10: unknown attribute "size"`},
		{"who empty", head + "who:\n", `p.txt:3:1: a question is "who: VALUE [ATTRIBUTE]"`},
		{"column counts bytes", "färg: röd grön\nnat: a b\nsame röd blå\n", `p.txt:3:11: unknown value "blå"`},
		{"bad utf8", "colour: red \xff\n", `p.txt:1:1: invalid UTF-8`},
		{"too many houses", "n:" + strings.Repeat(" v", 33) + "\n", `p.txt:1:68: attribute "n" has 33 values, more than 32`},
		{"too many attributes", manyAttrs(33), `p.txt:33:1: more than 32 attributes`},
		{"too many clues", head + strings.Repeat("same Brit red\n", MaxClues+1), `p.txt:10003:1: more than 10000 clues`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseString(tt.in, "p.txt")
			if err == nil || err.Error() != tt.wantErr {
				t.Fatalf("got error %v\nwant      %s", err, tt.wantErr)
			}
		})
	}
}

func manyAttrs(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "a%d: x%d y%d\n", i, i, i)
	}
	return b.String()
}

func TestReadPuzzleLines(t *testing.T) {
	p := readPuzzle(t, "../../testdata/zebra/einstein.txt")
	q, err := ReadPuzzleLines(formula(t, p).Pipesat())
	if err != nil {
		t.Fatal(err)
	}
	if q.String() != p.String() {
		t.Errorf("puzzle from header:\n%s\nwant:\n%s", q, p)
	}
	if q, err := ReadPuzzleLines([]string{"pipesat primary 1-3"}); q != nil || err != nil {
		t.Errorf("no zebra header: got %v, %v", q, err)
	}
}

func TestGolden(t *testing.T) {
	p := readPuzzle(t, "../../testdata/zebra/einstein.txt")
	text, _ := encode(t, p, cnfstyle.Style{Names: cnfstyle.All})
	got := bytes.NewBuffer(text)
	golden := "../../testdata/zebra/einstein.cnf"
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("output differs from %s; run go test -update and compare", golden)
	}
	if !strings.Contains(got.String(), "c varname 1 Brit@1\n") {
		t.Error("variable 1 is not named Brit@1")
	}
}

func FuzzParse(f *testing.F) {
	b, err := os.ReadFile("../../testdata/zebra/einstein.txt")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(b))
	for _, s := range []string{"a: x y\nb: u v\nnot next-to x u\nwho: x b\n", "colour: red green\npet: dog\n", "a: x\nat 1 x\n", "a:b c\nb:d e\nleft-of b d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := ParseString(src, "fuzz")
		if err != nil {
			if _, ok := err.(*textpos.Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			checkSource(t, err, src)
			return
		}
		out := p.String()
		q, err := ParseString(out, "again")
		if err != nil {
			t.Fatalf("written form %q does not parse: %v", out, err)
		}
		if q.String() != out {
			t.Fatalf("written twice differs:\n%q\n%q", out, q.String())
		}
		if p.N <= 3 && len(p.Attrs) <= 3 {
			formula(t, p)
		}
	})
}

// TestReadPuzzleLinesErrors checks that each error names its header line (an
// index into the lines) and, inside the puzzle's text, the column there.
func TestReadPuzzleLinesErrors(t *testing.T) {
	tests := []struct {
		lines    []string
		idx, col int
		want     string
	}{
		{[]string{"pipesat tool x", "pipesat zebra two 1"}, 1, 0,
			`bad header line "c pipesat zebra two 1": want "c pipesat zebra HOUSES ATTRIBUTES"`},
		{[]string{"pipesat zebra 2 1"}, 0, 0, `"c pipesat zebra" header without the puzzle's "c pipesat zebra-text" lines`},
		{[]string{"pipesat zebra 3 1", "pipesat zebra-text a: x y"}, 0, 0, "header says 3 houses and 1 attributes, its puzzle has 2 and 1"},
		{[]string{"pipesat zebra-text a: x y", "pipesat primary 1-4", "pipesat zebra-text same x z"}, 2, 27,
			`the puzzle in the header: unknown value "z"`},
	}
	for _, tt := range tests {
		_, err := ReadPuzzleLines(tt.lines)
		var he *dimacs.PipesatLineError
		if !errors.As(err, &he) || he.Index != tt.idx || he.Col != tt.col || err.Error() != tt.want {
			t.Errorf("ReadPuzzleLines(%q) = %v (%+v), want line %d col %d %q", tt.lines, err, he, tt.idx, tt.col, tt.want)
		}
	}
}

// TestLongComments: Einstein's puzzle with 2 MiB of comments, on one line
// and on many, reads as the puzzle without them (issue 33.6: the input
// was refused over 1 MiB, comments included).
func TestLongComments(t *testing.T) {
	b, err := os.ReadFile("../../testdata/zebra/einstein.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := ParseString(string(b), "e.txt")
	if err != nil {
		t.Fatal(err)
	}
	long := "# " + strings.Repeat("x", 2<<20) + "\n"
	many := strings.Repeat("   # a comment line\n", (2<<20)/20)
	for _, tc := range []struct{ before, after string }{{long, ""}, {many, ""}, {"", "# last" + long}} {
		got, err := Parse(strings.NewReader(tc.before+string(b)+tc.after), "e.txt")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Count(tc.before, "\n")
		if len(got.Clues) != len(want.Clues) || got.Clues[0].Line != want.Clues[0].Line+lines {
			t.Errorf("%d clues, the first on line %d; want %d, on line %d", len(got.Clues), got.Clues[0].Line, len(want.Clues), want.Clues[0].Line+lines)
		}
		if sols := solutions(t, got, 10); len(sols) != 1 {
			t.Errorf("%d solutions, want 1", len(sols))
		}
	}
}
