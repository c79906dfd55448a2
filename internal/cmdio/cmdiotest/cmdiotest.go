// Package cmdiotest runs a command in the test's own process, for the
// tests of internal/tools/NAME.
package cmdiotest

import (
	"strings"

	"github.com/pipesat/pipesat/internal/cmdio"
)

// Run runs tool with the arguments args (without the program name) and
// standard input stdin, and returns its exit status and what it wrote to
// standard output and standard error.
func Run(tool *cmdio.Tool, stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb strings.Builder
	code = cmdio.Run(tool, append([]string{"tool"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}
