package difftest

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// KindReading is the kind of Disagreement of satrun reading a shaped file
// (see shapes) other than the reference reading: refusing a file it must
// read, or answering for one it must refuse or for another formula.
const KindReading = "reading"

// A shape writes a formula's clauses as DIMACS text that is not the
// canonical one, in one of the ways real files differ (and break): the
// SATLIB trailer, CRLF line ends, a "%" line or a lone CR amid the clauses,
// a cut file, a header whose clause count is wrong, a comment a solver
// misreads. Each formula gets one
// shape, read by satrun both strictly and with --relaxed, and compared with
// referenceRead.
type shape struct {
	name string
	// write returns the text, or nil if the shape does not apply to c.
	write func(r *rand.Rand, c CNF) []byte
}

var shapes = []shape{
	{"SATLIB trailer", func(r *rand.Rand, c CNF) []byte {
		return append(canonical(c, len(c.Clauses)), "%\n0\n\n"...)
	}},
	{"SATLIB trailer without its 0", func(r *rand.Rand, c CNF) []byte {
		return append(canonical(c, len(c.Clauses)), "%\n"...)
	}},
	{"CRLF line ends", func(r *rand.Rand, c CNF) []byte {
		return bytes.ReplaceAll(canonical(c, len(c.Clauses)), []byte("\n"), []byte("\r\n"))
	}},
	{"CRLF and SATLIB trailer", func(r *rand.Rand, c CNF) []byte {
		return bytes.ReplaceAll(append(canonical(c, len(c.Clauses)), "%\n0\n"...), []byte("\n"), []byte("\r\n"))
	}},
	{`"%" line amid the clauses`, func(r *rand.Rand, c CNF) []byte {
		if len(c.Clauses) < 2 {
			return nil
		}
		k := 1 + r.IntN(len(c.Clauses)-1)
		b := header(c.Vars, len(c.Clauses))
		b = appendClauses(b, c.Clauses[:k])
		b = append(b, "%\n"...)
		return appendClauses(b, c.Clauses[k:])
	}},
	{`clause after the SATLIB trailer`, func(r *rand.Rand, c CNF) []byte {
		if len(c.Clauses) == 0 {
			return nil
		}
		b := canonical(c, len(c.Clauses)-1)
		b = append(b, "%\n0\n"...)
		return appendClauses(b, c.Clauses[len(c.Clauses)-1:])
	}},
	{"byte 0xFF in a comment amid the clauses", func(r *rand.Rand, c CNF) []byte {
		// cryptominisat5 reads it as the end of its input.
		k := r.IntN(len(c.Clauses) + 1)
		b := header(c.Vars, len(c.Clauses))
		b = appendClauses(b, c.Clauses[:k])
		b = append(b, "c \xff\n"...)
		return appendClauses(b, c.Clauses[k:])
	}},
	{"lone CR for a line end", func(r *rand.Rand, c CNF) []byte {
		b := canonical(c, len(c.Clauses))
		var nl []int
		for i, x := range b {
			if x == '\n' {
				nl = append(nl, i)
			}
		}
		b[nl[r.IntN(len(nl))]] = '\r'
		return b
	}},
	{"lone CR at the end", func(r *rand.Rand, c CNF) []byte {
		b := canonical(c, len(c.Clauses))
		b[len(b)-1] = '\r'
		return b
	}},
	{"clause cut before its 0", func(r *rand.Rand, c CNF) []byte {
		n := len(c.Clauses)
		if n == 0 || len(c.Clauses[n-1]) == 0 {
			return nil
		}
		b := canonical(c, n)
		return b[:len(b)-len(" 0\n")] // "... l 0\n" without " 0\n"
	}},
	{"input cut in the header line", func(r *rand.Rand, c CNF) []byte {
		b := header(c.Vars, len(c.Clauses))
		return b[:len(b)-1]
	}},
	{"header counts more clauses", func(r *rand.Rand, c CNF) []byte {
		b := header(c.Vars, len(c.Clauses)+1+r.IntN(5))
		return appendClauses(b, c.Clauses)
	}},
	{"header counts fewer clauses", func(r *rand.Rand, c CNF) []byte {
		if len(c.Clauses) == 0 {
			return nil
		}
		b := header(c.Vars, r.IntN(len(c.Clauses)))
		return appendClauses(b, c.Clauses)
	}},
	{"file cut after a clause", func(r *rand.Rand, c CNF) []byte {
		if len(c.Clauses) == 0 {
			return nil
		}
		return canonical(c, r.IntN(len(c.Clauses)))
	}},
}

// canonical returns c's header (counting all its clauses) and its first k
// clauses as canonical DIMACS.
func canonical(c CNF, k int) []byte {
	return appendClauses(header(c.Vars, len(c.Clauses)), c.Clauses[:k])
}

func header(vars, clauses int) []byte {
	return fmt.Appendf(nil, "p cnf %d %d\n", vars, clauses)
}

func appendClauses(b []byte, cls [][]int) []byte {
	for _, cl := range cls {
		for _, l := range cl {
			b = strconv.AppendInt(b, int64(l), 10)
			b = append(b, ' ')
		}
		b = append(b, "0\n"...)
	}
	return b
}

// pickShape returns the shape of formula i and its text: the same for the
// same (seed, i, c), whatever the jobs.
func pickShape(seed uint64, i int, c CNF) (string, []byte) {
	r := rand.New(rand.NewPCG(seed^0x2545f4914f6cdd1d, uint64(i)))
	first := r.IntN(len(shapes))
	for k := range shapes {
		s := shapes[(first+k)%len(shapes)]
		if b := s.write(r, c); b != nil {
			return s.name, b
		}
	}
	panic("no shape applies") // the SATLIB trailer always does
}

// referenceRead reads text as pipesat's DIMACS rules say it must be read:
// the formula it holds, or ok false when it must be refused. It is written
// from the rules (dimacs.Parse's doc), line by line and without package
// dimacs, for the shapes' text: comments, one header, clauses of decimal
// literals, blanks, LF or CRLF line ends.
//
// The rules: a CR is only a line end before LF; a header line that
// promises clauses ends with a line end; each clause ends with 0, the last one included; a line
// starting "%" ends the formula only if nothing but a "0" line and blank
// lines follow it and no clause is open; strictly, the number of clauses
// is the header's.
func referenceRead(text []byte, relaxed bool) (c CNF, ok bool) {
	lines := strings.Split(string(text), "\n")
	r := &refReader{relaxed: relaxed, last: len(lines) - 1, trailer: -1}
	for i, line := range lines {
		if !r.line(i, line) {
			return CNF{}, false
		}
	}
	if !r.header || r.open || !relaxed && len(r.c.Clauses) != r.declared {
		return CNF{}, false
	}
	return r.c, true
}

// refReader is referenceRead's state between lines.
type refReader struct {
	c        CNF
	relaxed  bool
	last     int // lines[last] has no line end ("" if text ends with one)
	declared int // the header's clause count
	header   bool
	open     bool // a clause is open
	trailer  int  // the "%" line, -1 before one
	cur      []int
}

// line reads line i (from 0); false means the text must be refused.
func (r *refReader) line(i int, line string) bool {
	if strings.HasSuffix(line, "\r") && i < r.last {
		line = line[:len(line)-1]
	}
	if strings.Contains(line, "\r") {
		return false
	}
	f := strings.Fields(line)
	switch {
	case r.trailer >= 0:
		return len(f) == 0 || i == r.trailer+1 && len(f) == 1 && f[0] == "0"
	case len(f) == 0 || f[0][0] == 'c':
		return true
	case f[0] == "p":
		return r.headerLine(i, f)
	case f[0][0] == '%':
		r.trailer = i
		return r.header && !r.open
	case !r.header:
		return false
	}
	return r.literals(f)
}

// headerLine reads the "p cnf V N" line i, fields f: one, and ended by a
// line end when it promises clauses.
func (r *refReader) headerLine(i int, f []string) bool {
	if r.header || len(f) != 4 || f[1] != "cnf" {
		return false
	}
	v, err1 := strconv.Atoi(f[2])
	n, err2 := strconv.Atoi(f[3])
	if err1 != nil || err2 != nil || i == r.last && n > 0 {
		return false
	}
	r.header, r.c.Vars, r.declared = true, v, n
	return true
}

// literals reads the literals f of a clause line: each within the
// header's variables, 0 ending a clause, strictly no more clauses than
// the header's.
func (r *refReader) literals(f []string) bool {
	for _, tok := range f {
		l, err := strconv.Atoi(tok)
		if err != nil || l > r.c.Vars || -l > r.c.Vars {
			return false
		}
		if l != 0 {
			r.cur, r.open = append(r.cur, l), true
			continue
		}
		r.c.Clauses = append(r.c.Clauses, slices.Clone(r.cur))
		r.cur, r.open = r.cur[:0], false
		if !r.relaxed && len(r.c.Clauses) > r.declared {
			return false
		}
	}
	return true
}

// checkShapes writes formula i in its shape and has every satrun engine of
// h read it, strictly and with --relaxed: each must refuse it when
// referenceRead does, and otherwise answer for the formula referenceRead
// finds (its status is gini's on that formula, its model must satisfy it).
// It returns the runs and the disagreements, whose Detail names the shape.
func (h *harness) checkShapes(ctx context.Context, dir string, seed uint64, i int, c CNF) (int, []Disagreement, error) {
	name, text := pickShape(seed, i, c)
	path := filepath.Join(dir, "shaped.cnf")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		return 0, nil, err
	}
	runs := 0
	var ds []Disagreement
	for _, relaxed := range []bool{false, true} {
		want, ok := referenceRead(text, relaxed)
		var truth dimacs.Status
		var f *dimacs.Formula
		if ok {
			f = want.Formula()
			res, err := solver.Gini{}.Solve(ctx, f, nil)
			if err != nil {
				return runs, ds, err
			}
			truth = res.Status
		}
		for _, e := range h.engines {
			se, isSatrun := e.(satrunEngine)
			if !isSatrun {
				continue
			}
			if relaxed {
				se.label += " --relaxed"
				se.args = append(slices.Clone(se.args), "--relaxed")
			}
			rctx, cancel := context.WithTimeout(ctx, h.cfg.Timeout)
			o := se.solve(rctx, dir, path)
			cancel()
			runs++
			if err := ctx.Err(); err != nil {
				return runs, ds, err
			}
			if d := judgeReading(o, ok, truth, f); d != "" {
				ds = append(ds, Disagreement{KindReading, se.name(), name + ": " + d})
			}
		}
	}
	return runs, ds, nil
}

// judgeReading returns "" if o is what satrun must do with a file that
// referenceRead refuses (ok false) or reads as f, whose status is truth;
// else what is wrong.
func judgeReading(o outcome, ok bool, truth dimacs.Status, f *dimacs.Formula) string {
	switch {
	case !ok && o.err == nil:
		return fmt.Sprintf("answered %v for a file the reference reading refuses", o.status)
	case !ok:
		if !strings.Contains(o.err.Error(), "satrun exit status 1: ") {
			return "refused it, but not with exit status 1 and a message: " + o.err.Error()
		}
		return ""
	case o.err != nil:
		return fmt.Sprintf("failed on a file the reference reading reads (%v): %v", truth, o.err)
	case o.status != truth:
		return fmt.Sprintf("answered %v, but the formula the reference reading finds is %s", o.status, satWord(truth))
	case o.status == dimacs.Sat:
		if err := f.Check(o.model); err != nil {
			return err.Error()
		}
	}
	return ""
}
