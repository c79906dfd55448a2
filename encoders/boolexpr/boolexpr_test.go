package boolexpr

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
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

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in, wantErr string
	}{
		{"trailing op", "a &", `<stdin>:1:4: expected a name, a constant or "(", got end of input`},
		{"op then newline ok but eof", "a &\n", `<stdin>:2:1: expected a name, a constant or "(", got end of input`},
		{"unclosed", "(a | b", `<stdin>:1:7: expected ")" to close "(" at 1:1, got end of input`},
		{"unclosed multiline", "(a |\n b\n", `<stdin>:3:1: expected ")" to close "(" at 1:1, got end of input`},
		{"extra paren", "a | b)", `<stdin>:1:6: unmatched ")"`},
		{"two names", "a b", `<stdin>:1:3: expected an operator or end of formula, got "b"`},
		{"bad char", "a $ b", `<stdin>:1:3: unexpected character '$'`},
		{"digit name", "2x | y", `<stdin>:1:1: names start with a letter or "_"`},
		{"binary as unary", "& a", `<stdin>:1:1: expected a name, a constant or "(", got "&"`},
		{"line break ends formula", "a\n& b", `<stdin>:2:1: expected a name, a constant or "(", got "&"`},
		{"semicolon", "a | ; b", `<stdin>:1:5: expected a name, a constant or "(", got ";"`},
		{"empty parens", "()", `<stdin>:1:2: expected a name, a constant or "(", got ")"`},
		{"column counts bytes", "¬a ∧ ∧ b", `<stdin>:1:9: expected a name, a constant or "(", got "∧"`},
		{"comment", "a # ok\nb |# not ok\n)", `<stdin>:3:1: expected a name, a constant or "(", got ")"`},
		{"bad utf8", "a | \xff", `<stdin>:1:5: invalid UTF-8`},
		{"deep parens", strings.Repeat("(", MaxDepth+1) + "a", `<stdin>:1:10001: parentheses nested deeper than 10000`},
		{"long not run", strings.Repeat("!", MaxDepth+1) + "a", `<stdin>:1:10001: formula nested deeper than 10000`},
		{"long implication", strings.Repeat("a -> ", MaxDepth+1) + "a", `<stdin>:1:50003: formula nested deeper than 10000`},
		{"mixed nesting", strings.Repeat("!(a <-> ", MaxDepth/2+1) + "a", `<stdin>:1:40001: formula nested deeper than 10000`},
		{"empty", "", `<stdin>: no formula`},
		{"only comments", "# nothing\n\n  \n", `<stdin>: no formula`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseString(tt.in, "<stdin>")
			if err == nil || err.Error() != tt.wantErr {
				t.Fatalf("got error %v\nwant      %s", err, tt.wantErr)
			}
		})
	}
}

func TestParsePrecedence(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a | b & !c -> d", "a | b & !c -> d"},
		{"(a | (b & (!c))) -> d", "a | b & !c -> d"},
		{"a -> b -> c", "a -> b -> c"},
		{"(a -> b) -> c", "(a -> b) -> c"},
		{"a <-> b <-> c", "a <-> b <-> c"},
		{"a <-> (b <-> c)", "a <-> (b <-> c)"},
		{"a ^ b & c | d", "a ^ b & c | d"},
		{"(a | b) & c", "(a | b) & c"},
		{"(a & b) & c", "(a & b) & c"},
		{"a /\\ b \\/ ~c", "a & b | !c"},
		{"¬a ∧ b ∨ c → d ↔ e ⊕ f", "!a & b | c -> d <-> e ^ f"},
		{"!!a && b || 0", "!!a & b | false"},
		{"x.1 | y@2 | _z", "x.1 | y@2 | _z"},
		{"a;b\nc", "a\nb\nc"},
		{"(a\n|\nb)", "a | b"},
		{"a |\n b", "a | b"},
		{"a <=> b => c", "a <-> b -> c"},
	}
	for _, tt := range tests {
		f, err := ParseString(tt.in, "t")
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		got := strings.TrimSuffix(f.String(), "\n")
		if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTableErrors(t *testing.T) {
	tests := []struct {
		name, in, wantErr string
	}{
		{"row first", "1 0\n", `<stdin>:1:1: row before any header line of variable names`},
		{"short row", "a b c\n1 0\n", `<stdin>:2:1: row has 2 cells, want 3 (a b c)`},
		{"long row", "a b\n 1 0 1\n", `<stdin>:2:6: row has more than 2 cells (a b)`},
		{"bad cell", "a b\n1x\n", `<stdin>:2:2: unexpected 'x' in a row: cells are 0, 1 or -`},
		{"no rows", "a b\n# nothing\nc\n1\n", `<stdin>:1:1: table "a b" has no rows`},
		{"no rows at end", "a\n1\nb c\n", `<stdin>:3:1: table "b c" has no rows`},
		{"dup name", "a b a\n", `<stdin>:1:5: "a" appears twice in the header`},
		{"bad name", "a b$\n", `<stdin>:1:4: "b$" is not a name: names start with a letter or "_"`},
		{"empty", "", `<stdin>: no table`},
		{"only comments", "# nothing\n\n", `<stdin>: no table`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseTablesString(tt.in, "<stdin>")
			if err == nil || err.Error() != tt.wantErr {
				t.Fatalf("got error %v\nwant      %s", err, tt.wantErr)
			}
		})
	}
}

// encode returns what Encode writes, as bool2cnf writes it (the text) and
// in memory (the formula): enctest.CNF checks they agree.
func encode(t testing.TB, file *File, opts Options) ([]byte, *dimacs.Formula) {
	t.Helper()
	return enctest.CNF(t, func(dst dimacs.Adder) (int, error) { return Encode(dst, file, opts), nil })
}

// encodeTables is encode for EncodeTables.
func encodeTables(t testing.TB, ts *Tables, st cnfstyle.Style) ([]byte, *dimacs.Formula) {
	t.Helper()
	return enctest.CNF(t, func(dst dimacs.Adder) (int, error) { return EncodeTables(dst, ts, st), nil })
}

// solveAll returns every assignment of variables 1..primary that extends to
// a model of f, found with gini by blocking each one in turn.
func solveAll(t testing.TB, f *dimacs.Formula, primary int) [][]bool {
	g := gini.New()
	for i := 0; i < f.NumClauses(); i++ {
		for _, l := range f.Clause(i) {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	var out [][]bool
	for g.Solve() == 1 {
		m := make([]bool, primary)
		for v := 1; v <= primary; v++ {
			m[v-1] = g.Value(z.Dimacs2Lit(v))
			if m[v-1] {
				g.Add(z.Dimacs2Lit(-v))
			} else {
				g.Add(z.Dimacs2Lit(v))
			}
		}
		g.Add(0)
		out = append(out, m)
		if len(out) > 1<<12 {
			if t != nil {
				t.Fatal("too many models")
			}
			break
		}
	}
	return out
}

// countAll counts the models of f over all its variables.
func countAll(f *dimacs.Formula) int {
	ff := &dimacs.Formula{}
	for i := 0; i < f.NumClauses(); i++ {
		for _, l := range f.Clause(i) {
			ff.Add(int(l))
		}
		ff.Add(0)
	}
	ff.Vars = f.Vars
	return len(solveAll(nil, ff, f.Vars))
}

var formulas = []string{
	"(a & b & !c) | (a & !b)",
	"a",
	"!a",
	"a | b",
	"a & b; !a | !b",
	"a -> b -> c",
	"(a -> b) -> c",
	"a <-> b <-> c",
	"(a <-> b) <-> c",
	"a <-> (b <-> c) <-> !d",
	"a <-> 1 <-> b <-> 0 <-> c <-> 0",
	"a <-> 0 <-> b",
	"1 <-> 0 <-> 0",
	"0 <-> 0 <-> 0",
	"a ^ b ^ c ^ d",
	"!(a ^ b) & (c <-> !d)",
	"!(a | b) | c",
	"!(a & b & c)",
	"!(a -> b)",
	"(a | b) & (a | !b) & (!a | b) & (!a | !b)",
	"a | true",
	"a & false",
	"true",
	"false",
	"0 -> a",
	"(a <-> 1) ^ (b <-> 0) ^ 1",
	"((a & b) | (a & b)) -> !(a & b) | c",
	"(a | b) <-> (c & (d -> e))",
	"!(!(a | b) & (c ^ (d & !e)))",
	"(a & b) ^ (b | c) ^ (a -> c)",
}

// TestEncodeMatchesEval checks, for every assignment of the inputs, that the
// CNF has a model extending it exactly when the formula is true, with and
// without polarity; and that plain Tseitin has exactly one model per
// satisfying assignment.
func TestEncodeMatchesEval(t *testing.T) {
	for _, src := range formulas {
		file, err := ParseString(src, "t")
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		n := len(file.Vars)
		want := map[string]bool{}
		for bits := 0; bits < 1<<n; bits++ {
			val := map[string]bool{}
			for i, name := range file.Vars {
				val[name] = bits>>i&1 == 1
			}
			ok := true
			for _, x := range file.Formulas {
				ok = ok && Eval(x, val)
			}
			if ok {
				want[key(bits, n)] = true
			}
		}
		for _, pg := range []bool{false, true} {
			_, f := encode(t, file, Options{Polarity: pg})
			got := map[string]bool{}
			for _, m := range solveAll(t, f, n) {
				bits := 0
				for i, b := range m {
					if b {
						bits |= 1 << i
					}
				}
				got[key(bits, n)] = true
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q polarity=%v: models %v, want %v", src, pg, got, want)
			}
			if !pg {
				if c := countAll(f); c != len(want) {
					t.Errorf("%q: %d models over all variables, want %d (auxiliaries not functional)", src, c, len(want))
				}
			}
		}
	}
}

func key(bits, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0' + byte(bits>>i&1)
	}
	return string(b)
}

func TestTablesMatchEval(t *testing.T) {
	src := "a b c\n110\n10-\n# second table\nc d\n1 1\n0 0\n"
	ts, err := ParseTablesString(src, "t")
	if err != nil {
		t.Fatal(err)
	}
	_, f := encodeTables(t, ts, cnfstyle.Style{})
	n := len(ts.Vars)
	got := 0
	for _, m := range solveAll(t, f, n) {
		val := map[string]bool{}
		for i, name := range ts.Vars {
			val[name] = m[i]
		}
		if !EvalTables(ts, val) {
			t.Errorf("model %v violates the tables", val)
		}
		got++
	}
	// a b c d: 1100, 1000, 1011 (c=1 forces d=1; c=0 forces d=0).
	if got != 3 {
		t.Errorf("got %d models, want 3", got)
	}
	if c := countAll(f); c != 3 {
		t.Errorf("got %d models over all variables, want 3", c)
	}
}

// TestGolden encodes testdata/bool/*.bool (formulas), *.dnf (tables) and
// compares with the .cnf next to them; -update rewrites them.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/bool/*.bool")
	dnfs, _ := filepath.Glob("../../testdata/bool/*.dnf")
	files = append(files, dnfs...)
	if len(files) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, in := range files {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		var text []byte
		if strings.HasSuffix(in, ".dnf") {
			ts, err := ParseTables(bytes.NewReader(src), in)
			if err != nil {
				t.Fatal(err)
			}
			text, _ = encodeTables(t, ts, cnfstyle.Style{})
		} else {
			file, err := Parse(bytes.NewReader(src), in)
			if err != nil {
				t.Fatal(err)
			}
			text, _ = encode(t, file, Options{Polarity: strings.Contains(in, "polarity")})
		}
		got := bytes.NewBuffer(text)
		golden := strings.TrimSuffix(in, filepath.Ext(in)) + ".cnf"
		if *update {
			if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: output differs from %s:\n%s", in, golden, got.Bytes())
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range formulas {
		f.Add(s)
	}
	for _, s := range []string{"a &", "(a | b", "a b", "a\n& b", "¬a ∧ ∧ b", "x.1 | y@2", "a;b\nc", "(a\n|\nb)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := ParseString(src, "fuzz")
		if err != nil {
			if _, ok := err.(*textpos.Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			checkSource(t, err, src)
			return
		}
		out := file.String()
		file2, err := ParseString(out, "again")
		if err != nil {
			t.Fatalf("written form %q does not parse: %v", out, err)
		}
		if out2 := file2.String(); out2 != out {
			t.Fatalf("written twice differs:\n%q\n%q", out, out2)
		}
		if len(file.Vars) <= 4 && len(file.Formulas) <= 4 {
			encode(t, file, Options{})
		}
	})
}

func FuzzParseTables(f *testing.F) {
	for _, s := range []string{"a b c\n110\n10-\n", "a b\n1 0\nc\n1\n", "1 0\n", "a b a\n", "a\n1x\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ts, err := ParseTablesString(src, "fuzz")
		if err != nil {
			if _, ok := err.(*textpos.Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			checkSource(t, err, src)
			return
		}
		out := ts.String()
		ts2, err := ParseTablesString(out, "again")
		if err != nil {
			t.Fatalf("written form %q does not parse: %v", out, err)
		}
		if out2 := ts2.String(); out2 != out {
			t.Fatalf("written twice differs:\n%q\n%q", out, out2)
		}
	})
}

// TestLongChain: a flat chain of 100,000 equivalences nests nothing (one
// node of 100,000 arguments), prints back as it was written, and encodes
// in 99,999 auxiliaries whose models make the chain true; a chain of
// implications that long nests, and is refused (issue 33.6).
func TestLongChain(t *testing.T) {
	const n = 100000
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("x%d", i)
	}
	src := strings.Join(names, " <-> ")
	file, err := ParseString(src, "chain.bool")
	if err != nil {
		t.Fatal(err)
	}
	x := file.Formulas[0]
	if x.Op != OpIff || len(x.Args) != n || x.String() != src {
		t.Fatalf("parsed as %v of %d arguments", x.Op, len(x.Args))
	}
	_, f := encode(t, file, Options{})
	if f.Vars != 2*n-1 || f.NumClauses() != 4*(n-1)+1 {
		t.Errorf("%d variables, %d clauses; want %d and %d", f.Vars, f.NumClauses(), 2*n-1, 4*(n-1)+1)
	}
	models := solveAll(t, f, 3) // x0, x1, x2: each extends (the rest is free)
	if len(models) != 8 {
		t.Errorf("%d assignments of x0..x2 extend to a model; want all 8", len(models))
	}
	_, err = ParseString(strings.Repeat("a -> ", n)+"a", "chain.bool")
	if want := "chain.bool:1:50003: formula nested deeper than 10000"; fmt.Sprint(err) != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestLongComments: 65 MiB of comments, on one line and on many, cost
// next to nothing (what an error's caret line shows of each) and count for
// nothing against MaxInput; formulas that long do
// (issue 33.6). The input is made up as it is read.
func TestLongComments(t *testing.T) {
	const size = MaxInput + 1<<20
	for _, tc := range []struct {
		name string
		r    func() io.Reader
		want string
	}{
		{"one comment line", func() io.Reader {
			return io.MultiReader(strings.NewReader("a & # "), repeat("x", size), strings.NewReader("\n!b\n"))
		}, "a & !b"},
		{"many comment lines", func() io.Reader {
			return io.MultiReader(strings.NewReader("a <->\n"), repeat("  # a comment line of 4 KiB "+strings.Repeat("x", 4067)+"\n", size), strings.NewReader("b # last"))
		}, "a <-> b"},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		file, err := Parse(tc.r(), "c.bool")
		runtime.ReadMemStats(&after)
		if err != nil || file.String() != tc.want+"\n" {
			t.Errorf("%s: got %v, %v; want %s", tc.name, file, err, tc.want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
			t.Errorf("%s: %d MiB of comments allocated %d bytes; want under 16 MiB", tc.name, size>>20, got)
		}
	}
	_, err := Parse(io.MultiReader(strings.NewReader("a | "), repeat("b | ", MaxInput), strings.NewReader("c")), "big.bool")
	if want := "big.bool: input larger than 67108864 bytes, comments aside"; fmt.Sprint(err) != want {
		t.Errorf("got %v, want %s", err, want)
	}
	_, err = ParseTables(io.MultiReader(strings.NewReader("a b\n"), repeat("11 # a comment\n", size)), "t.tab")
	if err != nil {
		t.Errorf("tables: %v", err)
	}
}

// repeat returns a reader of s repeated to about size bytes.
func repeat(s string, size int) io.Reader {
	chunk := strings.Repeat(s, max(1, (64<<10)/len(s)))
	readers := make([]io.Reader, size/len(chunk))
	for i := range readers {
		readers[i] = strings.NewReader(chunk)
	}
	return io.MultiReader(readers...)
}
