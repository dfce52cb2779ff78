package pacosako

import "slices"

// The search behind Moves and AppendMoves for a settled position (the turn's first
// action is a Lift) under rules without SakoIllegal: the chain search of chain.go
// that keeps no position per move. A Move needs only its action path and its Paco
// flag, so, as count does, the simple moves (a lift and a place that no chain can
// reach another way, simpleTargets) are taken from bitboards without building
// their lifted state or result, a settled state is kept as its parent node and last
// action (a moveKey), and a final place is hashed without playing it (finalPlaces).
// Under the default rules the chains of a lone piece run on compact states, a word
// each instead of a position (compactchains.go). Where a result would be 144
// bytes, a key is 16, and the moves of the 6,960-move reference position come
// twice as fast as from the full search's positions. The moves and their order are
// exactly search's (TestCollectAgreesWithSearch).

// moveKey is one settled state of collect: the node its last action was played
// from, that action, whether the move unites with the enemy king, and the board's
// occupancy (to find the chains that end where a simple move does).
type moveKey struct {
	occ    Bitboard
	parent int32
	act    Action
	paco   bool
}

// collects reports whether appendCollected serves root: a settled position of a
// game not over, under rules without SakoIllegal (whose filter needs every result's
// position).
func collects(root *Position) bool {
	return root.step == requireLift && !root.res.IsOver() && root.rules.switches&SakoIllegal == 0
}

// appendCollected appends the moves of root (collects(root) holds) to dst in the
// order of search: by path length, then as the breadth-first search meets them.
func (s *searcher) appendCollected(root *Position, dst []Move) []Move {
	// The moves' list and its copy of root, allocated first: the search runs from
	// that copy, so that root itself never escapes (one allocation less per call).
	l := &rootedList{root: *root}
	l.list.root = &l.root
	s.collect(&l.root)
	return s.collected(l, dst)
}

// collect runs the search: s.liftable holds the pieces with a move, s.simpleFrom
// their simple targets, s.mkeys
// the other settled states in the order found, s.nodes the in-move states, s.npath
// the action paths of the nodes one after the other, node i's at
// s.npath[s.noff[i]:s.noff[i+1]].
func (s *searcher) collect(root *Position) {
	s.start(root)
	s.cm.set(root)
	s.cnodes = s.cnodes[:0]
	s.cvisited.reset()
	s.cgroupOf.reset()
	s.cgroups = s.cgroups[:0]
	s.simpleFrom = [64]Bitboard{}
	s.liftable = 0
	s.mkeys = s.mkeys[:0]
	s.npath = s.npath[:0]
	s.noff = append(s.noff[:0], 0)
	us := root.turn
	occ := root.board.occupied()
	them := root.board.byColor[us.Other()]
	// Loops over bits are written out: Go 1.23 allocates the closures of a range
	// over a function in a loop like these, and Moves must not allocate per move.
	for own := root.board.byColor[us]; own != 0; own &= own - 1 {
		sq := own.First()
		r, part, t := root.liftTargets(sq, occ, them)
		if t == 0 {
			continue
		}
		m := root.simpleTargetsFor(r, part, t)
		s.liftable |= sq.bit()
		s.simpleFrom[sq] = m
		if r == King || t&^m != 0 {
			s.pushNode(root, 0, 1, Lift(sq))
			s.nodes[len(s.nodes)-1].pos.lift(sq)
			s.noff = append(s.noff, int32(len(s.npath)))
			s.npath = append(s.npath, Lift(sq))
		}
	}
	lifts := len(s.nodes)
	for i := 1; i < len(s.nodes); i++ {
		if s.nodes[i].c != 0 {
			s.collectCompact(i)
			continue
		}
		p := &s.nodes[i].pos
		acts := p.actionsWithin(nil)
		compact := i < lifts && s.compactLift(i)
		if i < lifts {
			acts.squares &^= s.simpleFrom[s.nodes[i].act.Square]
		}
		var fast Bitboard
		var base uint64
		if acts.kind == PlaceKind {
			fast = p.finalPlaces(acts.squares)
			if fast != 0 {
				base = p.finalPlaceBase()
			}
		}
		// In the order of the actions, as search meets them.
		for sqs := acts.squares; sqs != 0; sqs &= sqs - 1 {
			t := sqs.First()
			switch {
			case fast.Has(t):
				s.collectFinalPlace(i, t, base)
			case compact && s.compactFirst(i, t):
			default:
				s.collectExpand(i, Action{Kind: acts.kind, Square: t}, us)
			}
		}
		for _, r := range promotionRoles {
			if acts.roles&(1<<r) != 0 {
				s.collectExpand(i, Promote(r), us)
			}
		}
	}
	s.noff = append(s.noff, int32(len(s.npath))) // node i's path ends where node i+1's starts
}

// collectFinalPlace adds the place of node i's hand onto t, a final place, unless
// an equal state was found before; base is the node's finalPlaceBase.
func (s *searcher) collectFinalPlace(i int, t Square, base uint64) {
	p := &s.nodes[i].pos
	h := p.finalPlaceHash(base, t)
	a := Place(t)
	if s.found.hasHash(h) {
		c := &s.scratch
		*c = *p
		c.apply(a)
		if s.findCollected(h, c) {
			return
		}
	}
	s.found.insert(h, int32(len(s.mkeys)))
	s.mkeys = append(s.mkeys, moveKey{occ: p.board.occupied() | t.bit(), parent: int32(i), act: a,
		paco: p.board.kings[p.turn.Other()].Has(t)})
}

// collectExpand plays a from node i: a settled state becomes a key unless an equal
// one was found before, an unsettled one a node unless it was seen before.
func (s *searcher) collectExpand(i int, a Action, turn Color) {
	// Built in place as the next node, the likely outcome, to copy it only once.
	n := len(s.nodes)
	if n == cap(s.nodes) {
		s.nodes = slices.Grow(s.nodes, 1)
	}
	s.nodes = s.nodes[:n+1]
	c := &s.nodes[n].pos
	*c = s.nodes[i].pos
	c.apply(a)
	h := c.hash()
	if c.turn != turn || c.res.IsOver() {
		if !s.findCollected(h, c) {
			s.found.insert(h, int32(len(s.mkeys)))
			s.mkeys = append(s.mkeys, moveKey{occ: c.board.occupied(), parent: int32(i), act: a,
				paco: c.res.pacoBy(turn)})
		}
		s.nodes = s.nodes[:n]
		return
	}
	if s.visited.findNode(h, s.nodes[:n], c) {
		s.nodes = s.nodes[:n]
		return
	}
	s.visited.insert(h, int32(n))
	nd := &s.nodes[n]
	nd.parent, nd.depth, nd.act, nd.c = int32(i), s.nodes[i].depth+1, a, 0
	off, d := s.noff[i], s.nodes[i].depth
	s.noff = append(s.noff, int32(len(s.npath)))
	s.npath = append(s.npath, s.npath[off:off+d]...)
	s.npath = append(s.npath, a)
}

// findCollected reports whether s.mkeys holds a state equal to p under hash h.
func (s *searcher) findCollected(h uint64, p *Position) bool {
	return s.found.lookup(h, func(k int32) bool {
		key := s.mkeys[k]
		q := &s.scratch2
		*q = s.nodes[key.parent].pos
		q.apply(key.act)
		return sameState(q, p)
	}) >= 0
}

// markSimpleDuplicates sets s.legal[k] to false for each key k that equals a simple
// move (a chain can end exactly where a lift and a place do, catalogue vector C3):
// the simple move, shorter, is the one kept, unless the key is a move of two
// actions that search meets first. Most keys fail on occupancy alone
// (simpleOrigin) and only the rest are compared in full. It returns the number of
// keys marked.
func (s *searcher) markSimpleDuplicates() int {
	root := &s.nodes[0].pos
	occ := root.board.occupied()
	s.legal = slices.Grow(s.legal[:0], len(s.mkeys))[:len(s.mkeys)]
	dup := 0
	r, child := &s.scratch, &s.scratch2
	for k, key := range s.mkeys {
		s.legal[k] = true
		from, add, ok := simpleOrigin(occ, key.occ)
		if !ok || s.nodes[key.parent].c != 0 {
			continue // compact results, with no occupancy, are dropped where they arise
		}
		cands := simpleCandidates(s.simpleFrom[from], occ, add)
		if cands == 0 {
			continue
		}
		*r = s.nodes[key.parent].pos
		r.apply(key.act)
		for ; cands != 0; cands &= cands - 1 {
			t := cands.First()
			*child = *root
			child.lift(from)
			child.place(t)
			if !sameState(child, r) {
				continue
			}
			if lift := s.nodes[key.parent]; lift.depth == 1 &&
				(lift.act.Square < from || lift.act.Square == from && key.act.Square < t) {
				// A move of two actions met first (a castle onto the rook's square
				// of a right whose rook is missing ends where a king step does): the
				// simple move is the one dropped.
				s.simpleFrom[from] &^= t.bit()
				break
			}
			s.legal[k] = false
			dup++
			break
		}
	}
	return dup
}

// collected turns what collect found into moves appended to dst: first the moves
// of two actions, per lifted square its simple moves and its other results merged
// by place square (as search meets them), then the longer ones in the order found.
// Their actions share one array.
func (s *searcher) collected(rl *rootedList, dst []Move) []Move {
	dup := s.markSimpleDuplicates()
	simple := 0
	for lifts := s.liftable; lifts != 0; lifts &= lifts - 1 {
		simple += s.simpleFrom[lifts.First()].Count()
	}
	size := 2 * simple
	for k, key := range s.mkeys {
		if s.legal[k] {
			size += int(s.noff[key.parent+1]-s.noff[key.parent]) + 1
		}
	}
	l := &rl.list
	l.paths, l.complete = reuseActions(l.paths, size), true
	dst = slices.Grow(dst, simple+len(s.mkeys)-dup)
	paths := l.paths
	off := 0
	put := func(k int) {
		key := s.mkeys[k]
		prefix := s.npath[s.noff[key.parent]:s.noff[key.parent+1]]
		d := len(prefix)
		copy(paths[off:off+d], prefix)
		paths[off+d] = key.act
		f := moveCanonical
		if key.paco {
			f |= movePaco
		}
		dst = append(dst, newMove(l, off, d+1, f))
		off += d + 1
	}
	// Two actions: the keys of lift node ln (nodes 1.. in lifted-square order) come
	// first among the keys, each node's in place-square order.
	k, ln := 0, 1
	for lifts := s.liftable; lifts != 0; lifts &= lifts - 1 {
		from := lifts.First()
		targets := s.simpleFrom[from]
		if ln < len(s.nodes) && s.nodes[ln].depth == 1 && s.nodes[ln].act.Square == from {
			for ; k < len(s.mkeys) && s.mkeys[k].parent == int32(ln); k++ {
				if !s.legal[k] {
					continue
				}
				sq := s.mkeys[k].act.Square
				dst, off = s.putSimples(l, dst, off, from, targets&(sq.bit()-1))
				targets &^= sq.bit() - 1
				put(k)
			}
			ln++
		}
		dst, off = s.putSimples(l, dst, off, from, targets)
	}
	for ; k < len(s.mkeys); k++ {
		if s.legal[k] {
			put(k)
		}
	}
	return dst
}

// putSimples appends the simple moves from → each of targets, in square
// order, to dst, their actions two by two from off of l.paths, and returns dst
// and the offset after them. Under rules without switches a move is a Paco when
// it places onto the enemy king (simplePaco), known for all of them at once.
func (s *searcher) putSimples(l *moveList, dst []Move, off int, from Square, targets Bitboard) ([]Move, int) {
	if targets == 0 {
		return dst, off
	}
	root := &s.nodes[0].pos
	if root.rules.switches != 0 {
		for ; targets != 0; targets &= targets - 1 {
			t := targets.First()
			f := moveCanonical
			if s.simplePaco(from, t) {
				f |= movePaco
			}
			l.paths[off], l.paths[off+1] = Lift(from), Place(t)
			dst = append(dst, newMove(l, off, 2, f))
			off += 2
		}
		return dst, off
	}
	king := root.board.kings[root.turn.Other()]
	paths := l.paths[off : off+2*targets.Count()]
	lift := Lift(from)
	for j := 0; targets != 0; targets &= targets - 1 {
		t := targets.First()
		f := moveCanonical
		if king.Has(t) {
			f |= movePaco
		}
		paths[j], paths[j+1] = lift, Place(t)
		dst = append(dst, newMove(l, off+j, 2, f))
		j += 2
	}
	return dst, off + len(paths)
}

// simplePaco reports whether the simple move from → t ends the game by Paco. Under
// rules without switches only a place onto the enemy king does (position.go, the
// place); the switches' endings (judgeSwitches: a king in a union, under
// KingUnions, decides the game whoever moved) are found by playing the move.
func (s *searcher) simplePaco(from, t Square) bool {
	root := &s.nodes[0].pos
	if root.rules.switches == 0 {
		return root.board.kings[root.turn.Other()].Has(t)
	}
	c := &s.scratch
	*c = *root
	c.lift(from)
	c.place(t)
	return c.res.pacoBy(root.turn)
}
