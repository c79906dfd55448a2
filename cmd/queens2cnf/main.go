package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/queens2cnf"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: queens2cnf.Run, Usage: "usage: queens2cnf [--n] N [--rooks] [--names none|primary|all] [--comments=false] [-o FILE]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "n"},
			&cli.BoolFlag{Name: "rooks"},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
	}, tool))
}
