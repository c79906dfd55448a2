package dimacs

import (
	"strings"
	"testing"
)

// TestQuirk: Formula.Quirk names the first thing a solver reading the
// input itself may take differently, and nothing in plain DIMACS.
func TestQuirk(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "c x\nc\tt\n\np cnf 3 2\n1 -3 0\nc between\n  2  3 -1 0  \n", ""},
		{"plain no final newline", "p cnf 2 1\n1 2 0", ""},
		{"empty clause", "p cnf 0 1\n0\n", ""},
		{"blank comment after header", "p cnf 1 1\n  c x\n1 0\n", ""},
		{"trailing blanks in header", "p cnf 1 1 \t\n1 0\n", ""},
		{"satlib", "p cnf 1 1\n1 0\n%\n0\n", `line 3: SATLIB "%" trailer`},
		{"0xFF in a comment", "p cnf 3 3\n1 2 0\nc \xff\n-1 0\n-2 3 0\n", "line 3: byte 0xFF in a comment"},
		{"0xFF in a comment before the header", "c a\xffb\np cnf 1 1\n1 0\n", "line 1: byte 0xFF in a comment"},
		{"UTF-8 and other high bytes in comments", "c caf\xc3\xa9 \x80\xfe\np cnf 1 1\n1 0\n", ""},
		{"crlf clause", "p cnf 1 1\n1 0\r\n", "line 2: CR line end"},
		{"crlf comment", "c x\r\np cnf 1 1\n1 0\n", "line 1: CR line end"},
		{"crlf header", "p cnf 1 1\r\n1 0\n", "line 1: CR line end"},
		{"leading zero", "p cnf 2 1\n1 01 0\n", `line 2: literal "01" with leading zeros`},
		{"leading zeros negative", "p cnf 9 1\n1 -007 0\n", `line 2: literal "-007" with leading zeros`},
		{"double zero", "p cnf 2 1\n1 2 00\n", `line 2: literal "00" with leading zeros`},
		{"header leading zeros", "p cnf 02 1\n1 2 0\n", `line 1: header count "02" with leading zeros`},
		{"comment in clause", "p cnf 3 1\n1 2\nc mid\n3 0\n", "line 3: comment inside the clause of line 2"},
		{"clause goes on", "p cnf 3 1\n1 2\n3 0\n", "line 3: the clause of line 2 ends here"},
		{"two clauses on a line", "p cnf 3 3\n1 2 0\n-1 0 3 0\n", "line 3: a second clause on the line"},
		{"tab between literals", "p cnf 3 1\n1\t2 0\n", "line 2: tab outside a comment"},
		{"tab at line start", "p cnf 3 1\n\t1 2 0\n", "line 2: tab outside a comment"},
		{"header spacing", "p  cnf 3 1\n1 2 0\n", `line 1: header "p  cnf 3 1" is not "p cnf VARS CLAUSES" with single spaces`},
		{"header tab", "p cnf\t3 1\n1 2 0\n", `line 1: header "p cnf\t3 1" is not "p cnf VARS CLAUSES" with single spaces`},
		{"blank before header", " p cnf 3 1\n1 2 0\n", "line 1: blank at the start of a line before the header"},
		{"blank before comment", "c a\n c b\np cnf 3 1\n1 2 0\n", "line 2: blank at the start of a line before the header"},
		{"option comment", "c --elim=false\np cnf 1 1\n1 0\n", `line 1: comment "c --elim=false" that a solver may read as an option`},
		{"option comment, blanks", "c x\nc \t --phase=0 and more text after it\np cnf 1 1\n1 0\n", `line 2: comment "c \t --phase=0 and more text after it" that a solver may read as an option`},
		{"option comment, no blank", "p cnf 1 1\nc--x\n1 0\n", `line 2: comment "c--x" that a solver may read as an option`},
		{"option comment, long", "c --" + strings.Repeat("x", 50) + "\np cnf 1 1\n1 0\n", `line 1: comment "c --` + strings.Repeat("x", 36) + `..." that a solver may read as an option`},
		{"dashes later in a comment", "c a --b\nc -x\np cnf 1 1\n1 0\n", ""},
		{"first quirk wins", "p cnf 3 2\n1 02 0\n1 2 0\r\n", `line 2: literal "02" with leading zeros`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tt.in), "in", Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Quirk(); got != tt.want {
				t.Errorf("Quirk() = %q, want %q", got, tt.want)
			}
			g, _, err := ReadTee(strings.NewReader(tt.in), "in", Options{}, new(strings.Builder))
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Quirk(); got != tt.want {
				t.Errorf("ReadTee: Quirk() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestQuirkLongLiteral: leading zeros are seen where a literal runs past
// the parser's buffer too (longer than the buffer).
func TestQuirkLongLiteral(t *testing.T) {
	defer func(n int) { cnfChunk = n }(cnfChunk)
	cnfChunk = 4 << 10
	pad := strings.Repeat("c "+strings.Repeat("x", 60)+"\n", 4096/63)
	for _, lit := range []string{"1", strings.Repeat("0", 5000) + "1"} {
		in := "p cnf 1 1\n" + pad + "1 " + lit + " 0\n"
		f, err := Read(strings.NewReader(in), "in", Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		if lit != "1" {
			want = `line 67: literal "` + strings.Repeat("0", 40) + `..." with leading zeros`
		}
		if got := f.Quirk(); got != want {
			t.Errorf("%d-byte literal: Quirk() = %q, want %q", len(lit), got, want)
		}
	}
}

// TestQuirkBuilt: a built formula has no quirk.
func TestQuirkBuilt(t *testing.T) {
	var f Formula
	f.AddClause(1, -2)
	if q := f.Quirk(); q != "" {
		t.Errorf("Quirk() = %q", q)
	}
}
