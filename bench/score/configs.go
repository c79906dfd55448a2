package score

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/stats"
)

// A configuration is what a benchmark compares: a solver, and the encoder
// command when the instance is a puzzle encoded on the fly. Rows carry the
// encoder inside the instance name ("path | command", see
// suite.NewInstance), so
// the instance a configuration is scored on is the path alone: two
// encodings of gchq.non race on the same instance.

// family returns the family of an instance path: its folder, or "-" for
// the path "-" (an encoder that reads no file).
func family(path string) string {
	if path == "-" {
		return "-"
	}
	return filepath.ToSlash(filepath.Dir(path))
}

// Config names a configuration: a solver and an encoder command, empty when
// the instance was a CNF file.
type Config struct {
	Solver   string `json:"solver"`
	Encoding string `json:"encoding,omitempty"`
}

// String returns "solver" or "solver + encoding".
func (c Config) String() string {
	if c.Encoding == "" {
		return c.Solver
	}
	return c.Solver + " + " + c.Encoding
}

// Cell folds the repetitions of one configuration on one instance.
type Cell struct {
	Config
	Instance string `json:"instance"` // the path, without the encoder
	Family   string `json:"family"`
	// Tags are the suite's tags of the instance (see results.Row.Tags): its
	// families instead of Family when there are any.
	Tags []string `json:"tags,omitempty"`
	Runs int      `json:"runs"`
	// SolvedRuns counts the runs that answered SAT or UNSAT.
	SolvedRuns int `json:"solved_runs"`
	// Solved is true when most runs (more than half) were solved.
	Solved bool `json:"solved"`
	// Answer is SAT, UNSAT, "-" (no run answered) or CONFLICT (runs of
	// this configuration answered both).
	Answer string `json:"answer"`
	// Median is the median of the runs' PAR-2 scores when Solved (a wall
	// time, or the mean of two), else the penalty, twice the time limit.
	Median float64 `json:"median"`
	// Min and Max are the smallest and largest times of the runs:
	// the spread.
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	// Mean and SD are the mean and sample standard deviation of the
	// runs' times (SD 0 for one run).
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	// Outliers counts the runs whose time is a statistical outlier
	// (see stats.Outliers).
	Outliers int `json:"outliers,omitempty"`
	// Relative is Median over the fastest solved configuration's Median
	// on this instance (1 for the fastest), 0 when not Solved; RelLo and
	// RelHi are its 95% bootstrap interval (see stats.RatioCI).
	Relative float64 `json:"relative,omitempty"`
	RelLo    float64 `json:"relative_lo,omitempty"`
	RelHi    float64 `json:"relative_hi,omitempty"`
	// Contended, Wrong and Unproven count the runs marked contended
	// (results.Row.Contended), with a wrong model, or UNPROVEN.
	Contended     int       `json:"contended,omitempty"`
	Wrong         int       `json:"wrong,omitempty"`
	Unproven      int       `json:"unproven,omitempty"`
	times, scores []float64 // the runs' times and PAR-2 scores
}

// ConfigStats scores one configuration over the instances it ran, each
// instance's repetitions folded into a Cell.
type ConfigStats struct {
	Config
	Instances int `json:"instances"`
	Solved    int `json:"solved"`
	Sat       int `json:"sat"`
	Unsat     int `json:"unsat"`
	// PAR2 is the mean over instances of the cells' Median (the penalty
	// for an unsolved cell), seconds.
	PAR2 float64 `json:"par2"`
	// Median is the median over solved instances of the cells' Median,
	// 0 when none was solved.
	Median float64 `json:"median"`
	// Unique counts the instances only this configuration solved; -1 for
	// the virtual best solver, where it means nothing.
	Unique int `json:"unique"`
	// Runs counts the runs; Contended, Wrong, Unproven and Outliers those
	// of the cells' counts (see Cell), which cast doubt on the scores.
	Runs      int `json:"runs"`
	Contended int `json:"contended"`
	Wrong     int `json:"wrong"`
	Unproven  int `json:"unproven"`
	Outliers  int `json:"outliers"`
}

// doubt adds cell c's run counts to s.
func (s *ConfigStats) doubt(c *Cell) {
	s.Runs += c.Runs
	s.Contended += c.Contended
	s.Wrong += c.Wrong
	s.Unproven += c.Unproven
	s.Outliers += c.Outliers
}

// FamilyStats scores the configurations and the virtual best solver on the
// instances of one family: a tag from the suite file, or for an untagged
// instance its folder.
type FamilyStats struct {
	Family  string        `json:"family"`
	Configs []ConfigStats `json:"configs"`
	VBS     ConfigStats   `json:"vbs"`
}

// VBSName is the solver name of the virtual best solver's row.
const VBSName = "VBS"

// Less orders configurations by solver, then encoding.
func (a Config) Less(b Config) bool {
	if a.Solver != b.Solver {
		return a.Solver < b.Solver
	}
	return a.Encoding < b.Encoding
}

// scoreConfigs scores every configuration of cells, and the virtual best
// solver: per instance the best cell (solved, lowest Median). Configs are
// sorted by solved instances (most first), then PAR-2, then name.
func scoreConfigs(cells []*Cell) ([]ConfigStats, ConfigStats) {
	by := map[Config]*ConfigStats{}
	solvedMed := map[Config][]float64{}
	type best struct {
		c      *Cell
		solved int // configurations that solved the instance
		by     Config
	}
	inst := map[string]*best{}
	for _, c := range cells {
		s := by[c.Config]
		if s == nil {
			s = &ConfigStats{Config: c.Config}
			by[c.Config] = s
		}
		s.Instances++
		s.PAR2 += c.Median
		s.doubt(c)
		b := inst[c.Instance]
		if b == nil {
			b = &best{}
			inst[c.Instance] = b
		}
		if c.Solved {
			s.Solved++
			count(s, c.Answer)
			solvedMed[c.Config] = append(solvedMed[c.Config], c.Median)
			b.solved++
			b.by = c.Config
		}
		if b.c == nil || better(c, b.c) {
			b.c = c
		}
	}
	vbs := ConfigStats{Config: Config{Solver: VBSName}, Unique: -1}
	var vbsMed []float64
	for _, name := range slices.Sorted(maps.Keys(inst)) {
		b := inst[name]
		if b.solved == 1 {
			by[b.by].Unique++
		}
		vbs.Instances++
		vbs.PAR2 += b.c.Median
		if b.c.Solved {
			vbs.Solved++
			count(&vbs, b.c.Answer)
			vbsMed = append(vbsMed, b.c.Median)
		}
	}
	if vbs.Instances > 0 {
		vbs.PAR2 /= float64(vbs.Instances)
	}
	vbs.Median = stats.Median(vbsMed)
	out := make([]ConfigStats, 0, len(by))
	for k, s := range by {
		s.PAR2 /= float64(s.Instances)
		s.Median = stats.Median(solvedMed[k])
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
		return a.Config.Less(b.Config)
	})
	return out, vbs
}

func count(s *ConfigStats, answer string) {
	switch answer {
	case results.StatusSat:
		s.Sat++
	case results.StatusUnsat:
		s.Unsat++
	}
}

// better reports whether cell a beats b for the virtual best solver: solved
// beats unsolved, then the lower Median, then the smaller configuration.
func better(a, b *Cell) bool {
	if a.Solved != b.Solved {
		return a.Solved
	}
	if a.Median != b.Median {
		return a.Median < b.Median
	}
	return a.Config.Less(b.Config)
}

// scoreFamilies scores cells per family, families sorted by name. A cell
// is in the family of each of its tags, or in its folder's when it has
// none.
func scoreFamilies(cells []Cell) []FamilyStats {
	by := map[string][]*Cell{}
	for i := range cells {
		c := &cells[i]
		fams := c.Tags
		if len(fams) == 0 {
			fams = []string{c.Family}
		}
		for _, f := range fams {
			by[f] = append(by[f], c)
		}
	}
	var out []FamilyStats
	for _, f := range slices.Sorted(maps.Keys(by)) {
		cs, vbs := scoreConfigs(by[f])
		out = append(out, FamilyStats{Family: f, Configs: cs, VBS: vbs})
	}
	return out
}

// configDisagreements returns the instances (paths) that one configuration,
// or one run, answered SAT and another UNSAT, naming configurations: from
// the cells, a cell whose runs answered both (CONFLICT) on both sides.
func configDisagreements(cells []Cell) []results.Disagreement {
	out := []results.Disagreement{}
	for i := 0; i < len(cells); {
		var sat, unsat []string
		j := i
		for ; j < len(cells) && cells[j].Instance == cells[i].Instance; j++ {
			name := cells[j].Config.String()
			switch cells[j].Answer {
			case results.StatusSat:
				sat = append(sat, name)
			case results.StatusUnsat:
				unsat = append(unsat, name)
			case "CONFLICT":
				sat, unsat = append(sat, name), append(unsat, name)
			}
		}
		if len(sat) > 0 && len(unsat) > 0 {
			slices.Sort(sat)
			slices.Sort(unsat)
			out = append(out, results.Disagreement{Instance: cells[i].Instance, Sat: sat, Unsat: unsat})
		}
		i = j
	}
	return out
}

// table is one table of a report, for Markdown and CSV alike.
type table struct {
	title, note string
	header      []string
	rows        [][]string
	numericFrom int // right-align columns from this one on
}

const instancesTitle = "Instances"

func rel(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// configCols returns the configuration's cells: solver, and encoding when
// the report has encodings ("-" for none).
func (rep *Report) configCols(c Config) []string {
	if !rep.Encodings {
		return []string{c.Solver}
	}
	e := c.Encoding
	if e == "" {
		e = "-"
	}
	return []string{c.Solver, e}
}

func (rep *Report) configHeader() []string {
	if !rep.Encodings {
		return []string{"solver"}
	}
	return []string{"solver", "encoding"}
}

func (rep *Report) statsRow(pre []string, s *ConfigStats, unique bool) []string {
	med := "-"
	if s.Solved > 0 {
		med = secs(s.Median)
	}
	r := append(append(pre, rep.configCols(s.Config)...), strconv.Itoa(s.Instances), strconv.Itoa(s.Solved),
		strconv.Itoa(s.Sat), strconv.Itoa(s.Unsat), secs(s.PAR2), med)
	if unique {
		u := "-"
		if s.Unique >= 0 {
			u = strconv.Itoa(s.Unique)
		}
		r = append(r, u)
	}
	return r
}

// tables returns the report's tables in the order they are printed; for
// CSV, the instances table has the GBD hashes when there are any.
func (rep *Report) tables(csv bool) []table {
	nc := len(rep.configHeader())
	statsHeader := []string{"instances", "solved", "SAT", "UNSAT", "PAR-2 (s)", "median (s)"}

	cfg := table{title: "Configurations", numericFrom: nc,
		note: fmt.Sprintf("A configuration is a solver, or a solver and the encoder command of an encoded instance; "+
			"an instance is its path. Each instance's repetitions are folded (see Repetitions): solved means most runs were. "+
			"PAR-2: mean over instances of the median run time, an unsolved instance counting twice the runs' timeout "+
			"(runs without one: %ss); times are %s times. median: over solved instances. unique: instances only this configuration solved. "+
			"VBS, the virtual best solver: per instance the best configuration.", secs(rep.Limit), rep.Clock),
		header: append(append(rep.configHeader(), statsHeader...), "unique")}
	for i := range rep.Configs {
		cfg.rows = append(cfg.rows, rep.statsRow(nil, &rep.Configs[i], true))
	}
	cfg.rows = append(cfg.rows, rep.statsRow(nil, &rep.VBS, true))

	fam := table{title: "Families", numericFrom: nc + 1,
		note:   "The same scores per family: each tag the suite file gives the instance" + around(" (", rep.Sources.Tags, ")") + ", else the folder of its path.",
		header: append(append([]string{"family"}, rep.configHeader()...), statsHeader...)}
	for _, f := range rep.Families {
		for i := range f.Configs {
			fam.rows = append(fam.rows, rep.statsRow([]string{f.Family}, &f.Configs[i], false))
		}
		fam.rows = append(fam.rows, rep.statsRow([]string{f.Family}, &f.VBS, false))
	}

	reps := rep.repsTable(nc)

	dis := table{title: "Disagreements", numericFrom: 3,
		note:   "Instances one configuration (or run) answered SAT and another UNSAT: at least one is wrong.",
		header: []string{"instance", "SAT by", "UNSAT by"}}
	for _, d := range rep.Disagreements {
		dis.rows = append(dis.rows, []string{d.Instance, strings.Join(d.Sat, "; "), strings.Join(d.Unsat, "; ")})
	}

	sol := table{title: "Solvers", numericFrom: 1,
		note:   fmt.Sprintf("Single runs, repetitions and encodings not folded. PAR-2: mean per run of the %s time if solved, else twice the time limit (%ss).", rep.Clock, secs(rep.Limit)),
		header: solverHeader}
	for i := range rep.Solvers {
		sol.rows = append(sol.rows, rep.Solvers[i].cells())
	}
	ins := table{title: instancesTitle, numericFrom: 3,
		note:   "Per instance name (path and encoder), the answer and the fastest solver's mean solved " + rep.Clock + " time.",
		header: instanceHeader}
	gbd := false
	for i := range rep.Instances {
		gbd = gbd || csv && rep.Instances[i].GBD != ""
	}
	if gbd {
		ins.header = append(append([]string(nil), instanceHeader...), "gbd")
		ins.note += " gbd: the GBD hash of the CNF file (for encoded instances, of the CNF the encoder wrote)."
	}
	for i := range rep.Instances {
		r := rep.Instances[i].cells()
		if gbd {
			r = append(r, rep.Instances[i].GBD)
		}
		ins.rows = append(ins.rows, r)
	}
	return []table{cfg, rep.doubtsTable(nc), fam, reps, dis, sol, ins, rep.proofsTable(), rep.machinesTable()}
}

// Cells folds rows into cells (see FoldCells) by wall time with the limit
// PAR-2 uses, and returns them with that limit.
func Cells(rows []results.Row) ([]Cell, float64) { return CellsBy(rows, Wall) }

// CellsBy is Cells with the runs timed by clock.
func CellsBy(rows []results.Row, clock Clock) ([]Cell, float64) {
	if !results.Sorted(rows) { // a report's are, by SummarizeBy: no copy
		rows = append([]results.Row(nil), rows...)
		results.Sort(rows)
	}
	lim := Limit(rows, clock)
	return FoldCells(rows, lim, clock), lim
}
