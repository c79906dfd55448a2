package testenv

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
// out. It returns nil once the empty clause is derived. It is stricter
// than the LRAT format, which lets a hint be satisfied already (a
// redundant hint): it checks pipesat's own output, which has none.
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

// LRATCheckEnv names the environment variable that gives the path of
// drat-trim's lrat-check, the LRAT format's reference checker (built from
// github.com/marijnheule/drat-trim: make lrat-check), for tests that
// check LRAT files; without it, lrat-check is looked for on PATH.
const LRATCheckEnv = "PIPESAT_LRAT_CHECK"

// LRATCheckPath returns the path of lrat-check: $PIPESAT_LRAT_CHECK if
// set, else lrat-check on PATH, else "" (tests then check LRAT files with
// pipesat's two checkers only). It is an error when PIPESAT_LRAT_CHECK
// names no program, or when lrat-check is missing and
// PIPESAT_REQUIRE_SOLVERS names it (CI that installs it).
func LRATCheckPath() (string, error) {
	if p := os.Getenv(LRATCheckEnv); p != "" {
		if _, err := exec.LookPath(p); err != nil {
			return "", fmt.Errorf("%s=%s: %v", LRATCheckEnv, p, err)
		}
		return p, nil
	}
	p, err := exec.LookPath("lrat-check")
	if err != nil && Required("lrat-check") {
		return "", fmt.Errorf("lrat-check is required by PIPESAT_REQUIRE_SOLVERS but not installed: %v", err)
	}
	return p, nil
}

// VerifyLRAT checks an LRAT proof as pipesat writes it (drat's
// Checker.LRAT, satrun --lrat) against the DIMACS formula cnf: read,
// package drat's LRAT reader (which this package, imported by drat's
// tests, cannot import), must accept it and find no hint satisfied
// already, since the writer drops them; CheckLRAT must accept it unless
// it has RAT hints, which CheckLRAT does not take; and
// lrat-check, where LRATCheckPath finds it, must say "c VERIFIED" with no
// warning.
func VerifyLRAT(cnf, lrat string, read func(cnf, lrat string) (satisfied int, err error)) error {
	if n, err := read(cnf, lrat); err != nil || n != 0 {
		return fmt.Errorf("package drat's LRAT check: %v, %d hints satisfied already", err, n)
	}
	if !hasRAT(lrat) {
		if err := CheckLRAT(parseCNF(cnf), lrat); err != nil {
			return fmt.Errorf("testenv.CheckLRAT: %v", err)
		}
	}
	path, err := LRATCheckPath()
	if err != nil || path == "" {
		return err
	}
	dir, err := os.MkdirTemp("", "pipesat-lrat-check-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cnfPath, lratPath := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "p.lrat")
	if err := os.WriteFile(cnfPath, []byte(cnf), 0o666); err != nil {
		return err
	}
	if err := os.WriteFile(lratPath, []byte(lrat), 0o666); err != nil {
		return err
	}
	out, err := exec.Command(path, cnfPath, lratPath).CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("\nc VERIFIED\n")) || bytes.Contains(out, []byte("WARNING")) {
		return fmt.Errorf("%s: %v, want c VERIFIED and no warning:\n%s", path, err, out)
	}
	return nil
}

// parseCNF returns the clauses of the DIMACS formula cnf for CheckLRAT
// (no checks: the tests' formulas are well formed).
func parseCNF(cnf string) [][]int {
	var clauses [][]int
	cl := []int{}
	for line := range strings.Lines(cnf) {
		if f := strings.Fields(line); len(f) == 0 || f[0] == "c" || f[0] == "p" {
			continue
		}
		for _, w := range strings.Fields(line) {
			x, _ := strconv.Atoi(w)
			if x == 0 {
				clauses = append(clauses, cl)
				cl = []int{}
				continue
			}
			cl = append(cl, x)
		}
	}
	return clauses
}

// hasRAT reports whether a lemma of the text LRAT proof lrat has RAT
// hints (negative ones).
func hasRAT(lrat string) bool {
	for line := range strings.Lines(lrat) {
		w := strings.Fields(line)
		if len(w) < 2 || w[1] == "d" {
			continue
		}
		z := 1
		for z < len(w) && w[z] != "0" {
			z++
		}
		for _, h := range w[min(z+1, len(w)):] {
			if strings.HasPrefix(h, "-") {
				return true
			}
		}
	}
	return false
}
