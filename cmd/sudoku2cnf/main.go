package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/sudoku2cnf"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: sudoku2cnf.Run, Usage: "usage: sudoku2cnf [--index K] [--symbols auto|1-G|0-F] [--amo pairwise|sequential|commander] [--names none|primary|all] [--comments=false] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "index"},
			&cli.StringFlag{Name: "amo", Value: "pairwise"},
			&cli.StringFlag{Name: "symbols", Value: "auto"},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
			&cli.BoolFlag{Name: "stats"},
		},
	}, tool))
}
