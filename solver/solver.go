package solver

import (
	"context"
	"fmt"
	"io"
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
	// Name returns the solver's short name: a name of KnownSolvers,
	// "gini", or the program of a --solver-cmd.
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

// UnknownError is Lookup's error for a name that is neither "auto",
// "gini" nor one of KnownSolvers.
type UnknownError struct{ Name string }

func (e *UnknownError) Error() string {
	return fmt.Sprintf("unknown solver %q (known: auto, gini, %s)", e.Name, strings.Join(KnownNames(), ", "))
}

// Lookup returns the solver called name: "auto" (the first installed of
// the KnownSolvers marked Auto, else gini), "gini", or one of the
// KnownSolvers, found on PATH, or run from the file name names when it
// is a path (it has a slash) whose base name is one of them
// ("/opt/kissat/build/kissat"). It fails if an external solver is not
// installed (or the path is no executable file), or with an
// *UnknownError if the name is none of those.
func Lookup(name string) (Solver, error) {
	switch name {
	case "gini":
		return Gini{}, nil
	case "auto", "":
		for _, k := range KnownSolvers {
			if !k.Auto {
				continue
			}
			if s, err := Lookup(k.Name); err == nil {
				return s, nil
			}
		}
		return Gini{}, nil
	}
	isPath := strings.Contains(name, "/")
	k, ok := FindKnown(name)
	if isPath {
		k, ok = FindKnown(filepath.Base(name))
	}
	if !ok {
		return nil, &UnknownError{Name: name}
	}
	path, err := exec.LookPath(name)
	switch {
	case err != nil && isPath:
		return nil, fmt.Errorf("solver %s: %s is no executable file", k.Name, name)
	case err != nil:
		return nil, fmt.Errorf("solver %s is not installed (not found in $PATH)", name)
	}
	// Every known competition solver reads standard input without a file.
	return &External{Label: k.Name, Path: path, Args: k.Args, RestartArgs: k.RestartArgs, Phase: k.Phase, Dialect: k.Dialect, ExitCodes: k.ExitCodes,
		Stdin: k.Dialect != dimacs.Minisat, Native: k.Native, Quiet: k.Quiet}, nil
}

// Verbose makes s pass its solver's own messages on to w as they come
// (External.Comments), s being an *External or a *Certified; gini has
// none to pass.
func Verbose(s Solver, w io.Writer) {
	switch s := s.(type) {
	case *External:
		s.Comments = w
	case *Certified:
		s.X.Comments = w
	}
}

// AutoEnumerator returns the solver "auto" uses to list the models of a
// formula over vars variables projected onto project (nil: every
// variable): the first installed of the KnownSolvers that enumerates on
// its own under that projection (see Native), else gini.
func AutoEnumerator(vars int, project []int) Solver {
	for _, k := range KnownSolvers {
		if k.Native == nil {
			continue
		}
		if s, err := Lookup(k.Name); err == nil && s.(*External).EnumeratesNatively(vars, project) {
			return s
		}
	}
	return Gini{}
}

// Command returns the solver run by the command line cmdline, split into
// words like a shell would (single and double quotes, backslash), with
// "{cnf}" and "{out}" placeholders as in External.Args. dialect is
// dimacs.Competition (or 0) or dimacs.Minisat. A program named like one
// of the KnownSolvers gets that solver's ExitCodes.
func Command(cmdline string, dialect dimacs.Dialect) (*External, error) {
	switch dialect {
	case 0:
		dialect = dimacs.Competition
	case dimacs.Competition, dimacs.Minisat:
	default:
		return nil, fmt.Errorf("solver command: dialect %v is not one a solver is asked for (want competition or minisat)", dialect)
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
	if k, ok := FindKnown(filepath.Base(words[0])); ok {
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
