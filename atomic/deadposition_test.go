package atomic

import (
	"errors"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestIsDeadPosition: lichess's rule (a)–(c) of ATOMIC.md §1.10 for the game's
// automatic draw, case by case, beside python-chess's IsInsufficientMaterial,
// which stays a query.
func TestIsDeadPosition(t *testing.T) {
	for _, c := range []struct {
		fen          string
		dead, python bool
		why          string
	}{
		// (a) both sides more than a bare king.
		{"8/8/3kb3/8/8/3KB3/8/8 w - - 0 1", true, true, "(a) K+B vs K+B, opposite colours (e6 light, e3 dark)"},
		{"8/8/3k1b2/8/8/3KB3/8/8 w - - 0 1", false, false, "(a) K+B vs K+B on one colour: they can meet"},
		{"kbK5/b7/B7/8/8/8/8/8 w - - 0 1", false, true, "(a) two bishops against one: Bb7# mates (the issue's example)"},
		{"8/8/3b3k/8/8/8/B7/KB6 b - - 0 1", false, true, "(a) two bishops against one: Be5# mates (the issue's example)"},
		{"8/8/3kn3/8/8/3KN3/8/8 w - - 0 1", false, false, "(a) K+N vs K+N"},
		// (b) a bare king.
		{"8/8/3k4/8/8/3K4/8/8 w - - 0 1", true, true, "(b) two bare kings"},
		{"8/8/3k4/8/8/3KNN2/8/8 w - - 0 1", true, true, "(b) two knights"},
		{"8/8/3k4/8/8/2NKNN2/8/8 w - - 0 1", false, false, "(b) three knights"},
		{"8/8/3k4/8/8/3KR3/8/8 w - - 0 1", true, true, "(b) a rook"},
		{"8/8/3k4/8/8/3KB3/8/8 b - - 0 1", true, true, "(b) a bishop"},
		{"8/8/3k4/8/8/3KBB2/8/8 w - - 0 1", false, false, "(b) two bishops"},
		{"8/8/3k4/8/8/3KBN2/8/8 w - - 0 1", false, false, "(b) a bishop and a knight"},
		{"8/8/3k4/8/8/3KQ3/8/8 w - - 0 1", false, false, "(b) a queen"},
		{"8/8/3k4/8/8/3KP3/8/8 w - - 0 1", false, false, "(b) a pawn"},
		// (c) closed positions.
		{"8/8/6p1/3K2P1/8/2k5/8/8 b - - 0 1", true, false, "(c) blocked pawns after g5 (the issue's example)"},
		{"8/8/6p1/3K4/6P1/2k5/8/8 w - - 0 1", false, false, "(c) g4 can still move"},
		{"3k4/8/6p1/5pP1/5P2/8/1K6/8 w - - 3 34", true, false, "(c) a shared vector: four blocked pawns"},
		{"8/8/2kB4/8/6p1/6P1/3K4/8 b - - 2 44", true, false, "(c) a shared vector: a dark bishop, the enemy pawn on a light square"},
		{"8/8/2kb4/8/6p1/6P1/3K4/8 b - - 2 44", false, false, "(c) a dark bishop and the enemy pawn g3 on its colour: Bxg3 can come"},
		{"8/8/2kBB3/8/6p1/6P1/3K4/8 b - - 0 1", false, false, "(c) bishops on both colours"},
		{"8/8/2k5/3p4/3PpP2/4P3/3K4/8 w - - 0 1", false, false, "(c) f4 has no pawn in front of it"},
		{"8/8/2k5/3p4/3Pp3/4P3/3K4/8 w - - 0 1", true, false, "(c) two locked pairs"},
		{"8/8/2k5/8/4pp2/4PP2/3K4/8 w - - 0 1", false, false, "(c) exf4 and fxe4 are moves"},
		{"8/8/2k3p1/5pP1/5P2/3K4/8/8 w - - 0 1", true, false, "(c) locked"},
		{"8/8/2k3p1/5pP1/5P2/3K4/8/8 w - f6 0 1", false, false, "(c) the same with gxf6 en passant to play"},
		{"8/8/2k3p1/5pP1/5P2/3KN3/8/8 w - - 0 1", false, false, "(c) a knight besides the pawns"},
	} {
		p := mustFEN(t, c.fen)
		if got := p.IsDeadPosition(); got != c.dead {
			t.Errorf("%s: IsDeadPosition = %v, want %v (%s)", c.fen, got, c.dead, c.why)
		}
		if got := p.IsInsufficientMaterial(); got != c.python {
			t.Errorf("%s: IsInsufficientMaterial = %v, want %v (%s)", c.fen, got, c.python, c.why)
		}
		if o := p.Outcome(); (o.Termination == InsufficientMaterial) != c.dead {
			t.Errorf("%s: Outcome %v, want the game drawn %v (%s)", c.fen, o, c.dead, c.why)
		}
	}
}

// TestGameEndsAsLichess: a Game ends by lichess's rule, not python-chess's: the
// issue's positions play on to a mate, a closed position is drawn at once, and a
// flag falling against a bare king is a draw (issue 25).
func TestGameEndsAsLichess(t *testing.T) {
	for _, c := range []struct{ fen, moves, want string }{
		{"kbK5/b7/B7/8/8/8/8/8 w - - 0 1", "Bb7", "1-0 White wins by checkmate"},
		{"8/8/3b3k/8/8/8/B7/KB6 b - - 0 1", "Be5", "0-1 Black wins by checkmate"},
		{"8/8/6p1/3K4/6P1/2k5/8/8 w - - 0 1", "g5", "1/2-1/2 drawn by insufficient material"},
		{"8/8/6p1/3K4/6P1/2k5/8/8 w - - 0 1", "Kd4", "* running"},
	} {
		g := NewGame(mustFEN(t, c.fen))
		var err error
		for _, m := range splitMoves(c.moves) {
			if g, err = g.PlaySAN(m); err != nil {
				t.Fatalf("%s: %s: %v", c.fen, m, err)
			}
		}
		if got := g.Outcome().Result() + " " + g.Outcome().String(); got != c.want {
			t.Errorf("%s after %s: %s, want %s", c.fen, c.moves, got, c.want)
		}
	}
	// A flag falls: a draw when the other side has only its king, else a loss.
	for _, c := range []struct {
		fen    string
		loser  pacosako.Color
		want   Outcome
		result string
	}{
		{"4k3/8/8/8/8/8/8/Q3K3 b - - 0 1", pacosako.White, Outcome{Termination: TimeoutDraw}, "1/2-1/2"},
		{"4k3/8/8/8/8/8/8/Q3K3 b - - 0 1", pacosako.Black, Outcome{Timeout, pacosako.White}, "1-0"},
		{"4k3/p7/8/8/8/8/8/4K3 w - - 0 1", pacosako.White, Outcome{Timeout, pacosako.Black}, "0-1"},
	} {
		after, err := NewGame(mustFEN(t, c.fen)).Timeout(c.loser)
		if err != nil || after.Outcome() != c.want || after.Outcome().Result() != c.result {
			t.Errorf("%s: %v runs out of time: %v (%s), %v; want %v (%s)", c.fen, c.loser, after.Outcome(), after.Outcome().Result(), err, c.want, c.result)
		}
	}
	// A game drawn by the position has ended: no flag can fall.
	if _, err := NewGame(mustFEN(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")).Timeout(pacosako.White); !errors.Is(err, ErrGameOver) {
		t.Errorf("a timeout in a dead position: %v, want ErrGameOver", err)
	}
}

// splitMoves splits space-separated moves.
func splitMoves(s string) []string { return strings.Fields(s) }
