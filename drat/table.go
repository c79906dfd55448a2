package drat

// table maps uint64 keys (variables, clause IDs) to uint32 values, 0
// meaning absent. Keys up to a bound that follows the number of entries
// sit in a slice (one index, the common case: variables 1..n, clause IDs
// counting up); keys far beyond it go to a map, so one huge key costs an
// entry, not a slice as long as the key. Memory follows what was stored.
type table struct {
	dense  []uint32
	sparse map[uint64]uint32
	n      int // entries set to a non-zero value, dense and sparse
}

// denseSlack is how far beyond the entries stored the slice may reach.
const denseSlack = 1 << 16

func (t *table) get(k uint64) uint32 {
	if k < uint64(len(t.dense)) {
		return t.dense[k]
	}
	return t.sparse[k] // a nil map reads as empty
}

// set stores v (non-zero) under k, or removes k when v is 0.
func (t *table) set(k uint64, v uint32) {
	if k >= uint64(len(t.dense)) && k < 2*uint64(t.n)+denseSlack {
		t.widen(k)
	}
	if k < uint64(len(t.dense)) {
		switch {
		case t.dense[k] == 0 && v != 0:
			t.n++
		case t.dense[k] != 0 && v == 0:
			t.n--
		}
		t.dense[k] = v
		return
	}
	old, ok := t.sparse[k]
	switch {
	case v == 0:
		if ok {
			delete(t.sparse, k)
			t.n--
		}
		return
	case !ok || old == 0:
		t.n++
	}
	if t.sparse == nil {
		t.sparse = map[uint64]uint32{}
	}
	t.sparse[k] = v
}

// widen grows the slice past k (by half at least, so growth is amortised)
// and moves the map's keys it now covers.
func (t *table) widen(k uint64) {
	n := max(int(k)+1, len(t.dense)*3/2, 16)
	t.dense = append(t.dense, make([]uint32, n-len(t.dense))...)
	for key, v := range t.sparse {
		if key < uint64(n) {
			t.dense[key] = v
			delete(t.sparse, key)
		}
	}
}
