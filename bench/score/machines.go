package score

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/bench/results"
)

// HostStats says how the runs on one machine shared it: how many ran at a
// time, how many were pinned to a CPU of their own, and how their memory
// limits were enforced.
type HostStats struct {
	Host string `json:"host"`
	Runs int    `json:"runs"`
	// Jobs are the distinct runs-at-a-time counts of the rows (results.Row.Jobs),
	// ascending; Unknown counts rows that do not say (satbench exec's,
	// where a scheduler decides what shares the machine).
	Jobs    []int `json:"jobs"`
	Unknown int   `json:"jobs_unknown"`
	Pinned  int   `json:"pinned"`
	// MemMethods are the distinct results.Row.MemMethod values, sorted.
	MemMethods []string `json:"mem_methods"`
}

// scoreHosts returns the HostStats of rows, by host name ("-" for rows
// without one).
func scoreHosts(rows []results.Row) []HostStats {
	by := map[string]*HostStats{}
	var names []string
	for i := range rows {
		r := &rows[i]
		name := r.Host
		if name == "" {
			name = "-"
		}
		h := by[name]
		if h == nil {
			h = &HostStats{Host: name, Jobs: []int{}, MemMethods: []string{}}
			by[name] = h
			names = append(names, name)
		}
		h.Runs++
		if r.Jobs > 0 {
			if !slices.Contains(h.Jobs, r.Jobs) {
				h.Jobs = append(h.Jobs, r.Jobs)
			}
		} else {
			h.Unknown++
		}
		if r.CPU != nil {
			h.Pinned++
		}
		if r.MemMethod != "" && !slices.Contains(h.MemMethods, r.MemMethod) {
			h.MemMethods = append(h.MemMethods, r.MemMethod)
		}
	}
	slices.Sort(names)
	out := make([]HostStats, 0, len(names))
	for _, n := range names {
		h := by[n]
		slices.Sort(h.Jobs)
		slices.Sort(h.MemMethods)
		out = append(out, *h)
	}
	return out
}

// cells returns h's row of the Machines table.
func (h *HostStats) cells() []string {
	var at []string
	for _, j := range h.Jobs {
		at = append(at, strconv.Itoa(j))
	}
	if h.Unknown > 0 {
		at = append(at, fmt.Sprintf("unknown (%d runs)", h.Unknown))
	}
	mem := strings.Join(h.MemMethods, ", ")
	if mem == "" {
		mem = "-"
	}
	return []string{h.Host, strconv.Itoa(h.Runs), strings.Join(at, ", "), fmt.Sprintf("%d/%d", h.Pinned, h.Runs), mem}
}

// machinesTable is the report's Machines table.
func (rep *Report) machinesTable() table {
	t := table{title: "Machines", numericFrom: 1,
		note: "How the runs shared each machine: runs at a time (" + around("", rep.Sources.Jobs, ", ") + "each of the N pinned to a CPU of its own " +
			"when the machine has N free; unknown for satbench exec's rows, where the scheduler decides), runs pinned, " +
			"and how memory limits were enforced (cgroup: by the kernel in a cgroup v2 group; proc: by sampling /proc).",
		header: []string{"host", "runs", "at a time", "pinned", "memory limit"}}
	for i := range rep.Hosts {
		t.rows = append(t.rows, rep.Hosts[i].cells())
	}
	return t
}
