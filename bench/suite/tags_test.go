package suite

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
	got, err := Tags(path)
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
	is, err := ReadFile(path)
	if err != nil || len(is) != 5 {
		t.Errorf("ReadFile: %d instances, %v", len(is), err)
	}
	if _, err := Tags(filepath.Join(dir, "none.txt")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing suite: %v", err)
	}
}
