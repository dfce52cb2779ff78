package fenfield

import (
	"strings"
	"testing"
)

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
