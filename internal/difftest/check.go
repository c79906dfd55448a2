package difftest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pipesat/pipesat/dimacs"
)

// Kinds of Disagreement.
const (
	// KindStatus: an engine answered SAT where the formula is
	// unsatisfiable or UNSAT where it is satisfiable.
	KindStatus = "status"
	// KindModel: a printed model falsifies the formula.
	KindModel = "model"
	// KindCount: a model count differs from brute force, or an enumeration
	// printed a wrong, repeated or unfinished list of models.
	KindCount = "count"
	// KindCrash: an engine failed: an unexpected exit status, a signal, a
	// timeout, an UNKNOWN answer, or output that cannot be read.
	KindCrash = "crash"
)

// Disagreement is one engine's wrong or failed answer on one formula.
type Disagreement struct {
	Kind   string // KindStatus, KindModel, KindCount or KindCrash
	Engine string // e.g. "picosat/raw", "gini/satrun --all --project"
	Detail string
}

func (d Disagreement) String() string { return d.Kind + ": " + d.Engine + ": " + d.Detail }

// Config says what a Run or Replay runs.
type Config struct {
	// Satrun is the path of the satrun program; "" leaves out every
	// satrun run (raw runs only).
	Satrun string
	// Gini includes the embedded gini (raw, in-process, and through satrun).
	Gini bool
	// Solvers are the external solvers.
	Solvers []Solver
	// Timeout bounds each run; DefaultTimeout if zero. A run that takes
	// longer is a KindCrash disagreement.
	Timeout time.Duration
	// ShrinkRuns and ShrinkTime bound the checks and the time spent
	// shrinking one disagreement (DefaultShrinkRuns, DefaultShrinkTime if
	// zero); the smallest formula found by then is kept.
	ShrinkRuns int
	ShrinkTime time.Duration
}

// Defaults of Config.
const (
	DefaultTimeout    = 60 * time.Second
	DefaultShrinkRuns = 4000
	DefaultShrinkTime = 3 * time.Minute
)

// maxExternalCount bounds the projected count an external solver is asked
// to enumerate (it runs once per model); gini enumerates incrementally.
const (
	maxExternalCount = 24
	maxGiniCount     = 256
)

// harness holds the engines of a Config.
type harness struct {
	cfg      Config
	engines  []engine
	counters []counter
}

func newHarness(cfg Config) *harness {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.ShrinkRuns <= 0 {
		cfg.ShrinkRuns = DefaultShrinkRuns
	}
	if cfg.ShrinkTime <= 0 {
		cfg.ShrinkTime = DefaultShrinkTime
	}
	h := &harness{cfg: cfg}
	if cfg.Gini {
		h.engines = append(h.engines, giniRaw{})
		if cfg.Satrun != "" {
			args := []string{"--solver", "gini"}
			h.engines = append(h.engines, satrunEngine{"gini", cfg.Satrun, args})
			h.counters = append(h.counters,
				counter{"gini", cfg.Satrun, args, false, maxGiniCount},
				counter{"gini", cfg.Satrun, args, true, maxGiniCount})
		}
	}
	for _, s := range cfg.Solvers {
		h.engines = append(h.engines, raw{s})
		if cfg.Satrun != "" {
			h.engines = append(h.engines, satrunEngine{s.Name, cfg.Satrun, s.Satrun})
			h.counters = append(h.counters, counter{s.Name, cfg.Satrun, s.Satrun, true, maxExternalCount})
		}
	}
	return h
}

// isReference reports whether an engine is one of gini's, which a status
// check keeps while shrinking another engine's disagreement: its model is
// the evidence that the formula is satisfiable.
func isReference(name string) bool { return strings.HasPrefix(name, "gini/") }

// checked is what check found.
type checked struct {
	runs    int
	ds      []Disagreement
	truth   dimacs.Status // Unknown if neither brute force nor a model decided
	counted bool          // some model count was checked
}

// check solves c with every engine sel accepts (all if sel is nil) in the
// directory dir, and returns the number of runs and the disagreements. proj
// is the projection of the counts (checked only when c has at most
// MaxCountVars variables). If ctx ends, the disagreements seen so far are
// incomplete and ctx.Err() is returned.
func (h *harness) check(ctx context.Context, dir string, c CNF, proj []int, sel func(string) bool) (checked, error) {
	var ck checked
	f := c.Formula()
	cnf := filepath.Join(dir, "f.cnf")
	if err := writeFormula(cnf, f); err != nil {
		return ck, err
	}
	answers, witness, err := h.solveAll(ctx, dir, cnf, f, sel, &ck)
	if err != nil {
		return ck, err
	}
	ck.judge(c, f, answers, witness, sel)
	if c.Vars > MaxCountVars {
		return ck, nil
	}
	return ck, h.countAll(ctx, cnf, c, f, proj, sel, &ck)
}

// answer is an engine's status that check compares with the truth.
type answer struct {
	name   string
	status dimacs.Status
}

// solveAll runs each engine sel accepts on cnf, the file of f, and
// returns the answers that stand (a SAT answer's model checked against
// f) and an engine whose model checks ("" if none); crashes, wrong models
// and non-answers are disagreements in ck.
func (h *harness) solveAll(ctx context.Context, dir, cnf string, f *dimacs.Formula, sel func(string) bool, ck *checked) ([]answer, string, error) {
	var answers []answer
	witness := "" // an engine whose model checks
	for _, e := range h.engines {
		if sel != nil && !sel(e.name()) {
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, h.cfg.Timeout)
		o := e.solve(rctx, dir, cnf)
		cancel()
		ck.runs++
		if err := ctx.Err(); err != nil {
			return answers, witness, err
		}
		switch {
		case o.err != nil:
			ck.ds = append(ck.ds, Disagreement{KindCrash, e.name(), o.err.Error()})
		case o.status == dimacs.Sat && o.model == nil:
			ck.ds = append(ck.ds, Disagreement{KindModel, e.name(), "SATISFIABLE without a model"})
		case o.status == dimacs.Sat:
			if err := f.Check(o.model); err != nil {
				ck.ds = append(ck.ds, Disagreement{KindModel, e.name(), err.Error()})
			} else {
				answers = append(answers, answer{e.name(), o.status})
				if witness == "" {
					witness = e.name()
				}
			}
		case o.status == dimacs.Unsat:
			answers = append(answers, answer{e.name(), o.status})
		default:
			ck.ds = append(ck.ds, Disagreement{KindCrash, e.name(), "answered " + o.status.String()})
		}
	}
	return answers, witness, nil
}

// judge decides c's status (brute force, else its planted model, else the
// witness's) and adds a disagreement for each answer that differs from
// it, and for brute force itself when a model contradicts it.
func (ck *checked) judge(c CNF, f *dimacs.Formula, answers []answer, witness string, sel func(string) bool) {
	truth, source := bruteStatus(c), "brute force"
	if truth == dimacs.Unknown && c.Planted != nil && f.Check(c.Planted) == nil {
		truth, source = dimacs.Sat, "its planted model satisfies it"
	}
	if truth == dimacs.Unknown && witness != "" {
		truth, source = dimacs.Sat, witness+"'s model satisfies it"
	}
	if truth == dimacs.Unsat && witness != "" && (sel == nil || sel("brute force")) {
		ck.ds = append(ck.ds, Disagreement{KindStatus, "brute force", "found no model, but " + witness + "'s model satisfies the formula"})
	}
	for _, a := range answers {
		if truth != dimacs.Unknown && a.status != truth {
			ck.ds = append(ck.ds, Disagreement{KindStatus, a.name, fmt.Sprintf("answered %v, but the formula is %s (%s)", a.status, satWord(truth), source)})
		}
	}
	ck.truth = truth
	if truth == dimacs.Unknown && len(answers) > 0 {
		ck.truth = dimacs.Unsat // every engine that answered said so
	}
}

// countAll runs each counter sel accepts on cnf, the file of c (f), over
// every variable or, for a projecting counter, proj, and compares its
// models and count with brute force's; counts above the counter's limit
// are not asked for.
func (h *harness) countAll(ctx context.Context, cnf string, c CNF, f *dimacs.Formula, proj []int, sel func(string) bool, ck *checked) error {
	all := make([]int, c.Vars)
	for i := range all {
		all[i] = i + 1
	}
	for _, k := range h.counters {
		if sel != nil && !sel(k.name()) {
			continue
		}
		p := all
		if k.project && len(proj) > 0 {
			p = proj
		}
		want := bruteCount(c, p)
		if want > k.maxModels {
			continue
		}
		ck.counted = true
		kk := k
		kk.project = k.project && len(p) > 0
		rctx, cancel := context.WithTimeout(ctx, h.cfg.Timeout)
		ms, got, err := kk.count(rctx, cnf, p)
		cancel()
		ck.runs++
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		if err != nil {
			ck.ds = append(ck.ds, Disagreement{KindCount, k.name(), err.Error()})
			continue
		}
		if d := checkModels(f, ms, p); d != "" {
			ck.ds = append(ck.ds, Disagreement{KindCount, k.name(), d})
			continue
		}
		if got != want {
			ck.ds = append(ck.ds, Disagreement{KindCount, k.name(), fmt.Sprintf("counted %d models on %s, brute force %d", got, formatVars(p), want)})
		}
	}
	return nil
}

// checkModels returns "" if every model of an enumeration satisfies f and
// no two agree on every variable of proj, else what is wrong.
func checkModels(f *dimacs.Formula, ms []dimacs.Model, proj []int) string {
	seen := make(map[string]int)
	for i, m := range ms {
		if err := f.Check(m); err != nil {
			return fmt.Sprintf("model %d: %v", i+1, err)
		}
		var k strings.Builder
		for _, v := range proj {
			k.WriteByte(byte('0' + m.Lit(v) + 1))
		}
		if j, ok := seen[k.String()]; ok {
			return fmt.Sprintf("models %d and %d agree on %s", j+1, i+1, formatVars(proj))
		}
		seen[k.String()] = i
	}
	return ""
}

func satWord(s dimacs.Status) string {
	if s == dimacs.Sat {
		return "satisfiable"
	}
	return "unsatisfiable"
}

// projection returns the projection of formula i's counts: a random subset
// of its variables, cut down until brute force counts at most
// maxExternalCount models on it. It depends on (seed, i, c) alone.
func projection(seed uint64, i int, c CNF) []int {
	if c.Vars == 0 || c.Vars > MaxCountVars {
		return nil
	}
	r := rand.New(rand.NewPCG(seed^0x5bd1e995, uint64(i)))
	var p []int
	for v := 1; v <= c.Vars; v++ {
		if r.IntN(10) < 6 {
			p = append(p, v)
		}
	}
	if len(p) == 0 {
		p = append(p, 1+r.IntN(c.Vars))
	}
	for len(p) > 1 && bruteCount(c, p) > maxExternalCount {
		j := r.IntN(len(p))
		p = slices.Delete(p, j, j+1)
	}
	return p
}

// writeFormula writes f to path as canonical DIMACS.
func writeFormula(path string, f *dimacs.Formula) error {
	var b strings.Builder
	if _, err := f.WriteTo(&b); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
