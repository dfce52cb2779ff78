package fenfield

import (
	"testing"
)

// chessCodes are the chess letters as codes (role | colour<<4, roles P=1 … K=6).
var chessCodes, chessLetters = func() (codes [256]uint8, letters [256]byte) {
	for i, l := range []byte("PNBRQK") {
		codes[l], codes[l|0x20] = uint8(i+1), uint8(i+1)<<4
		letters[i+1], letters[uint8(i+1)<<4] = l, l|0x20
	}
	return
}()

func unknown(ch byte, rank int) string {
	return "rank " + string('0'+byte(rank)) + ": " + QuoteByte(ch)
}

// board reads a placement into the Board the castling and en passant readers use.
func board(t *testing.T, placement string) (*Board, [64]uint8) {
	t.Helper()
	cells, reason := ParsePlacement(placement, &chessCodes, unknown)
	if reason != "" {
		t.Fatalf("ParsePlacement(%q): %s", placement, reason)
	}
	var b Board
	for s, x := range cells {
		if x == 0 {
			continue
		}
		c, role := 0, x&15
		if role == 0 {
			c, role = 1, x>>4
		}
		bit := uint64(1) << s
		b.Occupied |= bit
		switch role {
		case 1:
			b.Pawns[c] |= bit
		case 4:
			b.Rooks[c] |= bit
		case 6:
			b.Kings[c] |= bit
		}
	}
	return &b, cells
}

func TestPlacementRoundTrip(t *testing.T) {
	for _, s := range []string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "8/8/8/8/8/8/8/8", "r3k2R/4K1r1/8/8/8/8/8/7p", "1k6/8/8/3Pp3/8/8/8/K7"} {
		b, cells := board(t, s)
		if got := string(AppendPlacement(nil, b.Occupied, &cells, &chessLetters)); got != s {
			t.Errorf("AppendPlacement(ParsePlacement(%q)) = %q", s, got)
		}
	}
	for s, want := range map[string]string{
		"8/8/8/8/8/8/8":              "want 8 ranks separated by '/', got 7",
		"9/8/8/8/8/8/8/8":            "rank 8: '9'",
		"8/8/8/8/8/8/8/7":            "rank 1 has 7 squares, want 8",
		"8/8/8/8/8/8/8/71p":          "rank 1 has more than 8 squares",
		"8/8/8/8/8/8/8/pppppppp1":    "rank 1 has more than 8 squares",
		"8/8/8/8/8/8/8/ppppppppp":    "rank 1 has more than 8 squares",
		"8/8/8/8/8/8/8/pppxpppp":     "rank 1: 'x'",
		"8/8/8/8/8/8/8/ppp\xffpppp":  `rank 1: byte "\xff"`,
		"8/8/8/8/8/8/8/pppppppp/8/8": "want 8 ranks separated by '/', got 10",
	} {
		if _, reason := ParsePlacement(s, &chessCodes, unknown); reason != want {
			t.Errorf("ParsePlacement(%q) = %q, want %q", s, reason, want)
		}
	}
}

// TestEnPassantLenient: an en passant square no double step could explain is no
// square when read leniently, and said; strictly it is the reason.
func TestEnPassantLenient(t *testing.T) {
	b, _ := board(t, "8/8/3k4/3pP3/8/8/8/4K3")
	for _, c := range []struct {
		field, why string
		sq         int
	}{
		{"d6", "d6 is not empty: a double step skips an empty square", -1},
		{"e6", "e6: no black pawn on e5 that could have skipped it", -1},
		{"d3", "d3: with White to move, the square a black pawn's double step skipped is on rank 6", -1},
		{"-", "", -1},
	} {
		sq, ignored, reason := ParseEnPassant(c.field, b, 0, true)
		if sq != c.sq || ignored != c.why || reason != "" {
			t.Errorf("lenient ParseEnPassant(%s) = %d, ignored %q, %q; want %d, ignored %q", c.field, sq, ignored, reason, c.sq, c.why)
		}
		if _, ignored, reason := ParseEnPassant(c.field, b, 0, false); reason != c.why || ignored != "" {
			t.Errorf("strict ParseEnPassant(%s): %q, ignored %q; want %q", c.field, reason, ignored, c.why)
		}
	}
	if _, _, reason := ParseEnPassant("d9", b, 0, true); reason == "" {
		t.Error("lenient ParseEnPassant(d9): no reason")
	}
}

func TestEnPassantAndClocks(t *testing.T) {
	b, _ := board(t, "4k3/8/8/3Pp3/8/8/8/4K3")
	const e6, e3, d6 = 44, 20, 43
	for _, c := range []struct {
		turn, sq int
		want     string
	}{
		{0, e6, ""},
		{1, e3, "e3: no white pawn on e4 that could have skipped it"},
		{0, d6, "d6: no black pawn on d5 that could have skipped it"},
		{1, e6, "e6: with Black to move, the square a white pawn's double step skipped is on rank 3"},
	} {
		if got := EnPassantReason(b, c.turn, c.sq); got != c.want {
			t.Errorf("EnPassantReason(%s, %d) = %q, want %q", SquareName(c.sq), c.turn, got, c.want)
		}
	}
	if n, r := ParseHalfMoveClock("65535"); n != 65535 || r != "" {
		t.Errorf("ParseHalfMoveClock(65535) = %d, %q", n, r)
	}
	if _, r := ParseHalfMoveClock("-1"); r == "" {
		t.Error("ParseHalfMoveClock(-1) is accepted")
	}
	for s, want := range map[string]uint16{"0": 1, "1": 1, "32768": 32768} {
		if n, r := ParseFullMoveNumber(s); n != want || r != "" {
			t.Errorf("ParseFullMoveNumber(%s) = %d, %q; want %d", s, n, r, want)
		}
	}
	if _, r := ParseFullMoveNumber("32769"); r != "want a number 1..32768, got \"32769\"" {
		t.Errorf("ParseFullMoveNumber(32769): %q", r)
	}
	if c, r := ParseSideToMove("b"); c != 1 || r != "" {
		t.Errorf("ParseSideToMove(b) = %d, %q", c, r)
	}
	if _, r := ParseSideToMove("B"); r != `want w or b, got "B"` {
		t.Errorf("ParseSideToMove(B): %q", r)
	}
	if f, r := SplitChess("8/8/8/8/8/8/8/8 w - -"); len(f) != 4 || r != "" {
		t.Errorf("SplitChess: %q, %q", f, r)
	}
}
