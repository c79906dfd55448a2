// Command gendocs writes the pipesat commands' man pages and shell
// completions (package docgen), for make man and make completions:
//
//	go run ./internal/docgen/gendocs -man man/man1 -completions completions -date 2026-01-02 -version v1.2.3
//
// It reads each command's manual from cmd/NAME/doc.go under -src (the
// module's root, the current folder by default) and writes NAME.1 under
// -man, and bash/NAME, zsh/_NAME and fish/NAME.fish under -completions.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pipesat/pipesat/internal/docgen"
	"github.com/pipesat/pipesat/internal/outfile"
	"github.com/pipesat/pipesat/internal/tools"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

func run() error {
	src := flag.String("src", ".", "the module's root, whose cmd/NAME/doc.go are the manuals")
	man := flag.String("man", "", "write the man pages NAME.1 to this folder")
	comp := flag.String("completions", "", "write the bash, zsh and fish completions under this folder")
	date := flag.String("date", "", "the man pages' date, YYYY-MM-DD")
	version := flag.String("version", "", "the version the man pages name")
	flag.Parse()
	if flag.NArg() > 0 || *man == "" && *comp == "" || *man != "" && *date == "" {
		flag.Usage()
		return fmt.Errorf("give -man DIR -date DATE, -completions DIR, or both")
	}
	set, err := docgen.Load(*src, tools.All)
	if err != nil {
		return err
	}
	var files []docgen.File
	if *man != "" {
		if files, err = set.ManPages(*man, *date, *version); err != nil {
			return err
		}
	}
	if *comp != "" {
		files = append(files, set.Completions(*comp)...)
	}
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
			return err
		}
		if err := outfile.Write(f.Path, f, nil); err != nil {
			return err
		}
	}
	return nil
}
