package atomic

import (
	"fmt"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/fenfield"
)

// Setup is an unvalidated description of a position with public fields, for
// building positions in code, as the root package's Setup is for Paco Ŝako.
// Setup.Position turns it into a Position after checking only that every field is
// in range; Position.Validate says whether it could arise in a game.
type Setup struct {
	Board     pacosako.Board          // lone pieces only (Atomic has no unions)
	Turn      pacosako.Color          // the side to move
	Castling  pacosako.CastlingRights // each right's rook square counts; its king is the colour's king on the back rank
	EnPassant pacosako.Square         // the square a double step just skipped, or NoSquare (A1, the zero value, also means none)
	// HalfMoveClock counts half-moves since the last capture or pawn move, 0..65535.
	HalfMoveClock int
	// FullMoveNumber is 1 at the start and grows after each Black move, 1..32768
	// (0 is read as 1), as ParseFEN reads it and Play counts it.
	FullMoveNumber int
}

// Setup returns the parts of p; Setup().Position() gives back p.
func (p Position) Setup() Setup {
	ep := pacosako.Square(p.ep)
	return Setup{Board: p.Board(), Turn: p.Turn(), Castling: p.rightsOf(p.castlingRooks()), EnPassant: ep,
		HalfMoveClock: int(p.halfMove), FullMoveNumber: int(p.fullMove)}
}

// rightsOf returns the castling rooks rs as CastlingRights, each for its colour's
// king on the back rank (the e-file when there is none, so that the right is kept
// for Validate to report).
func (p *Position) rightsOf(rs uint64) pacosako.CastlingRights {
	var cr pacosako.CastlingRights
	for ; rs != 0; rs &= rs - 1 {
		s := lsb(rs)
		c := s >> 5 & 1
		kf := 4
		if k := p.pieces[king] & p.colors[c] & homeRank(c); k != 0 {
			kf = lsb(k) & 7
		}
		side := pacosako.KingSide
		if s&7 < kf {
			side = pacosako.QueenSide
		}
		cr = cr.With(pacosako.Color(c), side, kf, s&7)
	}
	return cr
}

// Position builds the position of the setup. The error wraps ErrInvalidSetup when
// a field is out of range: a union on the board, Turn not White or Black, an
// invalid en passant square, a clock outside its range.
func (s Setup) Position() (Position, error) {
	fail := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf(prefix+"%w: %s", ErrInvalidSetup, fmt.Sprintf(format, args...))
	}
	if u := s.Board.Unions(); u != 0 {
		return fail("unions on %v: Atomic chess has lone pieces only", u)
	}
	if s.Turn > pacosako.Black {
		return fail("side to move %v is not White or Black", s.Turn)
	}
	if s.EnPassant != pacosako.NoSquare && !s.EnPassant.IsValid() {
		return fail("en passant square %d is not a square", uint8(s.EnPassant))
	}
	if s.HalfMoveClock < 0 || s.HalfMoveClock > 0xFFFF {
		return fail("half-move clock %d is outside 0..65535", s.HalfMoveClock)
	}
	if s.FullMoveNumber < 0 || s.FullMoveNumber > fenfield.MaxFullMove {
		return fail("full-move number %d is outside 1..%d (0 is read as 1)", s.FullMoveNumber, fenfield.MaxFullMove)
	}
	p := Position{turn: uint8(s.Turn), ep: noSquare, halfMove: uint16(s.HalfMoveClock), fullMove: uint16(max(s.FullMoveNumber, 1))}
	for c := pacosako.White; c <= pacosako.Black; c++ {
		for r := pacosako.Pawn; r <= pacosako.King; r++ {
			bb := uint64(s.Board.Pieces(c, r))
			p.pieces[r-1] |= bb
			p.colors[c] |= bb
		}
		for side := pacosako.QueenSide; side <= pacosako.KingSide; side++ {
			if rs := s.Castling.Rook(c, side); rs != pacosako.NoSquare {
				p.castling |= castlingBits(1 << rs)
			}
		}
	}
	p.zob = p.pieceKeys()
	if s.EnPassant != pacosako.NoSquare && s.EnPassant != pacosako.A1 {
		p.ep = uint8(s.EnPassant)
	}
	return p, nil
}
