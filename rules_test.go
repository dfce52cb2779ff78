package pacosako

import (
	"strconv"
	"strings"
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

// TestAnnotationsReference replays every history and compares three annotations of
// the engine's replay analysis (notation.tsv) per half-move: gives_sako (after the
// move the mover could unite with the enemy king), missed_paco (the mover could
// have won at once and did not) and gives_opponent_paco_opportunity.
func TestAnnotationsReference(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, hist [][]string) {
		notes := localRows(t, "notation.tsv")
		if strings.HasSuffix(t.Name(), "/shared") {
			notes = sharedRows(t, "notation.tsv")
		}
		type key struct{ game, halfMove string }
		want := map[key][3]string{}
		for _, r := range notes {
			want[key{r[0], r[1]}] = [3]string{r[7], r[8], r[9]}
		}
		matched := 0
		for _, h := range hist {
			g := NewGame(StartingPosition(), WithRepetitionLimit(0))
			if h[1] != "new" {
				g = NewGame(mustFEN(t, h[1]))
			}
			acts, err := ParseActions(h[2])
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range acts {
				next, err := g.Apply(a)
				if err != nil {
					t.Fatalf("%s: %v", h[0], err)
				}
				if n := next.Len(); n > g.Len() {
					before, _ := next.PositionAt(n - 1)
					m := next.PlayedMoves()[n-1]
					got := [3]string{
						bit(m.After().GivesSako(before.Turn())),
						bit(before.CanPaco() && !m.IsPaco()),
						bit(m.After().CanPaco() && !before.InSako(before.Turn()) && !m.IsPaco()),
					}
					w, ok := want[key{h[0], strconv.Itoa(n)}]
					if !ok {
						t.Errorf("%s half-move %d: no row in notation.tsv", h[0], n)
					} else if got != w {
						t.Errorf("%s half-move %d (%v from %s): gives_sako, missed_paco, gives_opponent_paco_opportunity = %v, want %v",
							h[0], n, m, before.FEN(), got, w)
					} else {
						matched++
					}
				}
				g = next
			}
		}
		t.Logf("%d half-moves, 3 annotations each, matched", matched)
	})
}

func bit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
