package pacosako

import "sync"

// Threats (catalogue §6.1, the engine's determine_all_threats): a square is
// threatened by a colour if one of its lone non-king pieces, directly or after any
// sequence of takeovers (including promotions and en passant inside the chain), could
// be placed on it. Sliders threaten up to and including the first occupied square,
// whatever stands there (protection counts); knights all eight squares; pawns their
// two forward diagonals. Kings and lifted unions threaten nothing.

// threatsAgainstCastling returns the squares threatened by the opponent of the side
// to move, on the current board (where the castling king is in the hand), as the
// engine computes them for castling (catalogue §7.2). The search may stop as soon as
// every non-empty set in stop has a threatened square: the answer for each castling
// option is then known.
func (p *Position) threatsAgainstCastling(stop [2]Bitboard, lim *bounds) Bitboard {
	q := *p
	q.turn = p.turn.Other()
	q.handOwn, q.handPart = NoRole, NoRole
	q.step = requireLift
	q.promo1 = 0
	return threats(&q, stop, lim)
}

// threats returns the squares threatened by the side to move of q, which must have
// an empty hand. With no non-empty set in stop the result is exact. Otherwise the
// caller only asks which squares of the sets are threatened, and the search ends as
// soon as every non-empty set either meets the result or can gain no more squares
// (threatBound). If lim stops the search, lim.err says why and the result is partial.
func threats(q *Position, stop [2]Bitboard, lim *bounds) Bitboard {
	us := q.turn
	s := getThreatSearcher()
	defer putThreatSearcher(s)
	s.nodes = s.nodes[:0]
	s.visited.reset()
	// A lone piece threatens what it reaches at once; only one that can step onto a
	// union (or take en passant) starts a chain, so only those are searched, and
	// only when the question is not settled without them.
	var out, seeds Bitboard
	lone := q.board.byColor[us] &^ q.board.byColor[us.Other()] &^ q.board.kings[us]
	occ := q.board.occupied()
	chainable := q.board.unions()
	if q.ep1 != 0 {
		chainable |= Square(q.ep1 - 1).bit()
	}
	// The loops of this search iterate bits and actions without their
	// iterators (see ActionSet.appendAll): it runs at every node of a search.
	for b := lone; b != 0; b &= b - 1 {
		sq := b.First()
		r := q.board.roleAt(us, sq)
		var reach Bitboard
		if r == Pawn {
			reach = pawnAttacks[us][sq]
		} else {
			reach = pieceAttacks(r, sq, occ&^sq.bit())
		}
		out |= reach
		if reach&chainable != 0 {
			seeds |= sq.bit()
		}
		if reach&(stop[0]|stop[1]) != 0 && (stop[0] == 0 || stop[0]&out != 0) && (stop[1] == 0 || stop[1]&out != 0) {
			return out // every question is answered
		}
	}
	if stop[0]|stop[1] != 0 {
		if q.ep1 == 0 && !q.unionsSee((stop[0]|stop[1])&^out) {
			return out // no piece released or carried onto a union can reach them
		}
	}
	if seeds == 0 {
		return out
	}
	for b := seeds; b != 0; b &= b - 1 {
		sq := b.First()
		child := *q
		child.lift(sq)
		s.visited.insert(child.hash(), int32(len(s.nodes)))
		s.nodes = append(s.nodes, node{pos: child, parent: -1})
	}
	var child Position
	var acts [64 + 4]Action
	bound := ^Bitboard(0) // computed once the search grows (see threatBound)
	for i := 0; i < len(s.nodes); i++ {
		n := &s.nodes[i].pos
		if lim != nil && lim.exceeded(len(s.nodes)) {
			return out
		}
		out |= n.threatTargets()
		if i == threatBoundAfter {
			bound = q.threatBound()
		}
		if out == bound || (stop[0]|stop[1] != 0 && settles(stop[0], out, bound) && settles(stop[1], out, bound)) {
			return out // nothing more the caller needs can be found
		}
		if n.handOwn == King {
			continue // a released king never continues a chain
		}
		var next ActionSet
		if n.step == requirePromoteThenPlace {
			next = ActionSet{kind: PromoteKind, roles: allPromotions}
		} else {
			cont := n.board.unions()
			if n.handOwn == Pawn && n.ep1 != 0 {
				cont |= Square(n.ep1 - 1).bit()
			}
			next = ActionSet{kind: PlaceKind, squares: n.placeTargets() & cont}
			if n.rules.switches == 0 && n.handOwn != Pawn && n.handPart == NoRole {
				// A takeover on union u releases the own piece there, which hovers on
				// u on an unchanged board: its threats are known without playing the
				// place, and only a piece that can go on to another union is a node.
				occ, unions := n.board.occupied(), n.board.unions()
				for b := next.squares; b != 0; b &= b - 1 {
					u := b.First()
					var reach Bitboard
					if r := n.board.roleAt(us, u); r == Pawn {
						reach = pawnAttacks[us][u]
					} else if r != King {
						reach = pieceAttacks(r, u, occ)
					}
					out |= reach
					if reach&unions == 0 && (n.board.roleAt(us, u) != Pawn || n.ep1 == 0) {
						next.squares &^= u.bit() // a leaf
					}
				}
				if out == bound || (stop[0]|stop[1] != 0 && settles(stop[0], out, bound) && settles(stop[1], out, bound)) {
					return out
				}
			}
		}
		for _, a := range next.appendAll(acts[:0]) {
			child = s.nodes[i].pos
			child.apply(a)
			if child.step != requirePlace && child.step != requirePromoteThenPlace {
				continue
			}
			if child.step == requirePlace && child.handOwn != King {
				// A released piece that cannot go on to a union ends its chain here:
				// its threats are counted without making it a node.
				cont := child.board.unions()
				if child.handOwn == Pawn && child.ep1 != 0 {
					cont |= Square(child.ep1 - 1).bit()
				}
				if child.placeTargets()&cont == 0 {
					out |= child.threatTargets()
					if out == bound || (stop[0]|stop[1] != 0 && settles(stop[0], out, bound) && settles(stop[1], out, bound)) {
						return out
					}
					continue
				}
			}
			h := child.hash()
			if s.visited.lookup(h, func(j int32) bool { return sameState(&s.nodes[j].pos, &child) }) >= 0 {
				continue
			}
			s.visited.insert(h, int32(len(s.nodes)))
			s.nodes = append(s.nodes, node{pos: child, parent: int32(i)})
		}
	}
	return out
}

// settles reports whether the threats found so far (out) answer the question for the
// stop set st: st is empty, or met, or has no square left that the bound allows.
func settles(st, out, bound Bitboard) bool {
	return st == 0 || out&st != 0 || bound&st&^out == 0
}

// threatBoundAfter is the number of states after which the threat search computes
// its bound: small searches end sooner without it.
const threatBoundAfter = 512

// threatBound returns a superset of the squares the side to move of q (empty hand)
// can threaten, so that a search that has found all of them can stop: positions
// where most pieces stand in unions have astronomically many chain states (every
// way to permute the pieces through the unions) but few threatened squares. A chain
// that starts on square st keeps the occupancy of the board minus st (takeovers
// only exchange pieces within unions), and its hand hovers on st and then on union
// squares, holding the piece lifted from st, then any own piece that can be in a
// union (any lone piece may have been carried into one by the chain) or a
// promotion of a pawn. En passant moves pieces, so with an en passant square the
// bound is every square.
func (q *Position) threatBound() Bitboard {
	if q.ep1 != 0 {
		return ^Bitboard(0)
	}
	us := q.turn
	occ := q.board.occupied()
	unions := q.board.unions()
	own := q.board.byColor[us] &^ q.board.kings[us]
	lone := own &^ q.board.byColor[us.Other()]
	var roles [7]bool
	for sq := range own.All() {
		roles[q.board.roleAt(us, sq)] = true
	}
	if roles[Pawn] {
		roles[Knight], roles[Bishop], roles[Rook], roles[Queen] = true, true, true, true
	}
	var out Bitboard
	for u := range unions.All() {
		if roles[Pawn] {
			out |= pawnAttacks[us][u]
		}
	}
	for st := range lone.All() {
		o := occ &^ st.bit()
		if r := q.board.roleAt(us, st); r == Pawn {
			out |= pawnAttacks[us][st]
		} else {
			out |= pieceAttacks(r, st, o)
		}
		for r := Knight; r <= Queen; r++ {
			if !roles[r] {
				continue
			}
			for u := range unions.All() {
				out |= pieceAttacks(r, u, o)
			}
		}
	}
	return out
}

// unionsSee reports whether a piece of the side to move standing on a union could
// attack some square of target, for a role the side has (any role but the king when
// it has a pawn, which may promote in a chain), on the board with its lone pieces
// taken off (fewer blockers only lengthen rays). In a chain the hand hovers on the
// square it was lifted from, whose attacks are a lone piece's, and then on unions:
// when no union sees a square, no chain threatens it.
func (q *Position) unionsSee(target Bitboard) bool {
	us := q.turn
	unions := q.board.unions()
	if unions == 0 || target == 0 {
		return false
	}
	own := q.board.byColor[us] &^ q.board.kings[us]
	occ := q.board.occupied() &^ (own &^ q.board.byColor[us.Other()])
	var knights, diagonal, straight, pawns bool
	for sq := range own.All() {
		switch q.board.roleAt(us, sq) {
		case Pawn:
			pawns = true
		case Knight:
			knights = true
		case Bishop:
			diagonal = true
		case Rook:
			straight = true
		case Queen:
			diagonal, straight = true, true
		}
	}
	if pawns {
		knights, diagonal, straight = true, true, true
	}
	for t := range target.All() {
		var seeing Bitboard
		if knights {
			seeing |= knightAttacks[t]
		}
		if diagonal {
			seeing |= bishopAttacks(t, occ)
		}
		if straight {
			seeing |= rookAttacks(t, occ)
		}
		if pawns {
			seeing |= pawnAttacks[us.Other()][t]
		}
		if seeing&unions != 0 {
			return true
		}
	}
	return false
}

// threatTargets returns the squares the lone piece in the hand threatens from where
// it hovers.
func (p *Position) threatTargets() Bitboard {
	if p.handOwn == NoRole || p.handPart != NoRole {
		return 0
	}
	s := p.handSq
	switch p.handOwn {
	case Pawn:
		return pawnAttacks[p.turn][s]
	case King:
		return 0
	}
	return pieceAttacks(p.handOwn, s, p.board.occupied())
}

var threatSearcherPool = sync.Pool{New: func() any { return new(searcher) }}

func getThreatSearcher() *searcher { return threatSearcherPool.Get().(*searcher) }

func putThreatSearcher(s *searcher) {
	if cap(s.nodes) > 1<<16 {
		*s = searcher{}
	}
	threatSearcherPool.Put(s)
}

// Threats returns the squares colour c threatens in p (catalogue §6.1, the
// reference data's sako.tsv columns): every square one of c's lone pieces other
// than the king could be placed on, directly or after takeovers — empty squares,
// enemy pieces it could unite with, and also the squares of c's own pieces that it
// protects (a slider up to and including the first occupied square, whoever stands
// there; a knight all eight squares; a pawn its two forward diagonals). The squares
// where c could form a union are Threats(c) & p.Board().ByColor(c.Other()). The
// search runs as if it were c's turn with an empty hand, on the board as it stands
// (pieces in the hand are not on it). An invalid colour threatens nothing. Like
// move generation, the search visits every state a chain can reach; on boards
// where nearly every piece stands in a union that can take seconds (see
// Position.Moves). ThreatsContext bounds it.
func (p Position) Threats(c Color) Bitboard {
	if c > Black {
		return 0
	}
	q := p
	q.turn = c
	q.handOwn, q.handPart = NoRole, NoRole
	q.step = requireLift
	q.promo1 = 0
	return threats(&q, [2]Bitboard{}, nil)
}

// GivesSako reports whether colour c could unite with the enemy king if it were c's
// turn: the enemy king's square is among Threats(c) (catalogue §6.2, the engine's
// is_sako(board, c); the *_gives_sako columns of the reference data). It is false
// once the game is over and when the enemy has no king on the board. A promotion
// owed by the side to move is first played as a queen, as the engine does.
//
// Cost: under the default rules a compact model of the chains answers, nearly
// always without walking their states; other rule sets, and an en passant square
// the side asking could take, take the general threat search. GivesSakoContext
// bounds either.
func (p Position) GivesSako(c Color) bool { return p.givesSakoWithin(c, nil) }

// givesSakoWithin is GivesSako with the threat search bounded by lim (false once
// lim has stopped it: lim.err says why); p is not changed.
func (p *Position) givesSakoWithin(c Color, lim *bounds) bool {
	if p.res.IsOver() || c > Black || lim.failed() {
		return false
	}
	if p.step.isPromotion() && p.promo1 != 0 {
		q := *p
		q.promote(Queen)
		return q.givesSakoWithin(c, lim)
	}
	if hit, ok := kingThreatened(p, c, lim); ok {
		return hit
	}
	king := p.board.kings[c.Other()] &^ p.board.byColor[c]
	if king == 0 {
		return false
	}
	q := *p
	q.turn = c
	q.handOwn, q.handPart = NoRole, NoRole
	q.step = requireLift
	q.promo1 = 0
	return threats(&q, [2]Bitboard{king, 0}, lim)&king != 0
}

// InSako reports whether colour c's king is in Ŝako: the opponent could unite with
// it if it were the opponent's turn (InSako(c) == GivesSako(c.Other())). Being in
// Ŝako is legal in the default rules (catalogue §6.3).
func (p Position) InSako(c Color) bool { return c <= Black && p.givesSakoWithin(c.Other(), nil) }

// CanPaco reports whether the side to move has a move that wins at once (a Paco
// move), without enumerating the moves: the enemy king stands on a square the side
// to move threatens. Asked of the position after a move, it says whether that move
// gives the opponent Paco in 1, which is what a warning needs. The Paco moves
// themselves are the moves of Moves (or AllMoves) whose IsPaco is true. If the side to move
// owes a promotion, every choice is tried. It costs what GivesSako does;
// CanPacoContext bounds it.
func (p Position) CanPaco() bool { return p.canPacoWithin(nil) }

// canPacoWithin is CanPaco with its threat searches bounded by lim (false once lim
// has stopped one: lim.err says why); p is not changed.
func (p *Position) canPacoWithin(lim *bounds) bool {
	if p.res.IsOver() || !p.IsSettled() {
		return false
	}
	if p.step == requirePromoteThenLift && p.promo1 != 0 {
		for _, r := range promotionRoles {
			q := *p
			q.promote(r)
			if q.canPacoWithin(lim) {
				return true
			}
		}
		return false
	}
	king := p.board.kings[p.turn.Other()] &^ p.board.byColor[p.turn]
	if king == 0 || lim.failed() {
		return false
	}
	if hit, ok := kingThreatened(p, p.turn, lim); ok {
		return hit
	}
	q := *p
	return threats(&q, [2]Bitboard{king, 0}, lim)&king != 0
}
