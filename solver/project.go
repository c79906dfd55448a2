package solver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
)

// ParseVars parses a list of variables and ranges such as "1-625" or
// "1-5,9,12-14" over 1..max and returns the variables in increasing order,
// each once.
func ParseVars(s string, max int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty variable list")
	}
	in := make([]bool, max+1)
	n := 0
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := parseVar(lo, part, max)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = parseVar(hi, part, max); err != nil {
				return nil, err
			}
			if b < a {
				return nil, fmt.Errorf("variable range %q is backwards", part)
			}
		}
		for v := a; v <= b; v++ {
			if !in[v] {
				in[v] = true
				n++
			}
		}
	}
	vs := make([]int, 0, n)
	for v, ok := range in {
		if ok {
			vs = append(vs, v)
		}
	}
	return vs, nil
}

func parseVar(s, part string, max int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || s[0] == '+' {
		return 0, fmt.Errorf("%q in variable list %q is not a variable (1, 2, ...)", s, part)
	}
	if n > max {
		return 0, fmt.Errorf("variable %d is above the formula's %d variables", n, max)
	}
	return n, nil
}

// Primary returns the variables of f's "c pipesat primary LIST" header
// line, or nil and no error if it has none.
func Primary(f *dimacs.Formula) ([]int, error) {
	for _, c := range f.Pipesat() {
		if rest, ok := strings.CutPrefix(c, "pipesat primary "); ok {
			vs, err := ParseVars(rest, f.Vars)
			if err != nil {
				return nil, fmt.Errorf("header \"c %s\": %v", c, err)
			}
			return vs, nil
		}
	}
	return nil, nil
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
