package main

import (
	_ "embed"
	"os"

	"github.com/pipesat/pipesat/internal/tools/zebra2cnf"
)

//go:embed doc.go
var doc string

func main() { os.Exit(zebra2cnf.Main(doc)) }
