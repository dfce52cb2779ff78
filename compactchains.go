package pacosako

import "slices"

// Compact chains for Moves' search (collect). Under rules without switches, once a
// lone piece other than the king is lifted from st, every state of its chain is
// the root's board without st, the own roles in the unions permuted, and the hand:
// its role and the union it hovers on. Nothing else a chain does depends on its
// path: the lift alone counts against the no-progress clock and forfeits castling,
// a promotion resets the clock, and the last place decides en passant, the clock
// (a union formed) and Paco. So such states are kept as one word, their moves are
// found from the union and attack tables, and the states and results are told
// apart by that word instead of by hashing and comparing positions. The states,
// their order and their paths are exactly those of the search on positions
// (TestCollectAgreesWithSearch): a compact state is a node of collect, met in the
// same order, with the same actions.
//
// This holds when the root has no en passant square (a released pawn could take
// it), no own king stands in a union (released, it would move as a king), no enemy
// pawn stands on a last rank (finalPlaces), and there are at most 15 unions (a
// settled state's key must hold the lifted square too).

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
}

// Layout of a compact state (one word): the own roles in the unions, then the
// hand's role and union, whether a promotion was made, the kind of state, and the
// lifted square.
const (
	cHandRole = 48
	cHandIdx  = 51
	cPromoted = 55
	cKind     = 56
	cLifted   = 58
	cRoles    = 1<<cHandRole - 1
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
	cm.unions = b.Unions()
	if root.rules.switches != 0 || root.ep1 != 0 || cm.unions.Count() > 15 || b.kings[us]&cm.unions != 0 ||
		(b.pawns[White]|b.pawns[Black])&^b.byColor[us]&(rank1BB|rank8BB) != 0 {
		return
	}
	cm.ok = true
	cm.occ = b.Occupied()
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

// resultKey is the word that tells a settled state of the chains apart: the own
// roles in the unions, the role and square of the piece placed last, whether that
// was a double step (en passant), whether the no-progress clock was reset by a
// promotion (and not by a union formed, which resets it anyway), the lifted square
// (7 bits: NoSquare marks a board with no square emptied).
func (cm *compactChains) resultKey(roles uint64, r Role, t Square, ep, promoted bool, st Square) uint64 {
	b := cm.keyShift
	k := roles | uint64(r)<<b | uint64(t)<<(b+3) | uint64(st)<<(b+11)
	if t == st && r == cm.liftedRole(st) && !cm.forfeits.Has(st) {
		// The chain put the lifted piece back: the board is the root's with the
		// roles in the unions moved round, whichever piece was lifted (and the
		// castling rights are the root's unless lifting it forfeited one).
		k = roles | uint64(NoSquare)<<(b+11)
	}
	if ep {
		k |= 1 << (b + 9)
	}
	if promoted && !cm.them.Has(t) {
		k |= 1 << (b + 10)
	}
	return k
}

// compactNode is node i's compact state when nodes[i].c == its index + 1; for a
// state awaiting a final promotion, to is the pawn's square.
type compactNode struct {
	state uint64
	to    Square
}

// targets returns where a piece of role r hovering on s may be placed in a chain
// lifted from st, as singleTargets on the chain's position.
func (cm *compactChains) targets(root *Position, r Role, s, st Square) Bitboard {
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
	root := &s.nodes[0].pos
	st := s.nodes[i].act.Square
	r := root.board.roleAt(root.turn, st)
	if !cm.unions.Has(t) && (r != Pawn || !cm.lastRank.Has(t) || cm.enemyKing.Has(t)) {
		return false
	}
	s.compactPlace(i, uint64(st)<<cLifted|cm.start, r, st, t)
	return true
}

// compactPlace plays the place of the hand (role r, on from) onto t from node i,
// whose state (lifted square, roles, promotion flag) is base.
func (s *searcher) compactPlace(i int, base uint64, r Role, from, t Square) {
	cm := &s.cm
	root := &s.nodes[0].pos
	a := Place(t)
	roles := base & cRoles
	if cm.unions.Has(t) {
		k := int(cm.idx[t])
		released := Role(roles >> (3 * k) & 7)
		next := base&^(cRoles|7<<cHandRole|15<<cHandIdx|3<<cKind) | roles&^(7<<(3*k)) |
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
	st := Square(base >> cLifted)
	if r == Pawn && cm.lastRank.Has(t) && !cm.enemyKing.Has(t) {
		s.addCompactNode(i, a, compactNode{state: base&^(3<<cKind) | cPromoteThenFinish<<cKind, to: t})
		return
	}
	promoted := base>>cPromoted&1 != 0
	ep := root.doubleStep(r, from, t) != 0
	if (!promoted || cm.them.Has(t)) && roles == cm.start && r == cm.liftedRole(st) &&
		root.singleTargets(r, st, cm.occ).Has(t) && (root.doubleStep(r, st, t) != 0) == ep {
		return // the first place of the lift ends the same way
	}
	s.compactResult(i, a, cm.resultKey(roles, r, t, ep, promoted, st), st, t)
}

// compactResult adds the settled state with key (resultKey; lifted square st, the
// last action a from node i, the piece last placed on t) unless it was found before.
func (s *searcher) compactResult(i int, a Action, key uint64, st, t Square) {
	if !s.cfound.insert(key) {
		return
	}
	s.mkeys = append(s.mkeys, moveKey{occ: s.cm.occ&^st.bit() | t.bit(), parent: int32(i), act: a,
		paco: s.cm.enemyKing.Has(t)})
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
		for ts := cm.targets(root, r, from, Square(x>>cLifted)); ts != 0; ts &= ts - 1 {
			s.compactPlace(i, x, r, from, ts.First())
		}
	case cPromoteThenPlace:
		k := int(x >> cHandIdx & 15)
		for _, r := range promotionRoles {
			next := x&^(7<<(3*k)|3<<cKind) | uint64(r)<<(3*k) | 1<<cPromoted
			if s.cvisited.insert(next) {
				s.addCompactNode(i, Promote(r), compactNode{state: next})
			}
		}
	case cPromoteThenFinish:
		st := Square(x >> cLifted)
		for _, r := range promotionRoles {
			s.compactResult(i, Promote(r), cm.resultKey(x&cRoles, r, cn.to, false, true, st), st, cn.to)
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

// wordSet is a set of non-zero words, open addressing, emptied cheaply.
type wordSet struct {
	slots []uint64
	used  []uint32
}

func (w *wordSet) reset() {
	for _, k := range w.used {
		w.slots[k] = 0
	}
	w.used = w.used[:0]
	if w.slots == nil {
		w.slots = make([]uint64, 256)
	}
}

// insert adds x (non-zero) and reports whether it was new.
func (w *wordSet) insert(x uint64) bool {
	if 2*(len(w.used)+1) > len(w.slots) {
		w.grow()
	}
	mask := uint32(len(w.slots) - 1)
	for k := uint32((x*0x9e3779b97f4a7c15)>>32) & mask; ; k = (k + 1) & mask {
		switch w.slots[k] {
		case 0:
			w.slots[k] = x
			w.used = append(w.used, k)
			return true
		case x:
			return false
		}
	}
}

func (w *wordSet) grow() {
	old := make([]uint64, len(w.used))
	for i, k := range w.used {
		old[i] = w.slots[k]
	}
	w.slots = make([]uint64, 2*len(w.slots))
	w.used = w.used[:0]
	for _, x := range old {
		w.insert(x)
	}
}
