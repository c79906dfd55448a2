package main

import (
	_ "embed"
	"io"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/cube2cnf"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: cube2cnf.Run, Usage: `usage: cube2cnf --definition FILE (--state "W G O ..." | --moves "R U ..." | --scramble N [--seed S]) --depth K [--names none|primary|all] [--comments=false] [-o FILE]`}

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cmdio.Run(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "definition", Aliases: []string{"puzzle"}},
			&cli.StringFlag{Name: "state"},
			&cli.StringFlag{Name: "moves"},
			&cli.IntFlag{Name: "scramble", Value: -1},
			&cli.Uint64Flag{Name: "seed", Value: 1},
			&cli.IntFlag{Name: "depth", Value: -1},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
			&cli.BoolFlag{Name: "stats"},
			&cli.StringFlag{Name: "code", Value: "onehot"},
		},
	}, tool, args, stdin, stdout, stderr)
}
