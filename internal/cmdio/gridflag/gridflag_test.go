package gridflag

import (
	"strings"
	"testing"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

// TestOptions: the format follows -o's name unless --format is given; a
// --format that contradicts the name is a usage error.
func TestOptions(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string // the format, or the error
	}{
		{nil, ""},
		{[]string{"-o", "pic.png"}, "png"},
		{[]string{"-o", "dir/pic.SVG"}, "svg"},
		{[]string{"--output=pic.pdf"}, "pdf"},
		{[]string{"-o", "pic.txt"}, ""},
		{[]string{"-o", "pic"}, ""},
		{[]string{"--format", "goal", "-o", "pic.txt"}, "goal"},
		{[]string{"--format", "png", "-o", "pic"}, "png"},
		{[]string{"--format", "png", "-o", "pic.png"}, "png"},
		{[]string{"--format", "unicode"}, "unicode"},
		{[]string{"--format", "svg", "-o", "pic.png"}, "--format svg contradicts -o pic.png: name the file .svg, or leave --format out"},
		{[]string{"--format", "text", "-o", "pic.pdf"}, "--format text contradicts -o pic.pdf: name the file .txt, or leave --format out"},
		{[]string{"--format", "png", "-o", "pic.txt"}, "--format png contradicts -o pic.txt: name the file .png, or leave --format out"},
		{[]string{"--format", "x"}, `--format: "x" is not text, goal, unicode, png or svg`},
		{[]string{"--colour", "x"}, `--colour: "x" is not auto, always or never`},
	} {
		var p Picture
		var got string
		code, stderr := cmdiotest.RunFlags(p.Flags("text", grid.Text, grid.Goal, grid.Unicode, grid.PNG, grid.SVG), func(c *cmdio.Cmd) error {
			opts, err := p.Options(c)
			got = string(opts.Format)
			return err
		}, tt.args...)
		if code == 2 {
			got = strings.TrimSuffix(strings.TrimPrefix(stderr, "tool: "), "\nusage: tool [flags]\n")
		}
		if got != tt.want {
			t.Errorf("%q: got %q (exit %d), want %q", tt.args, got, code, tt.want)
		}
	}
}
