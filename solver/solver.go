package solver

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/shellword"
)

// Solver solves CNF formulas. Implementations are safe to reuse for several
// Solve calls but not for concurrent ones.
type Solver interface {
	// Name returns the solver's short name, e.g. "kissat", "gini", or the
	// program of a --solver-cmd.
	Name() string
	// Solve returns Sat with a model over f's variables, Unsat, or Unknown
	// if ctx ends first (a timeout is Unknown, not an error). assume are
	// literals forced true for this call only. An error means the solver
	// failed: it crashed, printed nothing, or printed garbage. Solve does
	// not check the model; the caller does (dimacs.Formula.Check, or
	// Enumerate with Verify).
	Solve(ctx context.Context, f *dimacs.Formula, assume []int) (*Result, error)
}

// Result is one Solve call's answer and what it cost.
type Result struct {
	Status dimacs.Status
	Model  dimacs.Model // nil unless Sat
	Wall   time.Duration
	// ExitCode is the external solver's exit status, -1 if killed by a
	// signal, 0 for gini.
	ExitCode int
	// Output is the external solver's raw stdout, kept only when asked.
	Output []byte
}

// Known describes a solver satrun knows how to call.
type Known struct {
	Name string
	// Args, Dialect and ExitCodes are as in External.
	Args      []string
	Dialect   string
	ExitCodes []int
	// VersionArgs print the version; nil if the program has no such flag.
	VersionArgs []string
	// Native is the solver's own enumeration, nil if it has none.
	Native *Native
}

// KnownSolvers lists the external solvers by name, in the order "auto"
// prefers them (lingeling last: auto never picks it).
var KnownSolvers = []Known{
	{Name: "kissat", Args: []string{"-q", "{cnf}"}, VersionArgs: []string{"--version"}},
	{Name: "cadical", Args: []string{"-q", "{cnf}"}, VersionArgs: []string{"--version"}},
	{Name: "cryptominisat5", Args: []string{"--verb", "0", "{cnf}"}, ExitCodes: []int{15}, VersionArgs: []string{"--version"},
		// --maxsol takes a 32-bit number; "c ind" lines are read only
		// from a named file, not from standard input.
		Native: &Native{Args: []string{"--maxsol", "{max}"}, MaxModels: 1<<32 - 1, Project: true}},
	{Name: "glucose", Args: []string{"-model", "-verb=0", "{cnf}"}, VersionArgs: nil},
	{Name: "minisat", Args: []string{"-verb=0", "{cnf}", "{out}"}, Dialect: Minisat, VersionArgs: nil},
	{Name: "picosat", Args: []string{"{cnf}"}, VersionArgs: []string{"--version"},
		Native: &Native{Args: []string{"--all"}}},
	{Name: "lingeling", Args: []string{"-q", "{cnf}"}, VersionArgs: []string{"--version"}},
}

// autoOrder is the order in which "auto" tries the external solvers.
var autoOrder = []string{"kissat", "cadical", "cryptominisat5", "glucose", "minisat", "picosat"}

func known(name string) (Known, bool) {
	for _, k := range KnownSolvers {
		if k.Name == name {
			return k, true
		}
	}
	return Known{}, false
}

// Lookup returns the solver called name: "auto" (the first installed of
// kissat, cadical, cryptominisat5, glucose, minisat, picosat, else gini),
// "gini", or one of the KnownSolvers, found on PATH. It fails if an
// external solver is not installed or the name is unknown.
func Lookup(name string) (Solver, error) {
	switch name {
	case "gini":
		return Gini{}, nil
	case "auto", "":
		for _, n := range autoOrder {
			if s, err := Lookup(n); err == nil {
				return s, nil
			}
		}
		return Gini{}, nil
	}
	k, ok := known(name)
	if !ok {
		return nil, fmt.Errorf("unknown solver %q (known: auto, gini, %s; or use --solver-cmd)", name, knownNames())
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return nil, fmt.Errorf("solver %s is not installed (not found in $PATH)", name)
	}
	// Every known competition solver reads standard input without a file.
	return &External{Label: name, Path: path, Args: k.Args, Dialect: k.Dialect, ExitCodes: k.ExitCodes,
		Stdin: k.Dialect != Minisat, Native: k.Native}, nil
}

// enumOrder is the order in which "auto" tries the solvers that enumerate
// on their own, for --all and --max: on this project's benchmark machine
// cryptominisat5 --maxsol lists 8-rooks' 40320 placements in 4.4 s and
// 10-queens' 724 in 0.19 s, picosat --all in 7.2 s and 0.11 s, gini in
// 15 s and 0.30 s, and a solver restarted per model takes minutes.
var enumOrder = []string{"cryptominisat5", "picosat"}

// AutoEnumerator returns the solver "auto" uses to list the models of a
// formula over vars variables projected onto project (nil: every
// variable): the first installed solver of cryptominisat5 and picosat that
// enumerates on its own under that projection (see Native), else gini.
func AutoEnumerator(vars int, project []int) Solver {
	for _, n := range enumOrder {
		if s, err := Lookup(n); err == nil && s.(*External).EnumeratesNatively(vars, project) {
			return s
		}
	}
	return Gini{}
}

func knownNames() string {
	var ns []string
	for _, k := range KnownSolvers {
		ns = append(ns, k.Name)
	}
	return strings.Join(ns, ", ")
}

// Command returns the solver run by the command line cmdline, split into
// words like a shell would (single and double quotes, backslash), with
// "{cnf}" and "{out}" placeholders as in External.Args. dialect is
// Competition, Minisat, or "" for Competition. A program named like one of
// the KnownSolvers gets that solver's ExitCodes.
func Command(cmdline, dialect string) (*External, error) {
	switch dialect {
	case "":
		dialect = Competition
	case Competition, Minisat:
	default:
		return nil, fmt.Errorf("unknown dialect %q (want competition or minisat)", dialect)
	}
	words, err := shellword.Split(cmdline)
	if err != nil {
		return nil, fmt.Errorf("solver command: %w", err)
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("empty solver command")
	}
	path, err := exec.LookPath(words[0])
	if err != nil {
		return nil, fmt.Errorf("solver command %q: %v", words[0], err)
	}
	e := &External{Path: path, Args: words[1:], Dialect: dialect}
	// A known solver called by its own command line keeps its own exit
	// codes: cryptominisat5's 15 is INDETERMINATE, not a failure.
	if k, ok := known(filepath.Base(words[0])); ok {
		e.ExitCodes = k.ExitCodes
	} else {
		e.NamedCNF = slices.ContainsFunc(e.Args, func(a string) bool { return strings.Contains(a, "{cnf}") })
	}
	return e, nil
}

// Info describes one solver for satrun --list-solvers.
type Info struct {
	Name      string
	Path      string // "" if not installed; "(embedded)" for gini
	Version   string // "" if unknown
	Installed bool
}

// List returns gini and every known external solver, with path and version
// (see Version) of those installed.
func List(ctx context.Context) []Info {
	out := []Info{{Name: "gini", Path: "(embedded)", Version: giniVersion(), Installed: true}}
	for _, k := range KnownSolvers {
		in := Info{Name: k.Name}
		if p, err := exec.LookPath(k.Name); err == nil {
			in.Path, in.Installed = p, true
			in.Version = Version(ctx, p)
		}
		out = append(out, in)
	}
	return out
}

// giniModule is the version of github.com/go-air/gini that go.mod
// requires (TestGiniModule keeps them equal).
const giniModule = "v1.0.4"

// giniVersion returns the version of the gini module built in, from the
// build information; giniModule when that lists no modules, as in a test
// binary (which plays satrun in the tests).
func giniVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/go-air/gini" {
				return d.Version
			}
		}
	}
	return giniModule
}
