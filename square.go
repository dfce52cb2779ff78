package pacosako

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
)

// Square is one of the 64 squares, numbered as the official engine and its JSON
// action logs number them: index = rank*8 + file, so A1 = 0, H1 = 7, A8 = 56, H8 = 63.
// NoSquare (64) stands for "no square" (no en passant square, empty hand).
type Square uint8

// The 64 squares of the board (A1 = 0 … H8 = 63), and NoSquare (64).
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
	// NoSquare marks the absence of a square.
	NoSquare
)

// NewSquare returns the square on file (0 = a … 7 = h) and rank (0 = rank 1 … 7 =
// rank 8). It returns NoSquare if either is out of range.
func NewSquare(file, rank int) Square {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return NoSquare
	}
	return Square(rank*8 + file)
}

// ParseSquare parses a square name such as "e4" (lower-case file letter, rank digit).
// The error wraps ErrInvalidSquare.
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("%w: %q: want a file a-h and a rank 1-8, such as e4", ErrInvalidSquare, shorten(s))
	}
	return Square(int(s[1]-'1')*8 + int(s[0]-'a')), nil
}

// File returns the file of s, 0 (a) to 7 (h). Undefined for NoSquare.
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank of s, 0 (rank 1) to 7 (rank 8). Undefined for NoSquare.
func (s Square) Rank() int { return int(s >> 3) }

// IsValid reports whether s is one of the 64 board squares.
func (s Square) IsValid() bool { return s < 64 }

// String returns the square's name ("e4"), or "-" for NoSquare and any other
// invalid value.
func (s Square) String() string {
	if !s.IsValid() {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// Bitboard is a set of squares: bit i is set when Square(i) is in the set.
type Bitboard uint64

// bit returns the one-square set {s}; s must be valid.
func (s Square) bit() Bitboard { return 1 << s }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return s < 64 && b&(1<<s) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of the set, or NoSquare if it is empty.
func (b Bitboard) First() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// All yields the squares of the set in increasing order (a1, b1, … h8).
func (b Bitboard) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for b != 0 {
			s := Square(bits.TrailingZeros64(uint64(b)))
			b &= b - 1
			if !yield(s) {
				return
			}
		}
	}
}

// String lists the squares sorted by name (a1, a2, … a8, b1, … h8), comma
// separated ("b3,d3"), the form of the threat columns of the reference data
// (sako.tsv); the empty set is "".
func (b Bitboard) String() string {
	var sb strings.Builder
	for file := 0; file < 8; file++ {
		for s := range (b & (fileABB << file)).All() {
			if sb.Len() > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(s.String())
		}
	}
	return sb.String()
}

// SquareSet builds a Bitboard from squares; invalid squares are ignored.
func SquareSet(squares ...Square) Bitboard {
	var b Bitboard
	for _, s := range squares {
		if s.IsValid() {
			b |= s.bit()
		}
	}
	return b
}

const (
	rank1BB Bitboard = 0xFF
	rank2BB Bitboard = rank1BB << 8
	rank7BB Bitboard = rank1BB << 48
	rank8BB Bitboard = rank1BB << 56
	fileABB Bitboard = 0x0101010101010101
	fileHBB Bitboard = fileABB << 7
)
