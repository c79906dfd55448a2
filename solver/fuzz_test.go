package solver

import (
	"slices"
	"strings"
	"testing"
)

func FuzzParseVars(f *testing.F) {
	for _, s := range []string{"1-5", "7,1-3,2", " 4 , 2 ", "0", "1-", "-3", "+3", "5-2", "1-10", "1-99999999999999999999", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vs, err := ParseVars(s, 50)
		if err != nil {
			return
		}
		if len(vs) == 0 || !slices.IsSorted(vs) || vs[0] < 1 || vs[len(vs)-1] > 50 {
			t.Fatalf("ParseVars(%q) = %v", s, vs)
		}
		if len(slices.Compact(slices.Clone(vs))) != len(vs) {
			t.Fatalf("ParseVars(%q) = %v: repeats", s, vs)
		}
	})
}

func FuzzSplitWords(f *testing.F) {
	for _, s := range []string{"kissat -q {cnf}", `s 'a b' "c d" e\ f`, `s 'it''s' "say \"hi\""`, `s 'open`, `s "open`, `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ws, err := SplitWords(s)
		if err != nil {
			return
		}
		// Quoting every word with single quotes splits back the same.
		var q []string
		for _, w := range ws {
			q = append(q, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		back, err := SplitWords(strings.Join(q, " "))
		if err != nil || !slices.Equal(back, ws) {
			t.Fatalf("SplitWords(%q) = %q; requoted %q = %q, %v", s, ws, q, back, err)
		}
	})
}
