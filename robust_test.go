package pipesat_test

// TestHostileInput feeds every tool that reads a file hostile input: empty,
// random bytes, headers that promise far more than the input holds, huge
// variable numbers in answers, and mutations of the repository's own test
// inputs (each tool reads those of its own format, and with
// PIPESAT_TEST_FULL of one input of every other format). Whatever a tool makes of it, it must end on its own
// with one of the documented exit statuses (0, 1, 2, 10, 20), print no Go
// panic, no "fatal error" and no goroutine dump, and, outside race builds,
// stay under a small memory bound enforced by ulimit -v (so a header's
// promise cannot turn into a large allocation). satrun's runs on headers
// of 2^28 variables run only with PIPESAT_TEST_FULL (testenv.Full).

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pipesat/pipesat/internal/testenv"
)

// hostileMaxRSS bounds the peak resident memory of one tool run on a
// hostile input of at most a few kilobytes (outside race builds).
const hostileMaxRSS = 200 << 20

// hostileVirtKB is the ulimit -v, in KiB, each run gets outside race
// builds: beyond it an allocation fails, which a Go program reports as
// "fatal error: out of memory".
const hostileVirtKB = 3 << 20

// hostileDeadline is how long one tool run may take before it counts as
// a hang. A race build checks every store: satrun's answer to a header of
// 2^28 variables (3 GB of "v" lines, half a second in a plain build)
// takes 27 s in one on an idle host, and more than 30 s under CI's load.
func hostileDeadline() time.Duration {
	if raceEnabled {
		return 180 * time.Second
	}
	return 30 * time.Second
}

// hostileTool is one way of running a tool on an input file.
type hostileTool struct {
	name   string
	format string                        // the seed format whose every mutation it reads
	args   func(in, dir string) []string // in: the input file; dir: a scratch folder
}

func hostileTools(t *testing.T) []hostileTool {
	t.Helper()
	dir := t.TempDir()
	cnf := filepath.Join(dir, "f.cnf")
	if err := os.WriteFile(cnf, []byte("p cnf 3 2\n1 2 0\n-1 3 0\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	same := func(flags ...string) func(in, dir string) []string {
		return func(in, dir string) []string { return append(append([]string{}, flags...), in) }
	}
	// The decoders and satbench report read solver output or results,
	// text nearest to DIMACS: the CNF mutations are theirs.
	const cnfIn = "cnf"
	return []hostileTool{
		{"satrun", cnfIn, same("--solver", "gini", "--timeout", "5s")},
		{"satrun", cnfIn, same("--solver", "gini", "--all", "--timeout", "5s")},
		{"nono2cnf", "nonogram", same()},
		{"nonosolve", "nonogram", same("--max", "2", "--timeout", "5s")},
		{"sudoku2cnf", "sudoku", same()},
		{"zebra2cnf", "zebra", same()},
		{"bool2cnf", "bool", same()},
		{"cnf2grid", cnfIn, same()},
		{"cnf2grid", cnfIn, same("--count")},
		{"cnf2grid", cnfIn, func(in, dir string) []string {
			return []string{"--format", "png", "-o", filepath.Join(dir, "out.png"), in}
		}},
		{"cnf2grid", cnfIn, func(in, dir string) []string {
			return []string{"--format", "svg", "-o", filepath.Join(dir, "out.svg"), in}
		}},
		{"cnf2vals", cnfIn, same()},
		{"cnf2vals", cnfIn, same("--cnf", cnf)},
		{"cnf2sudoku", cnfIn, same()},
		{"cnf2zebra", cnfIn, same()},
		{"cnf2moves", cnfIn, same()},
		{"cube2cnf", "twisty", func(in, dir string) []string {
			return []string{"--puzzle", in, "--scramble", "2", "--depth", "2", "-o", filepath.Join(dir, "cube.cnf")}
		}},
		{"cubesolve", "twisty", func(in, dir string) []string {
			return []string{"--puzzle", in, "--scramble", "2", "--solver", "gini", "--max-depth", "2"}
		}},
		{"satbench", cnfIn, func(in, dir string) []string { return []string{"report", in} }},
	}
}

// hostileInput is one input: fixed hostile bytes, which every tool reads,
// or a mutation of a seed input of some format, which the tools of that
// format read, and with PIPESAT_TEST_FULL the tools of other formats only
// for the format's first seed (the other seeds fail on their first line
// there too).
type hostileInput struct {
	data   []byte
	format string // "" for the fixed inputs
	first  bool   // a mutation of the format's first seed
}

// hostileInputs returns named inputs: fixed hostile ones and seeded
// mutations of the repository's test inputs.
func hostileInputs(t *testing.T) map[string]hostileInput {
	t.Helper()
	r := rand.New(rand.NewPCG(9, 9))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	in := map[string]hostileInput{}
	for name, b := range map[string][]byte{
		"empty":              nil,
		"newline":            []byte("\n"),
		"random-2000":        random(2000),
		"random-2000b":       random(2000),
		"header-2^28":        []byte("p cnf 268435456 0\n"),
		"header-2^28-clause": []byte("p cnf 268435456 1\n1 0\n"),
		"header-5e7":         []byte("p cnf 50000000 1\n1 0\n"),
		"header-2^22-free":   []byte("p cnf 4194304 0\n"),
		"primary-2^28":       []byte("c pipesat primary 1-268435456\np cnf 268435456 1\n1 0\n"),
		"header-clauses":     []byte("p cnf 3 2000000000\n1 0\n"),
		"answer-bigvar":      bytes.Repeat([]byte("s SATISFIABLE\nv 268435455 0\n"), 12),
		"answer-no-zero":     []byte("s SATISFIABLE\nv 1 2 3\n"),
		"answer-two":         []byte("s UNSATISFIABLE\ns SATISFIABLE\nv 1 2 3 0\n"),
		"answer-v0":          []byte("s SATISFIABLE\nv 0\n"),
		"answer-header":      []byte("c pipesat nonogram 2000 2000\ns SATISFIABLE\nv 1 0\n"),
		"answer-header-huge": []byte("c pipesat queens 2000000000\ns SATISFIABLE\nv 1 0\n"),
		"long-line":          append([]byte("c "), bytes.Repeat([]byte("x"), 2<<20)...),
		"nul":                bytes.Repeat([]byte{0}, 100),
	} {
		in[name] = hostileInput{data: b}
	}
	if raceEnabled {
		// Race builds are several times slower and the mutations test the
		// parsers, not concurrency: make test runs them.
		return in
	}
	seeds := 0
	firsts := map[string]bool{} // the formats whose first seed is in
	for _, f := range []struct{ format, glob string }{
		{"nonogram", "testdata/nonogram/*.non"},
		{"nonogram", "testdata/nonogram/*.xml"},
		{"sudoku", "testdata/sudoku/*.txt"},
		{"zebra", "testdata/zebra/*.txt"},
		{"bool", "testdata/bool/*.bool"},
		{"cnf", "testdata/cnf/small-*.cnf"},
		{"twisty", "encoders/twisty/definitions/*.yaml"},
	} {
		m, _ := filepath.Glob(f.glob)
		for _, s := range m {
			b, err := os.ReadFile(s)
			if err != nil || len(b) == 0 || len(b) > 64<<10 {
				continue
			}
			seeds++
			base := filepath.Base(s)
			first := !firsts[f.format]
			firsts[f.format] = true
			cut := r.IntN(len(b))
			in[base+"-cut"] = hostileInput{b[:cut], f.format, first}
			flip := bytes.Clone(b)
			for range 1 + len(b)/200 {
				flip[r.IntN(len(flip))] = "0123456789 -\n#,x9"[r.IntN(17)]
			}
			in[base+"-flip"] = hostileInput{flip, f.format, first}
		}
	}
	if seeds == 0 {
		t.Fatal("no seed inputs found")
	}
	return in
}

func TestHostileInput(t *testing.T) {
	if testing.Short() {
		t.Skip("many process runs")
	}
	t.Parallel()
	tools := hostileTools(t)
	inputs := hostileInputs(t)
	names := make([]string, 0, len(inputs))
	for n := range inputs {
		names = append(names, n)
	}
	dir := t.TempDir()
	for _, n := range names {
		p := filepath.Join(dir, "in-"+n)
		if err := os.WriteFile(p, inputs[n].data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	// One subtest per tool, in parallel with each other and the scripts.
	for _, tool := range tools {
		t.Run(tool.name, func(t *testing.T) {
			t.Parallel()
			for _, n := range names {
				if f := inputs[n].format; f != "" && f != tool.format && (!inputs[n].first || !testenv.Full()) {
					// Another format's mutations only with PIPESAT_TEST_FULL
					// (a third of the runs): by default the fixed inputs
					// (random bytes, NULs, an empty file, ...) are each
					// tool's foreign input.
					continue
				}
				if tool.name == "satrun" && strings.HasPrefix(n, "header-2^28") && !testenv.Full() {
					// Its answer is 3 GB of "v" lines: 1.2 CPU-s a run.
					// header-5e7 shows the same in a fifth of it.
					continue
				}
				in := filepath.Join(dir, "in-"+n)
				scratch := t.TempDir()
				args := tool.args(in, scratch)
				label := fmt.Sprintf("%s %s", tool.name, strings.Join(args, " "))
				label = strings.ReplaceAll(label, dir+string(os.PathSeparator), "")
				label = strings.ReplaceAll(label, scratch+string(os.PathSeparator), "")
				hostileRun(t, label, tool.name, args, scratch)
			}
		})
	}
}

// hostileRun runs one tool and reports what breaks the rules above.
func hostileRun(t *testing.T, label, name string, args []string, dir string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline())
	defer cancel()
	cmd := exec.CommandContext(ctx, testenv.Tool(t, name), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PIPESAT_SOLVER=gini", "TMPDIR="+dir)
	if !raceEnabled {
		// ulimit -v, set by the tool itself as it starts (no shell per
		// run); the race runtime reserves terabytes of address space.
		cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", testenv.AddressSpaceEnv, hostileVirtKB))
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = nil // discarded
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Errorf("%s: still running after %v", label, hostileDeadline())
		return
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	msg := stderr.String()
	for _, bad := range []string{"panic:", "fatal error:", "goroutine ", "SIGSEGV", "runtime error"} {
		if strings.Contains(msg, bad) {
			t.Errorf("%s: stderr has %q:\n%.600s", label, bad, msg)
			return
		}
	}
	switch code {
	case 0, 1, 2, 10, 20:
	default:
		t.Errorf("%s: exit status %d, want 0, 1, 2, 10 or 20; stderr:\n%.300s", label, code, msg)
	}
	if code == 1 && strings.Count(strings.TrimSpace(msg), "\n") > 3 {
		t.Errorf("%s: error is not a short message:\n%.600s", label, msg)
	}
	if !raceEnabled && cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss*1024 > hostileMaxRSS {
			t.Errorf("%s: peak RSS %d MB, want under %d MB", label, ru.Maxrss>>10, hostileMaxRSS>>20)
		}
	}
}
