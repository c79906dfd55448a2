package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/cnf2zebra"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: cnf2zebra.Run, Usage: "usage: cnf2zebra [--puzzle FILE] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "puzzle"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
	}, tool))
}
