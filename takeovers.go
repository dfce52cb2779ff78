package pacosako

import (
	"math/bits"
	"sync"
)

// Ŝako on a compact model of takeover chains: does the side to move threaten one
// square (the enemy king's), directly or through a chain?
//
// In a chain that starts by lifting the lone piece on st, every later place that
// continues it is a takeover: the hand goes into a union and the own piece there
// is released. The board's occupancy stays that of the start minus st throughout,
// so what the hand threatens, and which unions it can go on to, depend only on its
// role and the square it hovers on. A chain state is then the own role in each
// union plus the hand's role and union: a few bits, not a Position. This holds
// under the default rules when the side asking cannot take en passant
// (ownEnPassantHarmless) and no own pawn stands on its last rank (a promotion
// owed); elsewhere the general search (threats) answers.
//
// Most questions are answered without walking the states: a plain graph search
// finds the chains that enter each union once (a hit), and an over-approximation
// of the roles each union can release (couldHit) proves most misses. The rest are
// searched state by state (search), bounded only by the caller's limits: the
// states are words, far cheaper than the general search's positions.

// takeoverFreeStates is how many states a search may hold before its buffers are
// dropped rather than kept in the pool.
const takeoverFreeStates = 1 << 16

// takeoversPerState is how many of its states the compact search counts as one
// state of Limits.MaxStates: a word in the queue and about two in the set, some
// 24 bytes, where a state of the count search costs about 75 and one of the move
// search about 350.
const takeoversPerState = 8

// State layout: bits 3i..3i+2 hold the own role in union i (unions numbered in
// square order, at most 16), bits 48..50 the hand's role, bits 51..54 the union
// the hand hovers on.
const (
	handRoleShift  = 48
	handUnionShift = 51
	handMask       = 7<<handRoleShift | 15<<handUnionShift
)

// kingThreatened reports whether colour us threatens the enemy king in p (settled
// or not: the hand is ignored, as Threats does), as the general search would find:
// a lone piece reaches it, or a takeover chain places a piece that does. ok is
// false when the compact model does not apply (see above; also with no enemy king
// or more than one): the caller then asks the general search. When lim stops the
// search (its states or its context), ok is true, hit false and lim.err says why.
func kingThreatened(p *Position, us Color, lim *bounds) (hit, ok bool) {
	b := &p.board
	kings := b.kings[us.Other()] &^ b.byColor[us]
	if kings == 0 || kings&(kings-1) != 0 || !modelRules(p) || !ownEnPassantHarmless(p, us) ||
		b.pawns[us]&(rank1BB<<(8*us.promotionRank())) != 0 {
		return false, false
	}
	king := kings.First()
	occ := b.occupied()
	unions := b.unions()
	lone := b.byColor[us] &^ b.byColor[us.Other()] &^ b.kings[us]
	// Direct threats, found backwards from the king: a piece threatens it from the
	// squares its role would threaten from the king (pawns: mirrored).
	diag, straight := bishopAttacks(king, occ), rookAttacks(king, occ)
	seeing := knightAttacks[king] | diag | straight | pawnAttacks[us.Other()][king]
	for s := range (seeing & lone).All() {
		if threatensFrom(b.roleAt(us, s), s, king, us, diag, straight) {
			return true, true
		}
	}
	// A chain threatens the king only from a union that sees it, on the board or
	// once a lone piece on one of its lines (the first on each) is lifted: a
	// lifted piece opens its own line only, so the lines seen past every such
	// piece at once are those of all the lifts.
	if unions == 0 {
		return false, true
	}
	if seeing&unions == 0 {
		xdiag, xstraight := diag, straight
		if first := diag & lone; first != 0 {
			xdiag = bishopAttacks(king, occ&^first)
		}
		if first := straight & lone; first != 0 {
			xstraight = rookAttacks(king, occ&^first)
		}
		if (xdiag|xstraight)&unions == 0 {
			return false, true
		}
	}
	if unions.Count() > 16 {
		return false, false // more than the model numbers
	}
	// Only a lone piece that reaches a union starts a chain: one a union sees
	// with some pattern (each is symmetric, the lifted piece never standing
	// between the two). Found from the few unions, not from every lone piece.
	var seen Bitboard
	for u := unions; u != 0; u &= u - 1 {
		s := u.First()
		seen |= knightAttacks[s] | bishopAttacks(s, occ) | rookAttacks(s, occ) | pawnAttacks[us.Other()][s]
	}
	seeds := lone & seen
	if seeds == 0 {
		return false, true
	}
	// Set field by field: a composite literal of this size is built aside and
	// copied (some 1 KB twice).
	var m takeoverModel
	m.us, m.unions, m.target, m.lastRank, m.diag, m.straight = us, unions, king, rank1BB<<(8*us.promotionRank()), diag, straight
	k := 0
	for u := range unions.All() {
		if k == 16 {
			return false, false
		}
		r := b.roleAt(us, u)
		m.sqs[k], m.idx[u] = u, uint8(k)
		m.start |= uint64(r) << (3 * k)
		m.unionRoles |= 1 << r
		k++
	}
	m.n = k
	var t *takeoverSearch
	defer func() {
		if t != nil {
			t.put()
		}
	}()
	for st := range seeds.All() {
		hand := b.roleAt(us, st)
		var first Bitboard
		if hand == Pawn {
			first = pawnAttacks[us][st] & unions
		} else {
			first = pieceAttacks(hand, st, occ&^st.bit()) & unions
		}
		if first == 0 {
			continue
		}
		m.seed(occ&^st.bit(), st)
		switch m.decide(hand, first) {
		case takeoverHit:
			return true, true
		case takeoverMiss:
			continue
		}
		switch m.searchSmall(hand, first) {
		case takeoverHit:
			return true, true
		case takeoverMiss:
			continue
		}
		if !m.couldHit(hand, first) {
			continue
		}
		if t == nil {
			t = takeoverPool.Get().(*takeoverSearch)
		}
		switch m.search(t, hand, first, lim) {
		case takeoverHit:
			return true, true
		case takeoverUndecided:
			return false, true // lim stopped the search
		}
	}
	return false, true
}

// modelRules reports whether p's rules leave takeover chains as the model sees
// them: the switches that change a chain are KingUnions (a king joins chains) and
// those of en passant (which only matter with an en passant square); the others
// judge whole moves, castling rights, draws or the moves of unions, which a chain
// of lone pieces never makes.
func modelRules(p *Position) bool {
	const enPassant = HomeRowEnPassant | EnPassantLiftedOnly | EnPassantFromArrival
	s := p.rules.switches
	return s&KingUnions == 0 && (s&enPassant == 0 || p.ep1 == 0)
}

// ownEnPassantHarmless reports whether p's en passant square, if any, leaves the
// chains of colour us as the model sees them. The square is the side to move's to
// take; for us == p.turn the model declines. The general search lets the other side
// take it too, swapping back what stands on the square its own pawn came from:
// nothing, and the pawn ends its chain on the empty square, unless a chain has left
// a union there since (or the square itself is taken, which no game reaches).
func ownEnPassantHarmless(p *Position, us Color) bool {
	if p.ep1 == 0 {
		return true
	}
	ep := Square(p.ep1 - 1)
	from := Square(int(ep) - us.forward())
	return us != p.turn && p.board.occupied()&(ep.bit()|from.bit()) == 0
}

// threatensFrom reports whether a piece of colour us and role r on s threatens
// king, given the squares a bishop (diag) and a rook (straight) would threaten from
// king.
func threatensFrom(r Role, s, king Square, us Color, diag, straight Bitboard) bool {
	switch r {
	case Pawn:
		return pawnAttacks[us][s].Has(king)
	case Knight:
		return knightAttacks[king].Has(s)
	case Bishop:
		return diag.Has(s)
	case Rook:
		return straight.Has(s)
	case Queen:
		return (diag | straight).Has(s)
	}
	return false
}

// takeoverModel is the compact model of the chains of one side from one lifted
// piece (seed sets it up for the occupancy with that piece lifted).
type takeoverModel struct {
	us         Color
	n          int        // number of unions
	sqs        [16]Square // union i's square
	idx        [64]uint8  // the number of the union on a square
	start      uint64     // own roles in the unions at the start (state layout)
	unionRoles uint8
	unions     Bitboard           // the union squares
	lastRank   Bitboard           // the side's promotion rank
	target     Square             // the square asked about
	diag       Bitboard           // what a bishop would threaten from target, on the board
	straight   Bitboard           // what a rook would threaten from target, on the board
	occ        Bitboard           // occupancy during the chain
	hits       [King]Bitboard     // per role, the unions from which it threatens target
	known      [King]uint16       // per role, the unions whose next is computed
	next       [King][16]Bitboard // per role and union, the unions it can go on to
}

// seed prepares the model for chains on occupancy occ, the board's with st lifted.
func (m *takeoverModel) seed(occ Bitboard, st Square) {
	m.occ = occ
	m.known = [King]uint16{}
	diag, straight := m.diag, m.straight
	if (diag | straight).Has(st) {
		diag, straight = bishopAttacks(m.target, occ), rookAttacks(m.target, occ) // st opens a line
	}
	m.hits[Pawn] = pawnAttacks[m.us.Other()][m.target] & m.unions
	m.hits[Knight] = knightAttacks[m.target] & m.unions
	m.hits[Bishop] = diag & m.unions
	m.hits[Rook] = straight & m.unions
	m.hits[Queen] = (diag | straight) & m.unions
}

// hitsFrom reports whether a piece of role r hovering on union i threatens target
// (a released king threatens nothing).
func (m *takeoverModel) hitsFrom(r Role, i int) bool {
	return r < King && m.hits[r].Has(m.sqs[i])
}

// nextFrom returns the unions a piece of role r hovering on union i can go on to.
func (m *takeoverModel) nextFrom(r Role, i int) Bitboard {
	if r >= King {
		return 0 // a released king ends the chain
	}
	if m.known[r]&(1<<i) == 0 {
		m.known[r] |= 1 << i
		if r == Pawn {
			m.next[r][i] = pawnAttacks[m.us][m.sqs[i]] & m.unions
		} else {
			m.next[r][i] = pieceAttacks(r, m.sqs[i], m.occ) & m.unions
		}
	}
	return m.next[r][i]
}

func (m *takeoverModel) startRole(u Square) Role { return Role(m.start >> (3 * m.idx[u]) & 7) }

type takeoverAnswer uint8

const (
	takeoverMiss takeoverAnswer = iota
	takeoverHit
	takeoverUndecided
)

// decide answers without the state search when it can, for the chains of a piece
// of role hand whose first takeovers are the unions first. A chain that enters
// each union once releases the piece that stood there at the start, so the unions
// such chains reach are a plain graph search away, and one whose piece threatens
// target is a hit. Conversely every chain hovers only on unions reachable by some
// role that can be in the hand (the lifted one, those released, promotions) from
// a reachable union: if none of those threatens target, it is a miss.
func (m *takeoverModel) decide(hand Role, first Bitboard) takeoverAnswer {
	reached, frontier := first, first
	for frontier != 0 {
		u := frontier.First()
		frontier &^= u.bit()
		r, i := m.startRole(u), int(m.idx[u])
		if m.hitsFrom(r, i) {
			return takeoverHit
		}
		nx := m.nextFrom(r, i)
		frontier |= nx &^ reached
		reached |= nx
	}
	// Conversely, a chain can hover only with the lifted role, a role the unions
	// hold or, if a pawn is among them and a union stands on the last rank, a
	// promotion: if none of those threatens target from any union, no chain does.
	roles := uint8(1)<<hand | m.unionRoles
	if roles&(1<<Pawn) != 0 && m.unions&m.lastRank != 0 {
		roles |= 1<<Knight | 1<<Bishop | 1<<Rook | 1<<Queen
	}
	for r := Pawn; r < King; r++ {
		if roles&(1<<r) != 0 && m.hits[r] != 0 {
			return takeoverUndecided
		}
	}
	return takeoverMiss
}

// couldHit reports whether a chain of a piece of role hand whose first takeovers
// are the unions first might place a piece that threatens target; false proves
// that none does. It over-approximates, per union, the roles a takeover there can
// release (held in a role mask): a union first releases the piece that stood
// there at the start, and later only a piece placed there since — one that
// hovered on a union from which it reaches this one (promoted if a pawn goes to
// its last rank) — and only if the chain, after placing it, can come back: from
// this union, through unions and the roles they may release, to this union
// again. Each real chain stays inside these masks (by induction on its takeovers:
// the piece a takeover releases was placed there by an earlier step of the same
// chain, which then went on from there and came back), so if no role a union may
// release threatens target from it, no chain threatens target. The masks only
// grow, at most six roles in each of at most 16 unions: a fixpoint of a few
// dozen rounds of bitboard work at most.
func (m *takeoverModel) couldHit(hand Role, first Bitboard) bool {
	var roles, placed [16]uint8 // per union: the roles it may release; those placed on it
	var entered uint16          // the unions a chain may take over
	for i := range m.n {
		roles[i] = 1 << m.startRole(m.sqs[i])
	}
	for u := range first.All() {
		i := int(m.idx[u])
		entered |= 1 << i
		placed[i] |= m.placedRoles(hand, i)
	}
	for {
		grown := false
		for e := entered; e != 0; e &= e - 1 {
			i := bits.TrailingZeros16(e)
			for rs := roles[i]; rs != 0; rs &= rs - 1 {
				r := Role(bits.TrailingZeros8(rs))
				if m.hitsFrom(r, i) {
					return true
				}
				for v := range m.nextFrom(r, i).All() {
					j := int(m.idx[v])
					placed[j] |= m.placedRoles(r, j)
					if entered&(1<<j) == 0 {
						entered |= 1 << j
						grown = true
					}
				}
			}
		}
		for e := entered; e != 0; e &= e - 1 {
			j := bits.TrailingZeros16(e)
			if placed[j]&^roles[j] != 0 && m.returns(j, &roles) {
				roles[j] |= placed[j]
				grown = true
			}
		}
		if !grown {
			return false
		}
	}
}

// placedRoles returns the roles that stand on union i once a piece of role r is
// placed there: r, or the promotions of a pawn reaching its last rank.
func (m *takeoverModel) placedRoles(r Role, i int) uint8 {
	if r == Pawn && m.lastRank.Has(m.sqs[i]) {
		return 1<<Knight | 1<<Bishop | 1<<Rook | 1<<Queen
	}
	return 1 << r
}

// returns reports whether a chain that takes union j over can come back to j: a
// path of one or more steps from j to j, each from a union with a role it may
// release (roles) to a union that role reaches.
func (m *takeoverModel) returns(j int, roles *[16]uint8) bool {
	seen, frontier := uint16(0), uint16(1)<<j
	for frontier != 0 {
		i := bits.TrailingZeros16(frontier)
		frontier &^= 1 << i
		var next Bitboard
		for rs := roles[i]; rs != 0; rs &= rs - 1 {
			next |= m.nextFrom(Role(bits.TrailingZeros8(rs)), i)
		}
		for v := range next.All() {
			k := int(m.idx[v])
			if k == j {
				return true
			}
			if seen&(1<<k) == 0 {
				seen |= 1 << k
				frontier |= 1 << k
			}
		}
	}
	return false
}

// smallStates is how many states searchSmall holds (on the stack, found by
// scanning); most searches need a handful, and a larger one is cheaper in the
// pooled hash set of search.
const smallStates = 8

// searchSmall is search for small chain spaces: it answers undecided when more
// than smallStates states are needed.
func (m *takeoverModel) searchSmall(hand Role, first Bitboard) takeoverAnswer {
	var q smallQueue
	for u := range first.All() {
		if a := q.add(m, m.start, hand, int(m.idx[u])); a != takeoverMiss {
			return a
		}
	}
	for j := 0; j < q.n; j++ {
		s := q.states[j]
		h := Role(s >> handRoleShift & 7)
		i := int(s >> handUnionShift & 15)
		for u := range m.nextFrom(h, i).All() {
			if a := q.add(m, s, h, int(m.idx[u])); a != takeoverMiss {
				return a
			}
		}
	}
	return takeoverMiss
}

// smallQueue is searchSmall's list of states, which is also its set.
type smallQueue struct {
	states [smallStates]uint64
	n      int
}

// add enters the states in which h was placed on union i from state s, as push
// does: a hit if the released piece threatens target, undecided when full.
func (q *smallQueue) add(m *takeoverModel, s uint64, h Role, i int) takeoverAnswer {
	released := Role(s >> (3 * i) & 7)
	if m.hitsFrom(released, i) {
		return takeoverHit
	}
	if m.nextFrom(released, i) == 0 {
		return takeoverMiss // the released piece ends the chain here
	}
	base := s&^(7<<(3*i)|handMask) | uint64(released)<<handRoleShift | uint64(i)<<handUnionShift
	if h == Pawn && m.lastRank.Has(m.sqs[i]) {
		for _, r := range promotionRoles {
			if !q.insert(base | uint64(r)<<(3*i)) {
				return takeoverUndecided
			}
		}
		return takeoverMiss
	}
	if !q.insert(base | uint64(h)<<(3*i)) {
		return takeoverUndecided
	}
	return takeoverMiss
}

// insert adds state s unless it is there; it reports false when q is full.
func (q *smallQueue) insert(s uint64) bool {
	for _, x := range q.states[:q.n] {
		if x == s {
			return true
		}
	}
	if q.n == smallStates {
		return false
	}
	q.states[q.n] = s
	q.n++
	return true
}

// search walks every chain state breadth first until a released piece threatens
// target (a hit) or all are seen (a miss); undecided when lim stops it (lim.err
// says why: it holds more than lim's states, or lim's context is done).
func (m *takeoverModel) search(t *takeoverSearch, hand Role, first Bitboard, lim *bounds) takeoverAnswer {
	t.reset()
	for u := range first.All() {
		if m.push(t, m.start, hand, int(m.idx[u])) {
			return takeoverHit
		}
	}
	for j := 0; j < len(t.queue); j++ {
		if lim != nil && lim.exceeded((len(t.queue)+takeoversPerState-1)/takeoversPerState) {
			return takeoverUndecided
		}
		s := t.queue[j]
		h := Role(s >> handRoleShift & 7)
		i := int(s >> handUnionShift & 15)
		for u := range m.nextFrom(h, i).All() {
			if m.push(t, s, h, int(m.idx[u])) {
				return takeoverHit
			}
		}
	}
	return takeoverMiss
}

// push enters the states in which hand was placed on union i from state s (a pawn
// on its last rank promoting to each choice) and the own piece there released; it
// reports whether the released piece threatens target.
func (m *takeoverModel) push(t *takeoverSearch, s uint64, hand Role, i int) bool {
	released := Role(s >> (3 * i) & 7)
	if m.hitsFrom(released, i) {
		return true
	}
	if m.nextFrom(released, i) == 0 {
		return false // the released piece ends the chain here
	}
	placed := [4]Role{hand}
	choices := placed[:1]
	if hand == Pawn && m.lastRank.Has(m.sqs[i]) {
		choices = promotionRoles[:]
	}
	base := s&^(7<<(3*i)|handMask) | uint64(released)<<handRoleShift | uint64(i)<<handUnionShift
	next := m.nextFrom(released, i)
	for _, r := range choices {
		ns := base | uint64(r)<<(3*i)
		if !t.insert(ns) {
			continue
		}
		// A state whose next takeover releases a piece that threatens target is a
		// hit already: found one breadth level sooner, the search holds fewer
		// states.
		for v := range next.All() {
			if k := int(m.idx[v]); m.hitsFrom(Role(ns>>(3*k)&7), k) {
				return true
			}
		}
		t.queue = append(t.queue, ns)
	}
	return false
}

// takeoverSearch holds the buffers of one compact search; pooled.
type takeoverSearch struct {
	queue []uint64
	seen  wordSet // the states queued (a state always has a hand role: never 0)
}

// takeoverPool keeps search buffers; a set starts small (most searches that get
// here hold dozens of states) and doubles when half full.
var takeoverPool = sync.Pool{New: func() any { return new(takeoverSearch) }}

// put returns t to the pool, emptied; the buffers of a large search are dropped.
func (t *takeoverSearch) put() {
	if cap(t.queue) > takeoverFreeStates {
		*t = takeoverSearch{}
	} else {
		t.reset()
	}
	takeoverPool.Put(t)
}

// reset empties the search.
func (t *takeoverSearch) reset() {
	t.seen.reset()
	t.queue = t.queue[:0]
}

// insert adds state s and reports whether it was new.
func (t *takeoverSearch) insert(s uint64) bool { return t.seen.insert(s) }
