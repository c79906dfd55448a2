package shellword

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

func TestQuoteSplit(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"gchq.non", "gchq.non"},
		{"--amo=sequential", "--amo=sequential"},
		{"", "''"},
		{"my puzzle.non", "'my puzzle.non'"},
		{"it's", `'it'\''s'`},
		{"a & (b | c)", "'a & (b | c)'"},
		{"two\nlines", `$'two\nlines'`},
		{"tab\t'q'\\", `$'tab\t\'q\'\\'`},
		{"bell\a", `$'bell\x07'`},
	} {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
		got, err := Split("x " + Quote(tt.in) + " y")
		if err != nil || !slices.Equal(got, []string{"x", tt.in, "y"}) {
			t.Errorf("Split(Quote(%q)) = %q, %v", tt.in, got, err)
		}
	}
	if got := Join([]string{"a", "b c", ""}); got != "a 'b c' ''" {
		t.Errorf("Join = %s", got)
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr string
	}{
		{in: "kissat -q {cnf}", want: []string{"kissat", "-q", "{cnf}"}},
		{in: "  a\tb \n c ", want: []string{"a", "b", "c"}},
		{in: `s --x 'a b' "c d" e\ f`, want: []string{"s", "--x", "a b", "c d", "e f"}},
		{in: `s 'it''s' "say \"hi\""`, want: []string{"s", "its", `say "hi"`}},
		{in: `s "a\b" "\$\\\` + "`" + `"`, want: []string{"s", `a\b`, "$\\`"}},
		{in: `s '' ""`, want: []string{"s", "", ""}},
		{in: `a"b"'c'$'d'`, want: []string{"abcd"}},
		{in: `s 'open`, wantErr: "unterminated ' quote"},
		{in: `s "open`, wantErr: `unterminated " quote`},
		{in: `s "open\"`, wantErr: `unterminated " quote`},
		{in: "$'open", wantErr: "unterminated $' quote"},
		{in: `$'open\`, wantErr: "unterminated $' quote"},
		{in: `$'\q'`, wantErr: `unknown escape \q`},
		{in: `$'\xZZ'`, wantErr: `bad \x escape`},
		{in: `$'\x4`, wantErr: `bad \x escape`},
	}
	for _, tt := range tests {
		got, err := Split(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("Split(%q): error %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Split(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"kissat -q {cnf}", `s 'a b' "c d" e\ f`, `s 'it''s' "say \"hi\""`, `s 'open`, `s "open`, `\`, `$'a\x07\n'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ws, err := Split(s)
		if err != nil {
			return
		}
		// Quoting the words splits back the same.
		back, err := Split(Join(ws))
		if err != nil || !slices.Equal(back, ws) {
			t.Fatalf("Split(%q) = %q; Join gives %q, which splits to %q, %v", s, ws, Join(ws), back, err)
		}
	})
}

// TestQuotePOSIX quotes words for POSIX sh and has dash (or sh) read them
// back, byte for byte.
func TestQuotePOSIX(t *testing.T) {
	words := []string{"gchq.non", "", "my puzzle.non", "it's", "two\nlines", "tab\t'q'\\", "bell\a\x01\x7f", "$HOME `x` \"y\" *", "\r\n"}
	for _, tt := range []struct{ in, want string }{
		{"gchq.non", "gchq.non"},
		{"", "''"},
		{"it's", `'it'\''s'`},
		{"two\nlines", "'two\nlines'"},
		{"bell\a", "'bell\a'"},
	} {
		if got := QuotePOSIX(tt.in); got != tt.want {
			t.Errorf("QuotePOSIX(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	sh := "dash"
	if _, err := exec.LookPath(sh); err != nil {
		sh = "sh"
	}
	out, err := exec.Command(sh, "-c", `printf '%s\0' `+JoinPOSIX(words)).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if !slices.Equal(got, words) {
		t.Errorf("%s read %q, want %q", sh, got, words)
	}
}
