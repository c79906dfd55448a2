package solver_test

import (
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/tools/satrun"
)

// TestMain runs the tests with satrun on PATH, played by this test binary
// (testenv.Main), for the process-tree tests.
func TestMain(m *testing.M) {
	testenv.Main(m, testenv.Manuals(), map[string]func(string) int{"satrun": satrun.Main})
}
