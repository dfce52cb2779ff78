package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
)

// The Paco Ŝako match harness: the engine against two simple players, from
// the start position after random opening moves, each opening played twice
// with the colours swapped. PACOSAKO_MATCH=N plays N games against each
// (docs/benchmarks.md has the figures of 200); without it a few short games
// check that the harness runs.

// pacoPlayer chooses a move in a game.
type pacoPlayer func(g pacosako.Game, rng *rand.Rand) pacosako.Move

// randomPlayer plays a random legal move.
func randomPlayer(g pacosako.Game, rng *rand.Rand) pacosako.Move {
	ms := g.LegalMoves()
	return ms[rng.IntN(len(ms))]
}

// baselinePlayer plays a Paco when it has one, else a random move after which
// the opponent has no Paco in one, else a random move.
func baselinePlayer(g pacosako.Game, rng *rand.Rand) pacosako.Move {
	ms := g.LegalMoves()
	for _, m := range ms {
		if m.IsPaco() {
			return m
		}
	}
	rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	for _, m := range ms {
		if a := m.After(); !a.CanPaco() {
			return m
		}
	}
	return ms[0]
}

// enginePlayer searches each move within lim.
func enginePlayer(lim Limits, spent *time.Duration, moves *int) pacoPlayer {
	return func(g pacosako.Game, _ *rand.Rand) pacosako.Move {
		var hist []uint64
		for i := 0; i < g.Len(); i++ {
			p, _ := g.PositionAt(i)
			hist = append(hist, p.Hash())
		}
		l := lim
		l.History = hist
		start := time.Now()
		r, err := Search(context.Background(), g.Position(), l)
		*spent += time.Since(start)
		*moves++
		if err != nil {
			panic(err)
		}
		return r.Move
	}
}

// officialHeuristic is the official Paco Ŝako project's only hand-written
// evaluation: a win when a Paco chain exists, a little less when under a Ŝako
// threat, else zero.
func officialHeuristic(p *pacosako.Position, stm pacosako.Color) int {
	bound := pacosako.Limits{MaxStates: heavyStates} // as the engine bounds its own Paco checks
	if win, err := p.GivesSakoContext(context.Background(), stm, bound); win && err == nil {
		return 5000
	}
	if sako, err := p.GivesSakoContext(context.Background(), stm.Other(), bound); sako && err == nil {
		return -50
	}
	return 0
}

// withEval makes a player search with the evaluation eval (nil: the engine's).
func withEval(player pacoPlayer, eval func(*pacosako.Position, pacosako.Color) int) pacoPlayer {
	return func(g pacosako.Game, rng *rand.Rand) pacosako.Move {
		testPacoEval = eval
		defer func() { testPacoEval = nil }()
		return player(g, rng)
	}
}

// maxMatchPlies ends a game as a draw after this many half-moves.
const maxMatchPlies = 400

// playPaco plays one game from start, white and black choosing the moves, and
// returns White's score (1, ½, 0) and how it ended.
func playPaco(t testing.TB, start pacosako.Game, white, black pacoPlayer, rng *rand.Rand) (float64, string) {
	g := start
	for g.Len() < maxMatchPlies {
		if o := g.Outcome(); o.IsOver() {
			if w, ok := o.Won(); ok {
				return float64(1 - int(w)), o.String()
			}
			return 0.5, o.String()
		}
		if len(g.LegalMoves()) == 0 {
			return 0.5, "stuck"
		}
		player := white
		if g.Position().Turn() == pacosako.Black {
			player = black
		}
		m := player(g, rng)
		next, err := g.Play(m)
		if err != nil {
			t.Fatalf("%s: %v plays %v: %v", g.Position().FEN(), g.Position().Turn(), m, err)
		}
		g = next
	}
	return 0.5, "move limit"
}

// openingGame returns the start position after 4 random half-moves a side.
func openingGame(rng *rand.Rand) pacosako.Game {
	for {
		g := pacosako.NewGame(pacosako.StartingPosition())
		for range 8 {
			ms := g.LegalMoves()
			g, _ = g.Play(ms[rng.IntN(len(ms))])
		}
		if !g.Outcome().IsOver() {
			return g
		}
	}
}

// matchResult is the engine's score in a match.
type matchResult struct {
	games, wins, draws, losses int
	endings                    map[string]int
}

func (m matchResult) score() float64 {
	return (float64(m.wins) + float64(m.draws)/2) / float64(m.games)
}

func (m matchResult) String() string {
	return fmt.Sprintf("%d games: +%d =%d -%d, %.1f %% %v", m.games, m.wins, m.draws, m.losses, 100*m.score(), m.endings)
}

// pacoMatch plays games games (pairs of one opening, colours swapped) of the
// engine against opponent.
func pacoMatch(t testing.TB, games int, seed uint64, engine, opponent pacoPlayer) matchResult {
	rng := rand.New(rand.NewPCG(seed, 34))
	res := matchResult{endings: map[string]int{}}
	for res.games < games {
		open := openingGame(rng)
		for _, engineWhite := range []bool{true, false} {
			w, b := engine, opponent
			if !engineWhite {
				w, b = opponent, engine
			}
			s, how := playPaco(t, open, w, b, rng)
			if !engineWhite {
				s = 1 - s
			}
			switch s {
			case 1:
				res.wins++
			case 0:
				res.losses++
			default:
				res.draws++
			}
			res.endings[how]++
			res.games++
		}
	}
	return res
}

// TestPacoMatch plays the engine against the baseline and against random
// moves: PACOSAKO_MATCH=N games each (N even), 5,000 nodes a move (the
// figures of docs/benchmarks.md: N = 200, at least 90 % and 99 %), and
// against the same search evaluating with the official project's heuristic
// (at least 60 %); else 4 games each against the first two at 2,000 nodes a
// move, at least 75 % and 100 %.
func TestPacoMatch(t *testing.T) {
	games, nodes := 4, int64(2000)
	wantBaseline, wantRandom := 0.75, 1.0
	if s := os.Getenv("PACOSAKO_MATCH"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 2 {
			t.Fatalf("PACOSAKO_MATCH=%q: want a number of games, at least 2", s)
		}
		games, nodes, wantBaseline, wantRandom = n, 5000, 0.90, 0.99
	}
	var spent time.Duration
	moves := 0
	eng := enginePlayer(Limits{Nodes: nodes}, &spent, &moves)
	opponents := []struct {
		name     string
		opponent pacoPlayer
		want     float64
	}{{"baseline", baselinePlayer, wantBaseline}, {"random", randomPlayer, wantRandom}}
	if games > 4 {
		// The same search with the official project's heuristic for evaluation.
		var s2 time.Duration
		m2 := 0
		official := withEval(enginePlayer(Limits{Nodes: nodes}, &s2, &m2), officialHeuristic)
		opponents = append(opponents, struct {
			name     string
			opponent pacoPlayer
			want     float64
		}{"the official heuristic (same search)", official, 0.60})
	}
	for _, c := range opponents {
		spent, moves = 0, 0
		r := pacoMatch(t, games, 1, eng, c.opponent)
		t.Logf("against %s, %d nodes a move: %v; %.1f ms a move (%d moves)", c.name, nodes, r, float64(spent.Microseconds())/1000/float64(max(moves, 1)), moves)
		if r.score() < c.want {
			t.Errorf("against %s: %.1f %%, want at least %.0f %%", c.name, 100*r.score(), 100*c.want)
		}
	}
}
