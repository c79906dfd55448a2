package twistyflag

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

// TestTwistyRandomSeed: --scramble without --seed gets a random seed and
// the line that names it; with --seed, or without --scramble, nothing
// changes.
func TestTwistyRandomSeed(t *testing.T) {
	line := regexp.MustCompile(`^c seed ([0-9]+) \(random: --seed ([0-9]+) repeats this scramble\)\n$`)
	seen := map[uint64]bool{}
	for range 5 {
		var tw Twisty
		cmdiotest.RunFlags(tw.Flags(true), func(c *cmdio.Cmd) error {
			l := tw.RandomSeed(c)
			m := line.FindStringSubmatch(l)
			if m == nil || m[1] != m[2] || m[1] != fmt.Sprint(tw.Seed) || tw.Seed < 1 || tw.Seed > 1e9 || tw.SeedGiven(c) {
				t.Errorf("RandomSeed: %q, Seed %d", l, tw.Seed)
			}
			seen[tw.Seed] = true
			return nil
		}, "--scramble", "3")
	}
	if len(seen) < 2 {
		t.Errorf("five random seeds: %v", seen)
	}
	for _, args := range [][]string{{"--scramble", "3", "--seed", "0"}, {"--state", "W"}} {
		var tw Twisty
		cmdiotest.RunFlags(tw.Flags(true), func(c *cmdio.Cmd) error {
			if l := tw.RandomSeed(c); l != "" || tw.Seed != 0 || tw.SeedGiven(c) != (args[0] == "--scramble") {
				t.Errorf("%q: RandomSeed %q, Seed %d", args, l, tw.Seed)
			}
			return nil
		}, args...)
	}
}

func TestTwisty(t *testing.T) {
	for _, tt := range []struct {
		moves bool
		args  []string
		want  string
	}{
		{true, nil, "{   -1 0} false false false"},
		{true, []string{"--puzzle", "c.yaml", "--moves", "R U", "--seed", "3"}, "{c.yaml  R U -1 3} true false false"},
		{true, []string{"--definition", "c.yaml", "--state", "W", "--scramble", "-1"}, "{c.yaml W  -1 0} true true true"},
		{false, []string{"--moves", "R"}, "unknown flag --moves"},
	} {
		var tw Twisty
		var got string
		code, stderr := cmdiotest.RunFlags(tw.Flags(tt.moves), func(c *cmdio.Cmd) error {
			d, s, sc := tw.Given(c)
			got = fmt.Sprintf("{%s %s %s %d %d} %v %v %v", tw.Definition, tw.State, tw.Moves, tw.Scramble, tw.Seed, d, s, sc)
			return nil
		}, tt.args...)
		if code == 2 {
			got = strings.TrimSuffix(strings.TrimPrefix(stderr, "tool: "), "\nusage: tool [flags]\n")
		}
		if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.args, got, tt.want)
		}
	}
}

// TestTwistyCheck: a definition and exactly one start, a scramble of at
// most twisty.MaxScramble turns; else a usage error naming the flags.
func TestTwistyCheck(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--definition", "c.yaml", "--state", "W"}, ""},
		{[]string{"--definition", "c.yaml", "--moves", "R"}, ""},
		{[]string{"--definition", "c.yaml", "--scramble", "10000"}, ""},
		{[]string{"--state", "W"}, "--definition is required"},
		{[]string{"--definition", "c.yaml"}, "give exactly one of --state, --moves and --scramble"},
		{[]string{"--definition", "c.yaml", "--state", "W", "--moves", "R"}, "give exactly one of --state, --moves and --scramble"},
		{[]string{"--definition", "c.yaml", "--scramble", "10001"}, "--scramble: want 0..10000"},
	} {
		var tw Twisty
		code, stderr := cmdiotest.RunFlags(tw.Flags(true), func(*cmdio.Cmd) error { return tw.Check() }, tt.args...)
		want := 0
		if tt.want != "" {
			want, tt.want = 2, "tool: "+tt.want+"\nusage: tool [flags]\n"
		}
		if code != want || stderr != tt.want {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tt.args, code, stderr, want, tt.want)
		}
	}
}

func TestCheckDepth(t *testing.T) {
	for d, want := range map[int]string{-1: "--depth: want 0..64", 0: "<nil>", 64: "<nil>", 65: "--depth: want 0..64"} {
		if got := fmt.Sprint(CheckDepth("--depth", d)); got != want {
			t.Errorf("CheckDepth(%d) = %s, want %s", d, got, want)
		}
	}
}
