package html

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/plot"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// readRows returns the rows of package score's configurations test.
func readRows(t *testing.T) []results.Row {
	t.Helper()
	rows, _, err := results.ReadFile("../score/testdata/report-configs.jsonl")
	if err != nil || len(rows) != 24 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	return rows
}

// writePage returns the page of readRows, with the cactus and a scatter
// plot if plots.
func writePage(t *testing.T, plots bool) []byte {
	t.Helper()
	rows := readRows(t)
	rep := score.Summarize(rows)
	p := &Page{Title: "suite x", Command: "satbench report --format html r.jsonl", Rows: rows, Report: rep}
	if plots {
		f, err := plot.Cactus(rows, plot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var svg bytes.Buffer
		if err := f.WriteInlineSVG(&svg); err != nil {
			t.Fatal(err)
		}
		p.Plots = append(p.Plots, Plot{Caption: "cactus <plot>", SVG: svg.Bytes()})
	}
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestGolden pins the page without plots (their SVG is gonum's), and
// checks that the same rows in another order give the same bytes.
func TestGolden(t *testing.T) {
	got := writePage(t, false)
	testenv.Golden(t, "testdata/report.html.golden", got, *update)
	rows := readRows(t)
	for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
		rows[i], rows[j] = rows[j], rows[i]
	}
	var again bytes.Buffer
	if err := Write(&again, &Page{Title: "suite x", Command: "satbench report --format html r.jsonl", Rows: rows, Report: score.Summarize(rows)}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), got) {
		t.Error("the rows reversed give another page")
	}
}

// TestSelfContained checks that the page asks for nothing outside
// itself: no external script, style sheet, font or image, and that the
// plots are inline SVG whose text escapes.
func TestSelfContained(t *testing.T) {
	page := string(writePage(t, true))
	for _, bad := range []string{"<script src", "<link", "@import", "url(http", "src=\"http", "href=\"http"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page has %q", bad)
		}
	}
	for _, want := range []string{"<svg width=", "<figcaption>cactus &lt;plot&gt;</figcaption>", "sans-serif"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "<?xml") {
		t.Error("the inline SVG keeps its XML prolog")
	}
}

// TestMachines checks that a host's facts are the row fields all its rows
// share, besides the runs' own (solver, times, ...), whatever the rows
// carry: here a machine object of a newer satbench.
func TestMachines(t *testing.T) {
	rows := []results.Row{
		{Solver: "a", Instance: "x.cnf", Rep: 1, Status: "SAT", Wall: 1, Host: "h1", MemMethod: "proc"},
		{Solver: "b", Instance: "x.cnf", Rep: 1, Status: "SAT", Wall: 2, Host: "h1", MemMethod: "proc"},
		{Solver: "a", Instance: "x.cnf", Rep: 1, Status: "SAT", Wall: 2},
	}
	got := machines(rows)
	if len(got) != 2 || got[0].Host != "unknown host" || got[1].Host != "h1" || len(got[1].Facts) != 0 {
		t.Errorf("machines %+v", got)
	}
	if fields := flatFields(&rows[0]); len(fields) != 0 {
		t.Errorf("a row of today's fields has machine fields %v", fields)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(`{"solver":"a","wall":1,"host":"h","machine":{"cpu":"X 9","cores":4,"gov":null},"load":1.5}`), &m); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"machine.cpu": "X 9", "machine.cores": "4", "machine.gov": "null", "load": "1.5"}
	if got := flatten(m); !maps.Equal(got, want) {
		t.Errorf("flatten %v, want %v", got, want)
	}
}
