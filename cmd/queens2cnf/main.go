package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/queens2cnf"
)

//go:embed doc.go
var doc string

func main() { os.Exit(queens2cnf.Main(doc)) }
