package pacosako

import "github.com/pacosako-go/pacosako/internal/attacks"

// Attack tables: the squares a piece pattern reaches from a square, before any rule
// about what may stand there. Sliding pieces stop at the first occupied square
// (which is included, like a chess capture square). The patterns are the module's
// shared ones (internal/attacks, which package atomic uses too), seen here as
// Squares and Bitboards.

// knightAttacks, kingAttacks and pawnAttacks (the two forward diagonals of a pawn of
// each colour) are internal/attacks' tables as Bitboards, indexed by Square.
var (
	knightAttacks = asBitboards(&attacks.Knight)
	kingAttacks   = asBitboards(&attacks.King)
	pawnAttacks   = [2][64]Bitboard{asBitboards(&attacks.Pawn[White]), asBitboards(&attacks.Pawn[Black])}
)

func asBitboards(t *[64]uint64) (out [64]Bitboard) {
	for s, b := range t {
		out[s] = Bitboard(b)
	}
	return out
}

func rookAttacks(s Square, occ Bitboard) Bitboard {
	return Bitboard(attacks.Rook(int(s), uint64(occ)))
}

func bishopAttacks(s Square, occ Bitboard) Bitboard {
	return Bitboard(attacks.Bishop(int(s), uint64(occ)))
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
		return Bitboard(attacks.Queen(int(s), uint64(occ)))
	case King:
		return kingAttacks[s]
	}
	return 0
}
