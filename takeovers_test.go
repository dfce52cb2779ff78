package pacosako

import "testing"

// TestTakeoverModelAgreesWithSearch checks the compact chain model (kingThreatened)
// against the general threat search (Threats, which never uses it) on the reference
// positions, their children and, outside -short, their grandchildren: whether each
// colour threatens the enemy king, directly or through a chain, wherever the model
// answers.
func TestTakeoverModelAgreesWithSearch(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	rows := localRows(t, "positions.tsv")
	// Grandchildren of one position in six (one child in seven); with PACOSAKO_DEEP=1
	// of one in two (one child in three): 504,816 positions, 975,429 questions
	// answered, about 4 minutes (some grandchildren have huge threat searches).
	posEvery, childEvery := 6, 7
	if deepPerft() {
		posEvery, childEvery = 2, 3
	}
	var ps []Position
	for k, r := range rows {
		p := mustFEN(t, r[0])
		ps = append(ps, p)
		if testing.Short() && k%8 != 0 {
			continue
		}
		for _, m := range p.Moves() {
			ps = append(ps, m.After())
			if !testing.Short() && !raceEnabled && k%posEvery == 0 && len(ps)%childEvery == 0 {
				for _, m2 := range m.After().Moves() {
					ps = append(ps, m2.After())
				}
			}
		}
	}
	answered, hits, declined := 0, 0, 0
	for _, p := range ps {
		for _, c := range []Color{White, Black} {
			king := p.board.kings[c.Other()] &^ p.board.byColor[c]
			if king.Count() != 1 || p.res.IsOver() || p.promo1 != 0 {
				continue
			}
			hit, ok := kingThreatened(&p, c, nil)
			if !ok {
				declined++
				continue
			}
			answered++
			want := p.Threats(c)&king != 0
			if hit != want {
				t.Fatalf("%s: chain threat by %v on the king at %v: model %v, search %v", p.FEN(), c, king, hit, want)
			}
			if hit {
				hits++
			}
		}
	}
	t.Logf("%d positions: model answered %d questions (%d threats), declined %d", len(ps), answered, hits, declined)
	if answered < 100 || hits < 10 || answered-hits < 10 {
		t.Fatalf("the model answered too few questions to test it: %d (%d threats)", answered, hits)
	}
}

// TestTakeoverModelOwnEnPassant checks when the compact model answers for the side
// whose pawn just made a double step: the en passant square is then the other
// side's to take, but the general search lets the side asking take it too,
// swapping back what stands on the square its pawn came from. With that square
// empty the model answers (and agrees); with a union left there by a chain it
// declines, and the general search finds the threat the swap opens.
func TestTakeoverModelOwnEnPassant(t *testing.T) {
	for _, c := range []struct {
		fen           string
		answers, sako bool
	}{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 0 AHah e3 -", true, false},
		{"5rk1/ppp2pep/8/1B1ah2D/4dPb1/6SP/PPP2tP1/5L1K b 1 AHah f3 -", false, true},
	} {
		p := mustFEN(t, c.fen)
		hit, ok := kingThreatened(&p, White, nil)
		if ok != c.answers || ok && hit != c.sako {
			t.Errorf("%s: model answers %v (threat %v), want answers %v (threat %v)", c.fen, ok, hit, c.answers, c.sako)
		}
		if got := p.GivesSako(White); got != c.sako {
			t.Errorf("%s: GivesSako(White) = %v, want %v", c.fen, got, c.sako)
		}
		// The side to move may take the square: the model always declines for it.
		if _, ok := kingThreatened(&p, Black, nil); ok {
			t.Errorf("%s: the model answers for Black, who may take en passant", c.fen)
		}
	}
}
