package plot

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/internal/testenv"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

func tickLabels(ticks []plot.Tick) string {
	var out []string
	for _, t := range ticks {
		if t.Label != "" {
			out = append(out, t.Label)
		}
	}
	return strings.Join(out, " ")
}

func TestTicks(t *testing.T) {
	tests := []struct {
		name   string
		ticker func(lo, hi float64) []plot.Tick
		lo, hi float64
		want   string
	}{
		{"count 3", countTicks, 0, 3, "0 1 2 3"},
		{"count 1", countTicks, 0, 1, "0 1"},
		{"count 7", countTicks, 0, 7, "0 1 2 3 4 5 6 7"},
		{"count 8", countTicks, 0, 8, "0 1 2 3 4 5 6 7 8"},
		{"count 9", countTicks, 0, 9, "0 2 4 6 8"},
		{"count 23", countTicks, 0, 23, "0 5 10 15 20"},
		{"count 100", countTicks, 0, 100, "0 20 40 60 80 100"},
		{"count 1200", countTicks, 0, 1200, "0 200 400 600 800 1000 1200"},
		{"linear 0.5", linearTicks, 0, 0.5, "0 0.1 0.2 0.3 0.4 0.5"},
		{"linear 3", linearTicks, 0, 3, "0 0.5 1 1.5 2 2.5 3"},
		{"linear 40", linearTicks, 0, 40, "0 10 20 30 40"},
		{"log 4 decades", logTicks, 0.01, 5, "0.01 0.1 1 5"},
		{"log 6 decades", logTicks, 0.001, 1000, "0.001 0.01 0.1 1 10 100 1000"},
		{"log short", logTicks, 0.02, 1, "0.02 0.05 0.1 0.2 0.5 1"},
		{"log ends near labels", logTicks, 0.05, 20, "0.1 1 10"},
		{"log ends far from labels", logTicks, 0.02, 50, "0.02 0.1 1 10 50"},
		{"log hours", logTicks, 1, 3600, "1 10 100 1000"},
	}
	for _, tt := range tests {
		if got := tickLabels(tt.ticker(tt.lo, tt.hi)); got != tt.want {
			t.Errorf("%s: %s(%g, %g) labels %q, want %q", tt.name, "ticks", tt.lo, tt.hi, got, tt.want)
		}
	}
	for _, tt := range []struct {
		lo, lim float64
		want    string
	}{
		{0.01, 5, "0.01 0.1 1 5"},
		{0.01, 12, "0.01 0.1 1 12"},
		{0.1, 7.5, "0.1 0.2 0.5 1 2 7.5"},
		{0.01, 60, "0.01 0.1 1 10 60"},
	} {
		if got := tickLabels(timeoutTicks(math.Log10(tt.lo), tt.lim)); got != tt.want {
			t.Errorf("timeoutTicks(%g, %g) labels %q, want %q", tt.lo, tt.lim, got, tt.want)
		}
	}
	// Unlabelled minor ticks: every whole number between labels of 2..5,
	// every whole multiple on a log axis.
	if n := len(countTicks(0, 9)); n != 10 {
		t.Errorf("count 9: %d ticks, want 10 (5 labelled, 5 minor)", n)
	}
	if n := len(logTicks(0.01, 5)); n != 9*2+5 {
		t.Errorf("log 0.01-5: %d ticks, want 23", n)
	}
	for _, tt := range []struct {
		x           float64
		floor, ceil float64
	}{{0.027, 0.02, 0.05}, {4.3, 2, 5}, {10, 10, 10}, {0.001, 0.001, 0.001}, {7, 5, 10}, {1.5, 1, 2}} {
		if f, c := niceFloor(tt.x), niceCeil(tt.x); math.Abs(f-tt.floor) > 1e-12 || math.Abs(c-tt.ceil) > 1e-12 {
			t.Errorf("niceFloor, niceCeil(%g) = %g, %g, want %g, %g", tt.x, f, c, tt.floor, tt.ceil)
		}
	}
}

// describe writes what a figure shows, in the order it is drawn: the
// title, each axis's label, range and tick labels, and each series'
// label, colour, marker and points (in seconds, axes' logs undone). It
// is the plots' golden file: stable where the bytes of an image are not.
func describe(f *Figure) string {
	var b strings.Builder
	p := f.Plot
	fmt.Fprintf(&b, "title: %q\n", p.Title.Text)
	undo := func(log bool, v float64) float64 {
		if log {
			return math.Pow(10, v)
		}
		return v
	}
	for _, ax := range []struct {
		name string
		a    *plot.Axis
		log  bool
	}{{"x", &p.X, f.logX}, {"y", &p.Y, f.logY}} {
		scale := "linear"
		if ax.log {
			scale = "log"
		}
		fmt.Fprintf(&b, "%s: %q %s from %.4g to %.4g, ticks %q\n", ax.name, ax.a.Label.Text, scale,
			undo(ax.log, ax.a.Min), undo(ax.log, ax.a.Max), tickLabels(ax.a.Tick.Marker.Ticks(ax.a.Min, ax.a.Max)))
	}
	for _, s := range f.series {
		fmt.Fprintf(&b, "series %q: #%02x%02x%02x %s:", s.label, s.color.R, s.color.G, s.color.B, s.glyph)
		for _, xy := range s.points {
			fmt.Fprintf(&b, " (%.4g, %.4g)", undo(f.logX, xy.X), undo(f.logY, xy.Y))
		}
		b.WriteString("\n")
	}
	var legend []string
	for _, e := range f.legend {
		legend = append(legend, e.label)
	}
	fmt.Fprintf(&b, "legend: %q\n", legend)
	return b.String()
}

func TestCactusGolden(t *testing.T) {
	f, err := Cactus(configRows(t), Options{Title: "two puzzles"})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/cactus.golden", []byte(describe(f)))
	checkLayout(t, f)
}

func TestScatterGolden(t *testing.T) {
	rows := configRows(t)
	a, b, err := ScatterPair(rows, "minisat + "+encRuns+", gini + "+encAuto)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Scatter(rows, a, b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/scatter.golden", []byte(describe(f)))
	checkLayout(t, f)
}

// checkLayout checks that the legend lies inside the figure, below the
// plot's data area, overlapping nothing of it, and that every title line
// fits the width.
func checkLayout(t *testing.T, f *Figure) {
	t.Helper()
	w, h := f.Size()
	c := draw.New(vgimg.New(w, h))
	f.Draw(c) // wraps the title
	plotC, cols := f.layout(c)
	data := f.Plot.DataCanvas(plotC).Rectangle
	if len(cols) == 0 {
		t.Fatal("no legend")
	}
	for i, col := range cols {
		r := col.Rectangle
		if r.Min.X < 0 || r.Min.Y < 0 || r.Max.X > w || r.Max.Y > h {
			t.Errorf("legend column %d %v outside the figure %vx%v", i, r, w, h)
		}
		if r.Max.Y > data.Min.Y {
			t.Errorf("legend column %d %v reaches into the data area %v", i, r, data)
		}
	}
	if data.Max.Y-data.Min.Y < h/2 {
		t.Errorf("data area %v is less than half the figure's height %v", data, h)
	}
	for _, line := range strings.Split(f.Plot.Title.Text, "\n") {
		if lw := f.Plot.Title.TextStyle.Width(line); lw > w {
			t.Errorf("title line %q is %v wide, the figure %v", line, lw, w)
		}
	}
}

// TestStyles checks that lines differ in colour or marker, and that the
// first eight differ in colour.
func TestStyles(t *testing.T) {
	var rows []results.Row
	for i := range 12 {
		rows = append(rows, results.Row{Solver: fmt.Sprintf("s%02d", i), Instance: "a.cnf", Rep: 1, Status: results.StatusSat, Wall: float64(i + 1), Timeout: 60})
	}
	f, err := Cactus(rows, Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	colours := map[string]bool{}
	for i, s := range f.series {
		key := fmt.Sprintf("%v %s", s.color, s.glyph)
		if other, ok := seen[key]; ok {
			t.Errorf("%s and %s both %s", other, s.label, key)
		}
		seen[key] = s.label
		if i < 8 {
			colours[fmt.Sprint(s.color)] = true
		}
	}
	if len(colours) != 8 {
		t.Errorf("the first 8 lines have %d colours", len(colours))
	}
	checkLayout(t, f)
	// 12 labels this short fit in columns: fewer legend rows than entries.
	if _, cols, rows := f.legendLayout(f.Width); cols < 2 || rows*cols < 12 {
		t.Errorf("legend %d columns x %d rows for 12 entries", cols, rows)
	}
}

// TestLongLabel: a legend entry wider than the figure widens it rather
// than running off its edge.
func TestLongLabel(t *testing.T) {
	long := "mine + " + strings.Repeat("encoder --with-a-very-long-option ", 8) + "{}"
	rows := []results.Row{
		{Solver: "mine", Instance: "a.non | " + long, Rep: 1, Status: results.StatusSat, Wall: 1, Timeout: 10},
		{Solver: "other", Instance: "a.non", Rep: 1, Status: results.StatusSat, Wall: 2, Timeout: 10},
	}
	f, err := Cactus(rows, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := f.Size(); w <= f.Width {
		t.Errorf("width %v, not more than %v", w, f.Width)
	}
	checkLayout(t, f)
	w, _ := f.Size()
	c := draw.New(vgimg.New(w, 1))
	_, cols := f.layout(c)
	for _, col := range cols {
		if col.Max.X > w {
			t.Errorf("legend column %v beyond the width %v", col.Rectangle, w)
		}
	}
}

func TestSavePlot(t *testing.T) {
	rows := configRows(t)
	f, err := Cactus(rows, Options{Title: "suite x"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, ext := range []string{"png", "svg", "pdf", "eps"} {
		path := filepath.Join(dir, "cactus."+ext)
		if err := SavePlot(f, path); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch ext {
		case "png":
			img, err := png.Decode(bufio.NewReader(bytes.NewReader(b)))
			if err != nil {
				t.Fatal(err)
			}
			w, h := f.Size()
			// vgimg draws at 96 dpi.
			if got := img.Bounds(); got.Dx() != int(math.Round(w.Dots(96))) || got.Dy() != int(math.Round(h.Dots(96))) {
				t.Errorf("png %v, want %vx%v", got, w.Dots(96), h.Dots(96))
			}
		case "svg":
			for _, want := range []string{"<svg", "suite x: cactus plot", "2 instances, 4 configurations, 3 runs each, timeout 10 s",
				"minisat + nono2cnf --encoding runs {} (2 solved)", "instances solved (of 2)", "wall time (s), median of 3 runs"} {
				if !bytes.Contains(b, []byte(want)) {
					t.Errorf("cactus.svg lacks %q", want)
				}
			}
		case "pdf":
			if !bytes.HasPrefix(b, []byte("%PDF-")) {
				t.Errorf("cactus.pdf starts %q", b[:min(len(b), 8)])
			}
		case "eps":
			if !bytes.Contains(b[:min(len(b), 12)], []byte("!PS-Adobe")) {
				t.Errorf("cactus.eps starts %q", b[:min(len(b), 10)])
			}
		}
	}
	if err := SavePlot(f, filepath.Join(dir, "x.gif")); err == nil || err.Error() != filepath.Join(dir, "x.gif")+`: unknown plot format "gif" (use .svg, .png, .pdf or .eps)` {
		t.Errorf("gif: %v", err)
	}
}

func TestScatterPair(t *testing.T) {
	rows := configRows(t)
	all := `"gini + nono2cnf --encoding automaton {}", "gini + nono2cnf --encoding runs {}", ` +
		`"minisat + nono2cnf --encoding automaton {}", "minisat + nono2cnf --encoding runs {}"`
	tests := []struct {
		spec, a, b, wantErr string
	}{
		{spec: "gini + " + encRuns + ",minisat + " + encRuns, a: "gini + " + encRuns, b: "minisat + " + encRuns},
		{spec: "gini + " + encRuns + " , minisat + " + encAuto, a: "gini + " + encRuns, b: "minisat + " + encAuto},
		{spec: "kissat,gini + " + encRuns, wantErr: `configurations "kissat,gini + nono2cnf --encoding runs {}": no configuration or solver "kissat": have ` + all},
		{spec: "gini + " + encRuns, wantErr: `configurations "gini + nono2cnf --encoding runs {}": want two configurations, A,B`},
	}
	for _, tt := range tests {
		a, b, err := ScatterPair(rows, tt.spec)
		if tt.wantErr != "" {
			var e *PairError
			if !errors.As(err, &e) || e.Spec != tt.spec || err.Error() != tt.wantErr {
				t.Errorf("%q: error %v\nwant %s", tt.spec, err, tt.wantErr)
			}
			continue
		}
		if err != nil || a.String() != tt.a || b.String() != tt.b {
			t.Errorf("%q: %q, %q, %v; want %q, %q", tt.spec, a, b, err, tt.a, tt.b)
		}
	}
	// A solver with several configurations is all of them, instance by
	// instance name.
	a, b, err := ScatterPair(rows, "gini,minisat")
	if err != nil || a != (Pick{score.Config{Solver: "gini"}, true}) || b != (Pick{score.Config{Solver: "minisat"}, true}) {
		t.Fatalf("gini,minisat: %+v, %+v, %v", a, b, err)
	}
	f, err := Scatter(rows, a, b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// 2 puzzles x 2 encodings; by hand from configRows' comment: easy/a
	// runs: gini unsolved, minisat 0.6; automaton: both unsolved; hard/b
	// automaton: gini 5, minisat 7 (UNSAT); runs: gini 2 UNSAT, minisat 9
	// SAT.
	want := `series "UNSAT (1)": #d55e00 triangle: (5, 7)
series "unsolved by one or both (2)": #009e73 cross: (10, 10) (10, 0.6)
series "answers disagree, SAT and UNSAT (1)": #000000 open square: (2, 9)
`
	if got := describe(f); !strings.Contains(got, want) {
		t.Errorf("gini vs minisat:\n%s\nwant the series\n%s", got, want)
	}
	// A solver with one configuration is named by the solver alone; a
	// name with a comma in it is found by trying every comma.
	rows = []results.Row{
		{Solver: "x", Instance: "a.cnf", Rep: 1, Status: results.StatusSat, Wall: 1},
		{Solver: "y", Instance: "a.cnf | enc --list 1,2 {}", Rep: 1, Status: results.StatusSat, Wall: 2},
	}
	if a, b, err := ScatterPair(rows, "y + enc --list 1,2 {},x"); err != nil || a.String() != "y + enc --list 1,2 {}" || b.String() != "x" {
		t.Errorf("comma in a name: %q, %q, %v", a, b, err)
	}
	if f, err := Scatter(rows, Pick{Config: score.Config{Solver: "x"}}, Pick{Config: score.Config{Solver: "z"}}, Options{}); err == nil || err.Error() != `no rows for "z"` {
		t.Errorf("unknown configuration: %v, %v", f, err)
	}
}

func TestConcurrency(t *testing.T) {
	row := func(host, start string, wall float64) results.Row {
		return results.Row{Solver: "s", Instance: start, Rep: 1, Status: results.StatusSat, Host: host, Start: start, Wall: wall}
	}
	tests := []struct {
		name string
		rows []results.Row
		want int
	}{
		{"none", []results.Row{{Solver: "s", Instance: "a", Status: results.StatusSat}}, 0},
		{"back to back", []results.Row{row("h", "2026-01-01T00:00:00Z", 1), row("h", "2026-01-01T00:00:01Z", 1)}, 1},
		{"overlap", []results.Row{row("h", "2026-01-01T00:00:00Z", 2), row("h", "2026-01-01T00:00:01.5Z", 1), row("h", "2026-01-01T00:00:01.9Z", 1)}, 3},
		{"two hosts", []results.Row{row("h", "2026-01-01T00:00:00Z", 2), row("g", "2026-01-01T00:00:01Z", 2)}, 1},
	}
	for _, tt := range tests {
		if got := concurrency(tt.rows); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestCactusNothingSolved(t *testing.T) {
	rows := []results.Row{{Solver: "x", Instance: "a.cnf", Rep: 1, Status: results.StatusTimeout, Wall: 1, Timeout: 1}}
	if _, err := Cactus(rows, Options{}); err == nil || err.Error() != "no solved instances to plot" {
		t.Errorf("got %v", err)
	}
}

func TestWrap(t *testing.T) {
	sty := plot.New().Title.TextStyle
	long := strings.Repeat("word ", 40)
	got := wrap(sty, "short\n"+long, 5*vg.Centimeter)
	lines := strings.Split(got, "\n")
	if len(lines) < 4 || lines[0] != "short" {
		t.Fatalf("wrapped into %q", lines)
	}
	for _, l := range lines {
		if sty.Width(l) > 5*vg.Centimeter {
			t.Errorf("line %q too wide", l)
		}
	}
	if strings.Join(strings.Fields(got), " ") != "short "+strings.TrimSpace(long) {
		t.Errorf("words changed: %q", got)
	}
}

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, path string, got []byte) { testenv.Golden(t, path, got, *update) }

// configRows reads score's testdata/report-configs.jsonl (see its
// configRows): 2 solvers x 2 encodings x 2 puzzles x 3 repetitions.
func configRows(t *testing.T) []results.Row {
	t.Helper()
	rows, _, err := results.ReadFile("../score/testdata/report-configs.jsonl")
	if err != nil || len(rows) != 24 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	return rows
}

const (
	encRuns = "nono2cnf --encoding runs {}"
	encAuto = "nono2cnf --encoding automaton {}"
)
