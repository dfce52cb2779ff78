package pacosako

import (
	"testing"

	"github.com/pacosako-go/pacosako/internal/history"
)

// shuffleWork plays n half-moves of knights going out and back (Lg1 f3, Lg8 f6,
// Lf3 g1, Lf6 g8, …) under Pacoplay without a no-progress limit and with a
// repetition limit out of reach, taking back and replaying every eighth
// half-move, and returns the game, the position comparisons the repetition rule
// made and its index's work.
func shuffleWork(t *testing.T, n int) (g Game, compared, ops int) {
	t.Helper()
	r, err := ParseRules("Pacoplay(no-progress limit off)")
	if err != nil {
		t.Fatal(err)
	}
	g = NewGame(StartingPosition().WithRules(r), WithRepetitionLimit(1_000_000))
	g.cfg.reps = history.NewIndex(playPacked, func(a, b *Position) bool { compared++; return sameState(a, b) }, (*Position).Hash)
	cycle := []string{"Lg1 f3", "Lg8 f6", "Lf3 g1", "Lf6 g8"}
	for i := 0; i < n; i++ {
		if i%8 == 7 {
			g, _ = g.Undo()
			g = gamePlay(t, g, cycle[(i-1)%4])
		}
		g = gamePlay(t, g, cycle[i%4])
	}
	return g, compared, g.cfg.reps.Ops()
}

// TestRepetitionCostLinear: judging repetition costs O(1) per half-move however
// long the game runs without progress (it used to compare the position with every
// earlier one since the last progress: quadratic, 3.4 s for 40,000 half-moves).
func TestRepetitionCostLinear(t *testing.T) {
	n := 2000
	g, compared, ops := shuffleWork(t, n)
	g2, compared2, ops2 := shuffleWork(t, 2*n)
	// Each of the four positions recurs every four half-moves.
	if want := n / 4; g.RepetitionCount() != want || g2.RepetitionCount() != 2*want {
		t.Errorf("RepetitionCount() = %d and %d, want %d and %d", g.RepetitionCount(), g2.RepetitionCount(), want, 2*want)
	}
	wantOutcome(t, g2, "Running")
	moves := n + n/8
	if compared > moves || compared2 > 2*moves {
		t.Errorf("position comparisons: %d for %d half-moves, %d for %d: want at most one per half-move played", compared, moves, compared2, 2*moves)
	}
	if ops > 3*moves || ops2 > 6*moves {
		t.Errorf("repetition index work: %d for %d half-moves, %d for %d: want at most 3 per half-move played", ops, moves, ops2, 2*moves)
	}
}

// BenchmarkRepetitionShuffle plays knights out and back without progress: the
// cost of judging repetition per half-move, which must not grow with the game.
func BenchmarkRepetitionShuffle(b *testing.B) {
	r, _ := ParseRules("Pacoplay(no-progress limit off)")
	start := NewGame(StartingPosition().WithRules(r), WithRepetitionLimit(1_000_000))
	var moves []Move
	p := start.Position()
	for _, text := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		m, err := p.ParseSAN(text)
		if err != nil {
			b.Fatal(err)
		}
		moves = append(moves, m)
		p = m.After()
	}
	b.ReportAllocs()
	g := start
	for i := 0; i < b.N; i++ {
		next, err := g.Play(moves[i%4])
		if err != nil {
			b.Fatal(err)
		}
		g = next
	}
}
