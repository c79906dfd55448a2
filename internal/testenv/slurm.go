package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Slurm returns the slurm.conf of a running Slurm cluster that t may
// submit jobs to. That is the cluster PIPESAT_SLURM_CONF names (CI starts
// one with scripts/slurm-local.sh and sets it), else a private one-node
// cluster that Slurm starts with script (the path of
// scripts/slurm-local.sh) in a folder of its own and stops when t ends.
// SLURM_CONF alone is not used: it may name a real cluster, where a test
// has no business queueing jobs.
//
// When Slurm is not installed, or the private cluster cannot start (the
// script refuses to run beside a Slurm it did not start), t is skipped,
// unless PIPESAT_REQUIRE_SOLVERS names "slurm": then t fails.
func Slurm(t testing.TB, script string) string {
	t.Helper()
	if conf := os.Getenv("PIPESAT_SLURM_CONF"); conf != "" {
		cmd := exec.Command("sinfo", "-h", "-o", "%a")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("PIPESAT_SLURM_CONF=%s, but sinfo fails: %v\n%s", conf, err, out)
		}
		return conf
	}
	missing := func(format string, args ...any) {
		t.Helper()
		if Required("slurm") {
			t.Fatalf("slurm is required by PIPESAT_REQUIRE_SOLVERS: "+format, args...)
		}
		t.Skipf(format, args...)
	}
	for _, p := range []string{"slurmctld", "slurmd", "munged", "sbatch", "sinfo"} {
		if _, err := exec.LookPath(p); err != nil {
			missing("%s not installed (scripts/install-slurm.sh installs Slurm)", p)
		}
	}
	// munged wants every folder above its socket searchable by all: not
	// t.TempDir, which is private.
	dir, err := os.MkdirTemp("", "pipesat-slurm-test-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "SLURM_LOCAL_DIR="+dir)
	t.Cleanup(func() {
		cmd := exec.Command(script, "stop")
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s stop: %v\n%s", script, err, out)
		}
		os.RemoveAll(dir)
	})
	cmd := exec.Command(script, "start")
	cmd.Env = env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		missing("%s start: %v\n%s", script, err, stderr.String())
	}
	conf := strings.TrimPrefix(strings.TrimSpace(string(out)), "export SLURM_CONF=")
	if conf != filepath.Join(dir, "slurm.conf") {
		t.Fatalf("%s start printed %q, want export SLURM_CONF=%s", script, out, filepath.Join(dir, "slurm.conf"))
	}
	return conf
}
