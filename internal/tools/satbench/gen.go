package satbench

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pipesat/pipesat/bench/gen"
	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/outfile"
	"github.com/pipesat/pipesat/internal/usage"
	"github.com/urfave/cli/v2"
)

// genOptions are gen's flags.
type genOptions struct {
	family       string
	k, vars      int
	ratio        float64
	seed         uint64
	n, php       int // php > 0: the pigeonhole formula with this many holes
	degree, edge int
	sat          bool
	out          string
}

// A genFamily is a family gen writes: the flags it needs, those it takes
// (in the order its "made by" line names them) and its generator.
type genFamily struct {
	name  string
	needs []string
	takes []string
	write func(f *dimacs.Formula, o *genOptions) error
}

// genFamilies are gen's families; random, the default, first.
var genFamilies = []genFamily{
	{"random", []string{"vars"}, []string{"k", "vars", "ratio", "seed"},
		func(f *dimacs.Formula, o *genOptions) error { return gen.RandomKSAT(f, o.k, o.vars, o.ratio, o.seed) }},
	{"php", []string{"n"}, []string{"n"},
		func(f *dimacs.Formula, o *genOptions) error { return gen.Pigeonhole(f, o.n) }},
	{"ordering", []string{"n"}, []string{"n"},
		func(f *dimacs.Formula, o *genOptions) error { return gen.Ordering(f, o.n) }},
	{"parity", []string{"n"}, []string{"n"},
		func(f *dimacs.Formula, o *genOptions) error { return gen.Parity(f, o.n) }},
	{"tseitin", []string{"n"}, []string{"n", "degree", "seed"},
		func(f *dimacs.Formula, o *genOptions) error { return gen.Tseitin(f, o.n, o.degree, o.seed) }},
	{"colouring", []string{"n", "edges"}, []string{"k", "n", "edges", "seed"},
		func(f *dimacs.Formula, o *genOptions) error { return gen.Colouring(f, o.n, o.edge, o.k, o.seed) }},
	{"xor", []string{"vars"}, []string{"k", "vars", "seed", "sat"},
		func(f *dimacs.Formula, o *genOptions) error { return gen.XORChains(f, o.vars, o.k, o.sat, o.seed) }},
}

// familyNames returns the families' names, comma-separated.
func familyNames() string {
	var names []string
	for _, fam := range genFamilies {
		names = append(names, fam.name)
	}
	return strings.Join(names, ", ")
}

func genCommand() *cmdio.Command {
	var o genOptions
	flags := []cli.Flag{
		&cli.StringFlag{Name: "family", Value: "random", Destination: &o.family, Usage: "`FAMILY` of formula: " + familyNames()},
		&cli.IntFlag{Name: "k", Value: 3, Destination: &o.k, Usage: "literals per clause (random), colours (colouring), variables per constraint (xor)"},
		&cli.IntFlag{Name: "vars", Destination: &o.vars, Usage: "variables (random, xor)"},
		&cli.Float64Flag{Name: "ratio", Value: 4.26, Destination: &o.ratio, Usage: "clauses per variable (random)"},
		&cli.IntFlag{Name: "n", Destination: &o.n, Usage: "size: holes (php), elements (ordering), vertices (parity, tseitin, colouring)"},
		&cli.IntFlag{Name: "degree", Value: 3, Destination: &o.degree, Usage: "degree of the random regular graph (tseitin)"},
		&cli.IntFlag{Name: "edges", Destination: &o.edge, Usage: "edges of the random graph (colouring)"},
		&cli.BoolFlag{Name: "sat", Destination: &o.sat, Usage: "the chains' outputs agree: satisfiable (xor; default: they differ, unsatisfiable)"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Destination: &o.seed, Usage: "seed of the random formula (random, tseitin, colouring, xor)"},
		&cli.IntFlag{Name: "php", Destination: &o.php, Usage: "holes of a pigeonhole formula: --family php --n HOLES"},
		output(&o.out, "", "write the formula to `FILE` (default: standard output)"),
	}
	return &cmdio.Command{Name: "gen", Usage: "write a benchmark formula: random k-SAT, pigeonhole, ordering, tseitin, ...",
		Flags: flags,
		Action: func(c *cmdio.Cmd) error {
			if c.NArg() > 0 {
				return usage.Errorf("gen takes no arguments, got %q", c.Operand(0))
			}
			set := map[string]bool{}
			for _, f := range flags {
				set[f.Names()[0]] = c.IsSet(f)
			}
			if err := o.check(set); err != nil {
				return err
			}
			return o.gen(c.Stdout)
		},
	}
}

// check checks gen's flags, set telling which ones the command line set:
// a usage error for a family that is not one, a flag it needs that is
// missing or one it does not take.
func (o *genOptions) check(set map[string]bool) error {
	if o.family == "coloring" {
		o.family = "colouring"
	}
	if set["php"] {
		if set["family"] && o.family != "php" || set["n"] {
			return usage.Errorf("gen: --php HOLES is --family php --n HOLES: give one or the other")
		}
		o.family, o.n, set["n"] = "php", o.php, true
	}
	fam := o.familyOf()
	switch {
	case fam == nil:
		return usage.Errorf("gen: unknown --family %q (known: %s)", o.family, familyNames())
	case !set["family"] && !set["vars"] && !set["php"]:
		return usage.Errorf("gen: give --vars N (random k-SAT), --php HOLES or --family FAMILY")
	}
	for _, name := range []string{"k", "vars", "ratio", "n", "degree", "edges", "sat", "seed"} {
		if set[name] && !slices.Contains(fam.takes, name) {
			return usage.Errorf("gen --family %s takes no --%s (it takes --%s)", fam.name, name, strings.Join(fam.takes, ", --"))
		}
	}
	for _, name := range fam.needs {
		if !set[name] {
			return usage.Errorf("gen --family %s: give --%s", fam.name, name)
		}
	}
	return nil
}

// familyOf returns the family o names, nil if none: --php HOLES, else
// --family (random if "").
func (o *genOptions) familyOf() *genFamily {
	if o.php > 0 {
		o.family, o.n = "php", o.php
	}
	for i := range genFamilies {
		if genFamilies[i].name == o.family || o.family == "" && i == 0 {
			return &genFamilies[i]
		}
	}
	return nil
}

// madeBy returns the satbench gen command line that writes fam's formula
// with o's parameters again: every parameter, the defaults too, so that a
// later change of default does not change what the line makes. The old
// spellings stay: no --family for random, --php for php.
func (o *genOptions) madeBy(fam *genFamily) string {
	if fam.name == "php" {
		return fmt.Sprintf("satbench gen --php %d", o.n)
	}
	line := "satbench gen"
	if fam.name != "random" {
		line += " --family " + fam.name
	}
	values := map[string]string{"k": fmt.Sprint(o.k), "vars": fmt.Sprint(o.vars), "ratio": fmt.Sprint(o.ratio),
		"n": fmt.Sprint(o.n), "degree": fmt.Sprint(o.degree), "edges": fmt.Sprint(o.edge), "seed": fmt.Sprint(o.seed)}
	for _, name := range fam.takes {
		switch {
		case name == "sat" && o.sat:
			line += " --sat"
		case name != "sat":
			line += " --" + name + " " + values[name]
		}
	}
	return line
}

// gen is "satbench gen": it writes fam's formula in DIMACS to --output
// (stdout if "" or "-"), after comment lines naming the family and its
// parameters and one saying which satbench gen makes it again.
func (o *genOptions) gen(stdout io.Writer) error {
	fam := o.familyOf()
	if fam == nil {
		return usage.Errorf("gen: unknown --family %q (known: %s)", o.family, familyNames())
	}
	var f dimacs.Formula
	if err := fam.write(&f, o); err != nil {
		return usage.Wrap(err)
	}
	f.Commentf("made by: %s", o.madeBy(fam))
	write := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		if _, err := f.WriteTo(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	if o.out == "" {
		return write(stdout)
	}
	return outfile.Write(o.out, writeFunc(write), stdout)
}
