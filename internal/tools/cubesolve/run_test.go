package cubesolve

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/internal/cmdio"

	"github.com/pipesat/pipesat/internal/cmdio/cmdiotest"
)

func TestRun(t *testing.T) {
	const cube2 = "../../../encoders/twisty/definitions/cube2.yaml"
	usage := "usage: cubesolve [flags] --definition NAME\n"
	step := `c depth \d: (UN)?SATISFIABLE \d+\.\d{3}s \(gini, \d+ vars, \d+ clauses\)\n`
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string // a regular expression
	}{
		// U' R' undoes R U.
		{"moves", []string{"--definition", cube2, "--moves", "R U", "--solver", "gini"}, 0,
			"c state W W G G G Y R R W B O O O O G Y R R W B Y B Y B\nc length 2\nU' R'\n", "(" + step + "){3}"},
		{"state", []string{"--puzzle", cube2, "--state", "W W G G G Y R R W B O O O O G Y R R W B Y B Y B", "--solver", "gini"}, 0,
			"c length 2\nU' R'\n", "(" + step + "){3}"},
		{"too deep", []string{"--definition", cube2, "--moves", "R U", "--solver", "gini", "--max-depth", "1"}, 20,
			"", "(" + step + "){2}cubesolve: no solution in at most 1 turns\n"},
		{"status sat", []string{"--definition", cube2, "--moves", "R U", "--solver", "gini", "--status", "sat"}, 10,
			"c state W W G G G Y R R W B O O O O G Y R R W B Y B Y B\nc length 2\nU' R'\n", "(" + step + "){3}"},
		{"status sat, too deep", []string{"--definition", cube2, "--moves", "R U", "--solver", "gini", "--max-depth", "1", "--status", "sat"}, 20,
			"", "(" + step + "){2}cubesolve: no solution in at most 1 turns\n"},
		{"gave up", []string{"--definition", cube2, "--moves", "R U", "--solver-cmd", "sh -c 'echo s UNKNOWN'"}, 3,
			"", `c depth 0: UNKNOWN \d+\.\d{3}s \(sh, \d+ vars, \d+ clauses\)\ncubesolve: depth 0: sh gave no answer\n`},
		{"max depth", []string{"--definition", cube2, "--moves", "R", "--max-depth", "99"}, 2, "", "cubesolve: --max-depth: want 0\\.\\.64\n" + regexp.QuoteMeta(usage)},
		{"operand", []string{"--definition", cube2, "--moves", "R", "x"}, 2, "", "cubesolve: unexpected argument \"x\"\n" + regexp.QuoteMeta(usage)},
		{"no definition", []string{"--moves", "R"}, 2, "", "cubesolve: --definition is required\n" + regexp.QuoteMeta(usage)},
		{"solver", []string{"--definition", cube2, "--moves", "R", "--solver", "gini", "--dialect", "minisat"}, 2, "",
			"cubesolve: --dialect goes with --solver-cmd\n" + regexp.QuoteMeta(usage)},
		{"no definition file", []string{"--definition", "/nonexistent", "--moves", "R", "--solver", "gini"}, 1, "",
			"cubesolve: open /nonexistent: no such file or directory\n"},
		{"timeout", []string{"--definition", cube2, "--scramble", "20", "--solver-cmd", "sleep 30", "--timeout", "50ms"}, 3,
			"", `c depth 0: UNKNOWN \d+\.\d{3}s \(sleep, \d+ vars, \d+ clauses\)\ncubesolve: no answer within --timeout 50ms\n`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cmdiotest.Run(Tool(""), "", tt.args...)
			if code != tt.code || !regexp.MustCompile("^"+tt.stdout+"$").MatchString(stdout) || !regexp.MustCompile("^"+tt.stderr+"$").MatchString(stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q\nwant %d, %q, %q", code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// TestHelpNets checks that --help ends its prose with the nets of the
// built-in definitions (twistyflag.Nets; cube2cnf's test checks them
// whole).
func TestHelpNets(t *testing.T) {
	var out, errb bytes.Buffer
	doc := "// cubesolve finds a shortest solution.\n//\n// Prose.\npackage main\n"
	if code := cmdio.Run(Tool(doc), []string{"cubesolve", "--help"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "Prose.\n\nSticker numbers: --state lists"
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "\n    loopover3:\n     1 2 3    A B C\n") {
		t.Errorf("help:\n%s\nwant %q and loopover3's net", out.String(), want)
	}
}
