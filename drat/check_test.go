package drat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

func readFormula(t testing.TB, cnf string) *dimacs.Formula {
	t.Helper()
	f, err := dimacs.Read(strings.NewReader(cnf), "test.cnf", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// editLines returns the lines of text with line i (from 1) replaced by
// repl, or removed when repl is "".
func editLine(text string, i int, repl string) string {
	lines := strings.SplitAfter(text, "\n")
	if repl == "" {
		lines = append(lines[:i-1], lines[i:]...)
	} else {
		lines[i-1] = repl + "\n"
	}
	return strings.Join(lines, "")
}

// toBinary converts a text proof to binary DRAT.
func toBinary(t testing.TB, text string) string {
	t.Helper()
	rd := NewReader(strings.NewReader(text), "text", Text)
	var buf []byte
	for {
		s, err := rd.Next()
		if err != nil {
			if err.Error() == "EOF" {
				return string(buf)
			}
			t.Fatal(err)
		}
		buf = AppendStep(buf, Binary, s)
	}
}

// ratLater refutes (1 2) (-1 2) (1 -2) but for its second lemma, which
// is neither RUP nor RAT (see TestCheck).
const ratLater = "-3 -1 0\n3 -2 0\n-1 -2 0\nd -3 -1 0\n2 0\n0\n"

func TestCheck(t *testing.T) {
	php := readFile(t, "testdata/php-5-4.cnf")
	proof := readFile(t, "testdata/php-5-4.drat")
	// (1 2) (-1 3): satisfiable. "-2 -1" is not RUP but RAT on -2 (its
	// one resolvent, with (1 2), is a tautology); "-2" is neither.
	small := "p cnf 3 2\n1 2 0\n-1 3 0\n"
	// All four clauses over 1 and 2, refuted through an extension
	// variable 5 <-> 1 & 2 whose definition is added as RAT lemmas.
	four := "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n"
	// The formula of issue 20, point 4: V or 1, V or -1, -V or 2, -V or -2.
	big := "p cnf 16777300 4\n16777300 1 0\n16777300 -1 0\n-16777300 2 0\n-16777300 -2 0\n"
	// Each case runs backward (the default) and forward. want and
	// wantErr hold for both, but for Checked (forward: every lemma) and
	// where wantBack or backErr say otherwise: backward, a proof that
	// never refutes the formula fails at its end, its lemmas unchecked.
	tests := []struct {
		name, cnf, proof string
		format           Format
		want, wantBack   Result
		wantErr, backErr string
	}{
		{name: "cadical text", cnf: php, proof: proof,
			want: Result{Steps: 51, Lemmas: 40, Deletions: 11}},
		{name: "cadical binary", cnf: php, proof: toBinary(t, proof),
			want: Result{Binary: true, Steps: 51, Lemmas: 40, Deletions: 11}},
		{name: "binary forced", cnf: php, proof: toBinary(t, proof), format: Binary,
			want: Result{Binary: true, Steps: 51, Lemmas: 40, Deletions: 11}},
		{name: "step removed", cnf: php, proof: editLine(proof, 6, ""),
			wantErr: `proof: step 6 at offset 70: lemma "-14 -20 0" is neither RUP nor RAT on -14`},
		{name: "step removed binary", cnf: php, proof: toBinary(t, editLine(proof, 6, "")),
			wantErr: `proof: step 6 at offset 24: lemma "-14 -20 0" is neither RUP nor RAT on -14`},
		{name: "literal flipped", cnf: php, proof: editLine(proof, 13, "20 0"),
			wantErr: `proof: step 13 at offset 155: lemma "20 0" is neither RUP nor RAT on 20`},
		{name: "not RUP", cnf: php, proof: "1 2 0\n" + proof,
			wantErr: `proof: step 1 at offset 0: lemma "1 2 0" is neither RUP nor RAT on 1`},
		{name: "empty clause too early", cnf: php, proof: "0\n",
			wantErr: `proof: step 1 at offset 0: the empty clause does not follow by unit propagation (not RUP)`},
		{name: "empty proof", cnf: php, proof: "",
			wantErr: `proof: at offset 0: the proof ends after 0 steps without deriving the empty clause`},
		{name: "proof of a satisfiable formula", cnf: small, proof: "c bogus\n0\n",
			wantErr: `proof: step 1 at offset 8: the empty clause does not follow by unit propagation (not RUP)`},
		{name: "RAT valid", cnf: small, proof: "-2 -1 0\n",
			wantErr: `proof: at offset 8: the proof ends after 1 steps without deriving the empty clause`},
		{name: "RAT invalid", cnf: small, proof: "-2 0\n",
			wantErr: `proof: step 1 at offset 0: lemma "-2 0" is neither RUP nor RAT on -2`,
			backErr: `proof: at offset 5: the proof ends after 1 steps without deriving the empty clause`},
		{name: "extension variable", cnf: small, proof: "5 -1 -2 0\n-5 1 0\n-5 2 0\n",
			want:     Result{Steps: 3, Lemmas: 3, RAT: 3},
			wantBack: Result{Steps: 3, Lemmas: 3},
			wantErr:  `proof: at offset 24: the proof ends after 3 steps without deriving the empty clause`},
		{name: "extension pivot first", cnf: small, proof: "5 -1 0\n",
			want:     Result{Steps: 1, Lemmas: 1, RAT: 1},
			wantBack: Result{Steps: 1, Lemmas: 1},
			wantErr:  `proof: at offset 7: the proof ends after 1 steps without deriving the empty clause`},
		{name: "extension pivot wrong", cnf: small, proof: "-1 5 0\n",
			wantErr: `proof: step 1 at offset 0: lemma "-1 5 0" is neither RUP nor RAT on -1`,
			backErr: `proof: at offset 7: the proof ends after 1 steps without deriving the empty clause`},
		// A refutation through the extension variable 5: "-5 1" is RAT
		// (no clause holds 5), and the backward check needs it.
		{name: "extension refutation", cnf: four, proof: "-5 1 0\n-5 2 0\n5 -1 -2 0\n5 0\n0\n",
			want: Result{Steps: 4, Lemmas: 4, RAT: 1}},
		// "3 -2" is not RAT on 3: its resolvent with "-3 -1", deleted only
		// later, is not RUP; 3 is in no clause of the formula, then in
		// one (the RAT check's candidates are found both ways, see
		// Checker.occurrences).
		{name: "RAT candidate deleted later", cnf: "p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n", proof: ratLater,
			wantErr: `proof: step 2 at offset 8: lemma "3 -2 0" is neither RUP nor RAT on 3`},
		{name: "RAT candidate deleted later, formula variable", cnf: "p cnf 3 4\n1 2 0\n-1 2 0\n1 -2 0\n-3 1 2 0\n", proof: ratLater,
			wantErr: `proof: step 2 at offset 8: lemma "3 -2 0" is neither RUP nor RAT on 3`},
		{name: "RAT candidate deleted before", cnf: "p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n", proof: "-3 -1 0\nd -3 -1 0\n3 -2 0\n",
			want:     Result{Steps: 3, Lemmas: 2, Deletions: 1, RAT: 2},
			wantBack: Result{Steps: 3, Lemmas: 2, Deletions: 1},
			wantErr:  `proof: at offset 25: the proof ends after 3 steps without deriving the empty clause`},
		{name: "trivial", cnf: "p cnf 1 2\n1 0\n-1 0\n", proof: "garbage is never read",
			want: Result{Trivial: true}},
		{name: "reason deletion ignored", cnf: "p cnf 5 7\n1 0\n-1 2 0\n-2 3 0\n-3 4 5 0\n-3 4 -5 0\n-3 -4 5 0\n-3 -4 -5 0\n",
			proof: "d -1 2 0\nd 1 0\n4 0\n0\n",
			want:  Result{Steps: 3, Lemmas: 1, IgnoredUnits: 2}},
		{name: "missing deletion", cnf: four, proof: "d 1 2 3 0\n2 0\n",
			want: Result{Steps: 2, Lemmas: 1, Missing: 1}},
		{name: "deletion then lemma needs it", cnf: four, proof: "d 1 2 0\n2 0\n",
			wantErr: `proof: step 2 at offset 8: lemma "2 0" is neither RUP nor RAT on 2`},
		{name: "garbage text", cnf: php, proof: "-19 -20 0\nhello 0\n",
			wantErr: `proof: step 2 at offset 10: "hello" at offset 10: expected a literal`},
		{name: "garbage binary", cnf: php, proof: "a\x27\x29\x00x\x01",
			wantErr: `proof: step 2 at offset 4: byte 0x78: expected 'a' (0x61) or 'd' (0x64) starting a binary step`},
		{name: "truncated binary", cnf: php, proof: toBinary(t, proof)[:20],
			wantErr: `proof: step 5 at offset 19: truncated: the file ends inside the step (at offset 20) before its 0 byte`},
		{name: "truncated text", cnf: php, proof: "-19 -20 0\n-13 -1",
			wantErr: `proof: step 2 at offset 10: truncated: the file ends inside the step (at offset 16) before its 0`},
		{name: "minus zero", cnf: php, proof: "1 -0\n",
			wantErr: `proof: step 1 at offset 0: "-0" at offset 2 is not a literal`},
		{name: "huge variable", cnf: php, proof: "1 99999999999 0\n",
			wantErr: `proof: step 1 at offset 0: literal at offset 2: variable above the limit 2147483647`},
		{name: "huge binary literal", cnf: php, proof: "a\xff\xff\xff\xff\x7f\x00",
			wantErr: `proof: step 1 at offset 0: literal at offset 1: variable 17179869183 is above the limit 2147483647`},
		{name: "overlong binary literal", cnf: php, proof: "a\xff\xff\xff\xff\xff\x01\x00",
			wantErr: `proof: step 1 at offset 0: literal at offset 1 is longer than 5 bytes`},
		{name: "variable far above the formula's", cnf: php, proof: "-19 -20 0\n-1 -2 1048597 0\n",
			wantErr: `proof: step 2 at offset 10: variable 1048597 is more than 1048576 above the formula's 20`},
		{name: "extension variable at the limit", cnf: small, proof: "1048579 0\n",
			wantErr: `proof: at offset 10: the proof ends after 1 steps without deriving the empty clause`},
		// Issue 20: variables above 2^24 (the reader's old limit), as
		// dimacs reads them up to 2^28; the proof's extension variable
		// is at the formula's count plus ExtraVars.
		{name: "variable above 2^24", cnf: big, proof: "16777300 0\n0\n",
			want: Result{Steps: 1, Lemmas: 1}},
		{name: "variable above 2^24 binary", cnf: big, proof: toBinary(t, "16777300 0\n0\n"),
			want: Result{Binary: true, Steps: 1, Lemmas: 1}},
		{name: "extension variable of a big formula", cnf: big, proof: "17825876 0\n16777300 0\n0\n",
			want: Result{Steps: 2, Lemmas: 2, RAT: 1}, wantBack: Result{Steps: 2, Lemmas: 2}},
		{name: "extension variable above a big formula's", cnf: big, proof: "-17825877 16777300 0\n",
			wantErr: `proof: step 1 at offset 0: variable 17825877 is more than 1048576 above the formula's 16777300`},
		{name: "d without blank", cnf: php, proof: "d1 0\n",
			wantErr: `proof: step 1 at offset 0: '1' after "d": expected a blank`},
		{name: "picosat header", cnf: small, proof: "%RUPD32 3 2     \n-2 -1 0\n",
			wantErr: `proof: at offset 25: the proof ends after 1 steps without deriving the empty clause`},
	}
	for _, tt := range tests {
		// tier 1: backward with the recent tier one step long (see
		// Checker.owatches); lrat: backward with LRAT output, which must
		// verify (verifyLRAT).
		for _, mode := range []struct{ forward, tier, lrat bool }{{false, false, false}, {true, false, false}, {false, true, false}, {false, false, true}} {
			forward := mode.forward
			t.Run(fmt.Sprintf("%s/forward=%v/tier=%v/lrat=%v", tt.name, forward, mode.tier, mode.lrat), func(t *testing.T) {
				c := FromFormula(readFormula(t, tt.cnf))
				c.Forward = forward
				if mode.tier {
					c.tierSteps = 1
				}
				var lrat strings.Builder
				if mode.lrat {
					c.LRAT = &lrat
				}
				got, err := c.Check(context.Background(), strings.NewReader(tt.proof), "proof", tt.format)
				if mode.lrat && err == nil {
					verifyLRAT(t, tt.cnf, lrat.String())
				}
				want, wantErr := tt.want, tt.wantErr
				if !forward && tt.wantBack != (Result{}) {
					want = tt.wantBack
				}
				if !forward && tt.backErr != "" {
					wantErr = tt.backErr
				}
				checkResult(t, got, err, want, wantErr, forward)
			})
		}
	}
}

// checkResult compares a check's result and error with the wanted ones;
// Checked must be every lemma forward, at most every lemma backward, and
// some lemma for a refutation that needs any.
func checkResult(t *testing.T, got Result, err error, want Result, wantErr string, forward bool) {
	t.Helper()
	checked := got.Checked
	got.Checked = 0
	if want != (Result{}) && got != want {
		t.Errorf("result %+v, want %+v", got, want)
	}
	switch {
	case forward && err == nil && checked != got.Lemmas:
		t.Errorf("forward: %d lemmas checked of %d", checked, got.Lemmas)
	case !forward && (checked > got.Lemmas || err == nil && got.Lemmas > 0 && checked == 0):
		t.Errorf("backward: %d lemmas checked of %d", checked, got.Lemmas)
	}
	{
		{
			if wantErr != "" {
				var e *Error
				if err == nil || err.Error() != wantErr || !errors.As(err, &e) {
					t.Fatalf("err = %v, want %s", err, wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
		}
	}
}

// TestTablesFollowVariablesSeen: a formula whose header and largest
// variable say 2^28 but which names three variables costs three
// variables' room, in the checker as in its tables.
func TestTablesFollowVariablesSeen(t *testing.T) {
	const v = 1 << 28
	c := New(v)
	c.AddClause([]int32{v, 1})
	c.AddClause([]int32{v, -1})
	c.AddClause([]int32{-v, 2})
	c.AddClause([]int32{-v, -2})
	if len(c.vals) > 64 || len(c.watches) > 64 || len(c.intern.dense) > 2*denseSlack || len(c.ext) != 4 {
		t.Errorf("tables of %d literals, %d watch lists, %d dense variables, %d known: want room for 3 variables",
			len(c.vals), len(c.watches), len(c.intern.dense), len(c.ext)-1)
	}
	res, err := c.Check(context.Background(), strings.NewReader(fmt.Sprintf("%d 0\n0\n", v)), "p", Text)
	if err != nil || res.Lemmas != 1 {
		t.Errorf("got %+v, %v; want 1 lemma verified", res, err)
	}
}

// TestCheckCanceled checks that a canceled context stops a long check.
func TestCheckCanceled(t *testing.T) {
	var proof bytes.Buffer
	for range 5000 {
		proof.WriteString("1 2 0\n")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Check(ctx, readFormula(t, "p cnf 2 1\n1 2 0\n"), &proof, "p", Text)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestRandomProofsRejectFalseLemmas: a RUP lemma follows from the formula,
// so on random formulas with a planted model a lemma the model falsifies
// must never pass the RUP check.
func TestRandomProofsRejectFalseLemmas(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		const n = 12
		model := make([]bool, n+1)
		for v := 1; v <= n; v++ {
			model[v] = r.IntN(2) == 0
		}
		var f dimacs.Formula
		f.Vars = n
		for range 40 {
			// a random 3-clause the model satisfies
			for {
				var cl []int
				sat := false
				for range 3 {
					v := 1 + r.IntN(n)
					l := v
					if r.IntN(2) == 0 {
						l = -v
					}
					cl = append(cl, l)
					if (l > 0) == model[v] {
						sat = true
					}
				}
				if sat {
					f.AddClause(cl...)
					break
				}
			}
		}
		// A lemma the model falsifies, whose pivot is not an extension.
		var lemma []int32
		for range 1 + r.IntN(3) {
			v := 1 + r.IntN(n)
			l := int32(v)
			if model[v] {
				l = -l
			}
			lemma = append(lemma, l)
		}
		c := FromFormula(&f)
		top := len(c.trail)
		ls := c.norm(lemma)
		if c.rup(ls) {
			t.Fatalf("lemma %v falsified by the model accepted as RUP", lemma)
		}
		c.backtrack(top)
	}
}

// TestCompaction checks proofs with the arena compacted after every
// deletion that leaves it half garbage: the same results, the same errors.
func TestCompaction(t *testing.T) {
	defer func(n int) { compactMin = n }(compactMin)
	compactMin = 0
	php := readFile(t, "testdata/php-5-4.cnf")
	proof := readFile(t, "testdata/php-5-4.drat")
	forward := func(f *dimacs.Formula, proof string) (Result, error) {
		c := FromFormula(f)
		c.Forward = true
		return c.Check(context.Background(), strings.NewReader(proof), "proof", Auto)
	}
	got, err := forward(readFormula(t, php), proof)
	if want := (Result{Steps: 51, Lemmas: 40, Checked: 40, Deletions: 11}); err != nil || got != want {
		t.Errorf("got %+v, %v; want %+v", got, err, want)
	}
	_, err = forward(readFormula(t, php), editLine(proof, 6, ""))
	if want := `proof: step 6 at offset 70: lemma "-14 -20 0" is neither RUP nor RAT on -14`; err == nil || err.Error() != want {
		t.Errorf("step removed: %v, want %s", err, want)
	}
	f := pigeons(6)
	p, code, _ := solve(t, "cadical", f, false)
	if code != 20 {
		t.Fatalf("cadical says %d", code)
	}
	r, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	c := FromFormula(f)
	c.Forward = true
	if _, err := c.Check(context.Background(), r, p, Auto); err != nil || c.compactions == 0 {
		t.Errorf("err %v after %d compactions; want none after some", err, c.compactions)
	}
}

// TestLongLines: a 1 MB comment line and a lemma of 150000 literals (about
// 1 MB) read like short ones: the reader has no line limit.
func TestLongLines(t *testing.T) {
	var b strings.Builder
	b.WriteString("c " + strings.Repeat("x", 1<<20) + "\n")
	b.WriteString("1 2")
	for v := 4; v < 150002; v++ {
		b.WriteString(" " + strconv.Itoa(v))
	}
	b.WriteString(" 0\n")
	proof := b.String()
	got, err := Check(context.Background(), readFormula(t, "p cnf 3 2\n1 2 0\n-1 3 0\n"), strings.NewReader(proof), "p", Auto)
	want := fmt.Sprintf("p: at offset %d: the proof ends after 1 steps without deriving the empty clause", len(proof))
	if err == nil || err.Error() != want || got.Lemmas != 1 {
		t.Fatalf("got %+v, %v; want 1 lemma and %s", got, err, want)
	}
}

// onlyReader hides a reader's Seek.
type onlyReader struct{ r *strings.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// TestBackwardErrorUnseekable: a backward check that fails on a proof it
// cannot read again names the step, without its offset and literals.
func TestBackwardErrorUnseekable(t *testing.T) {
	php := readFormula(t, readFile(t, "testdata/php-5-4.cnf"))
	proof := editLine(readFile(t, "testdata/php-5-4.drat"), 6, "")
	_, err := Check(context.Background(), php, onlyReader{strings.NewReader(proof)}, "proof", Auto)
	if want := "proof: step 6: lemma is neither RUP nor RAT"; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}
