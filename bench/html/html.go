package html

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/score"
)

//go:embed page.tmpl
var pageText string

var page = template.Must(template.New("page").Funcs(template.FuncMap{"secs": secs, "rows": rowCount}).Parse(pageText))

// rowCount returns "1 row" or "N rows".
func rowCount(n int) string {
	if n == 1 {
		return "1 row"
	}
	return strconv.Itoa(n) + " rows"
}

// secs writes a time in seconds as the report's tables do: 3 decimals.
func secs(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

// Page is what the report page shows. Rows are the runs the report
// scored; Report is their score.Summarize.
type Page struct {
	// Title heads the page, e.g. "suite hard.txt"; "satbench report"
	// when empty.
	Title string
	// Command is the command line that made the page, shown with the
	// run's facts; none when empty.
	Command string
	Rows    []results.Row
	Report  *score.Report
	// Plots are drawn between the facts and the tables, in order.
	Plots []Plot
}

// Plot is one figure of the page: an <svg> element (see
// plot.Figure.WriteInlineSVG) and its caption.
type Plot struct {
	Caption string
	SVG     []byte
}

// view is what the template reads.
type view struct {
	Title, Command string
	Facts          []fact
	Machines       []machine
	Plots          []plotView
	Tables         []tableView
}

type fact struct{ Name, Value string }

// machine is one host's facts: the row fields that all its rows share.
type machine struct {
	Host  string
	Facts []fact
}

type plotView struct {
	Caption, Width string
	SVG            template.HTML
}

// svgWidth finds the width of an <svg> element, "453.5pt"; "auto" if it
// has none.
var svgWidth = regexp.MustCompile(`^<svg width="([0-9.]+(pt|px|cm|mm|in)?)"`)

type tableView struct {
	ID, Title, Note string
	Header          []string
	NumericFrom     int
	Rows            []rowView
	// Runs says that the rows have a last column of runs on demand.
	Runs bool
}

type rowView struct {
	Cells []string
	Runs  []results.Row // the instance's runs, in the Instances table
}

// Write writes p to w as one HTML page.
func Write(w io.Writer, p *Page) error {
	v := view{Title: p.Title, Command: p.Command, Facts: facts(p.Rows), Machines: machines(p.Rows)}
	if v.Title == "" {
		v.Title = "satbench report"
	}
	for _, pl := range p.Plots {
		// The SVG comes from package plot, which escapes its text.
		w := "auto"
		if m := svgWidth.FindSubmatch(pl.SVG); m != nil {
			w = string(m[1])
		}
		v.Plots = append(v.Plots, plotView{pl.Caption, w, template.HTML(pl.SVG)})
	}
	runs := map[string][]results.Row{}
	for _, r := range p.Rows {
		runs[r.Instance] = append(runs[r.Instance], r)
	}
	for _, rs := range runs {
		results.Sort(rs)
	}
	for _, t := range p.Report.Tables() {
		tv := tableView{ID: tableID(t.Title), Title: t.Title, Note: t.Note, Header: t.Header, NumericFrom: t.NumericFrom}
		tv.Runs = t.Title == "Instances"
		for _, r := range t.Rows {
			rv := rowView{Cells: r}
			if tv.Runs {
				rv.Runs = runs[r[0]]
			}
			tv.Rows = append(tv.Rows, rv)
		}
		v.Tables = append(v.Tables, tv)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := page.Execute(bw, &v); err != nil {
		return err
	}
	return bw.Flush()
}

// tableID returns the HTML id of the table titled title: "t-" and its
// words in lower case joined by "-".
func tableID(title string) string {
	return "t-" + strings.Join(strings.Fields(strings.ToLower(title)), "-")
}

// facts returns what the rows say about how they were run: the flags of
// the run (solvers, repetitions, limits, runs at a time, proofs) and when.
func facts(rows []results.Row) []fact {
	solvers, inst := map[string]map[string]bool{}, map[string]bool{}
	timeouts, mems := map[string]bool{}, map[string]bool{}
	reps, jobs, proven, unsat := 0, 0, 0, 0
	var first, last time.Time
	for _, r := range rows {
		if solvers[r.Solver] == nil {
			solvers[r.Solver] = map[string]bool{}
		}
		if r.Version != "" {
			solvers[r.Solver][r.Version] = true
		}
		inst[r.Instance] = true
		timeouts[limit(r.Timeout > 0, strconv.FormatFloat(r.Timeout, 'f', -1, 64)+" s")] = true
		mems[limit(r.Memory > 0, strconv.FormatInt(r.Memory, 10)+" MiB")] = true
		reps, jobs = max(reps, r.Rep), max(jobs, r.Jobs)
		if r.Status == results.StatusUnsat {
			unsat++
		}
		if r.Proven {
			proven++
		}
		if t, err := time.Parse(time.RFC3339Nano, r.Start); err == nil {
			end := t.Add(time.Duration(r.Wall * float64(time.Second)))
			if first.IsZero() || t.Before(first) {
				first = t
			}
			last = later(last, end)
		}
	}
	fs := []fact{
		{"runs", strconv.Itoa(len(rows))},
		{"solvers", solverList(solvers)},
		{"instances", strconv.Itoa(len(inst))},
		{"repetitions", strconv.Itoa(reps)},
		{"timeout", strings.Join(slices.Sorted(maps.Keys(timeouts)), ", ")},
		{"memory limit", strings.Join(slices.Sorted(maps.Keys(mems)), ", ")},
	}
	if jobs > 0 {
		fs = append(fs, fact{"runs at a time", "up to " + strconv.Itoa(jobs)})
	}
	fs = append(fs, fact{"proofs checked", fmt.Sprintf("%d of %d UNSAT answers", proven, unsat)})
	if !first.IsZero() {
		fs = append(fs, fact{"ran", first.UTC().Format(time.RFC3339) + " to " + last.UTC().Format(time.RFC3339)})
	}
	return fs
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// limit returns s if set, else "none".
func limit(set bool, s string) string {
	if set {
		return s
	}
	return "none"
}

// solverList returns "cadical (1.9.5), minisat": each solver and its
// versions, sorted.
func solverList(solvers map[string]map[string]bool) string {
	var out []string
	for _, s := range slices.Sorted(maps.Keys(solvers)) {
		if vs := solvers[s]; len(vs) > 0 {
			s += " (" + strings.Join(slices.Sorted(maps.Keys(vs)), ", ") + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

// runKeys are the row fields that say something of one run, not of its
// machine: a machine's facts are the other fields, whatever the rows
// carry (a newer satbench may record more of them).
var runKeys = map[string]bool{
	"solver": true, "instance": true, "rep": true, "status": true, "verified": true, "model": true,
	"wall": true, "user": true, "sys": true, "encode": true, "maxrss_kib": true, "exit": true,
	"version": true, "start": true, "timeout": true, "memory_mib": true, "host": true, "jobs": true,
	"cpu": true, "mem_method": true, "error": true, "gbd": true, "tags": true, "proven": true, "check": true,
}

// machines returns each host's facts: the fields of its rows that are
// not runKeys and have one value in all of them (nested objects
// flattened to "a.b"), sorted by name. A host whose rows share no such
// field has no facts.
func machines(rows []results.Row) []machine {
	by := map[string]map[string]string{} // host, field: its one value, or "" when it varies
	for i := range rows {
		fields := flatFields(&rows[i])
		host := rows[i].Host
		seen, ok := by[host]
		if !ok {
			by[host] = fields
			continue
		}
		for k, v := range seen {
			if fields[k] != v {
				seen[k] = ""
			}
		}
		for k := range fields {
			if _, ok := seen[k]; !ok {
				seen[k] = "" // absent from an earlier row
			}
		}
	}
	var out []machine
	for _, h := range slices.Sorted(maps.Keys(by)) {
		m := machine{Host: h}
		if h == "" {
			m.Host = "unknown host"
		}
		for _, k := range slices.Sorted(maps.Keys(by[h])) {
			if v := by[h][k]; v != "" {
				m.Facts = append(m.Facts, fact{k, v})
			}
		}
		out = append(out, m)
	}
	return out
}

// flatFields returns r's JSON fields that are not runKeys (see flatten).
func flatFields(r *results.Row) map[string]string {
	b, _ := json.Marshal(r) // a Row always marshals
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return flatten(m)
}

// flatten returns the fields of the JSON object m that are not runKeys,
// each value as JSON text (strings unquoted), nested objects flattened to
// "a.b".
func flatten(m map[string]any) map[string]string {
	out := map[string]string{}
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			if prefix == "" && runKeys[k] {
				continue
			}
			switch v := v.(type) {
			case map[string]any:
				walk(prefix+k+".", v)
			case string:
				out[prefix+k] = v
			default:
				b, _ := json.Marshal(v)
				out[prefix+k] = string(b)
			}
		}
	}
	walk("", m)
	return out
}
