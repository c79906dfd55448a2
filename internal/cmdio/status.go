package cmdio

import (
	"github.com/pipesat/pipesat/dimacs"
	"github.com/urfave/cli/v2"
)

// The exit statuses of the drawing tools (nonosolve and the decoders)
// with the default --status plain: 0 when they printed a solution, so
// that make, && and set -e take it for success; 20 for no solution, as
// satrun's UNSAT; NoAnswer when the solver gave up.
const (
	// NoAnswer is a drawing tool's exit status when the solver gave no
	// answer (unknown: a timeout, or it gave up).
	NoAnswer = 3
	// NoSolution is the exit status of an answer that says there is no
	// solution (unsatisfiable), with either --status.
	NoSolution = 20
)

// Status is the --status flag of the drawing tools: which exit statuses
// they use. Plain (the default) exits 0 for a solution printed,
// NoSolution for none, NoAnswer for no answer; sat keeps the SAT
// competition's statuses, satrun's: 10, 20 and 0.
type Status struct {
	Style string
}

// Flag returns --status, which sets s.Style.
func (s *Status) Flag() cli.Flag {
	return ChoiceFlag("status", &s.Style, "plain",
		"exit `STATUSES`: plain (0 solution printed, 20 no solution, 3 no answer) or sat (satrun's 10, 20, 0)", "plain", "sat")
}

// Code returns the exit status for an answer of status st.
func (s Status) Code(st dimacs.Status) int {
	if s.Style == "sat" {
		return int(st)
	}
	switch st {
	case dimacs.Sat:
		return 0
	case dimacs.Unsat:
		return NoSolution
	}
	return NoAnswer
}

// Exit returns the ExitStatus for an answer of status st, with no
// message: for a decoder that said it already.
func (s Status) Exit(st dimacs.Status) ExitStatus { return ExitStatus{Code: s.Code(st)} }

// Answer returns the ExitStatus for an answer of status st, saying "no
// solution" (UNSAT) or that the solver gave no answer (unknown).
func (s Status) Answer(st dimacs.Status) error {
	es := s.Exit(st)
	switch st {
	case dimacs.Sat:
	case dimacs.Unsat:
		es.Msg = "no solution"
	default:
		es.Msg = "unknown: the solver gave no answer"
	}
	return es
}
