package atomic

import "github.com/pacosako-go/pacosako/internal/attacks"

// Legal move generation (docs/atomic-rules.md §1). Moves are generated from bitboards and
// tested in the cheapest way their kind allows:
//
//   - a quiet move of a piece other than the king, with the side to move not in
//     check, is legal unless the piece is pinned to its king and leaves the line
//     of the pin (no pins count while the kings touch: then nobody is in check);
//   - a king's step is legal when it lands next to the enemy king (connected
//     kings) or on a square no enemy piece but the king attacks;
//   - a capture removes the capture square, the capturing piece and every piece
//     but a pawn next to the capture square: it is illegal when that takes the own
//     king, legal when it takes the enemy king, else legal when the kings touch or
//     no enemy piece left attacks the own king through the cleared board;
//   - in check, every quiet move is tested on the board after it;
//   - castling by the rule of docs/atomic-rules.md rule 8.

// gen holds what every move of one position is tested against.
type gen struct {
	p                   Position // a copy: a pointer kept here would make every caller's position escape
	us                  int
	ours, theirs, occ   uint64
	ourKings, theirKing uint64 // every king of each side (one in a valid position)
	k                   int    // the own king's square
	touch               bool   // the kings stand next to each other: nobody is in check
	checked             bool   // the side to move is in check
	pinned              uint64 // own pieces pinned to the king (none while the kings touch)
}

// init fills g for p; false when the game is over (a king is missing).
func (g *gen) init(p *Position) bool {
	us := int(p.turn & 1)
	g.p, g.us = *p, us
	g.ours, g.theirs = p.colors[us], p.colors[us^1]
	g.occ = g.ours | g.theirs
	g.ourKings, g.theirKing = p.pieces[king]&g.ours, p.pieces[king]&g.theirs
	if g.ourKings == 0 || g.theirKing == 0 {
		return false
	}
	g.k = lsb(g.ourKings)
	g.touch = attacks.King[g.k]&g.theirKing != 0
	g.checked, g.pinned = false, 0
	if !g.touch {
		g.checked = g.attacked(g.k, g.occ, g.theirs)
		pc := &p.pieces
		snipers := (attacks.Rook(g.k, 0)&(pc[rook]|pc[queen]) | attacks.Bishop(g.k, 0)&(pc[bishop]|pc[queen])) & g.theirs
		for ; snipers != 0; snipers &= snipers - 1 {
			b := attacks.Between[g.k][lsb(snipers)] & g.occ
			if b != 0 && b&(b-1) == 0 && b&g.ours != 0 {
				g.pinned |= b
			}
		}
	}
	return true
}

// attacked reports whether a piece of them (the enemy's pieces still on the
// board), other than a king, attacks sq when the squares of occ are occupied.
func (g *gen) attacked(sq int, occ, them uint64) bool { return g.p.attacked(g.us, sq, occ, them) }

// attacked reports whether a piece of them, other than a king, attacks sq of
// colour us's side when the squares of occ are occupied.
func (p *Position) attacked(us, sq int, occ, them uint64) bool {
	pc := &p.pieces
	return attacks.Knight[sq]&pc[knight]&them != 0 ||
		attacks.Pawn[us][sq]&pc[pawn]&them != 0 ||
		attacks.Bishop(sq, occ)&(pc[bishop]|pc[queen])&them != 0 ||
		attacks.Rook(sq, occ)&(pc[rook]|pc[queen])&them != 0
}

// capture tests the capture from from to to taking the piece on capSq (to, or the
// pawn behind it for en passant) and returns the squares it empties: the
// capturer's, the captured piece's and the non-pawns around to (for en passant
// not to itself, which stays empty).
func (g *gen) capture(from, to, capSq int) (blast uint64, legal bool) {
	blast = attacks.King[to]&g.occ&^g.p.pieces[pawn] | 1<<from | 1<<capSq
	switch {
	case blast&g.ourKings != 0:
		return blast, false
	case blast&g.theirKing != 0, g.touch:
		return blast, true
	}
	return blast, !g.attacked(g.k, g.occ&^blast, g.theirs&^blast)
}

// quietLegal tests a quiet move of a piece other than the king.
func (g *gen) quietLegal(from, to int) bool {
	if g.checked {
		return !g.attacked(g.k, g.occ&^(1<<from)|1<<to, g.theirs)
	}
	return g.pinned&(1<<from) == 0 || attacks.Line[g.k][from]&(1<<to) != 0
}

// appendMoves appends every legal move of p to dst.
func (p *Position) appendMoves(dst []Move) []Move {
	var g gen
	if !g.init(p) {
		return dst
	}
	pc := &p.pieces
	for bb := pc[knight] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		dst = g.appendPiece(dst, knight, from, attacks.Knight[from]&^g.ours)
	}
	for bb := pc[bishop] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		dst = g.appendPiece(dst, bishop, from, attacks.Bishop(from, g.occ)&^g.ours)
	}
	for bb := pc[rook] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		dst = g.appendPiece(dst, rook, from, attacks.Rook(from, g.occ)&^g.ours)
	}
	for bb := pc[queen] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		dst = g.appendPiece(dst, queen, from, attacks.Queen(from, g.occ)&^g.ours)
	}
	dst = g.appendPawns(dst, ^uint64(0), ^uint64(0))
	dst = g.appendKing(dst, ^uint64(0))
	return g.appendCastling(dst)
}

// appendCaptures appends the legal captures of p to dst, in the order of
// appendMoves (a king never captures; castling never does).
func (p *Position) appendCaptures(dst []Move) []Move {
	var g gen
	if !g.init(p) {
		return dst
	}
	pc := &p.pieces
	for bb := pc[knight] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		dst = g.appendPiece(dst, knight, from, attacks.Knight[from]&g.theirs)
	}
	for bb := pc[bishop] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		dst = g.appendPiece(dst, bishop, from, attacks.Bishop(from, g.occ)&g.theirs)
	}
	for bb := pc[rook] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		dst = g.appendPiece(dst, rook, from, attacks.Rook(from, g.occ)&g.theirs)
	}
	for bb := pc[queen] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		dst = g.appendPiece(dst, queen, from, attacks.Queen(from, g.occ)&g.theirs)
	}
	// Pawns to enemy pieces and to the en passant square when an enemy pawn
	// stands behind it: no step of the side to move can go there then (its pawn
	// would have to pass that square, or stand on it).
	var ep uint64
	if e := int(p.ep); e < 64 {
		behind := e - 8
		if g.us == 1 {
			behind = e + 8
		}
		if behind >= 0 && behind < 64 && p.pieces[pawn]&g.theirs&(1<<behind) != 0 {
			ep = 1 << e
		}
	}
	return g.appendPawns(dst, ^uint64(0), g.theirs|ep&^g.occ)
}

// appendMovesOf appends the legal moves of p's pieces of role index r standing
// on a square of from and going to a square of to (castling not included: it
// is appendCastlingOf's), in the order of appendMoves. The readers resolve a
// move with it: SAN names the role and the target, UCI the from square, so
// only the moves of the pieces the text can mean are generated.
func (p *Position) appendMovesOf(dst []Move, r int, from, to uint64) []Move {
	var g gen
	if !g.init(p) {
		return dst
	}
	return g.appendOf(dst, r, from, to)
}

// appendOf is appendMovesOf on g's position.
func (g *gen) appendOf(dst []Move, r int, from, to uint64) []Move {
	pc := &g.p.pieces
	switch r {
	case pawn:
		return g.appendPawns(dst, from, to)
	case king:
		if from&g.ourKings&(1<<g.k) == 0 {
			return dst
		}
		return g.appendKing(dst, to)
	}
	for bb := pc[r] & g.ours & from; bb != 0; bb &= bb - 1 {
		f := lsb(bb)
		dst = g.appendPiece(dst, r, f, g.reach(r, f)&to&^g.ours)
	}
	return dst
}

// reach returns the squares a knight, bishop, rook or queen (role index r) on
// from attacks on g's board.
func (g *gen) reach(r, from int) uint64 {
	switch r {
	case knight:
		return attacks.Knight[from]
	case bishop:
		return attacks.Bishop(from, g.occ)
	case rook:
		return attacks.Rook(from, g.occ)
	}
	return attacks.Queen(from, g.occ)
}

// hasMoves reports whether p has a legal move, generating the moves of one
// piece at a time (the king's first, the likeliest to have one when in check)
// and stopping at the first piece that has one.
func (p *Position) hasMoves() bool {
	var g gen
	if !g.init(p) {
		return false
	}
	var buf [32]Move // the most one piece has: a queen's 27
	if len(g.appendKing(buf[:0], ^uint64(0))) > 0 {
		return true
	}
	for r := pawn; r < king; r++ {
		for bb := p.pieces[r] & g.ours; bb != 0; bb &= bb - 1 {
			if len(g.appendOf(buf[:0], r, bb&-bb, ^uint64(0))) > 0 {
				return true
			}
		}
	}
	return len(g.appendCastling(buf[:0])) > 0
}

// appendCastlingOf appends p's legal castling moves.
func (p *Position) appendCastlingOf(dst []Move) []Move {
	var g gen
	if !g.init(p) {
		return dst
	}
	return g.appendCastling(dst)
}

// appendPiece appends the legal moves of a knight, bishop, rook or queen on from
// to the squares of targets (empty or enemy-held).
func (g *gen) appendPiece(dst []Move, role, from int, targets uint64) []Move {
	quiet := targets &^ g.occ
	if !g.checked && g.pinned&(1<<from) != 0 {
		quiet &= attacks.Line[g.k][from]
	}
	for ; quiet != 0; quiet &= quiet - 1 {
		to := lsb(quiet)
		if !g.checked || g.quietLegal(from, to) {
			dst = append(dst, Move{from: uint8(from), to: uint8(to), role: uint8(role + 1)})
		}
	}
	for caps := targets & g.theirs; caps != 0; caps &= caps - 1 {
		to := lsb(caps)
		if blast, ok := g.capture(from, to, to); ok {
			dst = append(dst, Move{from: uint8(from), to: uint8(to), role: uint8(role + 1),
				captured: uint8(g.p.roleAt(to) + 1), blast: blast})
		}
	}
	return dst
}

// appendKing appends the king's legal steps (a king never captures) to the
// squares of targets.
func (g *gen) appendKing(dst []Move, targets uint64) []Move {
	occ := g.occ &^ (1 << g.k)
	for to := attacks.King[g.k] &^ g.occ & targets; to != 0; to &= to - 1 {
		t := lsb(to)
		if attacks.King[t]&g.theirKing != 0 || !g.attacked(t, occ, g.theirs) {
			dst = append(dst, Move{from: uint8(g.k), to: uint8(t), role: king + 1})
		}
	}
	return dst
}

// promotionRoles are the roles a pawn promotes to, in the order moves list them.
var promotionRoles = [4]uint8{queen + 1, rook + 1, bishop + 1, knight + 1}

// appendPawn appends a pawn's move, as four promotions on the last rank.
func appendPawn(dst []Move, m Move) []Move {
	if m.to >= 56 || m.to < 8 {
		for _, r := range promotionRoles {
			m.promo = r
			dst = append(dst, m)
		}
		return dst
	}
	return append(dst, m)
}

// appendPawns appends the legal steps, double steps, captures and en passant
// captures of the pawns on the squares of fromMask to the squares of toMask.
func (g *gen) appendPawns(dst []Move, fromMask, toMask uint64) []Move {
	pawns := g.p.pieces[pawn] & g.ours & fromMask
	empty := ^g.occ
	var single, double uint64
	fwd := 8
	if g.us == 0 {
		single = pawns << 8 & empty
		double = (single & (rank1 << 16)) << 8 & empty
	} else {
		fwd = -8
		single = pawns >> 8 & empty
		double = (single & (rank1 << 40)) >> 8 & empty
	}
	single &= toMask
	double &= toMask
	for ; single != 0; single &= single - 1 {
		to := lsb(single)
		if g.quietLegal(to-fwd, to) {
			dst = appendPawn(dst, Move{from: uint8(to - fwd), to: uint8(to), role: pawn + 1})
		}
	}
	for ; double != 0; double &= double - 1 {
		to := lsb(double)
		if g.quietLegal(to-2*fwd, to) {
			dst = append(dst, Move{from: uint8(to - 2*fwd), to: uint8(to), role: pawn + 1, kind: doubleStep})
		}
	}
	capturers := pawns
	if toMask&(toMask-1) == 0 && toMask != 0 {
		capturers &= attacks.Pawn[g.us^1][lsb(toMask)] // the pawns that attack the one target
	}
	for bb := capturers; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		for caps := attacks.Pawn[g.us][from] & g.theirs & toMask; caps != 0; caps &= caps - 1 {
			to := lsb(caps)
			if blast, ok := g.capture(from, to, to); ok {
				dst = appendPawn(dst, Move{from: uint8(from), to: uint8(to), role: pawn + 1,
					captured: uint8(g.p.roleAt(to) + 1), blast: blast})
			}
		}
	}
	if ep := int(g.p.ep); ep < 64 && g.occ&(1<<ep) == 0 && toMask&(1<<ep) != 0 {
		capSq := ep - fwd
		if capSq >= 0 && capSq < 64 && g.p.pieces[pawn]&g.theirs&(1<<capSq) != 0 {
			for bb := attacks.Pawn[g.us^1][ep] & pawns; bb != 0; bb &= bb - 1 {
				from := lsb(bb)
				if blast, ok := g.capture(from, ep, capSq); ok {
					dst = append(dst, Move{from: uint8(from), to: uint8(ep), role: pawn + 1,
						captured: pawn + 1, kind: enPassant, blast: blast})
				}
			}
		}
	}
	return dst
}

// appendCastling appends the legal castling moves (docs/atomic-rules.md rule 8): king and rook
// unmoved (a right), the squares between each and its destination empty but for
// the two, no square from the king's own up to its destination attacked by an
// enemy piece other than the king with the king lifted and the rook in place,
// squares next to the enemy king excepted, and the king safe on its destination
// after the move by the usual rule.
func (g *gen) appendCastling(dst []Move) []Move {
	if g.checked {
		return dst
	}
	home := homeRank(g.us)
	if (1<<g.k)&home == 0 {
		return dst
	}
	for rs := g.p.castlingRooks() & g.p.pieces[rook] & g.ours & home; rs != 0; rs &= rs - 1 {
		r := lsb(rs)
		kt, rt, empty, path := g.castlingSquares(r)
		if empty&g.occ != 0 {
			continue
		}
		lifted := g.occ &^ (1 << g.k)
		safe := true
		for ; path != 0 && safe; path &= path - 1 {
			safe = !g.attacked(lsb(path), lifted, g.theirs)
		}
		if !safe {
			continue
		}
		after := g.occ&^(1<<g.k|1<<r) | 1<<kt | 1<<rt
		if attacks.King[kt]&g.theirKing == 0 && g.attacked(kt, after, g.theirs) {
			continue
		}
		dst = append(dst, Move{from: uint8(g.k), to: uint8(r), role: king + 1, kind: castle})
	}
	return dst
}

// castlingSquares returns, for castling with the rook on r, the king's and the
// rook's destinations, the squares that must be empty (those between each and its
// destination, and the destinations, but for the king and the rook), and the
// squares that must not be attacked: the king's own and those it passes, but
// squares next to the enemy king.
func (g *gen) castlingSquares(r int) (kt, rt int, empty, path uint64) {
	kt, rt = castleTargets(g.k, r)
	empty = (attacks.Between[g.k][kt] | 1<<kt | attacks.Between[r][rt] | 1<<rt) &^ (1<<g.k | 1<<r)
	path = attacks.Between[g.k][kt] | 1<<g.k
	for tk := g.theirKing; tk != 0; tk &= tk - 1 {
		path &^= attacks.King[lsb(tk)]
	}
	return kt, rt, empty, path
}

// legalEnPassant returns the en passant square when an en passant capture is
// legal, else noSquare.
func (p *Position) legalEnPassant() uint8 {
	ep := int(p.ep)
	if ep >= 64 {
		return noSquare
	}
	var g gen
	if !g.init(p) || g.occ&(1<<ep) != 0 {
		return noSquare
	}
	capSq := ep - 8
	if g.us == 1 {
		capSq = ep + 8
	}
	if capSq < 0 || capSq >= 64 || p.pieces[pawn]&g.theirs&(1<<capSq) == 0 {
		return noSquare
	}
	for bb := attacks.Pawn[g.us^1][ep] & p.pieces[pawn] & g.ours; bb != 0; bb &= bb - 1 {
		if _, ok := g.capture(lsb(bb), ep, capSq); ok {
			return uint8(ep)
		}
	}
	return noSquare
}
