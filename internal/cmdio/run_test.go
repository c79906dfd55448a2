package cmdio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fakeApp has the fields and the method of a cli.App that Run uses, so
// that Run is tested without the flag library (which stays in main.go).
type fakeApp struct {
	Name                  string
	HideHelpCommand       bool
	HideVersion           bool
	CustomAppHelpTemplate string
	Reader                io.Reader
	Writer, ErrWriter     io.Writer
	ExitErrHandler        func(*fakeContext, error)
	OnUsageError          func(*fakeContext, error, bool) error
	Flags                 []fakeFlag
	Commands              []*fakeCommand
	Action                func(*fakeContext) error

	vals map[string]any                              // the flags' values an Action sees
	run  func(a *fakeApp, ctx context.Context) error // the action
	args []string                                    // what RunContext got
}

// fakeContext has the methods of a cli.Context a Cmd calls.
type fakeContext struct {
	Context context.Context
	vals    map[string]any
	args    []string
}

func (c *fakeContext) String(n string) string              { s, _ := c.vals[n].(string); return s }
func (c *fakeContext) Bool(n string) bool                  { b, _ := c.vals[n].(bool); return b }
func (c *fakeContext) Int(n string) int                    { i, _ := c.vals[n].(int); return i }
func (c *fakeContext) Uint64(n string) uint64              { i, _ := c.vals[n].(uint64); return i }
func (c *fakeContext) Float64(n string) float64            { f, _ := c.vals[n].(float64); return f }
func (c *fakeContext) Duration(n string) time.Duration     { d, _ := c.vals[n].(time.Duration); return d }
func (c *fakeContext) StringSlice(n string) []string       { s, _ := c.vals[n].([]string); return s }
func (c *fakeContext) IsSet(n string) bool                 { _, ok := c.vals[n]; return ok }
func (c *fakeContext) Args() interface{ Slice() []string } { return fakeArgs(c.args) }

type fakeArgs []string

func (a fakeArgs) Slice() []string { return a }

type fakeCommand struct {
	Name               string
	Aliases            []string
	Flags              []fakeFlag
	CustomHelpTemplate string
	OnUsageError       func(*fakeContext, error, bool) error
}

// fakeFlag has the methods of a cli.Flag Run reads.
type fakeFlag struct {
	names []string
	value bool
}

func (f fakeFlag) Names() []string  { return f.names }
func (f fakeFlag) TakesValue() bool { return f.value }

func (a *fakeApp) RunContext(ctx context.Context, args []string) error {
	a.args = args
	if a.Action != nil {
		return a.Action(&fakeContext{Context: ctx, vals: a.vals, args: args[1:]})
	}
	if a.run == nil {
		return nil
	}
	return a.run(a, ctx)
}

var fakeFlags = []fakeFlag{
	{names: []string{"solver"}, value: true},
	{names: []string{"output", "o"}, value: true},
	{names: []string{"all"}},
}

const fakeDoc = "// tool does things.\n//\n//\ttool [-o FILE] [FILE]\npackage main\n"

func TestArrange(t *testing.T) {
	tests := []struct {
		in, want string
		version  bool
	}{
		{"t", "t", false},
		{"t f.cnf --solver gini", "t --solver gini f.cnf", false},
		{"t f.cnf --solver=gini --all -o x", "t --solver=gini --all -o x f.cnf", false},
		{"t --solver -x f.cnf", "t --solver -x f.cnf", false},                   // a value may look like a flag
		{"t a -o b c", "t -o b a c", false},                                     // short names too
		{"t a -- --all -", "t -- a --all -", false},                             // "--" ends the options
		{"t -- a b", "t a b", false},                                            // not needed: dropped
		{"t - --all", "t --all -", false},                                       // "-" is an operand
		{"t f --bogus x", "t --bogus f x", false},                               // unknown: no value
		{"t f --solver", "t --solver f", false},                                 // missing value: cli reports it
		{"t f --version", "t --version f", true},                                // anywhere
		{"t -- --version", "t -- --version", false},                             // not after "--"
		{"t f --help", "t --help", false},                                       // no help topic "f"
		{"t run x.cnf --all --solver g", "t --all --solver g run x.cnf", false}, // no commands: run is an operand
	}
	for _, tt := range tests {
		a := &fakeApp{Flags: fakeFlags}
		got, version := arrange(strings.Fields(tt.in), reflectValue(a))
		if strings.Join(got, " ") != tt.want || version != tt.version {
			t.Errorf("arrange(%q) = %q, %v; want %q, %v", tt.in, strings.Join(got, " "), version, tt.want, tt.version)
		}
	}
}

func TestArrangeCommands(t *testing.T) {
	cmds := []*fakeCommand{
		{Name: "report", Flags: []fakeFlag{{names: []string{"scatter"}, value: true}, {names: []string{"cactus"}, value: true}, {names: []string{"instances"}}}},
		{Name: "run", Aliases: []string{"r"}, Flags: []fakeFlag{{names: []string{"output", "o", "out"}, value: true}}},
	}
	tests := []struct{ in, want string }{
		{"t report --scatter A,B s.svg r.jsonl --cactus c.svg", "t report --scatter A,B --cactus c.svg s.svg r.jsonl"},
		{"t report r.jsonl --instances", "t report --instances r.jsonl"},
		{"t r a.cnf --out x", "t r --out x a.cnf"},
		{"t frob a --out x", "t frob a --out x"}, // unknown command: as given
		{"t report r.jsonl --help", "t report --help"},
	}
	for _, tt := range tests {
		a := &fakeApp{Commands: cmds}
		got, _ := arrange(strings.Fields(tt.in), reflectValue(a))
		if strings.Join(got, " ") != tt.want {
			t.Errorf("arrange(%q) = %q, want %q", tt.in, strings.Join(got, " "), tt.want)
		}
	}
}

// caretErr is an error with a position that can show it.
type caretErr struct{ caret string }

func (e *caretErr) Error() string { return "f.cnf:2:3: \"x\" is not a literal" }
func (e *caretErr) Caret() string { return e.caret }

func TestRunExit(t *testing.T) {
	usageFromCLI := errors.New("flag provided but not defined: -bogus")
	tests := []struct {
		name   string
		err    error
		code   int
		stderr string
	}{
		{"ok", nil, 0, ""},
		{"sat", ExitStatus{Code: 10}, 10, ""},
		{"unsat", Answer(20), 20, "tool: no solution\n"},
		{"unknown", Answer(0), 0, "tool: unknown: the solver gave no answer\n"},
		{"usage", Usagef("--max %d: want 1 or more", 0), 2, "tool: --max 0: want 1 or more\nusage: tool [-o FILE] [FILE]\n"},
		{"wrapped usage", fmt.Errorf("x: %w", Usage(errors.New("bad"))), 2, "tool: bad\nusage: tool [-o FILE] [FILE]\n"},
		{"cli usage", usageFromCLI, 2, "tool: flag provided but not defined: -bogus\nusage: tool [-o FILE] [FILE]\n"},
		{"error", errors.New("open x: no such file or directory"), 1, "tool: open x: no such file or directory\n"},
		{"caret", &caretErr{"1 x 0\n  ^\n"}, 1, "tool: f.cnf:2:3: \"x\" is not a literal\n1 x 0\n  ^\n"},
		{"wrapped caret", fmt.Errorf("reading: %w", &caretErr{"1 x 0\n  ^"}), 1, "tool: reading: f.cnf:2:3: \"x\" is not a literal\n1 x 0\n  ^\n"},
		{"line too long", &caretErr{""}, 1, "tool: f.cnf:2:3: \"x\" is not a literal\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &fakeApp{Flags: fakeFlags, run: func(a *fakeApp, _ context.Context) error {
				if tt.err == usageFromCLI {
					// As cli does with a flag it cannot parse.
					return a.OnUsageError(nil, tt.err, false)
				}
				a.ExitErrHandler(nil, tt.err) // must not exit
				return tt.err
			}}
			var out, errb bytes.Buffer
			code := Run(a, Tool{Doc: fakeDoc, Usage: "usage: tool [-o FILE] [FILE]"}, []string{"tool"}, nil, &out, &errb)
			if code != tt.code || errb.String() != tt.stderr {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, errb.String(), tt.code, tt.stderr)
			}
		})
	}
}

func TestRunFields(t *testing.T) {
	a := &fakeApp{Commands: []*fakeCommand{{Name: "run"}}}
	stdin := strings.NewReader("")
	var out, errb bytes.Buffer
	if code := Run(a, Tool{Doc: fakeDoc, Usage: "usage: tool ..."}, []string{"/bin/tool", "run"}, stdin, &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	help := "tool does things.\n\n\ttool [-o FILE] [FILE]\n"
	switch {
	case a.Name != "tool", a.Reader != stdin, a.Writer != &out, a.ErrWriter != &errb:
		t.Errorf("Name %q, streams %v %v %v", a.Name, a.Reader, a.Writer, a.ErrWriter)
	case !a.HideHelpCommand || !a.HideVersion:
		t.Errorf("HideHelpCommand %v, HideVersion %v", a.HideHelpCommand, a.HideVersion)
	case a.CustomAppHelpTemplate != help || a.Commands[0].CustomHelpTemplate != help:
		t.Errorf("help %q, command's %q; want %q", a.CustomAppHelpTemplate, a.Commands[0].CustomHelpTemplate, help)
	case a.Commands[0].OnUsageError == nil:
		t.Error("no OnUsageError on the command")
	case !slices.Equal(a.args, []string{"/bin/tool", "run"}):
		t.Errorf("RunContext got %q", a.args)
	}
	var ue *UsageError
	if err := a.Commands[0].OnUsageError(nil, errors.New("x"), true); !errors.As(err, &ue) {
		t.Errorf("the command's OnUsageError returned %v, not a UsageError", err)
	}
}

func TestRunVersion(t *testing.T) {
	a := &fakeApp{Flags: fakeFlags, run: func(*fakeApp, context.Context) error { return errors.New("ran") }}
	var out, errb bytes.Buffer
	code := Run(a, Tool{Doc: fakeDoc, Usage: "usage: tool"}, []string{"tool", "f.cnf", "--version"}, nil, &out, &errb)
	if want := "tool " + Version() + "\n"; code != 0 || out.String() != want || errb.Len() > 0 || a.args != nil {
		t.Errorf("exit %d, stdout %q, stderr %q, ran %v; want 0, %q", code, out.String(), errb.String(), a.args != nil, want)
	}
	if v := Version(); v == "" || strings.ContainsAny(v, " \n") {
		t.Errorf("Version() = %q", v)
	}
}

// TestRunSignal: with Signals, a signal ends the action's context instead
// of the process, and the exit status is 128 plus its number.
func TestRunSignal(t *testing.T) {
	a := &fakeApp{run: func(_ *fakeApp, ctx context.Context) error {
		syscall.Kill(os.Getpid(), syscall.SIGHUP)
		select {
		case <-ctx.Done():
			return errors.New("solver stopped")
		case <-time.After(10 * time.Second):
			return errors.New("the context did not end")
		}
	}}
	var out, errb bytes.Buffer
	code := Run(a, Tool{Doc: fakeDoc, Usage: "usage: tool", Signals: true}, []string{"tool"}, nil, &out, &errb)
	if code != 129 || errb.String() != "tool: solver stopped\n" {
		t.Errorf("exit %d, stderr %q; want 129, %q", code, errb.String(), "tool: solver stopped\n")
	}
	// An ExitStatus (satrun's "s UNKNOWN", exit 0) prints nothing more.
	a.run = func(_ *fakeApp, ctx context.Context) error {
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		<-ctx.Done()
		return ExitStatus{Code: 0}
	}
	errb.Reset()
	if code := Run(a, Tool{Doc: fakeDoc, Usage: "usage: tool", Signals: true}, []string{"tool"}, nil, &out, &errb); code != 143 || errb.Len() > 0 {
		t.Errorf("exit %d, stderr %q; want 143, nothing", code, errb.String())
	}
}

func TestOut(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/out"
	var stdout bytes.Buffer
	// An error before any output leaves the file alone.
	os.WriteFile(path, []byte("old\n"), 0o644)
	_, done := Out(path, &stdout)
	if err := done(errors.New("bad input")); err == nil || err.Error() != "bad input" {
		t.Errorf("done = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Errorf("file after an early error: %q", b)
	}
	// An exit status writes it, even empty.
	_, done = Out(path, &stdout)
	var w io.Writer
	if err := done(ExitStatus{Code: 20}); err != (ExitStatus{Code: 20}) {
		t.Errorf("done = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "" {
		t.Errorf("file after UNSAT: %q", b)
	}
	// Output, then an error: the output stands, the error is returned.
	w, done = Out(path, &stdout)
	io.WriteString(w, "v 1 0\n")
	if err := done(errors.New("solver failed")); err == nil {
		t.Error("done lost the error")
	}
	if b, _ := os.ReadFile(path); string(b) != "v 1 0\n" || stdout.Len() > 0 {
		t.Errorf("file %q, stdout %q", b, stdout.String())
	}
	// No -o: stdout.
	w, done = Out("", &stdout)
	io.WriteString(w, "x")
	if err := done(nil); err != nil || stdout.String() != "x" {
		t.Errorf("done = %v, stdout %q", err, stdout.String())
	}
}

func reflectValue(a *fakeApp) reflect.Value { return reflect.ValueOf(a).Elem() }

// TestCmd checks that an action sees the command line through Cmd.
func TestCmd(t *testing.T) {
	var got []string
	act := func(c *Cmd) error {
		got = append(got, c.String("solver"), fmt.Sprint(c.Bool("all")), fmt.Sprint(c.Int("n")),
			fmt.Sprint(c.Uint64("seed")), fmt.Sprint(c.Float64("ratio")), c.Duration("timeout").String(),
			strings.Join(c.Strings("suite"), "+"), fmt.Sprint(c.IsSet("solver"), c.IsSet("nosuch")),
			strings.Join(c.Operands(), "+"), fmt.Sprint(c.NArg()), c.Operand(1), c.Operand(5),
			fmt.Sprint(c.NoOperandsAfter(2)), fmt.Sprint(c.NoOperandsAfter(1)))
		if _, ok := c.Context().Value(invocationKey{}).(invocation); !ok {
			t.Error("the action's context has no invocation")
		}
		fmt.Fprint(c.Stdout, "out")
		fmt.Fprint(c.Stderr, "err")
		return ExitStatus{Code: 10}
	}
	a := &fakeApp{Flags: fakeFlags, vals: map[string]any{"solver": "gini", "all": true, "n": 3, "seed": uint64(7),
		"ratio": 4.26, "timeout": 2 * time.Second, "suite": []string{"a", "b"}}}
	var stdout, stderr bytes.Buffer
	code := Run(a, Tool{Doc: fakeDoc, Usage: "usage: tool [FILE]", Run: act}, []string{"tool", "x", "y"}, nil, &stdout, &stderr)
	want := []string{"gini", "true", "3", "7", "4.26", "2s", "a+b", "true false", "x+y", "2", "y", "",
		"<nil>", `unexpected argument "y"`}
	if code != 10 || !slices.Equal(got, want) || stdout.String() != "out" || stderr.String() != "err" {
		t.Errorf("exit %d, saw %q, stdout %q, stderr %q; want exit 10, %q, out, err", code, got, stdout.String(), stderr.String(), want)
	}
}

// TestPuzzle checks the shared --puzzle rules: empty means none, and
// standard input cannot be both the puzzle and the solver's output.
func TestPuzzle(t *testing.T) {
	parse := func(r io.Reader, name string) (string, error) {
		b, err := io.ReadAll(r)
		return name + ":" + string(b), err
	}
	tests := []struct {
		vals      map[string]any
		args      []string
		want, err string
	}{
		{map[string]any{}, nil, "", "<nil>"},
		{map[string]any{"puzzle": "-"}, []string{"out.txt"}, "<stdin>:clues", "<nil>"},
		{map[string]any{"puzzle": "-"}, nil, "", "--puzzle and the solver output cannot both be standard input"},
		{map[string]any{"puzzle": "-"}, []string{"-"}, "", "--puzzle and the solver output cannot both be standard input"},
		{map[string]any{"puzzle": "p"}, []string{"a", "b"}, "", `unexpected argument "b"`},
	}
	for _, tt := range tests {
		var got string
		var err error
		a := &fakeApp{vals: tt.vals}
		act := func(c *Cmd) error {
			got, err = Puzzle(c, parse)
			return nil
		}
		Run(a, Tool{Doc: fakeDoc, Usage: "usage: tool [FILE]", Run: act}, append([]string{"tool"}, tt.args...), strings.NewReader("clues"), io.Discard, io.Discard)
		if got != tt.want || fmt.Sprint(err) != tt.err {
			t.Errorf("%v %q: Puzzle = %q, %v; want %q, %s", tt.vals, tt.args, got, err, tt.want, tt.err)
		}
	}
}
