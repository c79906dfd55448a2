package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"sync"
	"unique"

	"github.com/pipesat/pipesat/bench/measure"
	"github.com/pipesat/pipesat/textpos"
)

// The statuses a Row can have.
const (
	StatusSat     = "SAT"
	StatusUnsat   = "UNSAT"
	StatusUnknown = "UNKNOWN"
	StatusError   = "ERROR"
	StatusTimeout = "TIMEOUT"
	StatusMemout  = "MEMOUT"
	// StatusUnproven is an UNSAT answer whose DRAT proof failed its check
	// (run --certify): a claim as suspect as a wrong model.
	StatusUnproven = "UNPROVEN"
)

// Row is one run: one solver on one instance, one repetition. It is one line
// of a results file (JSON lines). Times are in seconds.
type Row struct {
	Solver   string `json:"solver"`
	Instance string `json:"instance"`
	Rep      int    `json:"rep"`
	// Status is SAT, UNSAT, UNKNOWN, ERROR, TIMEOUT, MEMOUT or UNPROVEN.
	Status string `json:"status"`
	// Verified reports that a SAT answer's model satisfies every clause of
	// the instance (checked by satbench, not by the solver).
	Verified bool `json:"verified"`
	// Model is ModelHash of a verified SAT answer's model: two rows with
	// the same Model found the same assignment.
	Model string `json:"model,omitempty"`
	// Wall, User and Sys cover the encoder (if any) and the solver, with
	// all their descendants. Encode is the encoder's share of Wall.
	Wall   float64 `json:"wall"`
	User   float64 `json:"user"`
	Sys    float64 `json:"sys"`
	Encode float64 `json:"encode,omitempty"`
	// MaxRSS is the peak resident memory of the process tree, in KiB: the
	// larger of the sampled sum over the tree and the kernel's maxrss of
	// its largest process.
	MaxRSS int64 `json:"maxrss_kib"`
	// Exit is the solver process's exit status, -1 if it was killed.
	Exit    int    `json:"exit"`
	Version string `json:"version,omitempty"`
	// Start is when the run started, RFC 3339 in UTC.
	Start string `json:"start"`
	// Timeout (seconds) and Memory (MiB) are the limits the run had, 0 for none.
	Timeout float64 `json:"timeout,omitempty"`
	Memory  int64   `json:"memory_mib,omitempty"`
	Host    string  `json:"host,omitempty"`
	// Jobs is how many runs ran at a time on Host, this one included; 0
	// (absent) when unknown, as for a lone run, where a scheduler decides
	// what shares the machine.
	Jobs int `json:"jobs,omitempty"`
	// CPU is the CPU the run (its whole process tree) was pinned to;
	// absent when it was not pinned (see measure.PinPlan).
	CPU *int `json:"cpu,omitempty"`
	// MemMethod says how the run's memory limit was enforced:
	// measure.MemProc (sampling /proc) or measure.MemCgroup (the kernel,
	// in a cgroup v2 group).
	MemMethod string `json:"mem_method,omitempty"`
	// Error says what went wrong for ERROR rows.
	Error string `json:"error,omitempty"`
	// GBD is the instance's GBD hash (see package gbd), to join results with
	// the Global Benchmark Database: of the CNF file, or for an encoded
	// instance of the CNF its encoder wrote for this run.
	GBD string `json:"gbd,omitempty"`
	// Tags are the instance's tags from its suite file (see package
	// suite), its families in the report.
	Tags []string `json:"tags,omitempty"`
	// Proven reports that an UNSAT answer's DRAT proof was checked
	// (satrun --certify said "c proof verified", see run.Runner.Certify).
	// Check is the proof check's share of Wall, in seconds.
	Proven bool    `json:"proven,omitempty"`
	Check  float64 `json:"check,omitempty"`
	// Reps is the number of repetitions the run that made the row was
	// asked for (satbench run --reps), Certify whether it checked proofs
	// (--certify): with the limits, what a resumed run must repeat. 0
	// and false in older rows and exec's.
	Reps    int  `json:"reps,omitempty"`
	Certify bool `json:"certify,omitempty"`
	// CPUMethod says how User and Sys were measured: measure.CPUCgroup
	// (the run's cgroup v2 cpu.stat, every process of the tree) or
	// measure.CPURusage (wait4's rusage of the processes waited for);
	// absent in older rows.
	CPUMethod string `json:"cpu_method,omitempty"`
	// Via is "satrun" when the solver ran through satrun (gini, a
	// command line, --certify), whose own start is then in the row's
	// times; "" when it ran by its own command line (see run.Direct),
	// and in older rows, which all went through satrun.
	Via string `json:"via,omitempty"`
	// Contended marks a run whose wall time exceeded its CPU time
	// (User+Sys) by more than half (see Contended): it waited for a CPU
	// or for the disk, so its wall time says more about the machine's
	// load than about the solver.
	Contended bool `json:"contended,omitempty"`
	// Load is the machine's one-minute load average when the run started.
	Load float64 `json:"load,omitempty"`
	// Machine describes the machine the run ran on, the same in every
	// row of one satbench run; nil in older rows.
	Machine *measure.Machine `json:"machine,omitempty"`
}

// The least wall time a run must lose to waiting before it counts as
// contended: process start-up and reading a small CNF take tens of
// milliseconds of wall time and almost no CPU.
const contendedFloor = 0.2

// Contended reports whether a run of wall seconds that used cpu seconds
// (user plus system) waited more than it should have: wall exceeds cpu by
// more than half of cpu, and by more than 0.2 s. The rule is for
// single-threaded solvers; a multi-threaded one uses more CPU than wall
// time, and a contended one is caught all the same.
func Contended(wall, cpu float64) bool {
	return wall-cpu > cpu/2 && wall-cpu > contendedFloor
}

// intern makes the row's strings that many rows share (solver,
// instance, status, version, host, ...) one copy each, and its machine
// the one in machines that is equal to it: a million rows of a hundred
// solvers and instances, run on one machine, keep a hundred strings and
// one machine.
func (r *Row) intern(machines map[measure.Machine]*measure.Machine) {
	for _, p := range []*string{&r.Solver, &r.Instance, &r.Status, &r.Version, &r.Host, &r.MemMethod, &r.GBD, &r.CPUMethod, &r.Via} {
		if *p != "" {
			*p = unique.Make(*p).Value()
		}
	}
	if r.Machine != nil {
		if m, ok := machines[*r.Machine]; ok {
			r.Machine = m
		} else {
			machines[*r.Machine] = r.Machine
		}
	}
}

// Key identifies a run: the same solver, instance and repetition.
type Key struct {
	Solver, Instance string
	Rep              int
}

// Key returns the row's key.
func (r *Row) Key() Key { return Key{r.Solver, r.Instance, r.Rep} }

// Solved reports whether the run ended with a SAT or UNSAT answer.
func (r *Row) Solved() bool { return r.Status == StatusSat || r.Status == StatusUnsat }

// Read reads a results file. A last line without its newline (a run
// killed while writing it) is dropped and its number returned as torn, 0
// if there is none: the caller says so. Any other malformed line is an
// error with its position, a *textpos.Error "name:line: message". name is
// used only in messages.
func Read(r io.Reader, name string) (rows []Row, torn int, err error) {
	torn, err = Each(r, name, func(_ int, row *Row) error {
		rows = append(rows, *row)
		return nil
	})
	return rows, torn, err
}

// Each reads a results file as Read does and calls fn with each row and
// its line number, stopping at fn's first error. Each row is checked: it
// has the RequiredKeys, times are numbers not below 0, rep is at least 1
// and the status is one of Statuses; a row that is not is an error at its
// line. It returns the number of
// a last line without its newline, 0 if there is none.
func Each(r io.Reader, name string, fn func(line int, row *Row) error) (torn int, err error) {
	br := bufio.NewReader(r)
	machines := map[measure.Machine]*measure.Machine{}
	for line := 1; ; line++ {
		b, err := br.ReadBytes('\n')
		if err == io.EOF {
			// An unterminated last line is an interrupted write.
			if len(bytes.TrimSpace(b)) > 0 {
				return line, nil
			}
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			continue
		}
		var row Row
		if err := decode(b, &row); err != nil {
			return 0, &textpos.Error{Name: name, Pos: textpos.Pos{Line: line}, Msg: err.Error()}
		}
		row.intern(machines)
		if err := fn(line, &row); err != nil {
			return 0, err
		}
	}
}

// CountLines returns the number of newlines in the file f, read from its
// start, and seeks back to its start: the most rows it can hold, so that
// a reader can allocate them at once.
func CountLines(f io.ReadSeeker) (int, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	buf := make([]byte, 64<<10)
	n := 0
	for {
		k, err := f.Read(buf)
		n += bytes.Count(buf[:k], []byte{'\n'})
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	_, err := f.Seek(0, io.SeekStart)
	return n, err
}

// ReadFile reads the results file at path as Read does. A missing
// file has no rows, and so has "-" (standard output) or a file that is not
// a regular file (a pipe, a terminal, /dev/stdout on either, /dev/null):
// reading one back would wait for input that never comes.
func ReadFile(path string) (rows []Row, torn int, err error) {
	if path == "-" {
		return nil, 0, nil
	}
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	return Read(f, path)
}

// Appender appends rows to a results file, one JSON line per row, each
// written with a single write and, in a regular file, synced to disk
// before Append returns, so a killed benchmark leaves at most one partial
// last line. Safe for concurrent use.
type Appender struct {
	mu   sync.Mutex
	w    io.Writer
	f    *os.File // the file OpenAppender opened, nil for NewAppender's
	sync bool     // f is a regular file: sync each row
	stop <-chan struct{}
}

// ErrStopped is Append's error after the channel given to StopOn closed,
// for an Appender that does not write to a regular file.
var ErrStopped = errors.New("stopped: the results' reader had not read the rows written")

// StopOn makes Append to a pipe, a terminal or standard output, which
// may wait for ever while its reader reads nothing (a pager left
// waiting), return ErrStopped once stop is closed, so that a signal still
// ends the run; the row being written is then lost. Call it before the
// first Append.
func (a *Appender) StopOn(stop <-chan struct{}) { a.stop = stop }

// NewAppender returns an Appender that writes rows to w (standard
// output), which it neither syncs nor closes.
func NewAppender(w io.Writer) *Appender { return &Appender{w: w} }

// OpenAppender opens path for appending, creating it if needed. If the file
// ends with a partial line (an interrupted write) the partial line is cut
// off. A path that is not a regular file (a pipe, a terminal, /dev/stdout
// on either) is written in place, as a shell's >> would.
func OpenAppender(path string) (*Appender, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return nil, err
		}
		return &Appender{w: f, f: f}, nil
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := cutPartialLine(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return nil, err
	}
	return &Appender{w: f, f: f, sync: true}, nil
}

// cutPartialLine truncates f after its last newline.
func cutPartialLine(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	size := fi.Size()
	if size == 0 {
		return nil
	}
	buf := make([]byte, 64<<10)
	end := size
	for end > 0 {
		n := int64(len(buf))
		if n > end {
			n = end
		}
		if _, err := f.ReadAt(buf[:n], end-n); err != nil {
			return err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			cut := end - n + int64(i) + 1
			if cut == size {
				return nil
			}
			return f.Truncate(cut)
		}
		end -= n
	}
	return f.Truncate(0)
}

// Append writes row as one line and syncs the file.
func (a *Appender) Append(row *Row) error {
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.sync {
		if _, err := a.w.Write(b); err != nil {
			return err
		}
		return a.f.Sync()
	}
	if a.stop == nil {
		_, err := a.w.Write(b)
		return err
	}
	select {
	case <-a.stop:
		return ErrStopped
	default:
	}
	// The write goes on in a goroutine of its own, which a reader that
	// never reads leaves blocked; every Append after stop returns at once,
	// so no two writes overlap.
	done := make(chan error, 1)
	go func() {
		_, err := a.w.Write(b)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-a.stop:
		return ErrStopped
	}
}

// Close closes the file OpenAppender opened.
func (a *Appender) Close() error {
	if a.f == nil {
		return nil
	}
	return a.f.Close()
}

// Write writes rows as JSON lines.
func Write(w io.Writer, rows []Row) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for i := range rows {
		if err := enc.Encode(&rows[i]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Sort sorts rows by instance, solver and repetition, the order Merge
// and the scores use.
func Sort(rows []Row) {
	sort.SliceStable(rows, func(i, j int) bool { return less(&rows[i], &rows[j]) })
}

// Sorted reports whether rows are in Sort's order.
func Sorted(rows []Row) bool {
	for i := 1; i < len(rows); i++ {
		if less(&rows[i], &rows[i-1]) {
			return false
		}
	}
	return true
}

// less orders rows by instance, solver and repetition.
func less(a, b *Row) bool {
	if a.Instance != b.Instance {
		return a.Instance < b.Instance
	}
	if a.Solver != b.Solver {
		return a.Solver < b.Solver
	}
	return a.Rep < b.Rep
}

// Merge combines rows from several files. When the same run (Key) occurs
// more than once the last one wins and is counted in dups. The result is
// sorted with Sort.
func Merge(sets ...[]Row) (rows []Row, dups int) {
	for _, set := range sets {
		rows = append(rows, set...)
	}
	return Dedup(rows)
}

// Dedup sorts rows with Sort and keeps one row of each run (Key), the
// last one, in place: it returns the rows kept and how many it dropped.
func Dedup(rows []Row) (kept []Row, dups int) {
	Sort(rows)
	kept = rows[:0]
	for i := range rows {
		if i+1 < len(rows) && rows[i+1].Key() == rows[i].Key() {
			dups++
			continue
		}
		kept = append(kept, rows[i])
	}
	clear(rows[len(kept):])
	return kept, dups
}

// Disagreement is an instance that one solver found SAT and another UNSAT.
type Disagreement struct {
	Instance string   `json:"instance"`
	Sat      []string `json:"sat"`   // solver names, sorted
	Unsat    []string `json:"unsat"` // solver names, sorted
}

// String says who answered what, for stderr.
func (d Disagreement) String() string {
	return fmt.Sprintf("DISAGREEMENT on %s: SAT by %v, UNSAT by %v", d.Instance, d.Sat, d.Unsat)
}

// Disagreements returns the instances with both SAT and UNSAT rows, sorted
// by instance.
func Disagreements(rows []Row) []Disagreement {
	type sets struct{ sat, unsat map[string]bool }
	by := map[string]*sets{}
	for _, r := range rows {
		if !r.Solved() {
			continue
		}
		s := by[r.Instance]
		if s == nil {
			s = &sets{map[string]bool{}, map[string]bool{}}
			by[r.Instance] = s
		}
		if r.Status == StatusSat {
			s.sat[r.Solver] = true
		} else {
			s.unsat[r.Solver] = true
		}
	}
	var out []Disagreement
	for inst, s := range by {
		if len(s.sat) > 0 && len(s.unsat) > 0 {
			out = append(out, Disagreement{inst, slices.Sorted(maps.Keys(s.sat)), slices.Sorted(maps.Keys(s.unsat))})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Instance < out[j].Instance })
	return out
}
