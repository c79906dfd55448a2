// Command difftest is the driver of scripts/difftest.sh: it checks seeded
// random formulas with gini and every installed solver, raw and through
// satrun, and shrinks each disagreement into testdata/regress. See package
// internal/difftest.
//
// Usage:
//
//	difftest [--seed S] [--jobs J] [--satrun PATH] [--regress DIR]
//	         [--solvers a,b] [--timeout T] N
//
// The seed defaults to $SEED, else 1. It prints one line per disagreement
// and a last summary line, and exits 0 if there was none, 1 if there was
// one (or an error), 2 on a usage error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/pipesat/pipesat/internal/difftest"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("difftest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seedDefault := uint64(1)
	if s := os.Getenv("SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			fmt.Fprintf(stderr, "difftest: SEED=%q is not a number\n", s)
			return 2
		}
		seedDefault = n
	}
	seed := fs.Uint64("seed", seedDefault, "seed of the random formulas (default $SEED, else 1)")
	jobs := fs.Int("jobs", runtime.NumCPU(), "formulas checked in parallel")
	satrun := fs.String("satrun", "", "path of the satrun program (none: raw runs only)")
	regress := fs.String("regress", "testdata/regress", "directory for shrunk disagreements (\"\": none)")
	solvers := fs.String("solvers", "", "comma-separated external solvers to use (default: every installed one)")
	timeout := fs.Duration("timeout", difftest.DefaultTimeout, "bound on each run")
	noGini := fs.Bool("no-gini", false, "leave out the embedded gini")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: difftest [flags] N")
		return 2
	}
	n, err := strconv.Atoi(fs.Arg(0))
	if err != nil || n < 0 {
		fmt.Fprintf(stderr, "difftest: %q is not a number of formulas\n", fs.Arg(0))
		return 2
	}
	all := difftest.Installed()
	use := all
	if *solvers != "" {
		use = nil
		for _, name := range strings.Split(*solvers, ",") {
			found := false
			for _, s := range all {
				if s.Name == name {
					use, found = append(use, s), true
				}
			}
			if !found {
				fmt.Fprintf(stderr, "difftest: solver %q is not installed\n", name)
				return 1
			}
		}
	}
	cfg := difftest.Config{Satrun: *satrun, Gini: !*noGini, Solvers: use, Timeout: *timeout}
	var names []string
	if cfg.Gini {
		names = append(names, "gini")
	}
	for _, s := range use {
		names = append(names, s.Name)
	}
	via := "raw and through satrun"
	if *satrun == "" {
		via = "raw only"
	}
	fmt.Fprintf(stdout, "difftest: seed %d, %d formulas, %s, %s, %d jobs\n", *seed, n, strings.Join(names, ", "), via, *jobs)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	start := time.Now()
	sum, err := difftest.Run(ctx, cfg, difftest.Options{Seed: *seed, N: n, Jobs: *jobs, Regress: *regress, Out: stdout})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "difftest: interrupted after %d formulas\n", sum.Formulas)
		} else {
			fmt.Fprintf(stderr, "difftest: %v\n", err)
		}
		return 1
	}
	fmt.Fprintln(stdout, sum)
	fmt.Fprintf(stderr, "difftest: %d satisfiable, %d unsatisfiable, %d with counts checked; %.1f s\n",
		sum.Sat, sum.Unsat, sum.Counted, time.Since(start).Seconds())
	if sum.Disagreements > 0 || sum.FailedModels > 0 {
		return 1
	}
	return 0
}
