package fenfield

import (
	"strings"
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

func TestCastling(t *testing.T) {
	for _, c := range []struct{ placement, field, want string }{
		{"r3k2r/8/8/8/8/8/8/R3K2R", "KQkq", "KQkq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R", "HAha", "KQkq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R", "qkQK", "KQkq"},
		{"rr2k1rr/8/8/8/8/8/8/RR2K1RR", "GBgb", "GBgb"},
		{"rr2k1rr/8/8/8/8/8/8/RR2K1RR", "HAha", "KQkq"},
		{"1r1k2rr/8/8/8/8/8/8/1R1K2RR", "GBgb", "GQgq"},
		{"rk5r/8/8/8/8/8/8/RK5R", "-", "-"},
		{"8/8/8/8/8/8/8/RK5R", "Ah", "'h': Black has no king"},
		{"4k3/8/8/8/8/8/4K3/R6R", "K", "'K': White's king is on e2, not on rank 1"},
		{"4k3/8/8/8/8/8/8/4K2R", "Q", "'Q': no white rook on the queen side of White's king on e1"},
		{"4k3/8/8/8/8/8/8/4K2R", "E", "'E' names the file of White's king, not a rook's"},
		{"4k3/8/8/8/8/8/8/4K2R", "G", "'G': no white rook on g1"},
		{"4k3/8/8/8/8/8/8/4K2R", "KH", "'H': a second castling right on White's king side, in \"KH\""},
		{"4k3/8/8/8/8/8/8/4K2R", "X", "'X' is not a castling letter (want - alone, or KQkq and rook files A–H, a–h), in \"X\""},
	} {
		b, _ := board(t, c.placement)
		r, _, reason := ParseCastling(c.field, b, false)
		if reason != "" {
			if !strings.Contains(reason, c.want) {
				t.Errorf("ParseCastling(%q) on %s: %q, want %q", c.field, c.placement, reason, c.want)
			}
			continue
		}
		if got := string(AppendCastling(nil, &r, b)); got != c.want {
			t.Errorf("ParseCastling(%q) on %s written as %q, want %q", c.field, c.placement, got, c.want)
		}
	}
}

// TestCastlingLenient: read leniently, as python-chess and lichess read them, a
// castling letter whose king or rook is missing is no right, and said; what is
// no castling field, or a second right on one side, is still refused.
func TestCastlingLenient(t *testing.T) {
	for _, c := range []struct{ placement, field, want, ignored, reason string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1", "KQkq", "Qkq", "'K': no white rook on the king side of White's king on e1", ""},
		{"8/8/8/8/8/8/8/RK5R", "AHah", "KQ", "'a': Black has no king; 'h': Black has no king", ""},
		{"4k3/8/8/8/8/8/4K3/R6R", "KQ", "-", "'K': White's king is on e2, not on rank 1; 'Q': White's king is on e2, not on rank 1", ""},
		{"4k3/8/8/8/8/8/8/4K2R", "EGK", "K", "'E' names the file of White's king, not a rook's; 'G': no white rook on g1", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R", "KQkq", "KQkq", "", ""},
		{"4k3/8/8/8/8/8/8/4K2R", "KH", "", "", "'H': a second castling right on White's king side"},
		{"4k3/8/8/8/8/8/8/4K2R", "K-", "", "", "'-' is not a castling letter"},
	} {
		b, _ := board(t, c.placement)
		r, ignored, reason := ParseCastling(c.field, b, true)
		if c.reason != "" {
			if !strings.Contains(reason, c.reason) {
				t.Errorf("lenient ParseCastling(%q) on %s: reason %q, want %q", c.field, c.placement, reason, c.reason)
			}
			continue
		}
		if got := string(AppendCastling(nil, &r, b)); got != c.want || ignored != c.ignored || reason != "" {
			t.Errorf("lenient ParseCastling(%q) on %s = %q, ignored %q, %q; want %q, ignored %q", c.field, c.placement, got, ignored, reason, c.want, c.ignored)
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
