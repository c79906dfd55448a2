package solver

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// directRun is what the fake direct.sh recorded about one run.
type directRun struct {
	stdin, args, cnf string
}

// directFake returns the fake direct.sh as a solver of dialect d, and a
// channel of the pids of its runs, in order.
func directFake(t *testing.T, d dimacs.Dialect) (*External, chan int) {
	t.Helper()
	t.Setenv("FAKE_DIR", t.TempDir())
	e := fake(t, "direct")
	e.Dialect = d
	if d == dimacs.Minisat {
		e.Args = []string{"{cnf}", "{out}"}
	}
	pids := make(chan int, 4)
	e.started = func(pid int) { pids <- pid }
	return e, pids
}

// nextPid returns the pid of the next run of pids, failing t if none
// starts within 10 s.
func nextPid(t *testing.T, pids chan int) int {
	t.Helper()
	select {
	case pid := <-pids:
		return pid
	case <-time.After(10 * time.Second):
		t.Fatal("no solver run started")
		return 0
	}
}

// recorded returns what run pid of direct.sh recorded.
func recorded(t *testing.T, pid int) directRun {
	t.Helper()
	dir := os.Getenv("FAKE_DIR")
	log, err := os.ReadFile(filepath.Join(dir, strconv.Itoa(pid)+".log"))
	if err != nil {
		t.Fatal(err)
	}
	cnf, err := os.ReadFile(filepath.Join(dir, strconv.Itoa(pid)+".cnf"))
	if err != nil {
		t.Fatal(err)
	}
	var r directRun
	for line := range strings.Lines(string(log)) {
		line = strings.TrimSuffix(line, "\n")
		if s, ok := strings.CutPrefix(line, "stdin: "); ok {
			r.stdin = s
		} else if s, ok := strings.CutPrefix(line, "args: "); ok {
			r.args = s
		}
	}
	r.cnf = string(cnf)
	return r
}

// writeFile writes a file of the test and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// openFile opens path, closed at the end of the test.
func openFile(t *testing.T, path string) *os.File {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fh.Close() })
	return fh
}

// plainCNF is quirk-free DIMACS that is not canonical: comments, runs
// of blanks, a blank line.
const plainCNF = "c from the user\np cnf 3 2\n1  -3 0\n\n  2 3 -1 0   \nc end\n"

// TestReadStartedDirect: for a plain regular file, the solver of either
// dialect reads the user's own bytes, through a descriptor of its own on
// the same file, "/dev/stdin" in place of "{cnf}", and the first Solve
// answers from that run.
func TestReadStartedDirect(t *testing.T) {
	for _, d := range []dimacs.Dialect{dimacs.Competition, dimacs.Minisat} {
		t.Run(d.String(), func(t *testing.T) {
			e, pids := directFake(t, d)
			path := writeFile(t, "user.cnf", plainCNF)
			fh := openFile(t, path)
			f, s, err := ReadStarted(context.Background(), e, fh, path, dimacs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.(*startedRun); !ok {
				t.Fatalf("ReadStarted returned %T, want a started run", s)
			}
			if f.NumClauses() != 2 || f.Quirk() != "" {
				t.Fatalf("formula: %d clauses, quirk %q", f.NumClauses(), f.Quirk())
			}
			r, err := s.Solve(context.Background(), f, nil)
			if err != nil || r.Status != dimacs.Unknown {
				t.Fatalf("Solve = %v, %v; want the fake's UNKNOWN", r, err)
			}
			got := recorded(t, nextPid(t, pids))
			wantArgs := "/dev/stdin"
			if d == dimacs.Minisat {
				wantArgs = "/dev/stdin " + filepath.Join(e.TempDir, "pipesat-")
			}
			if got.stdin != path || !strings.HasPrefix(got.args, wantArgs) || got.cnf != plainCNF {
				t.Errorf("the solver read %q from stdin %q with args %q; want %q from %q with args %q...", got.cnf, got.stdin, got.args, plainCNF, path, wantArgs)
			}
			if d == dimacs.Minisat && !strings.HasSuffix(got.args, ".result") {
				t.Errorf("args %q: want a result file", got.args)
			}
			if left, _ := os.ReadDir(e.TempDir); len(left) != 0 {
				t.Errorf("temporary files left: %v", left)
			}
			select {
			case pid := <-pids:
				t.Errorf("a second run %d", pid)
			default:
			}
		})
	}
}

// TestReadStartedDirectSameInode: the solver reads the file that was
// opened even if its name now means another file.
func TestReadStartedDirectSameInode(t *testing.T) {
	e, pids := directFake(t, dimacs.Competition)
	path := writeFile(t, "user.cnf", plainCNF)
	fh := openFile(t, path)
	other := writeFile(t, "other.cnf", "p cnf 1 2\n1 0\n-1 0\n")
	if err := os.Rename(other, path); err != nil {
		t.Fatal(err)
	}
	f, s, err := ReadStarted(context.Background(), e, fh, path, dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(context.Background(), f, nil); err != nil {
		t.Fatal(err)
	}
	if got := recorded(t, nextPid(t, pids)); got.cnf != plainCNF || f.NumClauses() != 2 {
		t.Errorf("the solver read %q (we %d clauses), want %q", got.cnf, f.NumClauses(), plainCNF)
	}
}

// TestReadStartedQuirks: a file a solver may read differently from
// dimacs.Read starts the solver on it, but that run is stopped before
// ReadStarted returns the solver itself, whose Solve writes the
// canonical CNF.
func TestReadStartedQuirks(t *testing.T) {
	tests := []struct {
		name, in, quirk, canonical string
	}{
		{"satlib", "p cnf 2 1\n1 2 0\n%\n0\n", `line 3: SATLIB "%" trailer`, "p cnf 2 1\n1 2 0\n"},
		{"crlf", "p cnf 2 1\r\n1 2 0\r\n", "line 1: CR line end", "p cnf 2 1\n1 2 0\n"},
		{"leading zeros", "p cnf 2 1\n01 -002 0\n", `line 2: literal "01" with leading zeros`, "p cnf 2 1\n1 -2 0\n"},
		{"double zero", "p cnf 2 1\n1 2 00\n", `line 2: literal "00" with leading zeros`, "p cnf 2 1\n1 2 0\n"},
		{"comment in clause", "p cnf 2 1\n1\nc x\n2 0\n", "line 3: comment inside the clause of line 2", "p cnf 2 1\n1 2 0\n"},
		{"0xFF in a comment", "p cnf 2 2\n1 0\nc \xff\n2 0\n", "line 3: byte 0xFF in a comment", "p cnf 2 2\n1 0\n2 0\n"},
		{"clause goes on", "p cnf 2 1\n1\n2 0\n", "line 3: the clause of line 2 ends here", "p cnf 2 1\n1 2 0\n"},
		{"two clauses on a line", "p cnf 2 2\n1 0 2 0\n", "line 2: a second clause on the line", "p cnf 2 2\n1 0\n2 0\n"},
		{"tab", "p cnf 2 1\n1\t2 0\n", "line 2: tab outside a comment", "p cnf 2 1\n1 2 0\n"},
		{"header", "p cnf  2 1\n1 2 0\n", `line 1: header "p cnf  2 1" is not "p cnf VARS CLAUSES" with single spaces`, "p cnf 2 1\n1 2 0\n"},
		{"blank before header", " p cnf 2 1\n1 2 0\n", "line 1: blank at the start of a line before the header", "p cnf 2 1\n1 2 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, pids := directFake(t, dimacs.Competition)
			path := writeFile(t, "user.cnf", tt.in)
			f, s, err := ReadStarted(context.Background(), e, openFile(t, path), path, dimacs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if f.Quirk() != tt.quirk {
				t.Errorf("Quirk() = %q, want %q", f.Quirk(), tt.quirk)
			}
			if s != Solver(e) {
				t.Fatalf("ReadStarted returned %T, want the solver itself", s)
			}
			direct := nextPid(t, pids)
			if !gone(t, direct, true) {
				t.Errorf("the direct run %d still runs", direct)
			}
			if _, err := s.Solve(context.Background(), f, nil); err != nil {
				t.Fatal(err)
			}
			got := recorded(t, nextPid(t, pids))
			if got.cnf != tt.canonical || got.stdin != "/dev/null" || !strings.HasPrefix(got.args, filepath.Join(e.TempDir, "pipesat-")) {
				t.Errorf("the solver read %q from %q, stdin %q; want the canonical %q", got.cnf, got.args, got.stdin, tt.canonical)
			}
		})
	}
}

// TestReadStartedNotDirect: compressed files, files not read from their
// start, pipes and relaxed reading never start the solver on the user's
// bytes: a file-only solver gets the canonical CNF from Solve.
func TestReadStartedNotDirect(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(plainCNF))
	zw.Close()
	// Canonical: no comments (Formula.WriteCNF), as ReadTee writes it.
	const canonical = "p cnf 3 2\n1 -3 0\n2 3 -1 0\n"
	tests := []struct {
		name string
		in   func(t *testing.T) io.Reader
		opts dimacs.Options
		want string
	}{
		{"gzip", func(t *testing.T) io.Reader {
			return openFile(t, writeFile(t, "user.cnf", gz.String()))
		}, dimacs.Options{}, canonical},
		{"offset", func(t *testing.T) io.Reader {
			fh := openFile(t, writeFile(t, "user.cnf", "c skipped\n"+plainCNF))
			if _, err := fh.Seek(10, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			return fh
		}, dimacs.Options{}, canonical},
		{"pipe", func(t *testing.T) io.Reader {
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
		}, dimacs.Options{}, canonical},
		{"relaxed", func(t *testing.T) io.Reader {
			return openFile(t, writeFile(t, "user.cnf", "p cnf 3 9\n1 -3 0\n2 3 -1 0\n"))
		}, dimacs.Options{Relaxed: true}, "p cnf 3 2\n1 -3 0\n2 3 -1 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, pids := directFake(t, dimacs.Competition)
			f, s, err := ReadStarted(context.Background(), e, tt.in(t), "in", tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if s != Solver(e) {
				t.Fatalf("ReadStarted returned %T, want the solver itself", s)
			}
			select {
			case pid := <-pids:
				t.Fatalf("a run %d started while reading", pid)
			default:
			}
			if _, err := s.Solve(context.Background(), f, nil); err != nil {
				t.Fatal(err)
			}
			if got := recorded(t, nextPid(t, pids)); got.cnf != tt.want {
				t.Errorf("the solver read %q, want %q", got.cnf, tt.want)
			}
		})
	}
}

// TestReadStartedDirectStdinSolver: a solver that reads standard input
// also gets the user's file, not the canonical text through a pipe.
func TestReadStartedDirectStdinSolver(t *testing.T) {
	path := writeFile(t, "user.cnf", plainCNF)
	got, err := stdinFakeReads(t, openFile(t, path), path)
	if err != nil {
		t.Fatal(err)
	}
	if got != plainCNF {
		t.Errorf("the solver read %q, want the user's %q", got, plainCNF)
	}
}

// TestReadStartedDirectParseError: a malformed file stops the solver
// started on it (and its group) before ReadStarted returns the error.
func TestReadStartedDirectParseError(t *testing.T) {
	e, pids := hangingFake(t, false)
	path := writeFile(t, "bad.cnf", "p cnf 2 2\n1 -0 0\n")
	_, _, err := ReadStarted(context.Background(), e, openFile(t, path), "bad.cnf", dimacs.Options{})
	if err == nil || err.Error() != `bad.cnf:2:3: "-0" is not a literal` {
		t.Fatalf("err = %v", err)
	}
	stoppedAfterError(t, pids)
}

// TestReadStartedDirectRealSolvers: each installed solver, called by its
// name (Lookup) and through a wrapper that shows what it was given, reads
// the user's file itself and answers as it should.
func TestReadStartedDirectRealSolvers(t *testing.T) {
	wrap, err := filepath.Abs(filepath.Join("testdata", "fake", "wrap.sh"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"minisat", "picosat", "cadical", "cryptominisat5"} {
		t.Run(name, func(t *testing.T) {
			path := testenv.Solver(t, name)
			byName, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			k, _ := FindKnown(name)
			wrapLog := filepath.Join(t.TempDir(), "wrap.log")
			t.Setenv("FAKE_WRAP_LOG", wrapLog)
			wrapped := &External{Label: name, Path: wrap, Args: append([]string{path}, k.Args...), Dialect: k.Dialect, ExitCodes: k.ExitCodes, TempDir: t.TempDir()}
			for _, file := range []string{"small-sat.cnf", "small-unsat.cnf"} {
				cnf, err := filepath.Abs(filepath.Join("..", "testdata", "cnf", file))
				if err != nil {
					t.Fatal(err)
				}
				want := dimacs.Sat
				if file == "small-unsat.cnf" {
					want = dimacs.Unsat
				}
				for _, s0 := range []Solver{byName, wrapped} {
					os.Remove(wrapLog)
					s := solveStarted(t, s0, openFile(t, cnf), file, want)
					if _, ok := s.(*startedRun); !ok {
						t.Fatalf("%s: ReadStarted returned %T, want a started run", file, s)
					}
					if s0 == Solver(wrapped) {
						log, err := os.ReadFile(wrapLog)
						if err != nil {
							t.Fatal(err)
						}
						if !strings.HasPrefix(string(log), "stdin: "+cnf+"\n") || !strings.Contains(string(log), " /dev/stdin") {
							t.Errorf("%s: the solver was run as %q, want %s on stdin and /dev/stdin", file, log, cnf)
						}
					}
				}
			}
		})
	}
}

// TestReadStartedNamedCNF: a --solver-cmd program satrun does not know
// that takes {cnf} may look at the file's name, so it gets the canonical
// temporary file by name, never the user's file as /dev/stdin; one that
// reads standard input, or a known solver, gets the user's file.
func TestReadStartedNamedCNF(t *testing.T) {
	e, pids := directFake(t, dimacs.Competition)
	c, err := Command(e.Path+" {cnf}", dimacs.Competition)
	if err != nil {
		t.Fatal(err)
	}
	if !c.NamedCNF {
		t.Fatal("Command with {cnf}: NamedCNF is false")
	}
	if s, err := Command("sh -c true", dimacs.Competition); err != nil || s.NamedCNF {
		t.Errorf("Command without {cnf}: NamedCNF %v, %v", s.NamedCNF, err)
	}
	c.started, c.TempDir, c.Grace = e.started, e.TempDir, e.Grace
	f, s, err := ReadStarted(context.Background(), c, openFile(t, writeFile(t, "user.cnf", plainCNF)), "in", dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s != Solver(c) {
		t.Fatalf("ReadStarted returned %T, want the solver itself", s)
	}
	if _, err := s.Solve(context.Background(), f, nil); err != nil {
		t.Fatal(err)
	}
	got := recorded(t, nextPid(t, pids))
	if !strings.Contains(got.args, "/pipesat-") || !strings.HasSuffix(got.args, ".cnf") || got.cnf != "p cnf 3 2\n1 -3 0\n2 3 -1 0\n" {
		t.Errorf("the program got %q holding %q, want a pipesat-*.cnf file with the canonical text", got.args, got.cnf)
	}
}
