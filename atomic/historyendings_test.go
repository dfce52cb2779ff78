package atomic

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// shuffleWork plays n half-moves of knights going out and back (Nf3 Nf6 Ng1 Ng8
// …) with the no-progress rule off and a repetition limit out of reach, taking
// back and replaying every eighth half-move, and returns the game, the position
// comparisons the repetition rule made and its index's work.
func shuffleWork(t *testing.T, n int) (g Game, compared, ops int) {
	t.Helper()
	g = NewGame(StartingPosition(), WithNoProgressLimit(0), WithRepetitionLimit(1_000_000))
	cycle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := 0; i < n; i++ {
		var err error
		if i%8 == 7 {
			g, _ = g.Undo()
			if g, err = g.PlaySAN(cycle[(i-1)%4]); err != nil {
				t.Fatal(err)
			}
		}
		if g, err = g.PlaySAN(cycle[i%4]); err != nil {
			t.Fatal(err)
		}
	}
	x := g.cfg.index()
	return g, x.Compared(), x.Ops()
}

// TestRepetitionCostLinear: judging repetition costs O(1) per half-move however
// long the game runs without a capture or pawn move (it used to compare the
// position with every earlier one since: quadratic, 3.5 s for 40,000 half-moves
// with the no-progress rule off).
func TestRepetitionCostLinear(t *testing.T) {
	n := 2000
	g, compared, ops := shuffleWork(t, n)
	g2, compared2, ops2 := shuffleWork(t, 2*n)
	// Each of the four positions recurs every four half-moves; the start counts.
	if want := n/4 + 1; g.RepetitionCount() != want || g2.RepetitionCount() != 2*want-1 {
		t.Errorf("RepetitionCount() = %d and %d, want %d and %d", g.RepetitionCount(), g2.RepetitionCount(), want, 2*want-1)
	}
	if g2.Outcome().IsOver() {
		t.Errorf("outcome %v, want running", g2.Outcome())
	}
	moves := n + n/8
	if compared > moves || compared2 > 2*moves {
		t.Errorf("position comparisons: %d for %d half-moves, %d for %d: want at most one per half-move played", compared, moves, compared2, 2*moves)
	}
	if ops > 3*moves || ops2 > 6*moves {
		t.Errorf("repetition index work: %d for %d half-moves, %d for %d: want at most 3 per half-move played", ops, moves, ops2, 2*moves)
	}
}

// scanCount counts the occurrences of g's position by the rule itself: the
// positions since the last capture or pawn move (the newest with a half-move
// clock of 0, that one included), the start included.
func scanCount(t *testing.T, g Game) int {
	cur := g.Position()
	n := 0
	for i := g.Len(); i >= 0; i-- {
		p, err := g.PositionAt(i)
		if err != nil {
			t.Fatal(err)
		}
		if p.Equal(cur) {
			n++
		}
		if p.halfMove == 0 {
			break
		}
	}
	return n
}

// TestRepetitionCountBranching plays random games of kings, knights and rooks
// that take back, branch from earlier values and play on from them in turn, and
// compares every count and outcome with the rule applied by hand.
func TestRepetitionCountBranching(t *testing.T) {
	start := mustFEN(t, "r3k1n1/p7/8/8/8/8/P7/R3K1N1 w Qq - 0 1")
	repeated, drawn := 0, 0
	for seed := uint64(0); seed < 20; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		games := []Game{NewGame(start, WithNoProgressLimit(0), WithRepetitionLimit(3))}
		for i := 0; i < 300; i++ {
			g := games[len(games)-1]
			switch k := r.IntN(10); {
			case k == 0:
				g = games[r.IntN(len(games))]
			case k == 1 && g.Len() > 0:
				g, _ = g.UndoTo(r.IntN(g.Len()))
			}
			moves := g.LegalMoves()
			if len(moves) == 0 {
				games = append(games, games[0])
				continue
			}
			// Mostly one of the first two quiet moves in UCI order, so that
			// positions come back; now and then any move.
			quiet := moves[:0:0]
			for _, m := range moves {
				if !m.IsCapture() && m.Role() != pacosako.Pawn {
					quiet = append(quiet, m)
				}
			}
			slices.SortFunc(quiet, func(a, b Move) int { return strings.Compare(a.UCI(), b.UCI()) })
			m := moves[r.IntN(len(moves))]
			if len(quiet) > 0 && r.IntN(8) != 0 {
				m = quiet[r.IntN(min(2, len(quiet)))]
			}
			next, err := g.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			want := scanCount(t, next)
			if got := next.RepetitionCount(); got != want {
				t.Fatalf("seed %d, step %d, after %v: RepetitionCount %d, want %d", seed, i, next.PlayedUCI(), got, want)
			}
			if rep := next.Outcome().Termination == Repetition; rep != (want >= 3 && !next.Position().Outcome().IsOver()) {
				t.Fatalf("seed %d, step %d: outcome %v with %d occurrences", seed, i, next.Outcome(), want)
			}
			if want >= 2 {
				repeated++
			}
			if next.Outcome().Termination == Repetition {
				drawn++
			}
			games = append(games, next)
		}
	}
	if repeated < 100 || drawn < 10 {
		t.Errorf("only %d positions occurred twice and %d games were drawn: the test needs more repetitions", repeated, drawn)
	}
}

// BenchmarkRepetitionShuffle plays knights out and back with the no-progress rule
// off: the cost of a half-move with its repetition judged, which must not grow
// with the game.
func BenchmarkRepetitionShuffle(b *testing.B) {
	start := NewGame(StartingPosition(), WithNoProgressLimit(0), WithRepetitionLimit(1_000_000))
	var moves []Move
	p := start.Position()
	for _, text := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		m, err := p.ParseSAN(text)
		if err != nil {
			b.Fatal(err)
		}
		moves = append(moves, m)
		p, _ = p.Play(m)
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
