package hashcomment

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadAll(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // longer than the buffer
	for _, tc := range []struct {
		name, in, want string
		max            int
		err            string
	}{
		{"no comment", "a & b\nc\n", "a & b\nc\n", 100, ""},
		{"comment and its blanks", "a & b \t# why\nc # \n# only\n", "a & b\nc\n\n", 100, ""},
		{"last line", "a # no line end", "a", 100, ""},
		{"CRLF", "a # x\r\nb\r\n", "a\nb\r\n", 100, ""},
		{"long comment", "a # " + long + "\nb\n", "a\nb\n", 10, ""},
		{"long comment last", "a\n#" + long, "a\n", 10, ""},
		{"long line", long, "", 100, "input larger than 100 bytes, comments aside"},
		{"at the bound", strings.Repeat("a", 10) + "# more", strings.Repeat("a", 10), 10, ""},
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
		}
	}
	boom := errors.New("disk on fire")
	if _, err := ReadAll(iotest.ErrReader(boom), 10); err != boom {
		t.Errorf("read error: got %v", err)
	}
}
