package score

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/suite"
)

// ByColumns are the row columns SplitBy may add to a configuration,
// beyond the solver, and "encoder": keep the encoding in it even where
// JoinEncodings would take it out.
var ByColumns = []string{"encoder", "version", "host", "jobs", "mem_method", "timeout", "memory_mib"}

// byValue returns the value of column col in r, "-" when r has none.
func byValue(r *results.Row, col string) string {
	var v string
	switch col {
	case "version":
		v = r.Version
	case "host":
		v = r.Host
	case "jobs":
		if r.Jobs > 0 {
			v = strconv.Itoa(r.Jobs)
		}
	case "mem_method":
		v = r.MemMethod
	case "timeout":
		if r.Timeout > 0 {
			v = strconv.FormatFloat(r.Timeout, 'f', -1, 64)
		}
	case "memory_mib":
		if r.Memory > 0 {
			v = strconv.FormatInt(r.Memory, 10)
		}
	}
	if v == "" {
		return "-"
	}
	return v
}

// ParseBy returns the columns of a comma-separated list ("version,host"),
// checked against ByColumns: a *ColumnError names one that is not.
func ParseBy(s string) ([]string, error) {
	var cols []string
	for _, c := range strings.Split(s, ",") {
		c = strings.TrimSpace(c)
		ok := false
		for _, k := range ByColumns {
			ok = ok || c == k
		}
		if !ok {
			return nil, &ColumnError{List: s, Column: c}
		}
		cols = append(cols, c)
	}
	return cols, nil
}

// SplitBy makes the columns cols part of each row's configuration: every
// row's solver becomes "solver [col=value ...]", so the tables, the plots
// and their picks compare, say, two versions of one solver or one solver
// on two hosts as two configurations.
func SplitBy(rows []results.Row, cols []string) {
	cols = slices.DeleteFunc(slices.Clone(cols), func(c string) bool { return c == "encoder" })
	if len(cols) == 0 {
		return
	}
	for i := range rows {
		var b strings.Builder
		b.WriteString(rows[i].Solver)
		b.WriteString(" [")
		for k, c := range cols {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(c + "=" + byValue(&rows[i], c))
		}
		b.WriteByte(']')
		rows[i].Solver = b.String()
	}
}

// ColumnError is ParseBy's error: Column, in List, is not one of
// ByColumns.
type ColumnError struct{ List, Column string }

func (e *ColumnError) Error() string {
	return fmt.Sprintf("%q is not a column (want %s)", e.Column, strings.Join(ByColumns, ", "))
}

// JoinEncodings makes the encoder command part of the instance rather
// than of the configuration for each instance path that only one command
// encoded: a suite whose puzzles each have an encoder of their own
// (p.non | nono2cnf, s.sud | sudoku2cnf) then scores one configuration
// per solver, each such row's instance becoming its path. A path that two
// commands encoded keeps them in the configurations: there the encodings
// race. An instance "- | CMD" (no file) becomes CMD. It reports whether
// it joined any.
func JoinEncodings(rows []results.Row) bool {
	encs := map[string]string{}
	raced := map[string]bool{}
	for i := range rows {
		path, e := suite.SplitName(rows[i].Instance)
		if old, ok := encs[path]; ok && old != e && path != "-" {
			raced[path] = true
		}
		encs[path] = e
	}
	joined := false
	for i := range rows {
		path, e := suite.SplitName(rows[i].Instance)
		switch {
		case e == "" || raced[path]:
			continue
		case path == "-":
			// No file: the command alone is the instance.
			rows[i].Instance = e
		default:
			rows[i].Instance = path
		}
		joined = true
	}
	return joined
}
