package cmdio

import (
	"reflect"
	"testing"
	"time"

	"github.com/urfave/cli/v2"
)

// TestDescribe: what the help, the manual, the man pages and the
// completions say of a flag comes from its declaration alone.
func TestDescribe(t *testing.T) {
	var (
		s, names, def string
		b             bool
		n             int
		u             uint64
		x             float64
		d, d2         time.Duration
		list          cli.StringSlice
	)
	def = "cube2"
	for _, tt := range []struct {
		flag cli.Flag
		want FlagDoc
	}{
		{OutputFlag(&s), FlagDoc{Names: []string{"-o", "--output"}, Value: "FILE",
			Usage: "write to FILE instead of standard output (replaced whole, never half-written)", File: true}},
		{&cli.BoolFlag{Name: "comments", Value: true, Destination: &b, Usage: "comment"},
			FlagDoc{Names: []string{"--comments"}, Usage: "comment", Default: "true"}},
		{&cli.BoolFlag{Name: "all", Destination: &b}, FlagDoc{Names: []string{"--all"}}},
		{&cli.IntFlag{Name: "depth", Value: -1, Destination: &n, Usage: "at most `K` turns"},
			FlagDoc{Names: []string{"--depth"}, Value: "K", Usage: "at most K turns"}}, // -1: not given
		{&cli.IntFlag{Name: "reps", Value: 3, Destination: &n}, FlagDoc{Names: []string{"--reps"}, Value: "N", Default: "3"}},
		{&cli.Uint64Flag{Name: "seed", Destination: &u}, FlagDoc{Names: []string{"--seed"}, Value: "N"}},
		{&cli.Float64Flag{Name: "ratio", Value: 4.26, Destination: &x}, FlagDoc{Names: []string{"--ratio"}, Value: "X", Default: "4.26"}},
		{&cli.StringFlag{Name: "title", Value: "T", Destination: &s}, FlagDoc{Names: []string{"--title"}, Value: "TEXT", Default: "T"}},
		{&cli.StringSliceFlag{Name: "suite", Destination: &list, TakesFile: true}, FlagDoc{Names: []string{"--suite"}, Value: "TEXT", File: true}},
		{TimeoutFlag(&d, 0), FlagDoc{Names: []string{"--timeout"}, Value: "T", Usage: "give up after T: seconds (5, 2.5) or a duration (90s, 1m30s)"}},
		{DurationFlag("grace", &d2, time.Second), FlagDoc{Names: []string{"--grace"}, Value: "T", Default: "1s"}},
		{&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Destination: &b}, FlagDoc{Names: []string{"-q", "--quiet"}}},
		{ChoiceFlag("names", &names, "primary", "names", "none", "primary", "all"),
			FlagDoc{Names: []string{"--names"}, Value: "none|primary|all", Usage: "names", Default: "primary", Choices: []string{"none", "primary", "all"}}},
		{ChoiceFlag("input-format", &s, "auto", "the `FORMAT`", "auto", "non", "xml", "keen", "g", "mk", "nin", "cwd"),
			FlagDoc{Names: []string{"--input-format"}, Value: "FORMAT", Usage: "the FORMAT", Default: "auto", Choices: []string{"auto", "non", "xml", "keen", "g", "mk", "nin", "cwd"}}},
		{&cli.GenericFlag{Name: "definition", Value: &Choice{Dest: &def, Words: []string{"cube2", "loopover3"}, File: true}, Usage: "a `NAME`"},
			FlagDoc{Names: []string{"--definition"}, Value: "NAME", Usage: "a NAME", Default: "cube2", Choices: []string{"cube2", "loopover3"}, File: true}},
	} {
		if got := Describe(tt.flag); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Describe(%s):\n got %+v\nwant %+v", tt.flag.Names()[0], got, tt.want)
		}
	}
	if got := Describe(OutputFlag(&s)).Head(); got != "-o, --output FILE" {
		t.Errorf("Head = %q", got)
	}
}

// TestChoice: a Choice takes its words and its hidden ones, refuses the
// rest in words made from its list, and takes any file when File.
func TestChoice(t *testing.T) {
	var v string
	c := &Choice{Dest: &v, Words: []string{"none", "primary", "all"}, Hidden: []string{"cells"}}
	for _, w := range []string{"all", "cells"} {
		if err := c.Set(w); err != nil || v != w || c.String() != w {
			t.Errorf("Set(%q): %v, %q", w, err, v)
		}
	}
	if err := c.Set("x"); err == nil || err.Error() != `"x" is not none, primary or all` || v != "cells" {
		t.Errorf(`Set("x"): %v, %q`, err, v)
	}
	c.File = true
	if err := c.Set("my.yaml"); err != nil || v != "my.yaml" {
		t.Errorf("File: Set: %v, %q", err, v)
	}
	if got := orList([]string{"a"}); got != "a" {
		t.Errorf("orList = %q", got)
	}
	if got := (&Choice{}).String(); got != "" {
		t.Errorf("String of no Dest = %q", got)
	}
}

// TestUnquoteUsage: the placeholder is the first word in backquotes, as
// urfave/cli reads it.
func TestUnquoteUsage(t *testing.T) {
	for _, tt := range []struct{ in, placeholder, text string }{
		{"write to `FILE`", "FILE", "write to FILE"},
		{"no placeholder", "", "no placeholder"},
		{"one ` quote", "", "one ` quote"},
		{"`A` and `B`", "A", "A and `B`"},
	} {
		if p, text := unquoteUsage(tt.in); p != tt.placeholder || text != tt.text {
			t.Errorf("unquoteUsage(%q) = %q, %q", tt.in, p, text)
		}
	}
}
