package twisty

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
)

// builtin holds the definitions that ship with the package, so that a
// program installed with go install needs no file to solve a cube.
//
//go:embed definitions/*.yaml
var builtin embed.FS

// Definitions returns the names of the built-in definitions, sorted:
// "cube2" (the 2x2x2 cube) and "loopover3" (3x3 Loopover).
func Definitions() []string {
	entries, _ := builtin.ReadDir("definitions") // cannot fail: embedded
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	return names
}

// ReadPuzzle reads the puzzle definition def, as the commands'
// --definition flag names it: "-" is stdin, the name of a built-in
// definition ("cube2", see Definitions) is that one, and anything else is
// the path of a YAML file. A name never means a file, so a file called
// cube2 in the working folder is "./cube2". A missing file whose name looks
// like a definition's (no "/", no ".") gets the built-in names in its
// error.
func ReadPuzzle(def string, stdin io.Reader) (*Puzzle, error) {
	if def == "-" {
		return Parse(stdin, "<stdin>")
	}
	if slices.Contains(Definitions(), def) {
		f, _ := builtin.Open("definitions/" + def + ".yaml") // cannot fail: listed
		defer f.Close()
		return Parse(f, def+".yaml")
	}
	f, err := os.Open(def)
	if errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(def, "/.") {
		return nil, fmt.Errorf("%w (built-in definitions: %s)", err, strings.Join(Definitions(), ", "))
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, def)
}
