package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/cnf2sudoku"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: cnf2sudoku.Run, Usage: "usage: cnf2sudoku [--puzzle FILE [--index K] [--symbols auto|1-G|0-F]] [--size N] [--line] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "puzzle"},
			&cli.IntFlag{Name: "index"},
			&cli.StringFlag{Name: "symbols", Value: "auto"},
			&cli.IntFlag{Name: "size"},
			&cli.BoolFlag{Name: "line"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
	}, tool))
}
