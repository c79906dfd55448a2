package bench

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pipesat/pipesat/internal/cmdio"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// minTime is the smallest time a log axis shows; faster runs sit on it.
const minTime = 0.001

// Cactus returns the cactus plot of rows: for each solver, its solved runs
// sorted by wall time, the k-th point at (k, time of the k-th fastest), so
// a line further right solved more and a lower one solved them faster.
// The time axis is logarithmic.
func Cactus(rows []Row) (*plot.Plot, error) {
	times := map[string][]float64{}
	for _, r := range rows {
		if _, ok := times[r.Solver]; !ok {
			times[r.Solver] = nil
		}
		if r.Solved() {
			times[r.Solver] = append(times[r.Solver], max(r.Wall, minTime))
		}
	}
	p := plot.New()
	p.Title.Text = "Cactus plot"
	p.X.Label.Text = "runs solved"
	p.Y.Label.Text = "wall time (s)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	var args []any
	for _, s := range sortedCells(times) {
		ts := times[s]
		sort.Float64s(ts)
		xys := make(plotter.XYs, len(ts))
		for i, t := range ts {
			xys[i] = plotter.XY{X: float64(i + 1), Y: t}
		}
		if len(xys) == 0 {
			continue // nothing to draw, but keep the colour order stable
		}
		args = append(args, fmt.Sprintf("%s (%d)", s, len(ts)), xys)
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("no solved runs to plot")
	}
	if err := plotutil.AddLinePoints(p, args...); err != nil {
		return nil, err
	}
	p.X.Min = 0
	return p, nil
}

// Scatter returns the scatter plot of solver a's time (x) against b's (y)
// per instance, both axes logarithmic. An instance's time is the mean over
// its solved runs; one a solver did not solve sits on the border at the
// time limit, drawn as a cross. Points under the diagonal are instances b
// solved faster.
func Scatter(rows []Row, a, b string) (*plot.Plot, error) {
	lim := limit(rows)
	if lim <= 0 {
		lim = 1
	}
	type acc struct{ sum, n float64 }
	cell := map[string]map[string]*acc{a: {}, b: {}}
	for _, r := range rows {
		m, ok := cell[r.Solver]
		if !ok {
			continue
		}
		c := m[r.Instance]
		if c == nil {
			c = &acc{}
			m[r.Instance] = c
		}
		if r.Solved() {
			c.sum += r.Wall
			c.n++
		}
	}
	for _, s := range []string{a, b} {
		if len(cell[s]) == 0 {
			return nil, fmt.Errorf("no rows for solver %q", s)
		}
	}
	time := func(c *acc) (float64, bool) {
		if c.n == 0 {
			return lim, false
		}
		return min(max(c.sum/c.n, minTime), lim), true
	}
	var both, border plotter.XYs
	for _, inst := range sortedCells(cell[a]) {
		cb, ok := cell[b][inst]
		if !ok {
			continue
		}
		x, okx := time(cell[a][inst])
		y, oky := time(cb)
		if okx && oky {
			both = append(both, plotter.XY{X: x, Y: y})
		} else {
			border = append(border, plotter.XY{X: x, Y: y})
		}
	}
	if len(both)+len(border) == 0 {
		return nil, fmt.Errorf("%s and %s have no instance in common", a, b)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s vs %s (limit %gs)", a, b, lim)
	p.X.Label.Text = a + " wall time (s)"
	p.Y.Label.Text = b + " wall time (s)"
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Scale = plot.LogScale{}
		ax.Tick.Marker = plot.LogTicks{Prec: -1}
		ax.Min, ax.Max = minTime, lim*1.5
	}
	lo := minTime
	for _, xy := range append(append(plotter.XYs{}, both...), border...) {
		lo = min(lo, xy.X, xy.Y)
	}
	p.X.Min, p.Y.Min = lo, lo
	p.Add(plotter.NewGrid())
	diag, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: lim, Y: lim}})
	if err != nil {
		return nil, err
	}
	diag.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(diag)
	edge, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lim}, {X: lim, Y: lim}, {X: lim, Y: lo}})
	if err != nil {
		return nil, err
	}
	edge.Color = plotutil.Color(1)
	p.Add(edge)
	if len(both) > 0 {
		s, err := plotter.NewScatter(both)
		if err != nil {
			return nil, err
		}
		s.Color = plotutil.Color(0)
		s.Shape = draw.CircleGlyph{}
		p.Add(s)
		p.Legend.Add(fmt.Sprintf("solved by both (%d)", len(both)), s)
	}
	if len(border) > 0 {
		s, err := plotter.NewScatter(border)
		if err != nil {
			return nil, err
		}
		s.Color = plotutil.Color(1)
		s.Shape = draw.CrossGlyph{}
		s.Radius = vg.Points(4)
		p.Add(s)
		p.Legend.Add(fmt.Sprintf("unsolved by one or both (%d)", len(border)), s)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return p, nil
}

// SavePlot writes p to path in the format its extension names (svg, png,
// pdf, eps), as cmdio.WriteFile does.
func SavePlot(p *plot.Plot, path string) error {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	switch ext {
	case "svg", "png", "pdf", "eps":
	default:
		return fmt.Errorf("%s: unknown plot format %q (use .svg, .png, .pdf or .eps)", path, ext)
	}
	wt, err := p.WriterTo(16*vg.Centimeter, 12*vg.Centimeter, ext)
	if err != nil {
		return err
	}
	return cmdio.WriteFile(path, wt, nil) // path ends in one of the extensions: never "-"
}
