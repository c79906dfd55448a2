package sudokuflag

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/sudoku"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestSudoku(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "0 false auto"},
		{[]string{"--index", "2", "--symbols", "0-F"}, "2 true 0-F"},
		{[]string{"--index", "0"}, "--index 0: want 1 or more"},
		{[]string{"--symbols", "x"}, `--symbols: "x" is not auto, 1-G or 0-F`},
	} {
		var s Sudoku
		var got string
		code, stderr := cmdiotest.RunFlags(s.Flags(), func(c *cmdio.Cmd) error {
			nt, err := s.Notation(c)
			got = fmt.Sprint(s.Index.K, " ", s.Index.Given(c), " ", nt)
			return err
		}, tt.args...)
		if code == 2 {
			got = strings.TrimSuffix(strings.TrimPrefix(stderr, "tool: "), "\nusage: tool [flags]\n")
		}
		if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.args, got, tt.want)
		}
	}
}

// TestWords: the reader's errors that a flag settles name it; others stay.
func TestWords(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"1.....3..4.....2\n1.....3..4.....2\n", "p.txt:2:1: a second puzzle: the file holds 2 puzzles; choose one with --index (1-2)"},
		{"." + "0" + strings.Repeat(".", 254), `p.txt:1:2: "0" in a 16x16 puzzle with no "G" fits two notations: 1-G (1-9, A-G; 0 is a blank) and 0-F (hexadecimal; 0 is the value 1): choose one with --symbols 1-G or --symbols 0-F`},
		{"1..1............", "p.txt:1:4: r1c4=1 repeats r1c1=1 (p.txt:1:1) in row 1"},
	} {
		var s Sudoku
		_, err := sudoku.Parse(strings.NewReader(tt.in), "p.txt", 0)
		if got := fmt.Sprint(s.Words(err)); got != tt.want {
			t.Errorf("%q: %s\nwant %s", tt.in, got, tt.want)
		}
	}
}
