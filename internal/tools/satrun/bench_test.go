package satrun

import (
	"context"
	"io"
	"os"
	"os/exec"
	"testing"

	"github.com/pipesat/pipesat/solver"
)

// BenchmarkOverhead compares cadical run directly on a file with satrun
// running cadical on the same file (read, verify, rewrite, print). Their
// ns/op ratio is satrun's overhead; scripts/bench.sh measures the same with
// the satrun binary and hyperfine.
func BenchmarkOverhead(b *testing.B) {
	path, err := exec.LookPath("cadical")
	if err != nil {
		b.Skip("cadical not installed")
	}
	const cnf = "../../../solver/testdata/bench/rand3-200.cnf"
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			cmd := exec.Command(path, "-q", cnf)
			cmd.Stdout = io.Discard
			if err := cmd.Run(); err != nil {
				if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 20 && ee.ExitCode() != 10 {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("satrun", func(b *testing.B) {
		s, err := solver.Lookup("cadical")
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			fh, err := os.Open(cnf)
			if err != nil {
				b.Fatal(err)
			}
			code, err := solve(context.Background(), config{Solver: s}, fh, cnf, io.Discard, io.Discard)
			fh.Close()
			if err != nil || code == 0 {
				b.Fatal(code, err)
			}
		}
	})
}
