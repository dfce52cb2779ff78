package atomic

import (
	"os"
	"slices"
	"testing"
)

// TestTargetedMovesAgree: the readers' generators of the moves of some pieces
// (appendMovesOf: a role from some squares to some squares; appendCastlingOf)
// give exactly the legal moves of the full generator that fit, in its order, and
// hasMoves says whether there is any, in every vector position and every
// fourth position one move further (every one with PACOSAKO_FULL=1).
func TestTargetedMovesAgree(t *testing.T) {
	checked := 0
	step := 4
	if os.Getenv("PACOSAKO_FULL") == "1" {
		step = 1
	}
	for _, p0 := range vectorPositions(t) {
		ps := []Position{p0}
		for i, m := range p0.Moves() {
			if i%step == 0 {
				ps = append(ps, p0.play(m))
			}
		}
		for _, p := range ps {
			all := p.Moves()
			if p.hasMoves() != (len(all) > 0) {
				t.Fatalf("%s: hasMoves %v with %d moves", p.FEN(), p.hasMoves(), len(all))
			}
			var castles []Move
			for _, m := range all {
				if m.kind == castle {
					castles = append(castles, m)
				}
			}
			if got := p.appendCastlingOf(nil); !slices.Equal(got, castles) {
				t.Fatalf("%s: castling %v, want %v", p.FEN(), got, castles)
			}
			for r := pawn; r <= king; r++ {
				for s := 0; s < 64; s++ {
					var to, from []Move
					for _, m := range all {
						if int(m.role) == r+1 && m.kind != castle {
							if int(m.to) == s {
								to = append(to, m)
							}
							if int(m.from) == s {
								from = append(from, m)
							}
						}
					}
					if got := p.appendMovesOf(nil, r, ^uint64(0), 1<<s); !slices.Equal(got, to) {
						t.Fatalf("%s: role %d to %d: %v, want %v", p.FEN(), r, s, got, to)
					}
					if got := p.appendMovesOf(nil, r, 1<<s, ^uint64(0)); !slices.Equal(got, from) {
						t.Fatalf("%s: role %d from %d: %v, want %v", p.FEN(), r, s, got, from)
					}
					checked++
				}
			}
		}
		if testing.Short() && checked > 200000 {
			break
		}
	}
	t.Logf("%d role and square pairs checked", checked)
}

// TestCompactMoves: every legal move of every vector position and of the
// positions one move further is written in a history's two bytes and read back
// from them (expand) as the same move.
func TestCompactMoves(t *testing.T) {
	n := 0
	for _, p0 := range vectorPositions(t) {
		ps := []Position{p0}
		for _, m := range p0.Moves() {
			ps = append(ps, p0.play(m))
		}
		for _, p := range ps {
			for _, m := range p.Moves() {
				if got := p.expand(compactMove(m)); got != m {
					t.Fatalf("%s: %v written as %#x reads back as %+v, want %+v", p.FEN(), m, compactMove(m), got, m)
				}
				n++
			}
		}
	}
	t.Logf("%d moves", n)
}
