package queens

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

// MaxN bounds N: 200 queens take about 11 million clauses. It bounds the
// N that ReadPuzzleLines accepts too.
const MaxN = 200

// Var returns the variable of the square on row r, column c (from 0).
func Var(n, r, c int) int { return r*n + c + 1 }

// Kind returns "queens", or "rooks" if rooks is set: the word of the
// puzzle lines.
func Kind(rooks bool) string {
	if rooks {
		return "rooks"
	}
	return "queens"
}

// Check returns an error if n is out of range.
func Check(n int) error {
	if n < 1 || n > MaxN {
		return fmt.Errorf("board size %d: want 1 to %d", n, MaxN)
	}
	return nil
}

// Options control Encode.
type Options struct {
	Rooks bool // n rooks instead of n queens
	// Style selects the names ("r1c1".."rNcN" unless Names is None: there
	// are no auxiliary variables, so All names the same), a group comment
	// per row, column and diagonal (diagonals counted with rows and
	// columns from 1) and the provenance (encoding "pairwise").
	cnfstyle.Style
}

// Encode writes the formula of n queens (n rooks with opts.Rooks) to dst,
// as dimacs.EncodeFunc says: the provenance, the puzzle lines
// (PuzzleLines), the names, then the clauses in the order the package
// comment gives, each line's a group: "row 1 rule", "column 1 rule",
// "diagonal row-column=0 rule", "anti-diagonal row+column=2 rule". It
// returns the number of variables, n².
func Encode(dst dimacs.Adder, n int, opts Options) int {
	s := opts.Sink(dst)
	s.WriteProvenance(opts.Provenance, "pairwise")
	s.Lines(PuzzleLines(n, opts.Rooks)...)
	if s.Primary != nil {
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				s.Primary.SetName(Var(n, r, c), fmt.Sprintf("r%dc%d", r+1, c+1))
			}
		}
	}
	piece := "queen"
	if opts.Rooks {
		piece = "rook"
	}
	amo := func(lits []int) {
		for i, x := range lits {
			for _, y := range lits[i+1:] {
				s.Clause(-x, -y)
			}
		}
	}
	lits := make([]int, 0, n)
	for r := 0; r < n; r++ {
		s.BeginGroup(fmt.Sprintf("row %d rule", r+1))
		s.Groupf("row %d: exactly one %s", r+1, piece)
		lits = lits[:0]
		for c := 0; c < n; c++ {
			lits = append(lits, Var(n, r, c))
		}
		s.Clause(lits...)
		amo(lits)
	}
	for c := 0; c < n; c++ {
		s.BeginGroup(fmt.Sprintf("column %d rule", c+1))
		s.Groupf("column %d: exactly one %s", c+1, piece)
		lits = lits[:0]
		for r := 0; r < n; r++ {
			lits = append(lits, Var(n, r, c))
		}
		s.Clause(lits...)
		amo(lits)
	}
	if !opts.Rooks {
		for d := -(n - 2); d <= n-2; d++ { // r - c = d
			s.BeginGroup(fmt.Sprintf("diagonal row-column=%d rule", d))
			s.Groupf("diagonal row-column=%d: at most one queen", d)
			lits = lits[:0]
			for r := max(0, d); r < n && r-d < n; r++ {
				lits = append(lits, Var(n, r, r-d))
			}
			amo(lits)
		}
		for sum := 1; sum <= 2*n-3; sum++ { // r + c = sum
			s.BeginGroup(fmt.Sprintf("anti-diagonal row+column=%d rule", sum+2))
			s.Groupf("anti-diagonal row+column=%d: at most one queen", sum+2)
			lits = lits[:0]
			for r := max(0, sum-n+1); r < n && r <= sum; r++ {
				lits = append(lits, Var(n, r, sum-r))
			}
			amo(lits)
		}
	}
	return n * n
}

// PuzzleLines returns the puzzle lines of n queens (or rooks), the comment
// texts decoders read back with ReadPuzzleLines: "pipesat queens N" (or
// "pipesat rooks N") and "pipesat primary 1-N²".
func PuzzleLines(n int, rooks bool) []string {
	return []string{"pipesat " + Kind(rooks) + " " + strconv.Itoa(n), "pipesat primary 1-" + strconv.Itoa(n*n)}
}

// ReadPuzzleLines reads the board size from the first "pipesat queens N"
// or "pipesat rooks N" line among lines (comment texts without "c "). ok
// is false when there is none; a malformed line or an N out of 1..MaxN is
// an error.
func ReadPuzzleLines(lines []string) (n int, rooks, ok bool, err error) {
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "pipesat" || (f[1] != "queens" && f[1] != "rooks") {
			continue
		}
		if len(f) != 3 {
			return 0, false, false, fmt.Errorf("header %q: want \"pipesat %s N\"", l, f[1])
		}
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 1 || n > MaxN {
			return 0, false, false, fmt.Errorf("header %q: bad size", l)
		}
		return n, f[1] == "rooks", true, nil
	}
	return 0, false, false, nil
}
