package moves

import (
	"bytes"
	"context"
	"errors"
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
	f, err := dimacs.Build(func(dst dimacs.Adder) (int, error) { return e.Encode(dst, cnfstyle.Style{}), nil })
	if err != nil {
		t.Fatal(err)
	}
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
		b.WriteString("v")
		for _, l := range res.Model.Lits() {
			b.WriteString(" ")
			b.WriteString(strconv.Itoa(l))
		}
		b.WriteString(" 0\n")
	}
	return b.String(), e
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
	if _, err := Decode(strings.NewReader(out), "out", nil); err == nil {
		t.Fatal("no header, no fallback: no error")
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
