package bench

import (
	"bytes"
	"reflect"
	"strconv"
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
		rows, _, err := ReadRows(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := WriteRows(&b, rows); err != nil {
			t.Fatal(err)
		}
		again, torn, err := ReadRows(&b, "again")
		if err != nil || torn != 0 {
			t.Fatalf("rereading: torn line %d, %v", torn, err)
		}
		if len(rows) != len(again) || (len(rows) > 0 && !reflect.DeepEqual(rows, again)) {
			t.Fatalf("rows changed:\n%+v\n%+v", rows, again)
		}
		Summarize(rows)
	})
}

// FuzzReadSuite: never panic; every instance has a path, and an encoder
// when its path is "-"; the instances whose path is "-" (no file) are the
// same whatever folder the suite is in, so a path such as "./-" or
// "../-" never turns into the no-file marker.
func FuzzReadSuite(f *testing.F) {
	f.Add("# c\n\na.cnf\n /abs/b.cnf.xz \n")
	f.Add("p.non | nono2cnf --encoding runs {} | cat\n- | queens2cnf --n 8")
	f.Add("a.cnf\n | x\n")
	f.Add("p.non |  \n")
	f.Add("-\n")
	f.Add("./-\n../- | cat {}\nx/../-\n")
	f.Fuzz(func(t *testing.T, in string) {
		var dashes []int
		for k, dir := range []string{"d", ".", "", "/"} {
			is, err := ReadSuite(strings.NewReader(in), "fuzz", dir)
			if err != nil {
				checkSource(t, err, in)
				if k > 0 {
					t.Fatalf("dir %q: %v, but dir \"d\" read it", dir, err)
				}
				return
			}
			var d []int
			for n, i := range is {
				if i.Path == "" || (i.Path == "-" && i.Encode == "") || !strings.HasPrefix(i.Name, i.Path) {
					t.Fatalf("bad instance %+v", i)
				}
				if i.Path == "-" {
					d = append(d, n)
				}
			}
			if k == 0 {
				dashes = d
			} else if !reflect.DeepEqual(d, dashes) {
				t.Fatalf("dir %q: no-file instances %v, dir \"d\": %v", dir, d, dashes)
			}
		}
	})
}

// FuzzParseSize: never panic; a size is 0..2^62 bytes; a "B" needs a
// unit before it; a number alone is MiB; K is 1024 bytes.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"512", "512M", "2G", "2GiB", "1.5g", "64k", "1T", "", "x", "-1G", "9999999999T", "512B", "NaN", "1e3K", "0x10M", " 3 mib ", "inf", "1I"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err != nil {
			if n != 0 {
				t.Fatalf("ParseSize(%q) = %d with error %v", s, n, err)
			}
			return
		}
		if n < 0 || n > 1<<62 {
			t.Fatalf("ParseSize(%q) = %d, out of range", s, n)
		}
		u := strings.ToUpper(strings.TrimSpace(s))
		if strings.HasSuffix(u, "B") && !strings.ContainsAny(u[max(len(u)-3, 0):len(u)-1], "KMGT") {
			t.Fatalf("ParseSize(%q) = %d: a B with no unit before it", s, n)
		}
		if _, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64); err == nil && n%(1<<20) != 0 {
			t.Fatalf("ParseSize(%q) = %d: a plain number is MiB", s, n)
		}
		k := n / 1024
		if back, err := ParseSize(strconv.FormatInt(k, 10) + "K"); err != nil || back != k*1024 {
			t.Fatalf("ParseSize(%dK) = %d, %v; want %d", k, back, err, k*1024)
		}
	})
}
