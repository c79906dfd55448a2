package header

import (
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/shellword"
)

// Header is the provenance of a CNF file: the tool and version that wrote
// it, the tool's command-line arguments (without the program name) and
// the encoding it chose.
type Header struct {
	Tool     string   // e.g. "nono2cnf"
	Version  string   // e.g. "v0.3.1" or "(devel)"; may be empty
	Args     []string // os.Args[1:]
	Encoding string   // e.g. "runs"; may be empty
}

// Lines returns the header's comment texts (without "c "): "pipesat tool
// TOOL VERSION", "pipesat args ARGS" with each argument shell-quoted, and
// "pipesat encoding E" when Encoding is set. It returns nil when Tool is
// empty, so an encoder called without a header writes none.
func (h Header) Lines() []string {
	if h.Tool == "" {
		return nil
	}
	tool := "pipesat tool " + h.Tool
	if h.Version != "" {
		tool += " " + h.Version
	}
	q := make([]string, len(h.Args))
	for i, a := range h.Args {
		q[i] = shellword.Quote(a)
	}
	out := []string{tool, strings.TrimRight("pipesat args "+strings.Join(q, " "), " ")}
	if h.Encoding != "" {
		out = append(out, "pipesat encoding "+h.Encoding)
	}
	return out
}

// Write appends h's lines to f's comments.
func (h Header) Write(f *dimacs.Formula) {
	f.Comments = append(f.Comments, h.Lines()...)
}

// Read returns the header among comment texts lines (without "c "), and
// false if there is no "pipesat tool" line.
func Read(lines []string) (Header, bool, error) {
	var h Header
	found := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "pipesat tool "):
			f := strings.Fields(l[len("pipesat tool "):])
			if len(f) < 1 || len(f) > 2 {
				return h, false, fmt.Errorf("header %q: want \"pipesat tool NAME [VERSION]\"", "c "+l)
			}
			h.Tool = f[0]
			if len(f) == 2 {
				h.Version = f[1]
			}
			found = true
		case l == "pipesat args" || strings.HasPrefix(l, "pipesat args "):
			args, err := shellword.Split(strings.TrimPrefix(l, "pipesat args"))
			if err != nil {
				return h, false, fmt.Errorf("header %q: %v", "c "+l, err)
			}
			h.Args = args
		case strings.HasPrefix(l, "pipesat encoding "):
			h.Encoding = strings.TrimSpace(l[len("pipesat encoding "):])
		}
	}
	return h, found, nil
}
