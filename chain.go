package pacosako

import "sync"

// Chain search: the breadth-first search over in-move states that turns the
// action-level state machine into complete moves (catalogue §4.4, the engine's
// determine_all_moves). Every state reached by one action is expanded once; a state
// in which the turn has passed or the game has ended is settled, and each distinct
// settled state is one move. Because the search is breadth-first over actions, the
// first path that reaches a settled state is a shortest one. Paths into dead ends
// never settle and so never become moves; loops end because states repeat.

// node is one unsettled state of the search and how it was reached.
type node struct {
	pos    Position
	parent int32  // index of the previous node, -1 for the root
	act    Action // the action that led here from parent
}

// settled is one distinct settled state: a move.
type settled struct {
	pos    Position
	parent int32  // node the last action was played from
	act    Action // the last action of the move
}

// searcher holds the buffers of one search; it is reused through a sync.Pool so
// that enumeration does not allocate per move.
type searcher struct {
	nodes   []node
	results []settled
	visited stateSet // indexes into nodes
	found   stateSet // indexes into results
}

var searcherPool = sync.Pool{New: func() any { return new(searcher) }}

func getSearcher() *searcher { return searcherPool.Get().(*searcher) }

func putSearcher(s *searcher) {
	if cap(s.nodes) > 1<<16 { // do not keep the buffers of a pathological search
		*s = searcher{}
	}
	searcherPool.Put(s)
}

// search enumerates the moves of root. If emit is not nil it is called for every
// new settled state as soon as it is found (in order of path length); returning
// false stops the search. After search returns, s.results holds every settled state
// found.
func (s *searcher) search(root *Position, emit func(s *searcher, i int) bool) {
	s.nodes = s.nodes[:0]
	s.results = s.results[:0]
	s.visited.reset()
	s.found.reset()
	if root.outcome.IsOver() {
		return
	}
	turn := root.turn
	s.nodes = append(s.nodes, node{pos: *root, parent: -1})
	s.visited.insert(root.hash(), 0)
	var child Position
	for i := 0; i < len(s.nodes); i++ {
		acts := s.nodes[i].pos.actions()
		for a := range acts.All() {
			child = s.nodes[i].pos
			child.apply(a)
			h := child.hash()
			if child.turn != turn || child.outcome.IsOver() {
				if s.found.lookup(h, func(j int32) bool { return sameState(&s.results[j].pos, &child) }) >= 0 {
					continue
				}
				s.found.insert(h, int32(len(s.results)))
				s.results = append(s.results, settled{pos: child, parent: int32(i), act: a})
				if emit != nil && !emit(s, len(s.results)-1) {
					return
				}
				continue
			}
			if s.visited.lookup(h, func(j int32) bool { return sameState(&s.nodes[j].pos, &child) }) >= 0 {
				continue
			}
			s.visited.insert(h, int32(len(s.nodes)))
			s.nodes = append(s.nodes, node{pos: child, parent: int32(i), act: a})
		}
	}
}

// pathLen returns the number of actions from the root to result i.
func (s *searcher) pathLen(i int) int {
	n := 1
	for j := s.results[i].parent; s.nodes[j].parent >= 0; j = s.nodes[j].parent {
		n++
	}
	return n
}

// appendPath appends the actions from the root to result i to dst.
func (s *searcher) appendPath(dst []Action, i int) []Action {
	n := s.pathLen(i)
	start := len(dst)
	for k := 0; k < n; k++ {
		dst = append(dst, Action{})
	}
	k := len(dst) - 1
	dst[k] = s.results[i].act
	for j := s.results[i].parent; s.nodes[j].parent >= 0; j = s.nodes[j].parent {
		k--
		dst[k] = s.nodes[j].act
	}
	_ = start
	return dst
}

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
