package moves

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// FuzzDecode feeds Decode arbitrary solver output, seeded with real
// answers and their headers: it never panics, and every turn sequence it
// returns solves the start state (Decode replays them; here each is
// replayed again on the encoding it returned). twisty.ReadPuzzleLines itself is
// fuzzed in package twisty.
func FuzzDecode(f *testing.F) {
	sat, _ := answer(f, "D C A B", 3, true)
	unsat, _ := answer(f, "D C A B", 2, true)
	for _, s := range []string{
		sat, unsat, sat + "c solutions 1\n",
		sat + "c ERROR: x after 1 models; more may exist\n",
		strings.TrimSuffix(sat, " 0\n"), "", "s UNKNOWN\n", "garbage\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		res, err := Decode(bytes.NewReader(in), "f", nil)
		if err != nil && !dimacs.AfterOutput(err) {
			return
		}
		if res == nil {
			if err == nil {
				t.Fatal("nil result and no error")
			}
			return // satrun's "c ERROR" with no model before it
		}
		if res.Status == dimacs.Sat && len(res.All) == 0 {
			t.Fatal("Sat without moves")
		}
		for _, mv := range res.All {
			if err := res.Encoding.Replay(mv); err != nil {
				t.Fatalf("turns %q: %v", mv, err)
			}
		}
	})
}
