package dimacs

import (
	"errors"
	"fmt"
	"testing"
)

// TestDialect: the names the flags take read back; no other name does.
func TestDialect(t *testing.T) {
	for _, d := range []Dialect{Competition, Minisat} {
		if got, err := ParseDialect(d.String()); got != d || err != nil {
			t.Errorf("ParseDialect(%q) = %v, %v", d, got, err)
		}
	}
	for _, s := range []string{"minisat-stdout", "", "dimacs", "Competition"} {
		_, err := ParseDialect(s)
		var de *DialectError
		if want := fmt.Sprintf("unknown dialect %q (want competition or minisat)", s); err == nil || err.Error() != want || !errors.As(err, &de) {
			t.Errorf("ParseDialect(%q): %v, want %s", s, err, want)
		}
	}
	if got := fmt.Sprint(Dialect(0), MinisatStdout, Dialect(9)); got != " minisat-stdout Dialect(9)" {
		t.Errorf("String: %q", got)
	}
}
