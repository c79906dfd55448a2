package enctest

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// CheckText checks a CNF as an encoder wrote it with group comments on:
// after the "p cnf" line, a comment comes before the first clause, so every
// clause sits under a group comment. With allNames it checks too that
// every variable 1..V has exactly one "c varname" line, that the names are
// valid and that no two are the same. It is the check behind each
// encoder's --comments and --names all tests.
func CheckText(text string, allNames bool) error {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<26)
	vars := -1
	names := map[int]string{}
	seen := map[string]int{}
	grouped := false
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "c varname "):
			id, name, _ := strings.Cut(l[len("c varname "):], " ")
			v, err := strconv.Atoi(id)
			if err != nil || v < 1 {
				return fmt.Errorf("line %d: bad varname line %q", n, l)
			}
			if _, dup := names[v]; dup {
				return fmt.Errorf("line %d: variable %d named twice", n, v)
			}
			if w, dup := seen[name]; dup {
				return fmt.Errorf("line %d: variables %d and %d are both named %q", n, w, v, name)
			}
			names[v], seen[name] = name, v
		case strings.HasPrefix(l, "p cnf "):
			f := strings.Fields(l)
			var err error
			if vars, err = strconv.Atoi(f[2]); err != nil {
				return fmt.Errorf("line %d: bad header %q", n, l)
			}
		case l == "c" || strings.HasPrefix(l, "c "):
			if vars >= 0 {
				grouped = true
			}
		default:
			if vars < 0 {
				return fmt.Errorf("line %d: %q before the p line", n, l)
			}
			if !grouped {
				return fmt.Errorf("line %d: clause %q before any group comment", n, l)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if vars < 0 {
		return fmt.Errorf("no p line")
	}
	if allNames {
		for v := 1; v <= vars; v++ {
			if _, ok := names[v]; !ok {
				return fmt.Errorf("variable %d of %d has no name", v, vars)
			}
		}
		if len(names) != vars {
			return fmt.Errorf("%d names for %d variables", len(names), vars)
		}
	}
	return nil
}
