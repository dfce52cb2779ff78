package polyglot

import (
	"errors"
	"fmt"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Move is a move as a Polyglot book stores it, 16 bits: the to square in bits
// 0–5 and the from square in bits 6–11 (a1 = 0 … h8 = 63), the promotion in
// bits 12–14 (0 none, 1 knight, 2 bishop, 3 rook, 4 queen); bit 15 is unused.
// Castling is written king takes rook (e1h1, e8a8; a Chess960 king on f1
// castling with its rook on g1: f1g1), in standard chess as in Chess960.
type Move uint16

// polyglotPromo maps a Polyglot promotion code to the role; 0 is none.
var polyglotPromo = [8]pacosako.Role{0, pacosako.Knight, pacosako.Bishop, pacosako.Rook, pacosako.Queen}

// EncodeMove returns the Polyglot encoding of m, a move of this library
// (castling king takes rook). The zero Move encodes as 0, which no book move is.
func EncodeMove(m atomic.Move) Move {
	if m.IsZero() {
		return 0
	}
	to := m.To()
	if m.IsCastling() {
		to = m.CastlingRook()
	}
	var promo Move
	for code, r := range polyglotPromo[1:5] {
		if r == m.Promotion() {
			promo = Move(code + 1)
		}
	}
	return Move(to) | Move(m.From())<<6 | promo<<12
}

// From returns the square the move leaves (the king's for castling).
func (m Move) From() pacosako.Square { return pacosako.Square(m >> 6 & 63) }

// To returns the square the move goes to (the castling rook's for castling).
func (m Move) To() pacosako.Square { return pacosako.Square(m & 63) }

// Promotion returns the role a pawn promotes to, NoRole for none and for the
// codes 5 to 7, which no book move has (Valid).
func (m Move) Promotion() pacosako.Role { return polyglotPromo[m>>12&7] }

// Valid reports whether m has the shape of a book move: two different squares,
// a promotion code 0 to 4 and bit 15 clear. It says nothing about a position.
func (m Move) Valid() bool { return m.From() != m.To() && m>>12&7 <= 4 && m>>15 == 0 }

// String returns the move as Polyglot stores it, in UCI's letters: "e2e4",
// "a7a8q", castling "e1h1"; a move that is not Valid in hexadecimal ("0x0000").
func (m Move) String() string {
	if !m.Valid() {
		return fmt.Sprintf("%#04x", uint16(m))
	}
	s := m.From().String() + m.To().String()
	if r := m.Promotion(); r != pacosako.NoRole {
		s += string(r.Letter() | 0x20)
	}
	return s
}

// In returns the legal move of p that m encodes. Castling is read only king
// takes rook: a book's e1g1 is a king's step, not castling, and so not legal.
// The error wraps ErrIllegalMove (a *MoveError naming the move and p's FEN) when
// m is not Valid or names no legal move of p.
func (m Move) In(p atomic.Position) (atomic.Move, error) {
	if !m.Valid() {
		return atomic.Move{}, &MoveError{Move: m, FEN: p.FEN(), Reason: "not a book move's encoding (same squares, or a promotion code over 4)"}
	}
	mv, err := p.ParseUCI(m.String())
	if err != nil {
		var me *atomic.MoveError
		reason := err.Error()
		if errors.As(err, &me) && me.Reason != "" {
			reason = me.Reason
		}
		return atomic.Move{}, &MoveError{Move: m, FEN: p.FEN(), Reason: reason, Err: err}
	}
	if EncodeMove(mv) != m { // king-to-target castling, which Polyglot does not write
		return atomic.Move{}, &MoveError{Move: m, FEN: p.FEN(), Reason: "castling is written king takes rook in a book (" + EncodeMove(mv).String() + ")"}
	}
	return mv, nil
}
