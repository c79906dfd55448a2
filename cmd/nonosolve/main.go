package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/nonosolve"
)

//go:embed doc.go
var doc string

func main() { os.Exit(nonosolve.Main(doc)) }
