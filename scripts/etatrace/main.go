// Command etatrace runs a command on a pseudo-terminal, as a person would
// see it, and measures the ETA that its progress display shows against the
// time that was really left.
//
// Usage:
//
//	go run ./scripts/etatrace [-raw FILE] [-cols N] -- COMMAND [ARG...]
//
// Every chunk the command writes is timestamped when it arrives. The
// output is cut into frames at carriage returns and newlines (escape
// sequences removed), and a frame that shows both a count of runs
// ("48/120 runs", or "(48/120)" as schollz/progressbar draws it) and an
// ETA ("ETA 3m05s", or progressbar's "[elapsed:ETA]") is a reading. For
// every 5% of runs done, the first reading at or past it is printed with
// the time really left (the command's exit minus the reading's time) and
// the error, (shown - left) / left. The last line gives the largest error
// from 20% done on, the measure.
//
// scripts/eta.sh builds the mixed suite and runs this on satbench.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"time"

	"github.com/creack/pty"
)

func main() {
	raw := flag.String("raw", "", "write what the command wrote, as it wrote it, to `FILE`")
	cols := flag.Int("cols", 120, "terminal width")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: etatrace [-raw FILE] [-cols N] -- COMMAND [ARG...]")
		os.Exit(2)
	}
	if err := run(flag.Args(), *raw, *cols); err != nil {
		fmt.Fprintln(os.Stderr, "etatrace:", err)
		os.Exit(1)
	}
}

// chunk is what one read from the terminal returned, and when.
type chunk struct {
	at   time.Duration
	text []byte
}

func run(argv []string, raw string, cols int) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	start := time.Now()
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: uint16(cols)})
	if err != nil {
		return err
	}
	var chunks []chunk
	buf := make([]byte, 64<<10)
	for {
		n, err := tty.Read(buf)
		if n > 0 {
			chunks = append(chunks, chunk{time.Since(start), bytes.Clone(buf[:n])})
		}
		if err != nil {
			break // EIO once the command and its children closed the terminal
		}
	}
	werr := cmd.Wait()
	end := time.Since(start)
	tty.Close()
	if raw != "" {
		var all []byte
		for _, c := range chunks {
			all = append(all, c.text...)
		}
		if err := os.WriteFile(raw, all, 0o644); err != nil {
			return err
		}
	}
	if werr != nil {
		var ee *exec.ExitError
		if !errors.As(werr, &ee) {
			return werr
		}
		fmt.Printf("# %s exited %d\n", argv[0], ee.ExitCode())
	}
	report(os.Stdout, readings(chunks), end)
	return nil
}

// reading is an ETA shown at a time, with the runs done then.
type reading struct {
	at          time.Duration
	done, total int
	eta         time.Duration
}

var (
	escape = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)
	count  = regexp.MustCompile(`\(?(\d+)/(\d+)(?:\)| runs)`)
	// "ETA 3m05s" (satbench), "[1m2s:51s]" (schollz/progressbar).
	eta = regexp.MustCompile(`ETA ([0-9hms.]+)|\[[^\]:]+:([^\]]+)\]`)
)

// readings cuts the chunks into frames and returns those that show a
// count of runs and an ETA, in order.
func readings(chunks []chunk) []reading {
	var out []reading
	var line []byte
	flush := func(at time.Duration) {
		s := escape.ReplaceAllString(string(line), "")
		line = line[:0]
		c := count.FindStringSubmatch(s)
		e := eta.FindStringSubmatch(s)
		if c == nil || e == nil {
			return
		}
		d, err := time.ParseDuration(e[1] + e[2])
		if err != nil {
			return
		}
		done, _ := strconv.Atoi(c[1])
		total, _ := strconv.Atoi(c[2])
		out = append(out, reading{at, done, total, d})
	}
	for _, c := range chunks {
		for _, b := range c.text {
			if b == '\r' || b == '\n' {
				flush(c.at)
				continue
			}
			line = append(line, b)
		}
	}
	return out
}

// report prints, for every 5% of runs done, the first reading at or past
// it against the time left until end.
func report(w io.Writer, rs []reading, end time.Duration) {
	fmt.Fprintf(w, "%5s %9s %9s %9s %9s %7s\n", "done", "runs", "elapsed", "ETA", "left", "error")
	worst := 0.0
	next := 0
	for p := 5; p < 100; p += 5 {
		for next < len(rs) && rs[next].done*100 < p*rs[next].total {
			next++
		}
		if next == len(rs) {
			break
		}
		r := rs[next]
		left := end - r.at
		e := float64(r.eta-left) / float64(left) * 100
		if p >= 20 {
			worst = max(worst, math.Abs(e))
		}
		fmt.Fprintf(w, "%4d%% %9s %9s %9s %9s %+6.0f%%\n", p, fmt.Sprintf("%d/%d", r.done, r.total),
			short(r.at), short(r.eta), short(left), e)
	}
	fmt.Fprintf(w, "total %s; largest |error| from 20%% done: %.0f%%\n", short(end), worst)
}

func short(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%dm%02ds", s/60, s%60)
}
