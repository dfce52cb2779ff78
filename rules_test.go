package pacosako

import (
	"testing"
)

func TestSakoReference(t *testing.T) {
	bothRows(t, "sako.tsv", "sako.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			p := mustFEN(t, r[0])
			for i, c := range []Color{White, Black} {
				want := r[1+i] == "1"
				if got := p.GivesSako(c); got != want {
					t.Errorf("GivesSako(%s, %v) = %v, want %v", r[0], c, got, want)
				}
				if got := p.InSako(c.Other()); got != want {
					t.Errorf("InSako(%s, %v) = %v, want %v", r[0], c.Other(), got, want)
				}
			}
		}
		t.Logf("%d positions, %d Ŝako flags matched", len(rows), 2*len(rows))
	})
}

// TestCanPacoAgreesWithMoves checks the cheap query against move enumeration on
// every reference position and every position one move later.
func TestCanPacoAgreesWithMoves(t *testing.T) {
	check := func(t *testing.T, p Position) {
		want := len(pacoMoves(p)) > 0
		if got := p.CanPaco(); got != want {
			t.Errorf("CanPaco(%s) = %v, but it has %d Paco moves", p.FEN(), got, len(pacoMoves(p)))
		}
	}
	func(rows [][]string) {
		n := 0
		for _, r := range rows {
			p := mustFEN(t, r[0])
			if !p.IsSettled() {
				continue
			}
			check(t, p)
			n++
			if testing.Short() {
				continue
			}
			for _, m := range p.Moves() {
				check(t, m.After())
				n++
			}
		}
		t.Logf("%d positions checked", n)
	}(localRows(t, "positions.tsv"))
}
