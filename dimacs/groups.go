package dimacs

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/internal/bytecount"
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
	cw := &bytecount.Writer{W: bw}
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
	if cw.Err != nil {
		return cw.Err
	}
	return bw.Flush()
}

// MaxGroupName bounds a group's name, in bytes.
const MaxGroupName = 1000

// groupPrefix starts the text of a group line (the comment without "c ").
const groupPrefix = "pipesat group "

// GroupLine returns the text of the comment line (without "c ") that
// starts group id called name: "pipesat group 17 row 3 \"2 1\"". The name
// is made valid first (see CleanGroupName). Group 0's line names it
// "encoding" whatever name is.
func GroupLine(id int, name string) string {
	if id == 0 {
		name = "encoding"
	}
	return groupPrefix + strconv.Itoa(id) + " " + CleanGroupName(name)
}

// CleanGroupName returns name as a group line carries it: as CleanName
// makes a variable name, but up to MaxGroupName bytes.
func CleanGroupName(name string) string { return cleanName(name, MaxGroupName) }

// IsGroupLine reports whether comment text c (without "c ") is a group
// line: it starts "pipesat group ".
func IsGroupLine(c string) bool { return strings.HasPrefix(c, groupPrefix) }

// isGroupLine is IsGroupLine for the parser's bytes.
func isGroupLine(c []byte) bool {
	return len(c) >= len(groupPrefix) && string(c[:len(groupPrefix)]) == groupPrefix
}

// ParseGroupLine reads a group line's text (without "c "): "pipesat group
// ID NAME", ID a decimal number without sign or leading zeros, NAME the
// rest of the line, a valid name (see CleanGroupName) of at most
// MaxGroupName bytes. Group 0 may have no name. An error is a
// *PipesatLineError whose Col is the byte of text at fault.
func ParseGroupLine(text string) (id int, name string, err error) {
	if !IsGroupLine(text) {
		return 0, "", &PipesatLineError{Col: 1, Err: fmt.Errorf("want %q", "pipesat group ID NAME")}
	}
	id, name, col, err := parseGroupTail(text[len(groupPrefix):])
	if err != nil {
		return 0, "", &PipesatLineError{Col: len(groupPrefix) + col, Err: err}
	}
	return id, name, nil
}

// parseGroupTail reads "ID NAME" (what follows "group "), returning the
// byte of s at fault with an error.
func parseGroupTail(s string) (id int, name string, col int, err error) {
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	switch {
	case digits == 0:
		return 0, "", 1, fmt.Errorf("want a group number, not %q", firstWord(s))
	case digits > 1 && s[0] == '0':
		return 0, "", 1, fmt.Errorf("group number %q has a leading zero", s[:digits])
	case digits > 9:
		return 0, "", 1, fmt.Errorf("group number %q is over 999999999", s[:digits])
	}
	id, _ = strconv.Atoi(s[:digits])
	rest := s[digits:]
	switch {
	case rest == "" && id == 0:
		return 0, "", 0, nil
	case rest == "" || rest == " ":
		return 0, "", digits + 1, fmt.Errorf("group %d has no name", id)
	case rest[0] != ' ':
		return 0, "", digits + 1, fmt.Errorf("want a space after the group number, not %q", rest[:1])
	}
	name = rest[1:]
	if len(name) > MaxGroupName {
		return 0, "", digits + 2, fmt.Errorf("group %d's name is longer than %d bytes", id, MaxGroupName)
	}
	if CleanGroupName(name) != name {
		return 0, "", digits + 2, fmt.Errorf("group %d's name %q is not a name: printable text without spaces at its ends", id, name)
	}
	return id, name, 0, nil
}

func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// Groups returns the groups of f's clauses, in the order of their
// clauses: those its group lines marked when f was read, or BeginGroup
// started when it was built. A group without clauses is left out. The
// slice is f's: do not modify it.
func (f *Formula) Groups() []Group {
	if !f.groupOpen {
		return f.marked
	}
	last := &f.marked[len(f.marked)-1]
	last.End = f.NumClauses()
	if last.End == last.Start {
		return f.marked[:len(f.marked)-1]
	}
	return f.marked
}

// BeginGroup starts group id called name: the clauses added from here up
// to the next BeginGroup are its clauses, and WriteTo writes its group
// line before them (see GroupLine). id 0 goes back to group 0: the clauses
// that only define the encoding. A group that gets no clause is dropped.
// IDs must be unique in f (CheckGroups checks).
func (f *Formula) BeginGroup(id int, name string) {
	f.beginGroup(id, CleanGroupName(name), f.NumClauses())
}

// beginGroup is BeginGroup at clause n, with a valid name.
func (f *Formula) beginGroup(id int, name string, n int) {
	f.endGroup(n)
	if id > 0 {
		f.marked = append(f.marked, Group{ID: id, Name: name, Start: n, End: n})
		f.groupOpen = true
	}
}

// endGroup ends the open group, if any, at clause n, and drops it if it
// has no clause. It returns the ID of the group dropped, or 0.
func (f *Formula) endGroup(n int) (dropped int) {
	if !f.groupOpen {
		return 0
	}
	f.groupOpen = false
	last := &f.marked[len(f.marked)-1]
	last.End = n
	if last.Start == n {
		dropped = last.ID
		f.marked = f.marked[:len(f.marked)-1]
	}
	return dropped
}

// writeGroupLines writes the group lines that go before clause i of a
// formula grouped as groups (in clause order), from groups[k] on: the
// line of a group that starts at i, or the line of group 0 when a group
// ends at i and none starts there. It returns the index of the first
// group not yet started.
func writeGroupLines(cw *bytecount.Writer, groups []Group, k, i int) int {
	if k < len(groups) && groups[k].Start == i {
		writeComment(cw, GroupLine(groups[k].ID, groups[k].Name))
		return k + 1
	}
	if k > 0 && groups[k-1].End == i {
		writeComment(cw, GroupLine(0, ""))
	}
	return k
}

// WriteForwarded writes the comment lines satrun copies from f to its
// answer, before it: the pipesat lines (Pipesat), then a group line
// (GroupLine) for each group, each line "c " and a newline. A decoder
// reads the puzzle and the groups of satrun --explain from them.
func (f *Formula) WriteForwarded(w *bufio.Writer) {
	for _, c := range f.Comments {
		if IsPipesatComment(c) {
			w.WriteString("c ")
			w.WriteString(c)
			w.WriteByte('\n')
		}
	}
	f.writeGroupLines(w)
}

// writeGroupLines writes WriteForwarded's group lines.
func (f *Formula) writeGroupLines(w *bufio.Writer) {
	for _, g := range f.Groups() {
		w.WriteString("c ")
		w.WriteString(GroupLine(g.ID, g.Name))
		w.WriteByte('\n')
	}
}
