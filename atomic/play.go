package atomic

import "github.com/pacosako-go/pacosako/internal/fenfield"

// PlayUnchecked returns the position after m without checking that m is legal
// in p: what Play returns for a legal move, without the cost of finding p's
// legal moves to check it, for a caller that knows the move is legal (a search
// playing the moves it generated). m must be a move of p: from p's Moves,
// AppendMoves, AllMoves or AppendCaptures, or read by p.ParseSAN or p.ParseUCI.
// For any other move the result is unspecified, possibly a position no game can
// reach, but the call does not panic; the zero Move, or a Move with no role,
// gives p.
func (p Position) PlayUnchecked(m Move) Position {
	if m.role < pawn+1 || m.role > king+1 || m.promo > queen+1 || m.from >= 64 || m.to >= 64 {
		return p
	}
	p.apply(m)
	return p
}

// PlayNull returns p with the other side to move, as if the side to move had
// passed: no en passant square, the half-move clock and the full-move number
// counted on as after a move. It is no move of the game (a player cannot pass):
// a search plays it to test whether the side to move is so far ahead that even
// passing keeps it ahead (null-move pruning). A position whose side to move is
// in check gives a position that cannot arise in a game, as does one whose
// side to move has no king.
func (p Position) PlayNull() Position {
	q := p
	q.ep = noSquare
	if q.halfMove < 0xFFFF {
		q.halfMove++
	}
	if q.turn == 1 && q.fullMove < fenfield.MaxFullMove {
		q.fullMove++
	}
	q.turn ^= 1
	return q
}

// play returns the position after m, a legal move of p (unchecked).
func (p *Position) play(m Move) Position {
	q := *p
	q.apply(m)
	return q
}

// apply makes q the position after m, a legal move of q (unchecked).
func (q *Position) apply(m Move) {
	us := int(q.turn & 1)
	from, to := uint64(1)<<m.from, uint64(1)<<m.to
	q.ep = noSquare
	if q.halfMove < 0xFFFF {
		q.halfMove++
	}
	switch {
	case m.captured != 0:
		// The explosion: every square of the blast is emptied.
		for r := range q.pieces {
			for bb := q.pieces[r] & m.blast; bb != 0; bb &= bb - 1 {
				s := lsb(bb)
				q.zob ^= pieceKey(int(q.colors[1]>>s&1), r, s)
			}
			q.pieces[r] &^= m.blast
		}
		q.colors[0] &^= m.blast
		q.colors[1] &^= m.blast
		q.castling &^= castlingBits(m.blast)
		q.halfMove = 0
	case m.kind == castle:
		kt, rt := castleTargets(int(m.from), int(m.to))
		q.pieces[king] &^= from
		q.pieces[rook] &^= to
		q.colors[us] &^= from | to
		q.pieces[king] |= 1 << kt
		q.pieces[rook] |= 1 << rt
		q.colors[us] |= 1<<kt | 1<<rt
		q.zob ^= pieceKey(us, king, int(m.from)) ^ pieceKey(us, rook, int(m.to)) ^ pieceKey(us, king, kt) ^ pieceKey(us, rook, rt)
	default:
		r := int(m.role) - 1
		q.pieces[r] &^= from
		q.colors[us] ^= from | to
		nr := r
		if m.promo != 0 {
			nr = int(m.promo) - 1
		}
		q.pieces[nr] |= to
		q.zob ^= pieceKey(us, r, int(m.from)) ^ pieceKey(us, nr, int(m.to))
		if r == pawn {
			q.halfMove = 0
			if m.kind == doubleStep {
				q.ep = (m.from + m.to) / 2
			}
		}
	}
	// Rights go with a moved or exploded rook, and with a king that moved or
	// exploded.
	if q.castling != 0 {
		q.castling &^= castlingBits(from | to)
		if m.role == king+1 {
			q.castling &^= 0xFF << (8 * us)
		}
		for c := 0; c < 2; c++ {
			if q.pieces[king]&q.colors[c]&homeRank(c) == 0 {
				q.castling &^= 0xFF << (8 * c)
			}
		}
	}
	q.turn ^= 1
	if us == 1 && q.fullMove < fenfield.MaxFullMove {
		q.fullMove++ // it stays at the largest number a FEN is read with
	}
}
