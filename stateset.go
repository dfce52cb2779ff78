package pacosako

// stateSet is an open-addressing hash set of state indexes keyed by Zobrist hash.
// Equality is decided by the caller, so hash collisions never merge distinct states.
// Slots carry an epoch so that reset is O(1).
//
// A slot keeps only the top 32 bits of the hash (the fragment): the home slot is
// the fragment's top bits, so the set can grow without the full hash, and a false
// match costs the caller one comparison of states (at most a few per hundred
// lookups in a set of tens of millions). Slots are 12 bytes instead of 16; the
// largest count searches hold over 100 million of them.
type stateSet struct {
	slots []setSlot
	shift uint8 // 32 - log2(len(slots)): a fragment's home slot is frag >> shift
	n     int
	epoch uint16
}

// setSlot is one entry: a state's index under a hash fragment, and aux, which the
// count search uses to keep a result's last action in the slot itself.
type setSlot struct {
	frag  uint32 // the top 32 bits of the hash
	idx   int32
	aux   uint16
	epoch uint16 // the slot is in use if it equals the set's epoch
}

// minSetSlots is the size of a new set: enough for most searches of a move.
const minSetSlots = 64

func (t *stateSet) reset() {
	t.n = 0
	t.epoch++
	if t.epoch == 0 || t.slots == nil {
		if t.slots == nil {
			t.slots = make([]setSlot, minSetSlots)
			t.shift = 32 - log2(minSetSlots)
		} else {
			clear(t.slots)
		}
		t.epoch = 1
	}
}

// log2 returns the base-2 logarithm of a power of two.
func log2(n int) uint8 {
	k := uint8(0)
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}

// fragment returns the part of hash h that the slots keep.
func fragment(h uint64) uint32 { return uint32(h >> 32) }

// home returns the first slot a lookup of fragment f probes.
func (t *stateSet) home(f uint32) uint32 { return f >> t.shift }

// next returns the slot probed after k.
func (t *stateSet) next(k uint32) uint32 { return (k + 1) & uint32(len(t.slots)-1) }

// lookup returns the index stored for a state with hash h for which eq is true, or -1.
func (t *stateSet) lookup(h uint64, eq func(int32) bool) int32 {
	f := fragment(h)
	for k := t.home(f); ; k = t.next(k) {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return -1
		}
		if sl.frag == f && eq(sl.idx) {
			return sl.idx
		}
	}
}

// findResult reports whether results holds a state equal to p under hash h.
func (t *stateSet) findResult(h uint64, results []settled, p *Position) bool {
	f := fragment(h)
	for k := t.home(f); ; k = t.next(k) {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return false
		}
		if sl.frag == f && sameState(&results[sl.idx].pos, p) {
			return true
		}
	}
}

// findNode reports whether nodes holds a state equal to p under hash h.
func (t *stateSet) findNode(h uint64, nodes []node, p *Position) bool {
	f := fragment(h)
	for k := t.home(f); ; k = t.next(k) {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return false
		}
		if sl.frag == f && sameState(&nodes[sl.idx].pos, p) {
			return true
		}
	}
}

// hasHash reports whether some entry may have hash h (its fragment matches).
func (t *stateSet) hasHash(h uint64) bool {
	f := fragment(h)
	for k := t.home(f); ; k = t.next(k) {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return false
		}
		if sl.frag == f {
			return true
		}
	}
}

// insert adds index idx under hash h (the caller has checked it is new).
func (t *stateSet) insert(h uint64, idx int32) { t.insertAux(h, idx, 0) }

// insertAux is insert with the slot's aux value.
func (t *stateSet) insertAux(h uint64, idx int32, aux uint16) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	f := fragment(h)
	k := t.home(f)
	for t.slots[k].epoch == t.epoch {
		k = t.next(k)
	}
	t.slots[k] = setSlot{frag: f, idx: idx, aux: aux, epoch: t.epoch}
	t.n++
}

// grow doubles the slots, placing every entry again from its fragment.
func (t *stateSet) grow() {
	old := t.slots
	t.slots = make([]setSlot, 2*len(old))
	t.shift--
	for _, sl := range old {
		if sl.epoch != t.epoch {
			continue
		}
		k := t.home(sl.frag)
		for t.slots[k].epoch == t.epoch {
			k = t.next(k)
		}
		t.slots[k] = sl
	}
}

// wordMap maps non-zero words (the compact states of chains and of takeovers) to
// int32 values: open addressing on a multiplicative hash (the top bits of the
// product), doubled when half full, emptied by clearing only the slots in use.
type wordMap struct {
	keys  []uint64
	vals  []int32 // nil in a wordSet
	used  []uint32
	shift uint8 // 64 - log2(len(keys))
}

// reset empties the map, keeping its slots.
func (w *wordMap) reset() {
	for _, k := range w.used {
		w.keys[k] = 0
	}
	w.used = w.used[:0]
	if w.keys == nil {
		w.keys, w.shift = make([]uint64, 256), 64-8
	}
}

// find returns the slot of k, or the empty slot where it would go, and whether k
// is there. The caller has made room (room).
func (w *wordMap) find(k uint64) (uint32, bool) {
	mask := uint64(len(w.keys) - 1)
	for i := (k * 0x9e3779b97f4a7c15) >> w.shift; ; i = (i + 1) & mask {
		switch w.keys[i] {
		case 0:
			return uint32(i), false
		case k:
			return uint32(i), true
		}
	}
}

// room doubles the slots when one more word would fill more than half of them.
func (w *wordMap) room() {
	if 2*(len(w.used)+1) > len(w.keys) {
		w.grow()
	}
}

// grow doubles the slots, entering the words again.
func (w *wordMap) grow() {
	keys := make([]uint64, len(w.used))
	var vals []int32
	if w.vals != nil {
		vals = make([]int32, len(w.used))
	}
	for j, i := range w.used {
		keys[j] = w.keys[i]
		if vals != nil {
			vals[j] = w.vals[i]
		}
	}
	w.keys, w.shift = make([]uint64, 2*len(w.keys)), w.shift-1
	if vals != nil {
		w.vals = make([]int32, len(w.keys))
	}
	w.used = w.used[:0]
	for j, k := range keys {
		i, _ := w.find(k)
		w.keys[i] = k
		if vals != nil {
			w.vals[i] = vals[j]
		}
		w.used = append(w.used, i)
	}
}

// lookupOrAdd returns the value of k (non-zero) and true, or adds k with value v
// and returns v and false.
func (w *wordMap) lookupOrAdd(k uint64, v int32) (int32, bool) {
	if w.vals == nil {
		w.vals = make([]int32, len(w.keys))
	}
	w.room()
	i, ok := w.find(k)
	if ok {
		return w.vals[i], true
	}
	w.keys[i], w.vals[i] = k, v
	w.used = append(w.used, i)
	return v, false
}

// wordSet is a set of non-zero words: a wordMap without values.
type wordSet struct{ m wordMap }

// reset empties the set, keeping its slots.
func (w *wordSet) reset() { w.m.reset() }

// insert adds x (non-zero) and reports whether it was new.
func (w *wordSet) insert(x uint64) bool {
	w.m.room()
	i, ok := w.m.find(x)
	if !ok {
		w.m.keys[i] = x
		w.m.used = append(w.m.used, i)
	}
	return !ok
}
