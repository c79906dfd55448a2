package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/bool2cnf"
)

//go:embed doc.go
var doc string

func main() { os.Exit(bool2cnf.Main(doc)) }
