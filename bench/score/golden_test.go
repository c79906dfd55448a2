package score

import (
	"bytes"
	"flag"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenRows are made-up rows with round times, so the report's numbers
// can be checked by hand: limit 10 s, so an unsolved run scores 20.
var goldenRows = `{"solver":"fast","instance":"a.cnf","rep":1,"status":"SAT","verified":true,"wall":1,"timeout":10}
{"solver":"fast","instance":"b.cnf","rep":1,"status":"UNSAT","wall":4,"timeout":10}
{"solver":"fast","instance":"c.non | nono2cnf {}","rep":1,"status":"TIMEOUT","wall":10,"timeout":10}
{"solver":"slow","instance":"a.cnf","rep":1,"status":"SAT","verified":true,"wall":2,"timeout":10}
{"solver":"slow","instance":"b.cnf","rep":1,"status":"MEMOUT","wall":3,"timeout":10}
{"solver":"slow","instance":"c.non | nono2cnf {}","rep":1,"status":"ERROR","wall":0.5,"timeout":10,"error":"wrong model"}
{"solver":"bad","instance":"a.cnf","rep":1,"status":"UNKNOWN","wall":1,"timeout":10}
{"solver":"bad","instance":"b.cnf","rep":1,"status":"SAT","verified":true,"wall":0.5,"timeout":10}
`

func TestReportGolden(t *testing.T) {
	rows, _, err := results.Read(strings.NewReader(goldenRows), "golden")
	if err != nil {
		t.Fatal(err)
	}
	rep := Summarize(rows)
	// By hand: fast solved 2 of 3, PAR-2 (1+4+20)/3, geo-mean (1*4*20)^(1/3).
	f := rep.Solvers[0]
	if f.Solver != "fast" || f.Solved != 2 || f.PAR2 != 25.0/3 || f.Total != 15 || f.GeoMean < 4.3088 || f.GeoMean > 4.3089 {
		t.Errorf("fast: %+v", f)
	}
	var b bytes.Buffer
	rep.WriteMarkdown(&b)
	b.WriteString("\n")
	rep.WriteCSV(&b, false)
	b.WriteString("\n")
	rep.WriteCSV(&b, true)
	b.WriteString("\n")
	rep.WriteJSON(&b)
	golden(t, "testdata/report.golden", b.Bytes())
	if d := results.Disagreements(rows); len(d) != 1 || d[0].String() != "DISAGREEMENT on b.cnf: SAT by [bad], UNSAT by [fast]" {
		t.Errorf("disagreements %v", d)
	}
}

func golden(t *testing.T, path string, got []byte) { testenv.Golden(t, path, got, *update) }
