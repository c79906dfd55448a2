// Package usage holds the one error type that marks a mistake in a command
// line: a flag value out of range, two flags that exclude each other, an
// operand too many, or a flag that does not fit the input (satrun --assume
// 9 on a formula of 3 variables). A command prints it with its usage line
// and exits with status 2 (cmdio.Run). Libraries return it too (bench's
// commands, satrun's checks against the formula), so it lives apart from
// the flag library and the runner, which libraries must not import.
package usage

import "fmt"

// Error marks Err as a mistake in the command line. Find it in a chain of
// wrapped errors with errors.As.
type Error struct{ Err error }

func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the mistake itself.
func (e *Error) Unwrap() error { return e.Err }

// Wrap returns err marked as a usage error, or nil if err is nil.
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return &Error{err}
}

// Errorf returns a usage error with the message fmt.Sprintf(format, a...);
// %w wraps as in fmt.Errorf.
func Errorf(format string, a ...any) error { return &Error{fmt.Errorf(format, a...)} }
