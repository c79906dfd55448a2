package testenv

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Clauses returns the clauses of f, a *dimacs.Formula (which this
// package, imported by dimacs's own tests, cannot name), as int slices:
// CheckLRAT's cnf.
func Clauses(f interface {
	NumClauses() int
	Clause(i int) []int32
}) [][]int {
	cnf := make([][]int, f.NumClauses())
	for i := range cnf {
		for _, l := range f.Clause(i) {
			cnf[i] = append(cnf[i], int(l))
		}
	}
	return cnf
}

// CheckLRAT is a second LRAT checker for tests, as small as can be and
// sharing no code with package drat: it checks the text LRAT proof lrat
// against the formula cnf (clause i has ID i+1). Each lemma's hints, in
// order, must be unit under the lemma's negation and the units before
// them, the last one falsified; RUP hints only; deletions are carried
// out. It returns nil once the empty clause is derived.
func CheckLRAT(cnf [][]int, lrat string) error {
	clauses := map[int][]int{}
	for i, cl := range cnf {
		clauses[i+1] = cl
	}
	for n, line := range strings.Split(strings.TrimSpace(lrat), "\n") {
		var nums []int
		del := false
		for _, w := range strings.Fields(line) {
			if w == "d" {
				del = true
				continue
			}
			x, err := strconv.Atoi(w)
			if err != nil {
				return fmt.Errorf("line %d: %q", n+1, w)
			}
			nums = append(nums, x)
		}
		if del {
			for _, id := range nums[1 : len(nums)-1] {
				delete(clauses, id)
			}
			continue
		}
		id, rest := nums[0], nums[1:]
		z := 0
		for rest[z] != 0 {
			z++
		}
		lemma, hints := rest[:z], rest[z+1:len(rest)-1]
		val := map[int]bool{} // literal -> true
		for _, l := range lemma {
			val[-l] = true
		}
		refuted := false
		for _, h := range hints {
			cl, ok := clauses[h]
			if !ok || h <= 0 {
				return fmt.Errorf("line %d: hint %d: no such clause", n+1, h)
			}
			open := []int{}
			for _, l := range cl {
				if val[l] {
					return fmt.Errorf("line %d: hint %d is satisfied", n+1, h)
				}
				if !val[-l] {
					open = append(open, l)
				}
			}
			if len(open) == 0 {
				refuted = true
				break
			}
			if len(open) > 1 {
				return fmt.Errorf("line %d: hint %d is not unit", n+1, h)
			}
			val[open[0]] = true
		}
		if !refuted {
			return fmt.Errorf("line %d: lemma %d: no conflict", n+1, id)
		}
		if len(lemma) == 0 {
			return nil
		}
		clauses[id] = lemma
	}
	return errors.New("no empty clause")
}

// ChangeHint returns lrat with the first hint of its i-th lemma line
// (from the end, from 0, counting lemma lines with hints) replaced by
// another ID, for tests that a checker rejects it.
func ChangeHint(lrat string, i int) string {
	lines := strings.Split(strings.TrimSuffix(lrat, "\n"), "\n")
	for k := len(lines) - 1; k >= 0; k-- {
		w := strings.Fields(lines[k])
		if len(w) < 4 || w[1] == "d" {
			continue
		}
		if i--; i >= 0 {
			continue
		}
		z := 1
		for w[z] != "0" {
			z++
		}
		h, _ := strconv.Atoi(w[z+1])
		w[z+1] = strconv.Itoa(h%7 + 1) // another clause of the formula
		if w[z+1] == strconv.Itoa(h) {
			w[z+1] = strconv.Itoa(h + 1)
		}
		lines[k] = strings.Join(w, " ")
		break
	}
	return strings.Join(lines, "\n") + "\n"
}
