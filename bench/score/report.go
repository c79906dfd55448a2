package score

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pipesat/pipesat/bench/results"
)

// SolverStats summarises one solver's rows.
type SolverStats struct {
	Solver   string  `json:"solver"`
	Runs     int     `json:"runs"`
	Solved   int     `json:"solved"`
	Sat      int     `json:"sat"`
	Unsat    int     `json:"unsat"`
	Timeouts int     `json:"timeouts"`
	Memouts  int     `json:"memouts"`
	Unknown  int     `json:"unknown"`
	Errors   int     `json:"errors"`
	Unproven int     `json:"unproven"`
	PAR2     float64 `json:"par2"`    // mean PAR-2 score per run, seconds
	Total    float64 `json:"total"`   // sum of wall times, seconds
	GeoMean  float64 `json:"geomean"` // geometric mean of the PAR-2 scores
}

// ProofStats counts one solver's UNSAT answers: proven through a checked
// DRAT proof, or unproven (taken on trust: a run that checked none).
type ProofStats struct {
	Solver   string  `json:"solver"`
	Unsat    int     `json:"unsat"`
	Proven   int     `json:"proven"`
	Unproven int     `json:"unproven"`
	Check    float64 `json:"check"` // total proof check time, seconds
}

// InstanceStats says who solved an instance fastest.
type InstanceStats struct {
	Instance string  `json:"instance"`
	Answer   string  `json:"answer"` // SAT, UNSAT, "-" (nobody knows) or CONFLICT
	Fastest  string  `json:"fastest,omitempty"`
	Time     float64 `json:"time,omitempty"` // the fastest solver's mean solved wall time
	SolvedBy int     `json:"solved_by"`
	Solvers  int     `json:"solvers"`
	// GBD is the instance's GBD hash, from its rows (see results.Row.GBD).
	GBD string `json:"gbd,omitempty"`
}

// Report is the summary of a results file.
type Report struct {
	// Configs scores each configuration (solver, or solver and encoding)
	// with each instance's repetitions folded into a Cell; VBS is the
	// virtual best solver over them.
	Configs []ConfigStats `json:"configs"`
	VBS     ConfigStats   `json:"vbs"`
	// Families scores them per instance folder.
	Families []FamilyStats `json:"families"`
	// Cells are the folded repetitions, by instance and configuration.
	Cells []Cell `json:"cells"`
	// Disagreements are instances answered SAT and UNSAT, naming
	// configurations.
	Disagreements []results.Disagreement `json:"disagreements"`
	// Solvers and Instances count single runs, repetitions unfolded.
	Solvers   []SolverStats   `json:"solvers"`
	Instances []InstanceStats `json:"instances"`
	// Proofs counts per solver the UNSAT answers whose proof was checked
	// (Row.Proven) and those taken on trust.
	Proofs []ProofStats `json:"proofs"`
	// Hosts say how the runs shared each machine.
	Hosts []HostStats `json:"hosts"`
	// Limit is the time limit the PAR-2 penalty doubles for runs without
	// a timeout of their own; a run with one is charged twice its own.
	Limit float64 `json:"limit"`
	// Clock is the time every score is in: "wall" or "CPU" (see Clock).
	Clock string `json:"clock"`
	// Encodings is true when some row's instance had an encoder.
	Encodings bool `json:"-"`
	// Sources, set by the caller, name in the Markdown notes how the rows'
	// proofs, tags and runs at a time were asked for.
	Sources Sources `json:"-"`
}

// Sources say how the program that wrote the rows asks for what some
// columns count, in its own words, for the notes under the Markdown tables
// (satbench names its subcommands and flags there). A note leaves out an
// empty one.
type Sources struct {
	Proofs string // checked proofs (Row.Proven): "satbench run --certify"
	Tags   string // the instances' tags (Row.Tags): "report --suite"
	Jobs   string // runs at a time (Row.Jobs): "run --jobs N"
	// Contended says who marks runs contended (Row.Contended):
	// "satbench run marks them".
	Contended string
}

// around returns s between pre and post, or "" for an empty s.
func around(pre, s, post string) string {
	if s == "" {
		return ""
	}
	return pre + s + post
}

// Clock says which of a run's times scores it.
type Clock int

// The clocks.
const (
	// Wall is the run's elapsed time, as the SAT competition ranks.
	Wall Clock = iota
	// CPU is the user and system time of the run's process tree, which
	// the machine's load hardly changes.
	CPU
)

// Time returns r's time by clock k, in seconds.
func (k Clock) Time(r *results.Row) float64 {
	if k == CPU {
		return r.User + r.Sys
	}
	return r.Wall
}

// String returns "wall" or "CPU", as in "CPU time".
func (k Clock) String() string {
	if k == CPU {
		return "CPU"
	}
	return "wall"
}

// Limit returns the time limit unsolved runs are charged for: the largest
// timeout among the rows, or, when no row had one, the longest time by
// clock.
func Limit(rows []results.Row, clock Clock) float64 {
	var to, long float64
	for i := range rows {
		to = max(to, rows[i].Timeout)
		long = max(long, clock.Time(&rows[i]))
	}
	if to > 0 {
		return to
	}
	return long
}

// score returns the run's PAR-2 score: its time by clock if solved, else
// twice its time limit (or lim when it had none).
func score(r *results.Row, lim float64, clock Clock) float64 {
	if r.Solved() {
		return clock.Time(r)
	}
	if r.Timeout > 0 {
		return 2 * r.Timeout
	}
	return 2 * lim
}

// Summarize computes the report of rows. Solvers are sorted by solved
// runs (most first), then PAR-2, then name; instances by name.
//
// Rows are scored in SortRows order (a sorted copy), so the sums, and so
// the bytes written, do not depend on the order of rows.
func Summarize(rows []results.Row) *Report {
	return SummarizeBy(append([]results.Row(nil), rows...), Wall)
}

// SummarizeBy is Summarize with every run timed by clock. Unlike
// Summarize it sorts rows in place (see results.Sort), which saves a copy
// of a million rows.
func SummarizeBy(rows []results.Row, clock Clock) *Report {
	results.Sort(rows)
	lim := Limit(rows, clock)
	rep := &Report{Limit: lim, Clock: clock.String()}
	rep.Cells = FoldCells(rows, lim, clock)
	all := make([]*Cell, len(rep.Cells))
	for i := range rep.Cells {
		all[i] = &rep.Cells[i]
	}
	rep.Configs, rep.VBS = scoreConfigs(all)
	rep.Families = scoreFamilies(rep.Cells)
	rep.Hosts = scoreHosts(rows)
	rep.Disagreements = configDisagreements(rep.Cells)
	for i := range rep.Cells {
		rep.Encodings = rep.Encodings || rep.Cells[i].Encoding != ""
	}
	rep.Solvers = solverStats(rows, lim, clock)
	rep.Proofs = proofStats(rows)
	rep.Instances = instanceStats(rows, clock)
	return rep
}

// solverStats returns the SolverStats of rows, an unsolved run scoring
// twice lim without a timeout of its own, sorted by solved runs (most
// first), then PAR-2, then name.
func solverStats(rows []results.Row, lim float64, clock Clock) []SolverStats {
	var out []SolverStats
	by := map[string]*SolverStats{}
	logSum := map[string]float64{}
	for i := range rows {
		r := &rows[i]
		s := by[r.Solver]
		if s == nil {
			s = &SolverStats{Solver: r.Solver}
			by[r.Solver] = s
		}
		s.Runs++
		switch r.Status {
		case results.StatusSat:
			s.Sat++
		case results.StatusUnsat:
			s.Unsat++
		case results.StatusTimeout:
			s.Timeouts++
		case results.StatusMemout:
			s.Memouts++
		case results.StatusUnknown:
			s.Unknown++
		case results.StatusUnproven:
			s.Unproven++
		default:
			s.Errors++
		}
		sc := score(r, lim, clock)
		s.PAR2 += sc
		s.Total += clock.Time(r)
		logSum[r.Solver] += math.Log(max(sc, 0.001))
	}
	for name, s := range by {
		s.Solved = s.Sat + s.Unsat
		s.GeoMean = math.Exp(logSum[name] / float64(s.Runs))
		s.PAR2 /= float64(s.Runs)
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Solved != b.Solved {
			return a.Solved > b.Solved
		}
		if a.PAR2 != b.PAR2 {
			return a.PAR2 < b.PAR2
		}
		return a.Solver < b.Solver
	})

	return out
}

// instanceStats returns the InstanceStats of rows, which are in
// results.Sort order (by instance, then solver), sorted by instance: one
// pass, no map per instance.
func instanceStats(rows []results.Row, clock Clock) []InstanceStats {
	var out []InstanceStats
	for i := 0; i < len(rows); {
		is := InstanceStats{Instance: rows[i].Instance, Answer: "-"}
		sat, unsat := false, false
		j := i
		for ; j < len(rows) && rows[j].Instance == is.Instance; j++ {
			r := &rows[j]
			if is.GBD == "" {
				is.GBD = r.GBD
			}
			if j == i || r.Solver != rows[j-1].Solver {
				is.Solvers++
			}
			sat = sat || r.Status == results.StatusSat
			unsat = unsat || r.Status == results.StatusUnsat
		}
		switch {
		case sat && unsat:
			is.Answer = "CONFLICT"
		case sat:
			is.Answer = results.StatusSat
		case unsat:
			is.Answer = results.StatusUnsat
		}
		is.fastest(rows[i:j], clock)
		out = append(out, is)
		i = j
	}
	return out
}

// fastest sets is.Fastest, is.Time and is.SolvedBy from the instance's
// rows, sorted by solver: the solver whose solved runs' mean time is
// least (the first by name of equals).
func (is *InstanceStats) fastest(rows []results.Row, clock Clock) {
	for i := 0; i < len(rows); {
		sum, solved := 0.0, 0
		j := i
		for ; j < len(rows) && rows[j].Solver == rows[i].Solver; j++ {
			if rows[j].Solved() {
				sum += clock.Time(&rows[j])
				solved++
			}
		}
		if solved > 0 {
			is.SolvedBy++
			if t := sum / float64(solved); is.Fastest == "" || t < is.Time {
				is.Fastest, is.Time = rows[i].Solver, t
			}
		}
		i = j
	}
}

// proofStats returns the ProofStats of rows' solvers that answered UNSAT,
// by solver name, and a total row "all" when there is more than one.
func proofStats(rows []results.Row) []ProofStats {
	by := map[string]*ProofStats{}
	total := ProofStats{Solver: "all"}
	for i := range rows {
		r := &rows[i]
		if r.Status != results.StatusUnsat {
			continue
		}
		p := by[r.Solver]
		if p == nil {
			p = &ProofStats{Solver: r.Solver}
			by[r.Solver] = p
		}
		for _, p := range []*ProofStats{p, &total} {
			p.Unsat++
			if r.Proven {
				p.Proven++
				p.Check += r.Check
			} else {
				p.Unproven++
			}
		}
	}
	out := []ProofStats{}
	for _, name := range slices.Sorted(maps.Keys(by)) {
		out = append(out, *by[name])
	}
	if len(out) > 1 {
		out = append(out, total)
	}
	return out
}

// proofsTable is the report's table of ProofStats.
func (rep *Report) proofsTable() table {
	t := table{title: "Proofs", numericFrom: 1,
		note: "UNSAT answers per solver: proven (" + around("", rep.Sources.Proofs, ": ") + "the solver's DRAT proof was checked; " +
			"check is the checking time, part of the runs' wall time) and unproven (taken on trust).",
		header: []string{"solver", "UNSAT", "proven", "unproven", "check (s)"}}
	for _, p := range rep.Proofs {
		t.rows = append(t.rows, []string{p.Solver, strconv.Itoa(p.Unsat), strconv.Itoa(p.Proven), strconv.Itoa(p.Unproven), secs(p.Check)})
	}
	return t
}

func secs(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

var solverHeader = []string{"solver", "runs", "solved", "SAT", "UNSAT", "timeouts", "memouts", "unknown", "errors", "unproven", "PAR-2 (s)", "total (s)", "geo-mean (s)"}

func (s *SolverStats) cells() []string {
	return []string{s.Solver, strconv.Itoa(s.Runs), strconv.Itoa(s.Solved), strconv.Itoa(s.Sat), strconv.Itoa(s.Unsat),
		strconv.Itoa(s.Timeouts), strconv.Itoa(s.Memouts), strconv.Itoa(s.Unknown), strconv.Itoa(s.Errors), strconv.Itoa(s.Unproven),
		secs(s.PAR2), secs(s.Total), secs(s.GeoMean)}
}

var instanceHeader = []string{"instance", "answer", "fastest", "time (s)", "solved by"}

func (is *InstanceStats) cells() []string {
	t := "-"
	f := "-"
	if is.Fastest != "" {
		f, t = is.Fastest, secs(is.Time)
	}
	return []string{is.Instance, is.Answer, f, t, fmt.Sprintf("%d/%d", is.SolvedBy, is.Solvers)}
}

// WriteMarkdown writes the report as Markdown tables, one section each.
func (rep *Report) WriteMarkdown(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for i, t := range rep.tables(false) {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		fmt.Fprintf(bw, "## %s\n\n%s\n\n", t.title, t.note)
		if len(t.rows) == 0 {
			fmt.Fprintln(bw, "None.")
			continue
		}
		mdTable(bw, t.header, t.rows, t.numericFrom)
	}
	return bw.Flush()
}

// mdTable writes a Markdown table with columns from numericFrom on
// right-aligned, padded so it also reads well as plain text.
func mdTable(w io.Writer, header []string, rows [][]string, numericFrom int) {
	width := make([]int, len(header))
	for c, h := range header {
		width[c] = max(utf8.RuneCountInString(h), 3)
	}
	for _, r := range rows {
		for c, s := range r {
			width[c] = max(width[c], utf8.RuneCountInString(mdEscape(s)))
		}
	}
	line := func(cells []string) {
		var b strings.Builder
		b.WriteString("|")
		for c, s := range cells {
			s = mdEscape(s)
			pad := strings.Repeat(" ", width[c]-utf8.RuneCountInString(s))
			if c >= numericFrom {
				b.WriteString(" " + pad + s + " |")
			} else {
				b.WriteString(" " + s + pad + " |")
			}
		}
		fmt.Fprintln(w, b.String())
	}
	line(header)
	var b strings.Builder
	b.WriteString("|")
	for c := range header {
		if c >= numericFrom {
			b.WriteString(" " + strings.Repeat("-", width[c]-1) + ": |")
		} else {
			b.WriteString(" " + strings.Repeat("-", width[c]) + " |")
		}
	}
	fmt.Fprintln(w, b.String())
	for _, r := range rows {
		line(r)
	}
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// WriteCSV writes every table of the report as CSV, each after a comment
// line "# title" and separated by a blank line (read them with a CSV
// reader's comment character set to '#'); with instances, only the
// instances table, without the comment. When rows had GBD hashes, the
// instances table has a last column "gbd" (Markdown leaves it out).
func (rep *Report) WriteCSV(w io.Writer, instances bool) error {
	cw := csv.NewWriter(w)
	for i, t := range rep.tables(true) {
		if instances {
			if t.title != instancesTitle {
				continue
			}
		} else {
			if i > 0 {
				cw.Flush()
				fmt.Fprintln(w)
			}
			cw.Flush()
			fmt.Fprintf(w, "# %s\n", t.title)
		}
		cw.Write(t.header)
		for _, r := range t.rows {
			cw.Write(r)
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes the report as one indented JSON object.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}
