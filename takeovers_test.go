package pacosako

import (
	"math/rand/v2"
	"testing"
)

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

// checkModel compares the compact model (kingThreatened) with the general threat
// search for both colours of p, wherever the model answers; it returns how many
// questions the model answered and how many it declined.
func checkModel(t *testing.T, p Position) (answered, declined int) {
	t.Helper()
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
		if want := generalGivesSako(p, c); hit != want {
			t.Fatalf("%s: chain threat by %v on the king at %v: model %v, general search %v", p.FEN(), c, king, hit, want)
		}
	}
	return answered, declined
}

// TestTakeoverModelHardPosition: on issue 32's hard position the Ŝako test of
// every position after a move (the mover's, for its SAN suffix) is answered by
// the compact model (the general search, which took 1.4 ms at the median and up
// to 205 ms there, is never asked), and the answers of both colours agree with
// the general search: one result in 500, in 10 with PACOSAKO_FULL=1, every one
// with PACOSAKO_DEEP=1.
func TestTakeoverModelHardPosition(t *testing.T) {
	t.Parallel()
	every := 500
	switch {
	case testing.Short() || raceEnabled:
		every = 5000 // the general search is slow under the race detector
	case deepPerft():
		every = 1
	case fullSizes():
		every = 10
	}
	p := mustFEN(t, hardFEN)
	results, checked := 0, 0
	for i, m := range p.Moves() {
		q := m.After()
		if q.res.IsOver() {
			continue
		}
		results++
		if _, ok := kingThreatened(&q, Black, nil); !ok {
			t.Fatalf("%s: the compact model declines the Ŝako test of the mover", q.FEN())
		}
		if i%every == 0 {
			checkModel(t, q)
			checked++
		}
	}
	if results != 39444 {
		t.Fatalf("%d positions after a move, want 39444", results)
	}
	t.Logf("%d positions after a move answered by the model; %d checked against the general search", results, checked)
}

// TestTakeoverModelPlayouts checks the compact model against the general search
// on random playouts from the start (the kind of game that reached the hard
// position): at every position, and after some of its moves, each under the
// default rules and under another rule set, chosen at random (the model applies
// under every switch but KingUnions, and those of en passant with an en passant
// square). The moves are drawn from the first 2,000 the lazy search finds, so
// that playouts go on into boards full of unions. 6 playouts of 250 half-moves, 2
// results a position (under -short 1 playout); PACOSAKO_FULL=1: 40 playouts of
// 400 half-moves, 6 results a position.
func TestTakeoverModelPlayouts(t *testing.T) {
	t.Parallel()
	games, plies, sample := 6, 250, 2
	switch {
	case fullSizes() && !raceEnabled:
		games, plies, sample = 40, 400, 6
	case testing.Short() || raceEnabled:
		games = 1
	}
	answered, declined, positions := 0, 0, 0
	for g := range games {
		rng := rand.New(rand.NewPCG(32, uint64(g)))
		p := StartingPosition()
		for ply := 0; ply < plies && !p.res.IsOver(); ply++ {
			var moves []Move
			for m := range p.AllMoves() {
				if moves = append(moves, m); len(moves) == 2000 {
					break
				}
			}
			if len(moves) == 0 {
				break
			}
			check := []Position{p}
			for range sample {
				check = append(check, moves[rng.IntN(len(moves))].After())
			}
			others := []Rules{Rulebook, Vchess, VchessPacoplay, Pacoplay.With(Ko, true).With(HomeRowEnPassant, true)}
			for _, q := range check {
				for _, r := range []Rules{Pacoplay, others[rng.IntN(len(others))]} {
					a, d := checkModel(t, q.WithRules(r))
					answered, declined = answered+a, declined+d
				}
			}
			positions += len(check)
			p = moves[rng.IntN(len(moves))].After()
		}
	}
	t.Logf("%d positions: the model answered %d questions, declined %d", positions, answered, declined)
	if answered < 100*games {
		t.Fatalf("the model answered only %d questions", answered)
	}
}
