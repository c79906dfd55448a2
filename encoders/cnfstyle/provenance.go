package cnfstyle

import (
	"fmt"
	"strings"

	"github.com/pipesat/pipesat/internal/shellword"
)

// Provenance says where a CNF file comes from: the tool and version that
// wrote it, the tool's command-line arguments (without the program name)
// and the encoding it chose.
type Provenance struct {
	Tool     string   // e.g. "nono2cnf"
	Version  string   // e.g. "v0.3.1" or "(devel)"; may be empty
	Args     []string // os.Args[1:]
	Encoding string   // e.g. "runs"; may be empty
}

// Lines returns the provenance lines (comment texts without "c "):
// "pipesat tool TOOL VERSION", "pipesat args ARGS" with each argument
// shell-quoted, and "pipesat encoding E" when Encoding is set. It returns
// nil when Tool is empty, so an encoder called without a provenance
// writes none.
func (p Provenance) Lines() []string {
	if p.Tool == "" {
		return nil
	}
	tool := "pipesat tool " + p.Tool
	if p.Version != "" {
		tool += " " + p.Version
	}
	q := make([]string, len(p.Args))
	for i, a := range p.Args {
		q[i] = shellword.Quote(a)
	}
	out := []string{tool, strings.TrimRight("pipesat args "+strings.Join(q, " "), " ")}
	if p.Encoding != "" {
		out = append(out, "pipesat encoding "+p.Encoding)
	}
	return out
}

// ReadProvenance returns the provenance among comment texts lines
// (without "c "), and false if there is no "pipesat tool" line.
func ReadProvenance(lines []string) (Provenance, bool, error) {
	var p Provenance
	found := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "pipesat tool "):
			f := strings.Fields(l[len("pipesat tool "):])
			if len(f) < 1 || len(f) > 2 {
				return p, false, fmt.Errorf("provenance %q: want \"pipesat tool NAME [VERSION]\"", "c "+l)
			}
			p.Tool = f[0]
			if len(f) == 2 {
				p.Version = f[1]
			}
			found = true
		case l == "pipesat args" || strings.HasPrefix(l, "pipesat args "):
			args, err := shellword.Split(strings.TrimPrefix(l, "pipesat args"))
			if err != nil {
				return p, false, fmt.Errorf("provenance %q: %v", "c "+l, err)
			}
			p.Args = args
		case strings.HasPrefix(l, "pipesat encoding "):
			p.Encoding = strings.TrimSpace(l[len("pipesat encoding "):])
		}
	}
	return p, found, nil
}
