package grid

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/nonogram"
)

const okPuzzle = "width 3\nheight 2\nrows\n1,1\n1\ncolumns\n1\n1\n1\n"

func TestDecode(t *testing.T) {
	p, err := nonogram.Read(strings.NewReader(okPuzzle), "ok.non", nonogram.Auto)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		in       string
		opts     Options
		want     string // stdout
		wantMsg  string // stderr
		wantErr  string
		wantStat dimacs.Status
	}{
		{name: "header", in: "c pipesat nonogram 3 2\ns SATISFIABLE\nv 1 -2 3 -4 5 -6 0\n",
			want: "#.#\n.#.\n", wantStat: dimacs.Sat},
		{name: "unicode", in: "c pipesat nonogram 3 2\ns SATISFIABLE\nv 1 -2 3 -4 5 -6 0\n",
			opts: Options{Format: Unicode}, want: "▀▄▀\n", wantStat: dimacs.Sat},
		{name: "unicode odd", in: "c pipesat nonogram 2 3\ns SATISFIABLE\nv 1 -2 -3 4 5 6 0\n",
			opts: Options{Format: Unicode}, want: "▀▄\n▀▀\n", wantStat: dimacs.Sat},
		{name: "goal", in: "c pipesat nonogram 3 2\ns SATISFIABLE\nv 1 -2 3 -4 5 -6 0\n",
			opts: Options{Format: Goal}, want: "101010\n", wantStat: dimacs.Sat},
		{name: "minisat result file", in: "SAT\n1 -2 3 -4 5 -6 0\n", opts: Options{Width: 3, Height: 2},
			want: "#.#\n.#.\n", wantStat: dimacs.Sat},
		{name: "puzzle", in: "s SATISFIABLE\nv 1 -2 3 -4 5 -6 7 0\n", opts: Options{Puzzle: p},
			want: "#.#\n.#.\n", wantStat: dimacs.Sat},
		{name: "broken column", in: "s SATISFIABLE\nv 1 -2 3 4 -5 -6 0\n", opts: Options{Puzzle: p},
			wantErr: "column 1 has runs 2, its clue is 1", wantStat: dimacs.Sat},
		{name: "broken second solution", in: "s SATISFIABLE\nv 1 -2 3 -4 5 -6 0\ns SATISFIABLE\nv 1 -2 3 4 -5 -6 0\nc solutions 2\n", opts: Options{Puzzle: p},
			wantErr: "solution 2: column 1 has runs 2, its clue is 1", wantStat: dimacs.Sat},
		{name: "two", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\nc solutions 2\n",
			want: "#.\n\n.#\nc not unique: 2 solutions\nc they differ in r1c1 r1c2\n", wantStat: dimacs.Sat},
		{name: "two of max 2", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\nc limit 2 reached; more models may exist\nc solutions 2\n",
			want: "#.\n\n.#\nc not unique: at least 2 solutions\nc they differ in r1c1 r1c2\n", wantStat: dimacs.Sat},
		{name: "two, no end", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\n",
			want: "#.\n\n.#\nc not unique: at least 2 solutions\nc they differ in r1c1 r1c2\n", wantStat: dimacs.Sat},
		// A model listed twice is one solution: shown and counted once.
		{name: "twice", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv 1 -2 0\n",
			want: "#.\nc solution 2 repeats solution 1: counted once\n", wantStat: dimacs.Sat},
		{name: "twice in all", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\ns SATISFIABLE\nv -1 2 0\nc solutions 4\n",
			want: "#.\n\n.#\nc 2 solutions repeat earlier ones, each counted once: 2 (of 1), 4 (of 3)\nc not unique: 2 solutions\nc they differ in r1c1 r1c2\n", wantStat: dimacs.Sat},
		{name: "twice complete", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv 1 -2 0\nc solutions 2\n",
			want: "#.\nc solution 2 repeats solution 1: counted once\nc unique solution\n", wantStat: dimacs.Sat},
		{name: "colour twice", in: "c pipesat nonogram 2 1 colours 0=ffffff a=ff0000\ns SATISFIABLE\nv -1 2 3 -4 0\ns SATISFIABLE\nv -1 2 3 -4 0\n",
			want: "a.\nc solution 2 repeats solution 1: counted once\n", wantStat: dimacs.Sat},
		{name: "max 1 not unique", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\nc limit 1 reached; more models may exist\nc solutions 1\n",
			want: "#.\n", wantStat: dimacs.Sat},
		{name: "solver failed", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\nc ERROR: cadical: signal: killed after 1 models; more may exist\n",
			want: "#.\n", wantStat: dimacs.Sat, wantErr: "<stdin>:4:1: upstream solver failed after 1 models: cadical: signal: killed"},
		{name: "unique", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns UNSATISFIABLE\n",
			want: "#.\nc unique solution\n", wantStat: dimacs.Sat},
		{name: "count", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\nc solutions 2\n",
			opts: Options{Count: true}, want: "2\n", wantStat: dimacs.Sat},
		{name: "count twice", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv 1 -2 0\nc solutions 2\n",
			opts: Options{Count: true}, want: "1\n", wantStat: dimacs.Sat},
		{name: "count picosat", in: "s SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\ns SOLUTIONS 2\n",
			opts: Options{Count: true}, want: "2\n", wantStat: dimacs.Sat},
		{name: "count unsat", in: "c pipesat queens 3\ns UNSATISFIABLE\nc solutions 0\n",
			opts: Options{Count: true}, want: "0\n", wantStat: dimacs.Unsat},
		{name: "count no end", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\n",
			opts: Options{Count: true}, want: "at least 2\n", wantStat: dimacs.Sat,
			wantErr: "count incomplete: the 2 models end with no count line and no final UNSATISFIABLE (the input may be cut short)"},
		{name: "count max", in: "c pipesat queens 1\ns SATISFIABLE\nv 1 0\nc limit 1 reached; more models may exist\nc solutions 1\n",
			opts: Options{Count: true}, want: "at least 1\n", wantStat: dimacs.Sat,
			wantErr: "count incomplete: the enumeration stopped at its limit of 1 models; more may exist"},
		{name: "count timeout", in: "c pipesat queens 1\ns SATISFIABLE\nv 1 0\nc UNKNOWN: timeout after 1 models; more may exist\n",
			opts: Options{Count: true}, want: "at least 1\n", wantStat: dimacs.Sat,
			wantErr: "count incomplete: the enumeration stopped after 1 models (timeout); more may exist"},
		{name: "count single answer", in: "c pipesat queens 1\ns SATISFIABLE\nv 1 0\n",
			opts: Options{Count: true}, want: "at least 1\n", wantStat: dimacs.Sat,
			wantErr: "count incomplete: one answer, not an enumeration"},
		{name: "count unknown", in: "c pipesat queens 9\ns UNKNOWN\n",
			opts: Options{Count: true}, want: "at least 0\n", wantStat: dimacs.Unknown,
			wantErr: "count incomplete: the solver gave no answer"},
		{name: "count solver failed", in: "c pipesat queens 1\ns SATISFIABLE\nv 1 0\nc ERROR: exit status 3 after 1 models; more may exist\n",
			opts: Options{Count: true}, want: "at least 1\n", wantStat: dimacs.Sat,
			wantErr: "<stdin>:4:1: upstream solver failed after 1 models: exit status 3"},
		{name: "unsat", in: "s UNSATISFIABLE\n", wantMsg: "no solution\n", wantStat: dimacs.Unsat},
		{name: "unknown", in: "c nothing\ns UNKNOWN\n", wantMsg: "unknown: the solver gave no answer\n", wantStat: dimacs.Unknown},
		{name: "cadical unknown", in: "c\nc UNKNOWN\nc\n", wantMsg: "unknown: the solver gave no answer\n", wantStat: dimacs.Unknown},
		{name: "no answer", in: "c nothing\n", wantErr: `<stdin>:2:1: no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`},
		{name: "empty", in: "", wantErr: "<stdin>:1:1: empty input: want a solver's answer"},
		{name: "garbage", in: "\x89PNG\r\n\x1a\n\x00\x00", wantErr: `<stdin>:3:3: no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`},
		{name: "no final 0", in: "c pipesat nonogram 3 1\ns SATISFIABLE\nv 1 2 3", opts: Options{Count: true},
			wantErr: "<stdin>:3:8: the input ends before the final 0 of the model of line 2"},
		{name: "count disagrees", in: "c pipesat queens 1\ns SATISFIABLE\nv 1 0\nc solutions 5\n", opts: Options{Count: true},
			wantErr: "<stdin>:4:1: the count says 5 models but the input holds 1"},
		{name: "no size", in: "s SATISFIABLE\nv 1 0\n",
			wantErr: `no puzzle header ("c pipesat nonogram W H" or "c pipesat queens N") in the solver output`, wantStat: dimacs.Sat},
		{name: "bad header", in: "c pipesat nonogram 3\ns SATISFIABLE\nv 1 0\n",
			wantErr: `<stdin>:1:1: header "pipesat nonogram 3": want "pipesat nonogram W H"`},
		{name: "size mismatch", in: "c pipesat nonogram 3 3\ns SATISFIABLE\nv 1 0\n", opts: Options{Width: 3, Height: 2},
			wantErr: "the size is 3x2, the solver output's header says 3x3"},
		{name: "unassigned", in: "c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 0\n",
			wantErr: "the model leaves variable 2 (r1c2) unassigned", wantStat: dimacs.Sat},
		{name: "queens", in: "c pipesat queens 1\ns SATISFIABLE\nv 1 0\n", want: "Q\n", wantStat: dimacs.Sat},
		{name: "rooks", in: "c pipesat rooks 2\ns SATISFIABLE\nv -1 2 3 -4 0\n", want: ".R\nR.\n", wantStat: dimacs.Sat},
		{name: "bad rooks", in: "c pipesat rooks 2\ns SATISFIABLE\nv 1 2 -3 -4 0\n", wantErr: "row 1 has 2 pieces", wantStat: dimacs.Sat},
		{name: "bad vline", in: "s SATISFIABLE\nv 1 x 0\n", wantErr: `<stdin>:2:5: "x" is not a literal`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, msg bytes.Buffer
			res, err := Decode(strings.NewReader(tt.in), "<stdin>", tt.opts, &out, &msg)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if gotErr != tt.wantErr {
				t.Fatalf("error %q, want %q", gotErr, tt.wantErr)
			}
			if err != nil && !dimacs.AfterOutput(err) {
				return
			}
			if out.String() != tt.want || msg.String() != tt.wantMsg || res.Status != tt.wantStat {
				t.Errorf("got %q %q %v, want %q %q %v", out.String(), msg.String(), res.Status, tt.want, tt.wantMsg, tt.wantStat)
			}
		})
	}
}

// TestNoDrawer: a drawing format without Options.Drawer is an error, not
// a panic.
func TestNoDrawer(t *testing.T) {
	var out, msg bytes.Buffer
	_, err := Decode(strings.NewReader("c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\n"), "<stdin>", Options{Format: PNG}, &out, &msg)
	if err == nil || err.Error() != "grid: no Options.Drawer to draw png" || out.Len() != 0 {
		t.Errorf("err %v, out %q", err, out.String())
	}
}
