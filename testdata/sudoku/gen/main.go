// Command gen made the shipped puzzles: a solved grid from the pattern
// (b*(r%b) + r/b + c) mod N with values, bands, stacks and the rows and
// columns inside them shuffled, then each cell in random order blanked if
// gini (assuming the remaining givens, plus one clause "differ from the
// solution somewhere") proves the solution stays unique. A proof that
// takes longer than -try keeps the given. It prints the puzzle and the
// solution, one line each:
//
//	go run ./testdata/sudoku/gen -box 3 -seed 1     # 9x9.txt (26 givens)
//	go run ./testdata/sudoku/gen -box 4 -seed 2     # 16x16.txt (92 givens)
//	go run ./testdata/sudoku/gen -box 5 -seed 3 -try 1s   # 25x25.txt (274 givens; minutes)
//	for s in 11 12 13; do go run ./testdata/sudoku/gen -seed $s | head -1; done  # many9.txt
//
// It lives under testdata so that ./... does not build it.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/pipesat/pipesat/encoders/sudoku"
)

type adder struct{ g *gini.Gini }

func (a adder) Add(l int) { a.g.Add(z.Dimacs2Lit(l)) }

func main() {
	box := flag.Int("box", 3, "")
	seed := flag.Int64("seed", 1, "")
	keep := flag.Int("min", 0, "stop removing at this many givens")
	to := flag.Duration("try", 2*time.Second, "")
	flag.Parse()
	b := *box
	n := b * b
	rng := rand.New(rand.NewSource(*seed))
	sol := make([]int, n*n)
	perm := rng.Perm(n)
	rowOrder := shuffleBands(rng, b)
	colOrder := shuffleBands(rng, b)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			rr, cc := rowOrder[r], colOrder[c]
			sol[r*n+c] = perm[(b*(rr%b)+rr/b+cc)%n] + 1
		}
	}
	p, _ := sudoku.New(n)
	copy(p.Cells, sol)
	if err := p.CheckSolution(nil); err != nil {
		panic(err)
	}
	g := gini.New()
	sudoku.Encode(adder{g}, &sudoku.Puzzle{N: n, Box: b, Cells: make([]int, n*n)}, sudoku.Options{})
	for i, v := range sol {
		g.Add(z.Dimacs2Lit(-sudoku.Var(n, i/n, i%n, v-1)))
	}
	g.Add(0)
	givens := append([]int(nil), sol...)
	count := n * n
	start := time.Now()
	for _, i := range rng.Perm(n * n) {
		if count <= *keep {
			break
		}
		givens[i] = 0
		var as []z.Lit
		for j, v := range givens {
			if v != 0 {
				as = append(as, z.Dimacs2Lit(sudoku.Var(n, j/n, j%n, v-1)))
			}
		}
		g.Assume(as...)
		res := g.Try(*to)
		if res == -1 {
			count--
		} else {
			givens[i] = sol[i]
		}
	}
	copy(p.Cells, givens)
	fmt.Fprintf(os.Stderr, "%d givens, %v\n", count, time.Since(start))
	fmt.Println(p.String())
	copy(p.Cells, sol)
	fmt.Println(p.String())
}

// shuffleBands returns a row order: bands shuffled, rows within each band shuffled.
func shuffleBands(rng *rand.Rand, b int) []int {
	var out []int
	for _, band := range rng.Perm(b) {
		for _, r := range rng.Perm(b) {
			out = append(out, band*b+r)
		}
	}
	return out
}
