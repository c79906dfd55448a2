package run

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/measure"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run/runtest"
	"github.com/pipesat/pipesat/bench/suite"
)

// TestPinnedRuns runs a fake solver that records the CPUs its shell and a
// child of it may use, two at a time: every run is pinned to one CPU, the
// one its row names, the two workers to different CPUs, and the rows say
// that two runs shared the machine and memory was sampled from /proc.
func TestPinnedRuns(t *testing.T) {
	cpus := measure.AllowedCPUs()
	if len(cpus) < 2 {
		t.Skipf("%d CPUs allowed: pinning two runs needs two", len(cpus))
	}
	dir := t.TempDir()
	// The solver and a process it starts both report their mask.
	body := `inst=$(basename "$1" .cnf)
grep Cpus_allowed_list /proc/self/status | cut -f2 > ` + dir + `/"$inst".self
sh -c 'grep Cpus_allowed_list /proc/self/status | cut -f2' > ` + dir + `/"$inst".child
sleep 0.1
echo "s SATISFIABLE"; echo "v 1 -2 0"; exit 10`
	s := Solver{Name: "pin", Argv: []string{runtest.Script(t, dir, "fake-pin", body)}}
	var instances []suite.Instance
	for i := range 6 {
		instances = append(instances, suite.NewInstance(runtest.WriteFile(t, dir, "i"+strconv.Itoa(i)+".cnf", runtest.SatCNF), ""))
	}
	app, err := results.OpenAppender(filepath.Join(dir, "r.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	r := &Runner{Limits: Limits{Timeout: 30 * time.Second}, Verify: true, Jobs: 2}
	rows, err := r.Run(t.Context(), Matrix([]Solver{s}, instances, 1, 0), nil, app)
	if err != nil {
		t.Fatal(err)
	}
	used := map[int]bool{}
	for _, row := range rows {
		if row.Status != results.StatusSat || row.CPU == nil || row.Jobs != 2 || row.MemMethod != measure.MemProc {
			t.Fatalf("row %+v: want SAT, pinned, jobs 2, mem_method proc", row)
		}
		if !slices.Contains(cpus[:2], *row.CPU) {
			t.Errorf("%s: CPU %d, want one of %v", row.Instance, *row.CPU, cpus[:2])
		}
		used[*row.CPU] = true
		inst := strings.TrimSuffix(filepath.Base(row.Instance), ".cnf")
		for _, who := range []string{"self", "child"} {
			b, err := os.ReadFile(filepath.Join(dir, inst+"."+who))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(string(b)); got != strconv.Itoa(*row.CPU) {
				t.Errorf("%s: the solver's %s may run on CPUs %q, want only %d", row.Instance, who, got, *row.CPU)
			}
		}
	}
	if len(rows) != 6 || len(used) != 2 {
		t.Errorf("%d rows on CPUs %v: want 6 rows on two CPUs", len(rows), used)
	}
	// satbench itself is not left pinned.
	if after := measure.AllowedCPUs(); !slices.Equal(after, cpus) {
		t.Errorf("satbench's own mask went from %v to %v", cpus, after)
	}
}

// TestRunOneNotPinned: a lone run (exec, run --jobs 1) keeps the whole mask
// and its row says nothing about sharing.
func TestRunOneNotPinned(t *testing.T) {
	dir := t.TempDir()
	body := `grep Cpus_allowed_list /proc/self/status | cut -f2 > ` + dir + `/mask
echo "s SATISFIABLE"; echo "v 1 -2 0"; exit 10`
	s := Solver{Name: "pin", Argv: []string{runtest.Script(t, dir, "fake-pin", body)}}
	in := suite.NewInstance(runtest.WriteFile(t, dir, "a.cnf", runtest.SatCNF), "")
	row, err := (&Runner{Verify: true}).RunOne(t.Context(), Job{&s, &in, 1})
	if err != nil {
		t.Fatal(err)
	}
	if row.CPU != nil || row.Jobs != 0 || row.MemMethod != measure.MemProc {
		t.Errorf("row %+v: want no CPU, jobs 0, mem_method proc", row)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "mask"))
	var set []string
	for _, c := range measure.AllowedCPUs() {
		set = append(set, strconv.Itoa(c))
	}
	// The kernel writes ranges ("0-1"); compare as the list of CPUs.
	if got := expandCPUList(strings.TrimSpace(string(b))); !slices.Equal(got, set) {
		t.Errorf("the unpinned solver may run on %v, satbench on %v", got, set)
	}
}

// expandCPUList expands a kernel CPU list such as "0-2,5" into 0 1 2 5.
func expandCPUList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		lo, hi, ok := strings.Cut(part, "-")
		if !ok {
			hi = lo
		}
		a, _ := strconv.Atoi(lo)
		b, _ := strconv.Atoi(hi)
		for c := a; c <= b; c++ {
			out = append(out, strconv.Itoa(c))
		}
	}
	return out
}
