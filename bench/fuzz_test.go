package bench

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// FuzzReadRows: never panic, and rows that were read write back to a file
// that reads as the same rows.
func FuzzReadRows(f *testing.F) {
	f.Add(goldenRows)
	f.Add(`{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":1}` + "\n" + `{"solver":"c","inst`)
	f.Add("{\"solver\":\"a\"\n")
	f.Add("\n[1]\n")
	f.Fuzz(func(t *testing.T, in string) {
		rows, err := ReadRows(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := WriteRows(&b, rows); err != nil {
			t.Fatal(err)
		}
		again, err := ReadRows(&b, "again")
		if err != nil {
			t.Fatalf("rereading: %v", err)
		}
		if len(rows) != len(again) || (len(rows) > 0 && !reflect.DeepEqual(rows, again)) {
			t.Fatalf("rows changed:\n%+v\n%+v", rows, again)
		}
		Summarize(rows)
	})
}

// FuzzReadSuite: never panic; every instance has a path, and an encoder
// when its path is "-".
func FuzzReadSuite(f *testing.F) {
	f.Add("# c\n\na.cnf\n /abs/b.cnf.xz \n")
	f.Add("p.non | nono2cnf --encoding runs {} | cat\n- | queens2cnf --n 8")
	f.Add("a.cnf\n | x\n")
	f.Add("p.non |  \n")
	f.Add("-\n")
	f.Fuzz(func(t *testing.T, in string) {
		is, err := ReadSuite(strings.NewReader(in), "fuzz", "d")
		if err != nil {
			return
		}
		for _, i := range is {
			if i.Path == "" || (i.Path == "-" && i.Encode == "") || !strings.HasPrefix(i.Name, i.Path) {
				t.Fatalf("bad instance %+v", i)
			}
		}
	})
}
