package twisty

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// oracle is an independent breadth-first search of the 2x2x2 cube's state
// space over U, R, F quarter and half turns: a state is the permutation of
// the 7 corners around the fixed down-left-back one (5040) times their
// twists (3^6, the last twist follows), 3,674,160 states, one byte of
// distance each. It shares only the turn definitions and the corner list
// with the code under test, and the distance census checks those.
type oracle struct {
	p       *Puzzle
	corners [][]int // the 7 moving corners' stickers
	turns   []Turn
	perm    [][]uint16 // perm[i][t]: permutation index after turn t
	twist   [][]uint16 // twist[i][t]: twist index after turn t
	dist    []uint8
}

const (
	nPerm  = 5040
	nTwist = 729
)

var (
	oracleOnce sync.Once
	theOracle  *oracle
)

func loadCube2(t testing.TB) *Puzzle {
	t.Helper()
	return loadPuzzle(t, "definitions/cube2.yaml")
}

func loadPuzzle(t testing.TB, path string) *Puzzle {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := Parse(f, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func getOracle(t testing.TB) *oracle {
	t.Helper()
	p := loadCube2(t)
	oracleOnce.Do(func() { theOracle = newOracle(p) })
	return theOracle
}

func newOracle(p *Puzzle) *oracle {
	o := &oracle{p: p, turns: p.Active()}
	moving := map[int]bool{}
	for _, i := range Moving(o.turns, len(p.Goal)) {
		moving[i] = true
	}
	for _, pc := range p.Pieces {
		if moving[pc[0]] {
			o.corners = append(o.corners, pc)
		}
	}
	nt := len(o.turns)
	o.perm = make([][]uint16, nPerm)
	for i := range nPerm {
		st := o.decode(i, 0)
		o.perm[i] = make([]uint16, nt)
		for j, t := range o.turns {
			pi, _ := o.encode(Apply(st, t))
			o.perm[i][j] = uint16(pi)
		}
	}
	o.twist = make([][]uint16, nTwist)
	for i := range nTwist {
		st := o.decode(0, i)
		o.twist[i] = make([]uint16, nt)
		for j, t := range o.turns {
			_, ti := o.encode(Apply(st, t))
			o.twist[i][j] = uint16(ti)
		}
	}
	o.dist = make([]uint8, nPerm*nTwist)
	for i := range o.dist {
		o.dist[i] = 255
	}
	o.dist[0] = 0
	for d := uint8(0); ; d++ {
		grew := false
		for x, dx := range o.dist {
			if dx != d {
				continue
			}
			pi, ti := x/nTwist, x%nTwist
			for j := range nt {
				y := int(o.perm[pi][j])*nTwist + int(o.twist[ti][j])
				if o.dist[y] == 255 {
					o.dist[y] = d + 1
					grew = true
				}
			}
		}
		if !grew {
			break
		}
	}
	return o
}

// decode returns the sticker state with permutation index pi and twist
// index ti.
func (o *oracle) decode(pi, ti int) []string {
	n := len(o.corners)
	// Lehmer code, most significant first.
	perm := make([]int, n)
	avail := make([]int, n)
	for i := range avail {
		avail[i] = i
	}
	f := 1
	for i := 2; i < n; i++ {
		f *= i
	}
	for i := 0; i < n; i++ {
		q := pi / f
		pi %= f
		perm[i] = avail[q]
		avail = append(avail[:q], avail[q+1:]...)
		if n-1-i > 0 {
			f /= n - 1 - i
		}
	}
	tw := make([]int, n)
	sum := 0
	for i := 0; i < n-1; i++ {
		tw[i] = ti % 3
		ti /= 3
		sum += tw[i]
	}
	tw[n-1] = (3 - sum%3) % 3
	st := append([]string(nil), o.p.Goal...)
	for i, pc := range o.corners {
		home := o.corners[perm[i]]
		for k := range 3 {
			st[pc[(k+tw[i])%3]] = o.p.Goal[home[k]]
		}
	}
	return st
}

// encode returns the indexes of a state whose fixed corner is home.
func (o *oracle) encode(st []string) (pi, ti int) {
	n := len(o.corners)
	perm := make([]int, n)
	tw := make([]int, n)
	for i, pc := range o.corners {
		found := false
		for k, home := range o.corners {
			for r := range 3 {
				ok := true
				for x := range 3 {
					if st[pc[(x+r)%3]] != o.p.Goal[home[x]] {
						ok = false
					}
				}
				if ok {
					perm[i], tw[i], found = k, r, true
				}
			}
		}
		if !found {
			panic("oracle: state is not a cube state")
		}
	}
	for i := 0; i < n; i++ {
		less := 0
		for j := i + 1; j < n; j++ {
			if perm[j] < perm[i] {
				less++
			}
		}
		pi = pi*(n-i) + less
	}
	for i := n - 2; i >= 0; i-- {
		ti = ti*3 + tw[i]
	}
	return pi, ti
}

// Distance returns the number of turns a shortest solution of st has.
// st is first recoloured so its fixed corner is home: the target's colour
// at each sticker becomes the goal's.
func (o *oracle) Distance(t testing.TB, st []string) int {
	t.Helper()
	targets, err := o.p.Targets(st)
	if err != nil || len(targets) != 1 {
		t.Fatalf("oracle: targets %v, %v", targets, err)
	}
	recolour := map[string]string{}
	for i, c := range targets[0] {
		if g, ok := recolour[c]; ok && g != o.p.Goal[i] {
			t.Fatalf("oracle: target is not a recoloured goal")
		}
		recolour[c] = o.p.Goal[i]
	}
	norm := make([]string, len(st))
	for i, c := range st {
		norm[i] = recolour[c]
	}
	pi, ti := o.encode(norm)
	return int(o.dist[pi*nTwist+ti])
}

func TestOracleCensus(t *testing.T) {
	o := getOracle(t)
	// The 2x2x2's distance distribution in the half-turn metric (OEIS
	// A079761): checks cube2.yaml's turns, its corners and the oracle.
	want := []int{1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644}
	got := make([]int, len(want))
	for _, d := range o.dist {
		if int(d) >= len(got) {
			t.Fatalf("state at distance %d", d)
		}
		got[d]++
	}
	for d := range want {
		if got[d] != want[d] {
			t.Errorf("distance %d: %d states, want %d", d, got[d], want[d])
		}
	}
	// decode and encode are inverse.
	for _, x := range []int{0, 1, 728, 729, 1234567, nPerm*nTwist - 1} {
		pi, ti := o.encode(o.decode(x/nTwist, x%nTwist))
		if pi*nTwist+ti != x {
			t.Errorf("encode(decode(%d)) = %d", x, pi*nTwist+ti)
		}
	}
}
