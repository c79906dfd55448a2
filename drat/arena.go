package drat

import "math"

// A clause in the arena is a header of hdr words, then its literals: the
// size with the flags below, the clause's ID (the formula's clauses count
// from 1, a lemma's is the formula's count plus its step), and its RAT
// pivot (the first literal as written).
const (
	hdr      = 3
	deleted  = 1 << 31 // the clause is not in the current clause set
	core     = 1 << 30 // a verified lemma or a check needs the clause
	sizeMask = core - 1
)

// The arena is a list of chunks of chunkLen words: a clause sits in one
// chunk, its reference (cref) is the offset of its header counting every
// chunk before it as chunkLen words. The backward check keeps the whole
// proof here; chunks, where one slice would grow by copying, hold it with
// no second copy alive while the first is copied (a slice grown by
// append peaks at 2.25 times its contents), and the first chunk grows
// from small, so a small proof costs little.
const (
	chunkBits = 20
	chunkLen  = 1 << chunkBits
	chunkMask = chunkLen - 1
)

// arena holds clauses one after the other, each a header (see hdr) and its
// literals, in chunks: the literals propagation reads sit next to each
// other in memory. A clause longer than a chunk gets a chunk of its own,
// as long as the clause, that counts as as many chunks as it spans (the
// entries after it are nil).
type arena struct {
	chunks [][]lit
	end    int32 // the cref the next clause gets, if it fits its chunk
}

// room reports whether a clause of n literals still fits below the 2^31
// crefs an int32 holds, its chunk's rounding included (and its size in
// the header's bits).
func (a *arena) room(n int) bool {
	return n <= sizeMask && int64(a.end)+2*chunkLen+hdr+int64(n) <= math.MaxInt32
}

// put appends the clause ls with the ID id and the pivot p; the caller
// has checked room. It returns the clause's cref.
func (a *arena) put(ls []lit, id uint32, p lit) int32 {
	need := hdr + len(ls)
	k := int(a.end >> chunkBits)
	if off := int(a.end & chunkMask); off > 0 && off+need > chunkLen {
		k++ // the rest of chunk k is left empty
		a.end = int32(k << chunkBits)
	}
	if k == len(a.chunks) {
		switch {
		case need > chunkLen:
			a.chunks = append(a.chunks, make([]lit, 0, need))
			for range (need - 1) >> chunkBits {
				a.chunks = append(a.chunks, nil)
			}
		case k == 0:
			a.chunks = append(a.chunks, nil) // grows by append to chunkLen
		default:
			a.chunks = append(a.chunks, make([]lit, 0, chunkLen))
		}
	}
	cref := a.end
	ch := a.chunks[k]
	if k == 0 && len(ch)+need > cap(ch) {
		nc := min(max(2*cap(ch), len(ch)+need, 1024), chunkLen)
		ch = append(make([]lit, 0, nc), ch...)
	}
	ch = append(ch, lit(len(ls)), lit(id), p)
	a.chunks[k] = append(ch, ls...)
	a.end += int32(need)
	if need > chunkLen {
		a.end = int32(len(a.chunks) << chunkBits)
	}
	return cref
}

// head returns the header word of the clause at cref: its size and flags.
func (a *arena) head(cref int32) *lit {
	return &a.chunks[cref>>chunkBits][cref&chunkMask]
}

// lits returns the literals of the clause at cref.
func (a *arena) lits(cref int32) []lit {
	ch := a.chunks[cref>>chunkBits]
	o := cref & chunkMask
	n := int32(ch[o] & sizeMask)
	return ch[o+hdr : o+hdr+n : o+hdr+n]
}

// id returns the ID of the clause at cref.
func (a *arena) id(cref int32) uint32 { return uint32(a.chunks[cref>>chunkBits][cref&chunkMask+1]) }

// pivot returns the RAT pivot of the clause at cref.
func (a *arena) pivot(cref int32) lit { return a.chunks[cref>>chunkBits][cref&chunkMask+2] }

// next returns the cref of the clause after the one at cref, or a.end
// after the last: crefs from 0 while below a.end visit every clause.
func (a *arena) next(cref int32) int32 {
	k := int(cref >> chunkBits)
	ch := a.chunks[k]
	n := cref&chunkMask + hdr + int32(ch[cref&chunkMask]&sizeMask)
	if int(n) < len(ch) {
		return int32(k<<chunkBits) + n
	}
	for k++; k < len(a.chunks); k++ {
		if len(a.chunks[k]) > 0 {
			return int32(k << chunkBits)
		}
	}
	return a.end
}

// compacted returns an arena of the clauses of a not deleted, calling
// moved with each one's old and new cref.
func (a *arena) compacted(moved func(from, to int32)) arena {
	var b arena
	for cref := int32(0); cref < a.end; cref = a.next(cref) {
		if *a.head(cref)&deleted != 0 {
			continue
		}
		h := *a.head(cref)
		to := b.put(a.lits(cref), a.id(cref), a.pivot(cref))
		*b.head(to) = h
		moved(cref, to)
	}
	return b
}
