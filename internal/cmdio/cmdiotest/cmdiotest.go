// Package cmdiotest runs a command in the test's own process, for the
// tests of internal/tools/NAME.
package cmdiotest

import (
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/urfave/cli/v2"
)

// Run runs tool with the arguments args (without the program name) and
// standard input stdin, and returns its exit status and what it wrote to
// standard output and standard error.
func Run(tool *cmdio.Tool, stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb strings.Builder
	code = cmdio.Run(tool, append([]string{"tool"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// Expect runs tool as Run does and reports, as an error of t, any
// difference from the exit status code and the standard output and error
// stdout and stderr.
func Expect(t *testing.T, tool *cmdio.Tool, stdin string, args []string, code int, stdout, stderr string) {
	t.Helper()
	gotCode, gotOut, gotErr := Run(tool, stdin, args...)
	if gotCode != code || gotOut != stdout || gotErr != stderr {
		t.Errorf("%q: exit %d, stdout %q, stderr %q\nwant %d, %q, %q", args, gotCode, gotOut, gotErr, code, stdout, stderr)
	}
}

// RunFlags runs a tool with the flags flags, the usage line "usage: tool"
// and the action act on args, and returns its exit status and standard
// error: for the tests of cmdio's packages of flags.
func RunFlags(flags []cli.Flag, act func(c *cmdio.Cmd) error, args ...string) (int, string) {
	code, _, stderr := Run(&cmdio.Tool{Name: "tool", Flags: flags, Action: act}, "", args...)
	return code, stderr
}
