package drat

// clauseSet finds live clauses by their literals' hash, for deletions: an
// open-addressing table with linear probing of 8-byte slots, the high 32
// bits of a clause's hash and its cref+1 (0: empty), at most three
// quarters full. It holds no pointers and allocates nothing per clause,
// where a map of slices cost about 50 bytes a clause and work for the
// collector.
type clauseSet struct {
	slots []uint64
	n     int
}

func slotOf(h uint64, cref int32) uint64 { return h&^(1<<32-1) | uint64(uint32(cref)+1) }

// add enters the clause at cref, whose hash is h.
func (s *clauseSet) add(h uint64, cref int32) {
	if 4*(s.n+1) > 3*len(s.slots) {
		s.grow()
	}
	mask := uint32(len(s.slots) - 1)
	for i := uint32(h>>32) & mask; ; i = (i + 1) & mask {
		if s.slots[i] == 0 {
			s.slots[i] = slotOf(h, cref)
			s.n++
			return
		}
	}
}

func (s *clauseSet) grow() {
	old := s.slots
	s.slots = make([]uint64, max(2*len(old), 1024))
	s.n = 0
	for _, e := range old {
		if e != 0 {
			s.add(e, int32(uint32(e)-1))
		}
	}
}

// del empties slot i, moving back the entries after it that probing
// would no longer reach (backward-shift deletion, no tombstones).
func (s *clauseSet) del(i int) {
	mask := len(s.slots) - 1
	for j := (i + 1) & mask; s.slots[j] != 0; j = (j + 1) & mask {
		home := int(s.slots[j]>>32) & mask
		// The entry at j may fill i when its home is not in (i, j].
		if (j-home)&mask >= (j-i)&mask {
			s.slots[i] = s.slots[j]
			i = j
		}
	}
	s.slots[i] = 0
	s.n--
}

// reset empties the set, keeping its slots.
func (s *clauseSet) reset() {
	clear(s.slots)
	s.n = 0
}
