package dimacs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ParseRanges parses a list of variables and ranges such as "1-625" or
// "1-5,9,12-14" (spaces around the commas allowed, no sign, no zero) and
// returns it as inclusive ranges in increasing order, overlapping and
// adjacent ones merged. Every variable must be at most limit, the formula's
// variable count; limit <= 0 means no formula is known, and the bound is
// then DefaultMaxVars. Nothing is allocated per variable, so a range as
// large as the bound costs no more than "1".
//
// It is the one parser of "c pipesat primary LIST" (ParsePrimary) and of
// satrun's --project list (ParseVars).
func ParseRanges(s string, limit int) ([][2]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty variable list")
	}
	var rs [][2]int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := parseVar(lo, part, limit)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = parseVar(hi, part, limit); err != nil {
				return nil, err
			}
			if b < a {
				return nil, fmt.Errorf("variable range %q is backwards", part)
			}
		}
		rs = append(rs, [2]int{a, b})
	}
	slices.SortFunc(rs, func(x, y [2]int) int { return x[0] - y[0] })
	out := rs[:1]
	for _, r := range rs[1:] {
		last := &out[len(out)-1]
		if r[0] <= last[1]+1 {
			last[1] = max(last[1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// ParseVars parses a list as ParseRanges does and returns its variables
// in increasing order, each once.
func ParseVars(s string, limit int) ([]int, error) {
	rs, err := ParseRanges(s, limit)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, r := range rs {
		n += r[1] - r[0] + 1
	}
	vs := make([]int, 0, n)
	for _, r := range rs {
		for v := r[0]; v <= r[1]; v++ {
			vs = append(vs, v)
		}
	}
	return vs, nil
}

// ParsePrimary parses c, a comment's text without "c ", if it is a
// "pipesat primary LIST" line: ok reports whether it is one, and an error
// quotes the line ("header \"c pipesat primary 5-2\": ..."). limit is as for
// ParseRanges.
func ParsePrimary(c string, limit int) (ranges [][2]int, ok bool, err error) {
	rest, ok := strings.CutPrefix(c, "pipesat primary ")
	if !ok {
		return nil, false, nil
	}
	rs, err := ParseRanges(rest, limit)
	if err != nil {
		return nil, true, fmt.Errorf("header \"c %s\": %v", c, err)
	}
	return rs, true, nil
}

func parseVar(s, part string, limit int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || s[0] == '+' {
		return 0, fmt.Errorf("%q in variable list %q is not a variable (1, 2, ...)", s, part)
	}
	if limit <= 0 {
		if n > DefaultMaxVars {
			return 0, fmt.Errorf("variable %d is above the variable limit %d", n, DefaultMaxVars)
		}
	} else if n > limit {
		return 0, fmt.Errorf("variable %d is above the formula's %d variables", n, limit)
	}
	return n, nil
}
