package pacosako

import (
	"errors"
	"strings"
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

func TestColorsAndRoles(t *testing.T) {
	for in, want := range map[string]Color{"w": White, "b": Black, "White": White, "black": Black} {
		if got, err := ParseColor(in); err != nil || got != want {
			t.Errorf("ParseColor(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseColor("x"); !errors.Is(err, ErrInvalidColor) {
		t.Errorf("ParseColor(x) error = %v", err)
	}
	if White.Other() != Black || Black.Other() != White || White.String() != "White" || Black.String() != "Black" {
		t.Errorf("colour basics wrong")
	}
	for r := Pawn; r <= King; r++ {
		for _, in := range []string{r.String(), string(r.Letter()), strings.ToLower(string(r.Letter()))} {
			if got, err := ParseRole(in); err != nil || got != r {
				t.Errorf("ParseRole(%q) = %v, %v; want %v", in, got, err, r)
			}
		}
	}
	if r, err := ParseRole("queen"); err != nil || r != Queen {
		t.Errorf("ParseRole(queen) = %v, %v", r, err)
	}
	for _, bad := range []string{"", "X", "Queens", "Pawns"} {
		if _, err := ParseRole(bad); !errors.Is(err, ErrInvalidRole) {
			t.Errorf("ParseRole(%q) error = %v", bad, err)
		}
	}
}

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

// FuzzParseActions: ParseActions and ParseAction never panic, fail with
// ErrInvalidAction, and what they read is written back by FormatActions (and, one
// action at a time, by Action.String) as text that reads to the same actions.
// Played from the start, the actions are applied or refused with a typed error.
func FuzzParseActions(f *testing.F) {
	for _, s := range []string{"Lift(e2) Place(e4)", "Promote(Queen)", "Promote(N) Lift(h1)", "Lift(e9)", "Place()", "",
		"Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5) Lift(d8) Place(d5) Place(d4)", "Promote(King)", "Lift(e2)\tPlace(e3)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if a, err := ParseAction(s); err != nil {
			if !errors.Is(err, ErrInvalidAction) {
				t.Fatalf("ParseAction(%q) error %v does not wrap ErrInvalidAction", s, err)
			}
		} else if b, err := ParseAction(a.String()); err != nil || b != a {
			t.Fatalf("ParseAction(%q) = %v, which reads back as %v, %v", s, a, b, err)
		}
		acts, err := ParseActions(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidAction) {
				t.Fatalf("ParseActions(%q) error %v does not wrap ErrInvalidAction", s, err)
			}
			return
		}
		again, err := ParseActions(FormatActions(acts))
		if err != nil || FormatActions(again) != FormatActions(acts) || len(again) != len(acts) {
			t.Fatalf("ParseActions(FormatActions(%v)) = %v, %v", acts, again, err)
		}
		for i, a := range acts {
			if again[i] != a {
				t.Fatalf("ParseActions(FormatActions(%v)) = %v", acts, again)
			}
		}
		p := StartingPosition()
		q, err := p.ApplyAll(acts)
		if err != nil {
			var ae *ActionError
			if !errors.As(err, &ae) || !(errors.Is(err, ErrIllegalAction) || errors.Is(err, ErrGameOver)) ||
				ae.Index < 0 || ae.Index >= len(acts) || ae.Action != acts[ae.Index] || !q.Equal(p) {
				t.Fatalf("ApplyAll(%v): bad error %v", acts, err)
			}
			return
		}
		if g, err := NewGame(p).ApplyAll(acts); err != nil || !g.Position().Equal(q) {
			t.Fatalf("Game.ApplyAll(%v) = %v, %v; Position.ApplyAll gives %s", acts, g.Position().FEN(), err, q.FEN())
		}
	})
}

func TestOutcomeResult(t *testing.T) {
	for _, c := range []struct {
		o    Outcome
		want string
	}{
		{Outcome{}, "*"},
		{Outcome{Termination: Paco, Winner: White}, "1-0"},
		{Outcome{Termination: Paco, Winner: Black}, "0-1"},
		{Outcome{Termination: Timeout, Winner: Black}, "0-1"},
		{Outcome{Termination: Resignation, Winner: White}, "1-0"},
		{Outcome{Termination: NoProgress}, "1/2-1/2"},
		{Outcome{Termination: Repetition}, "1/2-1/2"},
		{Outcome{Termination: Agreement}, "1/2-1/2"},
		{Outcome{Termination: AllUnited}, "1/2-1/2"},
		{Outcome{Termination: KingsUnited}, "1/2-1/2"},
	} {
		if got := c.o.Result(); got != c.want {
			t.Errorf("%v.Result() = %q, want %q", c.o, got, c.want)
		}
	}
}
