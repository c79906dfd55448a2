package satbench

import (
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
	"github.com/pipesat/pipesat/internal/tools/satrun"
)

// TestMain runs the tests with satbench and satrun on PATH as copies of
// the test binary (testenv.Main), for the tests that run satbench as
// users do.
func TestMain(m *testing.M) {
	testenv.Main(m, testenv.Manuals(), map[string]func(string) int{"satbench": Main, "satrun": satrun.Main})
}
