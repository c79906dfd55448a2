package run

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/measure"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/internal/testenv"
)

func fakeSolver(t *testing.T, dir, name string) Solver {
	body, ok := runtest.Fakes[name]
	if !ok {
		t.Fatalf("no fake %q", name)
	}
	return Solver{Name: name, Argv: []string{runtest.Script(t, dir, "fake-"+name, body)}}
}

func TestRunOneStatuses(t *testing.T) {
	t.Parallel() // waits on fake solvers: side by side with the others
	dir := t.TempDir()
	cnf := runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF)
	tests := []struct {
		fake, status, err  string
		verified, noVerify bool
		exact              bool // err is the whole error, not its start
		exit               int
	}{
		{fake: "sat", status: "SAT", verified: true, exit: 10},
		{fake: "unsat", status: "UNSAT", exit: 20},
		{fake: "slow", status: "TIMEOUT", exit: -1},
		{fake: "unknown", status: "UNKNOWN"},
		{fake: "crash", status: "ERROR", exit: 3, err: "solver exited 3: oops, segfault"},
		{fake: "liar", status: "ERROR", exit: 10, err: "wrong model: "},
		{fake: "mute", status: "ERROR", exit: 10, err: "exit code 10 but the output says UNKNOWN"},
		{fake: "garbage", status: "ERROR", exit: 10, err: "solver output:2:"},
		// A model cut before its final 0 is refused, even unverified.
		{fake: "cut", exact: true, status: "ERROR", exit: 10, err: "solver output:3:1: the input ends before the final 0 of the model of line 1"},
		{fake: "cutmid", exact: true, status: "ERROR", exit: 10, err: "solver output:2:7: the input ends before the final 0 of the model of line 1"},
		{fake: "cut", noVerify: true, exact: true, status: "ERROR", exit: 10, err: "solver output:3:1: the input ends before the final 0 of the model of line 1"},
	}
	for _, tt := range tests {
		// Only "slow" is to time out: the others have a minute, which a
		// loaded machine does not use up (at load 38 on 2 cores a
		// shell's start took over the 0.5 s they once had).
		timeout := time.Minute
		if tt.status == "TIMEOUT" {
			timeout = 500 * time.Millisecond
		}
		r := &Runner{Limits: Limits{Timeout: timeout, Grace: 200 * time.Millisecond}, Verify: !tt.noVerify}
		t.Run(tt.fake, func(t *testing.T) {
			s := fakeSolver(t, dir, tt.fake)
			in := suite.NewInstance(cnf, "")
			row, err := r.RunOne(t.Context(), Job{&s, &in, 1})
			if err != nil {
				t.Fatal(err)
			}
			if row.Status != tt.status || row.Verified != tt.verified || row.Exit != tt.exit || !strings.HasPrefix(row.Error, tt.err) || tt.exact && row.Error != tt.err || (tt.err == "") != (row.Error == "") {
				t.Errorf("got status %s verified %v exit %d error %q; want %s %v %d %q...", row.Status, row.Verified, row.Exit, row.Error, tt.status, tt.verified, tt.exit, tt.err)
			}
			if row.Solver != tt.fake || row.Instance != cnf || row.Rep != 1 || row.Start == "" || row.Timeout != timeout.Seconds() {
				t.Errorf("bad row identity: %+v", row)
			}
		})
	}
}

// TestPAR2FakeSolvers runs fake solvers with known times and checks the
// report's counts exactly and its times within what a busy machine adds.
func TestPAR2FakeSolvers(t *testing.T) {
	t.Parallel() // waits on fake solvers: side by side with the others
	dir := t.TempDir()
	var instances []suite.Instance
	for _, n := range []string{"a.cnf", "b.cnf"} {
		instances = append(instances, suite.NewInstance(runtest.WriteFile(t, dir, n, runtest.SatCNF), ""))
	}
	var solvers []Solver
	for _, n := range []string{"sat02", "slow", "unknown", "crash", "liar"} {
		solvers = append(solvers, fakeSolver(t, dir, n))
	}
	app, err := results.OpenAppender(filepath.Join(dir, "r.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	// sat02 must finish well inside the timeout on a loaded machine (at
	// load 15 on 2 cores its 0.2 s once took over 0.5 s, at load 32 over
	// 2 s), slow (30 s) never.
	r := &Runner{Limits: Limits{Timeout: 10 * time.Second, Grace: 100 * time.Millisecond}, Verify: true, Jobs: 2}
	rows, err := r.Run(t.Context(), Matrix(solvers, instances, 1, 7), nil, app)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 10 {
		t.Fatalf("%d rows, want 10", len(rows))
	}
	rep := score.Summarize(rows)
	got := map[string]score.SolverStats{}
	for _, s := range rep.Solvers {
		got[s.Solver] = s
	}
	want := map[string]score.SolverStats{
		"sat02":   {Solver: "sat02", Runs: 2, Solved: 2, Sat: 2},
		"slow":    {Solver: "slow", Runs: 2, Timeouts: 2, PAR2: 20, GeoMean: 20},
		"unknown": {Solver: "unknown", Runs: 2, Unknown: 2, PAR2: 20, GeoMean: 20},
		"crash":   {Solver: "crash", Runs: 2, Errors: 2, PAR2: 20, GeoMean: 20},
		"liar":    {Solver: "liar", Runs: 2, Errors: 2, PAR2: 20, GeoMean: 20},
	}
	for name, w := range want {
		g := got[name]
		if name == "sat02" {
			// 0.2 s of sleep, plus a shell's start: more on a busy
			// machine, but under the 10 s timeout (or it was not solved).
			if g.PAR2 < 0.2 || g.PAR2 >= 10 || g.Total < 0.4 || g.Total >= 20 || g.GeoMean < 0.2 || g.GeoMean >= 10 {
				t.Errorf("sat02: PAR-2 %.3f total %.3f geo-mean %.3f, want about 0.2, 0.4, 0.2", g.PAR2, g.Total, g.GeoMean)
			}
			g.PAR2, g.Total, g.GeoMean = 0, 0, 0
		} else {
			g.Total = 0
			if math.Abs(g.GeoMean-w.GeoMean) < 1e-9 { // exp(log 20) is not quite 20
				g.GeoMean = w.GeoMean
			}
		}
		if g != w {
			t.Errorf("%s: got %+v\nwant %+v", name, g, w)
		}
	}
	// sat02 solved the most, so it comes first.
	if rep.Solvers[0].Solver != "sat02" {
		t.Errorf("first solver %s, want sat02", rep.Solvers[0].Solver)
	}
	for _, is := range rep.Instances {
		if is.Answer != "SAT" || is.Fastest != "sat02" || is.SolvedBy != 1 || is.Solvers != 5 {
			t.Errorf("instance %+v", is)
		}
	}
}

func readPids(t *testing.T, path string, want int) []int {
	t.Helper()
	var pids []int
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(path)
		pids = pids[:0]
		for _, f := range strings.Fields(string(b)) {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			pids = append(pids, n)
		}
		if len(pids) >= want {
			return pids
		}
	}
	t.Fatalf("%s: %d pids, want %d", path, len(pids), want)
	return nil
}

// checkAllDead fails unless every pid is gone within a few seconds.
func checkAllDead(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for _, p := range pids {
		for testenv.Alive(p) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if testenv.Alive(p) {
			exec.Command("kill", "-9", strconv.Itoa(p)).Run()
			t.Errorf("process %d outlived its run", p)
		}
	}
}

// TestTimeoutKillsTree: a fake solver that forks children, one ignoring
// SIGTERM, one in a session of its own, grandchildren too; after the
// timeout none of them may be left.
func TestTimeoutKillsTree(t *testing.T) {
	t.Parallel() // waits on fake solvers: side by side with the others
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	body := fmt.Sprintf(`P=%s
sleep 300 & echo $! >> $P
sh -c 'trap "" TERM; exec sleep 301' & echo $! >> $P
sh -c 'sleep 302 & echo $! >> '$P'; wait' & echo $! >> $P
setsid sleep 303 & echo $! >> $P
echo $$ >> $P
wait`, pids)
	s := Solver{Name: "forker", Argv: []string{runtest.Script(t, dir, "forker", body)}}
	in := suite.NewInstance(runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF), "")
	// The timeout leaves a loaded machine time to start all six (at load
	// 32 on 2 cores, 1.5 s saw five).
	r := &Runner{Limits: Limits{Timeout: 10 * time.Second, Grace: 300 * time.Millisecond}}
	start := time.Now()
	row, err := r.RunOne(t.Context(), Job{&s, &in, 1})
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != results.StatusTimeout {
		t.Errorf("status %s, want TIMEOUT", row.Status)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("run took %v", d)
	}
	checkAllDead(t, readPids(t, pids, 6))
}

// TestMemoryLimitKillsTree: two processes of 80 MiB each stay under a
// 120 MiB limit alone, not together: the run is a MEMOUT and both die.
// The hog names its hold, a minute: the runner appends the instance's
// path to its arguments, which fakeAlloc took for a hold and exited 3 on,
// a run that ended as an ERROR unless a sample caught both processes'
// memory first (5 of 10 runs failed).
func TestMemoryLimitKillsTree(t *testing.T) {
	t.Parallel() // waits on fake solvers: side by side with the others
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	testenv.KillListedAtEnd(t, pids)
	s := Solver{Name: "hog", Argv: []string{os.Args[0], "fake-alloc", "80", pids, "1m"}}
	in := suite.NewInstance(runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF), "")
	r := &Runner{Limits: Limits{Timeout: 30 * time.Second, Memory: 120 << 20}}
	defer r.Close()
	row, err := r.RunOne(t.Context(), Job{&s, &in, 1})
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != results.StatusMemout {
		t.Errorf("status %s (%s), want MEMOUT", row.Status, row.Error)
	}
	method, why := r.MemMethod()
	t.Logf("memory limit by %s %s", method, why)
	if row.MemMethod != method {
		t.Errorf("row's mem_method %q, the runner's %q", row.MemMethod, method)
	}
	// Sampling sees the tree over the limit before it kills it; the
	// kernel (cgroup) stops it at the limit, with one hog whole at least.
	if want := int64(120 << 10); method == measure.MemCgroup && row.MaxRSS < 80<<10 || method == measure.MemProc && row.MaxRSS < want {
		t.Errorf("peak RSS %d KiB, want over the 120 MiB limit (80 MiB with cgroups)", row.MaxRSS)
	}
	checkAllDead(t, readPids(t, pids, 2))
}

// TestPeakRSSWholeTree: without a limit, the recorded peak covers both
// processes, more than the kernel's maxrss of either. The run has no time
// limit: the hog's two processes hold their memory together for 3 s once
// both have it, and the runner waits for them to exit, so a loaded machine
// that is slow to start them cannot end the run first (a 2 s timeout
// did, at load 11-35 on 2 cores: "peak RSS 117076 KiB").
func TestPeakRSSWholeTree(t *testing.T) {
	t.Parallel() // waits on fake solvers: side by side with the others
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	testenv.KillListedAtEnd(t, pids)
	s := Solver{Name: "hog", Argv: []string{os.Args[0], "fake-alloc", "60", pids, "3s"}}
	in := suite.NewInstance(runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF), "")
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute) // a hang fails, not waits for ever
	defer cancel()
	row, err := (&Runner{}).RunOne(ctx, Job{&s, &in, 1})
	if err != nil {
		t.Fatal(err)
	}
	// The hog exits 0 without an answer: it ran to its end.
	if row.Status != results.StatusUnknown || row.Exit != 0 {
		t.Errorf("status %s exit %d (%s), want UNKNOWN exit 0", row.Status, row.Exit, row.Error)
	}
	if got := len(testenv.Pids(t, pids+".ready")); got != 2 {
		t.Errorf("%d processes had their memory, want 2", got)
	}
	if row.MaxRSS < 120<<10 {
		t.Errorf("peak RSS %d KiB, want at least 2 x 60 MiB", row.MaxRSS)
	}
}

func TestEncoderInstance(t *testing.T) {
	t.Parallel() // waits on fake solvers: side by side with the others
	dir := t.TempDir()
	puzzle := runtest.WriteFile(t, dir, "p.txt", runtest.SatCNF)
	s := fakeSolver(t, dir, "sat")
	r := &Runner{Limits: Limits{Timeout: time.Minute}, Verify: true}
	for _, tt := range []struct{ enc, status, err string }{
		{"cat {}", "SAT", ""},
		{"cat", "SAT", ""}, // the puzzle on stdin
		{"sed 's/^1 2 0/-1 2 0/' {}", "ERROR", "wrong model: "}, // the model is checked against the encoder's CNF
		{"echo bad >&2; exit 4", "ERROR", "encoder exited 4: bad"},
		{"sleep 30", "TIMEOUT", ""},
	} {
		in := suite.NewInstance(puzzle, tt.enc)
		if tt.status == "TIMEOUT" {
			r.Timeout = 300 * time.Millisecond
		}
		row, err := r.RunOne(t.Context(), Job{&s, &in, 1})
		if err != nil {
			t.Fatal(err)
		}
		if row.Status != tt.status || !strings.HasPrefix(row.Error, tt.err) {
			t.Errorf("%q: got %s %q, want %s %q", tt.enc, row.Status, row.Error, tt.status, tt.err)
		}
		if row.Instance != puzzle+" | "+tt.enc {
			t.Errorf("instance %q", row.Instance)
		}
		if tt.status == "SAT" && (row.Encode <= 0 || row.Encode >= row.Wall) {
			t.Errorf("%q: encode %.4f of wall %.4f", tt.enc, row.Encode, row.Wall)
		}
	}
}
