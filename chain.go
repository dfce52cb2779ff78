package pacosako

import "slices"

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
	depth  int32  // number of actions from the root
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
	simple  []simpleMoves // count mode: moves counted but not built
	indexed int           // results[:indexed] are in found
	legal   []bool        // SakoIllegal: which results stay
	visited stateSet      // indexes into nodes
	found   stateSet      // indexes into results
}

// searcherFree keeps searchers for reuse. It is a bounded free list rather than a
// sync.Pool because a pool is emptied by the garbage collector, and a batch run
// (perft over many positions) would then rebuild every buffer after each collection.
var searcherFree = make(chan *searcher, 16)

// maxKeptStates bounds the buffers a searcher keeps for reuse (about 2.5 MB each).
const maxKeptStates = 1 << 14

func getSearcher() *searcher {
	select {
	case s := <-searcherFree:
		return s
	default:
		return new(searcher)
	}
}

func putSearcher(s *searcher) {
	if cap(s.nodes) > maxKeptStates || cap(s.results) > maxKeptStates {
		return // do not keep the buffers of a pathological search
	}
	select {
	case searcherFree <- s:
	default:
	}
}

// search enumerates the moves of root. If emit is not nil it is called for every
// new settled state as soon as it is found (in order of path length); returning
// false stops the search. After search returns, s.results holds every settled state
// found.
//
// Places straight after a lift that cannot start a chain (simpleTargets) end in
// distinct positions, so they are added without hashing; they are entered into the
// de-duplication set only when another kind of result appears that might equal one.
func (s *searcher) search(root *Position, emit func(s *searcher, i int) bool) {
	if root.rules.switches&SakoIllegal != 0 && emit != nil {
		// Whether a move is legal depends on all the others: find them all first.
		s.search(root, nil)
		for i := range s.results {
			if !emit(s, i) {
				return
			}
		}
		return
	}
	s.start(root)
	if root.res.IsOver() {
		return
	}
	defer s.sakoFilter(root)
	turn := root.turn
	liftRoot := root.step == RequireLift
	for i := 0; i < len(s.nodes); i++ {
		acts := s.nodes[i].pos.actions()
		var simple Bitboard
		if liftRoot && s.nodes[i].depth == 1 {
			simple = s.nodes[i].pos.simpleTargets(acts.squares)
		}
		for a := range acts.All() {
			var added bool
			if a.Kind == PlaceKind && simple.Has(a.Square) {
				added = s.addSimple(i, a)
			} else {
				added = s.expand(i, a, turn)
			}
			if added && emit != nil && !emit(s, len(s.results)-1) {
				return
			}
		}
	}
}

// start resets the buffers and makes root the first node.
func (s *searcher) start(root *Position) {
	s.nodes = s.nodes[:0]
	s.results = s.results[:0]
	s.simple = s.simple[:0]
	s.indexed = 0
	s.visited.reset()
	s.found.reset()
	s.nodes = append(s.nodes, node{pos: *root, parent: -1})
	s.visited.insert(root.hash(), 0)
}

// addSimple adds the result of a simple place (see search) without de-duplication,
// unless some other kind of result was found already: it might equal this one.
func (s *searcher) addSimple(i int, a Action) bool {
	if s.indexed > 0 {
		return s.expand(i, a, s.nodes[0].pos.turn)
	}
	n := len(s.results)
	s.results = slices.Grow(s.results, 1)[:n+1]
	r := &s.results[n]
	r.pos = s.nodes[i].pos
	r.pos.apply(a)
	r.parent, r.act = int32(i), a
	return true
}

// index enters every result not yet in the de-duplication set.
func (s *searcher) index() {
	for ; s.indexed < len(s.results); s.indexed++ {
		s.found.insert(s.results[s.indexed].pos.hash(), int32(s.indexed))
	}
}

// expand plays action a from node i. A settled result is added to s.results unless
// an equal one is there (then expand returns false); an unsettled state becomes a
// new node unless it was seen before. It returns true when a new result was added.
// The child is built in place at the end of the list it most likely joins, to copy
// the position only once.
func (s *searcher) expand(i int, a Action, turn Color) bool {
	n := len(s.results)
	if n == cap(s.results) {
		s.results = slices.Grow(s.results, 1)
	}
	s.results = s.results[:n+1]
	r := &s.results[n]
	r.pos = s.nodes[i].pos
	r.pos.apply(a)
	h := r.pos.hash()
	if r.pos.turn != turn || r.pos.res.IsOver() {
		if s.indexed < n {
			s.results = s.results[:n]
			s.index()
			s.results = s.results[:n+1]
		}
		if s.found.findResult(h, s.results, &r.pos) {
			s.results = s.results[:n]
			return false
		}
		r.parent, r.act = int32(i), a
		s.found.insert(h, int32(n))
		s.indexed = n + 1
		return true
	}
	s.results = s.results[:n]
	if s.visited.findNode(h, s.nodes, &r.pos) {
		return false
	}
	s.visited.insert(h, int32(len(s.nodes)))
	s.nodes = append(s.nodes, node{pos: r.pos, parent: int32(i), depth: s.nodes[i].depth + 1, act: a})
	return false
}

// sakoFilter applies SakoIllegal (Rulebook, catalogue §6.3) to the results of a
// search from root: a move after which the mover's king is in Ŝako is dropped unless
// it wins at once; if that would drop every move, all stay. The order is kept.
func (s *searcher) sakoFilter(root *Position) {
	if root.rules.switches&SakoIllegal == 0 || len(s.results) == 0 {
		return
	}
	mover := root.turn
	s.legal = s.legal[:0]
	kept := 0
	for i := range s.results {
		r := &s.results[i].pos
		ok := r.res.Outcome().Termination == Paco || !r.InSako(mover)
		s.legal = append(s.legal, ok)
		if ok {
			kept++
		}
	}
	if kept == 0 || kept == len(s.results) {
		return
	}
	n := 0
	for i := range s.results {
		if s.legal[i] {
			s.results[n] = s.results[i]
			n++
		}
	}
	s.results = s.results[:n]
}

// simpleMoves records the place targets of one lifted piece that end the move at
// once and can be told apart from every other move without building them.
type simpleMoves struct {
	node    int32
	targets Bitboard
}

// count returns the number of moves of root (perft depth 1) without building the
// moves that need no de-duplication. A place straight after a lift that forms no
// chain (no union on the target, no en passant, no promotion to choose) ends the
// move, and two such moves always differ (the lifted square is emptied and the
// target filled), so they are counted per lifted piece with a popcount. Only if a
// chain, a promotion or a castle produces a settled state are they built, to look
// them up among those results: a chain may end exactly where a simple move does
// (catalogue vector C3). The set of moves counted is the same as search's.
func (s *searcher) count(root *Position) int {
	if root.step != RequireLift || root.res.IsOver() || root.rules.switches&SakoIllegal != 0 {
		s.search(root, nil)
		return len(s.results)
	}
	s.start(root)
	turn := root.turn
	simple := 0
	for sq := range root.liftable().All() {
		s.nodes = append(s.nodes, node{pos: *root, parent: 0, depth: 1, act: Lift(sq)})
		s.nodes[len(s.nodes)-1].pos.lift(sq)
	}
	lifts := len(s.nodes)
	for i := 1; i < len(s.nodes); i++ {
		acts := s.nodes[i].pos.actions()
		if i < lifts {
			m := s.nodes[i].pos.simpleTargets(acts.squares)
			acts.squares &^= m
			simple += m.Count()
			s.simple = append(s.simple, simpleMoves{node: int32(i), targets: m})
		}
		for a := range acts.All() {
			s.expand(i, a, turn)
		}
	}
	if len(s.results) == 0 {
		return simple
	}
	// Simple moves are distinct from each other, and results from each other; remove
	// the simple moves that some chain or promotion also reached.
	if 2*simple <= len(s.results) {
		return simple + len(s.results) - s.simpleDuplicatesByLookup()
	}
	return simple + len(s.results) - s.simpleDuplicates()
}

// simpleDuplicatesByLookup counts the results of count's search that equal one of
// its simple moves by building each simple move and looking it up: the cheaper way when
// the simple moves are few and the results many.
func (s *searcher) simpleDuplicatesByLookup() int {
	dup := 0
	var child Position
	for _, sm := range s.simple {
		for t := range sm.targets.All() {
			child = s.nodes[sm.node].pos
			child.place(t)
			if s.found.findResult(child.hash(), s.results, &child) {
				dup++
			}
		}
	}
	return dup
}

// simpleDuplicates counts the results of count's search that equal one of its
// simple moves, the other way round: a simple move from square f to t leaves f as the only square that
// was occupied and is now empty, and fills at most t; most chain results fail that
// test on occupancy alone, so only the few that pass are compared in full.
func (s *searcher) simpleDuplicates() int {
	root := &s.nodes[0].pos
	occ := root.board.Occupied()
	dup := 0
	var child Position
	for i := range s.results {
		r := &s.results[i].pos
		rocc := r.board.Occupied()
		vac := occ &^ rocc
		if vac == 0 || vac&(vac-1) != 0 {
			continue
		}
		add := rocc &^ occ
		if add&(add-1) != 0 {
			continue
		}
		from := vac.First()
		for _, sm := range s.simple {
			if s.nodes[sm.node].act.Square != from {
				continue
			}
			cands := sm.targets & occ
			if add != 0 {
				cands = sm.targets & add
			}
			for t := range cands.All() {
				if r.board.cells[t] == root.board.cells[t] {
					continue
				}
				child = s.nodes[sm.node].pos
				child.place(t)
				if sameState(&child, r) {
					dup++
					break
				}
			}
			break
		}
	}
	return dup
}

// simpleTargets returns the subset of the place targets t of a freshly lifted hand
// whose place ends the move with nothing left to choose: a lone piece onto an empty
// square or a lone enemy piece (not the en passant square, not a pawn's last rank),
// a union onto any target except an own pawn's last rank (or, under
// MoverPromotesCarried, the carried pawn's), and a king step that is not a castling
// target (nor, under KingUnions, onto a union).
func (p *Position) simpleTargets(t Bitboard) Bitboard {
	us := p.turn
	lastRank := rank1BB << (8 * us.promotionRank())
	switch {
	case p.handOwn == King && p.handPart == NoRole:
		// A castle can end exactly where a king step does (Fischer-random rights,
		// or a right whose rook is missing), so castling targets need the set.
		for i := 2 * int(us); i < 2*int(us)+2; i++ {
			if p.castling.opt[i] != 0 {
				t &^= p.castling.rule(i).placeTarget.bit()
			}
		}
		if p.rules.switches&KingUnions != 0 {
			t &^= p.board.Unions() // a king entering a union starts a chain
		}
		return t
	case p.handPart != NoRole:
		if p.handOwn == Pawn {
			t &^= lastRank
		}
		if p.handPart == Pawn && p.rules.switches&MoverPromotesCarried != 0 {
			t &^= rank1BB << (8 * us.Other().promotionRank()) // the mover promotes it
		}
		return t
	}
	t &^= p.board.Unions()
	if p.handOwn == Pawn {
		t &^= lastRank
		if p.ep1 != 0 {
			t &^= Square(p.ep1 - 1).bit()
		}
	}
	return t
}

// pathLen returns the number of actions from the root to result i.
func (s *searcher) pathLen(i int) int { return int(s.nodes[s.results[i].parent].depth) + 1 }

// appendPath appends the actions from the root to result i to dst.
func (s *searcher) appendPath(dst []Action, i int) []Action {
	n := s.pathLen(i)
	dst = slices.Grow(dst, n)[:len(dst)+n]
	k := len(dst) - 1
	dst[k] = s.results[i].act
	for j := s.results[i].parent; s.nodes[j].parent >= 0; j = s.nodes[j].parent {
		k--
		dst[k] = s.nodes[j].act
	}
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
