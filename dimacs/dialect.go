package dimacs

import "fmt"

// Dialect is a form of a solver's answer: how a solver prints it, how
// satrun writes it, and how ReadOutput found it (Output.Dialect). The
// zero Dialect is none: no answer was read, or the default, Competition,
// where one is asked for.
type Dialect int

// The dialects.
const (
	// Competition is the SAT competition's output on standard output:
	// "s SATISFIABLE" and "v" lines (or cadical's "c UNKNOWN").
	Competition Dialect = iota + 1
	// Minisat is minisat's result file, "SAT\n1 -2 0\n" (UNSAT, INDET):
	// a solver of this dialect is called "prog in.cnf result" and writes
	// its model only there.
	Minisat
	// MinisatStdout is minisat's standard output: "SATISFIABLE" (or
	// UNSATISFIABLE, INDETERMINATE) alone on a line, with no model. It
	// is read, never asked for.
	MinisatStdout
)

var dialectNames = []string{Competition: "competition", Minisat: "minisat", MinisatStdout: "minisat-stdout"}

// String returns the dialect's name: "competition", "minisat" or
// "minisat-stdout" ("" for none).
func (d Dialect) String() string {
	if d > 0 && int(d) < len(dialectNames) {
		return dialectNames[d]
	}
	if d == 0 {
		return ""
	}
	return fmt.Sprintf("Dialect(%d)", int(d))
}

// ParseDialect returns the dialect called s that a solver can be told to
// speak and satrun writes, Competition or Minisat, or a *DialectError.
func ParseDialect(s string) (Dialect, error) {
	switch s {
	case Competition.String():
		return Competition, nil
	case Minisat.String():
		return Minisat, nil
	}
	return 0, &DialectError{Name: s}
}

// DialectError is ParseDialect's error for a name of no dialect it
// returns.
type DialectError struct{ Name string }

func (e *DialectError) Error() string {
	return fmt.Sprintf("unknown dialect %q (want competition or minisat)", e.Name)
}
