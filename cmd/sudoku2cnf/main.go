package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/sudoku2cnf"
)

//go:embed doc.go
var doc string

func main() { os.Exit(sudoku2cnf.Main(doc)) }
