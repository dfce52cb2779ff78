package atomic

import (
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestCheckers: the pieces giving check, none while the kings touch, and
// InCheck exactly when there are any, on every position of the vectors.
func TestCheckers(t *testing.T) {
	for _, tc := range []struct {
		fen, checkers string
	}{
		{StartFEN, ""},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "h4"}, // the queen mates
		{"4k3/8/8/4r3/8/5n2/8/4K3 w - - 0 1", "e5,f3"},                          // a double check
		{"8/8/8/8/8/8/3kr3/4K3 w - - 0 1", ""},                                  // the kings touch: no check
		{"4k3/8/8/8/8/3p4/8/4K3 w - - 0 1", ""},                                 // a pawn on d3 attacks c2 and e2
		{"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "d2"},                               // on d2 it attacks e1
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", ""},                                     // no black king: the game is over
		{"rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1", ""},                // the rules page: connected kings
		{"1k6/8/8/8/8/8/1q6/K7 w - - 0 1", "b2"},                                // the queen next to the king
		{"1k6/6b1/8/8/8/8/8/KR6 w - - 0 1", "g7"},                               // a bishop along the long diagonal
		{"1k6/6b1/8/8/8/5P2/8/K7 w - - 0 1", "g7"},                              // f3 is not on it
		{"1k6/6b1/8/8/3P4/8/8/K7 w - - 0 1", ""},                                // d4 is: blocked
		{"1k6/6b1/8/8/8/8/1P6/K7 w - - 0 1", ""},                                // b2 too
	} {
		p := mustFEN(t, tc.fen)
		if got := p.Checkers().String(); got != tc.checkers {
			t.Errorf("%s: Checkers() = %q, want %q", tc.fen, got, tc.checkers)
		}
	}
	bothRows(t, "status.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			p := mustFEN(t, r[0])
			if (p.Checkers() != 0) != p.InCheck() {
				t.Errorf("%s: Checkers %v, InCheck %v", r[0], p.Checkers(), p.InCheck())
			}
			if k := p.King(p.Turn()); p.InCheck() && p.Checkers() != p.Attackers(k, p.Turn().Other()) {
				t.Errorf("%s: Checkers %v, the king's attackers %v", r[0], p.Checkers(), p.Attackers(k, p.Turn().Other()))
			}
		}
	})
}

// TestAttackers: the pieces of a colour attacking a square, kings never, pawns
// by their colour's direction, sliders up to the first piece; every capture a
// position has is from one of its target's attackers.
func TestAttackers(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/3r4/2P1n3/3Q1b2/8/3RK3 w - - 0 1")
	for _, tc := range []struct {
		sq   string
		c    pacosako.Color
		want string
	}{
		{"d5", pacosako.White, "c4,d3"}, // the pawn, the queen; the rook on d1 is behind the queen
		{"d3", pacosako.Black, "d5"},    // the rook; not the knight on e4 nor the bishop on f3
		{"e2", pacosako.Black, "f3"},    // the bishop; not the king
		{"d2", pacosako.White, "d1,d3"}, // the rook and the queen; not the king on e1
		{"e8", pacosako.White, ""},
		{"b5", pacosako.White, "c4"}, // the pawn; the queen's diagonal is blocked by it
	} {
		s, _ := pacosako.ParseSquare(tc.sq)
		if got := p.Attackers(s, tc.c).String(); got != tc.want {
			t.Errorf("Attackers(%s, %v) = %q, want %q", tc.sq, tc.c, got, tc.want)
		}
	}
	if p.Attackers(pacosako.NoSquare, pacosako.White) != 0 || p.Attackers(pacosako.E4, pacosako.Color(5)) != 0 {
		t.Error("Attackers of an invalid square or colour is not empty")
	}
	bothRows(t, "moves.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			p := mustFEN(t, r[0])
			m, err := p.ParseUCI(r[1])
			if err != nil {
				t.Fatal(err)
			}
			if m.IsCapture() && !m.IsEnPassant() && !p.Attackers(m.To(), p.Turn()).Has(m.From()) {
				t.Errorf("%s %s: the capturer is not among the attackers of %v: %v", r[0], r[1], m.To(), p.Attackers(m.To(), p.Turn()))
			}
		}
	})
}
