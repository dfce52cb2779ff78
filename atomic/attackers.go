package atomic

import "github.com/pacosako-go/pacosako"

// Attackers returns the pieces of colour c that attack square s as the board
// stands: the knights, bishops, rooks, queens and pawns of c that could capture
// a piece on s (a pawn diagonally forward, sliding pieces up to the first piece
// in the way). Kings are never among them, since a king never captures (docs/atomic-rules.md
// rule 3): they are the pieces that count for check. Empty for an invalid square
// or colour. Whether a capture on s is legal is another question (it explodes;
// Moves answers it).
func (p Position) Attackers(s pacosako.Square, c pacosako.Color) pacosako.Bitboard {
	if !s.IsValid() || c > pacosako.Black {
		return 0
	}
	g := gen{p: p, us: int(c) ^ 1} // attackers looks at the pieces attacking us
	return pacosako.Bitboard(g.attackers(int(s), p.occupied(), p.colors[c]))
}

// Checkers returns the enemy pieces that give check to the side to move: the
// attackers of its king (Attackers), none when it is not in check (InCheck: the
// kings touch, or a king is missing).
func (p Position) Checkers() pacosako.Bitboard {
	var g gen
	if !g.init(&p) || !g.checked {
		return 0
	}
	return pacosako.Bitboard(g.attackers(g.k, g.occ, g.theirs))
}
