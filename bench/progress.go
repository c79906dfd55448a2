package bench

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress reports finished runs: a bar with the ETA and the number solved
// on a terminal, one line per run otherwise. Not safe for concurrent use.
type progress struct {
	w             io.Writer
	bar           *progressbar.ProgressBar
	total, n      int
	solved, fails int
}

func newProgress(w io.Writer, terminal bool, total, skipped int) *progress {
	p := &progress{w: w, total: total}
	if w == nil {
		return p
	}
	if skipped > 0 {
		fmt.Fprintf(w, "satbench: resuming: %d runs already done, %d to go\n", skipped, total)
	}
	if terminal && total > 0 {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("solved 0"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetWidth(30),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }),
		)
	}
	return p
}

func (p *progress) done(r *Row) {
	p.n++
	if r.Solved() {
		p.solved++
	}
	if r.Status == StatusError {
		p.fails++
	}
	switch {
	case p.bar != nil:
		desc := fmt.Sprintf("solved %d", p.solved)
		if p.fails > 0 {
			desc += fmt.Sprintf(", %d errors", p.fails)
		}
		p.bar.Add(1)
		p.bar.Describe(desc)
	case p.w != nil:
		msg := ""
		if r.Error != "" {
			msg = ": " + r.Error
		}
		fmt.Fprintf(p.w, "satbench: [%d/%d] %s on %s rep %d: %s %.3fs%s\n",
			p.n, p.total, r.Solver, r.Instance, r.Rep, r.Status, r.Wall, msg)
	}
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
