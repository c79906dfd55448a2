package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/satrun"
)

//go:embed doc.go
var doc string

func main() { os.Exit(satrun.Main(doc)) }
