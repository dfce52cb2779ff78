package pacosako

import (
	"errors"
	"testing"
)

func TestSquares(t *testing.T) {
	for s := A1; s <= H8; s++ {
		name := s.String()
		got, err := ParseSquare(name)
		if err != nil || got != s {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v", name, got, err, s)
		}
		if NewSquare(s.File(), s.Rank()) != s {
			t.Errorf("NewSquare(%d, %d) != %v", s.File(), s.Rank(), s)
		}
	}
	if A1 != 0 || H1 != 7 || A8 != 56 || H8 != 63 || E4 != 28 || NoSquare != 64 {
		t.Errorf("square numbering is not rank*8+file")
	}
	for _, bad := range []string{"", "e", "e0", "e9", "i1", "E4", "e44", "-"} {
		if _, err := ParseSquare(bad); !errors.Is(err, ErrInvalidSquare) {
			t.Errorf("ParseSquare(%q) error = %v, want ErrInvalidSquare", bad, err)
		}
	}
	if NoSquare.String() != "-" || Square(200).String() != "-" || NewSquare(8, 0) != NoSquare || NewSquare(0, -1) != NoSquare {
		t.Errorf("invalid squares are not reported as such")
	}
}

func TestBitboard(t *testing.T) {
	b := SquareSet(E4, A1, H8, NoSquare)
	if b.Count() != 3 || !b.Has(E4) || b.Has(E5) || b.Has(NoSquare) || b.First() != A1 {
		t.Errorf("SquareSet(e4, a1, h8) = %v", b)
	}
	var got []Square
	for s := range b.All() {
		got = append(got, s)
	}
	if len(got) != 3 || got[0] != A1 || got[1] != E4 || got[2] != H8 {
		t.Errorf("All() = %v, want a1 e4 h8 in index order", got)
	}
	// String sorts by name, as the reference data's threat columns do.
	if s := SquareSet(A3, B1, A1).String(); s != "a1,a3,b1" {
		t.Errorf("String() = %q, want a1,a3,b1", s)
	}
	if Bitboard(0).String() != "" || Bitboard(0).First() != NoSquare {
		t.Errorf("empty set misbehaves")
	}
}
