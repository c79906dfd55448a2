package queens

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pipesat/pipesat/dimacs"
	"github.com/pipesat/pipesat/encoders/header"
)

// MaxN bounds N so the formula stays in memory: 200 queens take about
// 11 million clauses. It bounds the N that ReadHeader accepts too.
const MaxN = 200

// Var returns the variable of the square on row r, column c (from 0).
func Var(n, r, c int) int { return r*n + c + 1 }

// Kind returns "queens", or "rooks" if rooks is set: the word of the
// "c pipesat" header.
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

// Encode writes the clauses for n queens (rooks: n rooks) to a, in the
// order the package comment gives.
func Encode(a dimacs.Adder, n int, rooks bool) { encode(a, n, rooks, nil) }

// encode is Encode writing group comments to g when it is not nil.
func encode(a dimacs.Adder, n int, rooks bool, g dimacs.Grouper) {
	group := func(format string, args ...any) {
		if g != nil {
			g.Groupf(format, args...)
		}
	}
	piece := "queen"
	if rooks {
		piece = "rook"
	}
	clause := func(lits ...int) {
		for _, l := range lits {
			a.Add(l)
		}
		a.Add(0)
	}
	amo := func(lits []int) {
		for i, x := range lits {
			for _, y := range lits[i+1:] {
				clause(-x, -y)
			}
		}
	}
	lits := make([]int, 0, n)
	for r := 0; r < n; r++ {
		group("row %d: exactly one %s", r+1, piece)
		lits = lits[:0]
		for c := 0; c < n; c++ {
			lits = append(lits, Var(n, r, c))
		}
		clause(lits...)
		amo(lits)
	}
	for c := 0; c < n; c++ {
		group("column %d: exactly one %s", c+1, piece)
		lits = lits[:0]
		for r := 0; r < n; r++ {
			lits = append(lits, Var(n, r, c))
		}
		clause(lits...)
		amo(lits)
	}
	if rooks {
		return
	}
	for d := -(n - 2); d <= n-2; d++ { // r - c = d
		group("diagonal row-column=%d: at most one queen", d)
		lits = lits[:0]
		for r := max(0, d); r < n && r-d < n; r++ {
			lits = append(lits, Var(n, r, r-d))
		}
		amo(lits)
	}
	for s := 1; s <= 2*n-3; s++ { // r + c = s
		group("anti-diagonal row+column=%d: at most one queen", s+2)
		lits = lits[:0]
		for r := max(0, s-n+1); r < n && r <= s; r++ {
			lits = append(lits, Var(n, r, s-r))
		}
		amo(lits)
	}
}

// Formula returns the encoding with its header comments
// ("pipesat queens N" or "pipesat rooks N", "pipesat primary 1-N²") and
// a name "r1c1".."rNcN" for every variable: NewFormula with the zero
// Style.
func Formula(n int, rooks bool) *dimacs.Formula { return NewFormula(n, rooks, header.Style{}) }

// NewFormula returns the encoding with the provenance header (st.Header,
// when set), the puzzle's header (WriteHeader), the names "r1c1".."rNcN"
// unless st.Names is None (there are no auxiliary variables, so All names
// the same) and, with st.Comments, a group comment per row, column and
// diagonal (diagonals counted with rows and columns from 1).
func NewFormula(n int, rooks bool, st header.Style) *dimacs.Formula {
	f := &dimacs.Formula{}
	h := st.Header
	if h.Encoding == "" {
		h.Encoding = "pairwise"
	}
	h.Write(f)
	WriteHeader(f, n, rooks)
	encode(f, n, rooks, st.Grouper(f))
	f.Vars = n * n
	if st.Names != header.None {
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				f.SetName(Var(n, r, c), fmt.Sprintf("r%dc%d", r+1, c+1))
			}
		}
	}
	return f
}

// WriteHeader appends the puzzle's header lines to f: "pipesat queens N"
// (or "pipesat rooks N") and "pipesat primary 1-N²". ReadHeader reads
// them back.
func WriteHeader(f *dimacs.Formula, n int, rooks bool) {
	f.Comments = append(f.Comments, "pipesat "+Kind(rooks)+" "+strconv.Itoa(n), "pipesat primary 1-"+strconv.Itoa(n*n))
}

// ReadHeader reads the board size from the first "pipesat queens N" or
// "pipesat rooks N" line among lines (comment texts without "c "). ok is
// false when there is none; a malformed line or an N out of 1..MaxN is an
// error.
func ReadHeader(lines []string) (n int, rooks, ok bool, err error) {
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
