package pacosako

import (
	"fmt"
	"strings"
)

// Color is a side: White (moves up the board, towards rank 8) or Black.
type Color uint8

// The two colours. White moves first in the standard start position.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "White" or "Black", the spelling of the official engine
// (e.g. in Outcome.VictoryState's "PacoVictory(White)").
func (c Color) String() string {
	switch c {
	case White:
		return "White"
	case Black:
		return "Black"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// ParseColor parses "w"/"b" (the FEN side-to-move letters) or "White"/"Black", in
// any case. The error wraps ErrInvalidColor.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(s) {
	case "w", "white":
		return White, nil
	case "b", "black":
		return Black, nil
	}
	return White, fmt.Errorf(prefix+"%w: %q: want w, b, White or Black", ErrInvalidColor, shorten(s))
}

// homeRank is the rank (0..7) of c's back row: rank 1 for White, rank 8 for Black.
func (c Color) homeRank() int { return int(c) * 7 }

// promotionRank is the rank (0..7) on which c's pawns promote.
func (c Color) promotionRank() int { return 7 - int(c)*7 }

// forward is the index step of one rank forward for c (+8 for White, -8 for Black).
func (c Color) forward() int { return 8 - 16*int(c) }

// Role is a piece type. NoRole (the zero value) means "no piece".
type Role uint8

// The six piece types, and NoRole. The numeric order (pawn to king) is the order
// used wherever roles are enumerated (e.g. promotion choices Knight, Bishop, Rook, Queen).
const (
	NoRole Role = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// promotionRoles are the roles a pawn may promote to, in enumeration order.
var promotionRoles = [4]Role{Knight, Bishop, Rook, Queen}

var roleNames = [...]string{"NoRole", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"}

// String returns the English name ("Queen"), as the engine writes Promote(Queen).
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// Letter returns the upper-case letter of the role: P N B R Q K, or 0 for NoRole.
func (r Role) Letter() byte {
	if r >= Pawn && r <= King {
		return " PNBRQK"[r]
	}
	return 0
}

// roleFromLetter returns the role of a piece letter (either case: P N B R Q K), or
// NoRole if the letter names no piece.
func roleFromLetter(c byte) Role {
	switch c | 0x20 {
	case 'p':
		return Pawn
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	case 'k':
		return King
	}
	return NoRole
}

// ParseRole parses a role by English name in any case ("Queen", as in the engine's
// Promote(Queen) and pacoplay's JSON, or "queen") or by letter ("Q" or "q"). The
// error wraps ErrInvalidRole.
func ParseRole(s string) (Role, error) {
	for r := Pawn; r <= King; r++ {
		if strings.EqualFold(s, roleNames[r]) {
			return r, nil
		}
	}
	if len(s) == 1 {
		if r := roleFromLetter(s[0]); r != NoRole {
			return r, nil
		}
	}
	return NoRole, fmt.Errorf("%w: %q: want Pawn, Knight, Bishop, Rook, Queen or King, or its letter P N B R Q K", ErrInvalidRole, shorten(s))
}

// Cell is what stands on one square: nothing, one lone piece (one field set), or a
// union (both fields set: one white and one black piece sharing the square).
//
// In the engine's FEN dialect (Cell.Letter, ParseFEN) a lone piece is its letter,
// upper case for White (P N B R Q K, p n b r q k), and a union is one letter of its
// own. The lower-case letter is the union of the white piece of its row and the
// black piece of its column; the upper-case letter is the same union with the
// colours swapped ("c" is a white rook with a black pawn, "C" a black rook with a
// white pawn); "_" is the two kings. Every letter of the alphabet is a piece or a
// union, so a mistyped letter still reads: Position.Validate reports what it made.
//
//	white \ black  Pawn  Knight  Bishop  Rook  Queen
//	Pawn            a
//	Knight          d     o
//	Bishop          e     s       v
//	Rook            c     i       j       h
//	Queen           f     t       w       l     y
//	King            g     u       x       m     z
type Cell struct {
	White Role
	Black Role
}

// IsEmpty reports whether no piece stands on the cell.
func (c Cell) IsEmpty() bool { return c.White == NoRole && c.Black == NoRole }

// IsUnion reports whether the cell holds a white and a black piece.
func (c Cell) IsUnion() bool { return c.White != NoRole && c.Black != NoRole }

// Role returns the role of colour col's piece on the cell (NoRole if none).
func (c Cell) Role(col Color) Role {
	switch col {
	case White:
		return c.White
	case Black:
		return c.Black
	}
	return NoRole
}

// unionLetters maps (white role, black role) to the engine's lower-case union letter
// (docs/RULES.md §4, catalogue §12.1); unionOfLetter maps a union letter (either case) to
// its cell. The upper-case letter is the same union with the colours swapped.
var unionLetters, unionOfLetter = buildUnionTables()

func buildUnionTables() (letters [7][7]byte, cells [128]Cell) {
	// lower-case letter = {white X, black Y}, listed as letter, white, black.
	table := []struct {
		l    byte
		w, b Role
	}{
		{'a', Pawn, Pawn}, {'c', Rook, Pawn}, {'d', Knight, Pawn}, {'e', Bishop, Pawn},
		{'f', Queen, Pawn}, {'g', King, Pawn}, {'h', Rook, Rook}, {'i', Knight, Rook},
		{'j', Bishop, Rook}, {'l', Queen, Rook}, {'m', King, Rook}, {'o', Knight, Knight},
		{'s', Bishop, Knight}, {'t', Queen, Knight}, {'u', King, Knight}, {'v', Bishop, Bishop},
		{'w', Queen, Bishop}, {'x', King, Bishop}, {'y', Queen, Queen}, {'z', King, Queen},
	}
	for _, e := range table {
		letters[e.w][e.b] = e.l
		cells[e.l] = Cell{White: e.w, Black: e.b}
		cells[e.l-'a'+'A'] = Cell{White: e.b, Black: e.w}
	}
	return letters, cells
}

// Letter returns the engine-dialect FEN letter of the cell: 0 for an empty cell;
// lone pieces P N B R Q K (white) or p n b r q k (black); unions the
// letter of catalogue §12.1, lower case whenever the table has a lower-case letter
// for the pair (so symmetric unions such as two pawns are always 'a'), upper case
// otherwise; '_' for a union of two kings; '?' for a role outside Pawn..King.
func (c Cell) Letter() byte {
	switch {
	case c.IsEmpty():
		return 0
	case c.White > King || c.Black > King:
		return '?'
	case c.Black == NoRole:
		return c.White.Letter()
	case c.White == NoRole:
		return c.Black.Letter() | 0x20
	}
	if l := unionLetters[c.White][c.Black]; l != 0 {
		return l
	}
	if l := unionLetters[c.Black][c.White]; l != 0 {
		return l - 'a' + 'A'
	}
	return '_'
}

// cellFromLetter returns the cell named by an engine-dialect FEN letter: a lone piece
// (P N B R Q K white, p n b r q k black), a union letter of either case, or '_' for
// the two kings in one union (the engine writes '_' but cannot read it; this library
// reads it, so that every FEN it writes reads back). ok is false for any other byte.
func cellFromLetter(l byte) (c Cell, ok bool) {
	if l == '_' {
		return Cell{White: King, Black: King}, true
	}
	if r := roleFromLetter(l); r != NoRole {
		if l < 'a' {
			return Cell{White: r}, true
		}
		return Cell{Black: r}, true
	}
	if l < 128 {
		c = unionOfLetter[l]
	}
	return c, !c.IsEmpty()
}

// String returns the cell's FEN letter, or "." for an empty cell.
func (c Cell) String() string {
	if c.IsEmpty() {
		return "."
	}
	return string(c.Letter())
}
