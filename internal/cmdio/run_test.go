package cmdio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

const testDoc = "// tool does things.\n//\n//\ttool [-o FILE] [FILE]\npackage main\n"

// testTool returns a tool with --solver (a value), -o/--output (a value)
// and --all (none), whose action is act.
func testTool(act func(c *Cmd) error) *Tool {
	var solver, output string
	var all bool
	return &Tool{Name: "tool", Doc: testDoc, Operands: "[FILE]", Action: act, Flags: []cli.Flag{
		&cli.StringFlag{Name: "solver", Destination: &solver},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Destination: &output},
		&cli.BoolFlag{Name: "all", Destination: &all},
	}}
}

// run runs t on args and returns its exit status, stdout and stderr.
func run(t *Tool, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(t, append([]string{"tool"}, args...), strings.NewReader("in"), &out, &errb)
	return code, out.String(), errb.String()
}

func TestArrange(t *testing.T) {
	tests := []struct {
		in, want string
		version  bool
		help     helpKind
	}{
		{"t", "t", false, noHelp},
		{"t f.cnf --solver gini", "t --solver gini f.cnf", false, noHelp},
		{"t f.cnf --solver=gini --all -o x", "t --solver=gini --all -o x f.cnf", false, noHelp},
		{"t --solver -x f.cnf", "t --solver -x f.cnf", false, noHelp},                   // a value may look like a flag
		{"t a -o b c", "t -o b a c", false, noHelp},                                     // short names too
		{"t a -- --all -", "t -- a --all -", false, noHelp},                             // "--" ends the options
		{"t -- a b", "t a b", false, noHelp},                                            // not needed: dropped
		{"t - --all", "t --all -", false, noHelp},                                       // "-" is an operand
		{"t f --bogus x", "t --bogus f x", false, noHelp},                               // unknown: no value
		{"t f --solver", "t --solver f", false, noHelp},                                 // missing value: cli reports it
		{"t f --version", "t --version f", true, noHelp},                                // anywhere
		{"t f -version", "t -version f", true, noHelp},                                  // one dash too
		{"t -- --version", "t -- --version", false, noHelp},                             // not after "--"
		{"t f --help", "t --help", false, longHelp},                                     // no help topic "f"
		{"t f -h=true", "t -h=true", false, shortHelp},                                  // with a value
		{"t -help f", "t -help", false, longHelp},                                       // one dash
		{"t --h f", "t --h", false, shortHelp},                                          // two
		{"t -h --help", "t -h --help", false, longHelp},                                 // the manual wins
		{"t run x.cnf --all --solver g", "t --all --solver g run x.cnf", false, noHelp}, // no commands: run is an operand
	}
	tool := testTool(nil)
	for _, tt := range tests {
		got, version, help := arrange(strings.Fields(tt.in), tool)
		if strings.Join(got, " ") != tt.want || version != tt.version || help != tt.help {
			t.Errorf("arrange(%q) = %q, %v, %v; want %q, %v, %v", tt.in, strings.Join(got, " "), version, help, tt.want, tt.version, tt.help)
		}
	}
	if got, _, _ := arrange(nil, tool); got != nil {
		t.Errorf("arrange(nil) = %q", got)
	}
}

func TestArrangeCommands(t *testing.T) {
	var s string
	var b bool
	tool := &Tool{Name: "t", Flags: []cli.Flag{&cli.StringFlag{Name: "top", Destination: &s}}, Commands: []*Command{
		{Name: "report", Flags: []cli.Flag{&cli.StringFlag{Name: "scatter", Destination: &s}, &cli.StringFlag{Name: "cactus", Destination: &s}, &cli.BoolFlag{Name: "instances", Destination: &b}}},
		{Name: "run", Flags: []cli.Flag{&cli.StringFlag{Name: "output", Aliases: []string{"o", "out"}, Destination: &s}}},
	}}
	tests := []struct {
		in, want string
		help     helpKind
	}{
		{"t report --scatter A,B s.svg r.jsonl --cactus c.svg", "t report --scatter A,B --cactus c.svg s.svg r.jsonl", noHelp},
		{"t report r.jsonl --instances", "t report --instances r.jsonl", noHelp},
		{"t --top x run a.cnf --out y", "t --top x run --out y a.cnf", noHelp},
		{"t frob a --out x", "t frob a --out x", noHelp}, // unknown command: as given
		{"t -- run a", "t -- run a", noHelp},             // not a command after "--"
		{"t report r.jsonl --help", "t report --help", longHelp},
		{"t report r.jsonl -h", "t report -h", shortHelp},
		{"t --help report r.jsonl", "t --help report r.jsonl", longHelp}, // the command's manual
		{"t -h report -h", "t -h report -h", shortHelp},
		{"t --version run", "t --version run", noHelp},
	}
	for _, tt := range tests {
		got, _, help := arrange(strings.Fields(tt.in), tool)
		if strings.Join(got, " ") != tt.want || help != tt.help {
			t.Errorf("arrange(%q) = %q, help %v; want %q, %v", tt.in, strings.Join(got, " "), help, tt.want, tt.help)
		}
	}
}

// caretErr is an error with a position that can show it.
type caretErr struct{ caret string }

func (e *caretErr) Error() string { return "f.cnf:2:3: \"x\" is not a literal" }
func (e *caretErr) Caret() string { return e.caret }

func TestRunExit(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		err    error
		code   int
		stderr string
	}{
		{"ok", nil, nil, 0, ""},
		{"sat", nil, ExitStatus{Code: 10}, 10, ""},
		{"unsat", nil, Status{}.Answer(dimacs.Unsat), 20, "tool: no solution\n"},
		{"unknown", nil, Status{}.Answer(dimacs.Unknown), 3, "tool: unknown: the solver gave no answer\n"},
		{"sat unknown", nil, Status{Style: "sat"}.Answer(dimacs.Unknown), 0, "tool: unknown: the solver gave no answer\n"},
		{"plain status", nil, ExitStatus{Code: 3}, 3, ""},
		{"usage", nil, usage.Errorf("--max %d: want 1 or more", 0), 2, "tool: --max 0: want 1 or more\nusage: tool [flags] [FILE]\n"},
		{"wrapped usage", nil, fmt.Errorf("x: %w", usage.Wrap(errors.New("bad"))), 2, "tool: bad\nusage: tool [flags] [FILE]\n"},
		{"unknown flag", []string{"--bogus"}, nil, 2, "tool: unknown flag --bogus\nusage: tool [flags] [FILE]\n"},
		{"bad value", []string{"x", "--all=maybe"}, nil, 2, "tool: --all \"maybe\": want true or false\nusage: tool [flags] [FILE]\n"},
		{"missing value", []string{"--solver"}, nil, 2, "tool: --solver needs a value\nusage: tool [flags] [FILE]\n"},
		{"error", nil, errors.New("open x: no such file or directory"), 1, "tool: open x: no such file or directory\n"},
		{"caret", nil, &caretErr{"1 x 0\n  ^\n"}, 1, "tool: f.cnf:2:3: \"x\" is not a literal\n1 x 0\n  ^\n"},
		{"wrapped caret", nil, fmt.Errorf("reading: %w", &caretErr{"1 x 0\n  ^"}), 1, "tool: reading: f.cnf:2:3: \"x\" is not a literal\n1 x 0\n  ^\n"},
		{"line too long", nil, &caretErr{""}, 1, "tool: f.cnf:2:3: \"x\" is not a literal\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(testTool(func(*Cmd) error { return tt.err }), tt.args...)
			if code != tt.code || stderr != tt.stderr || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, \"\", %q", code, stdout, stderr, tt.code, tt.stderr)
			}
		})
	}
}

// TestRunCmd checks what an action sees: its streams, operands, and which
// flags the command line gave.
func TestRunCmd(t *testing.T) {
	var got []string
	var solver, output string
	var n int
	solverFlag := &cli.StringFlag{Name: "solver", Destination: &solver}
	outputFlag := &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Destination: &output}
	nFlag := &cli.IntFlag{Name: "n", Value: 7, Destination: &n}
	tool := &Tool{Name: "tool", Doc: testDoc, Flags: []cli.Flag{solverFlag, outputFlag, nFlag}, Action: func(c *Cmd) error {
		in, _ := io.ReadAll(c.Stdin)
		got = append(got, solver, output, fmt.Sprint(n), string(in),
			fmt.Sprint(c.IsSet(solverFlag), c.IsSet(outputFlag), c.IsSet(nFlag)),
			strings.Join(c.Operands(), "+"), fmt.Sprint(c.NArg()), c.Operand(1), c.Operand(5),
			fmt.Sprint(c.NoOperandsAfter(2)), fmt.Sprint(c.NoOperandsAfter(1)), fmt.Sprint(c.Context().Err()))
		fmt.Fprint(c.Stdout, "out")
		fmt.Fprint(c.Stderr, "err")
		return ExitStatus{Code: 10}
	}}
	code, stdout, stderr := run(tool, "x", "--solver", "gini", "y", "-o", "f")
	want := []string{"gini", "f", "7", "in", "true true false", "x+y", "2", "y", "",
		"<nil>", `unexpected argument "y"`, "<nil>"}
	if code != 10 || !slices.Equal(got, want) || stdout != "out" || stderr != "err" {
		t.Errorf("exit %d, saw %q, stdout %q, stderr %q; want exit 10, %q, out, err", code, got, stdout, stderr, want)
	}
}

// commandTool returns a tool with subcommands, as satbench is: run and
// gen, each with its own flags, and the tool's action for no known
// command; the actions append what they see to *got.
func commandTool(got *[]string) *Tool {
	var k int
	var out, top string
	return &Tool{Name: "t", Doc: "// t runs and makes things.\n//\n// More about t.\npackage main\n",
		Flags:  []cli.Flag{&cli.StringFlag{Name: "top", Destination: &top, Usage: "a flag of t's own"}},
		Action: func(c *Cmd) error { return usage.Errorf("no command in %q", c.Operands()) },
		Commands: []*Command{
			{Name: "run", Usage: "run the files", Operands: "FILE...",
				Flags: []cli.Flag{&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Destination: &out, Usage: "write to `FILE`"}},
				Action: func(c *Cmd) error {
					*got = append(*got, "run "+out+" "+strings.Join(c.Operands(), ","))
					return c.NoOperandsAfter(2)
				}},
			{Name: "gen", Usage: "make a file",
				Flags:  []cli.Flag{&cli.IntFlag{Name: "k", Value: 3, Destination: &k, Usage: "`K` literals a clause"}},
				Action: func(c *Cmd) error { *got = append(*got, fmt.Sprint("gen ", k)); return nil }},
		}}
}

// TestRunCommands runs a tool with subcommands: each gets its own flags,
// the tool's action runs for no known command, and a usage error is
// followed by the usage line of the command it is about.
func TestRunCommands(t *testing.T) {
	var got []string
	for _, tt := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"run", "a.cnf", "-o", "x", "b.cnf"}, 0, ""},
		{[]string{"gen", "--k", "5"}, 0, ""},
		{[]string{"gen"}, 0, ""},
		{[]string{"frob", "x"}, 2, "t: no command in [\"frob\" \"x\"]\nusage: t run|gen [flags] ...\n"},
		{[]string{"--bogus"}, 2, "t: unknown flag --bogus\nusage: t run|gen [flags] ...\n"},
		{[]string{"gen", "-o", "x"}, 2, "t: unknown flag -o\nusage: t gen [flags]\n"},
		{[]string{"gen", "--version"}, 2, "t: unknown flag --version\nusage: t gen [flags]\n"},
		{[]string{"run", "--outptu", "x"}, 2, "t: unknown flag --outptu: did you mean --output?\nusage: t run [flags] FILE...\n"},
		{[]string{"run", "a", "b", "c"}, 2, "t: unexpected argument \"c\"\nusage: t run [flags] FILE...\n"},
	} {
		code, stdout, stderr := run(commandTool(&got), tt.args...)
		if code != tt.code || stdout != "" || stderr != tt.stderr {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, \"\", %q", tt.args, code, stdout, stderr, tt.code, tt.stderr)
		}
	}
	if want := []string{"run x a.cnf,b.cnf", "gen 5", "gen 3", "run  a,b,c"}; !slices.Equal(got, want) {
		t.Errorf("the actions saw %q, want %q", got, want)
	}
}

// The summary and the manual of testTool, with a usage text for each
// flag, and of commandTool.
const (
	testSummary = `usage: tool [flags] [FILE]

tool does things.

Flags:
  --solver NAME      the solver's NAME
  -o, --output FILE  write to FILE
  --all              print every model

tool --help prints the manual (also man tool).
`
	testManual = `tool does things.

Usage:

    tool [flags] [FILE]

More {{.Name}} about {{ things }}:

    $ tool {{
    }}

Flags:

  --solver NAME
        the solver's NAME
  -o, --output FILE
        write to FILE
  --all
        print every model

` + CommonFlags + "\n"
	commandSummary = `usage: t run|gen [flags] ...

t runs and makes things.

Commands:
  run  run the files
  gen  make a file

Flags:
  --top TEXT  a flag of t's own

t COMMAND -h lists the flags of COMMAND.
t --help prints the manual (also man t).
`
	runSummary = `usage: t run [flags] FILE...

run the files

Flags:
  -o, --output FILE  write to FILE

t --help prints the manual (also man t).
`
	commandManual = `t runs and makes things.

Usage:

    t run [flags] FILE...
    t gen [flags]

More about t.

Flags:

  --top TEXT
        a flag of t's own

Flags of t run:

  -o, --output FILE
        write to FILE

Flags of t gen:

  -k K
        K literals a clause (default 3)

` + CommonFlags + "\n"
)

// TestRunHelp: -h prints the summary, --help the manual, of the tool and
// of each of its commands, before anything runs; braces a template would
// read included.
func TestRunHelp(t *testing.T) {
	ran := false
	act := func(*Cmd) error { ran = true; return nil }
	tool := testTool(act)
	tool.Doc = "// tool does things.\n//\n// More {{.Name}} about {{ things }}:\n//\n//\t$ tool {{\n//\t}}\npackage main\n"
	for i, u := range []string{"the solver's `NAME`", "write to `FILE`", "print every model"} {
		switch f := tool.Flags[i].(type) {
		case *cli.StringFlag:
			f.Usage = u
		case *cli.BoolFlag:
			f.Usage = u
		}
	}
	var got []string
	sub := commandTool(&got)
	for _, tt := range []struct {
		tool *Tool
		args []string
		want string
	}{
		{tool, []string{"--help"}, testManual},
		{tool, []string{"-h"}, testSummary},
		{tool, []string{"x.cnf", "-help", "y"}, testManual},
		{tool, []string{"--all", "--help=true"}, testManual},
		{tool, []string{"x", "--h"}, testSummary},
		{sub, []string{"--help"}, commandManual},
		{sub, []string{"-h"}, commandSummary},
		{sub, []string{"gen", "--help"}, commandManual},
		{sub, []string{"run", "a", "-h", "-o", "3"}, runSummary},
		{sub, []string{"--help", "gen"}, commandManual},
	} {
		code, stdout, stderr := run(tt.tool, tt.args...)
		if code != 0 || stdout != tt.want || stderr != "" || ran || got != nil {
			t.Errorf("%q: exit %d, ran %v %q, stderr %q, stdout\n%s\nwant exit 0, not run, nothing on stderr, stdout\n%s", tt.args, code, ran, got, stderr, stdout, tt.want)
		}
	}
	// A flag error comes first, as for any command line.
	code, stdout, stderr := run(tool, "--help", "--bogus")
	if code != 2 || stdout != "" || stderr != "tool: unknown flag --bogus\nusage: tool [flags] [FILE]\n" {
		t.Errorf("--help --bogus: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// --help=false asks for none.
	if code, stdout, _ := run(tool, "--help=false"); code != 0 || stdout != "" || !ran {
		t.Errorf("--help=false: exit %d, stdout %q, ran %v", code, stdout, ran)
	}
}

func TestRunVersion(t *testing.T) {
	ran := false
	tool := testTool(func(*Cmd) error { ran = true; return nil })
	want := "tool " + Version() + "\n"
	for _, args := range [][]string{{"f.cnf", "--version"}, {"-version"}, {"--version", "--bogus"}} {
		code, stdout, stderr := run(tool, args...)
		if code != 0 || stdout != want || stderr != "" || ran {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, ran %v; want 0, %q", args, code, stdout, stderr, ran, want)
		}
	}
	// A tool with a flag named version has no --version of its own.
	var v bool
	tool.Flags = append(tool.Flags, &cli.BoolFlag{Name: "version", Destination: &v})
	if code, stdout, _ := run(tool, "--version"); code != 0 || stdout != "" || !ran || !v {
		t.Errorf("own --version: exit %d, stdout %q, ran %v, v %v", code, stdout, ran, v)
	}
	if v := Version(); v == "" || strings.ContainsAny(v, " \n") {
		t.Errorf("Version() = %q", v)
	}
}

// TestRunSignal: with Signals, a signal ends the action's context instead
// of the process, and the exit status is 128 plus its number.
func TestRunSignal(t *testing.T) {
	tool := testTool(func(c *Cmd) error {
		syscall.Kill(os.Getpid(), syscall.SIGHUP)
		select {
		case <-c.Context().Done():
			return errors.New("solver stopped")
		case <-time.After(10 * time.Second):
			return errors.New("the context did not end")
		}
	})
	tool.Signals = true
	if code, _, stderr := run(tool); code != 129 || stderr != "tool: solver stopped\n" {
		t.Errorf("exit %d, stderr %q; want 129, %q", code, stderr, "tool: solver stopped\n")
	}
	// An ExitStatus (satrun's "s UNKNOWN", exit 0) prints nothing more.
	tool.Action = func(c *Cmd) error {
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		<-c.Context().Done()
		return ExitStatus{Code: 0}
	}
	if code, _, stderr := run(tool); code != 143 || stderr != "" {
		t.Errorf("exit %d, stderr %q; want 143, nothing", code, stderr)
	}
}

func TestVersion(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "772b308a1b2c3d4e5f"}}
	for _, tt := range []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{nil, false, "(devel)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: rev}, true, "v1.2.3"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "(devel)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev}, true, "772b308a1b2c"},
		{&debug.BuildInfo{Settings: append(rev, debug.BuildSetting{Key: "vcs.modified", Value: "true"})}, true, "772b308a1b2c+dirty"},
		{&debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}}, true, "abc"},
	} {
		if got := version("", tt.bi, tt.ok); got != tt.want {
			t.Errorf("version(%+v) = %q, want %q", tt.bi, got, tt.want)
		}
		// The Makefile's stamp wins over all the build information.
		if got := version("v0.3.0-12-g772b308-dirty", tt.bi, tt.ok); got != "v0.3.0-12-g772b308-dirty" {
			t.Errorf("version(stamped, %+v) = %q, want the stamp", tt.bi, got)
		}
	}
	// In the tests nothing is stamped: their outputs say (devel).
	if stamped != "" || Version() != "(devel)" {
		t.Errorf("in a test: stamped %q, Version() %q; want \"\", (devel)", stamped, Version())
	}
}

func TestExitStatusError(t *testing.T) {
	if got := (ExitStatus{Code: 20, Msg: "no solution"}).Error(); got != "no solution" {
		t.Errorf("Error() = %q", got)
	}
	if got := (ExitStatus{Code: 10}).Error(); got != "exit status 10" {
		t.Errorf("Error() = %q", got)
	}
}

// fullWriter fails every write, as standard output on /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// TestRunFullOutput: --help, -h and --version that cannot write their
// text exit 1 with the error, as every other output does.
func TestRunFullOutput(t *testing.T) {
	sub := commandTool(new([]string))
	for _, tt := range []struct {
		tool *Tool
		args []string
	}{
		{testTool(nil), []string{"--help"}},
		{testTool(nil), []string{"-h"}},
		{testTool(nil), []string{"--version"}},
		{sub, []string{"gen", "--help"}},
		{sub, []string{"run", "-h"}},
	} {
		var errb bytes.Buffer
		code := Run(tt.tool, append([]string{"tool"}, tt.args...), strings.NewReader(""), fullWriter{}, &errb)
		if want := tt.tool.Name + ": write /dev/stdout: no space left on device\n"; code != 1 || errb.String() != want {
			t.Errorf("%q: exit %d, stderr %q; want 1, %q", tt.args, code, errb.String(), want)
		}
	}
}
