package plan

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/internal/shellword"
)

// WriteParallel writes one shell command line per job to w, in order, as
// cmd makes it, each appending its row to a results file of its own in
// dir, numbered from 1 in order ("0001.jsonl"): lines for GNU parallel,
// or xargs, or a shell. A job whose line would hold a newline (a POSIX
// shell word has no escape for it) is a *LineError, before any line is
// written.
func WriteParallel(w io.Writer, jobs []run.Job, dir string, cmd Command) error {
	width := max(len(strconv.Itoa(len(jobs))), 4)
	lines := make([]string, len(jobs))
	for i := range jobs {
		out := filepath.Join(dir, fmt.Sprintf("%0*d.jsonl", width, i+1))
		lines[i] = cmd(&jobs[i], shellword.QuotePOSIX(out))
		if strings.Contains(lines[i], "\n") {
			return &LineError{Solver: jobs[i].Solver.Name, Instance: jobs[i].Instance.Path}
		}
	}
	bw := bufio.NewWriter(w)
	for _, l := range lines {
		bw.WriteString(l)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// LineError is WriteParallel's error for a job whose command line holds a
// newline: in its instance's path, its solver's or encoder's command, or
// the results folder.
type LineError struct{ Solver, Instance string }

func (e *LineError) Error() string {
	return fmt.Sprintf("the run of %s on %q holds a newline, which a line of a plan cannot hold", e.Solver, e.Instance)
}
