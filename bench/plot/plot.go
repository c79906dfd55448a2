package plot

import (
	"errors"
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/bench/suite"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// minTime is the smallest time a plot shows; faster runs sit on it.
const minTime = 0.001

// palette is Okabe and Ito's colour-blind-safe palette ("Color Universal
// Design", 2008), ordered so that neighbours differ most on white; its
// yellow, hard to see on white, comes last.
var palette = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xff}, // blue
	{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	{0x00, 0x9E, 0x73, 0xff}, // bluish green
	{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xff}, // orange
	{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	{0x00, 0x00, 0x00, 0xff}, // black
	{0xF0, 0xE4, 0x42, 0xff}, // yellow
}

// glyphs are the markers of successive lines. There is one fewer than
// colours, so the first 56 lines all differ in colour or marker.
var glyphs = []struct {
	name  string
	glyph draw.GlyphDrawer
}{
	{"circle", draw.CircleGlyph{}},
	{"triangle", draw.PyramidGlyph{}},
	{"square", draw.BoxGlyph{}},
	{"ring", draw.RingGlyph{}},
	{"open triangle", draw.TriangleGlyph{}},
	{"open square", draw.SquareGlyph{}},
	{"cross", draw.CrossGlyph{}},
}

// dashes are the line styles of successive lines, so lines stay apart in
// black and white print too.
var dashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)}}

var gray = color.RGBA{0x80, 0x80, 0x80, 0xff}

// Figure is a plot and its legend, drawn below the plot's axes so it
// covers no data. Draw it with SavePlot.
type Figure struct {
	Plot          *plot.Plot
	Width, Height vg.Length // of the plot; the legend adds to Height
	legend        []legendEntry
	series        []series // what was drawn, for tests
	logX, logY    bool     // the axis is over log10 of the data
	paper         Paper    // a PDF's page
}

type legendEntry struct {
	label  string
	thumbs []plot.Thumbnailer
}

// series records one drawn set of points.
type series struct {
	label  string
	color  color.RGBA
	glyph  string
	points plotter.XYs
}

// sans is the plots' typeface: Liberation Sans, whose widths are Arial's
// and Helvetica's, so text measured with it fits when a reader without it
// draws the SVG in one of those (see svgFamilies).
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

var legendFont = font.From(sans, 10)

// legend layout constants.
const (
	legendThumb = 24 // points
	legendGap   = 12 // points between columns
	legendPad   = 2  // points between rows
	legendEdge  = 6  // points above and below the legend
)

// legendLayout returns the legend's column width and count and its row
// count for a figure width w: as many columns as fit, filled top to bottom.
func (f *Figure) legendLayout(w vg.Length) (colW vg.Length, cols, rows int) {
	if len(f.legend) == 0 {
		return 0, 0, 0
	}
	sty := f.Plot.Legend.TextStyle
	sty.Font = legendFont
	for _, e := range f.legend {
		colW = max(colW, vg.Points(legendThumb)+sty.Rectangle(" "+e.label).Max.X)
	}
	colW += vg.Points(legendGap)
	cols = max(1, min(len(f.legend), int((w-vg.Points(legendGap))/colW)))
	rows = (len(f.legend) + cols - 1) / cols
	return colW, cols, rows
}

func (f *Figure) legendHeight(w vg.Length) vg.Length {
	_, _, rows := f.legendLayout(w)
	if rows == 0 {
		return 0
	}
	sty := f.Plot.Legend.TextStyle
	sty.Font = legendFont
	h := sty.Rectangle("Xg").Max.Y
	return vg.Length(rows)*(h+vg.Points(legendPad)) + 2*vg.Points(legendEdge)
}

// Size returns the size of the whole figure: wider than Width when a
// legend entry would not fit in it.
func (f *Figure) Size() (w, h vg.Length) {
	colW, _, _ := f.legendLayout(f.Width)
	w = max(f.Width, colW+vg.Points(legendGap))
	return w, f.Height + f.legendHeight(w)
}

// layout splits c into the plot's canvas and one canvas per legend column.
func (f *Figure) layout(c draw.Canvas) (plotC draw.Canvas, cols []draw.Canvas) {
	w := c.Max.X - c.Min.X
	lh := f.legendHeight(w)
	plotC = draw.Crop(c, 0, 0, lh, 0)
	colW, n, _ := f.legendLayout(w)
	if n == 0 {
		return plotC, nil
	}
	left := c.Min.X + (w-vg.Length(n)*colW+vg.Points(legendGap))/2
	for i := range n {
		x := left + vg.Length(i)*colW
		cols = append(cols, draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: x, Y: c.Min.Y + vg.Points(legendEdge)},
			Max: vg.Point{X: x + colW - vg.Points(legendGap), Y: c.Min.Y + lh - vg.Points(legendEdge)},
		}})
	}
	return plotC, cols
}

// Draw draws the figure on c: a white background, the plot, the legend.
func (f *Figure) Draw(c draw.Canvas) {
	r := c.Rectangle
	c.FillPolygon(color.White, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}})
	plotC, cols := f.layout(c)
	f.Plot.Title.Text = wrap(f.Plot.Title.TextStyle, f.Plot.Title.Text, r.Max.X-r.Min.X-vg.Points(12))
	f.Plot.Draw(plotC)
	_, n, rows := f.legendLayout(c.Max.X - c.Min.X)
	for i := range n {
		l := plot.NewLegend()
		l.TextStyle.Font = legendFont
		l.Top, l.Left = true, true
		l.Padding = vg.Points(legendPad)
		l.ThumbnailWidth = vg.Points(legendThumb - 4)
		for _, e := range f.legend[i*rows : min((i+1)*rows, len(f.legend))] {
			l.Add(e.label, e.thumbs...)
		}
		l.Draw(cols[i])
	}
}

// Options say what a plot's title names.
type Options struct {
	// Title is the first line of the title, e.g. the suite's name; the
	// second line says what was run (instances, runs, limits, hosts).
	Title string
	// Paper is the page of a PDF: PaperA4 (the default) or PaperLetter.
	Paper Paper
	// Clock is the time the plots draw: wall (the zero value) or CPU.
	Clock score.Clock
}

// runFacts says what rows ran: instances, configurations, repetitions,
// limits and machines, for a plot's title.
func runFacts(rows []results.Row, cells []score.Cell) string {
	inst, confs := map[string]bool{}, map[score.Config]bool{}
	for _, c := range cells {
		inst[c.Instance] = true
		confs[c.Config] = true
	}
	reps, hosts := 0, map[string]bool{}
	var timeout float64
	var mem int64
	for _, r := range rows {
		reps = max(reps, r.Rep)
		timeout = max(timeout, r.Timeout)
		mem = max(mem, r.Memory)
		if r.Host != "" {
			hosts[r.Host] = true
		}
	}
	facts := []string{plural(len(inst), "instance"), plural(len(confs), "configuration")}
	if reps > 1 {
		facts = append(facts, fmt.Sprintf("%d runs each", reps))
	}
	if timeout > 0 {
		facts = append(facts, "timeout "+tickLabel(timeout)+" s")
	} else {
		facts = append(facts, "no timeout")
	}
	if mem > 0 {
		facts = append(facts, fmt.Sprintf("memory %d MiB", mem))
	}
	switch len(hosts) {
	case 0:
	case 1:
		facts = append(facts, "on "+slices.Sorted(maps.Keys(hosts))[0])
	default:
		facts = append(facts, fmt.Sprintf("on %d hosts", len(hosts)))
	}
	switch n := concurrency(rows); {
	case n == 1:
		facts = append(facts, "1 run at a time")
	case n > 1:
		facts = append(facts, fmt.Sprintf("up to %d runs at a time", n))
	}
	return strings.Join(facts, ", ")
}

// concurrency returns the most runs that ran at once on one host: the
// rows' own count (results.Row.Jobs), or what their start and wall
// times show, whichever is more; 0 when no row says either.
func concurrency(rows []results.Row) int {
	type event struct {
		t     time.Time
		delta int // +1 start, -1 end
	}
	by := map[string][]event{}
	most := 0
	for _, r := range rows {
		most = max(most, r.Jobs)
		start, err := time.Parse(time.RFC3339Nano, r.Start)
		if err != nil {
			continue
		}
		end := start.Add(time.Duration(r.Wall * float64(time.Second)))
		by[r.Host] = append(by[r.Host], event{start, 1}, event{end, -1})
	}
	for _, evs := range by {
		// Ends before starts at the same instant: back-to-back runs did
		// not overlap.
		sort.Slice(evs, func(i, j int) bool {
			if !evs[i].t.Equal(evs[j].t) {
				return evs[i].t.Before(evs[j].t)
			}
			return evs[i].delta < evs[j].delta
		})
		n := 0
		for _, e := range evs {
			n += e.delta
			most = max(most, n)
		}
	}
	return most
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func title(kind string, opt Options, facts string) string {
	if opt.Title != "" {
		return opt.Title + ": " + kind + "\n" + facts
	}
	return kind + "\n" + facts
}

// wrap breaks the lines of s at spaces so that each fits in width w when
// written in sty; a word wider than w stays whole.
func wrap(sty text.Style, s string, w vg.Length) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		cur := ""
		for _, word := range strings.Fields(line) {
			if cur != "" && sty.Width(cur+" "+word) > w {
				out = append(out, cur)
				cur = ""
			}
			if cur != "" {
				cur += " "
			}
			cur += word
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// newPlot returns a plot with the house fonts: a 12-point title, 10-point
// labels.
func newPlot() *plot.Plot {
	p := plot.New()
	p.Legend.TextStyle.Font = legendFont
	p.Title.TextStyle.Font = font.From(sans, 12)
	p.Title.Padding = vg.Points(6)
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = font.From(sans, 11)
		ax.Tick.Label.Font = font.From(sans, 10)
		ax.Padding = vg.Points(3)
	}
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{0xe0}
	g.Horizontal.Color = color.Gray{0xe0}
	p.Add(g)
	return p
}

// Cactus returns the cactus plot of rows: one line per configuration
// (solver, or solver and encoding), its k-th point at (k, the time of its
// k-th fastest solved instance), so a line further right solved more and a
// lower one solved them faster. An instance's time is the median of its
// repetitions, as in the report; it counts as solved when most of them
// were. With two configurations or more a grey dotted line is the virtual
// best solver (VBS). The time axis is logarithmic when the times span a decade or more.
func Cactus(rows []results.Row, opt Options) (*Figure, error) {
	cells, _ := score.CellsBy(rows, opt.Clock)
	times := map[score.Config][]float64{}
	var configs []score.Config
	inst := map[string]bool{}
	for _, c := range cells {
		inst[c.Instance] = true
		if _, ok := times[c.Config]; !ok {
			configs = append(configs, c.Config)
			times[c.Config] = nil
		}
		if c.Solved {
			times[c.Config] = append(times[c.Config], max(c.Median, minTime))
		}
	}
	sort.Slice(configs, func(i, j int) bool { return configs[i].Less(configs[j]) })
	lo, hi := math.Inf(1), 0.0
	for _, ts := range times {
		for _, t := range ts {
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	if hi == 0 {
		return nil, fmt.Errorf("no solved instances to plot")
	}
	reps := 0
	for _, r := range rows {
		reps = max(reps, r.Rep)
	}
	f := &Figure{Plot: newPlot(), Width: 16 * vg.Centimeter, Height: 12 * vg.Centimeter, paper: opt.Paper}
	p := f.Plot
	p.Title.Text = title("cactus plot", opt, runFacts(rows, cells))
	p.X.Label.Text = fmt.Sprintf("instances solved (of %d)", len(inst))
	p.Y.Label.Text = opt.Clock.String() + " time (s)"
	if reps > 1 {
		p.Y.Label.Text = fmt.Sprintf("%s time (s), median of %d runs", opt.Clock, reps)
	}
	p.X.Min, p.X.Max = 0, float64(len(inst))
	p.X.Tick.Marker = plot.TickerFunc(countTicks)
	ty := timeAxis(&p.Y, lo, hi)
	f.logY = hi/lo >= 10
	for i, c := range configs {
		ts := times[c]
		sort.Float64s(ts)
		xys := make(plotter.XYs, len(ts))
		for k, t := range ts {
			xys[k] = plotter.XY{X: float64(k + 1), Y: ty(t)}
		}
		col, g := palette[i%len(palette)], glyphs[i%len(glyphs)]
		label := fmt.Sprintf("%s (%d solved)", c, len(ts))
		line := &plotter.Line{XYs: xys, LineStyle: draw.LineStyle{Color: col, Width: vg.Points(1.5), Dashes: dashes[i%len(dashes)]}}
		marks := &plotter.Scatter{XYs: markEvery(xys, 25), GlyphStyle: draw.GlyphStyle{Color: col, Radius: vg.Points(3), Shape: g.glyph}}
		if len(xys) > 0 {
			p.Add(line, marks)
		}
		f.legend = append(f.legend, legendEntry{label, []plot.Thumbnailer{line, marks}})
		f.series = append(f.series, series{label, col, g.name, xys})
	}
	if len(configs) > 1 {
		// The virtual best solver, as in the report: per instance the
		// fastest solved cell: thin, grey and dotted.
		best := map[string]float64{}
		for _, c := range cells {
			if t, ok := best[c.Instance]; c.Solved && (!ok || c.Median < t) {
				best[c.Instance] = c.Median
			}
		}
		var ts []float64
		for _, t := range best {
			ts = append(ts, max(t, minTime))
		}
		sort.Float64s(ts)
		xys := make(plotter.XYs, len(ts))
		for k, t := range ts {
			xys[k] = plotter.XY{X: float64(k + 1), Y: ty(t)}
		}
		line := &plotter.Line{XYs: xys, LineStyle: draw.LineStyle{Color: gray, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(1), vg.Points(2)}}}
		p.Add(line)
		label := fmt.Sprintf("%s, virtual best (%d solved)", score.VBSName, len(ts))
		f.legend = append(f.legend, legendEntry{label, []plot.Thumbnailer{line}})
		f.series = append(f.series, series{label, gray, "none", xys})
	}
	return f, nil
}

// markEvery returns at most about n of xys, evenly spaced, last included:
// markers on every point of a long line would hide it.
func markEvery(xys plotter.XYs, n int) plotter.XYs {
	if len(xys) <= n {
		return xys
	}
	step := (len(xys) + n - 1) / n
	var out plotter.XYs
	for i := len(xys) - 1; i >= 0; i -= step {
		out = append(out, xys[i])
	}
	return out
}

// timeAxis makes ax a time axis for data from lo to hi (seconds, > 0) and
// returns the transform from seconds to the axis's data coordinates:
// logarithmic with ticks at powers of ten (and 2 and 5 times them on a
// short axis) when hi/lo is 10 or more, else linear from 0.
//
// A log axis is drawn as a linear axis over log10 of the times: gonum
// centres an axis label at the arithmetic middle of the range, which on
// its LogScale is near the top and pushes the plot down.
func timeAxis(ax *plot.Axis, lo, hi float64) func(float64) float64 {
	if hi/lo >= 10 {
		ax.Min, ax.Max = math.Log10(niceFloor(lo)), math.Log10(niceCeil(hi))
		ax.Tick.Marker = plot.TickerFunc(logAxisTicks)
		return math.Log10
	}
	step := niceStep(hi, 6)
	ax.Min, ax.Max = 0, math.Ceil(hi/step-1e-9)*step
	ax.Tick.Marker = plot.TickerFunc(linearTicks)
	return func(v float64) float64 { return v }
}

// logAxisTicks are logTicks for an axis over log10 of the values.
func logAxisTicks(lo, hi float64) []plot.Tick {
	ticks := logTicks(math.Pow(10, lo), math.Pow(10, hi))
	for i := range ticks {
		ticks[i].Value = math.Log10(ticks[i].Value)
	}
	return ticks
}

// niceStep returns the smallest of 1, 2 or 5 times a power of ten that
// cuts span into at most n steps.
func niceStep(span float64, n int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// niceFloor and niceCeil round x > 0 down or up to 1, 2 or 5 times a power
// of ten, so a log axis starts and ends on a labelled tick.
func niceFloor(x float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{5, 2, 1} {
		if m*mag <= x*(1+1e-9) {
			return m * mag
		}
	}
	return mag / 2
}

func niceCeil(x float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= x*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// countTicks labels whole numbers from 0 in steps of 1, 2 or 5 times a
// power of ten, at most 8 labels (0 1 2 3 for 3 instances, not 0 8 16),
// with unlabelled ticks at each whole number between when there are few.
func countTicks(lo, hi float64) []plot.Tick {
	step := max(1, niceStep(hi-lo, 8))
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi+1e-9; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
	}
	if step > 1 && step <= 5 {
		for v := math.Ceil(lo); v <= hi; v++ {
			if math.Mod(v, step) != 0 {
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	return ticks
}

// linearTicks labels lo to hi in steps of 1, 2 or 5 times a power of ten,
// at most 6 steps, with as many decimals as the step needs.
func linearTicks(lo, hi float64) []plot.Tick {
	step := niceStep(hi-lo, 6)
	var ticks []plot.Tick
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi*(1+1e-9); i++ {
		v := i * step
		if v == 0 {
			v = 0 // not -0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: tickLabel(v)})
	}
	return ticks
}

// logTicks labels each power of ten from lo to hi, and 2 and 5 times it
// when the axis spans at most two decades; other whole multiples get
// unlabelled ticks.
func logTicks(lo, hi float64) []plot.Tick {
	labelAll := hi/lo <= 100*(1+1e-9)
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		mag := math.Pow(10, e)
		for m := 1.0; m <= 9; m++ {
			v := m * mag
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || labelAll && (m == 2 || m == 5) {
				t.Label = tickLabel(v)
			}
			ticks = append(ticks, t)
		}
	}
	// Label an end of the axis that is half a decade or more from every
	// label, so both ends of the data have a number near them.
	for _, end := range []float64{lo, hi} {
		near := false
		for _, t := range ticks {
			near = near || t.Label != "" && math.Abs(math.Log10(t.Value/end)) < 0.5
		}
		for i, t := range ticks {
			if !near && math.Abs(t.Value/end-1) < 1e-9 {
				ticks[i].Label = tickLabel(t.Value)
			}
		}
	}
	return ticks
}

// timeoutTicks are the ticks of a scatter plot's axis from 10^lo to the
// time limit lim: logTicks, with lim labelled and no label crowding it.
func timeoutTicks(lo, lim float64) []plot.Tick {
	ticks := logTicks(math.Pow(10, lo), lim)
	at := -1
	for i := range ticks {
		if math.Abs(ticks[i].Value/lim-1) < 1e-9 {
			at = i
		} else if math.Abs(math.Log10(ticks[i].Value/lim)) < 0.2 {
			ticks[i].Label = ""
		}
	}
	if at < 0 {
		ticks = append(ticks, plot.Tick{Value: lim})
		at = len(ticks) - 1
	}
	ticks[at].Label = tickLabel(lim)
	for i := range ticks {
		ticks[i].Value = math.Log10(ticks[i].Value)
	}
	return ticks
}

// tickLabel writes a time in seconds as people do: 0.001, 0.5, 2, 100,
// 3600; at most three significant digits.
func tickLabel(v float64) string {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	if r >= 1e6 {
		return strconv.FormatFloat(r, 'g', 3, 64)
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// Pick is one side of a scatter plot: a configuration, or with
// AllEncodings every configuration of Config.Solver, compared instance by
// instance name (path and encoder).
type Pick struct {
	score.Config
	AllEncodings bool
}

// matches reports whether r is one of p's runs.
func (p Pick) matches(r *results.Row) bool {
	_, enc := suite.SplitName(r.Instance)
	return r.Solver == p.Solver && (p.AllEncodings || enc == p.Encoding)
}

// FindPick returns what name picks in cells: the configuration of that
// full name (Config.String, e.g. "minisat + nono2cnf {}"); else a solver
// with that name, its one configuration or, when it ran several, all of
// them (AllEncodings).
func FindPick(cells []score.Cell, name string) (Pick, error) {
	var all, bySolver []score.Config
	seen := map[score.Config]bool{}
	for _, c := range cells {
		if seen[c.Config] {
			continue
		}
		seen[c.Config] = true
		all = append(all, c.Config)
		if c.Config.String() == name {
			return Pick{Config: c.Config}, nil
		}
		if c.Solver == name {
			bySolver = append(bySolver, c.Config)
		}
	}
	switch {
	case len(bySolver) == 1:
		return Pick{Config: bySolver[0]}, nil
	case len(bySolver) > 1:
		return Pick{Config: score.Config{Solver: name}, AllEncodings: true}, nil
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Less(all[j]) })
	var names []string
	for _, c := range all {
		names = append(names, strconv.Quote(c.String()))
	}
	return Pick{}, fmt.Errorf("no configuration or solver %q: have %s", name, strings.Join(names, ", "))
}

// ScatterPair splits spec "A,B" into two picks of rows (see FindPick). A
// configuration's name may itself hold commas (an encoder's arguments):
// every comma is tried, and it is an error unless exactly one split names
// two picks; else it returns a *PairError.
func ScatterPair(rows []results.Row, spec string) (a, b Pick, err error) {
	cells, _ := score.Cells(rows)
	var found [][2]Pick
	var firstErr error
	for i := range len(spec) {
		if spec[i] != ',' {
			continue
		}
		pa, ea := FindPick(cells, strings.TrimSpace(spec[:i]))
		pb, eb := FindPick(cells, strings.TrimSpace(spec[i+1:]))
		switch {
		case ea == nil && eb == nil:
			found = append(found, [2]Pick{pa, pb})
		case firstErr == nil && ea != nil:
			firstErr = ea
		case firstErr == nil:
			firstErr = eb
		}
	}
	switch {
	case len(found) == 1:
		return found[0][0], found[0][1], nil
	case len(found) > 1:
		return a, b, &PairError{spec, fmt.Errorf("ambiguous, it splits into two configurations at %d commas", len(found))}
	case firstErr != nil:
		return a, b, &PairError{spec, firstErr}
	}
	return a, b, &PairError{spec, errors.New("want two configurations, A,B")}
}

// PairError is ScatterPair's error: Spec names no two configurations, as
// Err says.
type PairError struct {
	Spec string
	Err  error
}

func (e *PairError) Error() string { return fmt.Sprintf("configurations %q: %v", e.Spec, e.Err) }

// Unwrap returns e.Err.
func (e *PairError) Unwrap() error { return e.Err }

// Scatter returns the scatter plot of a's time (x) against b's (y) per
// instance, both axes logarithmic and equal. An instance is a path, or,
// when a or b is a solver with all its encodings, an instance name (path
// and encoder). Its time is the median of its repetitions (see Cactus); an
// instance a side did not solve sits on the timeout line, the border drawn
// at the time limit. Points under the dashed diagonal are instances b
// solved faster. Markers say the answer: SAT, UNSAT, unsolved by one or
// both, or answers that disagree (the report's Disagreements table).
func Scatter(rows []results.Row, a, b Pick, opt Options) (*Figure, error) {
	all, lim := score.CellsBy(rows, opt.Clock)
	by, err := sides(rows, a, b, lim, opt.Clock)
	if err != nil {
		return nil, err
	}
	if lim <= 0 {
		lim = 1
	}
	sat, unsat, border, conflict, lo := points(by, lim)
	if len(sat)+len(unsat)+len(border)+len(conflict) == 0 {
		return nil, fmt.Errorf("%q and %q have no instance in common", a, b)
	}
	f := &Figure{Plot: newPlot(), Width: 14 * vg.Centimeter, Height: 14 * vg.Centimeter, paper: opt.Paper}
	p := f.Plot
	p.Title.Text = title("scatter plot", opt, runFacts(rows, all))
	p.X.Label.Text = a.String() + ": " + opt.Clock.String() + " time (s)"
	p.Y.Label.Text = b.String() + ": " + opt.Clock.String() + " time (s)"
	lo = niceFloor(lo)
	if lo >= lim {
		lo = niceFloor(lim / 10)
	}
	// Both axes are over log10 of the times (see timeAxis).
	f.logX, f.logY = true, true
	lo, hi, lg := math.Log10(lo), math.Log10(lim*1.6), math.Log10(lim) // room for markers on the timeout line
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Tick.Marker = plot.TickerFunc(func(lo, _ float64) []plot.Tick { return timeoutTicks(lo, lim) })
		ax.Min, ax.Max = lo, hi
	}
	for _, xys := range []plotter.XYs{sat, unsat, border, conflict} {
		for i := range xys {
			xys[i].X, xys[i].Y = math.Log10(xys[i].X), math.Log10(xys[i].Y)
		}
	}
	diag := &plotter.Line{XYs: plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}},
		LineStyle: draw.LineStyle{Color: gray, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}}
	edge := &plotter.Line{XYs: plotter.XYs{{X: lo, Y: lg}, {X: lg, Y: lg}, {X: lg, Y: lo}},
		LineStyle: draw.LineStyle{Color: color.Black, Width: vg.Points(1)}}
	p.Add(diag, edge)
	f.legend = append(f.legend, legendEntry{"equal time", []plot.Thumbnailer{diag}},
		legendEntry{"timeout (" + tickLabel(lim) + " s)", []plot.Thumbnailer{edge}})
	kinds := []struct {
		label string
		xys   plotter.XYs
		col   int
		glyph int
	}{
		{"SAT (%d)", sat, 0, 0},
		{"UNSAT (%d)", unsat, 1, 1},
		{"unsolved by one or both (%d)", border, 2, 6},
		{"answers disagree, SAT and UNSAT (%d)", conflict, 6, 5},
	}
	for _, k := range kinds {
		if len(k.xys) == 0 {
			continue
		}
		col, g := palette[k.col], glyphs[k.glyph]
		s := &plotter.Scatter{XYs: k.xys, GlyphStyle: draw.GlyphStyle{Color: col, Radius: vg.Points(3.5), Shape: g.glyph}}
		p.Add(s)
		label := fmt.Sprintf(k.label, len(k.xys))
		f.legend = append(f.legend, legendEntry{label, []plot.Thumbnailer{s}})
		f.series = append(f.series, series{label, col, g.name, k.xys})
	}
	return f, nil
}

// sides folds the rows of a and of b, timed by clock, an unsolved run scoring twice lim
// without a timeout of its own, into cells by side ("a", "b") and
// instance key: the path, or, when a side has all its encodings, the
// instance name with " | " hidden from suite.SplitName.
func sides(rows []results.Row, a, b Pick, lim float64, clock score.Clock) (map[string]map[string]*score.Cell, error) {
	byName := a.AllEncodings || b.AllEncodings
	var picked []results.Row
	for side, p := range []Pick{a, b} {
		n := 0
		for _, r := range rows {
			if !p.matches(&r) {
				continue
			}
			n++
			r.Solver = "ab"[side : side+1]
			path, enc := suite.SplitName(r.Instance)
			r.Instance = path
			if byName && enc != "" {
				r.Instance = path + " + " + enc
			}
			picked = append(picked, r)
		}
		if n == 0 {
			return nil, fmt.Errorf("no rows for %q", p)
		}
	}
	results.Sort(picked)
	by := map[string]map[string]*score.Cell{"a": {}, "b": {}}
	cells := score.FoldCells(picked, lim, clock)
	for i := range cells {
		c := &cells[i]
		by[c.Solver][c.Instance] = c
	}
	return by, nil
}

// points returns the scatter plot's points, the instances both sides ran,
// by kind, each time at most lim, and the least time.
func points(by map[string]map[string]*score.Cell, lim float64) (sat, unsat, border, conflict plotter.XYs, lo float64) {
	at := func(c *score.Cell) float64 {
		if !c.Solved {
			return lim
		}
		return min(max(c.Median, minTime), lim)
	}
	lo = lim
	for _, inst := range slices.Sorted(maps.Keys(by["a"])) {
		ca, cb := by["a"][inst], by["b"][inst]
		if cb == nil {
			continue
		}
		xy := plotter.XY{X: at(ca), Y: at(cb)}
		lo = min(lo, xy.X, xy.Y)
		switch {
		case !ca.Solved || !cb.Solved:
			border = append(border, xy)
		case ca.Answer != cb.Answer || ca.Answer == "CONFLICT":
			conflict = append(conflict, xy)
		case ca.Answer == results.StatusUnsat:
			unsat = append(unsat, xy)
		default:
			sat = append(sat, xy)
		}
	}
	return sat, unsat, border, conflict, lo
}
