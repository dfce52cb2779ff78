package pacosako

import "slices"

// Compact chains for Moves' search (collect). Under rules without switches, once a
// lone piece other than the king is lifted from st, every state of its chain is
// the root's board without st, the own roles in the unions permuted (a promotion
// included), and the hand: its role and the union it hovers on. Nothing else that
// tells states apart (sameState: the counters do not) depends on the path: the
// lift alone forfeits castling, and the last place decides en passant and Paco.
// So such states are kept as one word, their places
// are found from attack tables kept per role and union, the states are told apart
// by that word, and the settled states by a group word (groupKey) and a bitboard
// of the squares the last piece landed on, instead of by hashing and comparing
// positions. Two subtleties: a chain that puts the lifted piece back leaves a board
// that does not show which piece was lifted (putsBack), and a chain that moves no
// role round ends like a first place, which the lift meets first (after a
// promotion the roles never come back round). The states, their order and their
// paths are exactly those of the search on positions (TestCollectAgreesWithSearch,
// TestCollectAgreesOnPlayouts): a compact state is a node of collect, met in the
// same order, with the same actions.
//
// This holds when the root has no en passant square (a released pawn could take
// it), no own king stands in a union (released, it would move as a king), no lone
// enemy pawn stands on a last rank (finalPlaces), and there are at most 16 unions.

// compactChains is the root's part of the model.
type compactChains struct {
	ok        bool
	unions    Bitboard
	occ       Bitboard // the root's occupancy
	ownLone   Bitboard // the mover's pieces outside unions
	them      Bitboard // the enemy's pieces
	enemyKing Bitboard // the lone enemy king: placing there is Paco
	lastRank  Bitboard // the mover's promotion rank
	start     uint64   // own role in union i at bits 3i..3i+2
	keyShift  uint     // 3 × the number of unions: where a result key's other fields start
	roleAt    [64]Role // the mover's role on each square of the root
	forfeits  Bitboard // the lone pieces whose lift forfeits a castling right
	idx       [64]uint8
	sqs       [16]Square
	known     [King]uint16       // per role, the unions whose places below are known
	reach     [King][16]Bitboard // per role and union: the squares whose emptiness matters
	places    [King][16]Bitboard // per role and union: the places on the root's board
}

// Layout of a compact state (one word): the own roles in the unions, then the
// hand's role and union (for a pawn awaiting its final promotion: its square,
// cPawnTo), the kind of state, and the lifted square.
const (
	cHandRole = 48
	cHandIdx  = 51
	cPawnTo   = 48
	cKind     = 55
	cLifted   = 57
	cRoles    = 1<<cHandRole - 1
	cHand     = 1<<cKind - 1 - cRoles
)

// Kinds of compact state: the hand hovers on a union; a pawn just placed on a
// union of the last rank awaits its promotion before the hand goes on; a pawn just
// placed on the last rank to end the move awaits its promotion.
const (
	cHover = iota
	cPromoteThenPlace
	cPromoteThenFinish
)

// set prepares the model for root; ok tells whether it applies.
func (cm *compactChains) set(root *Position) {
	b := &root.board
	us := root.turn
	cm.ok = false
	cm.unions = b.unions()
	if root.rules.switches != 0 || root.ep1 != 0 || cm.unions.Count() > 16 || b.kings[us]&cm.unions != 0 ||
		(b.pawns[White]|b.pawns[Black])&^b.byColor[us]&(rank1BB|rank8BB) != 0 {
		return
	}
	cm.ok = true
	cm.known = [King]uint16{}
	cm.occ = b.occupied()
	cm.them = b.byColor[us.Other()]
	cm.ownLone = b.byColor[us] &^ cm.them
	cm.enemyKing = b.kings[us.Other()] &^ b.byColor[us]
	cm.lastRank = rank1BB << (8 * us.promotionRank())
	cm.start = 0
	k := 0
	for u := cm.unions; u != 0; u &= u - 1 {
		sq := u.First()
		cm.idx[sq], cm.sqs[k] = uint8(k), sq
		cm.start |= uint64(b.roleAt(us, sq)) << (3 * k)
		k++
	}
	cm.keyShift = uint(3 * k)
	cm.forfeits = 0
	for x := cm.ownLone; x != 0; x &= x - 1 {
		sq := x.First()
		cm.roleAt[sq] = b.roleAt(us, sq)
		if cm.roleAt[sq] == Rook {
			c := root.castling
			c.forfeitRook(sq)
			if c != root.castling {
				cm.forfeits |= sq.bit()
			}
		}
	}
}

// liftedRole returns the role of the mover's lone piece on st in the root.
func (cm *compactChains) liftedRole(st Square) Role { return cm.roleAt[st] }

// putsBack reports whether a chain lifted from st that ends with a piece of role r
// on t leaves the board the root's with the roles in the unions moved round,
// whichever piece was lifted: the lifted piece's role is back where it stood, and
// lifting it forfeited no castling right.
func (cm *compactChains) putsBack(r Role, st, t Square) bool {
	return t == st && r == cm.liftedRole(st) && !cm.forfeits.Has(st)
}

// groupKey is the word that tells apart the groups of settled states of the
// chains that differ only in the square of the piece placed last and whether it
// got there by a double step (resultGroup): the own roles in the unions, the role
// of the piece placed last, the lifted square (7 bits: NoSquare, with no role, for
// the chains that put the lifted piece back, putsBack). At most 58 bits.
func (cm *compactChains) groupKey(roles uint64, r Role, st Square) uint64 {
	b := cm.keyShift
	return roles | uint64(r)<<b | uint64(st)<<(b+3)
}

// resultGroup holds the squares of the piece placed last of the settled states of
// one group found so far: without and with an en passant square set.
type resultGroup struct{ plain, ep Bitboard }

// compactNode is node i's compact state when nodes[i].c == its index + 1.
type compactNode struct{ state uint64 }

// targets returns where a piece of role r hovering on union k may be placed in a
// chain lifted from st, as singleTargets on the chain's position. The places on
// the root's board are kept per role and union; only where st is on the way (the
// piece's line or a pawn's push would end on it) are they found again.
func (cm *compactChains) targets(root *Position, r Role, k int, st Square) Bitboard {
	s := cm.sqs[k]
	if cm.known[r]&(1<<k) == 0 {
		cm.known[r] |= 1 << k
		if r == Pawn {
			ahead := s.bit()<<8 | s.bit()<<16
			if root.turn == Black {
				ahead = s.bit()>>8 | s.bit()>>16
			}
			cm.reach[r][k] = ahead
			cm.places[r][k] = root.pawnPushes(s, cm.occ) | pawnAttacks[root.turn][s]&cm.them
		} else {
			cm.reach[r][k] = pieceAttacks(r, s, cm.occ)
			cm.places[r][k] = cm.reach[r][k] &^ cm.ownLone
		}
	}
	if !cm.reach[r][k].Has(st) {
		return cm.places[r][k]
	}
	occ := cm.occ &^ st.bit()
	if r == Pawn {
		return root.pawnPushes(s, occ) | pawnAttacks[root.turn][s]&cm.them
	}
	return pieceAttacks(r, s, occ) &^ (cm.ownLone &^ st.bit())
}

// compactLift reports whether the chains of lift node i run on compact states.
func (s *searcher) compactLift(i int) bool {
	if !s.cm.ok || s.nodes[i].depth != 1 {
		return false
	}
	st := s.nodes[i].act.Square
	root := &s.nodes[0].pos
	return s.cm.ownLone.Has(st) && !root.board.kings[root.turn].Has(st)
}

// compactFirst plays Place(t) from lift node i (compactLift) where it leads to a
// compact state: a takeover, or a pawn's promotion ending the move. It reports
// false for the other places, which collect plays on positions.
func (s *searcher) compactFirst(i int, t Square) bool {
	cm := &s.cm
	st := s.nodes[i].act.Square
	r := cm.liftedRole(st)
	if !cm.unions.Has(t) && (r != Pawn || !cm.lastRank.Has(t) || cm.enemyKing.Has(t)) {
		return false
	}
	s.compactPlace(i, uint64(st)<<cLifted|cm.start, r, t)
	return true
}

// compactPlace plays the place of the hand (role r) onto t from node i, whose
// state (lifted square, roles) is base, where it leads to a compact
// state: a takeover of the union on t, or a pawn on the last rank awaiting its
// promotion to end the move.
func (s *searcher) compactPlace(i int, base uint64, r Role, t Square) {
	cm := &s.cm
	a := Place(t)
	roles := base & cRoles
	if cm.unions.Has(t) {
		k := int(cm.idx[t])
		released := Role(roles >> (3 * k) & 7)
		next := base&^(cRoles|cHand|3<<cKind) | roles&^(7<<(3*k)) |
			uint64(released)<<cHandRole | uint64(k)<<cHandIdx
		if r == Pawn && cm.lastRank.Has(t) {
			next |= uint64(Pawn)<<(3*k) | cPromoteThenPlace<<cKind
		} else {
			next |= uint64(r) << (3 * k)
		}
		if s.cvisited.insert(next) {
			s.addCompactNode(i, a, compactNode{state: next})
		}
		return
	}
	next := base&^(cHand|3<<cKind) | uint64(t)<<cPawnTo | cPromoteThenFinish<<cKind
	if s.cvisited.insert(next) {
		s.addCompactNode(i, a, compactNode{state: next})
	}
}

// compactFinals plays the places of the hand (role r, on from) onto finals, which
// end the move, from hover node i with state x.
func (s *searcher) compactFinals(i int, x uint64, r Role, from Square, finals Bitboard) {
	cm := &s.cm
	root := &s.nodes[0].pos
	st := Square(x >> cLifted)
	roles := x & cRoles
	// A chain that moved no role round and places the lifted piece where its first
	// place could have: the same move, met first (and kept) at the lift.
	var first Bitboard
	if roles == cm.start && r == cm.liftedRole(st) {
		first = root.singleTargets(r, st, cm.occ) & finals
	}
	var back Bitboard
	if cm.putsBack(r, st, st) {
		back = st.bit()
	}
	g := int32(-1) // the node's group, once looked up
	for ; finals != 0; finals &= finals - 1 {
		t := finals.First()
		ep := r == Pawn && root.doubleStep(r, from, t) != 0 // a pawn's double step may even put it back
		if back.Has(t) {
			s.compactResult(i, Place(t), s.resultGroup(cm.groupKey(roles, NoRole, NoSquare)), A1, ep, t)
			continue
		}
		if first.Has(t) && (root.doubleStep(r, st, t) != 0) == ep {
			continue
		}
		if g < 0 {
			g = s.resultGroup(cm.groupKey(roles, r, st))
		}
		s.compactResult(i, Place(t), g, t, ep, t)
	}
}

// resultGroup returns the index in s.cgroups of the group with key k, added empty
// if new.
func (s *searcher) resultGroup(k uint64) int32 {
	g, ok := s.cgroupOf.lookupOrAdd(k, int32(len(s.cgroups)))
	if !ok {
		s.cgroups = append(s.cgroups, resultGroup{})
	}
	return g
}

// compactResult adds the settled state of group g marked by bit (with en passant
// if ep) reached by the last action a from node i, its last piece placed on t,
// unless it was found before.
func (s *searcher) compactResult(i int, a Action, g int32, bit Square, ep bool, t Square) {
	set := &s.cgroups[g].plain
	if ep {
		set = &s.cgroups[g].ep
	}
	if set.Has(bit) {
		return
	}
	*set |= bit.bit()
	// No occupancy: it only serves markSimpleDuplicates, which these states never
	// meet (compactFinals drops the chains that end like a first place).
	s.mkeys = append(s.mkeys, moveKey{parent: int32(i), act: a, paco: s.cm.enemyKing.Has(t)})
}

// collectCompact expands compact node i.
func (s *searcher) collectCompact(i int) {
	cm := &s.cm
	root := &s.nodes[0].pos
	cn := s.cnodes[s.nodes[i].c-1]
	x := cn.state
	switch x >> cKind & 3 {
	case cHover:
		r, k := Role(x>>cHandRole&7), int(x>>cHandIdx&15)
		from := cm.sqs[k]
		ts := cm.targets(root, r, k, Square(x>>cLifted))
		// Nodes and results go to separate lists, each in the order of the squares.
		further := ts & cm.unions
		if r == Pawn {
			further |= ts & cm.lastRank &^ cm.enemyKing
		}
		for u := further; u != 0; u &= u - 1 {
			s.compactPlace(i, x, r, u.First())
		}
		s.compactFinals(i, x, r, from, ts&^further)
	case cPromoteThenPlace:
		k := int(x >> cHandIdx & 15)
		for _, r := range promotionRoles {
			next := x&^(7<<(3*k)|3<<cKind) | uint64(r)<<(3*k)
			if s.cvisited.insert(next) {
				s.addCompactNode(i, Promote(r), compactNode{state: next})
			}
		}
	case cPromoteThenFinish:
		st, t := Square(x>>cLifted), Square(x>>cPawnTo&63)
		for _, r := range promotionRoles {
			if cm.putsBack(r, st, t) {
				s.compactResult(i, Promote(r), s.resultGroup(cm.groupKey(x&cRoles, NoRole, NoSquare)), A1, false, t)
				continue
			}
			s.compactResult(i, Promote(r), s.resultGroup(cm.groupKey(x&cRoles, r, st)), t, false, t)
		}
	}
}

// addCompactNode appends the compact node reached from node i by a.
func (s *searcher) addCompactNode(i int, a Action, cn compactNode) {
	n := len(s.nodes)
	if n == cap(s.nodes) {
		s.nodes = slices.Grow(s.nodes, 1)
	}
	s.nodes = s.nodes[:n+1] // its position is never read: not copied
	nd := &s.nodes[n]
	nd.parent, nd.depth, nd.act = int32(i), s.nodes[i].depth+1, a
	s.cnodes = append(s.cnodes, cn)
	nd.c = int32(len(s.cnodes))
	off, d := s.noff[i], s.nodes[i].depth
	s.noff = append(s.noff, int32(len(s.npath)))
	s.npath = append(s.npath, s.npath[off:off+d]...)
	s.npath = append(s.npath, a)
}
