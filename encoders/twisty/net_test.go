package twisty

import (
	"strings"
	"testing"
)

// TestDrawNet checks the nets of the built-in definitions, drawn from
// their net: keys, numbered from 1 as --state counts.
func TestDrawNet(t *testing.T) {
	for name, want := range map[string]string{
		"cube2": `        1  2                    W W
        3  4                    W W
  5  6  7  8  9 10 11 12    O O G G R R B B
 13 14 15 16 17 18 19 20    O O G G R R B B
       21 22                    Y Y
       23 24                    Y Y
`,
		"loopover3": ` 1 2 3    A B C
 4 5 6    D E F
 7 8 9    G H I
`,
	} {
		p, err := ReadPuzzle(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.DrawNet(); got != want {
			t.Errorf("%s: net\n%s\nwant\n%s", name, got, want)
		}
	}
}

// TestNetErrors checks a net's errors, exact.
func TestNetErrors(t *testing.T) {
	const head = "goalState: [A, B, C]\nturnSet:\n  baseTurns:\n    - {name: T, value: [0, 1, 2, 0]}\n"
	for _, tt := range []struct{ net, want string }{
		{"net: [[0, 1], [2, 1]]", "p.yaml:5:19: net: sticker 1 is drawn twice"},
		{"net: [[0, -, 1]]", "p.yaml:5:6: net: sticker 2 is not drawn (want each of 0..2 once)"},
		{"net: [[0, 1, 3]]", "p.yaml:5:14: net: 3 is out of range 0..2"},
		{"net: [[0, x, 2, 1]]", `p.yaml:5:11: net: "x" is not a number`},
		{"net: 5", `p.yaml:5:6: net: want a list, got "5"`},
	} {
		_, err := Parse(strings.NewReader(head+tt.net+"\n"), "p.yaml")
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: %v\nwant %s", tt.net, err, tt.want)
		}
	}
	p, err := Parse(strings.NewReader(head), "p.yaml")
	if err != nil || p.DrawNet() != "" {
		t.Errorf("no net: %v, %q", err, p.DrawNet())
	}
}
