package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestTool: one build per name, the same path every time, a binary that
// runs, and RemoveTools deletes it.
func TestTool(t *testing.T) {
	p := Tool(t, "satrun")
	if q := Tool(t, "satrun"); q != p {
		t.Fatalf("second Tool: %s, first %s", q, p)
	}
	out, err := exec.Command(p, "--version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "satrun ") {
		t.Fatalf("%s --version: %q, %v", p, out, err)
	}
	RemoveTools()
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("after RemoveTools, stat %s: %v", p, err)
	}
}
