package score

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
)

// TestCompareNothingSolved: two configurations that solved nothing have
// no ratio and a test of no pairs (p = 1); a name that is no
// configuration is a PickError naming those there are.
func TestCompareNothingSolved(t *testing.T) {
	rows := []results.Row{
		{Solver: "a", Instance: "x.cnf", Rep: 1, Status: results.StatusTimeout, Wall: 10, Timeout: 10},
		{Solver: "b", Instance: "x.cnf", Rep: 1, Status: results.StatusTimeout, Wall: 10, Timeout: 10},
	}
	cells, _ := Cells(rows)
	a, err := FindConfig(cells, "a")
	if err != nil {
		t.Fatal(err)
	}
	cmp := Compare(cells, a, Config{Solver: "b"}, Wall)
	var b bytes.Buffer
	if err := cmp.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	want := `|                      |  value |
| -------------------- | -----: |
| instances both ran   |      1 |
| solved by both       |      0 |
| solved by a only     |      0 |
| solved by b only     |      0 |
| solved by neither    |      1 |
| a faster             | 0 of 0 |
| b faster             | 0 of 0 |
| ties                 | 0 of 0 |
| median ratio a / b   |      - |
| Wilcoxon signed-rank |      - |
`
	if !strings.HasSuffix(b.String(), "\n\n"+want) {
		t.Errorf("got\n%s\nwant the table\n%s", b.String(), want)
	}
	_, err = FindConfig(cells, "c")
	var pe *PickError
	if !errors.As(err, &pe) || err.Error() != `no configuration or solver "c": have "a", "b"` {
		t.Errorf("FindConfig(c): %v", err)
	}
}
