package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/nono2cnf"
)

//go:embed doc.go
var doc string

func main() { os.Exit(nono2cnf.Main(doc)) }
