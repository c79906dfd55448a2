package cmdio

import (
	"errors"
	"testing"
	"time"

	"github.com/urfave/cli/v2"
)

// TestFlagError: a flag the library cannot parse is named as typed, an
// unknown one with the nearest real flag, a bad value with what the flag
// wants; every one is a usage error.
func TestFlagError(t *testing.T) {
	var (
		solver, cmd, out  string
		timeout           time.Duration
		certify, stats, q bool
		max               int
		seed              uint64
		ratio             float64
	)
	flags := []cli.Flag{
		&cli.StringFlag{Name: "solver", Destination: &solver},
		&cli.StringFlag{Name: "solver-cmd", Destination: &cmd},
		TimeoutFlag(&timeout, 0), CertifyFlag(&certify), StatsFlag(&stats),
		&cli.BoolFlag{Name: "no-verify", Destination: &q},
		&cli.IntFlag{Name: "max", Destination: &max},
		&cli.Uint64Flag{Name: "seed", Destination: &seed},
		&cli.Float64Flag{Name: "ratio", Destination: &ratio},
		OutputFlag(&out),
	}
	const use = "\nusage: tool [flags]\n"
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--quiet"}, "tool: unknown flag --quiet" + use},
		{[]string{"-quiet"}, "tool: unknown flag -quiet" + use},
		{[]string{"f.cnf", "--stat"}, "tool: unknown flag --stat: did you mean --stats?" + use},
		{[]string{"--cmd", "x"}, "tool: unknown flag --cmd: did you mean --solver-cmd?" + use},
		{[]string{"--cert"}, "tool: unknown flag --cert: did you mean --certify?" + use},
		{[]string{"--timout=5"}, "tool: unknown flag --timout: did you mean --timeout?" + use},
		{[]string{"--no_verify"}, "tool: unknown flag --no_verify: did you mean --no-verify?" + use},
		{[]string{"--Solver", "gini"}, "tool: unknown flag --Solver: did you mean --solver?" + use},
		{[]string{"--solvercmd", "x"}, "tool: unknown flag --solvercmd: did you mean --solver-cmd?" + use},
		{[]string{"--sed", "3"}, "tool: unknown flag --sed: did you mean --seed?" + use},
		{[]string{"--outptu", "x"}, "tool: unknown flag --outptu: did you mean --output?" + use},
		{[]string{"-x"}, "tool: unknown flag -x" + use},
		{[]string{"-p"}, "tool: unknown flag -p" + use},
		{[]string{"--", "--stat"}, ""},
		{[]string{"--solver"}, "tool: --solver needs a value" + use},
		{[]string{"-o"}, "tool: -o needs a value" + use},
		{[]string{"--max", "x"}, "tool: --max \"x\": want a whole number" + use},
		{[]string{"-max=1.5"}, "tool: -max \"1.5\": want a whole number" + use},
		{[]string{"--seed", "-1"}, "tool: --seed \"-1\": want a whole number, 0 or more" + use},
		{[]string{"--ratio", "x"}, "tool: --ratio \"x\": want a number" + use},
		{[]string{"--stats=maybe"}, "tool: --stats \"maybe\": want true or false" + use},
		{[]string{"--timeout", "x"}, "tool: --timeout \"x\": want seconds (5, 2.5) or a duration (90s, 1m30s)" + use},
		{[]string{"--timeout", "1e300"}, "tool: --timeout \"1e300\": want seconds (5, 2.5) or a duration (90s, 1m30s), at most 2562047h" + use},
		{[]string{"--timeout", "NaN"}, "tool: --timeout \"NaN\": want seconds (5, 2.5) or a duration (90s, 1m30s), at most 2562047h" + use},
		{[]string{"--timeout", "0x10"}, "tool: --timeout \"0x10\": want seconds (5, 2.5) or a duration (90s, 1m30s)" + use},
	} {
		code, stderr := runFlags(flags, func(*Cmd) error { return nil }, tt.args...)
		if wantCode := map[bool]int{true: 0, false: 2}[tt.stderr == ""]; code != wantCode || stderr != tt.stderr {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tt.args, code, stderr, wantCode, tt.stderr)
		}
	}
	// An error the flag library words otherwise stays as it is.
	if err := flagMessage(errors.New("bad flag syntax: ---x"), flags, nil); err.Error() != "bad flag syntax: ---x" {
		t.Errorf("flagMessage kept %q", err)
	}
	if err := flagMessage(errors.New("invalid value \"x\" for"), flags, nil); err.Error() != "invalid value \"x\" for" {
		t.Errorf("flagMessage kept %q", err)
	}
}

// TestDurationFlag: a bare number is seconds, else a Go duration; the
// default stands when the flag is not given.
func TestDurationFlag(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want time.Duration
	}{
		{nil, 7 * time.Second},
		{[]string{"--timeout", "5"}, 5 * time.Second},
		{[]string{"--timeout=2.5"}, 2500 * time.Millisecond},
		{[]string{"--timeout", "0"}, 0},
		{[]string{"--timeout", "1m30s"}, 90 * time.Second},
		{[]string{"--timeout", "500ms"}, 500 * time.Millisecond},
		{[]string{"--timeout", "1e3"}, 1000 * time.Second},
		{[]string{"--timeout", "-2"}, -2 * time.Second},
	} {
		var d time.Duration
		f := TimeoutFlag(&d, 7*time.Second)
		set := false
		code, stderr := runFlags([]cli.Flag{f}, func(c *Cmd) error { set = c.IsSet(f); return nil }, tt.args...)
		if code != 0 || stderr != "" || d != tt.want || set != (tt.args != nil) {
			t.Errorf("%q: exit %d, stderr %q, %v (set %v); want %v", tt.args, code, stderr, d, set, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"stats", "stats", 0},
		{"timout", "timeout", 1}, {"tiemout", "timeout", 1}, {"quiet", "stats", 5}, {"ca", "abc", 3},
	} {
		if d := editDistance(tt.a, tt.b); d != tt.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, d, tt.d)
		}
	}
}

func TestNearestWord(t *testing.T) {
	words := []string{"run", "report", "plan", "exec", "merge", "gen"}
	for _, tt := range []struct{ name, want string }{
		{"rn", "run"}, {"runn", "run"}, {"Run", "run"}, {"reprot", "report"}, {"pln", "plan"},
		{"ex", "exec"}, {"gne", "gen"}, {"x", ""}, {"frob", ""}, {"r", ""},
	} {
		if got := NearestWord(tt.name, words); got != tt.want {
			t.Errorf("NearestWord(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
