package solver

import (
	"bytes"
	"compress/gzip"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// teeFake returns the fake direct.sh as a solver reading standard input
// (the tee path: no "{cnf}" argument given), and the channel of its pids.
func teeFake(t *testing.T) (*External, chan int) {
	t.Helper()
	e, pids := directFake(t, dimacs.Competition)
	e.Stdin = true
	return e, pids
}

// bigCNF returns a quirk-free CNF of about size bytes with comments and
// group lines among its clauses, as nono2cnf --presolve=false writes.
func bigCNF(size int) string {
	r := rand.New(rand.NewPCG(3, 4))
	var clauses []string
	n := 0
	for n < size {
		var b []byte
		for range 1 + r.IntN(5) {
			b = strconv.AppendInt(b, int64(1+r.IntN(5000))*int64(1-2*r.IntN(2)), 10)
			b = append(b, ' ')
		}
		clauses = append(clauses, string(b)+"0\n")
		n += len(b) + 2
	}
	var s strings.Builder
	s.WriteString("c pipesat nonogram 3 3\nc varname 1 r1c1\np cnf 5000 " + strconv.Itoa(len(clauses)) + "\n")
	for i, c := range clauses {
		if i%1000 == 0 {
			s.WriteString("c pipesat group " + strconv.Itoa(1+i/1000) + " row\n")
		}
		s.WriteString(c)
	}
	return s.String()
}

// TestReadStartedTee: from a pipe, a solver reading standard input gets
// the input's own bytes, comments and all, through tee(2), whatever the
// pieces they come in; the formula is dimacs.Read's, and the first Solve
// answers from that run.
func TestReadStartedTee(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		chunk    int
	}{
		{"plain", plainCNF, 1 << 20},
		{"bytes one by one", plainCNF, 1},
		{"3 MB", bigCNF(3 << 20), 1 << 20},
		{"3 MB in odd pieces", bigCNF(3 << 20), 4093},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, pids := teeFake(t)
			f, s, err := ReadStarted(context.Background(), e, testenv.BlockingPipe(t, tt.in, tt.chunk), "in", dimacs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.(*startedRun); !ok {
				t.Fatalf("ReadStarted returned %T, want a started run", s)
			}
			want, err := dimacs.Read(strings.NewReader(tt.in), "in", dimacs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got, wantText bytes.Buffer
			f.WriteTo(&got)
			want.WriteTo(&wantText)
			if got.String() != wantText.String() {
				t.Fatal("the formula read differs from dimacs.Read's")
			}
			r, err := s.Solve(context.Background(), f, nil)
			if err != nil || r.Status != dimacs.Unknown {
				t.Fatalf("Solve = %v, %v; want the fake's UNKNOWN", r, err)
			}
			run := recorded(t, nextPid(t, pids))
			if run.cnf != tt.in || run.args != "" || !strings.HasPrefix(run.stdin, "pipe:") {
				t.Errorf("the solver read %d bytes (same: %v) from stdin %q with args %q; want the input's %d bytes from a pipe, no args", len(run.cnf), run.cnf == tt.in, run.stdin, run.args, len(tt.in))
			}
			select {
			case pid := <-pids:
				t.Errorf("a second run %d", pid)
			default:
			}
		})
	}
}

// TestReadStartedTeeNot: from a pipe, input a solver may read differently
// (a quirk) stops the run on its bytes, and the solver itself, returned,
// gets the canonical CNF; compressed input is copied as the canonical CNF
// (dimacs.ReadTee) to the started run; so is a pipe in non-blocking mode.
func TestReadStartedTeeNot(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(plainCNF))
	zw.Close()
	const canonical = "p cnf 3 2\n1 -3 0\n2 3 -1 0\n"

	for _, q := range []struct{ in, quirk string }{
		{"p cnf 3 2\r\n1 -3 0\r\n2 3 -1 0\r\n", "line 1: CR line end"},
		{"c --elim=false\np cnf 3 2\n1 -3 0\n2 3 -1 0\n", `line 1: comment "c --elim=false" that a solver may read as an option`},
	} {
		t.Run("quirk "+q.quirk, func(t *testing.T) {
			e, pids := teeFake(t)
			f, s, err := ReadStarted(context.Background(), e, testenv.BlockingPipe(t, q.in, 5), "in", dimacs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if s != Solver(e) || f.Quirk() != q.quirk {
				t.Fatalf("ReadStarted returned %T, quirk %q; want the solver itself and %q", s, f.Quirk(), q.quirk)
			}
			if first := nextPid(t, pids); !gone(t, first, true) {
				t.Errorf("the run on the input's bytes %d still runs", first)
			}
			if _, err := s.Solve(context.Background(), f, nil); err != nil {
				t.Fatal(err)
			}
			if got := recorded(t, nextPid(t, pids)); got.cnf != canonical || got.stdin != "/dev/null" {
				t.Errorf("the solver read %q from stdin %q, args %q; want the canonical %q from a file", got.cnf, got.stdin, got.args, canonical)
			}
		})
	}
	for _, tt := range []struct {
		name string
		in   func(t *testing.T) *os.File
	}{
		{"gzip", func(t *testing.T) *os.File { return testenv.BlockingPipe(t, gz.String(), 3) }},
		{"short gzip", func(t *testing.T) *os.File { return testenv.BlockingPipe(t, gz.String()[:5], 3) }},
		{"non-blocking", func(t *testing.T) *os.File {
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			go func() {
				pw.WriteString(plainCNF)
				pw.Close()
			}()
			t.Cleanup(func() { pr.Close() })
			return pr
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := stdinFakeReads(t, tt.in(t), "in")
			if tt.name == "short gzip" {
				if err == nil || !strings.HasPrefix(err.Error(), "in: gzip: ") {
					t.Fatalf("err = %v, want a gzip error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != canonical {
				t.Errorf("the solver read %q, want the canonical %q", got, canonical)
			}
		})
	}
}

// TestReadStartedTeeParseError: a malformed input on a pipe stops the
// started solver before ReadStarted returns the parse error.
func TestReadStartedTeeParseError(t *testing.T) {
	e, pids := hangingFake(t, true)
	in := "c head\np cnf 2 2\n" + strings.Repeat("1 2 0\n", 100000)[:300000] + "1 -0 0\n"
	_, _, err := ReadStarted(context.Background(), e, testenv.BlockingPipe(t, in, 1000), "in", dimacs.Options{})
	if err == nil || !strings.Contains(err.Error(), `more clauses than the header's 2`) {
		t.Fatalf("err = %v", err)
	}
	stoppedAfterError(t, pids)
}

// TestReadStartedTeeSolverGone: a solver that ends without reading its
// input neither stops the parse nor makes it fail: its answer is the
// started run's.
func TestReadStartedTeeSolverGone(t *testing.T) {
	e := fake(t, "unknown")
	e.Stdin = true
	in := bigCNF(2 << 20)
	f, s, err := ReadStarted(context.Background(), e, testenv.BlockingPipe(t, in, 1<<16), "in", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := dimacs.Read(strings.NewReader(in), "in", dimacs.Options{})
	if f.NumClauses() != want.NumClauses() || f.NumLits() != want.NumLits() {
		t.Fatalf("read %d clauses, %d literals; want %d, %d", f.NumClauses(), f.NumLits(), want.NumClauses(), want.NumLits())
	}
	if r, err := s.Solve(context.Background(), f, nil); err != nil || r.Status != dimacs.Unknown {
		t.Fatalf("Solve = %v, %v; want the fake's UNKNOWN", r, err)
	}
}

// TestReadStartedTeeRealSolvers: each installed stdin solver answers the
// same from a pipe, reading the input's own bytes with their comments and
// group lines, as from the canonical CNF: a verified model, or UNSAT.
func TestReadStartedTeeRealSolvers(t *testing.T) {
	for _, name := range []string{"kissat", "cadical", "cryptominisat5", "picosat", "glucose", "lingeling"} {
		t.Run(name, func(t *testing.T) {
			testenv.Solver(t, name)
			s0, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, tt := range []struct {
				file string
				want dimacs.Status
			}{{"small-sat.cnf", dimacs.Sat}, {"small-unsat.cnf", dimacs.Unsat}, {"free3.cnf", dimacs.Sat}} {
				b, err := os.ReadFile(filepath.Join("..", "testdata", "cnf", tt.file))
				if err != nil {
					t.Fatal(err)
				}
				in := "c pipesat nonogram 2 2\nc a comment\n" + string(b) + "c pipesat group 1 row 1\nc the end\n"
				s := solveStarted(t, s0, testenv.BlockingPipe(t, in, 7), tt.file, tt.want)
				if _, ok := s.(*startedRun); !ok {
					t.Errorf("%s: ReadStarted returned %T, want a started run", tt.file, s)
				}
			}
		})
	}
}

// TestReadStartedTeeStuck: when ctx ends while the pipe's writer is stuck
// (it neither writes nor closes), before the first bytes or after some,
// ReadStarted returns ctx's error at once, as dimacs.Parse says it, and
// stops the started solver; the read or tee still waiting does not hold
// it.
func TestReadStartedTeeStuck(t *testing.T) {
	for _, written := range []string{"", "p c", "p cnf 2 1\n1 "} {
		t.Run(strconv.Quote(written), func(t *testing.T) {
			e, pids := hangingFake(t, true)
			var fds [2]int
			if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
				t.Fatal(err)
			}
			r, w := os.NewFile(uintptr(fds[0]), "pipe"), os.NewFile(uintptr(fds[1]), "pipe")
			defer r.Close()
			defer w.Close() // only at the end: until then the writer is stuck
			w.WriteString(written)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				_, _, err := ReadStarted(ctx, e, r, "in", dimacs.Options{Context: ctx})
				done <- err
			}()
			pid := 0
			if len(written) >= 8 {
				pid = <-pids // the solver starts once the head is read
			} else {
				// Where wchan is hidden, the read is not seen: ctx ends
				// at once, perhaps before it.
				for deadline := time.Now().Add(time.Minute); testenv.WchanShown() && time.Now().Before(deadline) && !readingPipe(); {
					time.Sleep(time.Millisecond)
				}
			}
			cancel()
			select {
			case err := <-done:
				if err == nil || err.Error() != "in: context canceled" {
					t.Errorf("err = %v, want \"in: context canceled\"", err)
				}
			case <-time.After(time.Minute):
				t.Fatal("ReadStarted still waits a minute after ctx ended")
			}
			if pid != 0 && !gone(t, pid, true) {
				t.Errorf("solver group %d still running after ctx ended", pid)
			}
			select {
			case pid := <-pids:
				t.Errorf("a solver %d started for a head never read", pid)
			default:
			}
		})
	}
}

// readingPipe reports whether a thread of this process waits in a read
// of a pipe ("pipe_read" in /proc/self/task/*/wchan).
func readingPipe() bool {
	tasks, _ := filepath.Glob("/proc/self/task/*/wchan")
	for _, w := range tasks {
		if b, _ := os.ReadFile(w); strings.Contains(string(b), "pipe_read") {
			return true
		}
	}
	return false
}

// BenchmarkReadStartedPipe reads a 16 MB CNF from a pipe in blocking mode
// with a started solver reading standard input (the fake stdin.sh, which
// copies it to /dev/null): "tee", the input's bytes duplicated by tee(2),
// and "copy", a non-blocking pipe, whose canonical CNF ReadStarted writes
// to the solver itself (as it did for every pipe before tee). cpu-ns/op is
// this process's CPU time (the parse, the copy or tee), not the solver's.
func BenchmarkReadStartedPipe(b *testing.B) {
	in := bigCNF(16 << 20)
	b.Setenv("FAKE_COPY", "/dev/null")
	for _, mode := range []string{"tee", "copy"} {
		b.Run(mode, func(b *testing.B) {
			e := fake(b, "stdin")
			e.Stdin = true
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			var cpu time.Duration
			for b.Loop() {
				var r *os.File
				if mode == "tee" {
					r = testenv.BlockingPipe(b, in, 1<<16)
				} else {
					pr, pw, err := os.Pipe()
					if err != nil {
						b.Fatal(err)
					}
					go func() {
						pw.WriteString(in)
						pw.Close()
					}()
					r = pr
				}
				start := selfCPU()
				f, s, err := ReadStarted(context.Background(), e, r, "in", dimacs.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.Solve(context.Background(), f, nil); err != nil {
					b.Fatal(err)
				}
				cpu += selfCPU() - start
				r.Close()
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// selfCPU returns the user and system CPU time of this process.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
