package nonosolve

import (
	"regexp"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	const (
		dancer = "../../../testdata/nonogram/webpbn-1.non"
		swing  = "../../../testdata/nonogram/webpbn-529.non"
		// Line logic fixes 12 of its 16 cells: two pictures.
		two  = "width 4\nheight 4\nrows\n1\n1\n0\n4\ncolumns\n1,1\n1,1\n1\n1\n"
		none = "width 2\nheight 2\nrows\n2\n0\ncolumns\n0\n2\n"
		// A colour puzzle of one picture.
		colour = "width 3\nheight 2\ncolor a #ff0000\ncolor b #0000ff\nrows\n1a,1b\n2b\ncolumns\n1a\n2b\n1b\n"
	)
	usage := "usage: nonosolve [flags] [FILE]\n"
	picture := ".##..\n.##.#\n..#.#\n.###.\n#.#..\n#.#..\n..##.\n.#.#.\n.#.##\n##...\n"
	tests := []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string // regular expressions
	}{
		{"one answer", "", []string{dancer}, 0, regexp.QuoteMeta(picture), ""},
		{"unique", "", []string{"--max", "2", dancer}, 0, regexp.QuoteMeta(picture + "c unique solution\n"), ""},
		{"limit 1", "", []string{"--max", "1", dancer}, 0, regexp.QuoteMeta(picture), ""},
		{"goal", "", []string{"--format", "goal", dancer}, 0, "01100011010010101110101001010000110010100101111000\n", ""},
		// No solver runs: one that would fail is never started.
		{"line logic", "", []string{"--solver-cmd", "false", "--all", swing}, 0, "(?s).*\nc unique solution\n", ""},
		{"two", two, []string{"--max", "2"}, 0, regexp.QuoteMeta(".#..\n#...\n....\n####\n\n#...\n.#..\n....\n####\n") + `c not unique: at least 2 solutions\nc they differ in r1c1 r1c2 r2c1 r2c2\n`, ""},
		{"all", two, []string{"--all", "-"}, 0, `(?s).*\nc not unique: 2 solutions\nc they differ in r1c1 r1c2 r2c1 r2c2\n`, ""},
		{"no solution", none, nil, 20, "", "no solution\n"},
		{"status sat", "", []string{"--status", "sat", dancer}, 10, regexp.QuoteMeta(picture), ""},
		{"status sat, timeout", two, []string{"--status=sat", "--solver-cmd", "sleep 30", "--timeout", "50ms"}, 0, "", "unknown: the solver gave no answer\n"},
		{"no solution, max", none, []string{"--max", "2"}, 20, "", "no solution\n"},
		{"failed solver", two, []string{"--solver-cmd", "false"}, 1, "", "nonosolve: .*\n"},
		{"timeout", two, []string{"--solver-cmd", "sleep 30", "--timeout", "50ms"}, 3, "", "unknown: the solver gave no answer\n"},
		{"drawing", "", []string{"--format", "svg", dancer}, 0, `(?s)<\?xml version="1.0"\?>\n.*>Dancer</text>\n</g>\n</svg>\n`, ""},
		{"format against -o", "", []string{"--format", "text", "-o", "x.png", dancer}, 2, "", regexp.QuoteMeta("nonosolve: --format text contradicts -o x.png: name the file .txt, or leave --format out\n" + usage)},
		{"explain", none, []string{"--explain"}, 20, regexp.QuoteMeta("    v\n    0 2\n> 2 . .\n  0 . .\nc no solution: row 1 (2) and column 1 (0) cannot all hold; each of the others can be dropped\n"), regexp.QuoteMeta("no solution\n")},
		{"explain a unique picture", "", []string{"--explain", dancer}, 0, regexp.QuoteMeta(picture+"c unique solution\n") + "c the solution needs .*\n", ""},
		{"explain and max", "", []string{"--explain", "--max", "2", dancer}, 2, "", regexp.QuoteMeta("nonosolve: --explain finds a second solution itself: not with --all or --max\n" + usage)},
		{"format", "", []string{"--format", "x", dancer}, 2, "", "nonosolve: --format: .*\n" + regexp.QuoteMeta(usage)},
		{"max", "", []string{"--max", "0", dancer}, 2, "", regexp.QuoteMeta("nonosolve: --max 0: want 1 or more\n" + usage)},
		{"all and max", "", []string{"--all", "--max", "2", dancer}, 2, "", regexp.QuoteMeta("nonosolve: --all and --max exclude each other\n" + usage)},
		{"input format", "", []string{"--input-format", "x"}, 2, "", regexp.QuoteMeta("nonosolve: --input-format: \"x\" is not auto, non, xml, keen, g, mk, nin or cwd\n" + usage)},
		{"encoding", "", []string{"--encoding", "x", dancer}, 2, "", regexp.QuoteMeta("nonosolve: --encoding: \"x\" is not automaton, runs, patterns or order\n" + usage)},
		{"max patterns", "", []string{"--max-patterns", "0", dancer}, 2, "", regexp.QuoteMeta("nonosolve: --max-patterns: 0 is not positive\n" + usage)},
		{"order", two, []string{"--encoding", "order", "--all"}, 0, `(?s).*\nc not unique: 2 solutions\nc they differ in r1c1 r1c2 r2c1 r2c2\n`, ""},
		{"too many patterns", two, []string{"--encoding", "patterns", "--max-patterns", "1"}, 1, "", regexp.QuoteMeta("nonosolve: the lines have 24 patterns in all, more than --max-patterns 1 (row 1 alone has 4)\n")},
		{"two files", "", []string{"a", "b"}, 2, "", regexp.QuoteMeta("nonosolve: unexpected argument \"b\"\n" + usage)},
		{"colours in unicode without ANSI", colour, []string{"--format", "unicode", "--colour", "never"}, 1, "",
			regexp.QuoteMeta("nonosolve: --format unicode shows colours only as ANSI colours: add --colour always, or use text, png or svg\n")},
		{"no file", "", []string{"/nonexistent"}, 1, "", regexp.QuoteMeta("nonosolve: open /nonexistent: no such file or directory\n")},
		{"bad puzzle", "width 2\nheight 2\nrows\n1\n", nil, 1, "", regexp.QuoteMeta("nonosolve: <stdin>:5:1: 1 row clues, height is 2\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cmdiotest.Run(Tool(""), tt.stdin, tt.args...)
			if code != tt.code || !regexp.MustCompile("^"+tt.stdout+"$").MatchString(stdout) || !regexp.MustCompile("^"+tt.stderr+"$").MatchString(stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q\nwant %d, %q, %q", code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}
