package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/cnf2moves"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: cnf2moves.Run, Usage: "usage: cnf2moves [--definition FILE --state TEXT --depth K] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "definition", Aliases: []string{"puzzle"}},
			&cli.StringFlag{Name: "state"},
			&cli.IntFlag{Name: "scramble", Value: -1},
			&cli.Uint64Flag{Name: "seed", Value: 1},
			&cli.IntFlag{Name: "depth", Value: -1},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
	}, tool))
}
