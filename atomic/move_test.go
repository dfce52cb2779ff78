package atomic

import (
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestExplosionSquares: Explosion is exactly the squares of the pieces a capture
// removes (Exploded), for every capture of the vectors' positions: the
// capturer's, the taken piece's and the non-pawns next to the target. For en
// passant that leaves out the target square, which is empty (issue 25: it used
// to list d6 in the example below).
func TestExplosionSquares(t *testing.T) {
	p := MustParseFEN("r1bqkbnr/ppp1pppp/2n5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
	m, err := p.ParseUCI("e5d6")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Explosion().String(); !m.IsEnPassant() || got != "c6,d5,e5" {
		t.Errorf("Explosion of e5d6 = %s, want c6,d5,e5", got)
	}
	bothRows(t, "positions.tsv", func(t *testing.T, rows [][]string) { explosionsOf(t, rows) })
}

// explosionsOf checks the explosion of every capture of the positions of rows.
func explosionsOf(t *testing.T, rows [][]string) {
	captures, enPassant := 0, 0
	for _, r := range rows {
		p := mustFEN(t, r[0])
		for _, m := range p.Moves() {
			if !m.IsCapture() {
				if m.Explosion() != 0 {
					t.Errorf("%s %s: Explosion %v of a move that captures nothing", r[0], m.UCI(), m.Explosion())
				}
				continue
			}
			captures++
			if m.IsEnPassant() {
				enPassant++
			}
			want := m.Explosion()
			if got := p.Exploded(m).Occupied(); got != want {
				t.Errorf("%s %s: Explosion %v, the pieces removed stand on %v", r[0], m.UCI(), want, got)
			}
			reach := pacosako.SquareSet(m.From(), m.CaptureSquare())
			for _, s := range []int{-9, -8, -7, -1, 0, 1, 7, 8, 9} {
				if q := int(m.To()) + s; q >= 0 && q < 64 && (int(m.To())%8-q%8)*(int(m.To())%8-q%8) <= 1 {
					reach |= pacosako.SquareSet(pacosako.Square(q))
				}
			}
			if want&^reach != 0 || want&pacosako.SquareSet(m.From(), m.CaptureSquare()) != pacosako.SquareSet(m.From(), m.CaptureSquare()) {
				t.Errorf("%s %s: Explosion %v outside the blast or without the capturer and the piece taken", r[0], m.UCI(), want)
			}
		}
	}
	if captures < 20 {
		t.Errorf("only %d captures checked", captures)
	}
	t.Logf("%d captures checked, %d en passant", captures, enPassant)
}
