package hashcomment

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/pipesat/pipesat/textpos"
)

func TestReadAll(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // longer than the buffer
	head := textpos.MaxCaretLine + 1     // what a line keeps of a comment
	for _, tc := range []struct {
		name, in, want string
		max            int
		err            string
	}{
		{"no comment", "a & b\nc\n", "a & b\nc\n", 100, ""},
		{"short comments kept", "a & b \t# why\nc # \n# only\n", "a & b \t# why\nc # \n# only\n", 100, ""},
		{"last line", "a # no line end", "a # no line end", 100, ""},
		{"CRLF", "a # x\r\nb\r\n", "a # x\r\nb\r\n", 100, ""},
		{"long comment", "a # " + long + "\nb\n", "a # " + long[:head-4] + "\nb\n", 1000, ""},
		{"long comment last", "a\n#" + long, "a\n#" + long[:head-1], 1000, ""},
		{"long comment CRLF", "#" + long + "\r\nb\r\n", "#" + long[:head-1] + "\nb\r\n", 1000, ""},
		{"comment after a long line", long[:150] + "#x\n", long[:150] + "\n", 200, ""},
		{"comments past the budget", "# " + long[:50] + "\n# " + long[:50] + "\n", "# " + long[:50] + "\n# " + long[:5] + "\n", 59, ""},
		{"long line", long, "", 100, "input larger than 100 bytes, comments aside"},
		{"at the bound", strings.Repeat("a", 10) + "# more", strings.Repeat("a", 10) + "# more", 10, ""},
		{"one over", strings.Repeat("a", 11) + "# more", "", 10, "input larger than 10 bytes, comments aside"},
	} {
		got, err := ReadAll(strings.NewReader(tc.in), tc.max)
		if got != tc.want || fmt.Sprint(err) != tc.err && (tc.err != "" || err != nil) {
			t.Errorf("%s: got %q, %v; want %q, %s", tc.name, got, err, tc.want, tc.err)
		}
		if tc.err != "" {
			if te := (*TooLargeError)(nil); !errors.As(err, &te) || te.Max != tc.max {
				t.Errorf("%s: %#v is not a *TooLargeError of %d", tc.name, err, tc.max)
			}
			continue
		}
		// Every line quotes as it would from the input.
		for n := 1; n <= strings.Count(tc.in, "\n")+1; n++ {
			if a, b := textpos.Line(got, n), textpos.Line(tc.in, n); a != b && tc.name != "comments past the budget" {
				t.Errorf("%s: line %d quotes as %q, want %q", tc.name, n, a, b)
			}
		}
	}
	boom := errors.New("disk on fire")
	if _, err := ReadAll(iotest.ErrReader(boom), 10); err != boom {
		t.Errorf("read error: got %v", err)
	}
}
