package atomic

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/attacks"
	"github.com/pacosako-go/pacosako/internal/errtext"
)

// Why a move a reader was given is not legal, for its *MoveError: the moves the
// text could mean if the own king's safety did not count (the piece can get
// there), and what each of them runs into: a capture that would explode the own
// king, a king left or put in check (naming the piece that gives it), castling's
// conditions one by one. Only errors come here, so clarity counts, not speed.

// whyNot says why no legal move of p fits s; legal are p's legal moves.
func (p *Position) whyNot(s *sanMove, legal []Move) string {
	var g gen
	if !g.init(p) || len(legal) == 0 && p.IsOver() {
		return "the game is over (" + p.Outcome().String() + ")"
	}
	if s.castle != 0 {
		return p.whyNoCastling(&g, s.castle == 2)
	}
	role := strings.ToLower(pacosako.Role(s.role).String())
	switch {
	case s.role == king+1 && s.capture:
		return "a king never captures"
	case s.promo != 0 && s.role != pawn+1:
		return "only a pawn promotes"
	case s.promo != 0 && int(s.to>>3) != 7-7*g.us:
		return "a pawn promotes only on its last rank (" + lastRankName(g.us) + ")"
	case s.role == pawn+1 && s.promo == 0 && int(s.to>>3) == 7-7*g.us:
		for _, m := range legal {
			if m.role == s.role && m.to == s.to && s.fits(m.from) {
				return "a pawn reaching the last rank must promote: add =Q, =R, =B or =N"
			}
		}
	}
	cands, kingCaptures := p.reachingMoves(&g, s)
	if len(cands) == 0 {
		if kingCaptures {
			return "a king never captures"
		}
		if w := p.otherSide(s); w != "" {
			return w
		}
		if g.ours&(1<<s.to) != 0 {
			return "no legal " + role + " move to " + sqName(int(s.to)) + ": " + pacosako.Color(g.us).String() + "'s own " +
				strings.ToLower(pacosako.Role(p.roleAt(int(s.to))+1).String()) + " stands there"
		}
		return "no legal " + role + " move to " + sqName(int(s.to)) + p.reach(s.role, legal)
	}
	var why []string
	for _, m := range cands {
		w := p.whyIllegal(&g, m)
		if len(why) < 3 && !slices.Contains(why, w) {
			why = append(why, w)
		}
	}
	msg := strings.Join(why, "; ")
	if g.checked {
		msg = pacosako.Color(g.us).String() + " is in check" + p.from(g.attackers(g.k, g.occ, g.theirs)) + ": " + msg
	}
	return msg
}

// otherSide says, where no piece of the side to move fits s, that s names a
// legal move of the other side (a stale client's, or a slip): "the piece on g1 is
// White's; Black is to move"; "" when it does not.
func (p *Position) otherSide(s *sanMove) string {
	q := *p
	q.turn ^= 1
	q.ep = noSquare // it belongs to the side that moved last
	var from uint64
	var buf [maxMoves]Move
	for _, m := range q.appendMoves(buf[:0]) {
		if s.matches(m) {
			from |= 1 << m.from
		}
	}
	us := pacosako.Color(p.turn & 1)
	switch bits.OnesCount64(from) {
	case 0:
		return ""
	case 1:
		return errtext.WrongSide(sqName(bits.TrailingZeros64(from)), us.Other().String(), us.String())
	}
	return errtext.WrongSidePieces(us.Other().String(), us.String())
}

// whyNotMove says why m, a Move value that is not among legal, the legal moves
// of p, is not legal here (a move of another position, or made up).
func (p *Position) whyNotMove(m Move, legal []Move) string {
	if m.IsZero() {
		return "the zero Move is no move (moves come from Moves, AllMoves, or a reader such as ParseSAN)"
	}
	if m.from > 63 || m.to > 63 || m.role < pawn+1 || m.role > king+1 {
		return "not a move of Atomic chess (moves come from Moves, AllMoves, or a reader such as ParseSAN)"
	}
	if m.kind == castle {
		side := int8(1)
		if m.to < m.from {
			side = 2
		}
		return p.whyNot(&sanMove{castle: side}, legal)
	}
	return p.whyNot(&sanMove{role: m.role, fromFile: int8(m.from & 7), fromRank: int8(m.from >> 3), to: m.to, promo: m.promo}, legal)
}

// fits reports whether a move from the square from fits the origin s names.
func (s *sanMove) fits(from uint8) bool {
	return (s.fromFile < 0 || int8(from&7) == s.fromFile) && (s.fromRank < 0 || int8(from>>3) == s.fromRank)
}

// reachingMoves returns the moves of the side to move that fit s and would be
// legal but for the own king: the piece can get to the target (a pawn as pawns
// move; a promotion as written, else to a queen). kingCaptures reports a king
// that could get there only by capturing.
func (p *Position) reachingMoves(g *gen, s *sanMove) (out []Move, kingCaptures bool) {
	r := int(s.role) - 1
	if r < pawn || r > king {
		return nil, false
	}
	to := int(s.to)
	promo := uint8(0)
	if r == pawn && int(s.to>>3) == 7-7*g.us {
		promo = max(s.promo, queen+1)
	}
	for bb := p.pieces[r] & g.ours; bb != 0; bb &= bb - 1 {
		from := lsb(bb)
		if !s.fits(uint8(from)) {
			continue
		}
		m := Move{from: uint8(from), to: uint8(to), role: s.role, promo: promo}
		capSq := to
		switch r {
		case knight, bishop, rook, queen:
			if g.reach(r, from)&(1<<to)&^g.ours == 0 {
				continue
			}
		case king:
			if attacks.King[from]&(1<<to)&^g.ours == 0 {
				continue
			}
			if g.theirs&(1<<to) != 0 {
				kingCaptures = true
				continue
			}
		case pawn:
			fwd := 8 - 16*g.us
			switch {
			case to == from+fwd && g.occ&(1<<to) == 0:
			case to == from+2*fwd && from>>3 == 1+5*g.us && g.occ&(1<<to|1<<(from+fwd)) == 0:
				m.kind = doubleStep
			case attacks.Pawn[g.us][from]&(1<<to)&g.theirs != 0:
			case attacks.Pawn[g.us][from]&(1<<to) != 0 && to == int(p.ep) && g.occ&(1<<to) == 0 && p.pieces[pawn]&g.theirs&(1<<(to-fwd)) != 0:
				m.kind, capSq = enPassant, to-fwd
			default:
				continue
			}
		}
		if g.theirs&(1<<capSq) != 0 {
			m.captured = uint8(p.roleAt(capSq) + 1)
			m.blast, _ = g.capture(from, to, capSq) // its legality is whyIllegal's to tell
		}
		out = append(out, m)
	}
	return out, kingCaptures
}

// whyIllegal says why m, a move reachingMoves found, is not legal: what its
// explosion would take, or the check it leaves the king in.
func (p *Position) whyIllegal(g *gen, m Move) string {
	name := strings.ToLower(pacosako.Role(m.role).String()) + " " + sqName(int(m.from))
	if m.captured != 0 {
		name += "x" + sqName(int(m.to))
	} else {
		name += "-" + sqName(int(m.to))
	}
	if k := m.blast & g.ourKings; k != 0 {
		return name + " would explode the own king on " + sqName(lsb(k)) + " (a move may not explode its own king)"
	}
	q := p.play(m)
	var h gen
	h.us, h.p = g.us, q
	ours := q.colors[g.us]
	k := q.pieces[king] & ours
	if k == 0 {
		return name + " is not legal here"
	}
	occ := q.colors[0] | q.colors[1]
	checks := h.attackers(lsb(k), occ, q.colors[g.us^1])
	switch {
	case checks == 0:
		return name + " is not legal here"
	case m.role == king+1:
		return "the king would stand in check on " + sqName(int(m.to)) + q.from(checks)
	case g.checked && checks&^g.attackers(g.k, g.occ, g.theirs) == 0:
		return name + " leaves the king in check"
	}
	return name + " leaves the king in check" + q.from(checks)
}

// whyNoCastling says why the side to move cannot castle on that side: the
// conditions of docs/atomic-rules.md rule 8, in the order appendCastling tests them.
func (p *Position) whyNoCastling(g *gen, queenSide bool) string {
	color := pacosako.Color(g.us).String()
	side := "king side"
	if queenSide {
		side = "queen side"
	}
	home := homeRank(g.us)
	rookSq := -1
	if (1<<g.k)&home != 0 {
		for rs := p.castlingRooks() & p.pieces[rook] & g.ours & home; rs != 0; rs &= rs - 1 {
			if r := lsb(rs); (r < g.k) == queenSide {
				rookSq = r
			}
		}
	}
	if rookSq < 0 {
		return color + " has no right to castle on the " + side
	}
	if g.checked {
		return color + " is in check" + p.from(g.attackers(g.k, g.occ, g.theirs)) + ", and castling is not allowed in check"
	}
	kt, rt, empty, path := g.castlingSquares(rookSq)
	if b := empty & g.occ; b != 0 {
		return sqName(lsb(b)) + " is not empty (castling needs the squares between the king and the rook, and their destinations, free)"
	}
	lifted := g.occ &^ (1 << g.k)
	for ; path != 0; path &= path - 1 {
		if a := g.attackers(lsb(path), lifted, g.theirs); a != 0 {
			return "the king would pass through " + sqName(lsb(path)) + ", which is attacked" + p.pieceIn(" by ", a)
		}
	}
	after := g.occ&^(1<<g.k|1<<rookSq) | 1<<kt | 1<<rt
	if attacks.King[kt]&g.theirKing == 0 {
		if a := g.attackers(kt, after, g.theirs); a != 0 {
			return "the king would stand in check on " + sqName(kt) + p.from(a)
		}
	}
	return "castling on the " + side + " is not legal here"
}

// attackers returns the pieces of them (the enemy's pieces still on the board),
// kings aside, that attack sq when the squares of occ are occupied: attacked's
// set, for messages (attacked stops at the first).
func (g *gen) attackers(sq int, occ, them uint64) uint64 {
	pc := &g.p.pieces
	return (attacks.Knight[sq]&pc[knight] |
		attacks.Pawn[g.us][sq]&pc[pawn] |
		attacks.Bishop(sq, occ)&(pc[bishop]|pc[queen]) |
		attacks.Rook(sq, occ)&(pc[rook]|pc[queen])) & them
}

// from names the first of the attacking pieces a of p: " from the rook on e8".
func (p *Position) from(a uint64) string { return p.pieceIn(" from ", a) }

// pieceIn names the first of the pieces a of p after word: " by the rook on e8".
func (p *Position) pieceIn(word string, a uint64) string {
	if a == 0 {
		return ""
	}
	s := lsb(a)
	return word + "the " + strings.ToLower(pacosako.Role(p.roleAt(s)+1).String()) + " on " + sqName(s)
}

// reach says where the side to move's pieces of role r can go: " (a knight can
// go to a3, c3, f3, h3)", " (no knight can move)", " (White has no knight)".
func (p *Position) reach(r uint8, legal []Move) string {
	name := strings.ToLower(pacosako.Role(r).String())
	if p.pieces[int(r)-1]&p.colors[p.turn&1] == 0 {
		return " (" + pacosako.Color(p.turn&1).String() + " has no " + name + ")"
	}
	var to uint64
	for _, m := range legal {
		if m.role == r && m.kind != castle {
			to |= 1 << m.to
		}
	}
	if to == 0 {
		return " (no " + name + " can move)"
	}
	return " (a " + name + " can go to " + strings.ReplaceAll(pacosako.Bitboard(to).String(), ",", ", ") + ")"
}

// lastRankName names colour c's last rank.
func lastRankName(c int) string { return [2]string{"rank 8 for White", "rank 1 for Black"}[c&1] }

// sqName names a square, a1..h8.
func sqName(s int) string { return pacosako.Square(s).String() }
