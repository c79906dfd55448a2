package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/satbench"
)

//go:embed doc.go
var doc string

func main() { os.Exit(satbench.Main(doc)) }
