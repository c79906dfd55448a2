package sudoku_test

import (
	"strings"
	"testing"

	"github.com/pipesat/pipesat/decoders/sudoku"
	"github.com/pipesat/pipesat/dimacs"
	encsudoku "github.com/pipesat/pipesat/encoders/sudoku"
)

// vline returns a "v" line setting the 4x4 grid g (16 digits).
func vline(g string) string {
	var b strings.Builder
	b.WriteString("v")
	for i := 0; i < 16; i++ {
		for v := 0; v < 4; v++ {
			x := encsudoku.Var(4, i/4, i%4, v)
			if int(g[i]-'1') != v {
				x = -x
			}
			b.WriteString(" ")
			b.WriteString(itoa(x))
		}
	}
	b.WriteString(" 0\n")
	return b.String()
}

func itoa(x int) string {
	if x < 0 {
		return "-" + itoa(-x)
	}
	if x < 10 {
		return string(rune('0' + x))
	}
	return itoa(x/10) + string(rune('0'+x%10))
}

const (
	head  = "c pipesat sudoku 4\nc pipesat primary 1-64\n"
	gridA = "1234341221434321"
	gridB = "1234341241232341"
	bad   = "1234341221434312" // r4c3, r4c4 swapped: columns 3 and 4 repeat
)

func TestDecode(t *testing.T) {
	tests := []struct {
		name    string
		out     string
		opts    sudoku.Options
		puzzle  string
		want    string
		status  dimacs.Status
		uniq    dimacs.Uniqueness
		wantErr string
	}{
		{name: "one model", out: head + "s SATISFIABLE\n" + vline(gridA), status: dimacs.Sat,
			want: "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"},
		{name: "line", out: head + "s SATISFIABLE\n" + vline(gridA), opts: sudoku.Options{Line: true}, status: dimacs.Sat,
			want: gridA + "\n"},
		{name: "unique", out: head + "s SATISFIABLE\n" + vline(gridA) + "c solutions 1\n", opts: sudoku.Options{Line: true},
			status: dimacs.Sat, uniq: dimacs.Unique, want: gridA + "\nc unique solution\n"},
		{name: "unique, final UNSAT", out: "s SATISFIABLE\n" + vline(gridA) + "s UNSATISFIABLE\n", opts: sudoku.Options{Line: true, N: 4},
			status: dimacs.Sat, uniq: dimacs.Unique, want: gridA + "\nc unique solution\n"},
		{name: "two", out: head + "s SATISFIABLE\n" + vline(gridA) + "s SATISFIABLE\n" + vline(gridB) + "c solutions 2\n", opts: sudoku.Options{Line: true},
			status: dimacs.Sat, uniq: dimacs.NotUnique, want: gridA + "\n\n" + gridB + "\nc not unique: 2 solutions\n"},
		{name: "twice", out: head + "s SATISFIABLE\n" + vline(gridA) + "s SATISFIABLE\n" + vline(gridA) + "c solutions 2\n", opts: sudoku.Options{Line: true},
			status: dimacs.Sat, uniq: dimacs.Unique, want: gridA + "\nc solution 2 repeats solution 1: counted once\nc unique solution\n"},
		{name: "size from variables", out: "s SATISFIABLE\n" + vline(gridA), opts: sudoku.Options{Line: true}, status: dimacs.Sat, want: gridA + "\n"},
		{name: "puzzle kept", out: "s SATISFIABLE\n" + vline(gridA), puzzle: "1...\n....\n....\n...1\n", opts: sudoku.Options{Line: true}, status: dimacs.Sat, want: gridA + "\n"},
		{name: "unsat", out: head + "s UNSATISFIABLE\n", status: dimacs.Unsat},
		{name: "unknown", out: head + "s UNKNOWN\n", status: dimacs.Unknown},
		{name: "timeout unknown", out: head + "c UNKNOWN\n", status: dimacs.Unknown},
		{name: "two of max 2", out: head + "s SATISFIABLE\n" + vline(gridA) + "s SATISFIABLE\n" + vline(gridB) + "c limit 2 reached; more models may exist\nc solutions 2\n", opts: sudoku.Options{Line: true},
			status: dimacs.Sat, uniq: dimacs.NotUnique, want: gridA + "\n\n" + gridB + "\nc not unique: at least 2 solutions\n"},
		{name: "max 1 not unique", out: head + "s SATISFIABLE\n" + vline(gridA) + "c limit 1 reached; more models may exist\nc solutions 1\n", opts: sudoku.Options{Line: true},
			status: dimacs.Sat, want: gridA + "\n"},
		{name: "timeout after one", out: head + "s SATISFIABLE\n" + vline(gridA) + "c UNKNOWN: interrupted after 1 models; more may exist\n", opts: sudoku.Options{Line: true},
			status: dimacs.Sat, want: gridA + "\n"},

		{name: "empty", out: "", wantErr: "out.txt:1:1: empty input: want a solver's answer"},
		{name: "no answer", out: head, wantErr: `out.txt:3:1: no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`},
		{name: "no final 0", out: head + "s SATISFIABLE\n" + strings.TrimSuffix(vline(gridA), " 0\n"), wantErr: "out.txt:4:233: the input ends before the final 0 of the model of line 3"},
		{name: "solver failed", out: head + "s SATISFIABLE\n" + vline(gridA) + "c ERROR: minisat: signal: segmentation fault after 1 models; more may exist\n", opts: sudoku.Options{Line: true},
			want: gridA + "\n", wantErr: "out.txt:5:1: upstream solver failed after 1 models: minisat: signal: segmentation fault"},

		{name: "breaks a rule", out: head + "s SATISFIABLE\n" + vline(bad), wantErr: "r4c3=1 repeats r2c3=1 in column 3"},
		{name: "second model breaks a rule", out: head + "s SATISFIABLE\n" + vline(gridA) + "s SATISFIABLE\n" + vline(bad), wantErr: "model 2: r4c3=1 repeats r2c3=1 in column 3"},
		{name: "given broken", out: "s SATISFIABLE\n" + vline(gridA), puzzle: "4...\n....\n....\n....\n", wantErr: "r1c1=1 but the puzzle gives 4 (p.txt:1:1)"},
		{name: "header givens broken", out: head + "c pipesat sudoku-givens ..4.............\ns SATISFIABLE\n" + vline(gridA), wantErr: "r1c3=3 but the puzzle gives 4"},
		{name: "header and puzzle sizes", out: head + "s SATISFIABLE\n" + vline(gridA), puzzle: strings.Repeat(".", 81), wantErr: "the solver output is for a 4x4 sudoku but p.txt is 9x9"},
		{name: "header and --size", out: head + "s SATISFIABLE\n" + vline(gridA), opts: sudoku.Options{N: 9}, wantErr: "the size 9 is not the sudoku's: it is 4x4"},
		{name: "malformed header", out: "c pipesat sudoku four\ns SATISFIABLE\n", wantErr: `out.txt:1:1: malformed header "pipesat sudoku four": want "pipesat sudoku N"`},
		{name: "bad size header", out: "c pipesat sudoku 5\ns SATISFIABLE\n", wantErr: `out.txt:1:1: header "pipesat sudoku 5": sudoku size 5: want 4, 9, 16 or 25`},
		{name: "other kind", out: "c pipesat nonogram 5 5\ns SATISFIABLE\nv 1 0\n", wantErr: `out.txt:1:1: not a sudoku encoding: header "pipesat nonogram 5 5"`},
		{name: "no size", out: "s SATISFIABLE\nv 1 -2 0\n", wantErr: sudoku.ErrNoSize.Error()},
		{name: "partial model", out: head + "s SATISFIABLE\nv 1 -2 -3 -4 0\n", wantErr: "model leaves r1c2 unassigned (variables 5-8)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := dimacs.ReadOutput(strings.NewReader(tt.out), "out.txt")
			if err != nil {
				t.Fatal(err)
			}
			if tt.puzzle != "" {
				p, err := encsudoku.Parse(strings.NewReader(tt.puzzle), "p.txt", 0)
				if err != nil {
					t.Fatal(err)
				}
				tt.opts.Puzzle = p
			}
			var b strings.Builder
			res, err := sudoku.Decode(&b, out, tt.opts)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				if dimacs.AfterOutput(err) && b.String() != tt.want {
					t.Errorf("got\n%s\nwant\n%s", b.String(), tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), tt.want)
			}
			if res.Status != tt.status || res.Uniqueness != tt.uniq {
				t.Errorf("got %v, uniqueness %d; want %v, %d", res.Status, res.Uniqueness, tt.status, tt.uniq)
			}
		})
	}
}
