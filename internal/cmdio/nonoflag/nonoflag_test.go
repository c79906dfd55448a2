package nonoflag

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

// TestNonogram: the flags' defaults and values reach the read and encode
// options; a bad value is a usage error naming its flag.
func TestNonogram(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, fmt.Sprintf("auto 0 automaton %d", nonogram.DefaultMaxPatterns)},
		{[]string{"--input-format", "non", "--index", "2", "--encoding", "order", "--max-patterns", "7"}, "non 2 order 7"},
		{[]string{"--input-format", "x"}, `--input-format: "x" is not auto, non, xml, keen, g, mk, nin or cwd`},
		{[]string{"--index", "0"}, "--index 0: want 1 or more"},
		{[]string{"--encoding", "x"}, `--encoding: "x" is not automaton, runs, patterns or order`},
		{[]string{"--max-patterns", "0"}, "--max-patterns: 0 is not positive"},
	} {
		var n Nonogram
		var got string
		code, stderr := cmdiotest.RunFlags(n.Flags(), func(c *cmdio.Cmd) error {
			if err := n.Check(c); err != nil {
				return err
			}
			got = fmt.Sprint(n.read.Format, " ", n.read.Index, " ", n.Options().Encoding, " ", n.Options().MaxPatterns)
			return nil
		}, tt.args...)
		if code == 2 {
			got = strings.TrimSuffix(strings.TrimPrefix(stderr, "tool: "), "\nusage: tool [flags]\n")
		}
		if got != tt.want {
			t.Errorf("%q: got %q (exit %d), want %q", tt.args, got, code, tt.want)
		}
	}
}
