package pipesat_test

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/solver"
)

// An example is a command of README.md shown with its output: in an
// indented code block, a line "$ COMMAND" (continued on the next line when
// it ends in a backslash) and the lines up to the next "$ " line or the
// block's end, which are what the command prints on standard output
// (blank lines at their end excepted: they separate examples).
type example struct {
	line int    // of README.md, where "$ " is
	cmd  string // without "$ "
	want string // the output lines, each ending in a newline
}

// readmeExamples returns the examples of the Markdown text md: the
// indented code blocks (four spaces, after a blank line, running on over
// blank lines) whose first line starts with "$ ". Blocks that start any
// other way are prose about commands, not checked.
func readmeExamples(md string) []example {
	lines := strings.Split(strings.TrimSuffix(md, "\n"), "\n")
	var out []example
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "    ") || (i > 0 && strings.TrimSpace(lines[i-1]) != "") {
			continue
		}
		// The block: indented lines and blank ones, less trailing blanks.
		start, end := i, i
		for end < len(lines) && (strings.HasPrefix(lines[end], "    ") || strings.TrimSpace(lines[end]) == "") {
			end++
		}
		for end > start && strings.TrimSpace(lines[end-1]) == "" {
			end--
		}
		i = end
		if !strings.HasPrefix(lines[start], "    $ ") {
			continue
		}
		for j := start; j < end; {
			ex := example{line: j + 1, cmd: strings.TrimPrefix(lines[j], "    $ ")}
			for j++; strings.HasSuffix(ex.cmd, "\\") && j < end; j++ {
				ex.cmd += "\n" + strings.TrimPrefix(lines[j], "    ")
			}
			for ; j < end && !strings.HasPrefix(lines[j], "    $ "); j++ {
				ex.want += strings.TrimPrefix(lines[j], "    ") + "\n"
			}
			// Blank lines between two examples of a block are not output.
			ex.want = strings.TrimRight(ex.want, "\n")
			if ex.want != "" {
				ex.want += "\n"
			}
			out = append(out, ex)
		}
	}
	return out
}

// solverWord finds the external solvers a command names.
var solverWord = regexp.MustCompile(`[A-Za-z0-9_]+`)

// TestREADME runs every example of README.md with sh in the repository's
// folder, the tools on PATH and PIPESAT_SOLVER empty, and requires its
// standard output to be exactly the lines the README shows. An example
// that names an external solver is skipped when the solver is missing,
// unless PIPESAT_REQUIRE_SOLVERS names it.
func TestREADME(t *testing.T) {
	t.Parallel()
	md, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	exs := readmeExamples(string(md))
	if len(exs) < 8 {
		t.Fatalf("README.md has %d examples in the \"$ command\" form; the test expects at least 8", len(exs))
	}
	runExamples(t, "README.md", exs)
}

// TestManualExamples runs the "$ command" examples of the manuals,
// cmd/*/doc.go, as TestREADME runs the README's: in the doc comment a
// code block is indented by a tab, and line numbers count from the
// comment's first line.
func TestManualExamples(t *testing.T) {
	t.Parallel()
	docs, err := filepath.Glob("cmd/*/doc.go")
	if err != nil || len(docs) < 14 {
		t.Fatalf("%d manuals, %v", len(docs), err)
	}
	n := 0
	for _, d := range docs {
		f, err := parser.ParseFile(token.NewFileSet(), d, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc == nil {
			t.Fatalf("%s: no doc comment", d)
		}
		text := regexp.MustCompile(`(?m)^\t`).ReplaceAllString(f.Doc.Text(), "    ")
		exs := readmeExamples(text)
		n += len(exs)
		t.Run(filepath.Base(filepath.Dir(d)), func(t *testing.T) { runExamples(t, d, exs) })
	}
	if n < 5 {
		t.Errorf("the manuals have %d examples in the \"$ command\" form; the test expects at least 5", n)
	}
}

// runExamples runs each example of file as TestREADME describes.
func runExamples(t *testing.T, file string, exs []example) {
	for _, ex := range exs {
		t.Run(fmt.Sprintf("line%d", ex.line), func(t *testing.T) {
			for _, w := range solverWord.FindAllString(ex.cmd, -1) {
				if _, ok := solver.FindKnown(w); ok {
					testenv.Solver(t, w)
				}
			}
			cmd := exec.Command("sh", "-c", ex.cmd)
			cmd.Env = append(toolsEnviron(t), "PIPESAT_SOLVER=") // the tools are on PATH
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if got := stdout.String(); got != ex.want {
				t.Errorf("%s:%d: $ %s\n(exit: %v; stderr: %q)\n--- %s shows\n%s--- the command prints\n%s",
					file, ex.line, ex.cmd, err, stderr.String(), file, ex.want, got)
			}
		})
	}
}

// TestReadmeExamples checks how the examples are found.
func TestReadmeExamples(t *testing.T) {
	md := "Text:\n\n    $ echo a \\\n      b\n    a b\n\n    c\n    $ true\n\n    $ echo\n\n    $ false\n\nMore.\n\n" +
		"    no dollar: prose\n    $ not an example\n\n        $ indented further\n    x\n" +
		"\nText.\n\n    $ printf 'x\\n\\ny\\n'\n    x\n\n    y\n\n\nEnd.\n"
	want := []example{
		{line: 3, cmd: "echo a \\\n  b", want: "a b\n\nc\n"},
		{line: 8, cmd: "true"},
		{line: 10, cmd: "echo"},
		{line: 12, cmd: "false"},
		{line: 24, cmd: "printf 'x\\n\\ny\\n'", want: "x\n\ny\n"},
	}
	if got := readmeExamples(md); !slices.Equal(got, want) {
		t.Errorf("readmeExamples:\n got %+v\nwant %+v", got, want)
	}
}

// duration matches a time a tool reports, "3.4ms".
var duration = regexp.MustCompile(`[0-9.]+(ns|µs|ms|s)\b`)

// TestDemo runs scripts/demo.sh, make demo's script, on the tools and
// checks its transcript. Its paragraphs that start with "$ COMMAND" show a
// command and what it printed: run again here (bash with pipefail, the
// tools on PATH), the command must print the same, so the demo shows what
// it runs; their standard error together must be the demo's, durations
// aside. The last one answers the demo's question.
func TestDemo(t *testing.T) {
	t.Parallel()
	bin := filepath.Dir(testenv.Tool(t, "satrun")) // where TestMain put the tools
	cmd := exec.Command("bash", "scripts/demo.sh", bin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("demo.sh: %v\n%s", err, stderr.String())
	}
	var ran []string
	var errs strings.Builder
	last := ""
	for _, para := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n\n") {
		c, out, _ := strings.Cut(para, "\n")
		c, ok := strings.CutPrefix(c, "$ ")
		if !ok {
			continue
		}
		if out != "" {
			out += "\n"
		}
		ran, last = append(ran, c), out
		again := exec.Command("bash", "-o", "pipefail", "-c", c)
		again.Env = os.Environ() // the tools are on PATH (TestMain)
		again.Stderr = &errs
		got, err := again.Output()
		if string(got) != out {
			t.Errorf("the demo shows\n$ %s\n%s--- the command prints (exit: %v)\n%s", c, out, err, got)
		}
	}
	if len(ran) != 3 {
		t.Fatalf("the demo ran %d commands, want 3: %q", len(ran), ran)
	}
	if got, want := duration.ReplaceAllString(errs.String(), "T"), duration.ReplaceAllString(stderr.String(), "T"); got != want {
		t.Errorf("the demo's standard error\n%s--- its commands'\n%s", want, got)
	}
	// The clause counts it names: the presolved formula's in the stats
	// lines, the full one's in the second command.
	if want := "automaton encoding: 625 variables, 625 clauses"; !strings.Contains(stderr.String(), want) {
		t.Errorf("the demo's standard error does not say %q:\n%s", want, stderr.String())
	}
	if !strings.Contains(stdout.String(), "\n$ nono2cnf --presolve=false testdata/nonogram/gchq.non | grep '^p cnf'\np cnf 6131 19237\n") {
		t.Errorf("the demo does not show the full formula's size, \"p cnf 6131 19237\":\n%s", stdout.String())
	}
	if last != "c unique solution\n" {
		t.Errorf("the demo's answer is %q, want \"c unique solution\"", last)
	}
}

// exitTable returns the rows of README.md's table of exit statuses: each
// status (a row may name several, "129, 130, 143") and its meaning.
func exitTable(md string) map[string]string {
	rows := map[string]string{}
	_, table, _ := strings.Cut(md, "| exit | meaning |\n|------|---------|\n")
	for l := range strings.Lines(table) {
		cells := strings.Split(strings.TrimSpace(l), "|")
		if len(cells) != 4 || cells[0] != "" || cells[3] != "" {
			break
		}
		for code := range strings.SplitSeq(cells[1], ",") {
			rows[strings.TrimSpace(code)] = strings.TrimSpace(cells[2])
		}
	}
	return rows
}

// TestReadmeExitTable runs a command for each claim of README.md's table
// of exit statuses and requires the status the table gives: the row of
// that status must name the tool (or "the decoders") and say what the
// command's case is.
func TestReadmeExitTable(t *testing.T) {
	t.Parallel()
	md, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := exitTable(string(md))
	const unsat = `printf 'width 2\nheight 2\nrows\n2\n0\ncolumns\n0\n2\n'`
	const two = `printf 'width 4\nheight 4\nrows\n1\n1\n0\n4\ncolumns\n1,1\n1,1\n1\n1\n'` // two pictures: a search
	for _, tt := range []struct {
		code      int
		who, says string // words of the row
		cmd       string
	}{
		{0, "nonosolve", "printed a solution", "nonosolve testdata/nonogram/webpbn-1.non"},
		{0, "the decoders", "printed a solution", "nono2cnf testdata/nonogram/webpbn-1.non | satrun --solver gini | cnf2grid"},
		{0, "cubesolve", "printed a solution", `cubesolve --definition cube2 --moves "R U" --solver gini`},
		{0, "satrun", "no answer", `satrun --solver-cmd 'sh -c "cat >/dev/null; echo s UNKNOWN"' testdata/cnf/small-sat.cnf`},
		{10, "satrun", "satisfiable", "satrun --solver gini testdata/cnf/small-sat.cnf"},
		{20, "satrun", "unsatisfiable", "satrun --solver gini testdata/cnf/small-unsat.cnf"},
		{20, "nonosolve", "no solution", unsat + " | nonosolve"},
		{20, "the decoders", "no solution", "satrun --solver gini testdata/cnf/small-unsat.cnf | cnf2vals"},
		{20, "cubesolve", "no solution", `cubesolve --definition cube2 --moves "R U" --solver gini --max-depth 1`},
		{3, "cubesolve", "no answer", `cubesolve --definition cube2 --moves "R U" --solver-cmd "sh -c 'echo s UNKNOWN'"`},
		{3, "nonosolve", "no answer", two + " | nonosolve --solver-cmd 'sleep 30' --timeout 0.1"},
		{3, "the decoders", "no answer", "printf 's UNKNOWN\\n' | cnf2zebra"},
		{1, "error", "bad input", "printf 'p cnf 1 1\\nx 0\\n' | satrun"},
		{2, "usage", "usage", "cnf2grid --no-such-flag"},
	} {
		row := rows[fmt.Sprint(tt.code)]
		if !strings.Contains(row, tt.who) || !strings.Contains(row, tt.says) {
			t.Errorf("README.md's row for exit %d, %q, does not say %q of %s", tt.code, row, tt.says, tt.who)
		}
		cmd := exec.Command("sh", "-c", tt.cmd)
		cmd.Env = append(os.Environ(), "PIPESAT_SOLVER=") // the tools are on PATH (TestMain)
		out, _ := cmd.CombinedOutput()
		if got := cmd.ProcessState.ExitCode(); got != tt.code {
			t.Errorf("$ %s\n%sexit %d; README.md's table says %d (%s)", tt.cmd, out, got, tt.code, row)
		}
	}
}
