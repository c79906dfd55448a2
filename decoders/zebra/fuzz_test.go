package zebra

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/encoders/zebra"
)

// FuzzDecode feeds Decode arbitrary solver output, with the header
// zebra2cnf writes for a small puzzle as a seed: it never panics, prints
// at most one table per model, and says "unique" only for a complete
// stream with one solution. The header is zebra.ReadPuzzleLines's (fuzzed with
// the encoder); this target covers the decoding.
func FuzzDecode(f *testing.F) {
	p, err := zebra.ParseString(small, "p.txt")
	if err != nil {
		f.Fatal(err)
	}
	fm := &dimacs.Formula{}
	zebra.Encode(fm, p, cnfstyle.Style{Names: cnfstyle.All})
	var hb strings.Builder
	for _, l := range fm.Pipesat() {
		hb.WriteString("c " + l + "\n")
	}
	h := hb.String()
	good := "v 1 -2 -3 4 5 -6 -7 8 0\n"
	other := "v -1 2 3 -4 -5 6 7 -8 0\n"
	for _, s := range []string{
		h + "s SATISFIABLE\n" + good,
		h + "s SATISFIABLE\n" + good + "c solutions 1\n",
		h + "s SATISFIABLE\n" + other + "s SATISFIABLE\n" + good + "c solutions 2\n",
		h + "s SATISFIABLE\n" + other + "s SATISFIABLE\n" + good + "c limit 2 reached; more models may exist\nc solutions 2\n",
		h + "s SATISFIABLE\n" + good + "c ERROR: x after 1 models; more may exist\n",
		h + "s SATISFIABLE\nv 1 -2 -3 4 -5 6 7 -8 0\n",
		h + "s UNSATISFIABLE\n", h + "s UNKNOWN\n", "", "s SATISFIABLE\n" + good,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := dimacs.ReadOutput(bytes.NewReader(in), "f")
		if err != nil {
			return
		}
		var b bytes.Buffer
		res, err := Decode(&b, out, Options{})
		if err != nil && !dimacs.AfterOutput(err) {
			return
		}
		s := b.String()
		if res.Solutions > len(out.Models()) {
			t.Fatalf("%d solutions from %d models", res.Solutions, len(out.Models()))
		}
		if tables := strings.Count(s, "house "); tables != res.Solutions {
			t.Fatalf("%d tables, Solutions %d", tables, res.Solutions)
		}
		if strings.Contains(s, "c unique solution") != (res.Uniqueness == dimacs.Unique) || res.Uniqueness == dimacs.Unique && (!out.Complete() || res.Solutions != 1) {
			t.Fatalf("uniqueness %v, complete %v, %d solutions:\n%s", res.Uniqueness, out.Complete(), res.Solutions, s)
		}
	})
}
