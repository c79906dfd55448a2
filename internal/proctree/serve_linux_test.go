package proctree

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/testenv"
)

// spawnSh runs script with sh -c under Spawn, its standard output into
// the file out if not "".
func spawnSh(t *testing.T, script, out string, args ...string) *Proc {
	t.Helper()
	s := Spec{Path: "/bin/sh", Args: append([]string{"sh", "-c", script, "sh"}, args...)}
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		s.Stdout = f
	}
	p, err := Spawn(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSpawnExit: Wait returns the program's exit status, or the signal
// that killed it; the program does not see the supervisor's mark; and one
// server runs one program after another.
func TestSpawnExit(t *testing.T) {
	server := 0
	for _, tc := range []struct {
		script string
		code   int
		sig    syscall.Signal
	}{
		{"exit 3", 3, 0},
		{"exit 0", 0, 0},
		{`[ -z "${` + superviseEnv + `+x}" ] || exit 7`, 0, 0},
		{"kill -TERM $$", -1, syscall.SIGTERM},
		{"kill -SEGV $$", -1, syscall.SIGSEGV},
		{"kill -KILL $$", -1, syscall.SIGKILL},
	} {
		p := spawnSh(t, tc.script, "")
		e := p.Wait()
		if got := e.ExitCode(); got != tc.code || e.Status.Signaled() != (tc.sig != 0) || tc.sig != 0 && e.Status.Signal() != tc.sig {
			t.Errorf("%s: exit %d, status %#x; want exit %d, signal %v", tc.script, got, uint32(e.Status), tc.code, tc.sig)
		}
		if server != 0 && p.Supervisor != server {
			t.Errorf("%s: run by supervisor %d, the one before by %d: not reused", tc.script, p.Supervisor, server)
		}
		server = p.Supervisor
	}
}

// TestSpawnStartError: a program that cannot start is exec's error, and
// the server goes on serving.
func TestSpawnStartError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing")
	_, err := Spawn(Spec{Path: path, Args: []string{path}})
	var pe *os.PathError
	if !errors.As(err, &pe) || err.Error() != "fork/exec "+path+": no such file or directory" {
		t.Fatalf("error %v, want fork/exec's", err)
	}
	if e := spawnSh(t, "exit 4", "").Wait(); e.ExitCode() != 4 {
		t.Errorf("the next program exited %d, want 4", e.ExitCode())
	}
}

// TestSpawnReapsLeftovers: when the program exits, what it left (a child
// in its group, one in a session of its own, and an orphan) is dead and
// reaped before Wait returns: gone, not even a zombie.
func TestSpawnReapsLeftovers(t *testing.T) {
	pids := filepath.Join(t.TempDir(), "pids")
	testenv.KillListedAtEnd(t, pids)
	p := spawnSh(t, `sleep 300 & echo $! >> "$1"
setsid sleep 301 > /dev/null 2>&1 < /dev/null & echo $! >> "$1"
sh -c 'sleep 302 & echo $! >> "$1"' sh "$1"
exit 5`, "", pids)
	if e := p.Wait(); e.ExitCode() != 5 {
		t.Errorf("exit %d, want 5", e.ExitCode())
	}
	left := testenv.Pids(t, pids)
	if len(left) != 3 {
		t.Fatalf("the program listed %d pids, want 3", len(left))
	}
	for _, q := range left {
		if exists(q) {
			t.Errorf("process %d the program left is still there (%s)", q, state(q))
		}
	}
}

// TestSpawnCountsOrphans: the CPU time Wait reports covers an orphan of
// the program (a grandchild in a session of its own, whose parent exited
// at once) that the program never waited for: the supervisor reaped it.
// The orphan burns 0.2 s of CPU and writes its own utime and stime (clock
// ticks) to a FIFO, which the program reads and copies to a file: the
// program itself costs a few forks, which alone would be the report
// without the orphan's share. (A sleeper ends a program whose orphan
// never writes.)
func TestSpawnCountsOrphans(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	orphan := filepath.Join(dir, "orphan")
	err := os.WriteFile(orphan, []byte(`out=$1
while :; do
	i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done
	set -- $(cut -d" " -f14,15 /proc/$$/stat)
	[ $(($1 + $2)) -lt 20 ] || break
done
echo $1 $2 > "$out"
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cpu := filepath.Join(dir, "cpu")
	p := spawnSh(t, `sh -c 'setsid sh "$1" "$2" &' sh "$1" "$2"
(sleep 120; kill $$) &
read used < "$2"
echo "$used" > "$3"`, "", orphan, fifo, cpu)
	e := p.Wait()
	b, err := os.ReadFile(cpu)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b))
	if len(f) != 2 {
		t.Fatalf("the orphan wrote %q, want utime and stime", b)
	}
	u, _ := strconv.Atoi(f[0])
	s, _ := strconv.Atoi(f[1])
	used := time.Duration(u+s) * 10 * time.Millisecond // USER_HZ is 100
	if e.User+e.Sys < used {
		t.Errorf("Wait reports %v of CPU, less than the orphan's %v alone", e.User+e.Sys, used)
	}
}

// TestSpawnPins: a program Spawn pins may run on that CPU only.
func TestSpawnPins(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cpu := 0
	p, err := func() (*Proc, error) {
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		return Spawn(Spec{Path: "/bin/grep", Args: []string{"grep", "Cpus_allowed_list", "/proc/self/status"}, Stdout: f, CPU: &cpu})
	}()
	if err != nil {
		t.Fatal(err)
	}
	p.Wait()
	b, _ := os.ReadFile(out)
	if got := strings.Join(strings.Fields(string(b)), " "); got != "Cpus_allowed_list: 0" {
		t.Errorf("the program says %q, want Cpus_allowed_list: 0", got)
	}
}

// TestStopServers: StopServers ends the idle servers and reaps them.
func TestStopServers(t *testing.T) {
	p := spawnSh(t, "exit 0", "")
	p.Wait()
	StopServers()
	if exists(p.Supervisor) {
		t.Errorf("supervisor %d is still there (%s) after StopServers", p.Supervisor, state(p.Supervisor))
	}
	if e := spawnSh(t, "exit 6", "").Wait(); e.ExitCode() != 6 {
		t.Errorf("a program after StopServers exited %d, want 6", e.ExitCode())
	}
}
