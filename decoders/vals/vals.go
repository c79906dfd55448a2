package vals

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
)

// VarInfo is what the pipesat lines say about the variables: their names
// ("c varname V NAME") and the primary ones ("c pipesat primary 1-N").
type VarInfo struct {
	Names   map[int]string
	Primary [][2]int // inclusive ranges, increasing, merged (dimacs.ParseRanges)
}

// ParseVarInfo reads the "varname" and "pipesat primary" lines among lines
// (comment texts without "c "), ignoring the others. A variable's name is
// everything after "varname V " (see dimacs.ValidName); the primary list
// is parsed by dimacs.ParsePrimary, with no formula to bound it (ReadCNF
// bounds it by the CNF's variables).
func ParseVarInfo(lines []string) (*VarInfo, error) { return parseVarInfo(lines, 0) }

func parseVarInfo(lines []string, limit int) (*VarInfo, error) {
	h := &VarInfo{Names: map[int]string{}}
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, "varname "); ok {
			id, name, _ := strings.Cut(strings.TrimSpace(rest), " ")
			v, err := strconv.Atoi(id)
			name = strings.TrimSpace(name)
			if err != nil || v <= 0 || name == "" {
				return nil, dimacs.PipesatLineErr(i, fmt.Errorf("bad variable name line %q", "c "+l))
			}
			// A name is the rest of the line, spaces and parentheses
			// included ("tseitin (a & b)"); one that dimacs.ValidName
			// refuses (control characters, too long), which no pipesat
			// encoder writes, is printed as dimacs.CleanName makes it.
			h.Names[v] = dimacs.CleanName(name)
			continue
		}
		rs, ok, err := dimacs.ParsePrimary(l, limit)
		if err != nil {
			return nil, dimacs.PipesatLineErr(i, err)
		}
		if ok {
			h.Primary = rs
		}
	}
	return h, nil
}

// Merge adds the names and ranges of o that h lacks.
func (h *VarInfo) Merge(o *VarInfo) {
	for v, n := range o.Names {
		if _, ok := h.Names[v]; !ok {
			h.Names[v] = n
		}
	}
	if len(h.Primary) == 0 {
		h.Primary = o.Primary
	}
}

// ReadCNF reads a CNF file (compressed or not) and returns what its
// pipesat lines say about its variables and the formula, which Write can
// check the models against.
func ReadCNF(r io.Reader, name string) (*VarInfo, *dimacs.Formula, error) {
	f, err := dimacs.Read(r, name, dimacs.Options{Relaxed: true})
	if err != nil {
		return nil, nil, err
	}
	if n := f.DroppedComments(); n > 0 {
		// Names would be missing, silently: refuse as ReadOutput does.
		return nil, nil, fmt.Errorf("%s: header comment lines (c pipesat, c varname) over %d MiB: %d more not read", name, dimacs.DefaultMaxComments>>20, n)
	}
	var lines []string
	for _, c := range f.Comments {
		if dimacs.IsPipesatComment(c) {
			lines = append(lines, c)
		}
	}
	h, err := parseVarInfo(lines, f.Vars)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return h, f, nil
}

func (h *VarInfo) isPrimary(v int) bool {
	for _, r := range h.Primary {
		if r[0] <= v && v <= r[1] {
			return true
		}
	}
	return false
}

// ErrNoPrimary is Write's error when Options.Primary asks for the
// primary variables and no "c pipesat primary" line names them.
var ErrNoPrimary = errors.New("no \"c pipesat primary\" line")

// Options control Write.
type Options struct {
	Primary bool // only the primary variables
	True    bool // only the names of the true variables, one per line
	// Formula, if not nil, is the CNF the models are checked against with
	// dimacs.Formula.Check, as satrun checks them: a model that leaves a
	// clause without a true literal (false or unassigned) is an error.
	Formula *dimacs.Formula
}

// Result says what Write found: the answer's status, the blocks written
// (Solutions) and what the answer says of their number.
type Result struct {
	dimacs.Decoded
}

// Write writes one block per model of out to w: "name = true|false" lines
// (or "name = unassigned" when the model leaves the variable out) in
// variable order, blocks separated by a blank line. The variables are the
// named ones, all of the models' variables (as numbers) if none is
// named, and only the primary ones with opts.Primary. Models that agree
// on every printed variable are printed once, and the blocks are sorted
// (false before true, variable by variable) whatever the solver's order.
//
// A count line follows when the stream is a complete enumeration (see
// dimacs.Output.Complete), holds several models, or is an enumeration
// satrun cut short: "c solutions N" when complete, else "c at least N
// solutions" (N counts the blocks), and then Write returns the
// *dimacs.IncompleteError saying why. A stream whose solver failed
// ("c ERROR: ...") returns its *dimacs.UpstreamError after the blocks.
// dimacs.AfterOutput tells these two from errors that stop Write before it
// writes anything.
//
// After satrun --explain, an unsatisfiable answer writes the names of the
// conflict's groups, one per line, then the sentence "c no solution: A, B
// and C cannot all hold; ..." (dimacs.Explanation.Sentence); a unique
// solution is followed by the sentence naming the groups it needs.
func Write(w io.Writer, out *dimacs.Output, h *VarInfo, opts Options) (Result, error) {
	var res Result
	res.Status = out.Status()
	if err := out.Decodable(); err != nil {
		return res, err
	}
	models := out.Models()
	if len(models) == 0 {
		bw := bufio.NewWriter(w)
		writeConflict(bw, out.Explain)
		var err error
		res.Decoded, err = out.WriteEnding(bw, 0, dimacs.Ending{Count: true})
		if ferr := bw.Flush(); ferr != nil {
			return res, ferr
		}
		return res, err
	}
	if opts.Primary && len(h.Primary) == 0 {
		return res, ErrNoPrimary
	}
	vars := h.printed(models, opts.Primary)
	rows, err := project(models, vars, opts.Formula)
	if err != nil {
		return res, err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	h.writeBlocks(bw, rows, vars, opts.True)
	var after error
	res.Decoded, after = out.WriteEnding(bw, len(rows), dimacs.Ending{Count: true})
	if err := bw.Flush(); err != nil {
		return res, err
	}
	return res, after
}

// writeConflict writes, after satrun --explain of an unsatisfiable
// answer, the names of the conflict's groups, one a line (the sentence
// follows in the ending); nothing for any other answer without models.
func writeConflict(bw *bufio.Writer, e *dimacs.Explanation) {
	if e == nil || e.Needed {
		return
	}
	for _, g := range e.Groups {
		bw.WriteString(g.Name + "\n")
	}
}

// printed returns the variables Write prints, in order: the named ones,
// else every variable of the models; only the primary ones with primary.
func (h *VarInfo) printed(models []dimacs.Model, primary bool) []int {
	var vars []int
	for v := range h.Names {
		if !primary || h.isPrimary(v) {
			vars = append(vars, v)
		}
	}
	if len(h.Names) == 0 {
		n := 0
		for _, m := range models {
			n = max(n, m.Vars())
		}
		// Neither a primary range nor the formula's "p cnf" line makes the
		// list longer than the longest model: "p cnf 268435455 0" or
		// "primary 1-268435455" in a few bytes must not cost gigabytes.
		// (satrun's models assign every variable of the formula.)
		for v := 1; v <= n; v++ {
			if !primary || h.isPrimary(v) {
				vars = append(vars, v)
			}
		}
	}
	slices.Sort(vars)
	return vars
}

// project checks each model against f (when not nil), projects it on
// vars, drops repeats and sorts the rows (false before unassigned before
// true, variable by variable), so that the output does not depend on the
// order the solver found them in.
func project(models []dimacs.Model, vars []int, f *dimacs.Formula) ([][]int8, error) {
	seen := map[string]bool{}
	var rows [][]int8
	for k, m := range models {
		if f != nil {
			if err := f.Check(m); err != nil {
				return nil, fmt.Errorf("model %d: %w", k+1, err)
			}
		}
		row := make([]int8, len(vars))
		for k, v := range vars {
			if v < len(m) {
				row[k] = m[v]
			}
		}
		if key := string(int8sToBytes(row)); !seen[key] {
			seen[key] = true
			rows = append(rows, row)
		}
	}
	slices.SortFunc(rows, slices.Compare[[]int8])
	return rows, nil
}

// writeBlocks writes one block per row, separated by blank lines:
// "name = value" lines, or with onlyTrue the names of the true variables.
func (h *VarInfo) writeBlocks(bw *bufio.Writer, rows [][]int8, vars []int, onlyTrue bool) {
	name := func(v int) string {
		if n, ok := h.Names[v]; ok {
			return n
		}
		return strconv.Itoa(v)
	}
	for k, row := range rows {
		if k > 0 {
			bw.WriteString("\n")
		}
		for i, v := range vars {
			switch {
			case onlyTrue:
				if row[i] > 0 {
					bw.WriteString(name(v))
					bw.WriteByte('\n')
				}
			case row[i] == 0:
				fmt.Fprintf(bw, "%s = unassigned\n", name(v))
			default:
				fmt.Fprintf(bw, "%s = %t\n", name(v), row[i] > 0)
			}
		}
	}
}

func int8sToBytes(r []int8) []byte {
	b := make([]byte, len(r))
	for i, x := range r {
		b[i] = byte(x)
	}
	return b
}
