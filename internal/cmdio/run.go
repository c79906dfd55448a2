package cmdio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime/debug"
	"strings"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// Tool is what Main needs to know about a command beyond its cli.App.
type Tool struct {
	// Doc is the source of the command's doc.go: --help prints Help(Doc).
	Doc string
	// Usage is the line printed under a usage error, "usage: NAME ...".
	// Its second word is the command's name, which starts every message.
	Usage string
	// Signals makes SIGINT, SIGTERM and SIGHUP end the context the action
	// gets (cli.Context.Context) instead of the process, so that a
	// command that starts processes stops them and removes its temporary
	// files (see SignalContext); it then exits with SignalStatus. Leave it
	// off in a command that never looks at its context: it would not stop.
	Signals bool
	// Run is the command's action (the app's Action); Commands are the
	// actions of its subcommands, by name (each cli.Command's Action).
	Run      Action
	Commands map[string]Action
}

// UsageError marks an error in the command line: Run prints it with the
// usage line and exits with status 2.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the error in the command line.
func (e *UsageError) Unwrap() error { return e.Err }

// Usage returns err as a UsageError, or nil if err is nil.
func Usage(err error) error {
	if err == nil {
		return nil
	}
	return &UsageError{err}
}

// Usagef returns a UsageError with the message fmt.Sprintf(format, a...).
func Usagef(format string, a ...any) error { return &UsageError{fmt.Errorf(format, a...)} }

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

// Main runs app, a *cli.App (urfave/cli/v2) whose Flags and Action the
// command set, on the process's arguments and standard streams, and
// returns the exit status: main is os.Exit(cmdio.Main(app, tool)).
func Main(app any, t Tool) int {
	return Run(app, t, os.Args, os.Stdin, os.Stdout, os.Stderr)
}

// Run is Main with the arguments and streams given. It sets the fields
// every pipesat command shares, so that main.go holds only flags and an
// action:
//
//   - Name (from t.Usage), Reader, Writer and ErrWriter;
//   - --help prints Help(t.Doc), for the app and each of its Commands;
//     there is no help command;
//   - --version prints "NAME VERSION" (Version) and exits 0;
//   - options may follow operands, as in "satrun f.cnf --solver gini";
//     "--" ends the options (see reorder);
//   - the app never exits by itself (a no-op ExitErrHandler), and errors
//     map to exit statuses here only: an ExitStatus to its Code; an error
//     in the command line (a UsageError, or any error cli reports through
//     OnUsageError) to "NAME: message", the usage line, and 2; any other
//     error to "NAME: message", its caret lines (CaretError), and 1; with
//     t.Signals, a signal to 128 plus its number.
//
// Run reads and sets the app's fields by name through reflect, which lets
// this package stay free of the flag library (its fields and the flags'
// Names and TakesValue methods are stable within cli v2). It panics if app
// is not a pointer to such a struct: a programming error.
func Run(app any, t Tool, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := toolName(t.Usage)
	a := reflect.ValueOf(app)
	if a.Kind() != reflect.Pointer || a.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("cmdio.Run: app is a %T, not a pointer to a cli.App", app))
	}
	v := a.Elem()
	help := Help(t.Doc)
	set(v, "Name", name)
	set(v, "Reader", stdin)
	set(v, "Writer", stdout)
	set(v, "ErrWriter", stderr)
	set(v, "HideHelpCommand", true)
	set(v, "HideVersion", true)
	set(v, "CustomAppHelpTemplate", help)
	setFunc(v, "ExitErrHandler", func([]reflect.Value) error { return nil })
	onUsage := func(in []reflect.Value) error {
		err, _ := in[1].Interface().(error)
		return Usage(err)
	}
	setFunc(v, "OnUsageError", onUsage)
	if t.Run != nil {
		setAction(v, t.Run, stdin, stdout, stderr)
	}
	cmds := v.FieldByName("Commands")
	for i := range cmds.Len() {
		c := cmds.Index(i).Elem()
		set(c, "CustomHelpTemplate", help)
		setFunc(c, "OnUsageError", onUsage)
		if act, ok := t.Commands[c.FieldByName("Name").String()]; ok {
			setAction(c, act, stdin, stdout, stderr)
		}
	}

	rawArgs := args[min(1, len(args)):]
	args, version := arrange(args, v)
	if version {
		fmt.Fprintf(stdout, "%s %s\n", name, Version())
		return 0
	}
	ctx := context.WithValue(context.Background(), invocationKey{}, invocation{name, rawArgs})
	if t.Signals {
		var stop context.CancelFunc
		ctx, stop = SignalContext(ctx)
		defer stop()
	}
	out := a.MethodByName("RunContext").Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(args)})
	err, _ := out[0].Interface().(error)
	return exit(ctx, name, t.Usage, err, stderr)
}

// exit returns the exit status for err, the error an action returned, after
// printing its message.
func exit(ctx context.Context, name, usage string, err error, stderr io.Writer) int {
	var es ExitStatus
	isStatus := errors.As(err, &es)
	if code, ok := SignalStatus(ctx); ok {
		if err != nil && !isStatus {
			printErr(stderr, name, err)
		}
		return code
	}
	var ue *UsageError
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
		fmt.Fprintln(stderr, usage)
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

// toolName returns the command's name, the second word of its usage line.
func toolName(usage string) string {
	f := strings.Fields(usage)
	if len(f) < 2 {
		panic(fmt.Sprintf("cmdio: usage line %q does not name the command", usage))
	}
	return f[1]
}

// set sets v's field name to x.
func set(v reflect.Value, name string, x any) {
	f := v.FieldByName(name)
	if !f.IsValid() {
		panic("cmdio: the app has no field " + name)
	}
	if x == nil {
		f.SetZero()
		return
	}
	f.Set(reflect.ValueOf(x))
}

// setFunc sets v's func-typed field name to a func of the field's type that
// calls fn with its arguments and returns fn's error if the type returns
// one (which must then be its only result).
func setFunc(v reflect.Value, name string, fn func([]reflect.Value) error) {
	f := v.FieldByName(name)
	if !f.IsValid() || f.Kind() != reflect.Func {
		panic("cmdio: the app has no func field " + name)
	}
	t := f.Type()
	f.Set(reflect.MakeFunc(t, func(in []reflect.Value) []reflect.Value {
		err := fn(in)
		if t.NumOut() == 0 {
			return nil
		}
		r := reflect.New(t.Out(0)).Elem()
		if err != nil {
			r.Set(reflect.ValueOf(err))
		}
		return []reflect.Value{r}
	}))
}

// flagSet maps each name of a command's flags (without dashes) to whether
// the flag takes a value.
type flagSet map[string]bool

// flagsOf returns the flags in v's field Flags, a []cli.Flag.
func flagsOf(v reflect.Value) flagSet {
	fs := flagSet{}
	f := v.FieldByName("Flags")
	for i := range f.Len() {
		fl, ok := f.Index(i).Interface().(interface{ Names() []string })
		if !ok {
			continue
		}
		tv, ok := fl.(interface{ TakesValue() bool })
		for _, n := range fl.Names() {
			fs[n] = ok && tv.TakesValue()
		}
	}
	return fs
}

// arrange returns args with the options of the app v, and of the command
// it runs, before the operands (reorder), and whether the app's options
// ask for --version (unless it has a flag of that name).
func arrange(args []string, v reflect.Value) ([]string, bool) {
	if len(args) == 0 {
		return args, false
	}
	top := flagsOf(v)
	out := []string{args[0]}
	cmds := v.FieldByName("Commands")
	var opts, rest []string
	if cmds.Len() == 0 {
		opts, rest = reorder(args[1:], top, false)
		rest = noOperandsForHelp(opts, rest)
	} else {
		// The app's own options come before the command's name, whose
		// options and operands then follow it in any order.
		opts, rest = reorder(args[1:], top, true)
		if len(rest) > 0 && rest[0] != "--" {
			if c, ok := command(cmds, rest[0]); ok {
				copts, crest := reorder(rest[1:], flagsOf(c), false)
				crest = noOperandsForHelp(copts, crest)
				rest = append(append([]string{rest[0]}, copts...), crest...)
			}
		}
	}
	version := false
	if _, own := top["version"]; !own {
		for _, o := range opts {
			version = version || o == "--version" || o == "-version"
		}
	}
	return append(append(out, opts...), rest...), version
}

// noOperandsForHelp returns no operands if opts ask for help (which the
// flag library would take as the name of a help topic), else operands.
func noOperandsForHelp(opts, operands []string) []string {
	for _, o := range opts {
		if o == "-h" || o == "--help" || o == "-help" {
			return nil
		}
	}
	return operands
}

// command returns the element of cmds, a []*cli.Command, named name.
func command(cmds reflect.Value, name string) (reflect.Value, bool) {
	for i := range cmds.Len() {
		c := cmds.Index(i).Elem()
		if c.FieldByName("Name").String() == name {
			return c, true
		}
		for _, a := range c.FieldByName("Aliases").Interface().([]string) {
			if a == name {
				return c, true
			}
		}
	}
	return reflect.Value{}, false
}

// reorder splits args into options (each with its value, if its flag takes
// one and it has no "=") and the rest, the operands: "--" ends the
// options, and "-" is an operand. A name fs does not know is an option
// without a value (the flag library then reports it). The rest starts
// with "--" if an operand would look like an option. With stop, the
// options end at the first operand instead, which with all that follows is
// the rest, as given.
func reorder(args []string, fs flagSet, stop bool) (opts, rest []string) {
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

// invocation is the tool's name and its arguments as given (without the
// program name), kept in the context Run passes to the action.
type invocation struct {
	tool string
	args []string
}

type invocationKey struct{}

// Style returns the output style of an encoder's shared flags: names is
// --names (none, primary or all), comments is --comments, and the
// provenance names the tool, its Version and its arguments as the
// user gave them (from ctx, the context Run passed to the action).
func Style(ctx context.Context, names string, comments bool) (cnfstyle.Style, error) {
	n, err := cnfstyle.ParseNames(names)
	if err != nil {
		return cnfstyle.Style{}, Usagef("--names: %v", err)
	}
	inv, _ := ctx.Value(invocationKey{}).(invocation)
	return cnfstyle.Style{Names: n, Comments: comments,
		Provenance: cnfstyle.Provenance{Tool: inv.tool, Version: Version(), Args: withoutOutput(inv.args)}}, nil
}

// withoutOutput returns args without -o/--output and its file: where a
// CNF is written is not part of what it is, so the same command writes
// the same bytes to standard output and to any file.
func withoutOutput(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		switch {
		case a == "-o" || a == "--o" || a == "-output" || a == "--output":
			i++ // and its value
			continue
		case strings.HasPrefix(a, "-o=") || strings.HasPrefix(a, "--o=") || strings.HasPrefix(a, "-output=") || strings.HasPrefix(a, "--output="):
			continue
		}
		out = append(out, a)
	}
	return out
}

// Version returns the version of the running program from its build
// information: the module's version when built by "go install m@v", else
// the VCS revision it was built from (12 digits, "+dirty" if the tree had
// changes), else "(devel)".
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "(devel)"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}

// Answer returns the ExitStatus of a decoder that read a solver's answer
// with the exit status code: 10 (SAT); 20 (UNSAT), saying "no solution";
// else 0 (unknown), saying the solver gave no answer.
func Answer(code int) error {
	switch code {
	case 10:
		return ExitStatus{Code: 10}
	case 20:
		return ExitStatus{Code: 20, Msg: "no solution"}
	}
	return ExitStatus{Code: 0, Msg: "unknown: the solver gave no answer"}
}
