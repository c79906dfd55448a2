package dimacs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/textpos"
)

// outAnswers renders o's answers compactly and exactly: line, status, and
// the model as its values for variables 1..n (0 = unassigned), or "nil"
// when no model was printed.
func outAnswers(o *Output) []string {
	var out []string
	for _, a := range o.Answers {
		s := fmt.Sprintf("%d:%v", a.Line, a.Status)
		if a.Status == Sat {
			if a.Model == nil {
				s += " nil"
			} else {
				s += " " + fmt.Sprint([]int8(a.Model[1:]))
			}
		} else if a.Model != nil {
			s += " unexpected model " + fmt.Sprint([]int8(a.Model))
		}
		out = append(out, s)
	}
	return out
}

type outCase struct {
	name    string
	in      string
	answers []string // as outAnswers renders them
	count   int      // Output.Count; 0 means -1 unless countSet
	countOK bool     // count is meant literally
	dialect string
	pipesat []string
	wantErr string
}

var outCases = []outCase{
	// Competition format.
	{name: "sat", in: "s SATISFIABLE\nv 1 -2 3 0\n", answers: []string{"1:SATISFIABLE [1 -1 1]"}, dialect: "competition"},
	{name: "unsat", in: "s UNSATISFIABLE\n", answers: []string{"1:UNSATISFIABLE"}, dialect: "competition"},
	{name: "unknown", in: "c hello\ns UNKNOWN\n", answers: []string{"2:UNKNOWN"}, dialect: "competition"},
	{name: "indeterminate", in: "s INDETERMINATE\n", answers: []string{"1:UNKNOWN"}, dialect: "competition"},
	{name: "extra spaces", in: "s  SATISFIABLE \t\nv  1\t-2   0  \n", answers: []string{"1:SATISFIABLE [1 -1]"}, dialect: "competition"},
	{name: "crlf", in: "c x\r\ns SATISFIABLE\r\nv 1 -2 0\r\n", answers: []string{"2:SATISFIABLE [1 -1]"}, dialect: "competition"},
	{name: "no final newline", in: "s SATISFIABLE\nv 1 -2 0", answers: []string{"1:SATISFIABLE [1 -1]"}, dialect: "competition"},
	{name: "missing final 0 at EOF", in: "s SATISFIABLE\nv 1 -2\n", answers: []string{"1:SATISFIABLE [1 -1]"}, dialect: "competition"},
	{name: "missing final 0 no newline", in: "s SATISFIABLE\nv 1 -2", answers: []string{"1:SATISFIABLE [1 -1]"}, dialect: "competition"},
	{name: "partial model", in: "s SATISFIABLE\nv -1 4 0\n", answers: []string{"1:SATISFIABLE [-1 0 0 1]"}, dialect: "competition"},
	{name: "empty model", in: "s SATISFIABLE\nv 0\n", answers: []string{"1:SATISFIABLE []"}, dialect: "competition"},
	{name: "no model", in: "s SATISFIABLE\n", answers: []string{"1:SATISFIABLE nil"}, dialect: "competition"},
	{name: "bare v lines", in: "s SATISFIABLE\nv\nv 2\nv\nv 0\n", answers: []string{"1:SATISFIABLE [0 1]"}, dialect: "competition"},
	{name: "split with comments", in: "s SATISFIABLE\nv 1\nc between\nv -2\nsome chatter\nv 3 0\n", answers: []string{"1:SATISFIABLE [1 -1 1]"}, dialect: "competition"},
	{name: "repeated literal", in: "s SATISFIABLE\nv 1 1 -2 -2 0\n", answers: []string{"1:SATISFIABLE [1 -1]"}, dialect: "competition"},
	{name: "out of order", in: "s SATISFIABLE\nv 3 -1 2 0\n", answers: []string{"1:SATISFIABLE [-1 1 1]"}, dialect: "competition"},
	{name: "v before s", in: "c pipesat a\nv 1 -2 0\nc pipesat b\ns SATISFIABLE\n", answers: []string{"4:SATISFIABLE [1 -1]"}, dialect: "competition", pipesat: []string{"pipesat a"}},
	{name: "v before and after s", in: "v 1\ns SATISFIABLE\nv -2 0\n", answers: []string{"2:SATISFIABLE [1 -1]"}, dialect: "competition"},
	{name: "c UNKNOWN", in: "c --- [ result ] ---\nc \nc UNKNOWN\nc \n", answers: []string{"3:UNKNOWN"}, dialect: "competition"},
	{name: "c UNKNOWN after answer", in: "s SATISFIABLE\nv 1 0\nc UNKNOWN\n", answers: []string{"1:SATISFIABLE [1]"}, dialect: "competition"},
	{name: "vars chatter", in: "vars: 3\nvalue 7\ns UNSATISFIABLE\n", answers: []string{"3:UNSATISFIABLE"}, dialect: "competition"},
	{name: "minisat result words in chatter", in: "SAT solver says hi\nUNSAT-core\n", dialect: ""},
	{name: "tab after v", in: "s SATISFIABLE\nv\t1\t0\n", answers: []string{"1:SATISFIABLE [1]"}, dialect: "competition"},

	// Enumerations.
	{
		name:    "satrun all",
		in:      "c pipesat nonogram 1 2\nc varname 1 r1c1\nc pipesat primary 1-2\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\nc solutions 2\n",
		answers: []string{"4:SATISFIABLE [1 -1]", "6:SATISFIABLE [-1 1]"},
		count:   2, countOK: true, dialect: "competition",
		pipesat: []string{"pipesat nonogram 1 2", "varname 1 r1c1", "pipesat primary 1-2"},
	},
	{name: "satrun unique", in: "s SATISFIABLE\nv 1 0\nc solutions 1\n", answers: []string{"1:SATISFIABLE [1]"}, count: 1, countOK: true, dialect: "competition"},
	{name: "satrun none", in: "s UNSATISFIABLE\nc solutions 0\n", answers: []string{"1:UNSATISFIABLE"}, count: 0, countOK: true, dialect: "competition"},
	{name: "solutions not a number", in: "s UNSATISFIABLE\nc solutions many\nc solutions -1\nc solutions 1 2\n", answers: []string{"1:UNSATISFIABLE"}, dialect: "competition"},
	{name: "picosat solutions", in: "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\ns SOLUTIONS 2\n", answers: []string{"1:SATISFIABLE [1]", "3:SATISFIABLE [-1]", "5:UNSATISFIABLE"}, count: 2, countOK: true, dialect: "competition"},
	{name: "picosat no solutions", in: "s SOLUTIONS 0\n", answers: []string{"1:UNSATISFIABLE"}, count: 0, countOK: true, dialect: "competition"},
	{name: "maxsol", in: "s SATISFIABLE\nv 1 0\nc Number of solutions found until now:      1\ns SATISFIABLE\nv -1 0\ns UNSATISFIABLE\n", answers: []string{"1:SATISFIABLE [1]", "4:SATISFIABLE [-1]", "6:UNSATISFIABLE"}, dialect: "competition"},
	{name: "next model before its s line", in: "s SATISFIABLE\nv 1 0\nv -1 0\ns SATISFIABLE\n", answers: []string{"1:SATISFIABLE [1]", "4:SATISFIABLE [-1]"}, dialect: "competition"},
	{name: "pipesat only before first answer", in: "c pipesat a\ns SATISFIABLE\nc pipesat b\nv 1 0\nc varname 1 x\n", answers: []string{"2:SATISFIABLE [1]"}, dialect: "competition", pipesat: []string{"pipesat a"}},
	{name: "pipesat needs space", in: "c pipesat\nc pipesatx\nc  pipesat a\nc varname 2 y\n", dialect: "", pipesat: []string{"varname 2 y"}},
	{name: "pipesat crlf", in: "c pipesat sudoku 9\r\ns UNKNOWN\r\n", answers: []string{"2:UNKNOWN"}, dialect: "competition", pipesat: []string{"pipesat sudoku 9"}},

	// minisat.
	{name: "minisat stdout sat", in: "WARNING: for repeatability, setting FPU to use double precision\n|  Number of variables:             3   |\nrestarts              : 1\n\nSATISFIABLE\n", answers: []string{"5:SATISFIABLE nil"}, dialect: "minisat-stdout"},
	{name: "minisat stdout unsat", in: "Solved by simplification\nUNSATISFIABLE\n", answers: []string{"2:UNSATISFIABLE"}, dialect: "minisat-stdout"},
	{name: "minisat stdout indeterminate", in: "INDETERMINATE\n", answers: []string{"1:UNKNOWN"}, dialect: "minisat-stdout"},
	{name: "minisat result sat", in: "SAT\n1 2 -3 0\n", answers: []string{"1:SATISFIABLE [1 1 -1]"}, dialect: "minisat"},
	{name: "minisat result unsat", in: "UNSAT\n", answers: []string{"1:UNSATISFIABLE"}, dialect: "minisat"},
	{name: "minisat result indet", in: "INDET\n", answers: []string{"1:UNKNOWN"}, dialect: "minisat"},
	{name: "minisat result no newline", in: "SAT\n-1 2 0", answers: []string{"1:SATISFIABLE [-1 1]"}, dialect: "minisat"},
	{name: "minisat result crlf", in: "SAT\r\n-1 2 0\r\n", answers: []string{"1:SATISFIABLE [-1 1]"}, dialect: "minisat"},
	{name: "minisat result split", in: "SAT\n-1\n2 0\n", answers: []string{"1:SATISFIABLE [-1 1]"}, dialect: "minisat"},
	{name: "minisat result zero vars", in: "SAT\n0\n", answers: []string{"1:SATISFIABLE []"}, dialect: "minisat"},
	{name: "minisat result no clauses", in: "SAT\n 0\n", answers: []string{"1:SATISFIABLE []"}, dialect: "minisat"},
	{name: "minisat result var 1 unassigned", in: "SAT\n 2 -3 0\n", answers: []string{"1:SATISFIABLE [0 1 -1]"}, dialect: "minisat"},
	{name: "minisat result indented garbage", in: "SAT\n \tx 0\n \n", answers: []string{"1:SATISFIABLE nil"}, dialect: "minisat"},
	{name: "minisat result indented bad literal", in: "SAT\n \t2 x 0\n", wantErr: `t:2:5: "x" is not a literal`},
	{name: "satrun minisat format all", in: "SAT\n1 0\nSAT\n-1 0\n", answers: []string{"1:SATISFIABLE [1]", "3:SATISFIABLE [-1]"}, dialect: "minisat"},

	// Nothing recognisable.
	{name: "empty", in: "", dialect: ""},
	{name: "blank lines", in: "\n\n\r\n", dialect: ""},
	{name: "garbage", in: "hello\nworld 1 2 3 0\n-1 2 0\n", dialect: ""},
	{name: "binary", in: "\x00\xff\x01\x02v\x00", dialect: ""},
	{name: "comments only", in: "c a\nc\nc b\n", dialect: ""},
	{name: "lowercase v word", in: "value 1 2 0\n", dialect: ""},

	// Errors.
	{name: "not a literal", in: "s SATISFIABLE\nv 1 x 0\n", wantErr: `t:2:5: "x" is not a literal`},
	{name: "plus", in: "s SATISFIABLE\nv +1 0\n", wantErr: `t:2:3: "+1" is not a literal`},
	{name: "minus zero", in: "s SATISFIABLE\nv 1 -0\n", wantErr: `t:2:5: "-0" is not a literal`},
	{name: "leading zero", in: "s SATISFIABLE\nv 01 0\n", wantErr: `t:2:3: "01" is not a literal`},
	{name: "lone minus", in: "s SATISFIABLE\nv 1 - 2 0\n", wantErr: `t:2:5: "-" is not a literal`},
	{name: "decimal", in: "s SATISFIABLE\nv 1.5 0\n", wantErr: `t:2:3: "1.5" is not a literal`},
	{name: "digits then letters", in: "s SATISFIABLE\nv  2a 0\n", wantErr: `t:2:4: "2a" is not a literal`},
	{name: "non-ascii", in: "s SATISFIABLE\nv 1 \xc3\xa9 0\n", wantErr: `t:2:5: "é" is not a literal`},
	{name: "nul byte", in: "s SATISFIABLE\nv 1\x00 0\n", wantErr: `t:2:3: "1\x00" is not a literal`},
	{name: "long token", in: "s SATISFIABLE\nv " + strings.Repeat("7", 63) + "x9999 0\n", wantErr: `t:2:3: "` + strings.Repeat("7", 63) + `x..." is not a literal`},
	{name: "above limit", in: "s SATISFIABLE\nv 268435457 0\n", wantErr: `t:2:3: literal 268435457 is above the variable limit 268435456`},
	{name: "negative above limit", in: "s SATISFIABLE\nv 1 -999999999999999999999 0\n", wantErr: `t:2:5: literal -999999999999999999999 is above the variable limit 268435456`},
	{name: "conflict", in: "s SATISFIABLE\nv 1 2 -1 0\n", wantErr: `t:2:7: literal -1 contradicts 1 earlier in the same model`},
	{name: "conflict across lines", in: "s SATISFIABLE\nv -3 1\nc x\nv 2 3 0\n", wantErr: `t:4:5: literal 3 contradicts -3 earlier in the same model`},
	{name: "minisat result conflict", in: "SAT\n1 -1 0\n", wantErr: `t:2:3: literal -1 contradicts 1 earlier in the same model`},
	{name: "minisat result garbage", in: "SAT\n1 x 0\n", wantErr: `t:2:3: "x" is not a literal`},
	{name: "status before final 0", in: "s SATISFIABLE\nv 1\ns SATISFIABLE\nv 2 0\n", wantErr: `t:3:1: status line before the final 0 of the model of line 1`},
	{name: "unsat before final 0", in: "s SATISFIABLE\nv 1\ns UNSATISFIABLE\n", wantErr: `t:3:1: status line before the final 0 of the model of line 1`},
	{name: "literal after 0", in: "s SATISFIABLE\nv 1 0 2\n", wantErr: `t:2:7: model with no "s SATISFIABLE" line before or after it`},
	{name: "three models one status", in: "s SATISFIABLE\nv 1 0\nv 2 0\nv 3 0\n", wantErr: `t:4:3: "3" after the final 0 of the model of line 3`},
	{name: "v without s", in: "c x\nv 1 -2 0\n", wantErr: `t:2:3: model with no "s SATISFIABLE" line before or after it`},
	{name: "v after unsat", in: "s UNSATISFIABLE\nv 1 0\n", wantErr: `t:2:3: model with no "s SATISFIABLE" line before or after it`},
	{name: "v before unsat", in: "v 1 0\ns UNSATISFIABLE\n", wantErr: `t:1:3: model followed by status "UNSATISFIABLE" instead of SATISFIABLE`},
	{name: "v before unknown", in: "v 1 0\nc\ns UNKNOWN\n", wantErr: `t:1:3: model followed by status "UNKNOWN" instead of SATISFIABLE`},
	{name: "bare model before UNSAT", in: "SAT\n1 0\n2 0\nUNSAT\n", wantErr: `t:3:1: model followed by status "UNSAT" instead of SATISFIABLE`},
	{name: "sat after unsat", in: "s UNSATISFIABLE\ns SATISFIABLE\nv 1 0\n", wantErr: `t:2:1: contradictory answers: "s UNSATISFIABLE" (line 1) and "s SATISFIABLE" (line 2)`},
	{name: "unsat after sat without model", in: "s SATISFIABLE\ns UNSATISFIABLE\n", wantErr: `t:2:1: contradictory answers: "s SATISFIABLE" (line 1) and "s UNSATISFIABLE" (line 2)`},
	{name: "unsat after unknown", in: "s UNKNOWN\ns UNSATISFIABLE\n", wantErr: `t:2:1: contradictory answers: "s UNKNOWN" (line 1) and "s UNSATISFIABLE" (line 2)`},
	{name: "unsat twice", in: "s UNSATISFIABLE\nc x\ns  UNSATISFIABLE \n", wantErr: `t:3:1: two answers: "s UNSATISFIABLE" (line 1) and "s  UNSATISFIABLE" (line 3)`},
	{name: "sat after an enumeration's end", in: "s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\ns SATISFIABLE\nv -1 0\n", wantErr: `t:4:1: contradictory answers: "s UNSATISFIABLE" (line 3) and "s SATISFIABLE" (line 4)`},
	{name: "sat after c UNKNOWN", in: "c UNKNOWN\ns SATISFIABLE\nv 1 0\n", wantErr: `t:2:1: contradictory answers: "c UNKNOWN" (line 1) and "s SATISFIABLE" (line 2)`},
	{name: "minisat stdout two answers", in: "SATISFIABLE\nUNSATISFIABLE\n", wantErr: `t:2:1: contradictory answers: "SATISFIABLE" (line 1) and "UNSATISFIABLE" (line 2)`},
	{name: "minisat result two answers", in: "UNSAT\nSAT\n1 2 3 0\n", wantErr: `t:2:1: contradictory answers: "UNSAT" (line 1) and "SAT" (line 2)`},
	{name: "long status quoted short", in: "s UNKNOWN" + strings.Repeat(" ", 50) + "\ns SATISFIABLE\n", wantErr: `t:2:1: contradictory answers: "s UNKNOWN" (line 1) and "s SATISFIABLE" (line 2)`},
	{name: "unknown status", in: "s MAYBE\n", wantErr: `t:1:1: unknown status line "s MAYBE"`},
	{name: "lowercase status", in: "c x\ns satisfiable\n", wantErr: `t:2:1: unknown status line "s satisfiable"`},
	{name: "status with extra word", in: "s SATISFIABLE 1\n", wantErr: `t:1:1: unknown status line "s SATISFIABLE 1"`},
	{name: "empty status", in: "s \n", wantErr: `t:1:1: unknown status line "s "`},
	{name: "bad solutions", in: "s SOLUTIONS  x\n", wantErr: `t:1:14: "x" is not a number of solutions`},
	{name: "negative solutions", in: "s SOLUTIONS -2\n", wantErr: `t:1:13: "-2" is not a number of solutions`},
}

func TestReadOutput(t *testing.T) {
	for _, tc := range outCases {
		t.Run(tc.name, func(t *testing.T) {
			o, err := ReadOutput(strings.NewReader(tc.in), "t")
			if tc.wantErr != "" {
				if err == nil {
					t.Fatalf("got no error, answers %q; want %s", outAnswers(o), tc.wantErr)
				}
				if err.Error() != tc.wantErr {
					t.Fatalf("got error\n\t%s\nwant\n\t%s", err, tc.wantErr)
				}
				if _, ok := err.(*textpos.Error); !ok {
					t.Errorf("error is %T, want *textpos.Error", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			outCheck(t, o, tc)
		})
	}
}

func outCheck(t *testing.T, o *Output, tc outCase) {
	t.Helper()
	if got := outAnswers(o); !reflect.DeepEqual(got, tc.answers) {
		t.Errorf("answers\n\t%q\nwant\n\t%q", got, tc.answers)
	}
	want := -1
	if tc.countOK {
		want = tc.count
	}
	if o.Count != want {
		t.Errorf("Count = %d, want %d", o.Count, want)
	}
	if o.Dialect.String() != tc.dialect {
		t.Errorf("Dialect = %q, want %q", o.Dialect, tc.dialect)
	}
	if !reflect.DeepEqual(o.Pipesat, tc.pipesat) {
		t.Errorf("Pipesat = %q, want %q", o.Pipesat, tc.pipesat)
	}
}

func TestOutputStatus(t *testing.T) {
	for _, tc := range []struct {
		in     string
		want   Status
		models int
	}{
		{"", Unknown, 0},
		{"s UNKNOWN\n", Unknown, 0},
		{"s UNSATISFIABLE\n", Unsat, 0},
		{"s SATISFIABLE\nv 1 0\n", Sat, 1},
		{"s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv 2 0\ns UNSATISFIABLE\n", Sat, 2},
		{"s SOLUTIONS 0\n", Unsat, 0},
	} {
		o, err := ReadOutput(strings.NewReader(tc.in), "t")
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if got := o.Status(); got != tc.want {
			t.Errorf("%q: Status() = %v, want %v", tc.in, got, tc.want)
		}
		if got := len(o.Models()); got != tc.models {
			t.Errorf("%q: %d models, want %d", tc.in, got, tc.models)
		}
	}
}

// The recordings of real solvers in testdata/outputs (copied from
// /work/shared/solver-outputs; see its README.md).
var outRecordings = []struct {
	file    string
	answers []string
	count   int
	dialect string
}{
	{"cadical-small-sat.out", []string{"37:SATISFIABLE [-1 -1 -1]"}, -1, "competition"},
	{"cadical-small-unsat.out", []string{"36:UNSATISFIABLE"}, -1, "competition"},
	{"cadical-timeout.out", []string{"144:UNKNOWN"}, -1, "competition"},
	{"cryptominisat5-small-sat.out", []string{"160:SATISFIABLE [-1 -1 -1]"}, -1, "competition"},
	{"cryptominisat5-small-unsat.out", []string{"158:UNSATISFIABLE"}, -1, "competition"},
	{"cryptominisat5-timeout.out", []string{"288:UNKNOWN"}, -1, "competition"},
	{"cryptominisat5-maxsol-free3.out", []string{
		"25:SATISFIABLE [-1 -1 -1]", "29:SATISFIABLE [-1 -1 1]", "33:SATISFIABLE [-1 1 -1]", "37:SATISFIABLE [-1 1 1]",
		"41:SATISFIABLE [1 -1 -1]", "45:SATISFIABLE [1 1 -1]", "49:SATISFIABLE [1 -1 1]", "53:SATISFIABLE [1 1 1]",
		"194:UNSATISFIABLE",
	}, -1, "competition"},
	{"kissat-small-sat.out", []string{"35:SATISFIABLE [1 1 1]"}, -1, "competition"},
	{"kissat-small-unsat.out", []string{"33:UNSATISFIABLE"}, -1, "competition"},
	{"kissat-timeout.out", []string{"151:UNKNOWN"}, -1, "competition"},
	{"minisat-small-sat.out", []string{"23:SATISFIABLE nil"}, -1, "minisat-stdout"},
	{"minisat-small-unsat.out", []string{"19:UNSATISFIABLE"}, -1, "minisat-stdout"},
	{"minisat-timeout.out", []string{"40:UNKNOWN"}, -1, "minisat-stdout"},
	{"minisat-small-sat.result", []string{"1:SATISFIABLE [1 1 -1]"}, -1, "minisat"},
	{"minisat-small-unsat.result", []string{"1:UNSATISFIABLE"}, -1, "minisat"},
	{"minisat-timeout.result", []string{"1:UNKNOWN"}, -1, "minisat"},
	{"picosat-small-sat.out", []string{"1:SATISFIABLE [1 1 -1]"}, -1, "competition"},
	{"picosat-small-unsat.out", []string{"1:UNSATISFIABLE"}, -1, "competition"},
	{"picosat-timeout.out", []string{"1:UNKNOWN"}, -1, "competition"},
	{"picosat-all-free3.out", []string{
		"1:SATISFIABLE [-1 -1 -1]", "3:SATISFIABLE [-1 -1 1]", "5:SATISFIABLE [-1 1 -1]", "7:SATISFIABLE [-1 1 1]",
		"9:SATISFIABLE [1 1 -1]", "11:SATISFIABLE [1 1 1]", "13:SATISFIABLE [1 -1 -1]", "15:SATISFIABLE [1 -1 1]",
		"17:UNSATISFIABLE",
	}, 8, "competition"},
}

func TestReadOutputRecordings(t *testing.T) {
	// small-sat.cnf, written out: the oracle for every recorded model.
	smallSat := &Formula{}
	smallSat.AddClause(1, -3)
	smallSat.AddClause(2, 3, -1)

	files, err := filepath.Glob("testdata/outputs/*.out")
	if err != nil {
		t.Fatal(err)
	}
	results, _ := filepath.Glob("testdata/outputs/*.result")
	files = append(files, results...)
	if len(files) != len(outRecordings) {
		t.Errorf("%d recordings in testdata/outputs, %d in the table", len(files), len(outRecordings))
	}
	for _, rec := range outRecordings {
		t.Run(rec.file, func(t *testing.T) {
			path := filepath.Join("testdata/outputs", rec.file)
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			o, err := ReadOutput(f, rec.file)
			if err != nil {
				t.Fatal(err)
			}
			outCheck(t, o, outCase{answers: rec.answers, count: rec.count, countOK: true, dialect: rec.dialect})

			// The recorded exit status agrees with the last answer
			// (cryptominisat5 exits 15 when it gives up).
			exit, err := os.ReadFile(strings.TrimSuffix(strings.TrimSuffix(path, ".out"), ".result") + ".exit")
			if err != nil {
				t.Fatal(err)
			}
			code, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(string(exit), "exit ")))
			if err != nil {
				t.Fatal(err)
			}
			if code == 15 {
				code = int(Unknown)
			}
			if n := len(o.Answers); n == 0 || int(o.Answers[n-1].Status) != code {
				t.Errorf("last answer %q, recorded exit %d", outAnswers(o), code)
			}

			// Every model satisfies its formula, and the models of an
			// enumeration are distinct.
			seen := map[string]bool{}
			for _, m := range o.Models() {
				if m == nil {
					continue
				}
				if strings.Contains(rec.file, "small-sat") {
					if err := smallSat.Check(m); err != nil {
						t.Errorf("model %v: %v", m.Lits(), err)
					}
				}
				k := fmt.Sprint(m.Lits())
				if seen[k] {
					t.Errorf("model %s twice", k)
				}
				seen[k] = true
			}
		})
	}
}

// A model on one line of more than 1 MB.
func TestReadOutputLongLine(t *testing.T) {
	const n = 200000
	var b strings.Builder
	b.WriteString("c pipesat big\ns SATISFIABLE\nv")
	for v := 1; v <= n; v++ {
		l := v
		if v%3 == 0 {
			l = -v
		}
		if v%7 == 0 {
			continue // unassigned
		}
		b.WriteString(" " + strconv.Itoa(l))
	}
	b.WriteString(" 0\nc solutions 1\n")
	if b.Len() < 1<<20 {
		t.Fatalf("line is only %d bytes", b.Len())
	}
	o, err := ReadOutput(strings.NewReader(b.String()), "t")
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Answers) != 1 || o.Count != 1 || len(o.Pipesat) != 1 {
		t.Fatalf("answers %d, count %d, pipesat %q", len(o.Answers), o.Count, o.Pipesat)
	}
	m := o.Answers[0].Model
	if m.Vars() != n {
		t.Fatalf("model has %d variables, want %d", m.Vars(), n)
	}
	for v := 1; v <= n; v++ {
		want := int8(1)
		switch {
		case v%7 == 0:
			want = 0
		case v%3 == 0:
			want = -1
		}
		if m.Lit(v) != want {
			t.Fatalf("variable %d = %d, want %d", v, m.Lit(v), want)
		}
	}

	// The same line with one bad literal near its end: the column counts
	// every byte before it.
	bad := strings.Replace(b.String(), " 199999 ", " 199999x ", 1)
	col := strings.Index(bad, "199999x") - strings.Index(bad, "v ") + 1
	_, err = ReadOutput(strings.NewReader(bad), "t")
	want := fmt.Sprintf(`t:3:%d: "199999x" is not a literal`, col)
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

// A model split over 100 v lines with comments and chatter between them.
func TestReadOutputSplit(t *testing.T) {
	var b strings.Builder
	b.WriteString("s SATISFIABLE\n")
	want := NewModel(1000)
	for i := 0; i < 100; i++ {
		b.WriteString("v")
		for j := 0; j < 10; j++ {
			v := 1000 - (i*10 + j) // descending, to make the model grow once
			l := v
			if (i+j)%2 == 1 {
				l = -v
			}
			want.Set(l)
			fmt.Fprintf(&b, " %d", l)
		}
		b.WriteString("\nc progress " + strconv.Itoa(i) + "\n")
		if i%10 == 0 {
			b.WriteString("chatter 1 2 3\n\n")
		}
	}
	b.WriteString("v 0\n")
	o, err := ReadOutput(strings.NewReader(b.String()), "t")
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Answers) != 1 || !reflect.DeepEqual(o.Answers[0].Model, want) {
		t.Fatalf("got %d answers, model %v", len(o.Answers), o.Models())
	}
}

func TestReadOutputReadError(t *testing.T) {
	for _, in := range []string{"s SATISFIABLE\nv 1 2", "s SATISFIABLE\n", "c pipesat x"} {
		r := io.MultiReader(strings.NewReader(in), iotest.ErrReader(errors.New("boom")))
		_, err := ReadOutput(r, "t")
		if err == nil || err.Error() != "t: boom" {
			t.Errorf("%q: got %v, want t: boom", in, err)
		}
	}
}

// The installed solvers, run live: their output reads back as the answer
// the formula forces. Skipped for a solver that is not installed, unless
// PIPESAT_REQUIRE_SOLVERS names it.
func TestReadOutputRealSolvers(t *testing.T) {
	const n = 3000 // long enough that the model spans many "v" lines
	forced := &Formula{}
	want := NewModel(n)
	for v := 1; v <= n; v++ {
		l := v
		if v%3 == 0 {
			l = -v
		}
		forced.AddClause(l)
		want.Set(l)
	}
	dir := t.TempDir()
	cnf := filepath.Join(dir, "forced.cnf")
	outWriteFile(t, cnf, forced)
	unsat := filepath.Join("testdata", "outputs", "small-unsat.cnf")

	for _, s := range []struct {
		name string
		args []string // {cnf} is the formula; {out} minisat's result file
	}{
		{"kissat", []string{"{cnf}"}},
		{"cadical", []string{"{cnf}"}},
		{"cryptominisat5", []string{"{cnf}"}},
		{"glucose", []string{"-model", "{cnf}"}},
		{"lingeling", []string{"{cnf}"}},
		{"picosat", []string{"{cnf}"}},
		{"minisat", []string{"{cnf}", "{out}"}},
	} {
		t.Run(s.name, func(t *testing.T) {
			path := testenv.Solver(t, s.name)
			for _, tc := range []struct {
				cnf  string
				want Status
			}{{cnf, Sat}, {unsat, Unsat}} {
				res := filepath.Join(dir, s.name+".result")
				var args []string
				for _, a := range s.args {
					a = strings.ReplaceAll(a, "{cnf}", tc.cnf)
					args = append(args, strings.ReplaceAll(a, "{out}", res))
				}
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				stdout, err := exec.CommandContext(ctx, path, args...).Output()
				cancel()
				var ee *exec.ExitError
				if err != nil && !errors.As(err, &ee) {
					t.Fatal(err)
				}
				code := 0
				if ee != nil {
					code = ee.ExitCode()
				}
				o, err := ReadOutput(bytes.NewReader(stdout), s.name)
				if err != nil {
					t.Fatal(err)
				}
				if int(o.Status()) != code || o.Status() != tc.want {
					t.Fatalf("%s: read %q, exit %d, want %v", tc.cnf, outAnswers(o), code, tc.want)
				}
				if s.name == "minisat" {
					if o.Dialect != MinisatStdout {
						t.Errorf("stdout dialect %q", o.Dialect)
					}
					f, err := os.Open(res)
					if err != nil {
						t.Fatal(err)
					}
					o, err = ReadOutput(f, res)
					f.Close()
					if err != nil {
						t.Fatal(err)
					}
					if o.Dialect != Minisat || o.Status() != tc.want {
						t.Fatalf("result file: %q in %q", outAnswers(o), o.Dialect)
					}
				}
				if tc.want == Sat && !reflect.DeepEqual(o.Answers[0].Model, want) {
					t.Errorf("model differs from the forced one: %d variables, %d assigned", o.Answers[0].Model.Vars(), len(o.Answers[0].Model.Lits()))
				}
			}
		})
	}
}

// picosat --all and cryptominisat5 --maxsol, live: all 8 models of three
// free variables, then the end of the enumeration.
func TestReadOutputRealEnumeration(t *testing.T) {
	free3 := filepath.Join("testdata", "outputs", "free3.cnf")
	for _, s := range []struct {
		name  string
		args  []string
		count int
	}{
		{"picosat", []string{"--all", free3}, 8},
		{"cryptominisat5", []string{"--maxsol", "10", free3}, -1},
	} {
		t.Run(s.name, func(t *testing.T) {
			path := testenv.Solver(t, s.name)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			stdout, err := exec.CommandContext(ctx, path, s.args...).Output()
			var ee *exec.ExitError
			if err != nil && !errors.As(err, &ee) {
				t.Fatal(err)
			}
			o, err := ReadOutput(bytes.NewReader(stdout), s.name)
			if err != nil {
				t.Fatal(err)
			}
			ms := o.Models()
			seen := map[string]bool{}
			for _, m := range ms {
				if m.Vars() != 3 || len(m.Lits()) != 3 {
					t.Errorf("model %v", m)
				}
				seen[fmt.Sprint(m)] = true
			}
			last := o.Answers[len(o.Answers)-1]
			if len(ms) != 8 || len(seen) != 8 || last.Status != Unsat || o.Count != s.count {
				t.Errorf("read %q, count %d", outAnswers(o), o.Count)
			}
		})
	}
}

func outWriteFile(t *testing.T, name string, f *Formula) {
	t.Helper()
	w, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteTo(w); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// Lines other than model lines longer than 1 MiB: chatter is skipped, a
// header comment or a status line is an error.
func TestReadOutputLongOtherLines(t *testing.T) {
	long := strings.Repeat("x", 3<<20)
	o, err := ReadOutput(strings.NewReader("c "+long+"\n"+long+"\nc pipesat a\ns SATISFIABLE\nv 1 0\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	if got := outAnswers(o); !reflect.DeepEqual(got, []string{"4:SATISFIABLE [1]"}) || !reflect.DeepEqual(o.Pipesat, []string{"pipesat a"}) {
		t.Fatalf("read %q, pipesat %q", got, o.Pipesat)
	}
	for _, tc := range []struct{ in, want string }{
		{"c\nc pipesat " + long + "\n", "t:2:1: header comment longer than 1048576 bytes"},
		{"s SATISFIABLE" + long + "\n", "t:1:1: status line longer than 1048576 bytes"},
	} {
		_, err := ReadOutput(strings.NewReader(tc.in), "t")
		if err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

// BenchmarkReadOutput reads a competition answer with a model of a
// million variables (about 7.5 MB of "v" lines).
func BenchmarkReadOutput(b *testing.B) {
	m := NewModel(1000000)
	for v := 1; v < len(m); v++ {
		m[v] = int8(v%2*2 - 1)
	}
	var buf bytes.Buffer
	if err := WriteAnswer(&buf, Sat, m); err != nil {
		b.Fatal(err)
	}
	in := buf.Bytes()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	defer cnfCPUMetric(b, len(in))()
	for b.Loop() {
		o, err := ReadOutput(bytes.NewReader(in), "b")
		if err != nil || o.Answers[0].Model.Vars() != 1000000 {
			b.Fatal(err)
		}
	}
}

func TestOutputComplete(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"s SATISFIABLE\nv 1 0\n", false},
		{"s SATISFIABLE\nv 1 0\nc solutions 1\n", true},
		{"s SATISFIABLE\nv 1 0\nc limit 1 reached; more models may exist\nc solutions 1\n", false},
		{"s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\n", true},
		{"s SATISFIABLE\nv 1 0\ns SOLUTIONS 1\n", true},
		{"s UNSATISFIABLE\n", true},
		{"s UNKNOWN\n", false},
		{"c limit x reached; more models may exist\nc solutions 1\n", true},
	} {
		o, err := ReadOutput(strings.NewReader(tc.in), "t")
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if got := o.Complete(); got != tc.want {
			t.Errorf("%q: Complete() = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestReadOutputHeaderBound: header lines cost at most what Read keeps of
// them (Options.MaxComments), so everything satrun forwards reads, and a
// stream of endless "c varname" lines is an error, not an out-of-memory
// crash; other comment lines cost nothing. A small bound keeps the inputs
// small; ReadOutput's own is DefaultMaxComments.
func TestReadOutputHeaderBound(t *testing.T) {
	line := "c varname 1 " + strings.Repeat("y", 87) + "\n" // costs 97+16
	const fits = 40
	opts := Options{MaxComments: fits * (97 + 16)}
	for _, tc := range []struct {
		name    string
		opts    Options
		line    string
		n       int
		wantErr string
	}{
		{"what Read keeps", opts, line, fits, ""},
		{"one more", opts, line, fits + 1, fmt.Sprintf("bomb:%d:1: header comment lines (c pipesat, c varname) over 4520 bytes", fits+1)},
		{"other comments", opts, "c " + strings.Repeat("x", 97) + "\n", fits + 4096, ""},
		{"default", Options{}, line, fits + 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			for range tc.n {
				b.WriteString(tc.line)
			}
			b.WriteString("s SATISFIABLE\nv 1 0\n")
			o, err := ReadOutputOptions(strings.NewReader(b.String()), "bomb", tc.opts)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("error %v, want %s", err, tc.wantErr)
				}
				return
			}
			if err != nil || len(o.Answers) != 1 {
				t.Fatalf("%v, %d answers", err, len(o.Answers))
			}
		})
	}
	// Read with the same Options keeps exactly fits of those lines.
	f, err := Read(strings.NewReader(strings.Repeat(line, fits+1)+"p cnf 1 1\n1 0\n"), "f", opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Comments) != fits || f.DroppedComments() != 1 {
		t.Errorf("Read kept %d lines, dropped %d; want %d, 1", len(f.Comments), f.DroppedComments(), fits)
	}
	// ReadOutput's bound is Read's default, worded in MiB.
	if got := newOutParser(strings.NewReader(""), "x", Options{}).maxHeader; got != DefaultMaxComments {
		t.Errorf("default bound %d, want DefaultMaxComments", got)
	}
	if got := byteSize(DefaultMaxComments); got != "64 MiB" {
		t.Errorf("byteSize(DefaultMaxComments) = %q, want 64 MiB", got)
	}
}
