package pacosako

import "fmt"

// Setup is an unvalidated description of a position with public fields, for building
// positions in code (shakmaty's split of Setup and Position). Setup.Position turns
// it into a Position after checking only what the state machine needs to work; it
// does not check that the position could arise in a game (that is a separate,
// opt-in validation).
type Setup struct {
	Board             Board
	Turn              Color          // side to move
	Hand              Hand           // a move in progress; Hand.Color is ignored (the mover is Turn)
	Castling          CastlingRights // rights as rook files (see CastlingRights)
	EnPassant         Square         // NoSquare if none; A1, the zero value, also means none (no double step skips a1)
	NoProgressCounter int            // the no-progress counter, 0..65535
	Rules             Rules          // the rules the position is played by (zero value: Pacoplay)
}

// Setup returns the parts of p. Setup().Position() gives back p, except for an
// outcome reached by play, a pending PromoteThenFinish (which becomes the inferred
// start-of-turn promotion, as in FEN), an en passant square a1 (only a FEN can
// set one; in a Setup a1 means none), and under vchess's rules the ply count, the
// ko move and any cleared pawn file flag (a Setup has none of them).
func (p Position) Setup() Setup {
	return Setup{Board: p.board, Turn: p.turn, Hand: p.Hand(), Castling: p.castling,
		EnPassant: p.epSquare(), NoProgressCounter: int(p.noProgress), Rules: p.rules}
}

// Position builds a running position from the setup. As in ParseFEN, a pawn of the
// side to move on its last rank means that side owes a promotion, and castling
// rights on a board without both kings are dropped. Under rules with
// PawnFileFlags every flag is set (every pawn on its pawn row may still
// double-step), as WithRules sets them: nothing is known to have cleared one.
// The error wraps ErrInvalidSetup when a field is out of range: Turn not White
// or Black, a hand with a partner but no piece or with an invalid square, an
// invalid en passant square, or NoProgressCounter outside 0..65535.
func (s Setup) Position() (Position, error) {
	fail := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf(prefix+"%w: %s", ErrInvalidSetup, fmt.Sprintf(format, args...))
	}
	if s.Turn > Black {
		return fail("side to move %v is not White or Black", s.Turn)
	}
	if s.NoProgressCounter < 0 || s.NoProgressCounter > 0xFFFF {
		return fail("no-progress counter %d is outside 0..65535", s.NoProgressCounter)
	}
	if s.EnPassant != NoSquare && !s.EnPassant.IsValid() {
		return fail("en passant square %d is not a square", uint8(s.EnPassant))
	}
	h := s.Hand
	if h.Piece > King || h.Partner > King {
		return fail("hand holds an invalid role")
	}
	if h.Piece == NoRole && h.Partner != NoRole {
		return fail("hand holds a partner (%v) but no piece of the mover", h.Partner)
	}
	if h.Piece != NoRole && !h.Square.IsValid() {
		return fail("hand hovers over no square")
	}
	p := Position{board: s.Board, turn: s.Turn, castling: s.Castling, noProgress: uint16(s.NoProgressCounter), rules: s.Rules}
	p.dropCastlingWithoutKings()
	if s.Rules.switches&PawnFileFlags != 0 {
		p.pawnFlags = 0xFFFF
	}
	if s.EnPassant != NoSquare && s.EnPassant != A1 {
		p.ep1 = uint8(s.EnPassant) + 1
	}
	if h.Piece != NoRole {
		p.handOwn, p.handPart, p.handSq = h.Piece, h.Partner, h.Square
		p.step = requirePlace
	}
	p.inferPromotion()
	return p, nil
}

// Position returns the diagram's board as a position whose other parts come from
// defaults (its Board is ignored): the side to move, castling rights, en passant
// square, counters and rules the caller chooses for a board-only diagram. A bare
// board field reads the same way with ParseBoard and a Setup. Errors are those of
// Setup.Position.
func (d Diagram) Position(defaults Setup) (Position, error) {
	defaults.Board = d.Board
	return defaults.Position()
}

// NaturalCastling returns the castling rights a board suggests when nothing else is
// known (for a diagram): for each colour whose king stands alone on its home rank,
// a right on each side where a lone own rook stands on the home rank, the outermost
// one if there are several (the X-FEN convention).
func NaturalCastling(b Board) CastlingRights {
	var cr CastlingRights
	for c := White; c <= Black; c++ {
		rank := c.homeRank()
		lone := b.byColor[c] &^ b.byColor[c.Other()]
		kings := b.kings[c] & lone & (rank1BB << (8 * rank))
		if kings.Count() != 1 {
			continue
		}
		kf := kings.First().File()
		for f := 0; f < kf; f++ { // outermost queen-side rook
			if s := NewSquare(f, rank); lone.Has(s) && b.roleAt(c, s) == Rook {
				cr = cr.With(c, QueenSide, kf, f)
				break
			}
		}
		for f := 7; f > kf; f-- { // outermost king-side rook
			if s := NewSquare(f, rank); lone.Has(s) && b.roleAt(c, s) == Rook {
				cr = cr.With(c, KingSide, kf, f)
				break
			}
		}
	}
	return cr
}
