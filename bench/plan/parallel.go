package plan

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/internal/shellword"
)

// WriteParallel writes one shell command line per job to w, in order, as
// cmd makes it, each appending its row to a results file of its own in
// dir, numbered from 1 in order ("0001.jsonl"): lines for GNU parallel,
// or xargs, or a shell.
func WriteParallel(w io.Writer, jobs []run.Job, dir string, cmd Command) error {
	width := max(len(strconv.Itoa(len(jobs))), 4)
	bw := bufio.NewWriter(w)
	for i := range jobs {
		out := filepath.Join(dir, fmt.Sprintf("%0*d.jsonl", width, i+1))
		bw.WriteString(cmd(&jobs[i], shellword.Quote(out)))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
