package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/cubesolve"
)

//go:embed doc.go
var doc string

func main() { os.Exit(cubesolve.Main(doc)) }
