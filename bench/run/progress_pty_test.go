package run

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/creack/pty"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/bench/suite"
)

// screen is what a terminal shows of the bytes written to it: enough of
// a VT100 for the progress display (text, CR, LF, cursor up, erase line
// and erase below).
type screen struct{ rows [][]rune }

func (s *screen) String() string {
	var b strings.Builder
	for _, r := range s.rows {
		b.WriteString(strings.TrimRight(string(r), " ") + "\n")
	}
	return b.String()
}

// lines returns the non-blank lines on the screen.
func (s *screen) lines() []string {
	var out []string
	for l := range strings.Lines(s.String()) {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

var csi = regexp.MustCompile(`^\x1b\[([0-9]*)([A-Za-z])`)

func render(out string) *screen {
	s := &screen{rows: [][]rune{nil}}
	row, col := 0, 0
	for len(out) > 0 {
		if m := csi.FindStringSubmatch(out); m != nil {
			n, _ := strconv.Atoi(m[1])
			switch m[2] {
			case "A":
				row = max(row-max(n, 1), 0)
			case "K":
				s.rows[row] = s.rows[row][:min(col, len(s.rows[row]))]
			case "J":
				s.rows[row] = s.rows[row][:min(col, len(s.rows[row]))]
				s.rows = s.rows[:row+1]
			}
			out = out[len(m[0]):]
			continue
		}
		r, size := utf8.DecodeRuneInString(out)
		out = out[size:]
		switch r {
		case '\r':
			col = 0
		case '\n':
			row++
			if row == len(s.rows) {
				s.rows = append(s.rows, nil)
			}
		default:
			for len(s.rows[row]) <= col {
				s.rows[row] = append(s.rows[row], ' ')
			}
			s.rows[row][col] = r
			col++
		}
	}
	return s
}

// TestProgressTerminal runs two solvers that wait for the test on a
// pseudo-terminal with two workers, and checks what the terminal shows:
// the clock ticks while no run ends, each worker's line names its run and
// how long it has run, and when all is done a single summary line is
// left.
func TestProgressTerminal(t *testing.T) {
	t.Parallel() // mostly waits for its fake solvers
	dir := t.TempDir()
	release := filepath.Join(dir, "go")
	t.Cleanup(func() { os.WriteFile(release, nil, 0o644) })
	wait := Solver{Name: "waits", Argv: []string{runtest.Script(t, dir, "waits",
		`while [ ! -e `+release+` ]; do sleep 0.05; done; echo "s SATISFIABLE"; echo "v 1 -2 0"; exit 10`)}}
	quick := fakeSolver(t, dir, "sat")
	a := suite.NewInstance(runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF), "")
	b := suite.NewInstance(runtest.WriteFile(t, dir, "b.cnf", runtest.SatCNF), "")
	jobs := []Job{{&wait, &a, 1}, {&wait, &b, 1}, {&quick, &a, 1}, {&quick, &b, 1}}

	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 200}); err != nil {
		t.Fatal(err)
	}
	var (
		mu  sync.Mutex
		raw strings.Builder
	)
	read := make(chan struct{})
	go func() {
		defer close(read)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			mu.Lock()
			raw.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	shown := func() *screen {
		mu.Lock()
		defer mu.Unlock()
		return render(raw.String())
	}
	out, err := results.OpenAppender(filepath.Join(dir, "r.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	r := &Runner{Limits: Limits{Timeout: time.Minute}, Jobs: 2, Verify: true, Progress: tty, Terminal: true}
	ran := make(chan error, 1)
	go func() {
		_, err := r.Run(t.Context(), jobs, nil, out)
		ran <- err
	}()

	// The status line, with no ETA before a run has ended, and both
	// workers' runs.
	frame := regexp.MustCompile(`^satbench (\d+)s \[ {20}\] 0/4 runs  ETA \?  0 solved \(0 SAT, 0 UNSAT\)\n` +
		`1: waits on .*/[ab]\.cnf rep 1  (\d+)s\n` +
		`2: waits on .*/[ab]\.cnf rep 1  (\d+)s\n$`)
	// clocks returns the clock of the status line and of each worker's
	// line on the screen, if it shows the frame.
	clocks := func() (status, w1, w2 int, ok bool) {
		m := frame.FindStringSubmatch(strings.Join(shown().lines(), "\n") + "\n")
		if m == nil {
			return 0, 0, 0, false
		}
		status, _ = strconv.Atoi(m[1])
		w1, _ = strconv.Atoi(m[2])
		w2, _ = strconv.Atoi(m[3])
		return status, w1, w2, true
	}
	waitUntil := func(what string, f func() bool) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for !f() {
			if time.Now().After(deadline) {
				t.Fatalf("no %s on the screen after 30s:\n%s", what, shown())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	var s0, a0, b0 int
	waitUntil("frame of two running runs", func() (ok bool) {
		s0, a0, b0, ok = clocks()
		return ok
	})
	// The clock ticks while no run ends: the status line's and each
	// worker's time go on.
	waitUntil("later frame", func() bool {
		s1, a1, b1, ok := clocks()
		return ok && s1 > s0 && a1 > a0 && b1 > b0
	})
	t.Logf("a frame while the runs wait:\n%s", shown())

	if err := os.WriteFile(release, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	tty.Close()
	<-read
	final := shown().lines()
	summary := regexp.MustCompile(`^satbench: 4 runs in \d+s: 4 solved \(4 SAT, 0 UNSAT\)$`)
	if len(final) != 1 || !summary.MatchString(final[0]) {
		t.Errorf("at the end the screen shows\n%s\nwant the summary line alone", strings.Join(final, "\n"))
	}
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(raw.String(), "satbench: 4 runs in"); n != 1 {
		t.Errorf("the summary was written %d times, want once", n)
	}
}
