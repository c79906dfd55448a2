package solver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
)

// Primary returns the variables of f's "c pipesat primary LIST" header
// line (dimacs.ParsePrimary), in increasing order, or nil and no error if
// it has none. More than MaxProject is a *ProjectionError (see Vars).
func Primary(f *dimacs.Formula) ([]int, error) {
	for _, c := range f.Pipesat() {
		rs, ok, err := dimacs.ParsePrimary(c, f.Vars)
		if err != nil {
			return nil, err
		}
		if ok {
			return Vars(rs)
		}
	}
	return nil, nil
}

// Vars returns the variables of rs, ranges as dimacs.ParseRanges returns
// them (increasing, disjoint), in increasing order. More than MaxProject is
// a *ProjectionError, returned before anything is allocated per variable:
// a header of 2^28 variables and a list "1-268435456" cost nothing.
func Vars(rs [][2]int) ([]int, error) {
	n := 0
	for _, r := range rs {
		n += r[1] - r[0] + 1
	}
	if n > MaxProject {
		return nil, &ProjectionError{Vars: n}
	}
	vs := make([]int, 0, n)
	for _, r := range rs {
		for v := r[0]; v <= r[1]; v++ {
			vs = append(vs, v)
		}
	}
	return vs, nil
}

// ParseLits parses a comma-separated list of literals such as "3,-7".
func ParseLits(s string) ([]int, error) {
	var ls []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		n, err := strconv.Atoi(part)
		if err != nil || n == 0 || part[0] == '+' {
			return nil, fmt.Errorf("%q is not a literal (like 3 or -7)", part)
		}
		ls = append(ls, n)
	}
	return ls, nil
}
