package plan

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run"
	"github.com/pipesat/pipesat/internal/shellword"
	"github.com/pipesat/pipesat/textpos"
)

// The lines of a Slurm plan that MergePlan reads: one planLine, then one
// runLine per run, in the suite's order.
const (
	planTag = "#satbench-plan "
	runTag  = "#satbench-run "
)

// planLine is the JSON after planTag.
type planLine struct {
	Dir   string `json:"dir"`
	Tasks int    `json:"tasks"`
	Runs  int    `json:"runs"`
}

// runLine is the JSON after runTag: a run and the array task that does it.
type runLine struct {
	Task     int    `json:"task"`
	Solver   string `json:"solver"`
	Instance string `json:"instance"`
	Rep      int    `json:"rep"`
}

func (r *runLine) key() results.Key {
	return results.Key{Solver: r.Solver, Instance: r.Instance, Rep: r.Rep}
}

// Slack the script's time and memory requests add to the runs' limits:
// satbench's own work (starting satrun, checking a model against the CNF)
// is outside them.
const (
	slurmRunSlack  = 10 * time.Second
	slurmTaskSlack = 5 * time.Minute
	slurmMemSlack  = 1 << 30
	// slurmMaxArray is the largest array index Slurm's default
	// MaxArraySize (1001) accepts.
	slurmMaxArray = 1000
)

// Slurm is an sbatch array script's settings: where its tasks' results
// go, how many runs each task does, the runs' limits (for the time and
// memory the script asks for), and the words its comments name the
// program by.
type Slurm struct {
	Dir   string // the tasks' results folder; "results" if empty
	Chunk int    // runs per array task; 1 if less
	run.Limits
	Words Words
}

// Words are the script's comments that name the commands of the program
// that wrote it, in its words: the script names no command line itself.
type Words struct {
	Plan     string // the command that wrote it: "satbench plan --slurm"
	Merge    string // the command that merges its results, to show: "satbench merge --plan SCRIPT -o results.jsonl"
	Manifest string // the command that reads its manifest: "satbench merge --plan"
	Chunk    string // what puts more runs in a task: "use --chunk"
}

// A Command returns the shell command line that does job j and appends
// its row to the results file out, a shell word (a quoted path, or a
// variable such as "$part").
type Command func(j *run.Job, out string) string

// DirError is Slurm.Write's error for a results folder the script
// cannot name unquoted.
type DirError struct{ Dir string }

func (e *DirError) Error() string {
	return fmt.Sprintf("results folder %q: use letters, digits and _-./=:,+@ only (the script names it unquoted)", e.Dir)
}

// Write writes an sbatch array script doing jobs (in run order, each the
// command line cmd makes), s.Chunk consecutive ones per task, and the
// manifest lines MergePlan reads, listing ordered (the same jobs in the
// suite's order). It makes the results folder, where Slurm writes its
// logs. A folder the script cannot name is a *DirError.
func (s *Slurm) Write(w io.Writer, jobs, ordered []run.Job, cmd Command) error {
	dir := s.Dir
	if dir == "" {
		dir = "results"
	}
	dir = path.Clean(dir)
	if shellword.Quote(dir) != dir || strings.Contains(dir, "%") {
		return &DirError{s.Dir}
	}
	chunk := max(s.Chunk, 1)
	ntasks := Tasks(len(jobs), chunk)
	// The folder of the logs (#SBATCH --output) must exist when Slurm
	// opens them.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }
	s.head(p, dir, len(jobs), ntasks, chunk)
	p("set -eu\n")
	p("task=${SLURM_ARRAY_TASK_ID:?not a Slurm array task: submit this script with sbatch}\n")
	p("file=%s/task-$task.jsonl\n", dir)
	p("part=$file.part\n")
	p("if [ -e \"$file\" ]; then exit 0; fi\n")
	p("failed=0\n")
	p("case $task in\n")
	for i := range jobs {
		if i%chunk == 0 {
			p("%d)\n", i/chunk+1)
		}
		p("\t%s || failed=1\n", cmd(&jobs[i], `"$part"`))
		if i%chunk == chunk-1 || i == len(jobs)-1 {
			p("\t;;\n")
		}
	}
	p("*)\n")
	p("\techo \"satbench: this plan has no task $task (1-%d)\" >&2\n", ntasks)
	p("\texit 1\n")
	p("\t;;\n")
	p("esac\n")
	p("if [ $failed = 1 ]; then\n")
	p("\techo \"satbench: task $task: a run failed, or its answer was wrong or unproven (see above); submit the script again to finish the task\" >&2\n")
	p("\texit 1\n")
	p("fi\n")
	p("mv -f \"$part\" \"$file\"\n")
	p("exit 0\n")
	p("\n")
	p("# The runs in the suite's order, for %s.\n", s.Words.Manifest)
	b, _ := json.Marshal(planLine{Dir: dir, Tasks: ntasks, Runs: len(jobs)})
	p("%s%s\n", planTag, b)
	task := map[results.Key]int{}
	for i := range jobs {
		task[jobs[i].Key()] = i/chunk + 1
	}
	for _, j := range ordered {
		k := j.Key()
		b, _ := json.Marshal(runLine{Task: task[k], Solver: k.Solver, Instance: k.Instance, Rep: k.Rep})
		p("%s%s\n", runTag, b)
	}
	return bw.Flush()
}

// Tasks returns the number of array tasks that do runs runs, chunk in
// each (1 if less).
func Tasks(runs, chunk int) int {
	chunk = max(chunk, 1)
	return (runs + chunk - 1) / chunk
}

// head writes the script's first lines, comments and #SBATCH options,
// with p, for runs runs in ntasks tasks of up to chunk.
func (s *Slurm) head(p func(string, ...any), dir string, runs, ntasks, chunk int) {
	p("#!/bin/sh\n")
	p("# %s: %d runs in %d Slurm array tasks of up to %d.\n", s.Words.Plan, runs, ntasks, chunk)
	p("#\n")
	p("#   sbatch SCRIPT                    (--wait: return when every task has ended)\n")
	p("#   %s\n", s.Words.Merge)
	p("#\n")
	p("# Task N appends its runs' rows to %s/task-N.jsonl.part and renames it\n", dir)
	p("# %s/task-N.jsonl when all are done. A task whose file exists does\n", dir)
	p("# nothing, and a rerun of an unfinished task skips the runs its .part\n")
	p("# file has: submitting this script again runs only what is missing.\n")
	p("# A task with a run that failed (an ERROR row, a wrong model, an\n")
	p("# unproven UNSAT answer) does all its runs, then fails without the\n")
	p("# rename; submitted again it renames the rows it has.\n")
	p("# Submit it from the folder plan ran in (the paths are relative to it);\n")
	p("# options given to sbatch override the #SBATCH lines.\n")
	if ntasks > slurmMaxArray {
		p("# %d tasks: Slurm's default MaxArraySize allows %d; %s.\n", ntasks, slurmMaxArray, s.Words.Chunk)
	}
	p("#SBATCH --job-name=satbench\n")
	p("#SBATCH --array=1-%d\n", ntasks)
	p("#SBATCH --ntasks=1\n")
	p("#SBATCH --cpus-per-task=1\n")
	if s.Timeout > 0 {
		d := time.Duration(chunk)*(s.Timeout+max(s.Grace, time.Second)+slurmRunSlack) + slurmTaskSlack
		secs := int64((d + time.Second - 1) / time.Second)
		p("#SBATCH --time=%d:%02d:%02d\n", secs/3600, secs/60%60, secs%60)
	}
	if s.Memory > 0 {
		p("#SBATCH --mem=%dM\n", (s.Memory+slurmMemSlack+(1<<20)-1)>>20)
	}
	p("#SBATCH --output=%s/slurm-%%A_%%a.out\n", dir)
}

// slurmPlan is a Slurm plan's manifest, as MergePlan reads it.
type slurmPlan struct {
	planLine
	runs []runLine // in the suite's order
}

// readSlurmPlan reads the manifest lines of the script at path.
func readSlurmPlan(path string) (*slurmPlan, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseSlurmPlan(f, path)
}

// parseSlurmPlan reads the manifest lines of a script; path is used only
// in messages.
func parseSlurmPlan(r io.Reader, path string) (*slurmPlan, error) {
	var p slurmPlan
	seenPlan := false
	seen := map[results.Key]int{} // line of each run
	br := bufio.NewReader(r)
	for line := 1; ; line++ {
		s, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		bad := func(format string, args ...any) error {
			return &textpos.Error{Name: path, Pos: textpos.Pos{Line: line}, Msg: fmt.Sprintf(format, args...)}
		}
		if rest, ok := strings.CutPrefix(s, planTag); ok {
			if seenPlan {
				return nil, bad("a second %q line", strings.TrimSpace(planTag))
			}
			seenPlan = true
			if err := json.Unmarshal([]byte(rest), &p.planLine); err != nil {
				return nil, bad("%v", err)
			}
			if p.Dir == "" || p.Tasks < 1 || p.Runs < 1 {
				return nil, bad("want a dir, tasks >= 1 and runs >= 1")
			}
		} else if rest, ok := strings.CutPrefix(s, runTag); ok {
			var r runLine
			if err := json.Unmarshal([]byte(rest), &r); err != nil {
				return nil, bad("%v", err)
			}
			if !seenPlan {
				return nil, bad("a run before the %q line", strings.TrimSpace(planTag))
			}
			if r.Task < 1 || r.Task > p.Tasks || r.Solver == "" || r.Instance == "" || r.Rep < 1 {
				return nil, bad("want a task from 1 to %d, a solver, an instance and a rep >= 1", p.Tasks)
			}
			if l, ok := seen[r.key()]; ok {
				return nil, bad("%s listed twice (first at line %d)", describeKey(r.key()), l)
			}
			seen[r.key()] = line
			p.runs = append(p.runs, r)
		}
		if err == io.EOF {
			break
		}
	}
	if !seenPlan {
		return nil, &NotPlanError{path}
	}
	if len(p.runs) != p.Runs {
		return nil, fmt.Errorf("%s: the plan lists %d runs, its %q line says %d: the script is cut short or edited", path, len(p.runs), strings.TrimSpace(planTag), p.Runs)
	}
	return &p, nil
}

// NotPlanError is MergePlan's error for a file that is no plan: it has no
// manifest.
type NotPlanError struct{ Path string }

func (e *NotPlanError) Error() string {
	return fmt.Sprintf("%s: not a Slurm plan script (no %q line)", e.Path, strings.TrimSpace(planTag))
}

// describeKey names a run in messages.
func describeKey(k results.Key) string {
	return fmt.Sprintf("run %s on %q rep %d", k.Solver, k.Instance, k.Rep)
}

// taskFile is the results file of task n of a plan whose folder is dir.
func taskFile(dir string, n int) string { return path.Join(dir, "task-"+strconv.Itoa(n)+".jsonl") }

// MergePlan reads the results of the Slurm plan script at planPath (see
// Slurm.Write) (one
// file per array task, in the folder the plan names) and returns their
// rows in the suite's order. It fails, changing nothing, when a task has
// no results file yet (it lists them: they are still running, failed or
// were never submitted), or when a task's file lacks one of the task's
// runs, has a run twice, or has a run that is not the task's.
// A file with no manifest is a *NotPlanError.
func MergePlan(planPath string) ([]results.Row, error) {
	p, err := readSlurmPlan(planPath)
	if err != nil {
		return nil, err
	}
	var missing []int
	for n := 1; n <= p.Tasks; n++ {
		if _, err := os.Stat(taskFile(p.Dir, n)); errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, n)
		} else if err != nil {
			return nil, err
		}
	}
	if len(missing) > 0 {
		var list []string
		for i, n := range missing {
			if i == 5 {
				list = append(list, fmt.Sprintf("and %d more", len(missing)-5))
				break
			}
			list = append(list, fmt.Sprintf("task %d (%s)", n, taskFile(p.Dir, n)))
		}
		return nil, fmt.Errorf("%s: %d of %d tasks have no results file: %s; they are running, failed or were not submitted: sbatch the plan again to run what is missing",
			planPath, len(missing), p.Tasks, strings.Join(list, ", "))
	}
	index := map[results.Key]int{} // position in p.runs
	for i := range p.runs {
		index[p.runs[i].key()] = i
	}
	rows := make([]results.Row, len(p.runs))
	have := make([]bool, len(p.runs))
	byTask := make([][]int, p.Tasks+1)
	for i := range p.runs {
		byTask[p.runs[i].Task] = append(byTask[p.runs[i].Task], i)
	}
	for n := 1; n <= p.Tasks; n++ {
		name := taskFile(p.Dir, n)
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		lines := map[results.Key]int{}
		_, err = results.Each(f, name, func(line int, row *results.Row) error {
			k := row.Key()
			bad := func(format string, args ...any) error {
				return &textpos.Error{Name: name, Pos: textpos.Pos{Line: line}, Msg: describeKey(k) + " " + fmt.Sprintf(format, args...)}
			}
			i, ok := index[k]
			switch {
			case !ok:
				return bad("is not in the plan %s", planPath)
			case p.runs[i].Task != n:
				return bad("is task %d's, not task %d's", p.runs[i].Task, n)
			case lines[k] > 0:
				return bad("appears twice (first at line %d)", lines[k])
			}
			lines[k] = line
			rows[i], have[i] = *row, true
			return nil
		})
		f.Close()
		if err != nil {
			return nil, err
		}
		var lack []string
		for _, i := range byTask[n] {
			if !have[i] {
				lack = append(lack, describeKey(p.runs[i].key()))
			}
		}
		if len(lack) > 0 {
			return nil, fmt.Errorf("%s: %d of task %d's %d runs are missing: %s; remove the file and sbatch the plan again to redo the task",
				name, len(lack), n, len(byTask[n]), strings.Join(lack, ", "))
		}
	}
	return rows, nil
}
