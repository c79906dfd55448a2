package cnf2grid

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
	"github.com/pipesat/pipesat/internal/tools/nono2cnf"
	"github.com/pipesat/pipesat/internal/tools/satrun"
)

// onTerminal runs cnf2grid with args on stdin, its standard output a
// terminal (a pty), with NO_COLOR set to noColor ("unset": not set), and
// returns its exit status, what the terminal showed and its standard
// error.
func onTerminal(t *testing.T, stdin, noColor string, args ...string) (int, string, string) {
	t.Helper()
	if noColor == "unset" {
		old, had := os.LookupEnv("NO_COLOR")
		os.Unsetenv("NO_COLOR")
		if had {
			t.Cleanup(func() { os.Setenv("NO_COLOR", old) })
		}
	} else {
		t.Setenv("NO_COLOR", noColor)
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer ptmx.Close()
	var stderr strings.Builder
	code := cmdio.Run(Tool(""), append([]string{"cnf2grid"}, args...), strings.NewReader(stdin), tty, &stderr)
	tty.Close()
	b, _ := io.ReadAll(ptmx) // EIO once the terminal's side is closed and read
	return code, strings.ReplaceAll(string(b), "\r\n", "\n"), stderr.String()
}

// TestTerminal: on a terminal a colour picture sits on ANSI colours unless
// NO_COLOR is set and not empty (https://no-color.org), or --colour never;
// --colour always keeps them; a drawing is refused (as gzip refuses to
// write compressed data there) unless -o names a file.
func TestTerminal(t *testing.T) {
	_, cnf, _ := cmdiotest.Run(nono2cnf.Tool(""), "", "../../../testdata/nonogram/colour/colour01.non")
	_, answer, _ := cmdiotest.Run(satrun.Tool(""), cnf, "--solver", "gini")
	const plain = ".bbaaa\n.bba..\n.a..aa\na..a.b\n.a..ab\n.b..ba\n"
	// The picture on its colours, as --colour always writes it anywhere.
	_, ansi, _ := cmdiotest.Run(Tool(""), answer, "--colour", "always")
	if !strings.HasPrefix(ansi, "\x1b[38;2;0;0;0m\x1b[48;2;255;255;255m.\x1b[38;2;255;255;255m\x1b[48;2;31;119;180mb") {
		t.Fatalf("--colour always: %q", ansi)
	}
	for _, tt := range []struct {
		noColor string
		args    []string
		ansi    bool
	}{
		{"unset", nil, true},
		{"", nil, true},
		{"1", nil, false},
		{"0", nil, false},
		{"1", []string{"--colour", "always"}, true},
		{"unset", []string{"--colour", "never"}, false},
	} {
		code, shown, stderr := onTerminal(t, answer, tt.noColor, tt.args...)
		if code != 0 || stderr != "" {
			t.Errorf("NO_COLOR=%s %q: exit %d, stderr %q", tt.noColor, tt.args, code, stderr)
		}
		if want := map[bool]string{true: ansi, false: plain}[tt.ansi]; shown != want {
			t.Errorf("NO_COLOR=%s %q: the terminal shows %q; want ANSI colours: %v", tt.noColor, tt.args, shown, tt.ansi)
		}
	}
	usage := "usage: cnf2grid [flags] [FILE]\n"
	for _, f := range []string{"png", "svg", "pdf"} {
		for _, o := range [][]string{nil, {"-o", "-"}} {
			code, shown, stderr := onTerminal(t, answer, "unset", append([]string{"--format", f}, o...)...)
			if want := "cnf2grid: --format " + f + ": a drawing is not for a terminal: give -o FILE or pipe it into a file or viewer\n" + usage; code != 2 || shown != "" || stderr != want {
				t.Errorf("--format %s %q on a terminal: exit %d, shown %.40q, stderr %q; want 2, nothing, %q", f, o, code, shown, stderr, want)
			}
		}
		out := filepath.Join(t.TempDir(), "p."+f)
		if code, shown, stderr := onTerminal(t, answer, "unset", "--format", f, "-o", out); code != 0 || shown != "" || stderr != "c unique solution\n" && stderr != "" {
			t.Errorf("--format %s -o FILE: exit %d, shown %q, stderr %q", f, code, shown, stderr)
		}
		if st, err := os.Stat(out); err != nil || st.Size() == 0 {
			t.Errorf("--format %s -o FILE wrote nothing: %v", f, err)
		}
	}
}
