package testenv

import (
	"os"
	"strings"
	"testing"
)

// TestVerifyLRAT: VerifyLRAT fails on what the reader says (here a stub
// standing for drat's), on what CheckLRAT finds, and, where lrat-check is
// installed, on what it finds in a RAT proof CheckLRAT does not check.
func TestVerifyLRAT(t *testing.T) {
	const four = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n"
	ok := func(string, string) (int, error) { return 0, nil }
	satisfied := func(string, string) (int, error) { return 1, nil }
	for _, tt := range []struct {
		name, lrat string
		read       func(string, string) (int, error)
		wantErr    string
	}{
		{"verified", "5 2 0 1 2 0\n6 0 5 3 4 0\n", ok, ""},
		{"reader", "5 2 0 1 2 0\n6 0 5 3 4 0\n", satisfied, "package drat's LRAT check: <nil>, 1 hints satisfied already"},
		{"CheckLRAT", "5 2 0 1 3 0\n6 0 5 3 4 0\n", ok, "testenv.CheckLRAT: line 1: hint 3 is satisfied"},
	} {
		if err := VerifyLRAT(four, tt.lrat, tt.read); err == nil && tt.wantErr != "" || err != nil && err.Error() != tt.wantErr {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.wantErr)
		}
	}
	t.Setenv(LRATCheckEnv, "/nonexistent/lrat-check")
	const want = "PIPESAT_LRAT_CHECK=/nonexistent/lrat-check: exec: \"/nonexistent/lrat-check\": stat /nonexistent/lrat-check: no such file or directory"
	if err := VerifyLRAT(four, "5 2 0 1 2 0\n6 0 5 3 4 0\n", ok); err == nil || err.Error() != want {
		t.Errorf("with %s unrunnable: %v, want %q", LRATCheckEnv, err, want)
	}
	os.Unsetenv(LRATCheckEnv)
	path, err := LRATCheckPath()
	if err != nil {
		t.Fatal(err)
	}
	if path == "" {
		t.Skip("lrat-check not installed (PIPESAT_LRAT_CHECK, PATH): its verdict is not checked")
	}
	// The RAT step's second group, of clause 4, has no hints: its
	// resolvent "-1" is not refuted.
	if err := VerifyLRAT(four, "5 2 0 -3 1 -4 0\n6 0 5 3 4 0\n", ok); err == nil || !strings.HasPrefix(err.Error(), path+": exit status 1, want c VERIFIED and no warning:") {
		t.Errorf("a wrong RAT step: %v, want lrat-check's verdict", err)
	}
}
