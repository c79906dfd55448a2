// Package gridflag is the flags of cnf2grid and nonosolve that say how
// to show a picture: --format, --title, --colour and -o, the format
// following -o's file name when --format is not given. It is not in cmdio
// so that the tools that draw nothing do not link the drawing code.
package gridflag

import (
	"bytes"
	"errors"
	"io"

	"github.com/pipesat/pipesat/decoders/grid"
	"github.com/pipesat/pipesat/decoders/grid/draw"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// Picture is the flags that say how to show a picture: --format,
// --title, --colour and -o.
type Picture struct {
	Format, Title, Colour string
	Output                cmdio.Output
}

// Flags returns the four flags, bound to p's fields: --format takes
// formats, and def says its default in the usage text.
func (p *Picture) Flags(def string, formats ...grid.Format) []cli.Flag {
	words := make([]string, len(formats))
	for i, f := range formats {
		words[i] = string(f)
	}
	return []cli.Flag{
		cmdio.ChoiceFlag("format", &p.Format, "", "the picture's `FORMAT` (default: "+def+"; -o FILE.png, .svg or .pdf draws one)", words...),
		&cli.StringFlag{Name: "title", Destination: &p.Title, Usage: "draw `TEXT` above a PNG, SVG or PDF picture"},
		cmdio.ColourFlag(&p.Colour),
		p.Output.Flag(),
	}
}

// Options returns the grid.Options the flags ask for: the format
// (--format, else the one -o's name says: pic.png draws a PNG), the
// title, the ANSI colours, and the drawer. A --format that contradicts
// -o's name, and a drawing for a terminal, are usage errors.
func (p *Picture) Options(c *cmdio.Cmd) (grid.Options, error) {
	opts := grid.Options{Title: p.Title, Drawer: draw.Drawer{}}
	named := grid.FileFormat(p.Output.Path)
	if p.Format == "" && named.IsDrawing() {
		opts.Format = named
	}
	if p.Format != "" {
		f, err := grid.ParseFormat(p.Format)
		if err != nil {
			return opts, usage.Errorf("--format: %v", err)
		}
		if named != "" && named != f && (named.IsDrawing() || f.IsDrawing()) {
			return opts, usage.Errorf("--format %s contradicts -o %s: name the file %s, or leave --format out", f, p.Output.Path, extension(f))
		}
		opts.Format = f
	}
	ansi, err := grid.WantANSI(p.Colour, p.Output.Path, c.Stdout)
	if err != nil {
		return opts, usage.Errorf("--colour: %v", err)
	}
	opts.ANSI = ansi
	if opts.Format.IsDrawing() && (p.Output.Path == "" || p.Output.Path == "-") && cmdio.IsTerminal(c.Stdout) {
		// As gzip and zstd refuse to write compressed data to one.
		return opts, usage.Errorf("--format %s: a drawing is not for a terminal: give -o FILE or pipe it into a file or viewer", opts.Format)
	}
	return opts, nil
}

// extension returns the file extension of format f: ".png", ".svg",
// ".pdf", or ".txt" for text.
func extension(f grid.Format) string {
	if f.IsDrawing() {
		return "." + string(f)
	}
	return ".txt"
}

// errANSIOnly is grid.ErrANSIOnly in the words of the flags.
var errANSIOnly = errors.New("--format unicode shows colours only as ANSI colours: add --colour always, or use text, png or svg")

// Write runs decode, which writes the pictures to w and its messages to
// msg (grid.Decode, grid.DecodeOutput), then writes the pictures to -o's
// file or standard output and the messages to standard error: unless
// decode failed before its output was complete (dimacs.AfterOutput), when
// nothing is written. The error is decode's, in the words of the flags
// (cmdio.AnswerWords, and the ANSI colours' --colour), else writing's.
func (p *Picture) Write(c *cmdio.Cmd, decode func(w, msg io.Writer) (grid.Result, error)) (grid.Result, error) {
	var out, msg bytes.Buffer
	res, err := decode(&out, &msg)
	err = cmdio.AnswerWords(err)
	if errors.Is(err, grid.ErrANSIOnly) {
		err = errANSIOnly
	}
	if err != nil && !dimacs.AfterOutput(err) {
		return res, err
	}
	// An incomplete count or a failed solver: the output stands, then
	// the error.
	if werr := p.Output.Write(c, &out); werr != nil {
		return res, werr
	}
	io.Copy(c.Stderr, &msg)
	return res, err
}
