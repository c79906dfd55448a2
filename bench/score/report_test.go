package score

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/suite"
)

// configRows reads testdata/report-configs.jsonl: 2 solvers x 2 encodings x
// 2 puzzles (families easy and hard) x 3 repetitions, timeout 10 s, so an
// unsolved instance scores 20. On easy/a.non only minisat+runs solves (a
// unique solve); gini+runs times out every run; gini+automaton solves 1 run
// of 3 (not most: unsolved). On hard/b.non minisat+runs says SAT and the
// others UNSAT (a disagreement); gini+automaton times out 1 run of 3.
func configRows(t *testing.T) []results.Row {
	t.Helper()
	rows, _, err := results.ReadFile("testdata/report-configs.jsonl")
	if err != nil || len(rows) != 24 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	return rows
}

const (
	encRuns = "nono2cnf --encoding runs {}"
	encAuto = "nono2cnf --encoding automaton {}"
)

func statsLine(s ConfigStats) string {
	return fmt.Sprintf("%s: inst %d solved %d sat %d unsat %d par2 %.3f median %.3f unique %d",
		s.Config, s.Instances, s.Solved, s.Sat, s.Unsat, s.PAR2, s.Median, s.Unique)
}

func TestReportConfigs(t *testing.T) {
	rep := Summarize(configRows(t))
	// By hand: cell medians easy/a: minisat+runs 0.6, the rest 20 (penalty);
	// hard/b: gini+runs 2, gini+auto median(3,20,5)=5, minisat+auto 7,
	// minisat+runs 9.
	want := []string{
		"minisat + " + encRuns + ": inst 2 solved 2 sat 2 unsat 0 par2 4.800 median 4.800 unique 1",
		"gini + " + encRuns + ": inst 2 solved 1 sat 0 unsat 1 par2 11.000 median 2.000 unique 0",
		"gini + " + encAuto + ": inst 2 solved 1 sat 0 unsat 1 par2 12.500 median 5.000 unique 0",
		"minisat + " + encAuto + ": inst 2 solved 1 sat 0 unsat 1 par2 13.500 median 7.000 unique 0",
		// VBS: easy/a 0.6 (SAT, minisat+runs), hard/b 2 (UNSAT, gini+runs).
		"VBS: inst 2 solved 2 sat 1 unsat 1 par2 1.300 median 1.300 unique -1",
	}
	var got []string
	for _, s := range rep.Configs {
		got = append(got, statsLine(s))
	}
	got = append(got, statsLine(rep.VBS))
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("configs:\n%s\nwant:\n%s", g, w)
	}
	if !rep.Encodings {
		t.Error("Encodings false")
	}
}

func TestReportCells(t *testing.T) {
	rep := Summarize(configRows(t))
	want := []string{
		"easy/a.non gini + " + encAuto + ": 1/3 false SAT median 20.000 spread 0.500-4.000 rel 0.00",
		"easy/a.non gini + " + encRuns + ": 0/3 false - median 20.000 spread 10.000-10.000 rel 0.00",
		"easy/a.non minisat + " + encAuto + ": 0/3 false - median 20.000 spread 3.000-3.000 rel 0.00",
		"easy/a.non minisat + " + encRuns + ": 3/3 true SAT median 0.600 spread 0.500-0.700 rel 1.00",
		"hard/b.non gini + " + encAuto + ": 2/3 true UNSAT median 5.000 spread 3.000-10.000 rel 2.50",
		"hard/b.non gini + " + encRuns + ": 3/3 true UNSAT median 2.000 spread 1.000-3.000 rel 1.00",
		"hard/b.non minisat + " + encAuto + ": 3/3 true UNSAT median 7.000 spread 6.000-8.000 rel 3.50",
		"hard/b.non minisat + " + encRuns + ": 3/3 true SAT median 9.000 spread 9.000-9.000 rel 4.50",
	}
	var got []string
	for _, c := range rep.Cells {
		got = append(got, fmt.Sprintf("%s %s: %d/%d %v %s median %.3f spread %.3f-%.3f rel %.2f",
			c.Instance, c.Config, c.SolvedRuns, c.Runs, c.Solved, c.Answer, c.Median, c.Min, c.Max, c.Relative))
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("cells:\n%s\nwant:\n%s", g, w)
	}
}

func TestReportFamiliesAndDisagreements(t *testing.T) {
	rep := Summarize(configRows(t))
	var got []string
	for _, f := range rep.Families {
		for _, s := range append(f.Configs, f.VBS) {
			got = append(got, f.Family+" "+statsLine(s))
		}
	}
	want := []string{
		"easy minisat + " + encRuns + ": inst 1 solved 1 sat 1 unsat 0 par2 0.600 median 0.600 unique 1",
		"easy gini + " + encAuto + ": inst 1 solved 0 sat 0 unsat 0 par2 20.000 median 0.000 unique 0",
		"easy gini + " + encRuns + ": inst 1 solved 0 sat 0 unsat 0 par2 20.000 median 0.000 unique 0",
		"easy minisat + " + encAuto + ": inst 1 solved 0 sat 0 unsat 0 par2 20.000 median 0.000 unique 0",
		"easy VBS: inst 1 solved 1 sat 1 unsat 0 par2 0.600 median 0.600 unique -1",
		"hard gini + " + encRuns + ": inst 1 solved 1 sat 0 unsat 1 par2 2.000 median 2.000 unique 0",
		"hard gini + " + encAuto + ": inst 1 solved 1 sat 0 unsat 1 par2 5.000 median 5.000 unique 0",
		"hard minisat + " + encAuto + ": inst 1 solved 1 sat 0 unsat 1 par2 7.000 median 7.000 unique 0",
		"hard minisat + " + encRuns + ": inst 1 solved 1 sat 1 unsat 0 par2 9.000 median 9.000 unique 0",
		"hard VBS: inst 1 solved 1 sat 0 unsat 1 par2 2.000 median 2.000 unique -1",
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("families:\n%s\nwant:\n%s", g, w)
	}
	var ds []string
	for _, d := range rep.Disagreements {
		ds = append(ds, d.String())
	}
	wantD := "DISAGREEMENT on hard/b.non: SAT by [minisat + " + encRuns + "], UNSAT by [gini + " + encAuto +
		" gini + " + encRuns + " minisat + " + encAuto + "]"
	if strings.Join(ds, "\n") != wantD {
		t.Errorf("disagreements:\n%s\nwant:\n%s", strings.Join(ds, "\n"), wantD)
	}
}

// TestReportNoEncodings: rows of CNF files score per solver, with no
// encoding column.
func TestReportNoEncodings(t *testing.T) {
	rows, _, err := results.Read(strings.NewReader(goldenRows), "golden")
	if err != nil {
		t.Fatal(err)
	}
	var cnf []results.Row
	for _, r := range rows {
		if _, enc := suite.SplitName(r.Instance); enc == "" {
			cnf = append(cnf, r)
		}
	}
	rep := Summarize(cnf)
	if rep.Encodings {
		t.Error("Encodings true")
	}
	var b bytes.Buffer
	if err := rep.WriteCSV(&b, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "# Configurations\nsolver,instances,solved,SAT,UNSAT,PAR-2 (s),median (s),unique\n") {
		t.Errorf("no solver-only configurations table:\n%s", b.String())
	}
}

// sources are a program's words for what the notes name: the Markdown
// golden shows where they go (report.golden, without them, shows that
// the notes then leave them out).
var sources = Sources{Proofs: "PROOFS", Tags: "TAGS", Jobs: "JOBS"}

func TestReportFormatsGolden(t *testing.T) {
	rep := Summarize(configRows(t))
	rep.Sources = sources
	for _, f := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"md", func(b *bytes.Buffer) error { return rep.WriteMarkdown(b) }},
		{"csv", func(b *bytes.Buffer) error { return rep.WriteCSV(b, false) }},
		{"json", func(b *bytes.Buffer) error { return rep.WriteJSON(b) }},
	} {
		var b, again bytes.Buffer
		if err := f.write(&b); err != nil {
			t.Fatal(err)
		}
		golden(t, "testdata/report-configs."+f.name+".golden", b.Bytes())
		// Deterministic: a second summary of the rows, shuffled, writes the same bytes.
		rows := configRows(t)
		for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
			rows[i], rows[j] = rows[j], rows[i]
		}
		rep2 := Summarize(rows)
		rep2.Sources = sources
		rep, rep2 = rep2, rep
		if err := f.write(&again); err != nil {
			t.Fatal(err)
		}
		rep = rep2
		if !bytes.Equal(b.Bytes(), again.Bytes()) {
			t.Errorf("%s: reversed rows give different output", f.name)
		}
	}
}

// TestFamiliesFromTags: an instance with two tags counts in both
// families; an untagged one in its folder's.
func TestFamiliesFromTags(t *testing.T) {
	rows := []results.Row{
		{Solver: "s", Instance: "x/a.cnf", Rep: 1, Status: results.StatusSat, Wall: 1, Timeout: 10, Tags: []string{"easy", "small"}},
		{Solver: "s", Instance: "x/b.cnf", Rep: 1, Status: results.StatusTimeout, Wall: 10, Timeout: 10, Tags: []string{"small"}},
		{Solver: "s", Instance: "y/c.cnf", Rep: 1, Status: results.StatusUnsat, Wall: 2, Timeout: 10},
	}
	rep := Summarize(rows)
	var got []string
	for _, f := range rep.Families {
		got = append(got, f.Family+": "+statsLine(f.Configs[0]))
	}
	want := []string{
		"easy: s: inst 1 solved 1 sat 1 unsat 0 par2 1.000 median 1.000 unique 1",
		"small: s: inst 2 solved 1 sat 1 unsat 0 par2 10.500 median 1.000 unique 1",
		"y: s: inst 1 solved 1 sat 0 unsat 1 par2 2.000 median 2.000 unique 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("families:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
func TestProofStats(t *testing.T) {
	rows := []results.Row{
		{Solver: "cadical", Instance: "a", Status: results.StatusUnsat, Proven: true, Check: 1.5},
		{Solver: "cadical", Instance: "b", Status: results.StatusUnsat, Proven: true, Check: 0.25},
		{Solver: "cadical", Instance: "c", Status: results.StatusSat},
		{Solver: "minisat", Instance: "a", Status: results.StatusUnsat},
		{Solver: "gini", Instance: "c", Status: results.StatusSat},
	}
	want := []ProofStats{
		{Solver: "cadical", Unsat: 2, Proven: 2, Check: 1.75},
		{Solver: "minisat", Unsat: 1, Unproven: 1},
		{Solver: "all", Unsat: 3, Proven: 2, Unproven: 1, Check: 1.75},
	}
	if got := proofStats(rows); !reflect.DeepEqual(got, want) {
		t.Errorf("proofStats = %+v, want %+v", got, want)
	}
	if got := proofStats(rows[2:3]); len(got) != 0 {
		t.Errorf("no UNSAT rows: proofStats = %+v, want none", got)
	}
}
