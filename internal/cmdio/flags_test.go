package cmdio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/pipesat/pipesat/textpos"
	"github.com/urfave/cli/v2"
)

// runFlags runs a tool named tool with flags and act on args, and returns
// its exit status and stderr.
func runFlags(flags []cli.Flag, act func(c *Cmd) error, args ...string) (int, string) {
	code, _, stderr := run(&Tool{Name: "tool", Flags: flags, Action: act}, args...)
	return code, stderr
}

func TestStyle(t *testing.T) {
	var s Style
	var out Output
	var got cnfstyle.Style
	code, stderr := runFlags(append(s.Flags("primary"), out.Flag()), func(c *Cmd) error {
		var err error
		got, err = s.Style(c)
		return err
	}, "-o", "x.cnf", "--names", "all", "p.non", "--comments=false", "--", "-o")
	want := cnfstyle.Style{Names: cnfstyle.All, Comments: false,
		Provenance: cnfstyle.Provenance{Tool: "tool", Version: Version(), Args: []string{"--names", "all", "p.non", "--comments=false", "--", "-o"}}}
	if code != 0 || stderr != "" || got.Names != want.Names || got.Comments || got.Provenance.Tool != "tool" ||
		got.Provenance.Version != want.Provenance.Version || !slices.Equal(got.Provenance.Args, want.Provenance.Args) {
		t.Errorf("exit %d, stderr %q, Style = %+v; want %+v", code, stderr, got, want)
	}
	// The defaults.
	runFlags(s.Flags("none"), func(c *Cmd) error { got, _ = s.Style(c); return nil })
	if got.Names != cnfstyle.None || !got.Comments || got.Provenance.Args != nil {
		t.Errorf("defaults: %+v, want names none, comments, no args", got)
	}
	code, stderr = runFlags(s.Flags("primary"), func(c *Cmd) error { _, err := s.Style(c); return err }, "--names", "cells")
	if code != 2 || stderr != "tool: --names: \"cells\" is not none, primary or all\nusage: tool [flags]\n" {
		t.Errorf("--names cells: exit %d, stderr %q", code, stderr)
	}
}

func TestWithoutOutput(t *testing.T) {
	tests := []struct{ in, want string }{
		{"-o x a", "a"},
		{"--o x --output y -output z a", "a"},
		{"-o=x --output=y -output=z --o=w a", "a"},
		{"a -- -o x", "a -- -o x"},
		{"--out x a", "--out x a"}, // satbench's old name is not -o
		{"- -oo x", "- -oo x"},
		{"-o", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(withoutOutput(strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("withoutOutput(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := withoutOutput([]string{"", "a"}); !slices.Equal(got, []string{"", "a"}) {
		t.Errorf("withoutOutput with an empty argument = %q", got)
	}
}

// failWriter writes a little, then fails.
type failWriter struct{}

func (failWriter) WriteTo(w io.Writer) (int64, error) {
	w.Write([]byte("partial"))
	return 7, errors.New("boom")
}

func TestOutputWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	os.WriteFile(path, []byte("old"), 0o644)
	for _, tt := range []struct {
		path, stdout, file string
		w                  io.WriterTo
		err                string
	}{
		{path, "", "old", failWriter{}, "boom"}, // the old file stands
		{path, "", "x", strings.NewReader("x"), "<nil>"},
		{"", "x", "", strings.NewReader("x"), "<nil>"},
		{"-", "x", "", strings.NewReader("x"), "<nil>"},
		{"", "partial", "", failWriter{}, "boom"},
		{"-", "", "", strings.NewReader(""), "<nil>"},
	} {
		o := Output{Path: tt.path}
		var c Cmd
		var stdout strings.Builder
		c.Stdout = &stdout
		err := o.Write(&c, tt.w)
		b, _ := os.ReadFile(path)
		os.Remove(path)
		if fmt.Sprint(err) != tt.err || stdout.String() != tt.stdout || string(b) != tt.file {
			t.Errorf("Write to %q: %v, stdout %q, file %q; want %s, %q, %q", tt.path, err, stdout.String(), b, tt.err, tt.stdout, tt.file)
		}
	}
}

func TestOutputWriter(t *testing.T) {
	dir := t.TempDir()
	o := Output{Path: filepath.Join(dir, "out")}
	var stdout strings.Builder
	c := &Cmd{Stdout: &stdout}
	// An error before any output leaves the file alone.
	os.WriteFile(o.Path, []byte("old\n"), 0o644)
	_, done := o.Writer(c)
	if err := done(errors.New("bad input")); err == nil || err.Error() != "bad input" {
		t.Errorf("done = %v", err)
	}
	if b, _ := os.ReadFile(o.Path); string(b) != "old\n" {
		t.Errorf("file after an early error: %q", b)
	}
	// An exit status writes it, even empty.
	_, done = o.Writer(c)
	if err := done(ExitStatus{Code: 20}); err != (ExitStatus{Code: 20}) {
		t.Errorf("done = %v", err)
	}
	if b, _ := os.ReadFile(o.Path); string(b) != "" {
		t.Errorf("file after UNSAT: %q", b)
	}
	// Output, then an error: the output stands, the error is returned.
	w, done := o.Writer(c)
	io.WriteString(w, "v 1 0\n")
	if err := done(errors.New("solver failed")); err == nil || err.Error() != "solver failed" {
		t.Errorf("done = %v, want the solver's error", err)
	}
	if b, _ := os.ReadFile(o.Path); string(b) != "v 1 0\n" || stdout.Len() > 0 {
		t.Errorf("file %q, stdout %q", b, stdout.String())
	}
	// A file that cannot be written: its error.
	bad := Output{Path: filepath.Join(dir, "no", "such")}
	w, done = bad.Writer(c)
	io.WriteString(w, "x")
	if err := done(nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("done = %v, want a missing folder", err)
	}
	// No -o, or "-": stdout, as it comes.
	for _, p := range []string{"", "-"} {
		stdout.Reset()
		w, done = (&Output{Path: p}).Writer(c)
		io.WriteString(w, "x")
		if stdout.String() != "x" {
			t.Errorf("-o %q: stdout %q before done", p, stdout.String())
		}
		if err := done(nil); err != nil {
			t.Errorf("-o %q: done = %v", p, err)
		}
	}
}

// TestReadPuzzle checks the shared --puzzle rules: empty means none, and
// standard input cannot be both the puzzle and the solver's output.
func TestReadPuzzle(t *testing.T) {
	parse := func(r io.Reader, name string) (string, error) {
		b, err := io.ReadAll(r)
		return name + ":" + string(b), err
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "p")
	os.WriteFile(p, []byte("clues"), 0o644)
	tests := []struct {
		args      []string
		want, err string
	}{
		{nil, "", "<nil>"},
		{[]string{"--puzzle", "-", "out.txt"}, "<stdin>:in", "<nil>"},
		{[]string{"--puzzle", p, "-"}, p + ":clues", "<nil>"},
		{[]string{"--puzzle", "-"}, "", "--puzzle and the solver output cannot both be standard input"},
		{[]string{"--puzzle", "-", "-"}, "", "--puzzle and the solver output cannot both be standard input"},
		{[]string{"--puzzle", "p", "a", "b"}, "", `unexpected argument "b"`},
		{[]string{"--puzzle", filepath.Join(dir, "none")}, "", "open " + filepath.Join(dir, "none") + ": no such file or directory"},
	}
	for _, tt := range tests {
		var pz Puzzle
		var got string
		var err error
		runFlags([]cli.Flag{pz.Flag()}, func(c *Cmd) error {
			got, err = ReadPuzzle(c, pz, parse)
			return nil
		}, tt.args...)
		if got != tt.want || fmt.Sprint(err) != tt.err {
			t.Errorf("%q: ReadPuzzle = %q, %v; want %q, %s", tt.args, got, err, tt.want, tt.err)
		}
		var ue *usage.Error
		if strings.Contains(tt.err, "standard input") && !errors.As(err, &ue) {
			t.Errorf("%q: %v is not a usage error", tt.args, err)
		}
	}
}

// TestDecodeAnswer: the decoder writes to -o or stdout, and the exit
// status is the answer's.
func TestDecodeAnswer(t *testing.T) {
	dir := t.TempDir()
	ans := filepath.Join(dir, "ans")
	os.WriteFile(ans, []byte("s SATISFIABLE\nv 1 -2 0\n"), 0o644)
	decode := func(w io.Writer, out *dimacs.Output) (dimacs.Status, error) {
		fmt.Fprintf(w, "%d answers\n", len(out.Answers))
		return out.Answers[0].Status, nil
	}
	for _, tt := range []struct {
		args           []string
		code           int
		stdout, stderr string
		file           string
	}{
		{[]string{ans}, 0, "1 answers\n", "", ""},
		{[]string{ans, "--status", "sat"}, 10, "1 answers\n", "", ""},
		{[]string{ans, "-o", filepath.Join(dir, "o")}, 0, "", "", "1 answers\n"},
		{[]string{"a", "b"}, 2, "", "tool: unexpected argument \"b\"\nusage: tool [flags]\n", ""},
		{[]string{filepath.Join(dir, "none")}, 1, "", "tool: open " + filepath.Join(dir, "none") + ": no such file or directory\n", ""},
	} {
		os.Remove(filepath.Join(dir, "o"))
		var o Output
		var st Status
		code, stdout, stderr := run(&Tool{Name: "tool", Flags: []cli.Flag{o.Flag(), st.Flag()},
			Action: func(c *Cmd) error { return DecodeAnswer(c, o, st, decode) }}, tt.args...)
		b, _ := os.ReadFile(filepath.Join(dir, "o"))
		if code != tt.code || stdout != tt.stdout || stderr != tt.stderr || string(b) != tt.file {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, file %q; want %d, %q, %q, %q", tt.args, code, stdout, stderr, b, tt.code, tt.stdout, tt.stderr, tt.file)
		}
	}
}

func TestSingleFlags(t *testing.T) {
	var stats, certify bool
	var timeout, def = time.Duration(0), 5 * time.Second
	var depth int
	flags := []cli.Flag{StatsFlag(&stats), CertifyFlag(&certify), TimeoutFlag(&timeout, def), DepthFlag(&depth)}
	runFlags(flags, func(*Cmd) error { return nil })
	if stats || certify || timeout != def || depth != -1 {
		t.Errorf("defaults: stats %v, certify %v, timeout %v, depth %d", stats, certify, timeout, depth)
	}
	runFlags(flags, func(*Cmd) error { return nil }, "--stats", "--certify", "--timeout", "2s", "--depth", "3")
	if !stats || !certify || timeout.String() != "2s" || depth != 3 {
		t.Errorf("set: stats %v, certify %v, timeout %v, depth %d", stats, certify, timeout, depth)
	}
}

func TestModels(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "false 0"},
		{[]string{"--all"}, "true 0"},
		{[]string{"--max", "2"}, "true 2"},
		{[]string{"--max", "1"}, "true 1"},
		{[]string{"--max", "0"}, "--max 0: want 1 or more"},
		{[]string{"--all", "--max", "2"}, "--all and --max exclude each other"},
	} {
		var m Models
		var got string
		code, stderr := runFlags(m.Flags(), func(c *Cmd) error {
			got = fmt.Sprint(m.Given(c), " ", m.Max)
			return m.Check(c)
		}, tt.args...)
		if code == 2 {
			got = strings.TrimSuffix(strings.TrimPrefix(stderr, "tool: "), "\nusage: tool [flags]\n")
		}
		if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.args, got, tt.want)
		}
	}
}

// TestIndexWords: a file of several puzzles says how to choose one.
func TestIndexWords(t *testing.T) {
	var x Index
	several := &textpos.Error{Name: "f", Pos: textpos.Pos{Line: 3, Col: 1}, Msg: "a second puzzle: the file holds 4 puzzles", Err: &textpos.SeveralError{Puzzles: 4}}
	if got, want := fmt.Sprint(x.Words(fmt.Errorf("reading: %w", several))), "reading: f:3:1: a second puzzle: the file holds 4 puzzles; choose one with --index (1-4)"; got != want {
		t.Errorf("Words = %s, want %s", got, want)
	}
	other := &textpos.Error{Name: "f", Msg: "bad clue"}
	if got := x.Words(other); got != other || other.Msg != "bad clue" {
		t.Errorf("Words(%v) = %v", other, got)
	}
	if x.Words(nil) != nil {
		t.Error("Words(nil) is not nil")
	}
}

// TestAnswerWords: an incomplete count says which satrun flag lists more;
// the result is still an error after the output.
func TestAnswerWords(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string
	}{
		{"s SATISFIABLE\nv 1 0\nc limit 1 reached; more models may exist\nc solutions 1\n", "count incomplete: the enumeration stopped at the --max 1 limit; more models may exist"},
		{"s SATISFIABLE\nv 1 0\n", "count incomplete: one answer, not an enumeration (satrun --all lists every model)"},
		{"s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\n", "count incomplete: the 2 models end with no count line and no final UNSATISFIABLE (the input may be cut short)"},
	} {
		out, err := dimacs.ReadAnswer(strings.NewReader(tt.in), "t")
		if err != nil {
			t.Fatal(err)
		}
		err = AnswerWords(out.CountError())
		if fmt.Sprint(err) != tt.want || !dimacs.AfterOutput(err) {
			t.Errorf("%q: %v (after the output: %v), want %s", tt.in, err, dimacs.AfterOutput(err), tt.want)
		}
	}
	if AnswerWords(nil) != nil {
		t.Error("AnswerWords(nil) is not nil")
	}
}

// TestStatus: each --status and answer, the exit status and message.
func TestStatus(t *testing.T) {
	for _, tt := range []struct {
		args []string
		st   dimacs.Status
		code int
		msg  string
	}{
		{nil, dimacs.Sat, 0, ""},
		{nil, dimacs.Unsat, 20, "no solution"},
		{nil, dimacs.Unknown, 3, "unknown: the solver gave no answer"},
		{[]string{"--status", "plain"}, dimacs.Sat, 0, ""},
		{[]string{"--status", "sat"}, dimacs.Sat, 10, ""},
		{[]string{"--status", "sat"}, dimacs.Unsat, 20, "no solution"},
		{[]string{"--status", "sat"}, dimacs.Unknown, 0, "unknown: the solver gave no answer"},
	} {
		var s Status
		runFlags([]cli.Flag{s.Flag()}, func(*Cmd) error { return nil }, tt.args...)
		var es ExitStatus
		if err := s.Answer(tt.st); !errors.As(err, &es) || es.Code != tt.code || es.Msg != tt.msg || s.Exit(tt.st).Code != tt.code {
			t.Errorf("%q, %v: %#v; want exit %d, %q", tt.args, tt.st, err, tt.code, tt.msg)
		}
	}
	code, _, stderr := run(&Tool{Name: "tool", Flags: []cli.Flag{new(Status).Flag()}, Action: func(*Cmd) error { return nil }}, "--status", "10")
	if want := "tool: --status: \"10\" is not plain or sat\nusage: tool [flags]\n"; code != 2 || stderr != want {
		t.Errorf("--status 10: exit %d, %q; want 2, %q", code, stderr, want)
	}
}
