package atomic

import (
	"math/bits"

	"github.com/pacosako-go/pacosako"
)

// Position is an Atomic chess position: the pieces, the side to move, the castling
// rights, the en passant square and the two clocks. It is a value of 80 bytes:
// every method leaves the receiver unchanged and playing returns a new Position,
// so a Position may be shared between goroutines freely.
//
// The zero Position is an empty board with White to move (a finished game: no
// king). Positions come from StartingPosition, FischerRandomPosition, ParseFEN,
// Setup.Position, or from playing moves.
//
// A Position is not validated: any board of lone pieces is accepted (missing or
// extra kings, pawns on the back ranks); Validate reports what could not arise in
// a game. A position whose side to move has no king is a finished game (its king
// was exploded) and has no moves; so is one whose other side has no king.
type Position struct {
	pieces   [6]uint64 // squares of each role, both colours: pieces[role-1]
	colors   [2]uint64 // squares of each colour
	zob      uint64    // the Polyglot keys of the pieces (pieceKeys), kept by play and set by every constructor
	castling uint16    // the files of the rooks that may still castle: bit f White's on rank 1, bit 8+f Black's on rank 8
	ep       uint8     // the square a double step just skipped, or 64
	turn     uint8     // pacosako.White or pacosako.Black
	halfMove uint16    // half-moves since the last capture or pawn move
	fullMove uint16    // 1, then +1 after each Black move, up to fenfield.MaxFullMove
}

// castlingRooks returns the squares of the rooks that may still castle.
func (p *Position) castlingRooks() uint64 {
	return uint64(p.castling&0xFF) | uint64(p.castling>>8)<<56
}

// castlingBits returns the castling field's bits of the back-rank squares of bb.
func castlingBits(bb uint64) uint16 { return uint16(bb&0xFF) | uint16(bb>>56)<<8 }

// Role indexes of Position.pieces (pacosako.Role - 1).
const (
	pawn = iota
	knight
	bishop
	rook
	queen
	king
)

const noSquare = 64

// Bitboard helpers on uint64 (the hot paths work on plain words).
const (
	rank1 uint64 = 0xFF
	rank8 uint64 = rank1 << 56
	fileA uint64 = 0x0101010101010101
	fileH uint64 = fileA << 7
)

func lsb(b uint64) int { return bits.TrailingZeros64(b) }

// homeRank is the mask of colour c's back rank.
func homeRank(c int) uint64 { return rank1 << (56 * c) }

// occupied returns every occupied square.
func (p *Position) occupied() uint64 { return p.colors[0] | p.colors[1] }

// roleAt returns the role index of the piece on s (s must be occupied), or -1.
func (p *Position) roleAt(s int) int {
	bb := uint64(1) << s
	for r := pawn; r <= king; r++ {
		if p.pieces[r]&bb != 0 {
			return r
		}
	}
	return -1
}

// Turn returns the side to move.
func (p Position) Turn() pacosako.Color { return pacosako.Color(p.turn) }

// Pieces returns the squares of colour c's pieces of role r (empty for NoRole or
// an invalid colour or role).
func (p Position) Pieces(c pacosako.Color, r pacosako.Role) pacosako.Bitboard {
	if c > pacosako.Black || r < pacosako.Pawn || r > pacosako.King {
		return 0
	}
	return pacosako.Bitboard(p.pieces[r-1] & p.colors[c])
}

// Bitboards returns the whole board in one call: the squares of each role's
// pieces of both colours (roles[r-1] for role r) and of each colour's pieces
// (colors[c]). Pieces(c, r) is roles[r-1] & colors[c].
func (p Position) Bitboards() (roles [6]pacosako.Bitboard, colors [2]pacosako.Bitboard) {
	pc := &p.pieces
	return [6]pacosako.Bitboard{pacosako.Bitboard(pc[0]), pacosako.Bitboard(pc[1]), pacosako.Bitboard(pc[2]),
			pacosako.Bitboard(pc[3]), pacosako.Bitboard(pc[4]), pacosako.Bitboard(pc[5])},
		[2]pacosako.Bitboard{pacosako.Bitboard(p.colors[0]), pacosako.Bitboard(p.colors[1])}
}

// Occupied returns every square holding a piece.
func (p Position) Occupied() pacosako.Bitboard { return pacosako.Bitboard(p.occupied()) }

// At returns the colour and role of the piece on s, or ok false for an empty or
// invalid square.
func (p Position) At(s pacosako.Square) (c pacosako.Color, r pacosako.Role, ok bool) {
	if !s.IsValid() || p.occupied()&(1<<s) == 0 {
		return pacosako.White, pacosako.NoRole, false
	}
	if p.colors[1]&(1<<s) != 0 {
		c = pacosako.Black
	}
	return c, pacosako.Role(p.roleAt(int(s)) + 1), true
}

// Board returns the pieces as the module's Board (lone pieces only; Atomic has no
// unions), for drawing or for a Setup.
func (p Position) Board() pacosako.Board {
	var b pacosako.Board
	for r := pawn; r <= king; r++ {
		for c := 0; c < 2; c++ {
			for bb := p.pieces[r] & p.colors[c]; bb != 0; bb &= bb - 1 {
				b = b.With(pacosako.Square(lsb(bb)), cellOf(c, r))
			}
		}
	}
	return b
}

// cellOf is the module's Cell of a lone piece of colour c and role index r.
func cellOf(c, r int) pacosako.Cell {
	if c == 1 {
		return pacosako.Cell{Black: pacosako.Role(r + 1)}
	}
	return pacosako.Cell{White: pacosako.Role(r + 1)}
}

// King returns the square of colour c's king, or NoSquare if it has none (it was
// exploded); with several kings (an invalid position), the lowest.
func (p Position) King(c pacosako.Color) pacosako.Square {
	if c > pacosako.Black {
		return pacosako.NoSquare
	}
	if k := p.pieces[king] & p.colors[c]; k != 0 {
		return pacosako.Square(lsb(k))
	}
	return pacosako.NoSquare
}

// Castling returns the castling rights, as the module's CastlingRights (the rook
// file and the king's file of each right). A right's king is the colour's king on
// its back rank.
func (p Position) Castling() pacosako.CastlingRights {
	var cr pacosako.CastlingRights
	for c := 0; c < 2; c++ {
		k := p.pieces[king] & p.colors[c] & homeRank(c)
		if k == 0 {
			continue
		}
		kf := lsb(k) & 7
		for rs := p.castlingRooks() & homeRank(c); rs != 0; rs &= rs - 1 {
			rf := lsb(rs) & 7
			side := pacosako.KingSide
			if rf < kf {
				side = pacosako.QueenSide
			}
			cr = cr.With(pacosako.Color(c), side, kf, rf)
		}
	}
	return cr
}

// EnPassant returns the square the last move's double step skipped (as read from
// a FEN or set by Play after every double step), or NoSquare. The FEN writer names
// it only when an en passant capture is legal.
func (p Position) EnPassant() pacosako.Square { return pacosako.Square(p.ep) }

// HalfMoveClock returns the half-moves since the last capture or pawn move.
func (p Position) HalfMoveClock() int { return int(p.halfMove) }

// FullMoveNumber returns the number of the full move, 1 at the start, counted up
// after each Black move to 32768, where it stays: the largest number ParseFEN
// reads, so that every FEN written is read back (the root package counts Paco
// Ŝako's moves alike).
func (p Position) FullMoveNumber() int { return int(p.fullMove) }

// Equal reports whether p and q are the same position for the repetition rule:
// the same pieces on the same squares, the same side to move and castling rights,
// and the same en passant square where an en passant capture is legal. The clocks
// are not compared.
func (p Position) Equal(q Position) bool {
	return p.pieces == q.pieces && p.colors == q.colors && p.turn == q.turn &&
		p.castlingRights() == q.castlingRights() && p.legalEnPassant() == q.legalEnPassant()
}

// castlingRights returns the castling rooks whose king stands on its back rank.
func (p *Position) castlingRights() uint64 {
	var out uint64
	for c := 0; c < 2; c++ {
		if p.pieces[king]&p.colors[c]&homeRank(c) != 0 {
			out |= p.castlingRooks() & p.pieces[rook] & p.colors[c] & homeRank(c)
		}
	}
	return out
}

// String returns the FEN of the position.
func (p Position) String() string { return p.FEN() }
