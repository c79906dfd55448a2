package plan

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/bench/suite"
	"github.com/pipesat/pipesat/internal/shellword"
)

// planInDir writes a Slurm plan of 3 CNF files x 2 solvers x 2 reps
// (shuffled with seed 1), chunk runs per task, in a new current folder,
// and returns the script's text.
func planInDir(t *testing.T, chunk int, extra func(*Slurm)) string {
	t.Chdir(t.TempDir())
	solvers := []run.Solver{{Name: "sat"}, {Name: "unk"}}
	var instances []suite.Instance
	for _, f := range []string{"a.cnf", "b.cnf", "c d.cnf"} {
		instances = append(instances, suite.NewInstance(f, ""))
	}
	s := &Slurm{Dir: "res", Chunk: chunk, Limits: run.Limits{Timeout: 90 * time.Second, Grace: time.Second},
		Words: Words{Plan: "PLAN", Merge: "MERGE SCRIPT", Manifest: "MERGE", Chunk: "CHUNK"}}
	if extra != nil {
		extra(s)
	}
	cmd := func(j *run.Job, out string) string {
		return fmt.Sprintf("prog exec %s --rep %d -o %s -- %s", j.Solver.Name, j.Rep, out, shellword.Quote(j.Instance.Path))
	}
	var b bytes.Buffer
	if err := s.Write(&b, run.Matrix(solvers, instances, 2, 1), run.Matrix(solvers, instances, 2, 0), cmd); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat("res"); err != nil || !fi.IsDir() {
		t.Errorf("Write made no folder res for the logs: %v", err)
	}
	return b.String()
}

// TestSlurmPlanWords: the script names the program's commands in the
// words it is given, and Slurm's options from the limits.
func TestSlurmPlanWords(t *testing.T) {
	s := planInDir(t, 5, func(s *Slurm) { s.Memory = 2 << 30 })
	for _, want := range []string{
		"#!/bin/sh\n# PLAN: 12 runs in 3 Slurm array tasks of up to 5.\n#\n",
		"\n#   MERGE SCRIPT\n#\n",
		"\n#SBATCH --time=0:13:25\n#SBATCH --mem=3072M\n#SBATCH --output=res/slurm-%A_%a.out\n",
		"\n1)\n\tprog exec ", " -o \"$part\" -- 'c d.cnf' || failed=1\n",
		"\n# The runs in the suite's order, for MERGE.\n" + planTag,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	if strings.Contains(s, "CHUNK") {
		t.Errorf("3 tasks, and the script says CHUNK:\n%s", s)
	}
}

// TestSlurmPlanDir: a results folder the script cannot name unquoted.
func TestSlurmPlanDir(t *testing.T) {
	for _, dir := range []string{"my results", "r%a"} {
		s := &Slurm{Dir: dir}
		err := s.Write(io.Discard, nil, nil, nil)
		var e *DirError
		if !errors.As(err, &e) || e.Dir != dir || err.Error() != fmt.Sprintf("results folder %q: use letters, digits and _-./=:,+@ only (the script names it unquoted)", dir) {
			t.Errorf("%q: %v", dir, err)
		}
	}
}

// TestWriteParallel: a line per job, each its own results file.
func TestWriteParallel(t *testing.T) {
	in := suite.NewInstance("a b.cnf", "")
	jobs := run.Matrix([]run.Solver{{Name: "s"}}, []suite.Instance{in}, 2, 0)
	var b bytes.Buffer
	err := WriteParallel(&b, jobs, "out dir", func(j *run.Job, out string) string { return fmt.Sprintf("x %d %s", j.Rep, out) })
	if want := "x 1 'out dir/0001.jsonl'\nx 2 'out dir/0002.jsonl'\n"; err != nil || b.String() != want {
		t.Errorf("got %q, %v; want %q", b.String(), err, want)
	}
}

// TestSlurmPlanTasks: one task per run by default; every run in exactly
// one task; no --time line without a timeout.
func TestSlurmPlanTasks(t *testing.T) {
	s := planInDir(t, 0, func(s *Slurm) { s.Timeout = 0 })
	if !strings.Contains(s, "#SBATCH --array=1-12\n") {
		t.Errorf("want 12 tasks:\n%s", s)
	}
	if strings.Contains(s, "--time=") || strings.Contains(s, "--mem=") {
		t.Errorf("--time or --mem without limits:\n%s", s)
	}
	for n := 1; n <= 12; n++ {
		if strings.Count(s, "\n"+itoa(n)+")\n") != 1 {
			t.Errorf("task %d is not in the case once", n)
		}
	}
	if c := strings.Count(s, " exec "); c != 12 {
		t.Errorf("%d exec lines, want 12", c)
	}
	if c := strings.Count(s, "\n"+runTag); c != 12 {
		t.Errorf("%d run lines, want 12", c)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// slurmRow is the row of a run, as a task file holds it.
func slurmRow(solver, inst string, rep int) string {
	return `{"solver":"` + solver + `","instance":"` + inst + `","rep":` + itoa(rep) + `,"status":"SAT","verified":true,"model":"m-` + solver + inst + `","wall":0.1,"exit":10,"start":"2026-01-01T00:00:00Z"}` + "\n"
}

// TestMergePlan merges hand-written task files of a real plan: the rows
// come out in the suite's order, and every way a task's results can be
// wrong is refused with its exact message.
func TestMergePlan(t *testing.T) {
	script := planInDir(t, 5, nil)
	if err := os.WriteFile("plan.sbatch", []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	// The plan's tasks, read back from its run lines.
	p, err := readSlurmPlan("plan.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	if p.Tasks != 3 || len(p.runs) != 12 || p.Dir != "res" {
		t.Fatalf("plan: %d tasks, %d runs, dir %q; want 3, 12, res", p.Tasks, len(p.runs), p.Dir)
	}
	files := map[int]string{}
	for _, r := range p.runs {
		files[r.Task] += slurmRow(r.Solver, r.Instance, r.Rep)
	}
	write := func(task int, text string) {
		t.Helper()
		if err := os.WriteFile(taskFile("res", task), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeAll := func() {
		for n, text := range files {
			write(n, text)
		}
	}
	// A run of task 1 and of task 2, to misplace.
	var r1, r2 runLine
	for _, r := range p.runs {
		if r.Task == 1 && r1.Task == 0 {
			r1 = r
		}
		if r.Task == 2 && r2.Task == 0 {
			r2 = r
		}
	}
	tests := []struct {
		name    string
		setup   func()
		wantErr string
	}{
		{"no task files", func() { os.Remove(taskFile("res", 1)); os.Remove(taskFile("res", 2)); os.Remove(taskFile("res", 3)) },
			"plan.sbatch: 3 of 3 tasks have no results file: task 1 (res/task-1.jsonl), task 2 (res/task-2.jsonl), task 3 (res/task-3.jsonl); they are running, failed or were not submitted: sbatch the plan again to run what is missing"},
		{"task 2 missing", func() { writeAll(); os.Remove(taskFile("res", 2)) },
			"plan.sbatch: 1 of 3 tasks have no results file: task 2 (res/task-2.jsonl); they are running, failed or were not submitted: sbatch the plan again to run what is missing"},
		{"duplicate", func() { writeAll(); write(1, files[1]+slurmRow(r1.Solver, r1.Instance, r1.Rep)) },
			"res/task-1.jsonl:6: " + describeKey(r1.key()) + " appears twice (first at line 1)"},
		{"other task's run", func() { writeAll(); write(1, files[1]+slurmRow(r2.Solver, r2.Instance, r2.Rep)) },
			"res/task-1.jsonl:6: " + describeKey(r2.key()) + " is task 2's, not task 1's"},
		{"not in the plan", func() { writeAll(); write(3, slurmRow("sat", "z.cnf", 1)+files[3]) },
			`res/task-3.jsonl:1: run sat on "z.cnf" rep 1 is not in the plan plan.sbatch`},
		{"run missing", func() { writeAll(); write(1, files[1][strings.IndexByte(files[1], '\n')+1:]) },
			"res/task-1.jsonl: 1 of task 1's 5 runs are missing: " + describeKey(r1.key()) + "; remove the file and sbatch the plan again to redo the task"},
		{"bad row", func() { writeAll(); write(2, "{}\n") },
			"res/task-2.jsonl:1: not a result row: missing \"solver\", \"instance\", \"rep\", \"status\", \"wall\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup()
			rows, err := MergePlan("plan.sbatch")
			if err == nil || err.Error() != tt.wantErr {
				t.Fatalf("error %v\nwant %q", err, tt.wantErr)
			}
			if rows != nil {
				t.Errorf("rows with an error: %v", rows)
			}
		})
	}

	writeAll()
	rows, err := MergePlan("plan.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	// The suite's order: instances as given, solvers as given, reps.
	var got []string
	for _, r := range rows {
		got = append(got, r.Solver+"|"+r.Instance+"|"+itoa(r.Rep))
	}
	want := []string{
		"sat|a.cnf|1", "sat|a.cnf|2", "unk|a.cnf|1", "unk|a.cnf|2",
		"sat|b.cnf|1", "sat|b.cnf|2", "unk|b.cnf|1", "unk|b.cnf|2",
		"sat|c d.cnf|1", "sat|c d.cnf|2", "unk|c d.cnf|1", "unk|c d.cnf|2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("merged order:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if rows[0].Model != "m-sata.cnf" {
		t.Errorf("row 0 lost its model: %+v", rows[0])
	}
}

// TestReadSlurmPlanErrors: a script that is not a plan, or a cut or
// edited one, is refused with its position.
func TestReadSlurmPlanErrors(t *testing.T) {
	const head = "#!/bin/sh\n" + planTag + `{"dir":"res","tasks":2,"runs":2}` + "\n"
	run1 := runTag + `{"task":1,"solver":"s","instance":"a.cnf","rep":1}` + "\n"
	tests := []struct{ name, in, wantErr string }{
		{"not a plan", "#!/bin/sh\necho hi\n", `p.sbatch: not a Slurm plan script (no "#satbench-plan" line)`},
		{"cut short", head + run1, `p.sbatch: the plan lists 1 runs, its "#satbench-plan" line says 2: the script is cut short or edited`},
		{"twice", head + run1 + run1, `p.sbatch:4: run s on "a.cnf" rep 1 listed twice (first at line 3)`},
		{"task out of range", head + runTag + `{"task":3,"solver":"s","instance":"a.cnf","rep":1}` + "\n", "p.sbatch:3: want a task from 1 to 2, a solver, an instance and a rep >= 1"},
		{"bad json", head + runTag + "{\n", "p.sbatch:3: unexpected end of JSON input"},
		{"run first", run1 + head, `p.sbatch:1: a run before the "#satbench-plan" line`},
		{"two plan lines", head + head[len("#!/bin/sh\n"):], `p.sbatch:3: a second "#satbench-plan" line`},
		{"empty plan", planTag + `{"dir":"","tasks":0,"runs":0}` + "\n", "p.sbatch:1: want a dir, tasks >= 1 and runs >= 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "p.sbatch")
			os.WriteFile(path, []byte(tt.in), 0o644)
			_, err := readSlurmPlan(path)
			want := strings.ReplaceAll(tt.wantErr, "p.sbatch", path)
			if err == nil || err.Error() != want {
				t.Fatalf("error %v\nwant %q", err, want)
			}
		})
	}
}

// FuzzSlurmPlan: the manifest parser never panics, and what it accepts is
// consistent: as many runs as the plan line says, each once, each in a
// task of the plan.
func FuzzSlurmPlan(f *testing.F) {
	head := planTag + `{"dir":"res","tasks":2,"runs":2}` + "\n"
	run := func(task int, inst string) string {
		return runTag + `{"task":` + strconv.Itoa(task) + `,"solver":"s","instance":"` + inst + `","rep":1}` + "\n"
	}
	for _, s := range []string{
		"#!/bin/sh\n", head, head + run(1, "a") + run(2, "b"), head + run(1, "a") + run(1, "a"),
		head + run(3, "a"), run(1, "a") + head, head + head, planTag + "{\n",
		"#!/bin/sh\n#SBATCH --array=1-2\n" + head + run(2, "x y") + run(1, `q\"uote`),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := parseSlurmPlan(strings.NewReader(in), "p")
		if err != nil {
			return
		}
		if len(p.runs) != p.Runs || p.Tasks < 1 || p.Dir == "" {
			t.Fatalf("accepted %d runs for %d, %d tasks, dir %q", len(p.runs), p.Runs, p.Tasks, p.Dir)
		}
		seen := map[results.Key]bool{}
		for _, r := range p.runs {
			if seen[r.key()] || r.Task < 1 || r.Task > p.Tasks {
				t.Fatalf("accepted run %+v twice or outside tasks 1-%d", r, p.Tasks)
			}
			seen[r.key()] = true
		}
	})
}
