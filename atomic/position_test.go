package atomic

import (
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestBitboards checks Bitboards against Pieces and Occupied on the positions
// of status.tsv and after each of their moves.
func TestBitboards(t *testing.T) {
	bothRows(t, "status.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			p := mustFEN(t, r[0])
			for _, q := range append([]Position{p}, after(p)...) {
				roles, colors := q.Bitboards()
				if colors[0]|colors[1] != q.Occupied() || colors[0]&colors[1] != 0 {
					t.Fatalf("%s: colours %v and %v, occupied %v", q.FEN(), colors[0], colors[1], q.Occupied())
				}
				for role := pacosako.Pawn; role <= pacosako.King; role++ {
					for c := pacosako.White; c <= pacosako.Black; c++ {
						if got, want := roles[role-1]&colors[c], q.Pieces(c, role); got != want {
							t.Fatalf("%s: %v %v: Bitboards gives %v, Pieces %v", q.FEN(), c, role, got, want)
						}
					}
				}
			}
		}
	})
}

// after returns the positions after each of p's moves.
func after(p Position) []Position {
	var out []Position
	for _, m := range p.Moves() {
		out = append(out, p.PlayUnchecked(m))
	}
	return out
}
