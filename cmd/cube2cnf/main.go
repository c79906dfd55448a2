package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/cube2cnf"
)

//go:embed doc.go
var doc string

func main() { os.Exit(cube2cnf.Main(doc)) }
