package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/cnf2sudoku"
)

//go:embed doc.go
var doc string

func main() { os.Exit(cnf2sudoku.Main(doc)) }
