package atomic

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/history"
)

// randomGame plays n random legal half-moves from the start (fewer if the game
// ends), captures one time in ten only, each value kept.
func randomGame(t *testing.T, r *rand.Rand, n int, opts ...GameOption) []Game {
	t.Helper()
	games := []Game{NewGame(StartingPosition(), opts...)}
	for len(games) <= n {
		g := games[len(games)-1]
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		quiet := moves[:0:0]
		for _, m := range moves {
			if !m.IsCapture() {
				quiet = append(quiet, m)
			}
		}
		if len(quiet) > 0 && r.IntN(10) != 0 {
			moves = quiet
		}
		next, err := g.Play(moves[r.IntN(len(moves))])
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, next)
	}
	return games
}

// TestHistoryAcrossChunks: a long game's values keep their positions, moves and
// counts across the chunks of the history: every earlier value, PositionAt and
// UndoTo of the last agree, and branches from the middle of a chunk, and from
// its end, leave the other values as they were.
func TestHistoryAcrossChunks(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 1))
	games := randomGame(t, r, 300, WithNoProgressLimit(0), WithRepetitionLimit(0))
	last := games[len(games)-1]
	if last.Len() < 3*history.ChunkSize {
		t.Fatalf("the game ended after %d half-moves: the test needs several chunks", last.Len())
	}
	moves := last.PlayedMoves()
	check := func(when string) {
		t.Helper()
		for i, g := range games {
			p, err := last.PositionAt(i)
			u, uerr := last.UndoTo(i)
			if err != nil || uerr != nil || p != g.Position() || u.Position() != g.Position() || u.Len() != i ||
				u.RepetitionCount() != g.RepetitionCount() || u.hist.WindowStart() != g.hist.WindowStart() {
				t.Fatalf("%s: half-move %d: PositionAt %v (%v), UndoTo %v; the value played has %v", when, i, p.FEN(), err, u.Position().FEN(), g.Position().FEN())
			}
			if got := g.PlayedMoves(); len(got) != i || i > 0 && got[i-1] != moves[i-1] {
				t.Fatalf("%s: half-move %d: the value's moves differ", when, i)
			}
		}
	}
	check("played")
	// Branch at every half-move with another legal move, and with the same one.
	for i := 0; i < len(games)-1; i++ {
		g := games[i]
		for _, m := range g.LegalMoves() {
			b, err := g.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if p := g.Position(); b.Len() != i+1 || b.PlayedMoves()[i] != m || b.Position() != p.play(m) {
				t.Fatalf("branch at %d with %v: %d half-moves", i, m, b.Len())
			}
			if m == moves[i] && b.hist != games[i+1].hist {
				t.Errorf("branch at %d with the move played: a chunk of its own, not the history's", i)
			}
			break
		}
	}
	check("after branching")
}

// TestGameConcurrent: values of one game played on, taken back and branched
// from several goroutines at once (go test -race checks the sharing of chunks
// and of the repetition index) each count their repetitions as the rule does.
func TestGameConcurrent(t *testing.T) {
	start := NewGame(StartingPosition(), WithNoProgressLimit(0), WithRepetitionLimit(0))
	var wg sync.WaitGroup
	bad := make(chan string, 8)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := start
			for i := 0; i < 300; i++ {
				if i%5 == w%5 && g.Len() > 0 {
					g, _ = g.UndoTo(g.Len() / 2)
				}
				var knights []Move
				for _, m := range g.LegalMoves() {
					if m.Role() == pacosako.Knight && !m.IsCapture() {
						knights = append(knights, m)
					}
				}
				if len(knights) == 0 {
					g = start
					continue
				}
				next, err := g.Play(knights[(i*w+i/3)%len(knights)])
				if err != nil {
					bad <- err.Error()
					return
				}
				g = next
				cur, n := g.Position(), 0
				for k := 0; k <= g.Len(); k++ {
					if p, _ := g.PositionAt(k); p.Equal(cur) {
						n++
					}
				}
				if g.RepetitionCount() != n {
					bad <- fmt.Sprintf("worker %d, step %d: RepetitionCount %d, the rule %d", w, i, g.RepetitionCount(), n)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(bad)
	for e := range bad {
		t.Error(e)
	}
}
