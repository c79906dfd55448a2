package run

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// TestFirstError: an ERROR row quotes the first line of the run's standard
// error that is not a comment, the error itself, rather than its last line,
// which may be the caret under the offending input (issue 20.10).
func TestFirstError(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"satrun: p.non:1:1: \"width\" is not a literal\nwidth 3\n^\n", `satrun: p.non:1:1: "width" is not a literal`},
		{"c pipesat satrun\nc\n\n  oops, segfault  \nlater\n", "oops, segfault"},
		{"", "no message"},
		{"c only comments\n\n", "no message"},
		{"no newline", "no newline"},
		{strings.Repeat("x", 10000) + "\n", strings.Repeat("x", 200) + "..."},
		{strings.Repeat(" ", 5000) + "\nsecond\n", "second"},
	} {
		p := filepath.Join(t.TempDir(), "err")
		if err := os.WriteFile(p, []byte(tt.in), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := firstError(p); got != tt.want {
			t.Errorf("firstError(%.40q) = %.60q, want %.60q", tt.in, got, tt.want)
		}
	}
	if got := firstError(filepath.Join(t.TempDir(), "none")); got != "no message" {
		t.Errorf("missing file: %q", got)
	}
}

// TestModelHash: the hash is SHA-256 of "1 -2 3 " (sha256sum's value),
// ignores variables above the formula's and skips unassigned ones.
func TestModelHash(t *testing.T) {
	const want = "2ea5a0ab9896434da99dc23db111bcabc68b39b2ca620cc0594f7443b63a07ca" // printf '1 -2 3 ' | sha256sum
	var m dimacs.Model
	for _, l := range []int{1, -2, 3} {
		m.Set(l)
	}
	if got := ModelHash(m, 3); got != want {
		t.Errorf("1 -2 3: %s, want %s", got, want)
	}
	m.Set(-4) // printed by the solver, not a variable of the formula
	if got := ModelHash(m, 3); got != want {
		t.Errorf("with an extra variable: %s, want %s", got, want)
	}
	var gap dimacs.Model
	for _, l := range []int{1, -2, 3, 5} {
		gap.Set(l)
	}
	if got, other := ModelHash(gap, 5), ModelHash(m, 5); got == other {
		t.Errorf("models differing in variables 4 and 5 hash alike: %s", got)
	}
	if got := ModelHash(nil, 0); got != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Errorf("empty model: %s", got)
	}
}
