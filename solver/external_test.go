package solver

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/testenv"
)

// readCNF reads a CNF file of the repository's testdata/cnf.
func readCNF(t testing.TB, name string) *dimacs.Formula {
	t.Helper()
	fh, err := os.Open(filepath.Join("..", "testdata", "cnf", name))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := dimacs.Read(fh, name, dimacs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// fake returns the fake solver testdata/fake/NAME.sh called with the CNF
// file as argument, short grace, temporary files in a directory of the test.
func fake(t testing.TB, name string) *External {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", "fake", name+".sh"))
	if err != nil {
		t.Fatal(err)
	}
	return &External{Label: name, Path: p, Args: []string{"{cnf}"}, Grace: 300 * time.Millisecond, TempDir: t.TempDir()}
}

func TestExternalErrors(t *testing.T) {
	small := readCNF(t, "small-sat.cnf")
	tests := []struct {
		fake    string
		want    dimacs.Status
		wantErr string // prefix
	}{
		{fake: "crash", wantErr: "crash: killed by signal 11 (segmentation fault)"},
		{fake: "garbage", wantErr: "garbage: printed no answer (exit status 0)"},
		{fake: "silent", wantErr: "silent: printed no answer (exit status 0)"},
		{fake: "badv", wantErr: "badv: badv output:2:"},
		{fake: "badexit", wantErr: "badexit: exit status 3"},
		{fake: "contradict", wantErr: `contradict: answered "s UNSATISFIABLE" but exited 10`},
		{fake: "unknown", want: dimacs.Unknown},
		{fake: "sigpipe", want: dimacs.Unsat},
		{fake: "lie", want: dimacs.Sat}, // Solve does not check; Enumerate does
	}
	for _, tt := range tests {
		t.Run(tt.fake, func(t *testing.T) {
			s := fake(t, tt.fake)
			r, err := s.Solve(context.Background(), small, nil)
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q...", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tt.want {
				t.Fatalf("status %v, want %v", r.Status, tt.want)
			}
			if left, _ := os.ReadDir(s.TempDir); len(left) != 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

func TestLiarIsCaught(t *testing.T) {
	small := readCNF(t, "small-sat.cnf")
	_, err := Enumerate(context.Background(), fake(t, "lie"), small, EnumOptions{Max: 1, Verify: true}, func(dimacs.Model) error { return nil })
	want := "lie: model check: clause 1 (line 2) falsified: 1 -3 0"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
	// Without verification the lie goes through.
	e, err := Enumerate(context.Background(), fake(t, "lie"), small, EnumOptions{Max: 1}, func(dimacs.Model) error { return nil })
	if err != nil || e.Models != 1 {
		t.Fatalf("--no-verify: %v, %d models", err, e.Models)
	}
}

// gone waits, up to a minute, for the process pid (or every process of
// the group pid, with group true) to be dead: the bound only stops a
// broken test, a loaded machine may take seconds. A zombie counts as dead:
// once orphaned it is PID 1's to reap, which may take its time.
func gone(t *testing.T, pid int, group bool) bool {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if !alive(pid, group) {
			return true
		}
	}
	return false
}

// alive reports whether a live process has the given pid or, with group
// true, process group.
func alive(pid int, group bool) bool {
	for _, p := range testenv.Procs() {
		if group && p.Pgrp == pid || !group && p.Pid == pid {
			return true
		}
	}
	return false
}

// TestTimeoutLeavesNoProcess: a solver whose context ends is stopped with
// all its processes. The context ends 100 ms after the fake has listed its
// processes in $FAKE_PIDFILE (so after "fork" has forked and "noterm" has
// set its trap), however long a loaded machine takes to start it.
func TestTimeoutLeavesNoProcess(t *testing.T) {
	small := readCNF(t, "small-sat.cnf")
	for _, c := range []struct {
		name string
		pids int // the number of pids the fake lists when it is ready
	}{{"hang", 1}, {"noterm", 1}, {"fork", 2}} {
		t.Run(c.name, func(t *testing.T) {
			pidfile := filepath.Join(t.TempDir(), "pids")
			t.Setenv("FAKE_PIDFILE", pidfile)
			testenv.KillListedAtEnd(t, pidfile)
			s := fake(t, c.name)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var pid int
			s.started = func(p int) {
				pid = p
				waitPids(t, pidfile, c.pids)
				time.AfterFunc(100*time.Millisecond, cancel)
			}
			start := time.Now()
			r, err := s.Solve(ctx, small, nil)
			el := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != dimacs.Unknown {
				t.Fatalf("status %v, want UNKNOWN", r.Status)
			}
			if c.name == "noterm" && el < s.Grace {
				t.Errorf("returned after %v: before SIGKILL could have been needed", el)
			}
			if !gone(t, pid, true) {
				t.Errorf("process group %d still has processes", pid)
			}
			for _, p := range testenv.Pids(t, pidfile) {
				if !gone(t, p, false) {
					t.Errorf("process %d (listed by the solver) still runs", p)
				}
			}
		})
	}
}

// waitPids waits, up to a minute, until the file at path lists n pids.
func waitPids(t *testing.T, path string, n int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil && len(strings.Fields(string(b))) >= n && strings.HasSuffix(string(b), "\n") {
			return
		}
	}
	t.Errorf("%s does not list %d pids after a minute", path, n)
}

func TestOrphanIsKilled(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pids")
	t.Setenv("FAKE_PIDFILE", pidfile)
	r, err := fake(t, "orphan").Solve(context.Background(), readCNF(t, "small-unsat.cnf"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != dimacs.Unsat {
		t.Fatalf("status %v, want UNSATISFIABLE", r.Status)
	}
	for _, p := range testenv.Pids(t, pidfile) {
		if !gone(t, p, false) {
			t.Errorf("child %d of the solver outlived it", p)
		}
	}
}

func TestMegabyteVLine(t *testing.T) {
	f := &dimacs.Formula{Vars: 200000}
	f.AddClause(1, -200000)
	f.AddClause(200000)
	var out []byte
	s := fake(t, "bigv")
	s.KeepOutput = true
	r, err := s.Solve(context.Background(), f, nil)
	if err != nil {
		t.Fatal(err)
	}
	out = r.Output
	if len(out) < 1<<20 {
		t.Fatalf("the fake printed only %d bytes", len(out))
	}
	if r.Status != dimacs.Sat || r.Model.Vars() != 200000 {
		t.Fatalf("status %v, model over %d variables", r.Status, r.Model.Vars())
	}
	if err := f.Check(r.Model); err != nil {
		t.Fatal(err)
	}
}

func TestStdinGetsCanonicalCNF(t *testing.T) {
	f := readCNF(t, "small-sat.cnf")
	copyFile := filepath.Join(t.TempDir(), "copy.cnf")
	t.Setenv("FAKE_COPY", copyFile)
	s := fake(t, "stdin")
	s.Args = nil
	if _, err := s.Solve(context.Background(), f, []int{-2}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(copyFile)
	if err != nil {
		t.Fatal(err)
	}
	want := "p cnf 3 3\n1 -3 0\n2 3 -1 0\n-2 0\n"
	if string(got) != want {
		t.Fatalf("the solver read\n%s\nwant\n%s", got, want)
	}
}

func TestMinisatDialect(t *testing.T) {
	f := readCNF(t, "small-sat.cnf")
	dir := t.TempDir()
	tests := []struct {
		result, exit string
		want         dimacs.Status
		model        string
		wantErr      string
	}{
		{result: "SAT\n1 2 -3 0\n", exit: "10", want: dimacs.Sat, model: "[0 1 1 -1]"},
		{result: "UNSAT\n", exit: "20", want: dimacs.Unsat},
		{result: "INDET\n", exit: "0", want: dimacs.Unknown},
		{result: "", exit: "1", wantErr: "minisat: exit status 1"},
		{result: "", exit: "10", wantErr: "minisat: printed no answer (exit status 10)"},
	}
	for i, tt := range tests {
		res := filepath.Join(dir, strconv.Itoa(i))
		os.WriteFile(res, []byte(tt.result), 0o666)
		t.Setenv("FAKE_RESULT", res)
		t.Setenv("FAKE_EXIT", tt.exit)
		s := fake(t, "minisat")
		s.Label = "minisat"
		s.Args = nil
		s.Dialect = dimacs.Minisat
		s.KeepOutput = true
		r, err := s.Solve(context.Background(), f, nil)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("%q: error %v, want %q", tt.result, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.result, err)
			continue
		}
		if r.Status != tt.want {
			t.Errorf("%q: status %v, want %v", tt.result, r.Status, tt.want)
		}
		if tt.model != "" && fmtModel(r.Model) != tt.model {
			t.Errorf("%q: model %v, want %s", tt.result, r.Model, tt.model)
		}
		// "minisat.sh in.cnf out.txt": both appended, both temporary.
		args := strings.Fields(strings.TrimPrefix(strings.TrimSpace(string(r.Output)), "args: "))
		if len(args) != 2 || !strings.HasSuffix(args[0], ".cnf") || !strings.HasSuffix(args[1], ".result") {
			t.Errorf("arguments %q, want a .cnf and a .result file", args)
		}
	}
}

func fmtModel(m dimacs.Model) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, v := range m {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(v)))
	}
	b.WriteByte(']')
	return b.String()
}

// TestIgnoredSIGINT runs this test binary again with SIGINT ignored, as a
// background job of a non-interactive shell would be, to check that the
// solver still gets SIGINT's default.
func TestIgnoredSIGINT(t *testing.T) {
	if os.Getenv("PIPESAT_SIGINT_HELPER") == "1" {
		sigintHelper(t)
		return
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	cmd := exec.Command(sh, "-c", `trap '' INT; exec "$0" -test.run='^TestIgnoredSIGINT$' -test.v`, os.Args[0])
	cmd.Env = append(os.Environ(), "PIPESAT_SIGINT_HELPER=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS") {
		t.Fatalf("helper: %v\n%s", err, out)
	}
}

func sigintHelper(t *testing.T) {
	if !ignored(t, os.Getpid()) {
		t.Fatal("the helper does not ignore SIGINT: the test is broken")
	}
	for i := 0; i < 2; i++ { // twice: the first Solve must not lose the setting
		s := fake(t, "sigign")
		s.KeepOutput = true
		r, err := s.Solve(context.Background(), readCNF(t, "small-sat.cnf"), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, hex, ok := strings.Cut(string(r.Output), "SigIgn:")
		if !ok {
			t.Fatalf("no SigIgn in %q", r.Output)
		}
		mask, err := strconv.ParseUint(strings.Fields(hex)[0], 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		if mask&(1<<(syscall.SIGINT-1)) != 0 {
			t.Fatalf("run %d: the solver ignores SIGINT (SigIgn %x)", i+1, mask)
		}
		if !ignored(t, os.Getpid()) {
			t.Fatalf("run %d: we no longer ignore SIGINT", i+1)
		}
	}
}

func ignored(t *testing.T, pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Skip("no /proc")
	}
	_, hex, _ := strings.Cut(string(b), "SigIgn:")
	mask, _ := strconv.ParseUint(strings.Fields(hex)[0], 16, 64)
	return mask&(1<<(syscall.SIGINT-1)) != 0
}

func TestNoLeakedFiles(t *testing.T) {
	fds := func() int {
		es, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(es)
	}
	f := readCNF(t, "small-sat.cnf")
	t.Setenv("FAKE_PIDFILE", filepath.Join(t.TempDir(), "pids"))
	before := fds()
	for _, name := range []string{"lie", "crash", "garbage", "sigpipe", "orphan", "hang"} {
		s := fake(t, name)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		s.Solve(ctx, f, nil)
		cancel()
		if left, _ := os.ReadDir(s.TempDir); len(left) != 0 {
			t.Errorf("%s: temporary files left: %v", name, left)
		}
	}
	if after := fds(); after != before {
		t.Errorf("%d open files before, %d after", before, after)
	}
}
