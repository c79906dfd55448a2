package pipesat_test

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools"
	"github.com/pipesat/pipesat/solver"
)

// TestDocumentedFlags: every flag the manuals (cmd/*/doc.go, as --help
// prints them with their generated synopsis and flags), the summaries -h
// prints and README.md name is one the tool accepts. A flag counts for
// the tool whose name comes before it in the same command ("nono2cnf
// --presolve=false | satrun --explain", "satbench run --solvers A"),
// where a command runs on over its arguments (flags, their values, file
// names, numbers, quoted text, placeholders such as FILE) and ends at a
// pipe, a ";" or ".", or a word of prose; an external program's flags
// ("kissat --time=5", "tail -n 2") are its own. A flag outside any
// command counts for the manual's own tool, and in the README for the
// tools its paragraph names.
func TestDocumentedFlags(t *testing.T) {
	ck := newFlagChecker(t)
	for _, name := range tools.Names() {
		tool := ck.tools[name]
		ck.check(t, "cmd/"+name+"/doc.go as --help prints it", tool.Manual(), []*cmdio.Tool{tool}, nil)
		ck.check(t, name+" -h", tool.Summary(nil), []*cmdio.Tool{tool}, nil)
		for _, c := range tool.Commands {
			ck.check(t, name+" "+c.Name+" -h", tool.Summary(c), []*cmdio.Tool{tool}, c)
		}
	}
	md, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	ck.check(t, "README.md", string(md), nil, nil)
}

// TestDocumentedFlagsCatches: the check finds a flag a manual gives the
// wrong tool, and leaves alone what is right.
func TestDocumentedFlagsCatches(t *testing.T) {
	ck := newFlagChecker(t)
	q := ck.tools["queens2cnf"]
	for _, tt := range []struct {
		text string
		bad  []string
	}{
		{"With --rooks, rooks; --comments=false keeps the group lines, --no-comments does not.", []string{"queens2cnf --no-comments"}},
		{"\tqueens2cnf --n 8 | satrun --all --solver gini | cnf2grid --count\n", nil},
		{"\tqueens2cnf 8 | satrun --rooks\n", []string{"satrun --rooks"}},
		{"nono2cnf --presolve=false writes what satrun --explain needs (--names all too).", nil},
		{"kissat --time=5 and runlim take them; tail -n 2 and \"queens2cnf --n 8\".", nil},
		{"satbench run --solvers gini --reps 3 and satbench report --format csv.", nil},
		{"satbench report --solvers x", []string{"satbench report --solvers"}},
		{"satrun --max 2, --all and cnf2grid --count answer alike", nil},
		{"satrun --solver-cmd 'cadical --lrat {cnf} {proof}' --bogus", []string{"satrun --bogus"}},
		{"a comment \"c --NAME=VALUE\", which cadical reads as an option", nil},
		{"then --sat", []string{"queens2cnf --sat"}},
	} {
		var got []string
		ck.report = func(tool, flag string) { got = append(got, tool+" "+flag) }
		ck.check(t, "test", tt.text, []*cmdio.Tool{q}, nil)
		if !slices.Equal(got, tt.bad) {
			t.Errorf("%q: found %q, want %q", tt.text, got, tt.bad)
		}
	}
}

// flagChecker finds the flags a text names and checks each against its
// tool's declarations.
type flagChecker struct {
	tools    map[string]*cmdio.Tool
	programs map[string]bool // external programs: their flags are theirs
	report   func(tool, flag string)
}

// otherPrograms are the programs besides the known solvers that the
// documents show with flags of their own.
var otherPrograms = []string{"go", "make", "git", "sh", "bash", "sed", "tail", "head", "cut", "grep", "awk",
	"printf", "echo", "cat", "xz", "zstd", "gzip", "bzip2", "sort", "diff", "cmp", "man", "kill", "ulimit",
	"hyperfine", "runlim", "pbnsolve", "parallel", "sbatch", "srun", "drat-trim", "lrat-trim", "cake_lpr",
	"python3", "time", "env", "apt-get", "mandoc", "seq", "tee", "xargs", "find", "jq", "systemd-run",
	"systemctl", "munge", "mungekey", "ssh", "scp", "chmod", "chown", "sinfo", "slurmd", "slurmctld"}

// commonWords are the programs whose names are words of prose too ("its
// text cut to 100 bytes"): they count as programs only before a flag or
// at the start of a command line.
var commonWords = map[string]bool{"go": true, "make": true, "tail": true, "head": true, "cut": true, "cat": true,
	"sort": true, "diff": true, "man": true, "kill": true, "time": true, "env": true, "tee": true, "find": true, "echo": true}

func newFlagChecker(t *testing.T) *flagChecker {
	ck := &flagChecker{tools: map[string]*cmdio.Tool{}, programs: map[string]bool{}}
	for _, name := range tools.Names() {
		doc, err := os.ReadFile("cmd/" + name + "/doc.go")
		if err != nil {
			t.Fatal(err)
		}
		tool := tools.All[name](string(doc))
		tool.Name = name // satbench's is its Usage line's
		ck.tools[name] = tool
	}
	for _, p := range append(solver.KnownNames(), otherPrograms...) {
		ck.programs[p] = true
	}
	return ck
}

// flagName matches a flag as a document writes it: its dashes and name.
var flagName = regexp.MustCompile(`^--?([A-Za-z][A-Za-z0-9-]*)`)

// check reports, as errors of t (or through ck.report), each flag text
// names that its tool does not accept. own are the tools a flag outside
// a command counts for (cmd the command of the first, if any); none
// means the tools named in the flag's paragraph.
func (ck *flagChecker) check(t *testing.T, what, text string, own []*cmdio.Tool, cmd *cmdio.Command) {
	t.Helper()
	report := ck.report
	if report == nil {
		report = func(tool, flag string) {
			t.Errorf("%s names %s, which %s does not accept", what, flag, tool)
		}
	}
	for _, para := range strings.Split(text, "\n\n") {
		fallback := own
		if fallback == nil {
			for _, w := range strings.Fields(para) {
				if tool := ck.tools[programName(w)]; tool != nil && !slices.Contains(fallback, tool) {
					fallback = append(fallback, tool)
				}
			}
		}
		var segments []string
		for _, l := range strings.Split(para, "\n") {
			if strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") {
				segments = append(segments, strings.TrimPrefix(strings.TrimSpace(l), "$ "))
			} else if len(segments) > 0 && !strings.HasPrefix(para, "    ") {
				segments[len(segments)-1] += " " + l
			} else {
				segments = append(segments, l)
			}
		}
		for _, s := range segments {
			ck.segment(s, fallback, cmd, report)
		}
	}
}

// segment checks the words of one command line or one paragraph of prose.
func (ck *flagChecker) segment(s string, fallback []*cmdio.Tool, fbCmd *cmdio.Command, report func(tool, flag string)) {
	var (
		tool      *cmdio.Tool    // the command's tool, nil if none or external
		cmd       *cmdio.Command // its subcommand
		external  bool           // the command is another program's
		afterTool bool           // the word before was the tool's name
		value     bool           // the next word is a flag's value
		// The flags outside a command that fallback does not take, and
		// whether their sentence names an external program, whose flags
		// they then are ("add --transferfile and --return to parallel").
		pending     [][2]string
		externalToo bool
	)
	end := func() { tool, cmd, external, afterTool, value = nil, nil, false, false, false }
	flush := func() {
		for _, p := range pending {
			if !externalToo {
				report(p[0], p[1])
			}
		}
		pending, externalToo = nil, false
	}
	defer flush()
	words := quotedFields(s)
	for i, w := range words {
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		if strings.HasPrefix(w, "(") || strings.HasPrefix(w, "<(") || strings.HasPrefix(w, "$(") {
			end() // a parenthesis starts a command of its own
		}
		if q := strings.TrimLeft(w, "(")[0]; q == '"' || q == '\'' || q == '`' {
			// Quoted text is a command of its own, and a word (a value)
			// of the one around it.
			ck.segment(strings.Trim(w, "()\"'`,.;:"), fallback, fbCmd, report)
			value, afterTool = false, false
			continue
		}
		switch w {
		case "|", "||", "&&", ";", ">", "<", "2>", "$":
			end()
			continue
		case "and", "or":
			continue
		}
		bare := strings.TrimLeft(w, "<$([*`\"'")
		name := programName(w)
		switch m := flagName.FindStringSubmatch(bare); {
		case afterTool && tool != nil && cmd == nil && commandOf(tool, name) != nil:
			cmd = commandOf(tool, name)
		case ck.tools[name] != nil:
			tool, cmd, external = ck.tools[name], nil, false
			afterTool, value = true, false
			continue
		case ck.programs[name] && (!commonWords[name] || strings.HasPrefix(next, "-") || i == 0 ||
			name == "go" && slices.Contains([]string{"test", "install", "build", "run", "vet"}, next)):
			end()
			external, externalToo = true, true
		case m != nil && strings.ToUpper(m[1]) != m[1]:
			flag := m[0]
			switch {
			case external:
			case tool != nil:
				if !accepts(tool, cmd, m[1]) {
					report(commandName(tool, cmd), flag)
				}
				value = takesValue(tool, cmd, m[1]) && !strings.Contains(bare, "=")
			default:
				fb := fallback
				if len(fb) == 0 {
					fb = slices.Collect(maps.Values(ck.tools))
				}
				if !slices.ContainsFunc(fb, func(t *cmdio.Tool) bool { return accepts(t, fbCmd, m[1]) }) {
					var names []string
					for _, t := range fallback {
						names = append(names, commandName(t, fbCmd))
					}
					pending = append(pending, [2]string{strings.Join(names, ","), flag})
				}
			}
		case value, external, argLike(bare):
			value = false
		default:
			// A word of prose ends the command.
			end()
		}
		afterTool = false
		if strings.ContainsAny(w[len(w)-1:], ".;:)") {
			end()
		}
		if strings.HasSuffix(w, ".") {
			flush()
		}
	}
}

// quotedFields splits s at blanks, keeping text in quotes or backquotes
// (opened at a word's start, closed at a word's end) as one word.
func quotedFields(s string) []string {
	var out []string
	fields := strings.Fields(s)
	for i := 0; i < len(fields); i++ {
		w := fields[i]
		open := strings.TrimLeft(w, "(")
		if open == "" || !strings.ContainsRune("\"'`", rune(open[0])) {
			out = append(out, w)
			continue
		}
		q := open[:1]
		j := i
		for ; j < len(fields); j++ {
			if t := strings.TrimRight(fields[j], ",.;:)"); (j > i || len(open) > 1) && strings.HasSuffix(t, q) {
				break
			}
		}
		if j == len(fields) {
			out = append(out, w)
			continue
		}
		out = append(out, strings.Join(fields[i:j+1], " "))
		i = j
	}
	return out
}

// programName returns w as the name of a program: without the quotes,
// brackets and punctuation around it, and without "'s".
func programName(w string) string {
	w = strings.Trim(w, "<([*`\"'$,.;:)]!?")
	w = strings.TrimSuffix(w, "'s")
	return strings.TrimSuffix(w, "’s")
}

// argLike reports whether w may be a command's argument rather than a
// word of prose: a flag, a number, a file, a list or a placeholder.
func argLike(w string) bool {
	w = strings.TrimRight(w, ",")
	return w == "" || w[0] == '-' || w[0] >= '0' && w[0] <= '9' || strings.ContainsAny(w, "./=,{}*<>[]|~") ||
		strings.ToUpper(w) == w
}

// commandOf returns t's command called name, or nil.
func commandOf(t *cmdio.Tool, name string) *cmdio.Command {
	for _, c := range t.Commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// commandName returns "satrun" or "satbench run".
func commandName(t *cmdio.Tool, c *cmdio.Command) string {
	name := t.Name
	if c != nil {
		name += " " + c.Name
	}
	return name
}

// flagsOf returns what the declarations say of the flags of t's command c,
// t's own included; with no c, of every command of t.
func flagsOf(t *cmdio.Tool, c *cmdio.Command) []cmdio.FlagDoc {
	ds := cmdio.Docs(t.Flags)
	for _, x := range t.Commands {
		if c == nil || x == c {
			ds = append(ds, cmdio.Docs(x.Flags)...)
		}
	}
	return ds
}

// accepts reports whether the command c of t (or any of its commands, c
// nil) takes the flag name.
func accepts(t *cmdio.Tool, c *cmdio.Command, name string) bool {
	if name == "h" || name == "help" || name == "version" {
		return true
	}
	return slices.ContainsFunc(flagsOf(t, c), func(d cmdio.FlagDoc) bool {
		return slices.ContainsFunc(d.Names, func(n string) bool { return strings.TrimLeft(n, "-") == name })
	})
}

// takesValue reports whether the flag name of t's command c takes a value.
func takesValue(t *cmdio.Tool, c *cmdio.Command, name string) bool {
	return slices.ContainsFunc(flagsOf(t, c), func(d cmdio.FlagDoc) bool {
		return d.Value != "" && slices.ContainsFunc(d.Names, func(n string) bool { return strings.TrimLeft(n, "-") == name })
	})
}
