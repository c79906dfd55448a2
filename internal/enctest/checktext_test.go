package enctest

import "testing"

func TestCheckText(t *testing.T) {
	for _, tt := range []struct{ in, wantErr string }{
		{"c varname 1 a\nc varname 2 b\np cnf 2 1\nc g\n1 2 0\n", ""},
		{"p cnf 2 1\n1 2 0\n", `line 2: clause "1 2 0" before any group comment`},
		{"c varname 1 a\np cnf 2 1\nc g\n1 2 0\n", "variable 2 of 2 has no name"},
		{"c varname 1 a\nc varname 2 a\np cnf 2 1\nc g\n1 2 0\n", `line 2: variables 1 and 2 are both named "a"`},
		{"c varname 1 a\nc varname 1 b\np cnf 2 1\n", "line 2: variable 1 named twice"},
	} {
		err := CheckText(tt.in, true)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.wantErr {
			t.Errorf("CheckText(%q) = %q, want %q", tt.in, got, tt.wantErr)
		}
	}
}
