package satbench

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"

	"github.com/pipesat/pipesat/bench/html"
	"github.com/pipesat/pipesat/bench/plot"
	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/score"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/outfile"
	"github.com/pipesat/pipesat/internal/shellword"
)

// writeReport writes rep in --format to -o, standard output when "" or
// "-"; html is a page of rows and rep with the plots (see writeHTML).
func (o *reportOptions) writeReport(c *cmdio.Cmd, rows []results.Row, rep *score.Report, a, b plot.Pick) error {
	wt := writeFunc(func(w io.Writer) error {
		if o.format == "html" {
			return o.writeHTML(w, rows, rep, a, b)
		}
		return o.write(w, rep)
	})
	out := o.out
	if out == "" {
		out = "-"
	}
	return outfile.Write(out, wt, c.Stdout)
}

// writeHTML writes the report page of rows: the cactus plot and the
// scatter plot of --scatter's A and B, or when not given of the two best
// configurations, then the tables of rep.
func (o *reportOptions) writeHTML(w io.Writer, rows []results.Row, rep *score.Report, a, b plot.Pick) error {
	popt := o.plotOptions()
	p := &html.Page{Title: popt.Title, Command: o.commandLine(), Rows: rows, Report: rep}
	if p.Title != "" {
		p.Title = "satbench report: " + p.Title
	}
	if f, err := plot.Cactus(rows, popt); err == nil {
		p.Plots = append(p.Plots, inline(f, "Cactus plot: a line per configuration, its k-th point the time of its k-th fastest solved instance; further right solved more, lower solved faster."))
	}
	if o.scatter == "" && len(rep.Configs) >= 2 {
		a, b = plot.Pick{Config: rep.Configs[0].Config}, plot.Pick{Config: rep.Configs[1].Config}
	}
	if a.Solver != "" {
		if f, err := plot.Scatter(rows, a, b, popt); err == nil {
			p.Plots = append(p.Plots, inline(f, "Scatter plot: "+a.String()+" (x) against "+b.String()+" (y), an instance a point; below the diagonal "+b.String()+" was faster."))
		}
	}
	return html.Write(w, p)
}

// inline returns f as an html.Plot with its caption.
func inline(f *plot.Figure, caption string) html.Plot {
	var buf bytes.Buffer
	_ = f.WriteInlineSVG(&buf) // writes to memory
	return html.Plot{Caption: caption, SVG: buf.Bytes()}
}

// plotOptions are the plots' options: --title, else "suite NAME" of the
// --suite files, --paper and --score's clock.
func (o *reportOptions) plotOptions() plot.Options {
	popt := plot.Options{Title: o.title, Paper: plot.Paper(o.paper), Clock: o.scoreClock()}
	if popt.Title == "" && len(o.suites.Value()) > 0 {
		var names []string
		for _, s := range o.suites.Value() {
			names = append(names, filepath.Base(s))
		}
		popt.Title = "suite " + strings.Join(names, ", ")
	}
	return popt
}

// commandLine returns the satbench report line that makes the page: the
// flags that change what it shows, and the results files.
func (o *reportOptions) commandLine() string {
	args := []string{"satbench", "report", "--format", "html"}
	for _, s := range o.suites.Value() {
		args = append(args, "--suite", s)
	}
	for _, f := range [][2]string{{"--by", o.by}, {"--title", o.title}, {"--scatter", o.scatter}} {
		if f[1] != "" {
			args = append(args, f[0], f[1])
		}
	}
	if o.out != "" && o.out != "-" {
		args = append(args, "-o", o.out)
	}
	return shellword.Join(append(args, o.files...))
}
