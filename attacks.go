package pacosako

import "math/bits"

// Attack tables: the squares a piece pattern reaches from a square, before any rule
// about what may stand there. Sliding pieces use rays that stop at the first
// occupied square (which is included, like a chess capture square).

// The tables are built by variable initializers so that they are ready before any
// package-level variable that uses them. pawnAttacks holds the two forward diagonals
// of a pawn of each colour; rays, per direction, every square beyond s to the edge.
var knightAttacks, kingAttacks, pawnAttacks, rays = buildAttackTables()

// Directions of rays: the first four increase the square index, the last four decrease it.
var rayDelta = [8][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}

func buildAttackTables() (knightAttacks, kingAttacks [64]Bitboard, pawnAttacks [2][64]Bitboard, rays [8][64]Bitboard) {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		add := func(bb *Bitboard, df, dr int) {
			if t := NewSquare(f+df, r+dr); t != NoSquare {
				*bb |= t.bit()
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(&knightAttacks[s], d[0], d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					add(&kingAttacks[s], df, dr)
				}
			}
		}
		add(&pawnAttacks[White][s], -1, 1)
		add(&pawnAttacks[White][s], 1, 1)
		add(&pawnAttacks[Black][s], -1, -1)
		add(&pawnAttacks[Black][s], 1, -1)
		for d, delta := range rayDelta {
			for i := 1; ; i++ {
				t := NewSquare(f+delta[0]*i, r+delta[1]*i)
				if t == NoSquare {
					break
				}
				rays[d][s] |= t.bit()
			}
		}
	}
	return
}

// rayAttacks returns the squares along direction d from s up to and including the
// first occupied square.
func rayAttacks(d int, s Square, occ Bitboard) Bitboard {
	ray := rays[d][s]
	blockers := ray & occ
	if blockers == 0 {
		return ray
	}
	var first int
	if d < 4 {
		first = bits.TrailingZeros64(uint64(blockers))
	} else {
		first = 63 - bits.LeadingZeros64(uint64(blockers))
	}
	return ray &^ rays[d][first]
}

func rookAttacks(s Square, occ Bitboard) Bitboard {
	return rayAttacks(0, s, occ) | rayAttacks(1, s, occ) | rayAttacks(4, s, occ) | rayAttacks(5, s, occ)
}

func bishopAttacks(s Square, occ Bitboard) Bitboard {
	return rayAttacks(2, s, occ) | rayAttacks(3, s, occ) | rayAttacks(6, s, occ) | rayAttacks(7, s, occ)
}

// pieceAttacks returns the pattern squares of a non-pawn role from s: sliders stop at
// (and include) the first occupied square; knights and kings ignore occupancy.
func pieceAttacks(r Role, s Square, occ Bitboard) Bitboard {
	switch r {
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return bishopAttacks(s, occ)
	case Rook:
		return rookAttacks(s, occ)
	case Queen:
		return rookAttacks(s, occ) | bishopAttacks(s, occ)
	case King:
		return kingAttacks[s]
	}
	return 0
}
