package dimacs

// The tests read every compressed format.
import _ "github.com/pipesat/pipesat/dimacs/compressed"
