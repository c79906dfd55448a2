package cmdio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Tool is a pipesat command: its name, operands, flags and action, and
// its manual's prose. Each internal/tools/NAME package builds one per run
// (its flags bound to the fields of a struct it owns), and its Main hands
// it to Main. Every text about the command line is made from these
// declarations: the usage line under a usage error, the summary -h
// prints (Summary), the manual --help prints (Manual), and the man page
// and shell completions (internal/docgen).
type Tool struct {
	// Name is the command's name, which starts every message.
	Name string
	// Doc is the source of the command's doc.go: its package comment is
	// the manual's prose, whose first paragraph is the one-line
	// description (Prose). The synopsis and the flags are added to it.
	Doc string
	// More, if set, returns text made from data that the manual and the
	// man page add at the end of Doc's prose (cube2cnf's nets, drawn
	// from the definitions), in doc comment syntax: paragraphs, and code
	// lines indented by a tab. It is called only for them, not at every
	// start.
	More func() string
	// Operands are what the command takes after its flags, as its
	// synopsis writes them: "[FILE]", "[--n] N".
	Operands string
	// Signals makes SIGINT, SIGTERM and SIGHUP end the context the action
	// gets (Cmd.Context) instead of the process, so that a command that
	// starts processes stops them and removes its temporary files (see
	// SignalContext); it then exits with SignalStatus. Leave it off in a
	// command that never looks at its context: it would not stop.
	Signals bool
	// Flags are the command's flags, each with its usage text, Action
	// its work. Without Commands, Action must be set.
	Flags  []cli.Flag
	Action func(c *Cmd) error
	// Commands are the subcommands (satbench run, report, ...); then
	// Action runs when the first operand names none of them.
	Commands []*Command
}

// Command is a subcommand of a Tool: its name, a line saying what it
// does (the tool's summary lists it), its operands and flags as a Tool's,
// and its action.
type Command struct {
	Name     string
	Usage    string
	Operands string
	Flags    []cli.Flag
	Action   func(c *Cmd) error
}

// name returns the command's name.
func (t *Tool) name() string { return t.Name }

// ExitStatus is an exit status travelling up from an action as an error,
// such as a solver-like tool's 10 (SAT), 20 (UNSAT) or 0 (unknown): Run
// exits with Code, after printing "NAME: Msg" if Msg is not empty.
type ExitStatus struct {
	Code int
	Msg  string
}

func (e ExitStatus) Error() string {
	if e.Msg != "" {
		return e.Msg
	}
	return fmt.Sprintf("exit status %d", e.Code)
}

// CaretError is an error that can show where it is: Caret returns the
// offending input line and a line with a caret under the column, or "" if
// the line is too long to show. Run prints it under the message. An error
// anywhere in the chain (errors.As) counts.
type CaretError interface {
	error
	Caret() string
}

// Main runs t on the process's arguments and standard streams and returns
// the exit status, for main.go's os.Exit: os.Exit(NAME.Main(doc)).
func Main(t *Tool) int {
	return Run(t, os.Args, os.Stdin, os.Stdout, os.Stderr)
}

// Run runs t with the arguments (args[0] is the program) and streams given
// and returns its exit status. Every pipesat command behaves alike:
//
//   - -h prints a summary (Summary) of the tool or of the command it
//     names, --help the manual (Manual), both once the command line
//     parses; there is no help command;
//   - --version prints "NAME VERSION" (Version) and exits 0; it, -h and
//     --help exit 1 with the error when standard output takes no more
//     (a full disk), as any other output does;
//   - options may follow operands, as in "satrun f.cnf --solver gini";
//     "--" ends the options (see reorder);
//   - errors map to exit statuses here only: an ExitStatus to its Code; an
//     error in the command line (a *usage.Error, or a flag the flag
//     library cannot parse) to "NAME: message", the usage line, and 2; any
//     other error to "NAME: message", its caret lines (CaretError), and 1;
//     with t.Signals, a signal to 128 plus its number.
func Run(t *Tool, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := t.name()
	raw := args[min(1, len(args)):]
	args, version, help := arrange(args, t)
	if version {
		_, err := fmt.Fprintf(stdout, "%s %s\n", name, Version())
		return exit(context.Background(), name, "", err, stderr)
	}
	ctx := context.Background()
	if t.Signals {
		var stop context.CancelFunc
		ctx, stop = SignalContext(ctx)
		defer stop()
	}
	// The flag library prints the help when the command line asks for it
	// and parses: the summary of the tool or of the command, or the
	// manual. It prints a text/template: escaped, the text is printed as
	// written, whatever it holds.
	helpText := func(c *Command) string {
		switch help {
		case shortHelp:
			return strings.ReplaceAll(t.Summary(c), "{{", `{{"{{"}}`)
		case longHelp:
			return strings.ReplaceAll(t.Manual(), "{{", `{{"{{"}}`)
		}
		return ""
	}
	var cur *Command // the command the arguments name, nil for the tool's own
	action := func(c *Command, act func(*Cmd) error) cli.ActionFunc {
		return func(cc *cli.Context) error {
			cur = c
			if act == nil {
				return usage.Errorf("no command: %s", strings.Join(commandNames(t), ", "))
			}
			return act(&Cmd{Stdin: stdin, Stdout: stdout, Stderr: stderr, cli: cc, tool: name, args: raw})
		}
	}
	onError := func(c *Command, flags []cli.Flag) cli.OnUsageErrorFunc {
		fe := flagError(flags, raw)
		return func(cc *cli.Context, err error, sub bool) error {
			cur = c
			return fe(cc, err, sub)
		}
	}
	// The help goes to out, which keeps its first write error: a help
	// that could not be written (a full disk, a closed pipe) exits 1, as
	// any other output does.
	out := &errWriter{w: stdout}
	app := &cli.App{
		Name: name, Reader: stdin, Writer: out, ErrWriter: stderr,
		HideHelpCommand: true, HideVersion: true, CustomAppHelpTemplate: helpText(nil),
		Flags:  t.Flags,
		Action: action(nil, t.Action),
		// The app never exits by itself: Run returns the status.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError:   onError(nil, t.Flags),
	}
	for _, c := range t.Commands {
		app.Commands = append(app.Commands, &cli.Command{Name: c.Name, Flags: c.Flags, Action: action(c, c.Action),
			HideHelpCommand: true, CustomHelpTemplate: helpText(c), OnUsageError: onError(c, c.Flags)})
	}
	err := app.RunContext(ctx, args)
	if err == nil {
		err = out.err
	}
	return exit(ctx, name, t.usageLine(cur), err, stderr)
}

// errWriter is a writer that keeps the first error of the writes to w.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	n, err := e.w.Write(p)
	if err != nil && e.err == nil {
		e.err = err
	}
	return n, err
}

// commandNames returns the names of t's commands.
func commandNames(t *Tool) []string {
	var names []string
	for _, c := range t.Commands {
		names = append(names, c.Name)
	}
	return names
}

// exit returns the exit status for err, the error an action returned, after
// printing its message.
func exit(ctx context.Context, name, usageLine string, err error, stderr io.Writer) int {
	var es ExitStatus
	isStatus := errors.As(err, &es)
	if code, ok := SignalStatus(ctx); ok {
		if err != nil && !isStatus {
			printErr(stderr, name, err)
		}
		return code
	}
	var ue *usage.Error
	switch {
	case err == nil:
		return 0
	case isStatus:
		if es.Msg != "" {
			fmt.Fprintf(stderr, "%s: %s\n", name, es.Msg)
		}
		return es.Code
	case errors.As(err, &ue):
		printErr(stderr, name, ue.Err)
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	printErr(stderr, name, err)
	return 1
}

// printErr prints "name: err" and, if err can show where it is, its caret
// lines.
func printErr(w io.Writer, name string, err error) {
	fmt.Fprintf(w, "%s: %v\n", name, err)
	var ce CaretError
	if errors.As(err, &ce) {
		if s := ce.Caret(); s != "" {
			fmt.Fprint(w, strings.TrimSuffix(s, "\n")+"\n")
		}
	}
}

// takesValue maps each name of a list of flags (without dashes) to
// whether the flag takes a value.
func takesValue(flags []cli.Flag) map[string]bool {
	m := map[string]bool{}
	for _, f := range flags {
		tv, ok := f.(cli.DocGenerationFlag)
		for _, n := range f.Names() {
			m[n] = ok && tv.TakesValue()
		}
	}
	return m
}

// arrange returns args with the options of t, and of the command it runs,
// before the operands (reorder); whether t's options ask for --version
// (unless it has a flag of that name); and which help the options ask
// for.
func arrange(args []string, t *Tool) (_ []string, version bool, help helpKind) {
	if len(args) == 0 {
		return args, false, noHelp
	}
	top := takesValue(t.Flags)
	var opts, rest []string
	if len(t.Commands) == 0 {
		opts, rest = reorder(args[1:], top, false)
		help = askHelp(opts)
		rest = noOperandsForHelp(help, rest)
	} else {
		// The tool's own options come before the command's name, whose
		// options and operands then follow it in any order.
		opts, rest = reorder(args[1:], top, true)
		help = askHelp(opts)
		if len(rest) > 0 && rest[0] != "--" {
			if i := slices.IndexFunc(t.Commands, func(c *Command) bool { return c.Name == rest[0] }); i >= 0 {
				copts, crest := reorder(rest[1:], takesValue(t.Commands[i].Flags), false)
				chelp := askHelp(copts)
				help = max(help, chelp)
				rest = slices.Concat(rest[:1], copts, noOperandsForHelp(chelp, crest))
			}
		}
	}
	if _, own := top["version"]; !own {
		version = slices.Contains(opts, "--version") || slices.Contains(opts, "-version")
	}
	return slices.Concat(args[:1], opts, rest), version, help
}

// helpKind is the help a command line asks for.
type helpKind int

const (
	noHelp    helpKind = iota
	shortHelp          // -h: the summary
	longHelp           // --help: the manual
)

// askHelp returns the help opts may ask for: -h (the summary) or --help
// (the manual; it wins if both are given), with one or two dashes, with
// or without a value.
func askHelp(opts []string) helpKind {
	help := noHelp
	for _, o := range opts {
		switch name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(o, "-"), "-"), "="); name {
		case "h":
			help = max(help, shortHelp)
		case "help":
			help = longHelp
		}
	}
	return help
}

// noOperandsForHelp returns no operands if help is asked for (the flag
// library would take the first for the name of a help topic), else
// operands.
func noOperandsForHelp(help helpKind, operands []string) []string {
	if help != noHelp {
		return nil
	}
	return operands
}

// reorder splits args into options (each with its value, if its flag takes
// one and it has no "=") and the rest, the operands: "--" ends the
// options, and "-" is an operand. A name fs does not know is an option
// without a value (the flag library then reports it). The rest starts
// with "--" if an operand would look like an option. With stop, the
// options end at the first operand instead, which with all that follows is
// the rest, as given.
func reorder(args []string, fs map[string]bool, stop bool) (opts, rest []string) {
	var operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if stop {
				return opts, args[i:]
			}
			operands = append(operands, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			if stop {
				return opts, args[i:]
			}
			operands = append(operands, a)
			continue
		}
		opts = append(opts, a)
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		if fs[name] && i+1 < len(args) {
			i++
			opts = append(opts, args[i])
		}
	}
	for _, o := range operands {
		if len(o) > 1 && o[0] == '-' {
			return opts, append([]string{"--"}, operands...)
		}
	}
	return opts, operands
}
