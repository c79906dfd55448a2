package dimacs

import (
	"fmt"
	"slices"
	"testing"
)

func TestParseVars(t *testing.T) {
	tests := []struct {
		in      string
		limit   int
		want    []int
		wantErr string
	}{
		{in: "1-5", limit: 9, want: []int{1, 2, 3, 4, 5}},
		{in: "7,1-3,2", limit: 9, want: []int{1, 2, 3, 7}},
		{in: " 4 , 2 ", limit: 9, want: []int{2, 4}},
		{in: "9", limit: 9, want: []int{9}},
		{in: "3-3,1-2,4", limit: 0, want: []int{1, 2, 3, 4}},
		{in: "", limit: 9, wantErr: "empty variable list"},
		{in: " ", limit: 0, wantErr: "empty variable list"},
		{in: "0", limit: 9, wantErr: `"0" in variable list "0" is not a variable (1, 2, ...)`},
		{in: "1-", limit: 9, wantErr: `"" in variable list "1-" is not a variable (1, 2, ...)`},
		{in: "-3", limit: 9, wantErr: `"" in variable list "-3" is not a variable (1, 2, ...)`},
		{in: "+3", limit: 9, wantErr: `"+3" in variable list "+3" is not a variable (1, 2, ...)`},
		{in: "+1", limit: 0, wantErr: `"+1" in variable list "+1" is not a variable (1, 2, ...)`},
		{in: "1-+2", limit: 0, wantErr: `"+2" in variable list "1-+2" is not a variable (1, 2, ...)`},
		{in: "1,,2", limit: 0, wantErr: `"" in variable list "" is not a variable (1, 2, ...)`},
		{in: "a", limit: 9, wantErr: `"a" in variable list "a" is not a variable (1, 2, ...)`},
		{in: "5-2", limit: 9, wantErr: `variable range "5-2" is backwards`},
		{in: "1-10", limit: 9, wantErr: "variable 10 is above the formula's 9 variables"},
		{in: "268435457", limit: 0, wantErr: "variable 268435457 is above the variable limit 268435456"},
		{in: "1-99999999999999999999", limit: 9, wantErr: `"99999999999999999999" in variable list "1-99999999999999999999" is not a variable (1, 2, ...)`},
	}
	for _, tt := range tests {
		got, err := ParseVars(tt.in, tt.limit)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("ParseVars(%q, %d): error %v, want %q", tt.in, tt.limit, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseVars(%q, %d) = %v, %v; want %v", tt.in, tt.limit, got, err, tt.want)
		}
	}
}

func TestParseRanges(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"1-5", "[[1 5]]"},
		{"9,1-3,4,7-8", "[[1 4] [7 9]]"},
		{"2-6,1-3,5", "[[1 6]]"},
		{"1-268435456", "[[1 268435456]]"},
	} {
		rs, err := ParseRanges(tt.in, 0)
		if got := fmt.Sprint(rs); err != nil || got != tt.want {
			t.Errorf("ParseRanges(%q) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

func TestParsePrimary(t *testing.T) {
	for _, tt := range []struct {
		c       string
		limit   int
		want    string
		ok      bool
		wantErr string
	}{
		{c: "pipesat primary 1-25", limit: 30, want: "[[1 25]]", ok: true},
		{c: "pipesat primary 3,1", limit: 0, want: "[[1 1] [3 3]]", ok: true},
		{c: "pipesat nonogram 5 5", limit: 30, want: "[]"},
		{c: "pipesat primary 1-31", limit: 30, ok: true, wantErr: `header "c pipesat primary 1-31": variable 31 is above the formula's 30 variables`},
		{c: "pipesat primary +1", limit: 0, ok: true, wantErr: `header "c pipesat primary +1": "+1" in variable list "+1" is not a variable (1, 2, ...)`},
		{c: "pipesat primary 5-2", limit: 0, ok: true, wantErr: `header "c pipesat primary 5-2": variable range "5-2" is backwards`},
	} {
		rs, ok, err := ParsePrimary(tt.c, tt.limit)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr || ok != tt.ok {
				t.Errorf("ParsePrimary(%q): %v, %v; want error %q", tt.c, ok, err, tt.wantErr)
			}
			continue
		}
		if got := fmt.Sprint(rs); err != nil || ok != tt.ok || got != tt.want {
			t.Errorf("ParsePrimary(%q) = %s, %v, %v; want %s, %v", tt.c, got, ok, err, tt.want, tt.ok)
		}
	}
}

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
		rs, err := ParseRanges(s, 50)
		if err != nil {
			t.Fatalf("ParseRanges(%q): %v after ParseVars %v", s, err, vs)
		}
		for i := 1; i < len(rs); i++ {
			if rs[i][0] <= rs[i-1][1]+1 {
				t.Fatalf("ParseRanges(%q) = %v: not merged", s, rs)
			}
		}
	})
}
