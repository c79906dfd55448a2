package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/encoders/nonogram"
	"github.com/pipesat/pipesat/internal/cmdio"
	"github.com/pipesat/pipesat/internal/tools/nono2cnf"
	"github.com/urfave/cli/v2"
)

//go:embed doc.go
var docSource string

var tool = cmdio.Tool{Doc: docSource, Run: nono2cnf.Run, Usage: "usage: nono2cnf [--input-format F] [--encoding E] [--max-patterns N] [--names none|primary|all] [--comments=false] [--no-comments] [--stats] [-o FILE] [FILE|-]"}

func main() {
	os.Exit(cmdio.Main(&cli.App{
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "input-format", Value: "auto"},
			&cli.StringFlag{Name: "encoding", Value: "automaton"},
			&cli.IntFlag{Name: "max-patterns", Value: nonogram.DefaultMaxPatterns},
			&cli.StringFlag{Name: "names", Value: "primary"},
			&cli.BoolFlag{Name: "comments", Value: true},
			&cli.BoolFlag{Name: "no-comments"},
			&cli.BoolFlag{Name: "stats"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
		},
	}, tool))
}
