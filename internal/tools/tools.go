// Package tools lists the pipesat commands, each internal/tools/NAME by
// its name, for what needs all of them: the man pages and completions
// internal/docgen makes, and the tests that run every tool or read every
// manual.
package tools

import (
	"slices"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/bool2cnf"
	"github.com/pipesat/pipesat/internal/tools/cnf2grid"
	"github.com/pipesat/pipesat/internal/tools/cnf2moves"
	"github.com/pipesat/pipesat/internal/tools/cnf2sudoku"
	"github.com/pipesat/pipesat/internal/tools/cnf2vals"
	"github.com/pipesat/pipesat/internal/tools/cnf2zebra"
	"github.com/pipesat/pipesat/internal/tools/cube2cnf"
	"github.com/pipesat/pipesat/internal/tools/cubesolve"
	"github.com/pipesat/pipesat/internal/tools/nono2cnf"
	"github.com/pipesat/pipesat/internal/tools/nonosolve"
	"github.com/pipesat/pipesat/internal/tools/queens2cnf"
	"github.com/pipesat/pipesat/internal/tools/satbench"
	"github.com/pipesat/pipesat/internal/tools/satrun"
	"github.com/pipesat/pipesat/internal/tools/sudoku2cnf"
	"github.com/pipesat/pipesat/internal/tools/zebra2cnf"
)

// All maps each command's name to the function that builds it from its
// manual (cmd/NAME/doc.go's source).
var All = map[string]func(doc string) *cmdio.Tool{
	"bool2cnf": bool2cnf.Tool, "cnf2grid": cnf2grid.Tool, "cnf2moves": cnf2moves.Tool,
	"cnf2sudoku": cnf2sudoku.Tool, "cnf2vals": cnf2vals.Tool, "cnf2zebra": cnf2zebra.Tool,
	"cube2cnf": cube2cnf.Tool, "cubesolve": cubesolve.Tool, "nono2cnf": nono2cnf.Tool,
	"nonosolve": nonosolve.Tool, "queens2cnf": queens2cnf.Tool, "satbench": satbench.Tool,
	"satrun": satrun.Tool, "sudoku2cnf": sudoku2cnf.Tool, "zebra2cnf": zebra2cnf.Tool,
}

// Names returns the commands' names, sorted.
func Names() []string {
	var names []string
	for n := range All {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
