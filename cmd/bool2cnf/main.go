package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/bool2cnf"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: bool2cnf.Run, Usage: "usage: bool2cnf [--polarity] [--dnf] [-e FORMULA] [--names none|primary|all] [--comments=false] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "polarity"},
			&cli.BoolFlag{Name: "dnf"},
			&cli.StringFlag{Name: "e"},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
			&cli.BoolFlag{Name: "stats"},
		},
	}, tool))
}
