package solver

import (
	"os"
	"testing"

	"github.com/pipesat/pipesat/internal/testenv"
)

// TestMain removes the binaries testenv.Tool built (satrun, for the
// process-tree tests).
func TestMain(m *testing.M) {
	code := m.Run()
	testenv.RemoveTools()
	os.Exit(code)
}
