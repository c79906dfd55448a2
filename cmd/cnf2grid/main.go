package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/cnf2grid"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: cnf2grid.Run, Usage: "usage: cnf2grid [--format text|unicode|goal|png|svg|board] [--puzzle FILE] [-W N -H N] [--count] [--colour auto|always|never] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format"},
			&cli.StringFlag{Name: "puzzle"},
			&cli.IntFlag{Name: "W"},
			&cli.IntFlag{Name: "H"},
			&cli.BoolFlag{Name: "count"},
			&cli.StringFlag{Name: "colour", Aliases: []string{"color"}, Value: "auto"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
	}, tool))
}
