package moves

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/twisty"
	"github.com/pipesat/pipesat/solver"
)

const def = `
goalState: [A, B, C, D]
turnSet:
  baseTurns:
    - {name: Row1, value: [0, 1, 0]}
    - {name: Row2, value: [2, 3, 2]}
    - {name: Col1, value: [0, 2, 0]}
    - {name: Col2, value: [1, 3, 1]}
`

// answer encodes start at depth, solves it with gini and returns the
// competition output, with the header lines as satrun forwards them when
// header is true.
func answer(t testing.TB, start string, depth int, header bool) (string, *twisty.Encoding) {
	t.Helper()
	e := encoding(t, start, depth)
	f := formula(t, e)
	res, err := solver.Gini{}.Solve(context.Background(), f, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if header {
		for _, h := range f.Pipesat() {
			b.WriteString("c " + h + "\n")
		}
	}
	b.WriteString("s " + res.Status.String() + "\n")
	if res.Status == dimacs.Sat {
		writeModel(&b, res.Model)
	}
	return b.String(), e
}

// encoding returns the encoding of state start of the puzzle def at depth.
func encoding(t testing.TB, start string, depth int) *twisty.Encoding {
	t.Helper()
	p, err := twisty.Parse(strings.NewReader(def), "l.yaml")
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.ParseState(start, "state")
	if err != nil {
		t.Fatal(err)
	}
	e, err := twisty.NewEncoding(p, st, depth)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// formula returns e's formula as the tools write it, built in memory.
func formula(t testing.TB, e *twisty.Encoding) *dimacs.Formula {
	t.Helper()
	f, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return e.Encode(dst, cnfstyle.Style{}), nil })
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// writeModel writes m as a competition "v" line.
func writeModel(w io.Writer, m dimacs.Model) {
	io.WriteString(w, "v")
	for _, l := range m.Lits() {
		io.WriteString(w, " "+strconv.Itoa(l))
	}
	io.WriteString(w, " 0\n")
}

func TestDecodeHeader(t *testing.T) {
	out, _ := answer(t, "D C A B", 4, true)
	res, err := Decode(strings.NewReader(out), "out", nil)
	if err != nil {
		t.Fatal(err)
	}
	// At most 4 turns, and odd (every turn swaps two tiles): 1 or 3.
	if res.Status != dimacs.Sat || len(res.Moves) != 3 && len(res.Moves) != 1 {
		t.Fatalf("%v %q", res.Status, res.Moves)
	}
}

func TestDecodeFallback(t *testing.T) {
	out, e := answer(t, "D C A B", 3, false)
	if _, err := Decode(strings.NewReader(out), "out", nil); err == nil || err.Error() != `out: no "c pipesat twisty" header` || !errors.Is(err, twisty.ErrNoHeader) {
		t.Fatalf("no header, no fallback: %v, want twisty.ErrNoHeader", err)
	}
	res, err := Decode(strings.NewReader(out), "out", func() (*twisty.Encoding, error) { return e, nil })
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.Moves, " "); len(res.Moves) != 3 {
		t.Fatalf("moves %q", got)
	}
	boom := errors.New("boom")
	if _, err := Decode(strings.NewReader(out), "out", func() (*twisty.Encoding, error) { return nil, boom }); err != boom {
		t.Fatalf("fallback error: %v", err)
	}
}

func TestDecodeUnsat(t *testing.T) {
	out, _ := answer(t, "D C A B", 2, true)
	res, err := Decode(strings.NewReader(out), "out", nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != dimacs.Unsat || res.Moves != nil || res.Encoding.Depth != 2 {
		t.Fatalf("%v %q", res.Status, res.Moves)
	}
}

// A model whose turns do not solve the state is an error.
func TestDecodeWrongModel(t *testing.T) {
	out, _ := answer(t, "D C A B", 3, true)
	out = strings.Replace(out, "c pipesat twisty-start D C A B", "c pipesat twisty-start C D A B", 1)
	_, err := Decode(strings.NewReader(out), "out", nil)
	if err == nil || !strings.Contains(err.Error(), "do not solve the state") {
		t.Fatalf("got %v", err)
	}
}

// What the stream says about itself: no answer, a model cut short and a
// failed solver are errors; after a failure the models there are still
// come back, for the caller to print before it exits 1.
func TestDecodeTrust(t *testing.T) {
	out, _ := answer(t, "D C A B", 3, true)
	for _, tc := range []struct{ name, in, wantErr string }{
		{"empty", "", "out:1:1: empty input: want a solver's answer"},
		{"garbage", "\x00\x01garbage\n", `out:2:1: no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`},
		{"no final 0", strings.TrimSuffix(out, " 0\n"), ""},
	} {
		want := tc.wantErr
		if tc.name == "no final 0" {
			lines := strings.Split(tc.in, "\n")
			want = "out:" + strconv.Itoa(len(lines)) + ":" + strconv.Itoa(len(lines[len(lines)-1])+1) +
				": the input ends before the final 0 of the model of line " + strconv.Itoa(len(lines)-1)
		}
		_, err := Decode(strings.NewReader(tc.in), "out", nil)
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", tc.name, err, want)
		}
	}
	failed := out + "c ERROR: cadical: signal: killed after 1 models; more may exist\n"
	res, err := Decode(strings.NewReader(failed), "out", nil)
	want := "out:" + strconv.Itoa(strings.Count(out, "\n")+1) + ":1: upstream solver failed after 1 models: cadical: signal: killed"
	if err == nil || err.Error() != want || !dimacs.AfterOutput(err) {
		t.Fatalf("got %v, want %s", err, want)
	}
	if res == nil || len(res.All) != 1 {
		t.Fatalf("got %+v", res)
	}
}

// enumeration encodes start at depth, lists every model with gini (over
// the turn variables, as satrun --all does), or at most max (max > 0, as
// satrun --max does), and returns the output as satrun writes it: the
// header, one answer per model, "c solutions N", after "c limit N
// reached..." when max stopped it.
func enumeration(t *testing.T, start string, depth, max int) string {
	t.Helper()
	e := encoding(t, start, depth)
	f := formula(t, e)
	var b strings.Builder
	for _, h := range f.Pipesat() {
		b.WriteString("c " + h + "\n")
	}
	var project []int
	for v := 1; v <= depth*(len(e.Turns)+1); v++ {
		project = append(project, v)
	}
	opts := solver.EnumOptions{Project: project, Max: max, Verify: true}
	en, err := solver.Enumerate(context.Background(), solver.Gini{}, f, opts, func(m dimacs.Model) error {
		b.WriteString("s SATISFIABLE\n")
		writeModel(&b, m)
		return nil
	})
	if err != nil || en.Rest != dimacs.Unsat && (max == 0 || en.Rest != dimacs.Sat) {
		t.Fatalf("enumeration: %+v, %v", en, err)
	}
	if en.Rest == dimacs.Sat {
		b.WriteString("c limit " + strconv.Itoa(max) + " reached; more models may exist\n")
	}
	b.WriteString("c solutions " + strconv.Itoa(en.Models) + "\n")
	return b.String()
}

// Text ends with the line every decoder ends with (dimacs.Output.Verdict):
// "unique" only after a complete enumeration, a count of several models
// ("at least" when satrun's --max stopped it), nothing after one answer.
func TestText(t *testing.T) {
	one, _ := answer(t, "B A C D", 1, true)
	unique := enumeration(t, "B A C D", 1, 0)
	several := enumeration(t, "D C A B", 3, 0)
	n := strings.Count(several, "s SATISFIABLE")
	if n < 2 {
		t.Fatalf("D C A B at depth 3: %d models, want several", n)
	}
	limited := enumeration(t, "D C A B", 3, 2)
	twice := one
	for _, l := range strings.SplitAfter(one, "\n") {
		if strings.HasPrefix(l, "s ") || strings.HasPrefix(l, "v ") {
			twice += l
		}
	}
	for _, tc := range []struct {
		name, in string
		lengths  int
		verdict  string
	}{
		{"one answer", one, 1, ""},
		{"unique", unique, 1, "c unique solution\n"},
		{"several", several, n, "c not unique: " + strconv.Itoa(n) + " solutions\n"},
		{"limited", limited, 2, "c not unique: at least 2 solutions\n"},
		{"twice", twice, 1, "c solution 2 repeats solution 1: counted once\n"},
	} {
		res, err := Decode(strings.NewReader(tc.in), "out", nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := res.Text()
		if res.Verdict != tc.verdict || !strings.HasSuffix(got, tc.verdict) || strings.Count(got, "c length ") != tc.lengths {
			t.Errorf("%s: Text() = %q, want %d models and verdict %q", tc.name, got, tc.lengths, tc.verdict)
		}
	}
	res, err := Decode(strings.NewReader(unique), "out", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.Text(), "c length 1\nRow1\nc unique solution\n"; got != want {
		t.Errorf("unique: Text() = %q, want %q", got, want)
	}
}
