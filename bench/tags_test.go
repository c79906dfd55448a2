package bench

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSuiteTags(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "suite.txt")
	suite := "a.cnf\n#tags: random, k3 random\nb.cnf\n # tags: not a directive\nc.non | nono2cnf {}\n#tags:\nd.cnf\n#tags:crafted\t unsat,,\ne.cnf\n"
	if err := os.WriteFile(path, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := SuiteTags(path)
	if err != nil {
		t.Fatal(err)
	}
	j := func(s string) string { return filepath.Join(dir, s) }
	want := map[string][]string{
		j("b.cnf"):                    {"random", "k3"},
		j("c.non") + " | nono2cnf {}": {"random", "k3"},
		j("e.cnf"):                    {"crafted", "unsat"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tags %q, want %q", got, want)
	}
	// The same file read as a plain suite: the directives are comments.
	is, err := ReadSuiteFile(path)
	if err != nil || len(is) != 5 {
		t.Errorf("ReadSuiteFile: %d instances, %v", len(is), err)
	}
	if _, err := SuiteTags(filepath.Join(dir, "none.txt")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing suite: %v", err)
	}
}

// TestFamiliesFromTags: an instance with two tags counts in both
// families; an untagged one in its folder's.
func TestFamiliesFromTags(t *testing.T) {
	rows := []Row{
		{Solver: "s", Instance: "x/a.cnf", Rep: 1, Status: StatusSat, Wall: 1, Timeout: 10, Tags: []string{"easy", "small"}},
		{Solver: "s", Instance: "x/b.cnf", Rep: 1, Status: StatusTimeout, Wall: 10, Timeout: 10, Tags: []string{"small"}},
		{Solver: "s", Instance: "y/c.cnf", Rep: 1, Status: StatusUnsat, Wall: 2, Timeout: 10},
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
