package run

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/pipesat/pipesat/bench/results"
	"golang.org/x/term"
)

// Heartbeat is the longest a progress log (not a terminal) stays silent
// while runs go on: after that long without a line it writes one saying
// what runs and the ETA.
const Heartbeat = 30 * time.Second

// progress shows Runner.Run's runs as they go. On a terminal it redraws,
// every second and as runs start, a status line (the clock, a bar,
// runs done, the ETA and the answers so far) and one line per worker naming
// the run it does and for how long, and it ends with one summary line.
// Elsewhere it writes one line per finished run, a heartbeat line after
// Heartbeat without one, and the summary line. Its methods are safe for
// concurrent use.
type progress struct {
	w        io.Writer
	terminal bool
	now      func() time.Time

	mu      sync.Mutex
	start   time.Time
	total   int // runs to do
	workers []slot
	eta     estimator
	counts  map[string]int // rows by status
	n       int            // runs finished
	drawn   int            // lines of the frame on screen (terminal)
	lastOut time.Time      // last frame (terminal) or line (log)
	stop    chan struct{}
	stopped chan struct{}
}

// slot is the run a worker is doing, if any.
type slot struct {
	job   *Job
	since time.Time
}

// The terminal is redrawn every tick, and as runs start, but no more
// often than every redraw when they start in quick succession.
const (
	tick   = time.Second
	redraw = 100 * time.Millisecond
)

// newProgress returns the progress of todo's runs done by workers at a
// time with the given timeout (0 for none), skipped runs already done. It
// writes nothing if w is nil. Call run to start the clock, then begin and
// end around each run, then finish.
func newProgress(w io.Writer, terminal bool, todo []Job, skipped, workers int, timeout time.Duration, now func() time.Time) *progress {
	p := &progress{w: w, terminal: terminal && w != nil, now: now, total: len(todo),
		workers: make([]slot, max(workers, 1)), counts: map[string]int{}}
	p.eta.init(todo, timeout)
	p.start = now()
	p.lastOut = p.start
	if w != nil && skipped > 0 {
		fmt.Fprintf(w, "satbench: resuming: %d runs already done, %d to go\n", skipped, len(todo))
	}
	return p
}

// run ticks the clock every tick until finish.
func (p *progress) run() {
	if p.w == nil {
		return
	}
	p.stop, p.stopped = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(p.stopped)
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.tick()
			case <-p.stop:
				return
			}
		}
	}()
}

// tick redraws the terminal, or writes a heartbeat line to a log that
// has been silent for Heartbeat.
func (p *progress) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w == nil {
		return
	}
	now := p.now()
	switch {
	case p.terminal:
		p.draw(now)
	case now.Sub(p.lastOut) >= Heartbeat && p.busy():
		fmt.Fprintf(p.w, "satbench: %s: %d/%d runs; running %s; ETA %s\n",
			clock(now.Sub(p.start)), p.n, p.total, p.running(now, ", "), p.etaText(now))
		p.lastOut = now
	}
}

// begin records that worker started job j.
func (p *progress) begin(worker int, j *Job) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	p.workers[worker] = slot{j, now}
	p.eta.begin(j)
	if p.terminal && now.Sub(p.lastOut) >= redraw {
		p.draw(now)
	}
}

// end records that worker's run ended with row r, or with no row (nil)
// when it was not recorded.
func (p *progress) end(worker int, r *results.Row) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	s := p.workers[worker]
	p.workers[worker] = slot{}
	if r == nil {
		return
	}
	p.n++
	p.counts[r.Status]++
	p.eta.end(s.job, now.Sub(s.since))
	switch {
	case p.w == nil:
	case p.terminal:
		// The next run's begin draws the new count, so that the worker
		// is not shown idle in between; else the next tick does.
	default:
		msg := ""
		if r.Contended {
			msg = fmt.Sprintf(" (contended: %.3fs CPU)", r.User+r.Sys)
		}
		if r.Error != "" {
			msg += ": " + r.Error
		}
		fmt.Fprintf(p.w, "satbench: [%d/%d] %s on %s rep %d: %s %.3fs%s\n",
			p.n, p.total, r.Solver, r.Instance, r.Rep, r.Status, r.Wall, msg)
		p.lastOut = now
	}
}

// finish stops the clock, clears the terminal's frame and writes the
// summary line.
func (p *progress) finish() {
	if p.stop != nil {
		close(p.stop)
		<-p.stopped
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w == nil {
		return
	}
	if p.terminal {
		p.clear()
	}
	fmt.Fprintln(p.w, p.summary(p.now()))
}

// summary is the last line: runs, time, and the answers.
func (p *progress) summary(now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "satbench: ")
	if p.n < p.total {
		fmt.Fprintf(&b, "%d of ", p.n)
	}
	fmt.Fprintf(&b, "%d runs in %s: %s", p.total, clock(now.Sub(p.start)), p.answers())
	return b.String()
}

// answers says how the finished runs ended: "12 solved (8 SAT, 4
// UNSAT), 3 timeouts, 1 error".
func (p *progress) answers() string {
	c := p.counts
	s := fmt.Sprintf("%d solved (%d SAT, %d UNSAT)", c[results.StatusSat]+c[results.StatusUnsat], c[results.StatusSat], c[results.StatusUnsat])
	for _, k := range []struct{ status, one, many string }{
		{results.StatusTimeout, "timeout", "timeouts"},
		{results.StatusMemout, "memout", "memouts"},
		{results.StatusUnknown, "unknown", "unknown"},
		{results.StatusError, "error", "errors"},
		{results.StatusUnproven, "unproven", "unproven"},
	} {
		switch n := c[k.status]; n {
		case 0:
		case 1:
			s += ", 1 " + k.one
		default:
			s += fmt.Sprintf(", %d %s", n, k.many)
		}
	}
	return s
}

// busy reports whether a worker is running something.
func (p *progress) busy() bool {
	for _, s := range p.workers {
		if s.job != nil {
			return true
		}
	}
	return false
}

// running names the runs going on and how long they have run, joined by
// sep.
func (p *progress) running(now time.Time, sep string) string {
	var runs []string
	for _, s := range p.workers {
		if s.job != nil {
			runs = append(runs, fmt.Sprintf("%s (%s)", jobName(s.job), clock(now.Sub(s.since))))
		}
	}
	return strings.Join(runs, sep)
}

func jobName(j *Job) string {
	return fmt.Sprintf("%s on %s rep %d", j.Solver.Name, j.Instance.Name, j.Rep)
}

// etaText is the ETA, or "?" before any run has ended.
func (p *progress) etaText(now time.Time) string {
	var running []runningJob
	for _, s := range p.workers {
		if s.job != nil {
			running = append(running, runningJob{s.job, now.Sub(s.since)})
		}
	}
	d, ok := p.eta.left(running, len(p.workers))
	if !ok {
		return "?"
	}
	return clock(d)
}

// draw replaces the frame on the terminal with the status line and a
// line per worker.
func (p *progress) draw(now time.Time) {
	width := 80
	if f, ok := p.w.(*os.File); ok {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			width = w
		}
	}
	var b strings.Builder
	p.up(&b)
	const barWidth = 20
	fill := 0
	if p.total > 0 {
		fill = p.n * barWidth / p.total
	}
	bar := strings.Repeat("=", fill) + strings.Repeat(" ", barWidth-fill)
	// The ETA before the answers, which a narrow terminal cuts off.
	line(&b, width, fmt.Sprintf("satbench %s [%s] %d/%d runs  ETA %s  %s",
		clock(now.Sub(p.start)), bar, p.n, p.total, p.etaText(now), p.answers()))
	for i, s := range p.workers {
		text := "idle"
		if s.job != nil {
			text = fmt.Sprintf("%s  %s", jobName(s.job), clock(now.Sub(s.since)))
		}
		if len(p.workers) > 1 {
			text = fmt.Sprintf("%d: %s", i+1, text)
		}
		line(&b, width, "  "+text)
	}
	p.drawn = 1 + len(p.workers)
	io.WriteString(p.w, b.String())
	p.lastOut = now
}

// clear removes the frame from the terminal.
func (p *progress) clear() {
	var b strings.Builder
	p.up(&b)
	b.WriteString("\x1b[J")
	io.WriteString(p.w, b.String())
	p.drawn = 0
}

// up moves the cursor to the start of the frame on screen.
func (p *progress) up(b *strings.Builder) {
	if p.drawn > 0 {
		fmt.Fprintf(b, "\x1b[%dA", p.drawn)
	}
}

// line writes s as a whole line of a terminal width columns wide, cut
// short so that it never wraps (a wrapped line would throw the next
// redraw off by a line).
func line(b *strings.Builder, width int, s string) {
	if utf8.RuneCountInString(s) >= width {
		r := []rune(s)
		s = string(r[:max(width-2, 0)]) + "…"
	}
	b.WriteString("\r\x1b[K")
	b.WriteString(s)
	b.WriteString("\n")
}

// clock writes d to the second: "45s", "3m05s", "1h02m05s".
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm%02ds", s/3600, s/60%60, s%60)
}
