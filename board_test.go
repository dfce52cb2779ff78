package pacosako

import (
	"errors"
	"testing"
)

func TestBoardFEN(t *testing.T) {
	const placement = "4k3/8/2q5/8/4o3/2w2B2/8/5K2"
	b, err := ParseBoard(placement)
	if err != nil {
		t.Fatal(err)
	}
	if b.FEN() != placement {
		t.Errorf("Board.FEN() = %q, want %q", b.FEN(), placement)
	}
	if c := b.Cell(C3); c != (Cell{White: Queen, Black: Bishop}) || !c.IsUnion() {
		t.Errorf("c3 = %+v, want white queen + black bishop", c)
	}
	if b.Unions() != SquareSet(C3, E4) || b.Pieces(White, King) != SquareSet(F1) || b.ByColor(Black).Count() != 4 {
		t.Errorf("board sets wrong: unions %v", b.Unions())
	}
	want := "....k...\n........\n..q.....\n........\n....o...\n..w..B..\n........\n.....K..\n"
	if b.String() != want {
		t.Errorf("Board.String() =\n%s", b.String())
	}
	b = b.With(C3, Cell{})
	if !b.Cell(C3).IsEmpty() || b.Occupied().Has(C3) {
		t.Errorf("Set(c3, empty) left %v", b.Cell(C3))
	}
	var fe *FENError
	if _, err := ParseBoard("8/8/8"); !errors.As(err, &fe) || fe.Field != "board" || !errors.Is(err, ErrInvalidFEN) {
		t.Errorf("ParseBoard(8/8/8) error = %v", err)
	}
}
