package pacosako

import (
	"errors"
	"strings"
	"testing"
)

// Unit tests of the FEN reader and writer (RULES.md §4, catalogue §12.1) and of the
// cell letters. The reference round trips are in conformance_test.go.

func TestParseFENErrors(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	tests := []struct {
		name   string
		fen    string
		field  string
		reason []string // substrings the reason must contain
	}{
		{"empty", "", "fields", []string{"got 0"}},
		{"five fields", start + " w 0 AHah -", "fields", []string{"got 5"}},
		{"seven fields", start + " w 0 AHah - - -", "fields", []string{"got 7"}},
		{"a move number after an engine FEN", start + " w 0 AHah - - 1", "fields", []string{"got 7 (an engine FEN ends with its sixth field, -; \"1\" follows it)"}},
		{"board only", start, "fields", []string{"got 1"}},
		{"seven ranks", "8/8/8/8/8/8/8 w 0 - - -", "board", []string{"got 7"}},
		{"nine ranks", "8/8/8/8/8/8/8/8/8 w 0 - - -", "board", []string{"got 9"}},
		{"trailing slash", "8/8/8/8/8/8/8/8/ w 0 - - -", "board", []string{"got 9"}},
		{"rank with nine squares", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -", "board", []string{"rank 7", "more than 8"}},
		{"rank with 9 by digits", "8/8/8/8/71p/8/8/8 w 0 - - -", "board", []string{"rank 4", "more than 8"}},
		{"digit overflows rank", "8/8/8/8/8/8/8/p8 w 0 - - -", "board", []string{"rank 1", "more than 8"}},
		{"digit 9", "8/8/8/8/9/8/8/8 w 0 - - -", "board", []string{"rank 4", "'9'"}},
		{"digit 0", "8/8/8/8/8/8/4P03/8 w 0 - - -", "board", []string{"rank 2", "'0'"}},
		{"rank with seven squares", "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -", "board", []string{"rank 8", "has 7 squares"}},
		{"empty rank", "8/8//8/8/8/8/8 w 0 - - -", "board", []string{"rank 6", "has 0 squares"}},
		{"question mark", "4k3/8/8/3?4/8/8/8/4K3 w 0 - - -", "board", []string{"rank 5", "'?'"}},
		{"non-ASCII", "4k3/8/8/8/8/8/8/4K2é w 0 - - -", "board", []string{"rank 1"}},
		{"side x", start + " x 0 AHah - -", "side to move", []string{`"x"`}},
		{"side W", start + " W 0 AHah - -", "side to move", []string{`"W"`}},
		{"side white", start + " white 0 AHah - -", "side to move", []string{`"white"`}},
		{"hand without letter", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2 w 1 AHah - -", "hand", []string{`"^d2"`}},
		{"hand without anything", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^ w 1 AHah - -", "hand", []string{`"^"`}},
		{"hand with three letters", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2PPP w 1 AHah - -", "hand", []string{`"^d2PPP"`}},
		{"hand bad square", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^z9P w 1 AHah - -", "hand", []string{`"z9"`}},
		{"hand bad letter", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2? w 1 AHah - -", "hand", []string{"'?'"}},
		{"hand bad second letter", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P? w 1 AHah - -", "hand", []string{"'?'"}},
		{"hand of the other side", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2p w 1 AHah - -", "hand", []string{"'p'", "White"}},
		{"hand of the other side (black)", "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR^d7P b 1 AHah - -", "hand", []string{"'P'", "Black"}},
		{"negative counter", start + " w -1 AHah - -", "no-progress counter", []string{`"-1"`}},
		{"plus counter", start + " w +1 AHah - -", "no-progress counter", []string{`"+1"`}},
		{"non-numeric counter", start + " w abc AHah - -", "no-progress counter", []string{`"abc"`}},
		{"counter 65536", start + " w 65536 AHah - -", "no-progress counter", []string{`"65536"`}},
		{"hex counter", start + " w 0x10 AHah - -", "no-progress counter", []string{`"0x10"`}},
		{"castling KQkq", start + " w 0 KQkq - -", "castling", []string{`"KQkq"`}},
		{"castling three upper", start + " w 0 ABCa - -", "castling", []string{`"ABCa"`, "two"}},
		{"castling three lower", start + " w 0 Aabc - -", "castling", []string{`"Aabc"`, "two"}},
		{"castling lower first", start + " w 0 aA - -", "castling", []string{`"aA"`}},
		{"castling I", start + " w 0 I - -", "castling", []string{`"I"`}},
		{"castling dash and letter", start + " w 0 -A - -", "castling", []string{`"-A"`}},
		{"en passant e9", start + " w 0 AHah e9 -", "en passant", []string{`"e9"`}},
		{"en passant E3", start + " w 0 AHah E3 -", "en passant", []string{`"E3"`}},
		{"en passant too long", start + " w 0 AHah e33 -", "en passant", []string{`"e33"`}},
		{"last field x", start + " w 0 AHah - x", "last field", []string{`"x"`}},
		{"last field 0", start + " w 0 AHah - 0", "last field", []string{`"0"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err == nil {
				t.Fatalf("ParseFEN(%q) = %q, want an error", tc.fen, p.FEN())
			}
			if !errors.Is(err, ErrInvalidFEN) {
				t.Errorf("error %v does not wrap ErrInvalidFEN", err)
			}
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T) is not a *FENError", err, err)
			}
			if fe.FEN != tc.fen {
				t.Errorf("FENError.FEN = %q, want %q", fe.FEN, tc.fen)
			}
			if fe.Field != tc.field {
				t.Errorf("FENError.Field = %q, want %q (reason %q)", fe.Field, tc.field, fe.Reason)
			}
			for _, s := range tc.reason {
				if !strings.Contains(fe.Reason, s) {
					t.Errorf("FENError.Reason = %q, want it to mention %s", fe.Reason, s)
				}
			}
			if msg := err.Error(); !strings.Contains(msg, tc.field) || !strings.Contains(msg, fe.Reason) {
				t.Errorf("Error() = %q does not name the field %q and the reason", msg, tc.field)
			}
		})
	}
}

func TestMustParseFENPanics(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !errors.Is(err, ErrInvalidFEN) {
			t.Errorf("MustParseFEN of a bad FEN panicked with %v, want an ErrInvalidFEN error", r)
		}
	}()
	MustParseFEN("not a fen")
}

func TestParseFENStartPosition(t *testing.T) {
	p := mustFEN(t, StartFEN)
	if got := p.FEN(); got != StartFEN {
		t.Errorf("FEN() = %q, want %q", got, StartFEN)
	}
	if !p.Equal(StartingPosition()) || p.FEN() != StartingPosition().FEN() {
		t.Error("ParseFEN(StartFEN) differs from StartingPosition()")
	}
	if p.String() != StartFEN {
		t.Errorf("String() = %q, want the FEN", p.String())
	}
	if p.Turn() != White || p.step != requireLift || !p.Hand().IsEmpty() ||
		p.EnPassant() != NoSquare || p.NoProgressCounter() != 0 || p.PendingPromotion() != NoSquare ||
		p.Outcome().IsOver() || !p.IsSettled() || p.Outcome().VictoryState() != "Running" {
		t.Errorf("start position state: turn %v required %v hand %v ep %v counter %d promo %v outcome %v",
			p.Turn(), p.step, p.Hand(), p.EnPassant(), p.NoProgressCounter(), p.PendingPromotion(), p.Outcome())
	}
	cr := p.Castling()
	for _, c := range []Color{White, Black} {
		if got, want := cr.Rook(c, QueenSide), NewSquare(0, c.homeRank()); got != want {
			t.Errorf("%v queen-side rook = %v, want %v", c, got, want)
		}
		if got, want := cr.Rook(c, KingSide), NewSquare(7, c.homeRank()); got != want {
			t.Errorf("%v king-side rook = %v, want %v", c, got, want)
		}
		if cr.KingFile(c) != 4 {
			t.Errorf("%v king file = %d, want 4", c, cr.KingFile(c))
		}
	}
	b := p.Board()
	if b.Cell(E1) != (Cell{White: King}) || b.Cell(D8) != (Cell{Black: Queen}) || !b.Cell(E4).IsEmpty() {
		t.Errorf("board:\n%v", b)
	}
	if b.Occupied().Count() != 32 || b.Unions() != 0 {
		t.Errorf("occupied %d unions %v", b.Occupied().Count(), b.Unions())
	}
}

// TestStartingPositionHash: Hash promises "equal states have equal hashes". The
// start position built at package initialisation must hash like the same position
// read from its FEN, and so must every position reached from it by play.
func TestStartingPositionHash(t *testing.T) {
	start, parsed := StartingPosition(), mustFEN(t, StartFEN)
	if !start.Equal(parsed) {
		t.Fatal("StartingPosition() is not Equal to ParseFEN(StartFEN)")
	}
	if start.Hash() != parsed.Hash() {
		t.Errorf("StartingPosition().Hash() = %#x, ParseFEN(StartFEN).Hash() = %#x: equal states with different hashes",
			start.Hash(), parsed.Hash())
	}
	bad := 0
	for _, m := range start.Moves() {
		after := m.After()
		if re := mustFEN(t, after.FEN()); re.Equal(after) && re.Hash() != after.Hash() {
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of the 20 positions after one move from StartingPosition() hash differently from the same position read from its FEN", bad)
	}
}

func TestParseFENValid(t *testing.T) {
	tests := []struct {
		name, in, out string
	}{
		{"start", StartFEN, StartFEN},
		{"after 1.d4", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1 AHah d3 -", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1 AHah d3 -"},
		{"symmetric unions lower case", "4k3/8/A1H1O3/8/V1Y5/8/8/4K3 w 0 - - -", "4k3/8/a1h1o3/8/v1y5/8/8/4K3 w 0 - - -"},
		{"asymmetric unions keep case", "4k3/8/c1C1i1I1/8/8/8/8/4K3 b 7 - - -", "4k3/8/c1C1i1I1/8/8/8/8/4K3 b 7 - - -"},
		{"hand", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"},
		{"lifted union hand (white)", "4k3/8/8/8/8/8/8/4K3^a1i w 1 - - -", "4k3/8/8/8/8/8/8/4K3^a1i w 1 - - -"},
		{"lifted union hand (black, partner white)", "4k3/8/8/8/8/8/8/4K3^a1i b 1 - - -", "4k3/8/8/8/8/8/8/4K3^a1i b 1 - - -"},
		{"lifted symmetric union hand upper case", "4k3/8/8/8/8/8/8/4K3^c3A w 1 - - -", "4k3/8/8/8/8/8/8/4K3^c3a w 1 - - -"},
		{"hand with a second letter (ignored)", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2Pp w 1 AHah - -", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"},
		{"chain hand", "4k3/8/8/8/8/a7/8/4K3^a3r b 2 - - -", "4k3/8/8/8/8/a7/8/4K3^a3r b 2 - - -"},
		{"castling dropped without white king", "r3k2r/8/8/8/8/8/8/R6R w 0 AHah - -", "r3k2r/8/8/8/8/8/8/R6R w 0 - - -"},
		{"castling dropped without black king", "r6r/8/8/8/8/8/8/R3K2R w 0 AHah - -", "r6r/8/8/8/8/8/8/R3K2R w 0 - - -"},
		{"castling kept with king in hand", "r3k2r/8/8/8/8/8/8/R6R^e1K w 1 AHah - -", "r3k2r/8/8/8/8/8/8/R6R^e1K w 1 AHah - -"},
		{"fischer castling", "brnbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BRNBNQKR w 0 BHbh - -", "brnbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BRNBNQKR w 0 BHbh - -"},
		{"castling written in canonical order", "r3k2r/8/8/8/8/8/8/R3K2R w 0 HAha - -", "r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -"},
		{"one castling right", "r3k2r/8/8/8/8/8/8/R3K2R w 0 h - -", "r3k2r/8/8/8/8/8/8/R3K2R w 0 h - -"},
		{"multiple spaces", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  0    AHah  -  - ", StartFEN},
		{"leading spaces and tabs", " \t" + StartFEN, StartFEN},
		{"counter 65535", "8/8/8/8/8/8/8/8 w 65535 - - -", "8/8/8/8/8/8/8/8 w 65535 - - -"},
		{"counter with leading zeros", "8/8/8/8/8/8/8/8 w 007 - - -", "8/8/8/8/8/8/8/8 w 7 - - -"},
		{"empty board", "8/8/8/8/8/8/8/8 b 0 - - -", "8/8/8/8/8/8/8/8 b 0 - - -"},
		{"king in a union", "4k3/8/8/8/8/8/8/4g3 b 0 - - -", "4k3/8/8/8/8/8/8/4g3 b 0 - - -"},
		{"digits split", "44/2222/8/8/8/8/8/8 w 0 - - -", "8/8/8/8/8/8/8/8 w 0 - - -"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.in)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tc.in, err)
			}
			if got := p.FEN(); got != tc.out {
				t.Fatalf("FEN() = %q, want %q", got, tc.out)
			}
			q := mustFEN(t, tc.out)
			if got := q.FEN(); got != tc.out {
				t.Errorf("written FEN is not a fixed point: %q → %q", tc.out, got)
			}
			if !q.Equal(p) || q.Hash() != p.Hash() || q.NoProgressCounter() != p.NoProgressCounter() {
				t.Errorf("re-read position differs from the first one")
			}
			if p.Outcome().IsOver() {
				t.Errorf("a position read from a FEN is over: %v", p.Outcome())
			}
		})
	}
}

func TestParseFENHand(t *testing.T) {
	p := mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -")
	if h := p.Hand(); h != (Hand{Color: White, Piece: Pawn, Square: D2}) {
		t.Errorf("Hand() = %+v, want white pawn over d2", h)
	}
	if p.step != requirePlace || p.IsSettled() || !p.Board().Cell(D2).IsEmpty() || p.NoProgressCounter() != 1 {
		t.Errorf("required %v settled %v d2 %v counter %d", p.step, p.IsSettled(), p.Board().Cell(D2), p.NoProgressCounter())
	}
	if got := p.Actions().String(); got != "Place(d3) Place(d4)" {
		t.Errorf("Actions() = %q, want Place(d3) Place(d4)", got)
	}
	// The same as lifting d2 in the start position.
	lifted, err := StartingPosition().Apply(Lift(D2))
	if err != nil {
		t.Fatal(err)
	}
	if !lifted.Equal(p) || lifted.FEN() != p.FEN() {
		t.Errorf("Lift(d2) from the start gives %q, the FEN %q", lifted.FEN(), p.FEN())
	}

	// A lifted union, read from the mover's side: 'i' is white knight + black rook;
	// for Black the mover's piece is the rook, the partner the knight.
	u := mustFEN(t, "4k3/8/8/8/8/8/8/4K3^a1i b 1 - - -")
	if h := u.Hand(); h != (Hand{Color: Black, Piece: Rook, Partner: Knight, Square: A1}) || !h.IsUnion() {
		t.Errorf("Hand() = %+v, want black rook with white knight over a1", h)
	}
	if h := u.Hand(); h.Cell() != (Cell{White: Knight, Black: Rook}) || h.String() != "a1i" {
		t.Errorf("Hand().Cell() = %v, String() = %q", h.Cell(), h.String())
	}
	w := mustFEN(t, "4k3/8/8/8/8/8/8/4K3^a1i w 1 - - -")
	if h := w.Hand(); h != (Hand{Color: White, Piece: Knight, Partner: Rook, Square: A1}) {
		t.Errorf("Hand() = %+v, want white knight with black rook over a1", h)
	}
	// The white knight moves the union as a knight to empty squares.
	if got := w.Actions().String(); got != "Place(c2) Place(b3)" {
		t.Errorf("Actions() = %q, want Place(c2) Place(b3)", got)
	}
}

func TestParseFENInferredPromotion(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/2d1K3 b 1 - - -"
	p := mustFEN(t, fen)
	if p.step != requirePromoteThenLift || p.PendingPromotion() != C1 || p.Turn() != Black || !p.IsSettled() {
		t.Fatalf("required %v, pending %v, turn %v; want PromoteThenLift at c1 for Black",
			p.step, p.PendingPromotion(), p.Turn())
	}
	if got := p.FEN(); got != fen {
		t.Errorf("FEN() = %q, want %q (the promotion is inferred again when read)", got, fen)
	}
	if got := p.Actions().String(); got != "Promote(Knight) Promote(Bishop) Promote(Rook) Promote(Queen)" {
		t.Errorf("Actions() = %q, want the four promotions", got)
	}
	if _, err := p.Apply(Lift(E8)); !errors.Is(err, ErrIllegalAction) {
		t.Errorf("Lift before the owed promotion: err = %v, want ErrIllegalAction", err)
	}
	q, err := p.Apply(Promote(Queen))
	if err != nil {
		t.Fatal(err)
	}
	if got := q.Board().Cell(C1); got != (Cell{White: Knight, Black: Queen}) {
		t.Errorf("c1 after Promote(Queen) = %v (%+v), want white knight + black queen", got, got)
	}
	if got := q.Board().Cell(C1).Letter(); got != 'T' {
		t.Errorf("c1 letter = %q, want 'T'", got)
	}
	if q.NoProgressCounter() != 0 || q.step != requireLift || q.Turn() != Black || q.PendingPromotion() != NoSquare {
		t.Errorf("after Promote(Queen): counter %d required %v turn %v pending %v; want 0, Lift, Black, -",
			q.NoProgressCounter(), q.step, q.Turn(), q.PendingPromotion())
	}
	if got, want := q.FEN(), "4k3/8/8/8/8/8/8/2T1K3 b 0 - - -"; got != want {
		t.Errorf("FEN() = %q, want %q", got, want)
	}

	// A pawn of the side not to move on its last rank is not a pending promotion.
	w := mustFEN(t, "4k3/8/8/8/8/8/8/2d1K3 w 1 - - -")
	if w.step != requireLift || w.PendingPromotion() != NoSquare {
		t.Errorf("White to move: required %v pending %v, want Lift and none", w.step, w.PendingPromotion())
	}
	// With a hand, the promotion comes first, then the place (PromoteThenPlace).
	h := mustFEN(t, "2P1k3/8/8/8/8/8/8/4K3^a1R w 1 - - -")
	if h.step != requirePromoteThenPlace || h.PendingPromotion() != C8 {
		t.Errorf("with a hand: required %v pending %v, want PromoteThenPlace at c8", h.step, h.PendingPromotion())
	}
	// Several pawns: the lowest square first.
	s := mustFEN(t, "4k3/8/8/8/8/8/8/1p1Kp3 b 0 - - -")
	if s.PendingPromotion() != B1 {
		t.Errorf("two pawns on the last rank: pending %v, want b1", s.PendingPromotion())
	}
}

// unionTable is catalogue §12.1: the lower-case union letters and their white and
// black roles. The upper-case letter is the same union with the colours swapped.
var unionTable = []struct {
	l    byte
	w, b Role
}{
	{'a', Pawn, Pawn}, {'c', Rook, Pawn}, {'d', Knight, Pawn}, {'e', Bishop, Pawn},
	{'f', Queen, Pawn}, {'g', King, Pawn}, {'h', Rook, Rook}, {'i', Knight, Rook},
	{'j', Bishop, Rook}, {'l', Queen, Rook}, {'m', King, Rook}, {'o', Knight, Knight},
	{'s', Bishop, Knight}, {'t', Queen, Knight}, {'u', King, Knight}, {'v', Bishop, Bishop},
	{'w', Queen, Bishop}, {'x', King, Bishop}, {'y', Queen, Queen}, {'z', King, Queen},
}

func TestCellLetters(t *testing.T) {
	if len(unionTable) != 20 {
		t.Fatalf("table has %d letters", len(unionTable))
	}
	for _, e := range unionTable {
		lower, upper := e.l, e.l-'a'+'A'
		c, ok := cellFromLetter(lower)
		if !ok || c != (Cell{White: e.w, Black: e.b}) {
			t.Errorf("cellFromLetter(%q) = %+v, %v; want white %v black %v", lower, c, ok, e.w, e.b)
		}
		if !c.IsUnion() || c.Role(White) != e.w || c.Role(Black) != e.b {
			t.Errorf("%q: IsUnion %v, roles %v/%v", lower, c.IsUnion(), c.Role(White), c.Role(Black))
		}
		if got := c.Letter(); got != lower {
			t.Errorf("Cell{%v,%v}.Letter() = %q, want %q", e.w, e.b, got, lower)
		}
		if got := c.String(); got != string(lower) {
			t.Errorf("Cell{%v,%v}.String() = %q, want %q", e.w, e.b, got, string(lower))
		}
		cu, ok := cellFromLetter(upper)
		if !ok || cu != (Cell{White: e.b, Black: e.w}) {
			t.Errorf("cellFromLetter(%q) = %+v, %v; want white %v black %v", upper, cu, ok, e.b, e.w)
		}
		wantUpper := upper
		if e.w == e.b {
			wantUpper = lower // symmetric unions are written lower case
		}
		if got := cu.Letter(); got != wantUpper {
			t.Errorf("Cell{%v,%v}.Letter() = %q, want %q", e.b, e.w, got, wantUpper)
		}
	}
	// Lone pieces.
	for r := Pawn; r <= King; r++ {
		up := r.Letter()
		lo := up | 0x20
		if c, ok := cellFromLetter(up); !ok || c != (Cell{White: r}) || c.Letter() != up || c.IsUnion() {
			t.Errorf("cellFromLetter(%q) = %+v, %v", up, c, ok)
		}
		if c, ok := cellFromLetter(lo); !ok || c != (Cell{Black: r}) || c.Letter() != lo {
			t.Errorf("cellFromLetter(%q) = %+v, %v", lo, c, ok)
		}
	}
	// Every ASCII letter is a piece or union letter (all 26 lower-case letters are
	// used), and '_' (two kings); nothing else is.
	for b := 0; b < 256; b++ {
		ch := byte(b)
		_, ok := cellFromLetter(ch)
		isLetter := (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'
		if ok != isLetter {
			t.Errorf("cellFromLetter(%q) ok = %v, want %v", ch, ok, isLetter)
		}
	}
	// Two kings: written '_' (as the engine writes it) and read back, which the
	// engine cannot do, so that every FEN this library writes reads back.
	if got := (Cell{White: King, Black: King}).Letter(); got != '_' {
		t.Errorf("two kings: Letter() = %q, want '_'", got)
	}
	if c, ok := cellFromLetter('_'); !ok || c != (Cell{White: King, Black: King}) {
		t.Errorf("cellFromLetter('_') = %v, %v; want two kings", c, ok)
	}
	if p := mustFEN(t, "4k3/8/8/8/8/8/8/_7 w 0 - - -"); p.Board().Cell(A1) != (Cell{White: King, Black: King}) || p.FEN() != "4k3/8/8/8/8/8/8/_7 w 0 - - -" {
		t.Errorf("a FEN with '_' does not round-trip: %s", p.FEN())
	}
	if got := (Cell{}).Letter(); got != 0 {
		t.Errorf("empty cell: Letter() = %q, want 0", got)
	}
	if got := (Cell{}).String(); got != "." {
		t.Errorf("empty cell: String() = %q, want \".\"", got)
	}
	// Every pair of roles other than two kings has a letter that reads back.
	for w := Pawn; w <= King; w++ {
		for b := Pawn; b <= King; b++ {
			if w == King && b == King {
				continue
			}
			c := Cell{White: w, Black: b}
			back, ok := cellFromLetter(c.Letter())
			if !ok || back != c {
				t.Errorf("Cell{%v,%v}.Letter() = %q reads back as %+v, %v", w, b, c.Letter(), back, ok)
			}
		}
	}
}

// fuzzSeedFENs are broken or unusual FENs added to the corpus.
var fuzzSeedFENs = []string{
	"",
	" ",
	"8/8/8/8/8/8/8/8 w 0 - - -",
	"8/8/8/8/8/8/8 w 0 - - -",
	"8/8/8/8/8/8/8/8/8 w 0 - - -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 KQkq - -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2 w 1 AHah - -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^z9P w 1 AHah - -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2p w 1 AHah - -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -",
	"4k3/8/8/8/8/8/8/2d1K3 b 1 - - -",
	"4k3/8/8/8/8/8/8/2d1K3 b 1 - - -^",
	"4k3/8/8/8/8/8/8/4K3^a1i b 1 - - -",
	"2P1k3/8/8/8/8/8/8/4K3^a1R w 1 - - -",
	"r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -",
	"r3k2r/8/8/8/8/8/8/R3K2R w 0 EEee - -",
	"4k3/8/8/8/8/8/8/4K3 w 65535 - e3 -",
	"4k3/8/8/8/8/8/8/4K3 w 99 - a1 -",
	"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -",
	"4k3/8/8/p7/D7/8/8/R3K3 w 0 - - -",
	"PPPPPPPP/PPPPPPPP/8/8/8/8/pppppppp/pppppppp w 0 - - -",
	"kkkkkkkk/8/8/8/8/8/8/KKKKKKKK b 0 AHah - -",
	"8/8/8/8/8/8/8/_7 w 0 - - -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 65536 AHah - -",
}

// fuzzSeedVchessFENs are FENs of vchess.club's dialect (six fields: Vchess rules;
// five: its pacoplay mode) added to the corpus so that the fuzzer explores that
// reader too.
var fuzzSeedVchessFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -",
	"4k3/8/8/8/8/6W1/8/4K3 b 1 iiii1111111111111111 - e5g3",
	"4k3/8/8/8/8/8/8/4@3 w 3 iiii0000000011111111 - -",
	"r3k2r/8/8/8/8/8/8/R3K2R b 12 ahah0101010110101010 e3 -",
	"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 iiii -",
	"4k3/8/8/8/8/8/8/4K3 w 0 iiii101 - -",
}

// fuzzSeedChessFENs are chess FENs (X-FEN and Shredder-FEN castling, four-field
// FENs, Chess960 set-ups), good and broken, added to the corpus so that the fuzzer
// explores the chess reader and writer too.
var fuzzSeedChessFENs = []string{
	"Bbr2n2/8/8/8/8/8/6P1/3K3R w K - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
	"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HEhe - 0 1",
	"1r2k1rr/8/8/8/8/8/8/RR2K2R w GBkq - 3 40",
	"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 99 1000",
	"4k3/8/8/8/8/8/8/4K3 w - - 0 0",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq e3 0 1", "8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 32769",
	"rnbqkbnr/pppppppp/8/8/4a3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR^e2P w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
	"2P1k3/8/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 b - - 0 1 extra",
	"4k3/8/8/8/8/8/8/4K3 w -",
}

// FuzzParseFEN checks that ParseFEN never panics, that its errors are *FENErrors
// wrapping ErrInvalidFEN, and that whatever it accepts is written in its own
// dialect as a FEN that reads back to the same state and is written again
// identically (parse → write → parse is a fixed point, for the engine's dialect,
// vchess's and chess FENs), and that the position can be played from. Whenever
// FENIn(ChessDialect) writes a position read from any dialect, the chess FEN reads
// back to the same board, side, castling rights, en passant square and counter.
func FuzzParseFEN(f *testing.F) {
	for _, row := range localRows(f, "fen_roundtrip.tsv") {
		f.Add(row[0])
	}
	for _, s := range fuzzSeedFENs {
		f.Add(s)
	}
	for _, s := range fuzzSeedVchessFENs {
		f.Add(s)
	}
	for _, s := range fuzzSeedChessFENs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			var fe *FENError
			if !errors.Is(err, ErrInvalidFEN) || !errors.As(err, &fe) || fe.FEN != fen || fe.Field == "" || fe.Reason == "" {
				t.Fatalf("ParseFEN(%q): error %v is not a complete *FENError wrapping ErrInvalidFEN", fen, err)
			}
			return
		}
		d := DetectFENDialect(fen)
		// The strict reading refuses only what the lenient one reads as absent
		// (a chess FEN's castling letters and en passant square), saying so.
		if sp, err := ParseFENStrict(fen); err == nil && (!sp.Equal(p) || sp.FEN() != p.FEN()) {
			t.Fatalf("ParseFENStrict(%q) = %q, ParseFEN %q", fen, sp.FEN(), p.FEN())
		} else if err != nil && (d != ChessDialect || !strings.Contains(err.Error(), "reads it as absent")) {
			t.Fatalf("ParseFENStrict(%q) refuses what ParseFEN reads: %v", fen, err)
		}
		if r := p.Rules(); (d != VchessDialect && r != Pacoplay) || (d == VchessDialect && r != Vchess && r != VchessPacoplay) {
			t.Fatalf("ParseFEN(%q) in the %v dialect has rules %v", fen, d, p.Rules())
		}
		// The FEN in the input's own dialect is a fixed point and reads back equal.
		written, err := p.FENIn(d)
		if err != nil {
			t.Fatalf("ParseFEN(%q) reads a position that FENIn(%v) cannot write: %v", fen, d, err)
		}
		if DetectFENDialect(written) != d {
			t.Fatalf("ParseFEN(%q) is written as %q, which is not in the %v dialect", fen, written, d)
		}
		q, err := ParseFEN(written)
		if err != nil {
			t.Fatalf("ParseFEN(%q) ok, but its FEN %q does not parse: %v", fen, written, err)
		}
		if again, err := q.FENIn(d); err != nil || again != written {
			t.Fatalf("FEN not a fixed point for input %q:\n first  %q\n second %q, %v", fen, written, again, err)
		}
		if !q.Equal(p) || q.Hash() != p.Hash() || q.Rules() != p.Rules() || q.Outcome() != p.Outcome() || q.NoProgressCounter() != p.NoProgressCounter() {
			t.Fatalf("ParseFEN(FEN(p)) is not Equal to p (or hash, rules, outcome or counter differ) for input %q (FEN %q)", fen, written)
		}
		// A chess FEN, when the position can be written as one, reads back to the
		// same parts (vchess's pawn flags and ko move aside, which it cannot hold).
		if c, err := p.FENIn(ChessDialect); err != nil {
			if !errors.Is(err, ErrFENDialect) || p.Board().Unions() == 0 && p.Hand().IsEmpty() && d == ChessDialect {
				t.Fatalf("%q: FENIn(ChessDialect): %v", fen, err)
			}
		} else {
			r, err := ParseFEN(c)
			if err != nil || DetectFENDialect(c) != ChessDialect {
				t.Fatalf("%q: its chess FEN %q does not read: %v", fen, c, err)
			}
			if r.Board() != p.Board() || r.Turn() != p.Turn() || r.Castling() != p.Castling() || r.EnPassant() != p.EnPassant() ||
				r.step != p.step || !r.Hand().IsEmpty() || r.NoProgressCounter() != p.NoProgressCounter() {
				t.Fatalf("%q: its chess FEN %q reads back as %q", fen, c, r.FEN())
			}
			if again, err := r.FENIn(ChessDialect); err != nil || again != c {
				t.Fatalf("%q: chess FEN %q is written again as %q, %v", fen, c, again, err)
			}
		}
		// The engine's FEN of a position read from any dialect reads back to the
		// same board, side, castling rights and en passant square (a record of
		// either dialect's set-up is written with it); for a vchess position it
		// loses only the vchess state (pawn flags, ko move) and the outcome.
		if d != EngineDialect {
			e := p.FEN()
			r, err := ParseFEN(e)
			if err != nil {
				t.Fatalf("ParseFEN(%q) ok, but its engine FEN %q does not parse: %v", fen, e, err)
			}
			if r.Board() != p.Board() || r.Turn() != p.Turn() || r.EnPassant() != p.EnPassant() || r.Castling() != p.Castling() ||
				r.FEN() != e || (d == ChessDialect && !r.Equal(p)) {
				t.Fatalf("engine FEN %q of %v FEN %q does not read back: %q", e, d, fen, r.FEN())
			}
		}
		// The board field alone, and the setup, give back the same parts.
		if b, err := ParseBoard(p.Board().FEN()); err != nil || b != p.Board() {
			t.Fatalf("ParseBoard(%q) = %v, %v", p.Board().FEN(), b.FEN(), err)
		}
		if s, err := p.Setup().Position(); err != nil {
			t.Fatalf("%q: Setup().Position(): %v", written, err)
		} else if s.Board() != p.Board() || s.Turn() != p.Turn() || s.Hand() != p.Hand() || s.Castling() != p.Castling() {
			t.Fatalf("%q: Setup().Position() = %q", written, s.FEN())
		}
		acts := p.Actions()
		for a := range acts.All() {
			if !acts.Contains(a) {
				t.Fatalf("%q: Actions() yields %v but does not contain it", written, a)
			}
		}
		// Keep the searches small: few unions (few chains) and few owed promotions
		// (each pawn of the side to move on its last rank is promoted in turn before
		// the lift, so eight of them multiply the moves by 4^8).
		lastRank := Bitboard(0xFF) << (56 * (1 - int(p.Turn())))
		if p.Board().Unions().Count() <= 6 && (p.Board().Pieces(p.Turn(), Pawn)&lastRank).Count() <= 2 {
			n := p.MoveCount()
			if m := len(p.Moves()); m != n {
				t.Fatalf("%q: MoveCount() = %d, len(Moves()) = %d", written, n, m)
			}
			if pf := Perft(p, 1); pf != uint64(n) {
				t.Fatalf("%q: Perft(p, 1) = %d, MoveCount() = %d", written, pf, n)
			}
		}
	})
}

// parseFENOrZero is ParseFEN for a FEN known to be valid; the zero Position if not.
func parseFENOrZero(fen string) Position {
	p, _ := ParseFEN(fen)
	return p
}

// TestSeveralPawnsOnLastRankRoundTrip: RULES.md §4 says a pawn of the side to move on
// its promotion rank means that side owes a promotion, and that the inference makes
// such positions round-trip. With two such pawns, ParseFEN owes the lowest one; once
// it is promoted, the position must still read back from its own FEN as itself.
func TestSeveralPawnsOnLastRankRoundTrip(t *testing.T) {
	p := mustFEN(t, "1PP1k3/8/8/8/8/8/8/4K3 w 0 - - -")
	if p.step != requirePromoteThenLift || p.PendingPromotion() != B8 {
		t.Fatalf("required %v pending %v, want PromoteThenLift at b8", p.step, p.PendingPromotion())
	}
	q, err := p.Apply(Promote(Queen))
	if err != nil {
		t.Fatal(err)
	}
	r := mustFEN(t, q.FEN())
	if !r.Equal(q) || r.step != q.step || r.PendingPromotion() != q.PendingPromotion() {
		t.Errorf("after Promote(Queen) from %q: position requires %v (pending %v), but its FEN %q reads back as %v (pending %v)",
			p.FEN(), q.step, q.PendingPromotion(), q.FEN(), r.step, r.PendingPromotion())
	}
}

// TestFENErrorShort: the message of an error about a huge input stays short, also
// when the reason quotes the field.
func TestFENErrorShort(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	for _, in := range []string{
		huge,
		"8/8/8/8/8/8/8/8 w 0 - - " + huge,
		"8/8/8/8/8/8/8/8 " + huge + " 0 - - -",
		"8/8/8/8/8/8/8/8 w 0 " + huge + " - -",
		"8/8/8/8/8/8/8/" + strings.Repeat("8", 1<<20) + " w 0 - - -",
	} {
		_, err := ParseFEN(in)
		if !errors.Is(err, ErrInvalidFEN) || len(err.Error()) > 600 {
			t.Errorf("ParseFEN(%d bytes): error of %d bytes: %.200s", len(in), len(err.Error()), err)
		}
	}
}
