package satrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/testenv/lrattest"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/solver"
)

// grouped is a formula of four groups: x1, x1 -> x2, not x2, and x3.
const grouped = `c pipesat toy
p cnf 3 5
c pipesat group 1 x1
1 0
c pipesat group 2 x1 implies x2
-1 2 0
c pipesat group 3 not x2
-2 0
c pipesat group 0 encoding
2 3 -3 0
c pipesat group 4 x3
3 0
`

const groupHeader = `c pipesat toy
c pipesat group 1 x1
c pipesat group 2 x1 implies x2
c pipesat group 3 not x2
c pipesat group 4 x3
`

// how is the summary's account with its time cut off.
func cutTimes(s string) string {
	var out []string
	for l := range strings.Lines(s) {
		if i := strings.Index(l, ", found by "); i >= 0 {
			l = l[:i] + "\n"
		}
		out = append(out, l)
	}
	return strings.Join(out, "")
}

// forced is a formula of three groups that force its one solution: x1, x1
// -> x2, x3; with x3's clause a tautology, x3 is free.
const forced = `c pipesat toy
p cnf 3 4
c pipesat group 1 x1
1 0
c pipesat group 2 x1 implies x2
-1 2 0
c pipesat group 0 encoding
2 3 -3 0
c pipesat group 3 x3
3 0
`

const forcedHeader = `c pipesat toy
c pipesat group 1 x1
c pipesat group 2 x1 implies x2
c pipesat group 3 x3
`

func TestExplain(t *testing.T) {
	free := strings.Replace(forced, "\n3 0\n", "\n3 -3 0\n", 1)
	conflict := groupHeader + `s UNSATISFIABLE
c conflict group 1 x1
c conflict group 2 x1 implies x2
c conflict group 3 not x2
c conflict: 3 of 4 groups
`
	for _, tt := range []struct {
		name string
		in   string
		cfg  config
		want string
		code int
	}{
		{"conflict", grouped, config{}, conflict, 20},
		{"assume", grouped, config{Assume: []int{3}}, conflict, 20},
		{"unique", forced, config{}, forcedHeader + `s SATISFIABLE
v 1 2 3 0
c solutions 1
c needed group 1 x1
c needed group 2 x1 implies x2
c needed group 3 x3
c needed: 3 of 3 groups force the solution
`, 10},
		{"projected", free, config{Project: "1-2"}, forcedHeader + `s SATISFIABLE
v 1 2 3 0
c solutions 1
c needed group 1 x1
c needed group 2 x1 implies x2
c needed: 2 of 3 groups force the solution
`, 10},
	} {
		for _, s := range []solver.Solver{solver.Gini{}, freshGini{}} {
			t.Run(tt.name+"/"+s.Name(), func(t *testing.T) {
				cfg := tt.cfg
				cfg.Solver, cfg.Explain = s, true
				var out, errOut bytes.Buffer
				code, err := solve(context.Background(), cfg, strings.NewReader(tt.in), "t.cnf", &out, &errOut)
				got := cutTimes(out.String())
				if tt.name == "projected" {
					got = strings.Replace(got, "v 1 2 -3 0", "v 1 2 3 0", 1) // x3 is free
				}
				if err != nil || code != tt.code || got != tt.want {
					t.Errorf("exit %d, %v, output\n%s\nwant exit %d\n%s", code, err, out.String(), tt.code, tt.want)
				}
				if _, err := dimacs.ReadAnswer(strings.NewReader(out.String()), "out"); err != nil {
					t.Errorf("the decoders cannot read it: %v", err)
				}
			})
		}
	}
	// Not unique: two checked models, as --max 2 prints them, and no
	// groups.
	for _, s := range []solver.Solver{solver.Gini{}, freshGini{}} {
		var out, errOut bytes.Buffer
		code, err := solve(context.Background(), config{Solver: s, Explain: true}, strings.NewReader(free), "t.cnf", &out, &errOut)
		o, rerr := dimacs.ReadAnswer(strings.NewReader(out.String()), "out")
		if err != nil || rerr != nil || code != 10 || len(o.Models()) != 2 || o.Complete() || o.Explain == nil || !o.Explain.NotUnique ||
			!strings.HasSuffix(out.String(), "c limit 2 reached; more models may exist\nc needed: none, the solution is not unique\n") {
			t.Errorf("%s: exit %d, %v, %v, output\n%s", s.Name(), code, err, rerr, out.String())
		}
	}
}

// freshGini is gini as an external solver: a fresh formula each call.
type freshGini struct{ solver.Gini }

func (freshGini) Name() string { return "fresh" }

// cancelling cancels its context's parent at its n'th call, as a timeout
// would.
type cancelling struct {
	solver.Gini
	n      int
	cancel context.CancelFunc
}

func (c *cancelling) Name() string { return "cancelling" }
func (c *cancelling) Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*solver.Result, error) {
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return c.Gini.Solve(ctx, f, assume)
}

// TestExplainTimeout: a timeout while shrinking still answers UNSAT, the
// conflict marked not minimal; one before the first answer, UNKNOWN.
func TestExplainTimeout(t *testing.T) {
	for n, want := range map[int]string{
		1: groupHeader + "s UNKNOWN\n",
		2: groupHeader + `s UNSATISFIABLE
c conflict not minimal (timeout)
c conflict group 1 x1
c conflict group 2 x1 implies x2
c conflict group 3 not x2
c conflict group 4 x3
c conflict: 4 of 4 groups
`,
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var out, errOut bytes.Buffer
		code, err := solve(ctx, config{Solver: &cancelling{n: n, cancel: cancel}, Explain: true}, strings.NewReader(grouped), "t.cnf", &out, &errOut)
		cancel()
		wantCode := 20
		if n == 1 {
			wantCode = 0
		}
		if err != nil || code != wantCode || cutTimes(out.String()) != want {
			t.Errorf("cancelled at call %d: exit %d, %v, output\n%s\nwant\n%s", n, code, err, out.String(), want)
		}
	}
}

func TestExplainUsage(t *testing.T) {
	for _, tt := range []struct {
		cfg  config
		in   string
		want string
	}{
		{config{GCNF: true}, "p cnf 1 1\n1 0\n", `--format gcnf: t.cnf has no group lines ("c pipesat group ID NAME", which the pipesat encoders write, nono2cnf with --presolve=false): nothing tells which clauses make a clue`},
	} {
		tt.cfg.Solver = solver.Gini{}
		var out bytes.Buffer
		_, err := solve(context.Background(), tt.cfg, strings.NewReader(tt.in), "t.cnf", &out, &out)
		var ue *usage.Error
		if err == nil || err.Error() != tt.want || !errors.As(err, &ue) || out.Len() != 0 {
			t.Errorf("%+v: %v, output %q; want usage error %q", tt.cfg, err, out.String(), tt.want)
		}
	}
}

// TestExplainNoGroups checks --explain on formulas without group lines:
// the answer as without --explain, after a line that says there is
// nothing to explain by, with the same exit status.
func TestExplainNoGroups(t *testing.T) {
	const note = `c nothing to explain: t.cnf has no group lines ("c pipesat group ID NAME", which the pipesat encoders write, nono2cnf with --presolve=false): nothing tells which clauses make a clue` + "\n"
	for _, tt := range []struct {
		in   string
		code int
		want string
	}{
		{"p cnf 2 2\n1 0\n-1 -2 0\n", 10, note + "s SATISFIABLE\nv 1 -2 0\n"},
		{"p cnf 1 2\n1 0\n-1 0\n", 20, note + "s UNSATISFIABLE\n"},
	} {
		var out bytes.Buffer
		code, err := solve(context.Background(), config{Solver: solver.Gini{}, Explain: true}, strings.NewReader(tt.in), "t.cnf", &out, &out)
		if err != nil || code != tt.code || out.String() != tt.want {
			t.Errorf("%q: exit %d, %v, output\n%s\nwant exit %d, output\n%s", tt.in, code, err, out.String(), tt.code, tt.want)
		}
	}
}

func TestGCNF(t *testing.T) {
	var out bytes.Buffer
	code, err := solve(context.Background(), config{Solver: solver.Gini{}, GCNF: true}, strings.NewReader(grouped), "t.cnf", &out, &out)
	want := `c group 1 x1
c group 2 x1 implies x2
c group 3 not x2
c group 4 x3
p gcnf 3 5 4
{1} 1 0
{2} -1 2 0
{3} -2 0
{0} 2 3 -3 0
{4} 3 0
`
	if err != nil || code != 0 || out.String() != want {
		t.Errorf("exit %d, %v, output\n%s\nwant\n%s", code, err, out.String(), want)
	}
}

// TestExplainCallBound: with a solver other than gini and many groups,
// satrun says up front how many calls the search may make; with gini,
// which shrinks by its failed assumptions, it does not.
func TestExplainCallBound(t *testing.T) {
	// 50 groups: x1, not x1, then x2 ... x49.
	var in strings.Builder
	in.WriteString("p cnf 49 50\nc pipesat group 1 x1\n1 0\nc pipesat group 2 not x1\n-1 0\n")
	for v := 2; v <= 49; v++ {
		fmt.Fprintf(&in, "c pipesat group %d x%d\n%d 0\n", v+1, v, v)
	}
	for _, s := range []solver.Solver{freshGini{}, solver.Gini{}} {
		var out, errOut bytes.Buffer
		code, err := solve(context.Background(), config{Solver: s, Explain: true}, strings.NewReader(in.String()), "t.cnf", &out, &errOut)
		const bound = "\nc explain: 50 groups: up to 107 calls of fresh, each on a fresh CNF\ns UNSATISFIABLE\n"
		want := strings.HasSuffix(cutTimes(out.String()), "\nc conflict group 1 x1\nc conflict group 2 not x1\nc conflict: 2 of 50 groups\n")
		if err != nil || code != 20 || !want || strings.Contains(out.String(), bound) != (s.Name() == "fresh") {
			t.Errorf("%s: exit %d, %v, output\n%s", s.Name(), code, err, out.String())
		}
	}
}

// TestExplainLRAT: satrun --explain --certify --lrat FILE writes LRAT that
// checks against the input CNF (lrattest: drat's reader, the tests'
// second checker, lrat-check where installed), though the proof is of the
// conflict's clauses alone: the file numbers the input's clauses and
// deletes the others first. The fake solver refutes every set holding
// the clauses of groups 2 and 4 (all four clauses over 1 and 2) with the
// proof "2 0", "0", and satisfies every other with a model it picks by
// the clause missing.
func TestExplainLRAT(t *testing.T) {
	const input = `p cnf 4 6
c pipesat group 1 three
3 0
c pipesat group 2 two if one or not
1 2 0
-1 2 0
c pipesat group 3 four if three
-3 4 0
c pipesat group 4 not two if one or not
1 -2 0
-1 -2 0
`
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake.sh")
	os.WriteFile(fake, []byte(`sat() { echo s SATISFIABLE; echo "v $1 3 4 0"; exit 10; }
grep -qx '1 2 0' "$1" || sat '-1 -2'
grep -qx -- '-1 2 0' "$1" || sat '1 -2'
grep -qx -- '1 -2 0' "$1" || sat '-1 2'
grep -qx -- '-1 -2 0' "$1" || sat '1 2'
printf '2 0\n0\n' > "$2"
echo s UNSATISFIABLE
exit 20
`), 0o755)
	out := filepath.Join(dir, "out.lrat")
	code, stdout, stderr := cmdiotest.Run(Tool(""), input, "--explain", "--certify", "--lrat", out, "--solver-cmd", "sh "+fake+" {cnf} {proof}")
	want := `c pipesat group 1 three
c pipesat group 2 two if one or not
c pipesat group 3 four if three
c pipesat group 4 not two if one or not
s UNSATISFIABLE
c conflict group 2 two if one or not
c conflict group 4 not two if one or not
c conflict: 2 of 4 groups
c proof verified
`
	if code != 20 || cutTimes(stdout) != want || stderr != "" {
		t.Fatalf("exit %d, stdout\n%s\nstderr %q\nwant exit 20, stdout\n%s", code, stdout, stderr, want)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := "6 d 1 4 0\n7 2 0 2 3 0\n8 0 7 5 6 0\n"; string(b) != want {
		t.Errorf("LRAT\n%s\nwant\n%s", b, want)
	}
	if err := lrattest.Verify(input, string(b)); err != nil {
		t.Error(err)
	}
}
