package drat

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// tinyLRAT checks lrat against f with testenv.CheckLRAT, the tests' own
// LRAT checker.
func tinyLRAT(f *dimacs.Formula, lrat string) error {
	return testenv.CheckLRAT(testenv.Clauses(f), lrat)
}

// cnfText returns f in DIMACS.
func cnfText(f *dimacs.Formula) string {
	var b strings.Builder
	f.WriteTo(&b)
	return b.String()
}

// verifyLRAT checks the LRAT output lrat against the formula cnf with
// testenv.VerifyLRAT: this package's reader, which must find no hint
// satisfied already, testenv.CheckLRAT, and lrat-check where installed
// (testenv.LRATCheckPath: $PIPESAT_LRAT_CHECK or lrat-check on PATH).
func verifyLRAT(t testing.TB, cnf, lrat string) {
	t.Helper()
	err := testenv.VerifyLRAT(cnf, lrat, func(cnf, lrat string) (int, error) {
		res, err := Check(context.Background(), readFormula(t, cnf), strings.NewReader(lrat), "lrat", LRAT)
		return res.Satisfied, err
	})
	if err != nil {
		t.Fatalf("the LRAT output does not verify: %v\n%s", err, lrat)
	}
}

// TestLRATWriter checks the LRAT output of hand-written DRAT proofs
// exactly, and that it verifies (verifyLRAT) against the formula, or the
// larger one its clause IDs number. Where a lemma's literal is false at
// the top level, or, in a RAT check, a candidate's literal is false, the
// LRAT check takes it as assumed: the reason of its negation is no hint
// (it would be satisfied already).
func TestLRATWriter(t *testing.T) {
	// -1 at the top level; "1 2" is RUP by 2 and 3 (under -1 -2), then
	// 2 at the top level refutes 4 and 5.
	topFalse := "p cnf 4 5\n-1 0\n1 2 3 0\n1 2 -3 0\n-2 4 0\n-2 -4 0\n"
	// "4" is RAT (no clause holds 4): the one candidate, clause 4, gives
	// the resolvent "1 2", refuted by 2 and 3 with 1 false at the top
	// level; then 4 and -1 give 2, which refutes 5 and 6.
	ratFalse := "p cnf 6 6\n-1 0\n1 2 3 0\n1 2 -3 0\n-4 1 2 0\n-2 6 0\n-2 -6 0\n"
	// fourCNF's clauses among others, at IDs 2, 5, 6 and 9 of nine;
	// the output deletes the others first. Below, ratFalse with a clause
	// holding -4 added as ID 4: deleted first, it is no RAT candidate.
	nine := "p cnf 3 9\n3 0\n1 2 0\n-3 1 0\n3 -1 0\n-1 2 0\n1 -2 0\n2 3 0\n1 3 0\n-1 -2 0\n"
	for _, tt := range []struct {
		name, cnf, proof string
		ids              []int64
		input            string // the formula the IDs number, if not cnf
		want             string
	}{
		{name: "lemma literal false at the top level", cnf: topFalse, proof: "1 2 0\n0\n",
			want: "6 1 2 0 2 3 0\n7 0 1 6 4 5 0\n"},
		{name: "RAT candidate literal false at the top level", cnf: ratFalse, proof: "4 0\n",
			want: "7 4 0 -4 2 3 0\n8 0 1 7 4 5 6 0\n"},
		{name: "IDs of a larger formula", cnf: fourCNF, proof: "2 0\n0\n", ids: []int64{2, 5, 6, 9}, input: nine,
			want: "9 d 1 3 4 7 8 0\n10 2 0 2 5 0\n11 0 10 6 9 0\n"},
		{name: "IDs of a larger formula, RAT", cnf: ratFalse, proof: "4 0\n", ids: []int64{1, 2, 3, 5, 6, 7}, input: strings.Replace(ratFalse, "p cnf 6 6\n-1 0\n1 2 3 0\n1 2 -3 0\n", "p cnf 6 7\n-1 0\n1 2 3 0\n1 2 -3 0\n-4 1 2 3 0\n", 1),
			want: "7 d 4 0\n8 4 0 -5 2 3 0\n9 0 1 8 5 6 7 0\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			c := FromFormula(readFormula(t, tt.cnf))
			c.LRAT, c.LRATIDs = &out, tt.ids
			if _, err := c.Check(context.Background(), strings.NewReader(tt.proof), "p", Text); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("LRAT\n%s\nwant\n%s", out.String(), tt.want)
			}
			verifyLRAT(t, cmp.Or(tt.input, tt.cnf), out.String())
		})
	}
}

// TestLRATOutput checks cadical's proofs backward with LRAT output: the
// LRAT file passes verifyLRAT, and fails tinyLRAT and the package's own
// LRAT check once a hint is changed.
func TestLRATOutput(t *testing.T) {
	formulas := map[string]*dimacs.Formula{
		"php-6-5": pigeons(5),
		"rand-1":  random3SAT(1, 50, 300),
		"small":   readFormula(t, readFile(t, "testdata/php-5-4.cnf")),
	}
	for name, f := range formulas {
		for _, text := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/text=%v", name, text), func(t *testing.T) {
				proof, code, _ := solve(t, "cadical", f, text)
				if code != 20 {
					t.Fatalf("cadical says %d", code)
				}
				var out bytes.Buffer
				c := FromFormula(f)
				c.LRAT = &out
				pr, err := os.Open(proof)
				if err != nil {
					t.Fatal(err)
				}
				defer pr.Close()
				if _, err := c.Check(context.Background(), pr, proof, Auto); err != nil {
					t.Fatal(err)
				}
				lrat := out.String()
				verifyLRAT(t, cnfText(f), lrat)
				for i := range 3 {
					bad := testenv.ChangeHint(lrat, i)
					if bad == lrat {
						continue
					}
					if err := tinyLRAT(f, bad); err == nil {
						t.Errorf("tinyLRAT accepts the LRAT with a hint of lemma %d from the end changed", i)
					}
					if _, err := Check(context.Background(), f, strings.NewReader(bad), "lrat", LRAT); err == nil {
						t.Errorf("LRAT check accepts a hint of lemma %d from the end changed", i)
					}
				}
			})
		}
	}
}

// TestLRATTrivial: a formula refuted by unit propagation gets a one-line
// LRAT proof, the empty clause with the propagation's hints.
func TestLRATTrivial(t *testing.T) {
	for _, tt := range []struct{ cnf, want string }{
		{"p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", "4 0 1 2 3 0\n"},
		{"p cnf 1 2\n1 0\n-1 0\n", "3 0 1 2 0\n"},
		{"p cnf 1 2\n1 0\n0\n", "3 0 2 0\n"},
	} {
		f := readFormula(t, tt.cnf)
		var out bytes.Buffer
		c := FromFormula(f)
		c.LRAT = &out
		if res, err := c.Check(context.Background(), strings.NewReader(""), "p", Auto); err != nil || !res.Trivial {
			t.Fatalf("%q: %+v, %v", tt.cnf, res, err)
		}
		if out.String() != tt.want {
			t.Errorf("%q: LRAT %q, want %q", tt.cnf, out.String(), tt.want)
		}
		verifyLRAT(t, tt.cnf, out.String())
	}
}

// fourCNF holds the four clauses over 1 and 2, (1 2) (-1 2) (1 -2) (-1
// -2), IDs 1 to 4: "2" follows by 1 and 2, then the empty clause.
const fourCNF = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n"

// TestLRAT checks LRAT proofs with exact results and errors, against
// fourCNF unless a case names another formula. The accepted cases follow the
// style of lrat-trim's check suite (test/check: hints satisfied already,
// gaps in IDs, tautologies, duplicate literals, deletions), the rejected
// ones that of its fail suite (test/fail: an ID not above the last, a
// deletion of a clause never added or deleted twice, a hint not unit).
func TestLRAT(t *testing.T) {
	// Unit propagation refutes it (-2, then 1, then -1 2 is false): the
	// proof is checked all the same.
	upRefuted := "p cnf 2 3\n1 2 0\n-1 2 0\n-2 0\n"
	// The empty clause, ID 2, refutes it.
	withEmpty := "p cnf 1 3\n1 0\n0\n-1 0\n"
	// A tautology and duplicate literals among the formula's clauses.
	dups := "p cnf 2 5\n1 2 1 2 0\n-1 2 -1 0\n1 -2 0\n-1 -2 -2 0\n-2 2 1 0\n"
	for _, tt := range []struct {
		name, cnf, proof string
		want             Result
		wantErr          string
	}{
		{name: "text", proof: "5 2 0 1 2 0\n6 0 5 3 4 0\n", want: Result{Steps: 2, Lemmas: 2, Checked: 2}},
		{name: "comments and deletions", proof: "c x\n5 2 0 1 2 0\n5 d 1 2 0\n6 0 5 3 4 0\n", want: Result{Steps: 3, Lemmas: 2, Checked: 2, Deletions: 2}},
		{name: "binary", proof: "a\x0a\x04\x00\x02\x04\x00a\x0c\x00\x0a\x06\x08\x00", want: Result{Binary: true, Steps: 2, Lemmas: 2, Checked: 2}},
		{name: "binary deletion", proof: "a\x0a\x04\x00\x02\x04\x00d\x02\x00a\x0c\x00\x0a\x06\x08\x00", want: Result{Binary: true, Steps: 3, Lemmas: 2, Checked: 2, Deletions: 1}},
		// Hint 1 again, once 1 is true; hint 4 (-1 -2), satisfied by the
		// lemma's negation (2 false) once 1 is true: both redundant.
		{name: "hints satisfied already", proof: "5 2 0 1 1 4 2 0\n6 0 5 3 4 0\n",
			want: Result{Steps: 2, Lemmas: 2, Checked: 2, Satisfied: 2}},
		{name: "gaps in IDs", proof: "7 2 0 1 2 0\n10 d 1 2 0\n100 -2 0 3 4 0\n1000 0 7 100 0\n",
			want: Result{Steps: 4, Lemmas: 3, Checked: 3, Deletions: 2}},
		// A tautology is true without hints; the hints it has must name
		// clauses. Hint 5, the tautology, is never unit: a hint with two
		// literals not false.
		{name: "tautology", proof: "5 1 -1 0 0\n6 2 -2 1 0 3 4 0\n7 2 0 1 2 0\n8 0 7 3 4 0\n",
			want: Result{Steps: 4, Lemmas: 4, Checked: 4}},
		{name: "tautology with a missing hint", proof: "5 1 -1 0 9 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "1 -1 0": hint 9: no clause 9 yet (the last ID is 4)`},
		{name: "tautology as a hint", proof: "5 1 -1 0 0\n6 2 0 5 1 2 0\n",
			wantErr: `lrat: step 2 at offset 11: lemma 6 "2 0": hint 5 (1 of 3): 2 literals unassigned, not unit`},
		{name: "duplicate literals", cnf: dups, proof: "6 2 2 2 0 1 2 0\n6 d 1 2 0\n7 -2 -2 0 3 4 0\n8 0 6 7 0\n",
			want: Result{Steps: 4, Lemmas: 3, Checked: 3, Deletions: 2}},
		{name: "formula refuted by propagation", cnf: upRefuted, proof: "4 0 3 1 2 0\n",
			want: Result{Steps: 1, Lemmas: 1, Checked: 1}},
		{name: "formula refuted by propagation, proof wrong", cnf: upRefuted, proof: "4 2 0 3 1 2 0\n5 0 1 2 3 0\n",
			wantErr: `lrat: step 2 at offset 14: lemma 5 "0": hint 1 (1 of 3): 2 literals unassigned, not unit`},
		{name: "formula refuted by propagation, no proof", cnf: upRefuted, proof: "",
			wantErr: `lrat: at offset 0: the proof ends after 0 lines without deriving the empty clause`},
		{name: "empty clause in the formula", cnf: withEmpty, proof: "", want: Result{Trivial: true}},
		{name: "empty clause as a hint", cnf: withEmpty, proof: "4 0 2 0\n", want: Result{Steps: 1, Lemmas: 1, Checked: 1}},
		{name: "empty clause in the formula, proof wrong", cnf: withEmpty, proof: "4 -1 0 1 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 4 "-1 0": the 1 hints end without a conflict`},
		{name: "hint not unit", proof: "5 0 1 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "0": hint 1 (1 of 1): 2 literals unassigned, not unit`},
		{name: "no conflict", proof: "5 2 0 1 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "2 0": the 1 hints end without a conflict`},
		// Hint 3 (1 -2) is satisfied twice, by 1 and by -2: not unit
		// (neither lrat-check nor lrat-trim takes it).
		{name: "satisfied hint not unit", proof: "5 2 0 1 3 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "2 0": hint 3 (2 of 2): 2 literals not false, 2 of them true: not unit`},
		{name: "satisfied hint with a literal unassigned", proof: "5 -1 0 1 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "-1 0": hint 1 (1 of 1): 2 literals not false, 1 of them true: not unit`},
		{name: "unknown hint", proof: "5 2 0 9 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "2 0": hint 9: no clause 9 yet (the last ID is 4)`},
		{name: "own ID as a hint", proof: "5 2 0 1 5 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "2 0": hint 5: no clause 5 yet (the last ID is 4)`},
		{name: "deleted hint", proof: "5 d 1 0\n5 2 0 1 2 0\n",
			wantErr: `lrat: step 2 at offset 8: lemma 5 "2 0": hint 1: clause 1 is deleted`},
		{name: "deleted lemma as a hint", proof: "5 2 0 1 2 0\n5 d 5 0\n6 0 5 3 4 0\n",
			wantErr: `lrat: step 3 at offset 20: lemma 6 "0": hint 5: clause 5 is deleted`},
		{name: "skipped ID as a hint", proof: "7 2 0 1 2 0\n8 0 6 3 4 0\n",
			wantErr: `lrat: step 2 at offset 12: lemma 8 "0": hint 6: clause 6 is deleted or was never added`},
		{name: "deletion of a clause not added yet", proof: "6 d 5 0\n",
			wantErr: `lrat: step 1 at offset 0: deletion of clause 5: no clause 5 yet (the last ID is 4)`},
		{name: "deletion twice", proof: "5 2 0 1 2 0\n5 d 1 2 0\n6 -2 0 3 4 0\n6 d 3 4 1 0\n7 0 5 6 0\n",
			wantErr: `lrat: step 4 at offset 35: deletion of clause 1: clause 1 is deleted`},
		{name: "deletion of a skipped ID", proof: "6 2 0 1 2 0\n6 d 5 0\n",
			wantErr: `lrat: step 2 at offset 12: deletion of clause 5: clause 5 is deleted or was never added`},
		// RAT hints: -5 and 5 are in no clause of the formula, so "-5 1"
		// and "-5 2" are RAT with no candidate; "5 -1 -2" resolves
		// with both into tautologies, "5" into "1" and "2", each RUP.
		{name: "RAT", proof: "5 -5 1 0 0\n6 -5 2 0 0\n7 5 -1 -2 0 -5 -6 0\n8 5 0 -5 1 3 -6 1 2 0\n9 0 8 5 6 4 0\n",
			want: Result{Steps: 5, Lemmas: 5, Checked: 5, RAT: 4}},
		// The same with a hint satisfied already in a RAT group: 1 again.
		{name: "RAT, hint satisfied already", proof: "5 -5 1 0 0\n6 -5 2 0 0\n7 5 -1 -2 0 -5 -6 0\n8 5 0 -5 1 1 3 -6 1 2 0\n9 0 8 5 6 4 0\n",
			want: Result{Steps: 5, Lemmas: 5, Checked: 5, RAT: 4, Satisfied: 1}},
		{name: "RAT hint not a candidate", proof: "5 2 0 -1 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "2 0": hint -1: clause 1 does not hold -2, the negated pivot`},
		{name: "RAT candidate without hints", proof: "5 2 0 -3 1 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "2 0": RAT on 2: clause 4, which holds -2, has no hints`},
		{name: "RAT resolvent not refuted", proof: "5 2 0 -3 -4 1 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "2 0": hint -3: the 0 hints of the resolvent end without a conflict`},
		{name: "RAT hint unknown", proof: "5 2 0 -9 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "2 0": hint -9: no clause 9 yet (the last ID is 4)`},
		{name: "RAT hint of the empty clause", proof: "5 0 -1 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 5 "0": the 1 hints end without a conflict`},
		{name: "ID not increasing", proof: "5 2 0 1 2 0\n5 0 5 3 4 0\n",
			wantErr: `lrat: step 2 at offset 12: clause ID 5: expected more than 5, the last ID`},
		{name: "ID of the formula", proof: "4 2 0 1 2 0\n",
			wantErr: `lrat: step 1 at offset 0: clause ID 4: expected more than 4, the last ID`},
		{name: "ID below the formula's", proof: "3 2 0 1 2 0\n",
			wantErr: `lrat: step 1 at offset 0: clause ID 3: expected more than 4, the last ID`},
		{name: "no empty clause", proof: "5 2 0 1 2 0\n",
			wantErr: `lrat: at offset 12: the proof ends after 1 lines without deriving the empty clause`},
		{name: "the empty clause with no hints", cnf: "p cnf 0 0\n", proof: "1 0 0\n",
			wantErr: `lrat: step 1 at offset 0: lemma 1 "0": the 0 hints end without a conflict`},
		{name: "truncated", proof: "5 2 0 1 2",
			wantErr: `lrat: step 1 at offset 0: truncated: the file ends inside the line (at offset 9) before its 0`},
		{name: "garbage", proof: "5 2 x 0\n",
			wantErr: `lrat: step 1 at offset 0: "x" at offset 4: expected a number`},
		{name: "zero ID", proof: "0 2 0 1 2 0\n",
			wantErr: `lrat: step 1 at offset 0: clause ID 0: expected a positive number`},
		{name: "minus zero", proof: "5 -0 0\n",
			wantErr: `lrat: step 1 at offset 0: "-0" at offset 2 is not a number`},
		{name: "long number", proof: "5 1234567890123456789 0\n",
			wantErr: `lrat: step 1 at offset 0: number at offset 2 is longer than 18 digits`},
		{name: "huge literal", proof: "5 12345678901 0\n",
			wantErr: `lrat: step 1 at offset 0: literal 12345678901 is above the limit 2147483647`},
		{name: "binary garbage", proof: "x",
			wantErr: `lrat: step 1 at offset 0: "x" at offset 0: expected a number`},
		{name: "binary truncated", proof: "a\x0a\x04",
			wantErr: `lrat: step 1 at offset 0: truncated: the file ends inside the step (at offset 3) before its 0 byte`},
		{name: "binary bad byte", proof: "a\x0a\x04\x00\x02\x04\x00x",
			wantErr: `lrat: step 2 at offset 7: byte 0x78: expected 'a' (0x61) or 'd' (0x64) starting a binary LRAT line`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cnf := cmp.Or(tt.cnf, fourCNF)
			got, err := Check(context.Background(), readFormula(t, cnf), strings.NewReader(tt.proof), "lrat", LRAT)
			if tt.wantErr != "" {
				var e *Error
				if err == nil || err.Error() != tt.wantErr || !errors.As(err, &e) {
					t.Fatalf("err = %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

// TestSolverLRAT reads the LRAT proofs of a cadical that writes them
// (1.7 and later: --lrat), text and binary; Debian's 1.5 does not, and
// then the test is skipped.
func TestSolverLRAT(t *testing.T) {
	path := testenv.Solver(t, "cadical")
	help, _ := exec.Command(path, "--help").CombinedOutput()
	if !bytes.Contains(help, []byte("--lrat")) {
		t.Skipf("%s writes no LRAT (no --lrat in its --help)", path)
	}
	for _, binary := range []bool{false, true} {
		f := pigeons(6)
		dir := t.TempDir()
		cnf, proof := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "p.lrat")
		var buf bytes.Buffer
		f.WriteTo(&buf)
		os.WriteFile(cnf, buf.Bytes(), 0o666)
		err := exec.Command(path, "-q", "--lrat", fmt.Sprintf("--binary=%v", binary), cnf, proof).Run()
		if code := exitCode(err); code != 20 {
			t.Fatalf("cadical --lrat: exit %d, %v", code, err)
		}
		r, err := os.Open(proof)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Check(context.Background(), f, r, proof, LRAT)
		r.Close()
		if err != nil || res.Binary != binary || res.Checked == 0 {
			t.Errorf("binary=%v: %+v, %v", binary, res, err)
		}
	}
}

func exitCode(err error) int {
	var e *exec.ExitError
	if errors.As(err, &e) {
		return e.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestTiers checks picosat's trace of php-8-7 (no deletions: the backward
// check keeps the old lemmas' watches in a tier of their own, see
// Checker.owatches) as it comes, and picosat's and cadical's proofs with
// the recent tier forced to 1, 2 and 5 steps: each verifies, the tier's
// boundary moved, and the LRAT output passes verifyLRAT.
func TestTiers(t *testing.T) {
	f := pigeons(7)
	proofs := map[string]string{}
	for _, tt := range []struct {
		solver string
		tier   int
	}{{"picosat", 0}, {"picosat", 1}, {"picosat", 5}, {"cadical", 1}, {"cadical", 2}, {"cadical", 5}} {
		t.Run(fmt.Sprintf("%s/tier=%d", tt.solver, tt.tier), func(t *testing.T) {
			proof, ok := proofs[tt.solver]
			if !ok {
				var code int
				proof, code, _ = solve(t, tt.solver, f, false)
				if code != 20 {
					t.Fatalf("%s says %d", tt.solver, code)
				}
				b, err := os.ReadFile(proof)
				if err != nil {
					t.Fatal(err)
				}
				proof = string(b)
				proofs[tt.solver] = proof
			}
			var out bytes.Buffer
			c := FromFormula(f)
			c.tierSteps = tt.tier
			c.LRAT = &out
			res, err := c.Check(context.Background(), strings.NewReader(proof), "proof", Auto)
			if err != nil || c.retiers == 0 || res.Checked == 0 {
				t.Fatalf("%+v, %v after %d moves of the tier's boundary; want no error after some", res, err, c.retiers)
			}
			verifyLRAT(t, cnfText(f), out.String())
		})
	}
}

// TestRATCandidates checks kissat's proofs of php-7-6 and php-8-7, whose
// RAT lemmas define extension variables, with the RAT check's lists of
// candidates (see Checker.occurrences) checked against a pass over the
// arena, the lists kept and not.
func TestRATCandidates(t *testing.T) {
	defer func(c bool, s int) { checkOccurrences, occShare = c, s }(checkOccurrences, occShare)
	checkOccurrences = true
	for _, holes := range []int{6, 7} {
		f := pigeons(holes)
		proof, code, _ := solve(t, "kissat", f, false)
		if code != 20 {
			t.Fatalf("kissat says %d", code)
		}
		for _, share := range []int{8, 1 << 30} {
			occShare = share
			res, err := checkFile(t, f, proof)
			if err != nil || res.RAT == 0 {
				t.Errorf("php-%d-%d, lists kept up to 1/%d of the arena: %+v, %v; want some RAT lemmas", holes+1, holes, share, res, err)
			}
		}
	}
}

// TestLRATStoredProofs checks stored solver proofs (no solver needed)
// backward with LRAT output, which must verify (verifyLRAT) and read back
// with the counts wanted: kissat's (4.0.4, "kissat -q f.cnf proof") of
// rand-60-276, a random 3-SAT formula, whose LRAT output had hints
// satisfied already before the writer took a lemma's literals false at
// the top level as assumed, and of php-8-7 (pigeons(7)), whose RAT
// lemmas define extension variables; cadical's of php-5-4.
func TestLRATStoredProofs(t *testing.T) {
	for _, tt := range []struct {
		name, cnf, proof string
		want             Result
	}{
		{"rand-60-276", readFile(t, "testdata/rand-60-276.cnf"), "testdata/rand-60-276.drat",
			Result{Steps: 158, Lemmas: 149, Checked: 149, Deletions: 266}},
		{"php-8-7", cnfText(pigeons(7)), "testdata/php-8-7.drat",
			Result{Steps: 3345, Lemmas: 2697, Checked: 2697, RAT: 126, Deletions: 1398}},
		{"php-5-4", readFile(t, "testdata/php-5-4.cnf"), "testdata/php-5-4.drat",
			Result{Steps: 35, Lemmas: 29, Checked: 29, Deletions: 9}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			c := FromFormula(readFormula(t, tt.cnf))
			c.LRAT = &out
			if _, err := c.Check(context.Background(), strings.NewReader(readFile(t, tt.proof)), tt.proof, Auto); err != nil {
				t.Fatal(err)
			}
			verifyLRAT(t, tt.cnf, out.String())
			got, err := Check(context.Background(), readFormula(t, tt.cnf), strings.NewReader(out.String()), "lrat", LRAT)
			if err != nil || got != tt.want {
				t.Errorf("the LRAT output reads back as %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}
