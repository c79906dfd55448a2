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
	"github.com/pipesat/pipesat/bench/suite"
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
	// Min and Max are the smallest and largest wall times of the runs:
	// the spread.
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	// Relative is Median over the fastest solved configuration's Median
	// on this instance (1 for the fastest), 0 when not Solved.
	Relative float64 `json:"relative,omitempty"`
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

// FoldCells folds rows, in results.Sort order, into cells sorted by
// instance, then configuration; an unsolved run scores twice its timeout,
// or twice lim without one (see Limit).
// lim is the limit of rows without a timeout (see limit).
func FoldCells(rows []results.Row, lim float64) []Cell {
	type key struct {
		c    Config
		inst string
	}
	scores := map[key][]float64{}
	cells := map[key]*Cell{}
	for i := range rows {
		r := &rows[i]
		path, enc := suite.SplitName(r.Instance)
		k := key{Config{r.Solver, enc}, path}
		c := cells[k]
		if c == nil {
			c = &Cell{Config: k.c, Instance: path, Family: family(path), Answer: "-", Min: r.Wall, Max: r.Wall}
			cells[k] = c
		}
		if len(c.Tags) == 0 {
			c.Tags = r.Tags
		}
		c.Runs++
		c.Min, c.Max = min(c.Min, r.Wall), max(c.Max, r.Wall)
		sc := score(r, lim)
		scores[k] = append(scores[k], sc)
		if r.Solved() {
			c.SolvedRuns++
			switch c.Answer {
			case "-":
				c.Answer = r.Status
			case r.Status, "CONFLICT":
			default:
				c.Answer = "CONFLICT"
			}
		} else {
			// The penalty of an unsolved cell: the largest of its runs'.
			c.Median = max(c.Median, sc)
		}
	}
	out := make([]Cell, 0, len(cells))
	for k, c := range cells {
		c.Solved = 2*c.SolvedRuns > c.Runs
		if c.Solved {
			c.Median = medianOf(scores[k])
		}
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := &out[i], &out[j]
		if a.Instance != b.Instance {
			return a.Instance < b.Instance
		}
		return a.Config.Less(b.Config)
	})
	// Relative speed, hyperfine style: over the fastest on the instance.
	for i := 0; i < len(out); {
		j := i
		best := 0.0
		for ; j < len(out) && out[j].Instance == out[i].Instance; j++ {
			if out[j].Solved && (best == 0 || out[j].Median < best) {
				best = out[j].Median
			}
		}
		for k := i; k < j; k++ {
			if out[k].Solved {
				out[k].Relative = ratio(out[k].Median, best)
			}
		}
		i = j
	}
	return out
}

// ratio returns a/b, 1 when both are 0 (two runs too fast to time).
func ratio(a, b float64) float64 {
	if b == 0 {
		if a == 0 {
			return 1
		}
		b = 0.001 // the resolution of the tables
	}
	return a / b
}

// Less orders configurations by solver, then encoding.
func (a Config) Less(b Config) bool {
	if a.Solver != b.Solver {
		return a.Solver < b.Solver
	}
	return a.Encoding < b.Encoding
}

// medianOf returns the median of xs (the mean of the middle two for an
// even count), 0 for none. It sorts a copy.
func medianOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// scoreConfigs scores every configuration of cells, and the virtual best
// solver: per instance the best cell (solved, lowest Median). Configs are
// sorted by solved instances (most first), then PAR-2, then name.
func scoreConfigs(cells []Cell) ([]ConfigStats, ConfigStats) {
	by := map[Config]*ConfigStats{}
	solvedMed := map[Config][]float64{}
	type best struct {
		c      *Cell
		solved int // configurations that solved the instance
		by     Config
	}
	inst := map[string]*best{}
	for i := range cells {
		c := &cells[i]
		s := by[c.Config]
		if s == nil {
			s = &ConfigStats{Config: c.Config}
			by[c.Config] = s
		}
		s.Instances++
		s.PAR2 += c.Median
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
	vbs.Median = medianOf(vbsMed)
	out := make([]ConfigStats, 0, len(by))
	for k, s := range by {
		s.PAR2 /= float64(s.Instances)
		s.Median = medianOf(solvedMed[k])
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
	by := map[string][]Cell{}
	for _, c := range cells {
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
// or one run, answered SAT and another UNSAT, naming configurations.
func configDisagreements(rows []results.Row) []results.Disagreement {
	byConfig := make([]results.Row, len(rows))
	for i, r := range rows {
		path, enc := suite.SplitName(r.Instance)
		r.Solver = Config{r.Solver, enc}.String()
		r.Instance = path
		byConfig[i] = r
	}
	return results.Disagreements(byConfig)
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
			"(runs without one: %ss). median: over solved instances. unique: instances only this configuration solved. "+
			"VBS, the virtual best solver: per instance the best configuration.", secs(rep.Limit)),
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

	reps := table{title: "Repetitions", numericFrom: nc + 1,
		note: "Per configuration and instance: runs solved of runs, the answer, the median run time " +
			"(PAR-2 scores; twice the timeout when most runs were unsolved), the spread as the " +
			"minimum and maximum wall time, and the relative speed: the median over the fastest " +
			"configuration's on the instance (1.00 for the fastest).",
		header: append(append([]string{"instance"}, rep.configHeader()...), "solved", "answer", "median (s)", "min (s)", "max (s)", "relative")}
	for _, c := range rep.Cells {
		r := "-"
		if c.Solved {
			r = rel(c.Relative)
		}
		reps.rows = append(reps.rows, append(append([]string{c.Instance}, rep.configCols(c.Config)...),
			fmt.Sprintf("%d/%d", c.SolvedRuns, c.Runs), c.Answer, secs(c.Median), secs(c.Min), secs(c.Max), r))
	}

	dis := table{title: "Disagreements", numericFrom: 3,
		note:   "Instances one configuration (or run) answered SAT and another UNSAT: at least one is wrong.",
		header: []string{"instance", "SAT by", "UNSAT by"}}
	for _, d := range rep.Disagreements {
		dis.rows = append(dis.rows, []string{d.Instance, strings.Join(d.Sat, "; "), strings.Join(d.Unsat, "; ")})
	}

	sol := table{title: "Solvers", numericFrom: 1,
		note:   fmt.Sprintf("Single runs, repetitions and encodings not folded. PAR-2: mean per run of the wall time if solved, else twice the time limit (%ss).", secs(rep.Limit)),
		header: solverHeader}
	for i := range rep.Solvers {
		sol.rows = append(sol.rows, rep.Solvers[i].cells())
	}
	ins := table{title: instancesTitle, numericFrom: 3,
		note:   "Per instance name (path and encoder), the answer and the fastest solver's mean solved wall time.",
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
	return []table{cfg, fam, reps, dis, sol, ins, rep.proofsTable(), rep.machinesTable()}
}

// Cells folds rows into cells (see FoldCells) with the limit PAR-2 uses,
// and returns them with that limit.
func Cells(rows []results.Row) ([]Cell, float64) {
	rows = append([]results.Row(nil), rows...)
	results.Sort(rows)
	lim := Limit(rows)
	return FoldCells(rows, lim), lim
}
