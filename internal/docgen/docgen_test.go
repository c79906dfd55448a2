package docgen

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/tools"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// load returns every pipesat command, from the module's manuals.
func load(t *testing.T) *Set {
	t.Helper()
	s, err := Load("../..", tools.All)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tools) != len(tools.All) || len(s.Tools) < 15 {
		t.Fatalf("%d commands", len(s.Tools))
	}
	return s
}

// allDocs returns what the declarations say of every flag of t, its
// commands' too.
func allDocs(t *cmdio.Tool) []cmdio.FlagDoc {
	ds := cmdio.Docs(t.Flags)
	for _, c := range t.Commands {
		ds = append(ds, cmdio.Docs(c.Flags)...)
	}
	return ds
}

// TestManPages: every page passes mandoc -T lint with all its warnings,
// names every flag of its command (as an option's bold name), and starts
// with the generated synopsis.
func TestManPages(t *testing.T) {
	mandoc := testenv.Program(t, "mandoc")
	s := load(t)
	dir := t.TempDir()
	pages, err := s.ManPages(dir, "2026-01-02", "v1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		tool := s.Tools[i]
		if err := os.WriteFile(p.Path, p.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(mandoc, "-T", "lint", "-W", "all", p.Path).CombinedOutput()
		if err != nil || len(out) > 0 {
			t.Errorf("mandoc -T lint -W all %s: %v\n%s", filepath.Base(p.Path), err, out)
		}
		page := string(p.Data)
		for _, d := range allDocs(tool) {
			for _, n := range d.Names {
				if !strings.Contains(page, `\fB`+escapeCode(n)+`\fR`) {
					t.Errorf("%s does not name %s", filepath.Base(p.Path), n)
				}
			}
		}
		if syn := ".SH SYNOPSIS\n.B " + tool.Name + "\n"; !strings.Contains(page, syn) {
			t.Errorf("%s has no synopsis %q", filepath.Base(p.Path), syn)
		}
	}
	// The same page, made again, is the same bytes.
	again, err := s.ManPages(dir, "2026-01-02", "v1.0.0")
	if err != nil || !slices.EqualFunc(pages, again, func(a, b File) bool { return bytes.Equal(a.Data, b.Data) }) {
		t.Errorf("the pages differ when made again (%v)", err)
	}
}

// TestManGolden pins one page whole: queens2cnf's.
func TestManGolden(t *testing.T) {
	s := load(t)
	pages, err := s.ManPages("", "2026-01-02", "v1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if p.Path == "queens2cnf.1" {
			testenv.Golden(t, "testdata/queens2cnf.1", p.Data, *update)
			return
		}
	}
	t.Fatal("no queens2cnf.1")
}

func TestEscape(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`a \ b`, `a \e b`},
		{"N×N", `N\[u00D7]N`},
		{"use --max 2, not-a-flag", `use \-\-max 2, not-a-flag`},
		{".dot starts", `\&.dot starts`},
		{strings.Repeat("word ", 20), strings.Repeat("word ", 14) + "word\n" + strings.TrimSpace(strings.Repeat("word ", 5))},
	} {
		if got := escape(tt.in); got != tt.want {
			t.Errorf("escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := escapeCode(".x -o f\\"); got != `\&.x \-o f\e` {
		t.Errorf("escapeCode = %q", got)
	}
}

// completions writes every completion under a new folder and returns it.
func completions(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range load(t).Completions(dir) {
		if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.Path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// run runs a shell's command and returns its standard output's lines, but
// the empty ones. The shells run in the test's own process group and are
// waited on; the context bounds a shell that would hang on its terminal.
func run(t *testing.T, name string, args ...string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %q: %v\n%s", name, args, err, stderr.String())
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimRight(l, "\r"); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// The completions every shell must offer: a command line (the last word
// the one completed) and the words offered, in any order.
var completionCases = []struct {
	words []string
	want  []string
}{
	{[]string{"satbench", "run", "--sol"}, []string{"--solver-cmd", "--solvers"}},
	{[]string{"nono2cnf", "--encoding", ""}, []string{"automaton", "runs", "patterns", "order"}},
	{[]string{"satbench", ""}, []string{"run", "plan", "exec", "merge", "report", "gen"}},
	{[]string{"satrun", "f.cnf", "--format", ""}, []string{"competition", "minisat", "gcnf"}},
	{[]string{"satrun", "--solver", "c"}, []string{"cadical", "cryptominisat5"}},
	{[]string{"sudoku2cnf", "--amo", "s"}, []string{"sequential"}},
	{[]string{"queens2cnf", "--na"}, []string{"--names"}},
	{[]string{"cnf2grid", "--colour", ""}, []string{"auto", "always", "never"}},
}

// TestBashCompletion sources each command's bash completion, sets
// COMP_WORDS and COMP_CWORD as bash does, calls the function and reads
// COMPREPLY.
func TestBashCompletion(t *testing.T) {
	bash := testenv.Program(t, "bash")
	dir := completions(t)
	for _, tt := range completionCases {
		var quoted []string
		for _, w := range tt.words {
			quoted = append(quoted, shQuote(w))
		}
		script := "source " + shQuote(filepath.Join(dir, "bash", tt.words[0])) + "\n" +
			"COMP_WORDS=(" + strings.Join(quoted, " ") + "); COMP_CWORD=" + strconv.Itoa(len(tt.words)-1) + "\n" +
			"_pipesat_" + tt.words[0] + "\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		got := run(t, bash, "--norc", "--noprofile", "-c", script)
		if !sameWords(got, tt.want) {
			t.Errorf("bash: %q: offers %q, want %q", tt.words, got, tt.want)
		}
	}
	// --flag=value: bash splits the "=" into a word of its own.
	script := "source " + shQuote(filepath.Join(dir, "bash", "satrun")) + "\n" +
		"COMP_WORDS=(satrun --format = m); COMP_CWORD=3; _pipesat_satrun; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
	if got := run(t, bash, "--norc", "--noprofile", "-c", script); !sameWords(got, []string{"minisat"}) {
		t.Errorf("bash: satrun --format=m offers %q", got)
	}
}

// TestFishCompletion asks fish itself (complete -C) what it offers.
func TestFishCompletion(t *testing.T) {
	fish := testenv.Program(t, "fish")
	dir := completions(t)
	for _, tt := range completionCases {
		script := "source " + shQuote(filepath.Join(dir, "fish", tt.words[0]+".fish")) + "\n" +
			"complete -C " + shQuote(strings.Join(tt.words, " ")) + "\n"
		var got []string
		for _, l := range run(t, fish, "--no-config", "-c", script) {
			w, _, _ := strings.Cut(l, "\t")
			got = append(got, w)
		}
		if !sameWords(got, tt.want) {
			t.Errorf("fish: %q: offers %q, want %q", tt.words, got, tt.want)
		}
	}
}

// TestZshCompletion asks zsh itself, on a pseudo-terminal, what its
// completion system offers (testdata/capture.zsh).
func TestZshCompletion(t *testing.T) {
	zsh := testenv.Program(t, "zsh")
	dir := completions(t)
	for _, tt := range completionCases {
		got := run(t, zsh, "-f", "testdata/capture.zsh", filepath.Join(dir, "zsh"), strings.Join(tt.words, " "))
		if !sameWords(got, tt.want) {
			t.Errorf("zsh: %q: offers %q, want %q", tt.words, got, tt.want)
		}
	}
}

// sameWords reports whether got and want hold the same words, in any
// order.
func sameWords(got, want []string) bool {
	g, w := slices.Clone(got), slices.Clone(want)
	slices.Sort(g)
	slices.Sort(w)
	return slices.Equal(g, w)
}
