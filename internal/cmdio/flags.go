package cmdio

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/outfile"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// The flags several commands share, each declared once here and bound to
// a typed field: a command adds them to its Tool's Flags and reads the
// field.

// Output is the -o/--output flag of every command that writes a file.
type Output struct {
	// Path is the file to write; "" (no -o) or "-" is standard output.
	Path string
}

// outputNames are the names of -o/--output: the provenance leaves
// the flag out of the command line it records (withoutOutput).
var outputNames = []string{"output", "o"}

// Flag returns -o/--output, which sets o.Path.
func (o *Output) Flag() *cli.StringFlag { return OutputFlag(&o.Path) }

// OutputFlag returns -o/--output, which sets *p: for a command that keeps
// the path elsewhere (satbench's options) or adds a name, a default or
// its own usage.
func OutputFlag(p *string) *cli.StringFlag {
	return &cli.StringFlag{Name: outputNames[0], Aliases: slices.Clone(outputNames[1:]), Destination: p, TakesFile: true,
		Usage: "write to `FILE` instead of standard output (replaced whole, never half-written)"}
}

// Write writes w's content to the file o names, through outfile.Write, or
// to c's standard output.
func (o *Output) Write(c *Cmd, w io.WriterTo) error {
	if o.Path == "" {
		_, err := w.WriteTo(c.Stdout)
		return err
	}
	return outfile.Write(o.Path, w, c.Stdout)
}

// Writer returns the writer a command prints its output to, and done,
// which the command calls with its error when it ends: done returns that
// error, or else the error of writing the output. Without a file (or with
// "-"), the output goes to standard output as it comes (the decoders
// buffer their own). Else it goes to a buffer that done writes to the file
// (outfile.Write) if err is nil or an ExitStatus, or if the command
// printed something before it failed (such as the models before a
// solver's crash, as a shell's ">" would have them); an error before any
// output leaves the file alone.
func (o *Output) Writer(c *Cmd) (w io.Writer, done func(err error) error) {
	if o.Path == "" || o.Path == "-" {
		return c.Stdout, func(err error) error { return err }
	}
	var buf bytes.Buffer
	return &buf, func(err error) error {
		var es ExitStatus
		if err != nil && buf.Len() == 0 && !errors.As(err, &es) {
			return err
		}
		if werr := outfile.Write(o.Path, &buf, c.Stdout); werr != nil {
			return werr
		}
		return err
	}
}

// Style is the --names and --comments flags of the encoders: how a CNF
// names its variables.
type Style struct {
	Names    string
	Comments bool
}

// Flags returns --names, with the default names (none, primary or all;
// old are old names it accepts too, Choice.Hidden), and --comments, true
// by default.
func (s *Style) Flags(names string, old ...string) []cli.Flag {
	n := ChoiceFlag("names", &s.Names, names, `which variables get a "c varname" line`,
		Words(cnfstyle.None, cnfstyle.Primary, cnfstyle.All)...)
	n.Value.(*Choice).Hidden = old
	return []cli.Flag{n,
		&cli.BoolFlag{Name: "comments", Value: true, Destination: &s.Comments,
			Usage: `a "c" line before each group of clauses, saying what it encodes`},
	}
}

// Style returns the output style the flags ask for; its provenance
// names c's tool, its Version and its arguments as the user gave them,
// without -o (withoutOutput).
func (s *Style) Style(c *Cmd) (cnfstyle.Style, error) {
	n, err := cnfstyle.ParseNames(s.Names)
	if err != nil {
		return cnfstyle.Style{}, usage.Errorf("--names: %v", err)
	}
	return cnfstyle.Style{Names: n, Comments: s.Comments,
		Provenance: cnfstyle.Provenance{Tool: c.tool, Version: Version(), Args: withoutOutput(c.args)}}, nil
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
		name, _, value := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if strings.HasPrefix(a, "-") && slices.Contains(outputNames, name) {
			if !value {
				i++ // and its value
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// StatsFlag returns --stats, which sets *p: a few "c" lines about the
// work on standard error.
func StatsFlag(p *bool) *cli.BoolFlag {
	return &cli.BoolFlag{Name: "stats", Destination: p, Usage: `sizes and times as "c" lines on standard error`}
}

// TimeoutFlag returns --timeout, with the default def, which sets *p
// (DurationFlag: "5" is 5 s).
func TimeoutFlag(p *time.Duration, def time.Duration) *cli.GenericFlag {
	f := DurationFlag("timeout", p, def)
	f.Usage = "give up after `T`: seconds (5, 2.5) or a duration (90s, 1m30s)"
	return f
}

// DurationFlag returns the flag --name, which sets *p, def when not given:
// a bare number is seconds ("5", "2.5"), as kissat's --time=5 and runlim
// take them, else a Go duration ("90s", "1m30s", "500ms"). Its caller
// sets its Usage.
func DurationFlag(name string, p *time.Duration, def time.Duration) *cli.GenericFlag {
	*p = def
	return &cli.GenericFlag{Name: name, Value: (*seconds)(p)}
}

// seconds is the value of a DurationFlag.
type seconds time.Duration

func (s *seconds) String() string { return time.Duration(*s).String() }

// Set parses v as DurationFlag says.
func (s *seconds) Set(v string) error {
	if f, err := strconv.ParseFloat(v, 64); err == nil && !strings.ContainsAny(v, "xXpP_") {
		if math.IsNaN(f) || math.Abs(f) > math.MaxInt64/float64(time.Second) {
			return errors.New("want seconds (5, 2.5) or a duration (90s, 1m30s), at most 2562047h")
		}
		*s = seconds(f * float64(time.Second))
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return errors.New("want seconds (5, 2.5) or a duration (90s, 1m30s)")
	}
	*s = seconds(d)
	return nil
}

// CertifyFlag returns --certify, which sets *p: check a proof of every
// UNSAT answer.
func CertifyFlag(p *bool) *cli.BoolFlag {
	return &cli.BoolFlag{Name: "certify", Destination: p, Usage: "prove every UNSAT answer: check the solver's DRAT proof"}
}

// DepthFlag returns --depth, which sets *p (-1 when not given): the number
// of turns of cube2cnf's formula, and of cnf2moves' when it encodes one.
func DepthFlag(p *int) *cli.IntFlag {
	return &cli.IntFlag{Name: "depth", Value: -1, Destination: p, Usage: "at most `K` turns"}
}

// ColourFlag returns --colour (--color), which sets *p: auto, always or
// never, as grid.WantANSI reads it.
func ColourFlag(p *string) *cli.GenericFlag {
	f := ChoiceFlag("colour", p, "auto", "colour a colour picture on a terminal with ANSI escapes", "auto", "always", "never")
	f.Aliases = []string{"color"}
	return f
}

// Models is --all and --max N, the flags of satrun and nonosolve that ask
// for models: every one, or at most N (--max 1 is an enumeration stopped
// at one model, which says so, not a plain solve).
type Models struct {
	All bool
	Max int // 0 with --all

	max cli.Flag
}

// Flags returns --all and --max, bound to m's fields.
func (m *Models) Flags() []cli.Flag {
	m.max = &cli.IntFlag{Name: "max", Destination: &m.Max, Usage: "print at most `N` models (--max 2: is the answer unique?)"}
	return []cli.Flag{&cli.BoolFlag{Name: "all", Destination: &m.All, Usage: "print every model"}, m.max}
}

// Given reports whether the command line asks for models, with --all or
// --max.
func (m *Models) Given(c *Cmd) bool { return m.All || c.IsSet(m.max) }

// Check returns a usage error for a --max below 1, or --all with --max.
func (m *Models) Check(c *Cmd) error {
	set := c.IsSet(m.max)
	switch {
	case set && m.Max < 1:
		return usage.Errorf("--max %d: want 1 or more", m.Max)
	case m.All && set:
		return usage.Errorf("--all and --max exclude each other")
	}
	return nil
}

// ExplainFlag returns --explain, which sets *p: satrun's and nonosolve's
// answer explained by the formula's groups, the puzzle's clues.
func ExplainFlag(p *bool) *cli.BoolFlag {
	return &cli.BoolFlag{Name: "explain", Destination: p, Usage: "UNSAT: the groups (clues) that conflict; SAT: the groups that force the solution"}
}

// ErrExplainModels is the usage error of --explain with --all or --max.
var ErrExplainModels = usage.Errorf("--explain finds a second solution itself: not with --all or --max")
