package pacosako

import "strings"

// Board is the arrangement of pieces on the 64 squares: every square holds a Cell
// (nothing, one lone piece, or a union of one white and one black piece). A Board is
// a small value (120 bytes); copying it copies the position of the pieces. The zero
// Board is empty.
//
// Board keeps a square-indexed table of cells plus the bitboards move generation
// needs in its inner loops (occupancy per colour, pawns and kings per colour); With
// keeps them consistent. Positions are copied for every state a chain search
// visits, so the board is kept small.
type Board struct {
	cells   [64]uint8   // white role | black role<<4
	byColor [2]Bitboard // every square holding a piece of that colour
	pawns   [2]Bitboard // pawns per colour, lone or in a union
	kings   [2]Bitboard // kings per colour, lone or in a union
	hash    uint64      // Zobrist hash of the arrangement (zobrist.go)
}

// Cell returns what stands on s (the zero Cell for an invalid square).
func (b Board) Cell(s Square) Cell {
	if !s.IsValid() {
		return Cell{}
	}
	x := b.cells[s]
	return Cell{White: Role(x & 15), Black: Role(x >> 4)}
}

// roleAt returns the role of colour c's piece on s, or NoRole.
func (b *Board) roleAt(c Color, s Square) Role {
	return Role(b.cells[s] >> (4 * c) & 15)
}

// With returns the board with the content of s replaced by c (an empty Cell clears
// the square); b is unchanged. Roles outside Pawn..King are treated as NoRole, and
// an invalid square leaves the board as it is. It is how a board is built in code,
// for a Setup:
//
//	var b pacosako.Board
//	b = b.With(pacosako.E1, pacosako.Cell{White: pacosako.King})
//	b = b.With(pacosako.E4, pacosako.Cell{White: pacosako.Queen, Black: pacosako.Knight}) // a union
func (b Board) With(s Square, c Cell) Board {
	b.set(s, c)
	return b
}

// set replaces the content of s with c (see With).
func (b *Board) set(s Square, c Cell) {
	if !s.IsValid() {
		return
	}
	b.remove(White, s)
	b.remove(Black, s)
	if c.White >= Pawn && c.White <= King {
		b.put(White, c.White, s)
	}
	if c.Black >= Pawn && c.Black <= King {
		b.put(Black, c.Black, s)
	}
}

// put places a piece of colour c and role r on s, where c has no piece yet.
func (b *Board) put(c Color, r Role, s Square) {
	bb := s.bit()
	switch r {
	case Pawn:
		b.pawns[c] |= bb
	case King:
		b.kings[c] |= bb
	}
	b.byColor[c] |= bb
	b.cells[s] |= uint8(r) << (4 * c)
	b.hash ^= zobrist.piece[c][r][s]
}

// remove takes colour c's piece off s and returns its role (NoRole if none).
func (b *Board) remove(c Color, s Square) Role {
	r := b.roleAt(c, s)
	if r == NoRole {
		return NoRole
	}
	bb := s.bit()
	b.pawns[c] &^= bb
	b.kings[c] &^= bb
	b.byColor[c] &^= bb
	b.cells[s] &^= 15 << (4 * c)
	b.hash ^= zobrist.piece[c][r][s]
	return r
}

// cell is Cell for a valid square, without the copy of a value receiver.
func (b *Board) cell(s Square) Cell {
	x := b.cells[s]
	return Cell{White: Role(x & 15), Black: Role(x >> 4)}
}

// swap exchanges the full contents of two squares.
func (b *Board) swap(s, t Square) {
	cs, ct := b.cell(s), b.cell(t)
	b.set(s, ct)
	b.set(t, cs)
}

// Occupied returns every square holding at least one piece.
func (b Board) Occupied() Bitboard { return b.byColor[White] | b.byColor[Black] }

// occupied is Occupied and unions is Unions for the package's own hot paths:
// a method of a value receiver called on a board in place copies it first.
func (b *Board) occupied() Bitboard { return b.byColor[White] | b.byColor[Black] }
func (b *Board) unions() Bitboard   { return b.byColor[White] & b.byColor[Black] }

// ByColor returns every square holding a piece of colour c, lone or in a union.
func (b Board) ByColor(c Color) Bitboard {
	if c > Black {
		return 0
	}
	return b.byColor[c]
}

// Unions returns every square holding a union.
func (b Board) Unions() Bitboard { return b.byColor[White] & b.byColor[Black] }

// Pieces returns every square where colour c has a piece of role r, lone or in a
// union. Empty for NoRole or an out-of-range role.
func (b Board) Pieces(c Color, r Role) Bitboard {
	switch {
	case r < Pawn || r > King || c > Black:
		return 0
	case r == Pawn:
		return b.pawns[c]
	case r == King:
		return b.kings[c]
	}
	var out Bitboard
	for s := range b.byColor[c].All() {
		if b.roleAt(c, s) == r {
			out |= s.bit()
		}
	}
	return out
}

// String draws the board as eight lines of eight FEN letters, rank 8 first, "." for
// an empty square, each line ending in a newline.
func (b Board) String() string {
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			sb.WriteString(b.Cell(NewSquare(file, rank)).String())
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
