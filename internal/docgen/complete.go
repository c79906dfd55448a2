package docgen

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/internal/cmdio"
)

// The completions complete a command's subcommands (satbench run, ...),
// its flags, and a flag's value: a Choice's words, a file's name, or
// nothing for any other value; an operand is a file's name when the
// synopsis names one (FILE), else nothing. They are static scripts, one
// per shell, made from the declarations: urfave/cli's own bash and zsh
// completions instead call the program at every TAB, and its fish
// completion (ToFishCompletion) completes no value.

// scope is what a command line may hold at one level: the tool's own (cmd
// nil) or a command's, with the tool's flags.
type scope struct {
	cmd   *cmdio.Command
	flags []cmdio.FlagDoc
	files bool // its operands are files
}

// scopes returns t's scopes: the tool's, then each command's.
func scopes(t *cmdio.Tool) []scope {
	own := cmdio.Docs(t.Flags)
	ss := []scope{{nil, own, len(t.Commands) == 0 && strings.Contains(t.Operands, "FILE")}}
	for _, c := range t.Commands {
		ss = append(ss, scope{c, append(cmdio.Docs(c.Flags), own...), strings.Contains(c.Operands, "FILE") || c.Operands == ""})
	}
	return ss
}

// common are the flags every command has: -h, --help and --version.
var common = []cmdio.FlagDoc{
	{Names: []string{"-h"}, Usage: "print a summary of the flags"},
	{Names: []string{"--help"}, Usage: "print the manual"},
	{Names: []string{"--version"}, Usage: "print the name and version"},
}

// Bash writes t's bash completion: a function that reads COMP_WORDS and
// COMP_CWORD and sets COMPREPLY, and the complete command that binds it.
func Bash(w *bytes.Buffer, t *cmdio.Tool) {
	fn := "_pipesat_" + t.Name
	fmt.Fprintf(w, "# bash completion for %s, made by internal/docgen from its declarations: do not edit.\n", t.Name)
	fmt.Fprintf(w, "%s() {\n", fn)
	w.WriteString("\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd= flags= i\n")
	w.WriteString("\t# --flag=value: COMP_WORDBREAKS splits the \"=\" off.\n")
	w.WriteString("\tif [[ $cur == = ]]; then cur=; elif [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n")
	var names []string
	for _, c := range t.Commands {
		names = append(names, c.Name)
	}
	if len(names) > 0 {
		w.WriteString("\tfor ((i = 1; i < COMP_CWORD; i++)); do\n")
		fmt.Fprintf(w, "\t\tcase ${COMP_WORDS[i]} in %s) cmd=${COMP_WORDS[i]}; break ;; esac\n", strings.Join(names, "|"))
		w.WriteString("\tdone\n")
	}
	w.WriteString("\tcase \"$cmd $prev\" in\n")
	for _, s := range scopes(t) {
		cmd := ""
		if s.cmd != nil {
			cmd = s.cmd.Name
		}
		for _, d := range s.flags {
			if d.Value == "" {
				continue
			}
			var pats []string
			for _, n := range d.Names {
				pats = append(pats, fmt.Sprintf("%q", cmd+" "+n))
			}
			var reply string
			switch {
			case d.Choices != nil && d.File:
				reply = fmt.Sprintf(`COMPREPLY=($(compgen -W %q -- "$cur") $(compgen -f -- "$cur"))`, strings.Join(d.Choices, " "))
			case d.Choices != nil:
				reply = fmt.Sprintf(`COMPREPLY=($(compgen -W %q -- "$cur"))`, strings.Join(d.Choices, " "))
			case d.File:
				reply = `COMPREPLY=($(compgen -f -- "$cur"))`
			default:
				reply = "COMPREPLY=()"
			}
			fmt.Fprintf(w, "\t%s) %s; return ;;\n", strings.Join(pats, "|"), reply)
		}
	}
	w.WriteString("\tesac\n\tcase $cmd in\n")
	for _, s := range scopes(t) {
		cmd := `""`
		if s.cmd != nil {
			cmd = s.cmd.Name
		}
		fmt.Fprintf(w, "\t%s) flags=%q ;;\n", cmd, strings.Join(flagNames(append(s.flags, common...)), " "))
	}
	w.WriteString("\tesac\n")
	w.WriteString("\tif [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\")); return; fi\n")
	if len(names) > 0 {
		fmt.Fprintf(w, "\tif [[ -z $cmd ]]; then COMPREPLY=($(compgen -W %q -- \"$cur\")); return; fi\n", strings.Join(names, " "))
	}
	w.WriteString("\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n}\n")
	fmt.Fprintf(w, "complete -o default -F %s %s\n", fn, t.Name)
}

// flagNames returns every name of docs, as typed.
func flagNames(docs []cmdio.FlagDoc) []string {
	var ns []string
	for _, d := range docs {
		ns = append(ns, d.Names...)
	}
	return ns
}

// Zsh writes t's zsh completion, a #compdef file for $fpath (named _NAME)
// whose body calls _arguments with a spec per flag.
func Zsh(w *bytes.Buffer, t *cmdio.Tool) {
	fmt.Fprintf(w, "#compdef %s\n# zsh completion for %s, made by internal/docgen from its declarations: do not edit.\n", t.Name, t.Name)
	ss := scopes(t)
	if len(t.Commands) == 0 {
		w.WriteString("_arguments -s -S \\\n")
		writeZshSpecs(w, ss[0], "\t")
		w.WriteString("\n")
		return
	}
	w.WriteString("local curcontext=$curcontext state line\n")
	w.WriteString("typeset -A opt_args\n")
	w.WriteString("_arguments -C \\\n")
	for _, d := range append(ss[0].flags, common...) {
		for _, spec := range zshFlagSpecs(d) {
			fmt.Fprintf(w, "\t%s \\\n", shQuote(spec))
		}
	}
	var cmds []string
	for _, c := range t.Commands {
		cmds = append(cmds, zshWord(c.Name)+`\:`+zshWord(c.Usage))
	}
	fmt.Fprintf(w, "\t%s \\\n\t%s\n", shQuote("1:command:(("+strings.Join(cmds, " ")+"))"), shQuote("*::argument:->args"))
	w.WriteString("case $state in\nargs)\n\tcase $line[1] in\n")
	for _, s := range ss[1:] {
		fmt.Fprintf(w, "\t%s)\n\t\t_arguments -s -S \\\n", s.cmd.Name)
		writeZshSpecs(w, s, "\t\t\t")
		w.WriteString("\n\t\t;;\n")
	}
	w.WriteString("\tesac\n\t;;\nesac\n")
}

// writeZshSpecs writes the _arguments specs of s, one a line, each line
// but the last ending in a backslash.
func writeZshSpecs(w *bytes.Buffer, s scope, indent string) {
	var specs []string
	for _, d := range append(s.flags, common...) {
		specs = append(specs, zshFlagSpecs(d)...)
	}
	if s.files {
		specs = append(specs, "*:file:_files")
	}
	for i, spec := range specs {
		if i > 0 {
			w.WriteString(" \\\n")
		}
		w.WriteString(indent + shQuote(spec))
	}
}

// zshFlagSpecs returns the _arguments specs of a flag, one per name, the
// names excluding each other.
func zshFlagSpecs(d cmdio.FlagDoc) []string {
	excl := "(" + strings.Join(d.Names, " ") + ")"
	desc := "[" + zshEscape(d.Usage) + "]"
	var action string
	switch {
	case d.Value == "":
	case d.Choices != nil && d.File:
		action = ":" + zshEscape(d.Value) + ":{compadd - " + strings.Join(d.Choices, " ") + "; _files}"
	case d.Choices != nil:
		action = ":" + zshEscape(d.Value) + ":(" + strings.Join(d.Choices, " ") + ")"
	case d.File:
		action = ":" + zshEscape(d.Value) + ":_files"
	default:
		action = ":" + zshEscape(d.Value) + ": "
	}
	var specs []string
	for _, n := range d.Names {
		opt := n
		if action != "" {
			if strings.HasPrefix(n, "--") {
				opt += "="
			} else {
				opt += "+"
			}
		}
		specs = append(specs, excl+opt+desc+action)
	}
	return specs
}

// zshEscape returns s with the characters an _arguments spec reads
// (brackets, colons, backslashes) escaped.
func zshEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`, `:`, `\:`).Replace(s)
}

// zshWord returns s as one word of an _arguments "((VALUE\:TEXT ...))"
// list, which zsh splits as a shell splits words: every character but a
// letter or a digit behind a backslash (a colon, a quote, a space).
func zshWord(s string) string {
	var b strings.Builder
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// shQuote returns s in single quotes, for sh, bash and zsh.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// Fish writes t's fish completion: a complete command per flag (and per
// subcommand), each with its description, its value's choices, and
// whether the value is a file.
func Fish(w *bytes.Buffer, t *cmdio.Tool) {
	fmt.Fprintf(w, "# fish completion for %s, made by internal/docgen from its declarations: do not edit.\n", t.Name)
	ss := scopes(t)
	var names []string
	for _, c := range t.Commands {
		names = append(names, c.Name)
	}
	noCmd := ""
	if len(names) > 0 {
		noCmd = fmt.Sprintf(" -n 'not __fish_seen_subcommand_from %s'", strings.Join(names, " "))
		for _, c := range t.Commands {
			fmt.Fprintf(w, "complete -c %s%s -f -a %s -d %s\n", t.Name, noCmd, c.Name, fishQuote(c.Usage))
		}
	} else if !ss[0].files {
		fmt.Fprintf(w, "complete -c %s -f\n", t.Name)
	}
	for _, s := range ss {
		cond := noCmd
		flags := append(s.flags, common...)
		if s.cmd != nil {
			cond = fmt.Sprintf(" -n '__fish_seen_subcommand_from %s'", s.cmd.Name)
			flags = append(cmdio.Docs(s.cmd.Flags), common...)
		}
		for _, d := range flags {
			fmt.Fprintf(w, "complete -c %s%s", t.Name, cond)
			for _, n := range d.Names {
				if name := strings.TrimLeft(n, "-"); len(name) == 1 {
					fmt.Fprintf(w, " -s %s", name)
				} else {
					fmt.Fprintf(w, " -l %s", name)
				}
			}
			switch {
			case d.Value == "":
			case d.Choices != nil && d.File:
				fmt.Fprintf(w, " -r -F -a %s", fishQuote(strings.Join(d.Choices, " ")))
			case d.Choices != nil:
				fmt.Fprintf(w, " -r -f -a %s", fishQuote(strings.Join(d.Choices, " ")))
			case d.File:
				w.WriteString(" -r -F")
			default:
				w.WriteString(" -r -f")
			}
			fmt.Fprintf(w, " -d %s\n", fishQuote(d.Usage))
		}
	}
}

// fishQuote returns s in fish's single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
