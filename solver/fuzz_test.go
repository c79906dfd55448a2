package solver

import (
	"slices"
	"strings"
	"testing"
)

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
