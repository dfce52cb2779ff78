package pacosako

// stateSet is an open-addressing hash set of state indexes keyed by Zobrist hash.
// Equality is decided by the caller, so hash collisions never merge distinct states.
// Slots carry an epoch so that reset is O(1).
type stateSet struct {
	slots []setSlot
	n     int
	epoch uint32
}

type setSlot struct {
	hash  uint64
	idx   int32
	epoch uint32
}

func (t *stateSet) reset() {
	t.n = 0
	t.epoch++
	if t.epoch == 0 || t.slots == nil {
		if t.slots == nil {
			t.slots = make([]setSlot, 64)
		} else {
			clear(t.slots)
		}
		t.epoch = 1
	}
}

// lookup returns the index stored for a state with hash h for which eq is true, or -1.
func (t *stateSet) lookup(h uint64, eq func(int32) bool) int32 {
	mask := uint64(len(t.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return -1
		}
		if sl.hash == h && eq(sl.idx) {
			return sl.idx
		}
	}
}

// findResult reports whether results holds a state equal to p under hash h.
func (t *stateSet) findResult(h uint64, results []settled, p *Position) bool {
	mask := uint64(len(t.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return false
		}
		if sl.hash == h && sameState(&results[sl.idx].pos, p) {
			return true
		}
	}
}

// findNode reports whether nodes holds a state equal to p under hash h.
func (t *stateSet) findNode(h uint64, nodes []node, p *Position) bool {
	mask := uint64(len(t.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return false
		}
		if sl.hash == h && sameState(&nodes[sl.idx].pos, p) {
			return true
		}
	}
}

// hasHash reports whether some entry has hash h.
func (t *stateSet) hasHash(h uint64) bool {
	mask := uint64(len(t.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return false
		}
		if sl.hash == h {
			return true
		}
	}
}

// insert adds index idx under hash h (the caller has checked it is new).
func (t *stateSet) insert(h uint64, idx int32) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	k := h & mask
	for t.slots[k].epoch == t.epoch {
		k = (k + 1) & mask
	}
	t.slots[k] = setSlot{hash: h, idx: idx, epoch: t.epoch}
	t.n++
}

func (t *stateSet) grow() {
	old := t.slots
	t.slots = make([]setSlot, 2*len(old))
	mask := uint64(len(t.slots) - 1)
	for _, sl := range old {
		if sl.epoch != t.epoch {
			continue
		}
		k := sl.hash & mask
		for t.slots[k].epoch == t.epoch {
			k = (k + 1) & mask
		}
		t.slots[k] = sl
	}
}
