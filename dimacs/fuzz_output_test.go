package dimacs

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

// FuzzReadOutput feeds ReadOutput arbitrary bytes, seeded from the table
// tests and the recorded solver outputs. It must never panic or hang, its
// errors are positioned, the decoders' completeness rule (Decodable,
// Complete, CountError, Failed) agrees with itself, and every answer it
// accepts writes back with
// WriteAnswer and reads back as the same status and model.
func FuzzReadOutput(f *testing.F) {
	for _, tc := range outCases {
		f.Add([]byte(tc.in))
	}
	for _, s := range []string{
		"s SATISFIABLE\nv 1 0\nc UNKNOWN: timeout after 1 models; more may exist\n",
		"s SATISFIABLE\nv 1 0\nc ERROR: cadical: signal: killed after 1 models; more may exist\n",
		"c ERROR: boom after 0 models; more may exist\n",
		"s SATISFIABLE\nv 1 0\nc limit 1 reached; more models may exist\nc solutions 1\n",
		"s SATISFIABLE\nv 1 2 3",
		"s SATISFIABLE\nv 268435455 0\ns SATISFIABLE\nv 268435455 0\n",
		"s UNSATISFIABLE\nc conflict not minimal (timeout)\nc conflict group 3 row 3 \"2 1\"\nc conflict: 1 of 60 groups, found by gini\n",
		"s SATISFIABLE\nv 1 0\nc needed group 1 a\nc needed: 1 of 2 groups force the solution\n",
	} {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("testdata/outputs/*.out")
	results, _ := filepath.Glob("testdata/outputs/*.result")
	for _, name := range append(files, results...) {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	// Keep models small so that "v 99999999" costs no 100 MB allocation
	// per input; the limit itself is tested in TestReadOutput.
	defer func(max int) { outMaxVar = max }(outMaxVar)
	outMaxVar = 1 << 16
	f.Fuzz(func(t *testing.T, in []byte) {
		o, err := ReadOutput(bytes.NewReader(in), "f")
		if err != nil {
			if _, ok := err.(*textpos.Error); !ok {
				t.Fatalf("error %T %v is not a *textpos.Error", err, err)
			}
			checkSource(t, err, in, false)
			return
		}
		// The decoders' rule: no panic, and it agrees with itself.
		derr := o.Decodable()
		if o.Truncated && derr == nil {
			t.Fatal("a model cut short is decodable")
		}
		if len(o.Answers) == 0 && (o.Stop == nil || o.Stop.Kind == StopError) && derr == nil {
			t.Fatal("no answer is decodable")
		}
		if o.Complete() != (o.Incomplete() == "") || o.Complete() != (o.CountError() == nil) {
			t.Fatalf("Complete %v, Incomplete %q, CountError %v", o.Complete(), o.Incomplete(), o.CountError())
		}
		if (o.Failed() != nil) != (o.Stop != nil && o.Stop.Kind == StopError) {
			t.Fatalf("Failed %v with Stop %+v", o.Failed(), o.Stop)
		}
		for _, a := range o.Answers {
			if a.Status != Sat && a.Model != nil {
				t.Fatalf("%v answer with a model", a.Status)
			}
			if a.Status != Sat && a.Status != Unsat && a.Status != Unknown {
				t.Fatalf("status %d", a.Status)
			}
			if a.Model != nil && (len(a.Model) == 0 || a.Model[0] != 0) {
				t.Fatalf("model %v has a value at index 0", a.Model)
			}
			var b bytes.Buffer
			if err := WriteAnswer(&b, a.Status, a.Model); err != nil {
				t.Fatal(err)
			}
			back, err := ReadOutput(&b, "back")
			if err != nil {
				t.Fatalf("reading back %q: %v", b.String(), err)
			}
			if len(back.Answers) != 1 || back.Answers[0].Status != a.Status {
				t.Fatalf("%v read back as %q", a.Status, outAnswers(back))
			}
			if a.Status == Sat && a.Model != nil {
				got := back.Answers[0].Model
				want := a.Model
				for len(want) > 1 && want[len(want)-1] == 0 {
					want = want[:len(want)-1] // trailing unassigned variables are not written
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("model %v read back as %v", a.Model, got)
				}
			}
		}
	})
}
