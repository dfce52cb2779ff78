package pacosako

import (
	"slices"
	"sync"
)

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
	c      int32  // collect: 1 + the index of its compact state (compactchains.go), 0 for pos
}

// settled is one distinct settled state: a move.
type settled struct {
	pos    Position
	parent int32  // node the last action was played from
	act    Action // the last action of the move
}

// searcher holds the buffers of one search; it is reused through a free list so
// that enumeration does not allocate per move.
//
// The count search (count) keeps its first wholeMax in-move states whole in nodes,
// as search does, and the others packed (packedState) in chunks, and its results
// in found's slots alone: the largest searches hold tens of millions of states,
// and at 144 bytes a Position they needed 17 GB, while small searches, the
// common case, would only pay for packing.
type searcher struct {
	nodes             []node
	results           []settled
	simple            []simpleMoves       // count mode: moves counted but not built
	packed            chunks[packedState] // count mode: the in-move states after nodes
	pk                packer              // count mode: packs them relative to the root
	lifted            []Square            // count mode: the square lifted by state i+1
	keys              []resultKey         // count mode: the first results, for simpleDuplicates
	cur, child        Position            // count mode: a packed state unpacked, a child
	childPacked       packedState         // count mode: child, packed
	base              Position            // count mode: packed state baseIdx, unpacked by rebuild
	baseIdx           int                 // count mode: the state base holds, -1 for none
	mkeys             []moveKey           // collect: the settled states, in found
	npath             []Action            // collect: the action paths of the nodes
	noff              []int32             // collect: where node i's path starts in npath
	simpleFrom        [64]Bitboard        // collect: the simple targets by lifted square
	liftable          Bitboard            // collect: the pieces with a move
	cm                compactChains       // collect: the compact chains of the root
	cnodes            []compactNode       // collect: the compact states of nodes
	cvisited          wordSet             // collect: the compact states seen
	cgroupOf          wordMap             // collect: the compact results' groups by key
	cgroups           []resultGroup       // collect: the compact results found, by group
	scratch, scratch2 Position
	lim               *bounds   // nil: unbounded (see Limits)
	onlyLifts         Bitboard  // run: lift only these squares (0: every square); see eachMoveFrom
	target            *Position // run: the settled state sought, nil for none; see eachMoveTo
	targetHash        uint64    // run, with target: its hash()
	maxDepth          int32     // run, with target: the longest path to it sought
	wholeMax          int       // count mode: how many states are kept whole
	packLimit         int       // count mode: the most changed squares a packed state holds
	keyBound          int       // count mode: how many results keys keeps
	indexed           int       // results[:indexed] are in found
	legal             []bool    // SakoIllegal: which results stay
	visited           stateSet  // indexes into nodes (count mode: into packed)
	found             stateSet  // indexes into results (count mode: parent and last action)
}

// searcherFree keeps up to maxFreeSearchers searchers for reuse. It is a bounded
// free list rather than a sync.Pool because a pool is emptied by the garbage
// collector, and a batch run (perft over many positions) would then rebuild every
// buffer after each collection. It is a stack: the searcher put back last, whose
// buffers and hash sets have grown to the work at hand and are warm in the cache,
// is the next one taken (a queue would hand out each of the others first).
var searcherFree struct {
	sync.Mutex
	list []*searcher
}

// maxFreeSearchers bounds searcherFree.
const maxFreeSearchers = 16

// maxKeptStates bounds the buffers a searcher keeps for reuse (about 2.5 MB each).
const maxKeptStates = 1 << 14

// maxKeptSlots bounds the hash sets a searcher keeps for reuse (768 KB each).
const maxKeptSlots = 4 * maxKeptStates

func getSearcher() *searcher {
	searcherFree.Lock()
	if n := len(searcherFree.list); n > 0 {
		s := searcherFree.list[n-1]
		searcherFree.list[n-1] = nil
		searcherFree.list = searcherFree.list[:n-1]
		searcherFree.Unlock()
		return s
	}
	searcherFree.Unlock()
	return newSearcher()
}

// newSearcher returns a searcher whose buffers have room for initialStates states.
// Reserving them at once instead of growing by doubling saves the copies, and the
// first-touch page faults of the arrays left behind, which dominate a short process
// (a perft over a file of positions); untouched capacity costs no memory.
func newSearcher() *searcher {
	return &searcher{
		nodes:     make([]node, 0, initialStates),
		results:   make([]settled, 0, initialStates),
		mkeys:     make([]moveKey, 0, initialStates),
		noff:      make([]int32, 0, initialStates),
		npath:     make([]Action, 0, 4*initialStates),
		wholeMax:  initialStates,
		packLimit: packedCells,
	}
}

// initialStates is the capacity of a new searcher's state buffers.
const initialStates = 1 << 12

func putSearcher(s *searcher) {
	s.lim = nil
	s.onlyLifts = 0
	s.target = nil
	if cap(s.nodes) > maxKeptStates || cap(s.results) > maxKeptStates || cap(s.mkeys) > maxKeptStates ||
		cap(s.npath) > 16*maxKeptStates || s.packed.len() > maxKeptStates || cap(s.pk.overflow) > maxKeptStates ||
		len(s.visited.slots) > maxKeptSlots || len(s.found.slots) > maxKeptSlots {
		return // do not keep the buffers of a pathological search
	}
	searcherFree.Lock()
	if len(searcherFree.list) < maxFreeSearchers {
		searcherFree.list = append(searcherFree.list, s)
	}
	searcherFree.Unlock()
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
		s.searchSakoLazy(root, emit)
		return
	}
	defer s.sakoFilter(root)
	s.run(root, emit)
}

// searchSakoLazy is search with emit under SakoIllegal, where whether a move is
// legal can depend on all the others (sakoFilter): a move that wins or leaves the
// mover's king out of Ŝako is legal whatever the others are and is emitted at once;
// the others are held back and emitted, in the order found, only if the search ends
// without any such move. The order is that of Moves. s.results is left unfiltered.
func (s *searcher) searchSakoLazy(root *Position, emit func(s *searcher, i int) bool) {
	var held []int32
	anyAcceptable, stopped := false, false
	s.run(root, func(s *searcher, i int) bool {
		ok := s.results[i].pos.res.Outcome().Termination == Paco || !s.results[i].pos.givesSakoWithin(root.turn.Other(), s.lim) // as sakoFilter
		switch {
		case s.lim.failed():
			stopped = true
			return false
		case ok:
			anyAcceptable = true
			if !emit(s, i) {
				stopped = true
				return false
			}
		case !anyAcceptable:
			held = append(held, int32(i))
		}
		return true
	})
	if stopped || anyAcceptable || s.lim.failed() {
		return
	}
	for _, i := range held {
		if !emit(s, int(i)) {
			return
		}
	}
}

// run is the search itself, without the Ŝako rule's filter.
func (s *searcher) run(root *Position, emit func(s *searcher, i int) bool) {
	s.start(root)
	if root.res.IsOver() {
		return
	}
	turn := root.turn
	liftRoot := root.step == requireLift
	for i := 0; i < len(s.nodes); i++ {
		if s.lim != nil && s.lim.exceeded(len(s.nodes)+len(s.results)) {
			return
		}
		acts := s.nodes[i].pos.actionsWithin(s.lim)
		var simple Bitboard
		if liftRoot && s.nodes[i].depth == 1 {
			simple = s.nodes[i].pos.simpleTargets(acts.squares)
		}
		if s.target != nil && acts.kind == PlaceKind {
			acts.squares = s.placesThatMayReach(&s.nodes[i], acts.squares)
		}
		// The actions in acts.All()'s order, without its iterator: a range over
		// a function allocates its closures on older compilers (Go 1.23), and
		// this loop runs at every node.
		for sqs := acts.squares; sqs != 0; sqs &= sqs - 1 {
			a := Action{Kind: acts.kind, Square: sqs.First()}
			if s.onlyLifts != 0 && a.Kind == LiftKind && !s.onlyLifts.Has(a.Square) {
				continue
			}
			if !s.act(i, a, simple, turn, emit) {
				return
			}
		}
		for _, r := range promotionRoles {
			if acts.roles&(1<<r) != 0 && !s.act(i, Promote(r), simple, turn, emit) {
				return
			}
		}
	}
}

// act takes action a at node i (a place on a square of simple as a simple
// move) and reports whether the search goes on: false when emit stops it.
func (s *searcher) act(i int, a Action, simple Bitboard, turn Color, emit func(s *searcher, i int) bool) bool {
	var added bool
	if a.Kind == PlaceKind && simple.Has(a.Square) {
		added = s.addSimple(i, a)
	} else {
		added = s.expand(i, a, turn)
	}
	return !added || emit == nil || emit(s, len(s.results)-1)
}

// start resets the buffers and makes root the first node.
func (s *searcher) start(root *Position) {
	s.nodes = s.nodes[:0]
	s.results = s.results[:0]
	s.simple = s.simple[:0]
	s.indexed = 0
	s.visited.reset()
	s.found.reset()
	s.pushNode(root, -1, 0, Action{})
	s.visited.insert(root.hash(), 0)
}

// pushNode appends the node of position p reached from node parent by act,
// depth actions from the root, written in place (a composite literal of a node
// is built aside and copied).
func (s *searcher) pushNode(p *Position, parent, depth int32, act Action) {
	n := len(s.nodes)
	s.nodes = slices.Grow(s.nodes, 1)[:n+1]
	nd := &s.nodes[n]
	nd.pos, nd.parent, nd.depth, nd.act, nd.c = *p, parent, depth, act, 0
}

// addSimple adds the result of a simple place (see search) without de-duplication,
// unless some other kind of result was found already: it might equal this one.
func (s *searcher) addSimple(i int, a Action) bool {
	if s.indexed > 0 || s.target != nil {
		return s.expand(i, a, s.nodes[0].pos.turn) // (target: only it is kept)
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
		if s.target != nil && (h != s.targetHash || !sameState(&r.pos, s.target)) || s.found.findResult(h, s.results, &r.pos) {
			s.results = s.results[:n] // (target: only it is sought, see eachMoveTo)
			return false
		}
		r.parent, r.act = int32(i), a
		s.found.insert(h, int32(n))
		s.indexed = n + 1
		return true
	}
	s.results = s.results[:n]
	if s.target != nil && !s.mayReach(&r.pos, s.nodes[i].depth+1) {
		return false // target: no path through this state is short enough (see eachMoveTo)
	}
	if s.visited.findNode(h, s.nodes, &r.pos) {
		return false
	}
	s.visited.insert(h, int32(len(s.nodes)))
	s.pushNode(&r.pos, int32(i), s.nodes[i].depth+1, a)
	return false
}

// placesThatMayReach returns the place targets of node n, among targets, after
// which a path of s.maxDepth actions in all could still reach s.target: the
// squares where n differs from it, one more or one fewer for the square placed
// on (mayReach's count, made before the place is played).
func (s *searcher) placesThatMayReach(n *node, targets Bitboard) Bitboard {
	q, t := &n.pos, &s.target.board.cells
	if q.handPart != NoRole {
		return targets // a union's place moves both pieces: see mayReach
	}
	left := s.maxDepth - n.depth - 1 - int32(changedSquares(&q.board.cells, t).Count())
	if left >= 1 {
		return targets // any place still may
	}
	shift := 4 * uint8(q.turn)
	var out Bitboard
	for b := targets; b != 0; b &= b - 1 { // no iterator: see run
		sq := b.First()
		cell := q.board.cells[sq]
		placed := cell&^(15<<shift) | uint8(q.handOwn)<<shift
		d := int32(0)
		if cell != t[sq] {
			d--
		}
		if placed != t[sq] {
			d++
		}
		if d <= left {
			out |= sq.bit()
		}
	}
	return out
}

// mayReach reports whether a path of at most s.maxDepth actions could lead from
// q, an in-move state depth actions from the root, to s.target, when every
// action changes at most one square (eachMoveTo): each square where the two
// differ needs an action, and the own pieces on those squares and in the hand
// must be the target's there, since a chain only moves the mover's pieces
// between the hand and the board — except that a pawn may promote (an action of
// its own) into a knight, bishop, rook or queen.
func (s *searcher) mayReach(q *Position, depth int32) bool {
	t := s.target
	diff := changedSquares(&q.board.cells, &t.board.cells)
	var need [King + 1]int8 // the target's own roles on those squares less q's, less the hand
	us := q.turn
	for sq := range diff.All() {
		need[t.board.roleAt(us, sq)]++
		need[q.board.roleAt(us, sq)]--
	}
	need[q.handOwn]--
	promotions := int32(-need[Pawn])
	if need[King] != 0 || promotions < 0 || need[Knight] < 0 || need[Bishop] < 0 || need[Rook] < 0 || need[Queen] < 0 ||
		int32(need[Knight]+need[Bishop]+need[Rook]+need[Queen]) != promotions {
		return false
	}
	return depth+int32(diff.Count()) <= s.maxDepth
}

// sakoFilter applies SakoIllegal (Rulebook, catalogue §6.3) to the results of a
// search from root: a move after which the mover's king is in Ŝako is dropped unless
// it wins at once; if that would drop every move, all stay. The order is kept.
func (s *searcher) sakoFilter(root *Position) {
	if root.rules.switches&SakoIllegal == 0 || len(s.results) == 0 || s.lim.failed() {
		return
	}
	mover := root.turn
	s.legal = s.legal[:0]
	kept := 0
	for i := range s.results {
		r := &s.results[i].pos
		ok := r.res.Outcome().Termination == Paco || !r.givesSakoWithin(mover.Other(), s.lim) // see sakoAcceptable
		if s.lim.failed() {
			return
		}
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

// simpleMoves records the place targets of one liftable piece that end the move at
// once and can be told apart from every other move without building them.
type simpleMoves struct {
	from    Square
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
	if root.step != requireLift || root.res.IsOver() || root.rules.switches&SakoIllegal != 0 {
		s.search(root, nil)
		return len(s.results)
	}
	s.startCount(root)
	turn := root.turn
	// The lifts: a piece whose place targets are all simple is counted from the root
	// without building its lifted state (see liftTargets).
	simple := 0
	us := root.turn
	occ := root.board.occupied()
	them := root.board.byColor[us.Other()]
	for sq := range root.board.byColor[us].All() {
		r, part, t := root.liftTargets(sq, occ, them)
		if t == 0 {
			continue
		}
		m := root.simpleTargetsFor(r, part, t)
		simple += m.Count()
		s.simple = append(s.simple, simpleMoves{from: sq, targets: m})
		if r == King || t&^m != 0 {
			c := &s.child
			*c = *root
			c.lift(sq)
			s.keepState(c)
			s.lifted = append(s.lifted, sq)
		}
	}
	s.keyBound = 2 * simple
	lifts := s.countStates()
	for i := 1; i < s.countStates(); i++ {
		if s.lim != nil && s.lim.exceeded(s.countStates()+s.found.n) {
			return 0
		}
		cur := s.countState(i)
		acts := cur.actionsWithin(s.lim)
		if i < lifts {
			acts.squares &^= s.simpleOf(s.lifted[i-1])
		}
		if acts.kind == PlaceKind {
			if fast := cur.finalPlaces(acts.squares); fast != 0 {
				acts.squares &^= fast
				s.addFinalPlaces(i, cur, fast)
			}
		}
		for a := range acts.All() {
			s.expandCount(i, cur, a, turn)
		}
	}
	n := s.found.n
	if n == 0 {
		return simple
	}
	// Simple moves are distinct from each other, and results from each other; remove
	// the simple moves that some chain or promotion also reached.
	if 2*simple <= n {
		return simple + n - s.simpleDuplicatesByLookup()
	}
	return simple + n - s.simpleDuplicates()
}

// startCount resets the count search's buffers and makes root its first state.
func (s *searcher) startCount(root *Position) {
	s.simple = s.simple[:0]
	s.lifted = s.lifted[:0]
	s.keys = s.keys[:0]
	s.nodes = s.nodes[:0]
	s.packed.reset()
	s.pk.reset(root, s.packLimit)
	s.visited.reset()
	s.found.reset()
	s.cur, s.base, s.baseIdx = *root, *root, -1
	s.visited.insert(root.hash(), 0)
	s.keepState(root)
}

// countStates returns the number of in-move states of count's search: states
// below len(s.nodes) are whole, the others packed.
func (s *searcher) countStates() int { return len(s.nodes) + s.packed.len() }

// countState returns in-move state i of count's search, unpacked into s.cur if it
// is packed (over the state unpacked before, often a sibling).
func (s *searcher) countState(i int) *Position {
	if i < len(s.nodes) {
		return &s.nodes[i].pos
	}
	s.pk.unpack(s.packed.at(i-len(s.nodes)), &s.cur)
	return &s.cur
}

// keepState adds p as the next in-move state of count's search.
func (s *searcher) keepState(p *Position) {
	if s.packed.len() == 0 && len(s.nodes) < s.wholeMax {
		s.pushNode(p, 0, 0, Action{})
		return
	}
	s.pk.pack(p, s.packed.push())
}

// simpleOf returns the simple targets recorded for the piece on from.
func (s *searcher) simpleOf(from Square) Bitboard {
	for _, sm := range s.simple {
		if sm.from == from {
			return sm.targets
		}
	}
	return 0
}

// resultKey is a settled state of count's search, kept for simpleDuplicates: the
// position is rebuilt from its parent state and last action, and occ is its
// board's occupancy. Only the first keyBound results are kept: with more,
// simpleDuplicatesByLookup is the one used, and found's slots hold every result.
type resultKey struct {
	occ    Bitboard
	parent int32
	act    Action
}

// rebuild sets p to the settled state reached by act from in-move state parent.
// A packed parent is unpacked into s.base, over the previous one: consecutive
// lookups often share it or come from a nearby state.
func (s *searcher) rebuild(p *Position, parent int32, act Action) {
	switch i := int(parent); {
	case i < len(s.nodes):
		*p = s.nodes[i].pos
	case i == s.baseIdx:
		*p = s.base
	default:
		s.pk.unpack(s.packed.at(i-len(s.nodes)), &s.base)
		s.baseIdx = i
		*p = s.base
	}
	p.apply(act)
}

// addKey records a new result of count's search: the state reached by a from
// in-move state i, with hash h and occupancy occ.
func (s *searcher) addKey(h uint64, i int, a Action, occ Bitboard) {
	s.found.insertAux(h, int32(i), packAction(a))
	if len(s.keys) < s.keyBound {
		s.keys = append(s.keys, resultKey{occ: occ, parent: int32(i), act: a})
	}
}

// expandCount is expand for count, playing a from in-move state i, cur: settled
// results are kept as their parent and last action, not positions, since only
// their number is wanted; equal hashes are confirmed on rebuilt states. A child
// that will be kept whole is built in place at the end of nodes, to copy it once.
func (s *searcher) expandCount(i int, cur *Position, a Action, turn Color) {
	n := len(s.nodes)
	whole := s.packed.len() == 0 && n < s.wholeMax
	c := &s.child
	if whole {
		if n == cap(s.nodes) {
			s.nodes = slices.Grow(s.nodes, 1)
		}
		c = &s.nodes[:n+1][n].pos
	}
	*c = *cur
	c.apply(a)
	h := c.hash()
	if c.turn != turn || c.res.IsOver() {
		if !s.findKey(h, c) {
			s.addKey(h, i, a, c.board.occupied())
		}
		return
	}
	ps := &s.childPacked
	small := !whole && s.pk.packSmall(c, ps)
	if s.findState(h, c, ps, small) {
		return
	}
	s.visited.insert(h, int32(s.countStates()))
	switch {
	case whole:
		s.nodes = s.nodes[:n+1]
	case small:
		*s.packed.push() = *ps
	default:
		s.pk.packWhole(c, s.packed.push())
	}
}

// findState reports whether count's in-move states hold one equal to p under hash
// h; ps is p packed if small is true. Packed states are compared as they are,
// without unpacking.
func (s *searcher) findState(h uint64, p *Position, ps *packedState, small bool) bool {
	t := &s.visited
	f := fragment(h)
	for k := t.home(f); ; k = t.next(k) {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return false
		}
		if sl.frag != f {
			continue
		}
		if int(sl.idx) < len(s.nodes) {
			if sameState(&s.nodes[sl.idx].pos, p) {
				return true
			}
			continue
		}
		// A state is packed whole exactly when it changes more squares than the
		// packer holds, so a small state never equals a whole one.
		q := s.packed.at(int(sl.idx) - len(s.nodes))
		switch {
		case small != (q.step != overflowStep):
		case small:
			if samePacked(q, ps) {
				return true
			}
		case sameState(&s.pk.overflow[q.changed], p):
			return true
		}
	}
}

// finalPlaces returns the subset of the place targets t of an in-move state whose
// place ends the move with a change the hash can follow without playing it: a lone
// piece (not a king) of the mover, under rules without switches, onto an empty
// square or a lone enemy piece — not onto an own piece (a takeover), not a pawn onto
// its last rank or by en passant — while no enemy pawn stands on a last rank (which
// would owe a promotion after the move).
func (p *Position) finalPlaces(t Bitboard) Bitboard {
	if p.rules.switches != 0 || p.step != requirePlace || p.handPart != NoRole ||
		p.handOwn == King || p.board.pawns[p.turn.Other()]&(rank1BB|rank8BB) != 0 {
		return 0
	}
	t &^= p.board.byColor[p.turn]
	if p.handOwn == Pawn {
		t &^= rank1BB << (8 * p.turn.promotionRank())
		if p.ep1 != 0 {
			t &^= Square(p.ep1 - 1).bit()
		}
	}
	return t
}

// finalPlaceBase returns the hash of the state after a final place (finalPlaces)
// of the hand, without the placed piece and the en passant square of a double
// step: the hand goes, the turn passes, the step becomes Lift.
func (p *Position) finalPlaceBase() uint64 {
	return p.hash() ^ zobrist.hand[p.turn][p.handOwn&7][0][p.handSq&63] ^ zobrist.turn ^
		zobrist.step[requirePlace] ^ zobrist.step[requireLift] ^ zobrist.ep[p.epSquare()]
}

// finalPlaceHash returns the hash of the state after the final place of the hand
// onto t, from base (finalPlaceBase): the piece on t, and the en passant square a
// double step sets.
func (p *Position) finalPlaceHash(base uint64, t Square) uint64 {
	ep := NoSquare
	if ds := p.doubleStep(p.handOwn, p.handSq, t); ds != 0 {
		ep = Square(ds - 1)
	}
	return base ^ zobrist.piece[p.turn][p.handOwn][t] ^ zobrist.ep[ep]
}

// addFinalPlaces counts the places of in-move state i, p, onto the squares fast (see
// finalPlaces), computing each result's hash from the node's: the hand goes onto
// the board, the turn passes, the step becomes Lift and the en passant square is
// the one a double step sets. A state is built only when its hash matches one
// already found.
func (s *searcher) addFinalPlaces(i int, p *Position, fast Bitboard) {
	base := p.finalPlaceBase()
	occ := p.board.occupied()
	for t := range fast.All() {
		h := p.finalPlaceHash(base, t)
		a := Place(t)
		if s.found.hasHash(h) {
			c := &s.scratch
			*c = *p
			c.apply(a)
			if s.findKey(h, c) {
				continue
			}
		}
		s.addKey(h, i, a, occ|t.bit())
	}
}

// findKey reports whether count's results hold a state equal to p under hash h.
func (s *searcher) findKey(h uint64, p *Position) bool {
	t := &s.found
	f := fragment(h)
	for k := t.home(f); ; k = t.next(k) {
		sl := &t.slots[k]
		if sl.epoch != t.epoch {
			return false
		}
		if sl.frag == f {
			s.rebuild(&s.scratch2, sl.idx, unpackAction(sl.aux))
			if sameState(&s.scratch2, p) {
				return true
			}
		}
	}
}

// simpleDuplicatesByLookup counts the results of count's search that equal one of
// its simple moves by building each simple move and looking it up: the cheaper way
// when the simple moves are few and the results many.
func (s *searcher) simpleDuplicatesByLookup() int {
	dup := 0
	child := &s.scratch
	var lifted Position
	for _, sm := range s.simple {
		if sm.targets == 0 {
			continue
		}
		lifted = s.pk.root
		lifted.lift(sm.from)
		for t := range sm.targets.All() {
			*child = lifted
			child.place(t)
			if s.findKey(child.hash(), child) {
				dup++
			}
		}
	}
	return dup
}

// simpleOrigin tells whether a settled state with occupancy after could equal a
// simple move from a root with occupancy before: a simple move from f to t leaves
// f the only square that was occupied and is now empty, and fills at most t (none
// when t held an enemy piece). It returns f and the square filled (or 0).
func simpleOrigin(before, after Bitboard) (from Square, added Bitboard, ok bool) {
	vac := before &^ after
	added = after &^ before
	if vac == 0 || vac&(vac-1) != 0 || added&(added-1) != 0 {
		return NoSquare, 0, false
	}
	return vac.First(), added, true
}

// simpleCandidates returns the targets t among the simple targets of the piece on
// simpleOrigin's square whose simple move could equal the state: the square
// filled, or, if none was, the occupied squares (a union formed).
func simpleCandidates(targets, before, added Bitboard) Bitboard {
	if added != 0 {
		return targets & added
	}
	return targets & before
}

// simpleDuplicates counts the results of count's search that equal one of its
// simple moves, the other way round: a simple move from square f to t leaves f as
// the only square that was occupied and is now empty, and fills at most t; most
// chain results fail that test on occupancy alone, so only the few that pass are
// compared in full.
func (s *searcher) simpleDuplicates() int {
	occ := s.pk.root.board.occupied()
	dup := 0
	r, child := &s.scratch, &s.scratch2
	for _, k := range s.keys {
		from, add, ok := simpleOrigin(occ, k.occ)
		if !ok {
			continue
		}
		for _, sm := range s.simple {
			if sm.from != from {
				continue
			}
			cands := simpleCandidates(sm.targets, occ, add)
			if cands != 0 {
				s.rebuild(r, k.parent, k.act)
			}
			for t := range cands.All() {
				*child = s.pk.root
				child.lift(from)
				child.place(t)
				if sameState(child, r) {
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
	return p.simpleTargetsFor(p.handOwn, p.handPart, t)
}

// simpleTargetsFor is simpleTargets for a hand holding own (the mover's piece) and
// part (the partner or NoRole); p may be the state before the lift.
func (p *Position) simpleTargetsFor(own, part Role, t Bitboard) Bitboard {
	us := p.turn
	lastRank := rank1BB << (8 * us.promotionRank())
	switch {
	case own == King && part == NoRole:
		// A castle can end exactly where a king step does (Fischer-random rights,
		// or a right whose rook is missing), so castling targets need the set.
		for i := 2 * int(us); i < 2*int(us)+2; i++ {
			if p.castling.opt[i] != 0 {
				t &^= p.castling.rule(i).placeTarget.bit()
			}
		}
		if p.rules.switches&KingUnions != 0 {
			t &^= p.board.unions() // a king entering a union starts a chain
		}
		return t
	case part != NoRole:
		if own == Pawn {
			t &^= lastRank
		}
		if part == Pawn && p.rules.switches&MoverPromotesCarried != 0 {
			t &^= rank1BB << (8 * us.Other().promotionRank()) // the mover promotes it
		}
		return t
	}
	t &^= p.board.unions()
	if own == Pawn {
		t &^= lastRank
		if p.ep1 != 0 {
			t &^= Square(p.ep1 - 1).bit()
		}
	}
	return t
}

// pathLen returns the number of actions from the root to result i.
func (s *searcher) pathLen(i int) int { return int(s.nodes[s.results[i].parent].depth) + 1 }

// writePath writes the actions from the root to result i into dst, which has
// room for exactly pathLen(i) of them.
func (s *searcher) writePath(dst []Action, i int) {
	k := len(dst) - 1
	dst[k] = s.results[i].act
	for j := s.results[i].parent; s.nodes[j].parent >= 0; j = s.nodes[j].parent {
		k--
		dst[k] = s.nodes[j].act
	}
}
