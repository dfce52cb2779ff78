package atomic

import (
	"errors"
	"testing"

	"github.com/pacosako-go/pacosako"
)

func TestValidate(t *testing.T) {
	withRights := func(fen string, rooks ...pacosako.Square) Position {
		p := MustParseFEN(fen)
		for _, r := range rooks {
			p.castling |= castlingBits(1 << r)
		}
		return p
	}
	cases := []struct {
		p    Position
		want PositionErrorKind
		text string
	}{
		{StartingPosition(), 0, ""},
		{MustParseFEN("8/8/8/8/8/8/8/4K3 b - - 0 1"), 0, ""}, // a finished game
		{MustParseFEN("8/8/8/8/8/8/8/4K3 w - - 0 1"), MissingKing, "no Black king (the side not to move)"},
		{MustParseFEN("8/8/8/8/8/8/8/8 w - - 0 1"), MissingKing, "no king on the board"},
		{MustParseFEN("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), TooManyKings, "2 White kings"},
		{MustParseFEN("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1"), TooManyPieces, "9 Black pawns"},
		{MustParseFEN("4k3/8/8/8/8/8/PPPPPPPP/QQK5 w - - 0 1"), TooManyPieces, "White: 8 pawns plus 1 promoted"},
		{MustParseFEN("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"), PawnOnBackRank, "White pawn on a1"},
		{withRights("4k3/8/8/8/8/8/4K3/R7 w - - 0 1", pacosako.A1), CastlingWithoutKing, "White castling right with the rook on a1 without a king on rank 1"},
		{withRights("4k3/8/8/8/8/8/8/4K3 w - - 0 1", pacosako.H1), CastlingWithoutRook, "White castling right without a rook on h1"},
		{MustParseFEN("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), 0, ""},
		{MustParseFEN("4k3/3b4/8/3pP3/8/8/8/4K3 w - d6 0 1"), InvalidEnPassant, "en passant square d6 with a piece on d7 where the double step started"},
		{MustParseFEN("R3k3/8/8/8/8/8/8/4K3 w - - 0 1"), OppositeCheck, "Black (not to move) in check"},
		{MustParseFEN("8/8/8/8/8/8/8/R2kK3 w - - 0 1"), 0, ""}, // touching kings: no check
	}
	for _, c := range cases {
		err := c.p.Validate()
		if c.want == 0 {
			if err != nil {
				t.Errorf("%s: %v", c.p.FEN(), err)
			}
			continue
		}
		var pe *PositionError
		if !errors.As(err, &pe) || !errors.Is(err, ErrInvalidPosition) || pe.Kinds != c.want {
			t.Errorf("%s: %v, want %v", c.p.FEN(), err, c.want)
			continue
		}
		if r := pe.Reasons(); len(r) != 1 || r[0] != c.text {
			t.Errorf("%s: reasons %q, want %q", c.p.FEN(), r, c.text)
		}
		if pe.Ignore(c.want) != nil || pe.Ignore(0) == nil {
			t.Errorf("%s: Ignore", c.p.FEN())
		}
	}
	if got := (MissingKing | OppositeCheck | 1<<20).String(); got != "MissingKing+OppositeCheck+PositionErrorKind(0x100000)" {
		t.Errorf("String = %q", got)
	}
}

// TestSetupRoundTrip: Setup().Position() gives every vector position back.
func TestSetupRoundTrip(t *testing.T) {
	for _, p := range vectorPositions(t) {
		q, err := p.Setup().Position()
		if err != nil || q != p {
			t.Fatalf("%s: Setup().Position() = %s, %v", p.FEN(), q.FEN(), err)
		}
		if !p.Castling().IsEmpty() && p.Castling() != p.Setup().Castling {
			t.Fatalf("%s: Castling %v, Setup %v", p.FEN(), p.Castling(), p.Setup().Castling)
		}
	}
}

// TestInsufficientMaterial covers the clauses of ATOMIC.md §1.10 that no shared
// vector has: bishops that cannot explode one another, knights against a bare
// king.
func TestInsufficientMaterial(t *testing.T) {
	cases := []struct {
		fen          string
		white, black bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},
		{"4k3/8/8/8/8/8/8/3BKB2 w - - 0 1", false, true},
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", true, true},
		{"4k3/8/8/8/8/8/8/NN2KN2 w - - 0 1", false, true},
		{"4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1", false, true},
		{"4k3/8/8/8/8/8/8/4KQ2 w - - 0 1", false, true},
		{"2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", false, false}, // c8 and f1 are both light: bishops of opposite sides on one colour
		{"3bk3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true},    // d8 dark, f1 light: they never meet
		{"3bk3/8/8/8/8/8/8/3NKB2 w - - 0 1", false, false}, // a knight besides
		{"8/8/8/8/8/8/8/4KR2 w - - 0 1", false, true},      // the black king is gone: White has won
	}
	for _, c := range cases {
		p := MustParseFEN(c.fen)
		if w, b := p.HasInsufficientMaterial(pacosako.White), p.HasInsufficientMaterial(pacosako.Black); w != c.white || b != c.black {
			t.Errorf("%s: insufficient White %v Black %v, want %v %v", c.fen, w, b, c.white, c.black)
		}
	}
}
