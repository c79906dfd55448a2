package run

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/solver"
)

// Direct is a known solver's own command line (solver.Known), which a
// Runner runs without satrun: one process fewer per run, so that a row's
// times are the solver's own process tree, as runlim and hyperfine
// measure it. satrun adds about 5 ms of CPU time to every run (its own
// start and its supervision of the solver), more than minisat's whole run
// on a tiny CNF.
type Direct struct {
	Path string   // the program
	Args []string // solver.Known.Args: "{cnf}" the CNF file, "{out}" the result file
	// Dialect is the solver's answer's form: dimacs.Minisat writes it to
	// the result file "{out}", any other to standard output.
	Dialect dimacs.Dialect
	// ExitCodes are the exit codes besides 0, 10 and 20 that mean
	// UNKNOWN (cryptominisat5's 15).
	ExitCodes []int
}

// newDirect returns the direct command line of the known solver k, found
// at path.
func newDirect(k solver.Known, path string) *Direct {
	return &Direct{Path: path, Args: k.Args, Dialect: k.Dialect, ExitCodes: k.ExitCodes}
}

// argv returns d's command line for the CNF file cnf, its result file (if
// its dialect writes one) in dir, and the path of the file its answer is
// read from: the result file, or "" for standard output.
func (d *Direct) argv(cnf, dir string) (argv []string, answer string) {
	out := filepath.Join(dir, "solver.result")
	argv = []string{d.Path}
	for _, a := range d.Args {
		a = strings.ReplaceAll(a, "{cnf}", cnf)
		if strings.Contains(a, "{out}") {
			a, answer = strings.ReplaceAll(a, "{out}", out), out
		}
		argv = append(argv, a)
	}
	if d.Dialect == dimacs.Minisat && answer == "" {
		argv, answer = append(argv, out), out
	}
	return argv, answer
}

// unknownExit reports whether code is one of d's own exit codes for
// UNKNOWN; false for a nil d (satrun, which exits 0 for UNKNOWN).
func (d *Direct) unknownExit(code int) bool {
	return d != nil && slices.Contains(d.ExitCodes, code)
}

// plainHead is how many bytes plainFile compares through
// dimacs.Decompress: enough for every compression magic.
const plainHead = 512

// plainFile reports whether the file at path is not compressed (no gzip,
// bzip2, xz or zstd magic), so that any solver reads it as it is;
// satrun decompresses the others for the solver.
func plainFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, plainHead)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return false
	}
	dr, err := dimacs.Decompress(bytes.NewReader(head[:n]))
	if err != nil {
		return false
	}
	got, err := io.ReadAll(dr)
	return err == nil && bytes.Equal(got, head[:n])
}
