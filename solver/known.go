package solver

import (
	"os/exec"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/drat"
)

// Known describes an external solver satrun knows how to call. This file
// is the one list of them: satrun, satbench and the tests all read it.
type Known struct {
	Name string
	// Args, Dialect and ExitCodes are as in External.
	Args      []string
	Dialect   dimacs.Dialect
	ExitCodes []int
	// Quiet are the arguments of Args and ProofArgs that silence the
	// solver's messages, which External.Comments leaves out (satrun -v).
	Quiet []string
	// RestartArgs are as in External: the arguments for the third and
	// later calls of an enumeration that starts the solver again for
	// each model; nil to keep Args.
	RestartArgs []string
	// Phase is as in External: the value the solver first tries for a
	// variable, 1 true, -1 false, 0 another rule or unknown.
	Phase int8
	// VersionArgs print the version; nil if the program has no such flag.
	VersionArgs []string
	// Auto says "auto" may pick the solver for solving.
	Auto bool
	// Native is the solver's own enumeration, nil if it has none; "auto"
	// picks the first of those for --all and --max (see AutoEnumerator).
	Native *Native
	// ProofArgs ask for a proof of unsatisfiability in the file
	// "{proof}", in ProofFormat; nil if the solver writes none (see
	// Certify).
	ProofArgs   []string
	ProofFormat drat.Format
}

// KnownSolvers lists the external solvers by name, in the order "auto"
// prefers them: to solve, among those marked Auto (lingeling is not); to
// enumerate, among those with a Native enumeration; to prove, among those
// with ProofArgs. On this project's benchmark machine cryptominisat5
// --maxsol lists 8-rooks' 40320 placements in 4.4 s and 10-queens' 724 in
// 0.19 s, picosat --all in 7.2 s and 0.11 s, gini in 15 s and 0.30 s, and a
// solver restarted per model takes minutes: hence cryptominisat5 before
// picosat. kissat and cadical write binary DRAT to the file named after
// the CNF; picosat -R writes a RUP trace (text DRAT without deletions).
//
// Restarted per model, kissat and cadical take --plain (their
// configuration without preprocessing and inprocessing) and minisat
// -no-pre (no variable elimination) from the third call on
// (External.RestartArgs): a short call's time is otherwise mostly the
// preprocessing that every start redoes. The first two calls, a plain
// solve and the uniqueness question of --max 2, keep the default. On this
// project's benchmark machine (CPU time, medians of 3), satrun --max 150
// on 10 queens takes kissat 4.0.4 0.63 s instead of 4.20 s, cadical 2.2.0
// 0.88 s instead of 1.45 s, and cadical 1.5.3 0.97 s either way; on the
// empty 9x9 sudoku 0.90 s instead of 3.39 s, 1.45 s instead of 2.74 s, and
// 1.62 s either way (kissat's --sweep=false --factor=false: 0.66 s and
// 1.05 s, and unknown to kissat before 4.0). cryptominisat5 --maxsol lists
// either in 0.03-0.05 s. minisat's preprocessing grows worse than the
// square of the count: on the empty 9x9 sudoku, 150 models took 88 s (60
// took 12 s), and 1.05 s with -no-pre; 10 queens 3.5 s and 0.58 s.
var KnownSolvers = []Known{
	{Name: "kissat", Args: []string{"-q", "{cnf}"}, RestartArgs: []string{"-q", "--plain", "{cnf}"}, Phase: 1, Quiet: []string{"-q"}, VersionArgs: []string{"--version"}, Auto: true,
		ProofArgs: []string{"-q", "{cnf}", "{proof}"}, ProofFormat: drat.Binary},
	{Name: "cadical", Args: []string{"-q", "{cnf}"}, RestartArgs: []string{"-q", "--plain", "{cnf}"}, Phase: 1, Quiet: []string{"-q"}, VersionArgs: []string{"--version"}, Auto: true,
		ProofArgs: []string{"-q", "{cnf}", "{proof}"}, ProofFormat: drat.Binary},
	{Name: "cryptominisat5", Args: []string{"--verb", "0", "{cnf}"}, Quiet: []string{"--verb", "0"}, ExitCodes: []int{15}, VersionArgs: []string{"--version"}, Auto: true,
		// --maxsol takes a 32-bit number; "c ind" lines are read only
		// from a named file, not from standard input.
		Native: &Native{Args: []string{"--maxsol", "{max}"}, MaxModels: 1<<32 - 1, Project: true}},
	{Name: "glucose", Args: []string{"-model", "-verb=0", "{cnf}"}, Quiet: []string{"-verb=0"}, VersionArgs: nil, Auto: true},
	{Name: "minisat", Args: []string{"-verb=0", "{cnf}", "{out}"}, RestartArgs: []string{"-verb=0", "-no-pre", "{cnf}", "{out}"}, Phase: -1, Quiet: []string{"-verb=0"}, Dialect: dimacs.Minisat, VersionArgs: nil, Auto: true},
	{Name: "picosat", Args: []string{"{cnf}"}, VersionArgs: []string{"--version"}, Auto: true,
		Native:    &Native{Args: []string{"--all"}},
		ProofArgs: []string{"-R", "{proof}", "{cnf}"}, ProofFormat: drat.Text},
	{Name: "lingeling", Args: []string{"-q", "{cnf}"}, Quiet: []string{"-q"}, VersionArgs: []string{"--version"}},
}

// FindKnown returns the entry of KnownSolvers called name.
func FindKnown(name string) (Known, bool) {
	for _, k := range KnownSolvers {
		if k.Name == name {
			return k, true
		}
	}
	return Known{}, false
}

// KnownNames returns the names of KnownSolvers, in their order.
func KnownNames() []string {
	var ns []string
	for _, k := range KnownSolvers {
		ns = append(ns, k.Name)
	}
	return ns
}

// Installed returns the names of KnownSolvers found on PATH, in their
// order (gini, built in, is not among them).
func Installed() []string {
	var out []string
	for _, k := range KnownSolvers {
		if _, err := exec.LookPath(k.Name); err == nil {
			out = append(out, k.Name)
		}
	}
	return out
}

// ProofSolvers returns the KnownSolvers that write proofs of
// unsatisfiability, in the order Certify's "auto" prefers them.
func ProofSolvers() []Known {
	var out []Known
	for _, k := range KnownSolvers {
		if k.ProofArgs != nil {
			out = append(out, k)
		}
	}
	return out
}

// Enumerators returns the names of the solvers that list a formula's
// models in one run: the KnownSolvers with a Native enumeration (that
// reads a projection, if projected), then gini, which enumerates in
// process.
func Enumerators(projected bool) []string {
	var out []string
	for _, k := range KnownSolvers {
		if k.Native != nil && (k.Native.Project || !projected) {
			out = append(out, k.Name)
		}
	}
	return append(out, "gini")
}
