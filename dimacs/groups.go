package dimacs

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// Group is a set of clauses kept or dropped together, as a
// "c pipesat group ID NAME" line marks one: the clauses of one clue of a
// puzzle. Clauses in no group are group 0, the encoding itself, which a
// MUS extractor always keeps.
type Group struct {
	// ID is the group's number, > 0 and unique in its formula.
	ID int
	// Name is what a person calls it: `row 3 "2 1"`, `given r2c5=7`.
	Name string
	// Start and End delimit its clauses: clause i is in the group when
	// Start <= i < End (0-based).
	Start, End int
}

// CheckGroups returns nil if groups fit a formula of n clauses: IDs
// positive and distinct, ranges within 0..n that do not overlap; else an
// error naming the first group at fault, in the order given.
func CheckGroups(groups []Group, n int) error {
	ids := make(map[int]int, len(groups))
	for i, g := range groups {
		switch {
		case g.ID <= 0:
			return fmt.Errorf("group %d %q: id must be positive", g.ID, g.Name)
		case g.Start < 0 || g.End < g.Start || g.End > n:
			return fmt.Errorf("group %d %q: clauses %d..%d outside the formula's %d", g.ID, g.Name, g.Start+1, g.End, n)
		}
		if j, ok := ids[g.ID]; ok {
			return fmt.Errorf("group %d %q: id used by group %q too", g.ID, g.Name, groups[j].Name)
		}
		ids[g.ID] = i
	}
	byStart := slices.Clone(groups)
	slices.SortStableFunc(byStart, func(a, b Group) int { return a.Start - b.Start })
	for i := 1; i < len(byStart); i++ {
		if a, b := byStart[i-1], byStart[i]; b.Start < a.End {
			return fmt.Errorf("group %d %q: clause %d is in group %d %q too", b.ID, b.Name, b.Start+1, a.ID, a.Name)
		}
	}
	return nil
}

// WriteGCNF writes f with its clauses in groups as group-oriented CNF, the
// format of MUSer2 and the SAT competition's MUS track: a comment
// "c group ID NAME" for each group, in the order given, then
// "p gcnf V C G" with G the largest ID (0 if none), then each clause in
// f's order, prefixed "{ID}", "{0}" for one in no group. groups must pass
// CheckGroups.
func WriteGCNF(w io.Writer, f *Formula, groups []Group) error {
	n := f.NumClauses()
	if err := CheckGroups(groups, n); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := &countWriter{w: bw}
	last := 0
	for _, g := range groups {
		writeComment(cw, "group "+strconv.Itoa(g.ID)+" "+g.Name)
		last = max(last, g.ID)
	}
	of := make([]int32, n)
	for _, g := range groups {
		for i := g.Start; i < g.End; i++ {
			of[i] = int32(g.ID)
		}
	}
	buf := fmt.Appendf(nil, "p gcnf %d %d %d\n", f.Vars, n, last)
	cw.Write(buf)
	for i := 0; i < n; i++ {
		buf = append(buf[:0], '{')
		buf = strconv.AppendInt(buf, int64(of[i]), 10)
		buf = append(buf, "} "...)
		buf = appendClause(buf, f.Clause(i))
		cw.Write(buf)
	}
	if cw.err != nil {
		return cw.err
	}
	return bw.Flush()
}
