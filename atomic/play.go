package atomic

import "github.com/pacosako-go/pacosako/internal/fenfield"

// play returns the position after m, a legal move of p (unchecked).
func (p *Position) play(m Move) Position {
	q := *p
	us := int(p.turn & 1)
	from, to := uint64(1)<<m.from, uint64(1)<<m.to
	q.ep = noSquare
	if q.halfMove < 0xFFFF {
		q.halfMove++
	}
	switch {
	case m.captured != 0:
		// The explosion: every square of the blast is emptied.
		for r := range q.pieces {
			q.pieces[r] &^= m.blast
		}
		q.colors[0] &^= m.blast
		q.colors[1] &^= m.blast
		q.castling &^= m.blast
		q.halfMove = 0
	case m.kind == castle:
		kt, rt := castleTargets(int(m.from), int(m.to))
		q.pieces[king] &^= from
		q.pieces[rook] &^= to
		q.colors[us] &^= from | to
		q.pieces[king] |= 1 << kt
		q.pieces[rook] |= 1 << rt
		q.colors[us] |= 1<<kt | 1<<rt
	default:
		r := int(m.role) - 1
		q.pieces[r] &^= from
		q.colors[us] ^= from | to
		if m.promo != 0 {
			q.pieces[m.promo-1] |= to
		} else {
			q.pieces[r] |= to
		}
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
		q.castling &^= from | to
		if m.role == king+1 {
			q.castling &^= homeRank(us)
		}
		for c := 0; c < 2; c++ {
			if q.pieces[king]&q.colors[c]&homeRank(c) == 0 {
				q.castling &^= homeRank(c)
			}
		}
	}
	q.turn ^= 1
	if us == 1 && q.fullMove < fenfield.MaxFullMove {
		q.fullMove++ // it stays at the largest number a FEN is read with
	}
	return q
}
