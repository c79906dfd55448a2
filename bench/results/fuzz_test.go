package results_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/score"
)

// FuzzReadRows: never panic, and rows that were read write back to a file
// that reads as the same rows.
func FuzzReadRows(f *testing.F) {
	f.Add(`{"solver":"fast","instance":"a.cnf","rep":1,"status":"SAT","verified":true,"wall":1,"timeout":10}
{"solver":"slow","instance":"c.non | nono2cnf {}","rep":1,"status":"ERROR","wall":0.5,"timeout":10,"error":"wrong model"}
{"solver":"bad","instance":"b.cnf","rep":1,"status":"SAT","verified":true,"wall":0.5,"timeout":10}
`)
	f.Add(`{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":1}` + "\n" + `{"solver":"c","inst`)
	f.Add("{\"solver\":\"a\"\n")
	f.Add("\n[1]\n")
	f.Fuzz(func(t *testing.T, in string) {
		rows, _, err := results.Read(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := results.Write(&b, rows); err != nil {
			t.Fatal(err)
		}
		again, torn, err := results.Read(&b, "again")
		if err != nil || torn != 0 {
			t.Fatalf("rereading: torn line %d, %v", torn, err)
		}
		if len(rows) != len(again) || (len(rows) > 0 && !reflect.DeepEqual(rows, again)) {
			t.Fatalf("rows changed:\n%+v\n%+v", rows, again)
		}
		score.Summarize(rows) // never panics on rows that read
	})
}
