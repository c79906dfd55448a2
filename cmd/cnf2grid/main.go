package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/cnf2grid"
)

//go:embed doc.go
var doc string

func main() { os.Exit(cnf2grid.Main(doc)) }
