package score

import (
	"errors"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/bench/measure"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/suite"
)

func TestParseBy(t *testing.T) {
	if cols, err := ParseBy("version, host"); err != nil || !slices.Equal(cols, []string{"version", "host"}) {
		t.Errorf("ParseBy = %q, %v", cols, err)
	}
	_, err := ParseBy("version,colour")
	want := `"colour" is not a column (want encoder, version, host, jobs, mem_method, timeout, memory_mib)`
	var e *ColumnError
	if !errors.As(err, &e) || *e != (ColumnError{"version,colour", "colour"}) || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

func TestSplitBy(t *testing.T) {
	cpu := 1
	rows := []results.Row{
		{Solver: "cadical", Version: "1.5.3", Host: "a", Jobs: 2, CPU: &cpu, MemMethod: measure.MemProc, Timeout: 10, Memory: 512},
		{Solver: "cadical", Version: "1.9.5", Host: "b"},
	}
	SplitBy(rows, ByColumns)
	want := []string{
		"cadical [version=1.5.3 host=a jobs=2 mem_method=proc timeout=10 memory_mib=512]",
		"cadical [version=1.9.5 host=b jobs=- mem_method=- timeout=- memory_mib=-]",
	}
	for i := range rows {
		if rows[i].Solver != want[i] {
			t.Errorf("row %d: %q, want %q", i, rows[i].Solver, want[i])
		}
	}
	SplitBy(rows[:1], nil) // no columns: unchanged
	if rows[0].Solver != want[0] {
		t.Errorf("SplitBy with no columns changed %q", rows[0].Solver)
	}
}

// TestReportBy checks that --by host splits each configuration of the
// fixture by host: its first 16 rows ran on host a, the rest on b.
func TestReportBy(t *testing.T) {
	rows := configRows(t)
	want := map[string]bool{}
	for _, r := range rows {
		_, enc := suite.SplitName(r.Instance)
		want[Config{r.Solver + " [host=" + r.Host + "]", enc}.String()] = true
	}
	SplitBy(rows, []string{"host"})
	rep := Summarize(rows)
	got := map[string]bool{}
	for _, c := range rep.Configs {
		got[c.Config.String()] = true
	}
	if len(got) != len(want) || len(got) <= 4 {
		t.Fatalf("configurations %v, want %v (more than the 4 without --by)", got, want)
	}
	for c := range want {
		if !got[c] {
			t.Errorf("no configuration %q in %v", c, got)
		}
	}
}

// TestJoinEncodings: puzzles that each have an encoder of their own make
// one configuration per solver; two encoders of one puzzle race, and
// stay in the configurations, for that puzzle only.
func TestJoinEncodings(t *testing.T) {
	own := []results.Row{{Solver: "s", Instance: "a.non | nono2cnf {}"}, {Solver: "s", Instance: "b.sud | sudoku2cnf {}"}, {Solver: "s", Instance: "c.cnf"}}
	if !JoinEncodings(own) || own[0].Instance != "a.non" || own[1].Instance != "b.sud" || own[2].Instance != "c.cnf" {
		t.Errorf("own encoders: %+v", own)
	}
	race := []results.Row{{Solver: "s", Instance: "a.non | nono2cnf {}"}, {Solver: "s", Instance: "a.non | nono2cnf --encoding runs {}"}}
	if JoinEncodings(race) || race[0].Instance != "a.non | nono2cnf {}" {
		t.Errorf("racing encoders: %+v", race)
	}
	both := append(race, results.Row{Solver: "s", Instance: "b.sud | sudoku2cnf {}"},
		results.Row{Solver: "s", Instance: "- | queens2cnf --n 8"}, results.Row{Solver: "s", Instance: "- | cube2cnf"})
	if !JoinEncodings(both) || both[0].Instance != "a.non | nono2cnf {}" || both[2].Instance != "b.sud" ||
		both[3].Instance != "queens2cnf --n 8" || both[4].Instance != "cube2cnf" {
		t.Errorf("one puzzle raced, one not, two commands: %+v", both)
	}
}
