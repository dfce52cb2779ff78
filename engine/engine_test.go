package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// legalLine reports whether each move of pv is a move of the position before it.
func legalAtomicLine(p atomic.Position, pv []atomic.Move) bool {
	for _, m := range pv {
		if !slices.Contains(p.Moves(), m) {
			return false
		}
		p = p.PlayUnchecked(m)
	}
	return true
}

func legalPacoLine(p pacosako.Position, pv []pacosako.Move) bool {
	for _, m := range pv {
		q, err := p.Play(m)
		if err != nil {
			return false
		}
		p = q
	}
	return true
}

// TestSearchStart: both start positions searched to depth 4 give a legal move
// leading a legal line, a score of the middle, the depth asked.
func TestSearchStart(t *testing.T) {
	ctx := context.Background()
	a, err := Search(ctx, atomic.StartingPosition(), Limits{Depth: 4})
	if err != nil || a.Depth != 4 || len(a.PV) == 0 || a.PV[0] != a.Move || !legalAtomicLine(atomic.StartingPosition(), a.PV) ||
		a.Score.IsMate() || a.Nodes <= 0 || len(a.Lines) != 1 {
		t.Errorf("Atomic: %+v, %v", a, err)
	}
	p, err := Search(ctx, pacosako.StartingPosition(), Limits{Depth: 4})
	if err != nil || p.Depth != 4 || len(p.PV) == 0 || p.PV[0].String() != p.Move.String() || !legalPacoLine(pacosako.StartingPosition(), p.PV) ||
		p.Score.IsMate() || p.Nodes <= 0 {
		t.Errorf("Paco Ŝako: %+v, %v", p, err)
	}
}

// TestSearchDeterministic: the same search twice, by depth or by nodes, gives
// the same move, score, line and node count.
func TestSearchDeterministic(t *testing.T) {
	ctx := context.Background()
	ap := atomic.MustParseFEN("r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2P1PN2/PP1N1PPP/R1BQKB1R w KQkq - 0 6")
	pp := pacosako.StartingPosition()
	for _, lim := range []Limits{{Depth: 5}, {Nodes: 30000}} {
		a1, _ := Search(ctx, ap, lim)
		a2, _ := Search(ctx, ap, lim)
		if a1.Move != a2.Move || a1.Score != a2.Score || a1.Nodes != a2.Nodes || !slices.Equal(a1.PV, a2.PV) {
			t.Errorf("Atomic %+v: %v %v %d, then %v %v %d", lim, a1.Move, a1.Score, a1.Nodes, a2.Move, a2.Score, a2.Nodes)
		}
		p1, _ := Search(ctx, pp, lim)
		p2, _ := Search(ctx, pp, lim)
		if p1.Move.String() != p2.Move.String() || p1.Score != p2.Score || p1.Nodes != p2.Nodes {
			t.Errorf("Paco Ŝako %+v: %v %v %d, then %v %v %d", lim, p1.Move, p1.Score, p1.Nodes, p2.Move, p2.Score, p2.Nodes)
		}
	}
}

// TestSearchNodes: a node limit stops the search at that count exactly.
func TestSearchNodes(t *testing.T) {
	for _, n := range []int64{1, 7, 1000, 20000} {
		r, err := Search(context.Background(), atomic.StartingPosition(), Limits{Nodes: n})
		if err != nil || r.Nodes != n || !slices.Contains(atomic.StartingPosition().Moves(), r.Move) {
			t.Errorf("Nodes %d: %d nodes, %v, %v", n, r.Nodes, r.Move, err)
		}
		q, err := Search(context.Background(), pacosako.StartingPosition(), Limits{Nodes: n})
		if err != nil || q.Nodes != n || !legalPacoLine(pacosako.StartingPosition(), q.PV[:1]) {
			t.Errorf("Paco Ŝako, Nodes %d: %d nodes, %v, %v", n, q.Nodes, q.Move, err)
		}
	}
}

// stopSlack is how late after its deadline a search may return: the search
// looks at the clock every few hundred nodes (well under a millisecond apart).
// A busy test machine may not run the process for longer than that, so each
// case has three tries, the best counting, and the slack grows by the
// machine's own delay in waking a sleeping goroutine (schedulingDelay).
const stopSlack = 10 * time.Millisecond

// schedulingDelay returns the longest of a few delays in waking up from a
// millisecond's sleep, beyond the millisecond: about nothing on an idle
// machine.
func schedulingDelay() time.Duration {
	var worst time.Duration
	for range 5 {
		start := time.Now()
		time.Sleep(time.Millisecond)
		worst = max(worst, time.Since(start)-time.Millisecond)
	}
	return worst
}

// TestSearchStopsInTime: a search without a depth stops at its move time, its
// deadline, its context's deadline, or when its context is cancelled, with a
// legal move and no error.
func TestSearchStopsInTime(t *testing.T) {
	ap := atomic.StartingPosition()
	pp := pacosako.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w 4 AHah - -")
	const budget = 60 * time.Millisecond
	cases := []struct {
		name string
		run  func() (any, error)
	}{
		{"atomic MoveTime", func() (any, error) {
			r, err := Search(context.Background(), ap, Limits{MoveTime: budget})
			return r.Move, err
		}},
		{"atomic Deadline", func() (any, error) {
			r, err := Search(context.Background(), ap, Limits{Deadline: time.Now().Add(budget)})
			return r.Move, err
		}},
		{"paco MoveTime", func() (any, error) {
			r, err := Search(context.Background(), pp, Limits{MoveTime: budget})
			return r.Move, err
		}},
		{"paco context deadline", func() (any, error) {
			ctx, cancel := context.WithTimeout(context.Background(), budget)
			defer cancel()
			r, err := Search(ctx, pp, Limits{})
			return r.Move, err
		}},
		{"atomic cancelled", func() (any, error) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(budget, cancel)
			r, err := Search(ctx, ap, Limits{})
			return r.Move, err
		}},
	}
	slack := stopSlack + 2*schedulingDelay()
	for _, c := range cases {
		best := time.Hour
		for range 3 {
			start := time.Now()
			m, err := c.run()
			took := time.Since(start)
			if err != nil {
				t.Fatalf("%s: %v, %v", c.name, m, err)
			}
			best = min(best, took)
			if took <= budget+slack {
				break
			}
		}
		if best > budget+slack || best < budget/2 {
			t.Errorf("%s: returned after %v at best (budget %v, slack %v)", c.name, best, budget, slack)
		}
	}
}

// TestSearchStoppedAtOnce: a context done before the search starts still gives
// a legal move (the first of the move ordering), and no error.
func TestSearchStoppedAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Search(ctx, atomic.StartingPosition(), Limits{})
	if err != nil || !slices.Contains(atomic.StartingPosition().Moves(), r.Move) || r.Depth != 0 {
		t.Errorf("Atomic: %v depth %d, %v", r.Move, r.Depth, err)
	}
	q, err := Search(ctx, pacosako.StartingPosition(), Limits{})
	if err != nil || !legalPacoLine(pacosako.StartingPosition(), []pacosako.Move{q.Move}) {
		t.Errorf("Paco Ŝako: %v, %v", q.Move, err)
	}
	past := Limits{Deadline: time.Now().Add(-time.Second)}
	if r, err := Search(context.Background(), atomic.StartingPosition(), past); err != nil || r.Move.IsZero() {
		t.Errorf("a deadline passed: %v, %v", r.Move, err)
	}
}

// TestSearchGameOver: positions without a move to search are an error wrapping
// ErrNoMove, and the game's ErrGameOver when the game is over.
func TestSearchGameOver(t *testing.T) {
	ctx := context.Background()
	for _, fen := range []string{
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // checkmate
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",        // White's king exploded
		"8/8/8/3k4/8/8/8/4K3 w - - 0 1",                                 // bare kings
		"k7/8/1Q6/8/8/8/8/7K b - - 0 1",                                 // stalemate
	} {
		_, err := Search(ctx, atomic.MustParseFEN(fen), Limits{Depth: 3})
		var ne *NoMoveError
		if !errors.Is(err, ErrNoMove) || !errors.Is(err, atomic.ErrGameOver) || !errors.As(err, &ne) || ne.FEN == "" {
			t.Errorf("%s: %v", fen, err)
		}
	}
	// A Paco played: the game is over.
	g := pacosako.NewGame(pacosako.StartingPosition())
	for _, san := range []string{"e4", "d5", "Bb5", "dxe4", "Bxe8#"} {
		var err error
		if g, err = g.PlaySAN(san); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Search(ctx, g.Position(), Limits{Depth: 3}); !errors.Is(err, ErrNoMove) || !errors.Is(err, pacosako.ErrGameOver) {
		t.Errorf("after a Paco: %v", err)
	}
}

// TestSearchLimitsChecked: limits out of range are refused.
func TestSearchLimitsChecked(t *testing.T) {
	for _, lim := range []Limits{{Depth: -1}, {Depth: MaxDepth + 1}, {Nodes: -5}, {MoveTime: -time.Second}, {MultiPV: -1}, {MultiPV: 1000}, {Depth: 2, Table: &Table{}}} {
		if _, err := Search(context.Background(), atomic.StartingPosition(), lim); !errors.Is(err, ErrInvalidLimits) {
			t.Errorf("%+v: %v", lim, err)
		}
		if _, err := Search(context.Background(), pacosako.StartingPosition(), lim); !errors.Is(err, ErrInvalidLimits) {
			t.Errorf("Paco Ŝako, %+v: %v", lim, err)
		}
	}
}

// TestSearchMultiPV: MultiPV 4 gives four different first moves, best first,
// each with a legal line.
func TestSearchMultiPV(t *testing.T) {
	p := atomic.MustParseFEN("r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2P1PN2/PP1N1PPP/R1BQKB1R w KQkq - 0 6")
	var infos []Info
	r, err := Search(context.Background(), p, Limits{Depth: 4, MultiPV: 4, Progress: func(i Info) { infos = append(infos, i) }})
	if err != nil || len(r.Lines) != 4 || r.Lines[0].Move != r.Move {
		t.Fatalf("%d lines, %v", len(r.Lines), err)
	}
	seen := map[atomic.Move]bool{}
	for k, l := range r.Lines {
		if seen[l.Move] || !legalAtomicLine(p, l.PV) || l.PV[0] != l.Move || k > 0 && l.Score > r.Lines[k-1].Score {
			t.Errorf("line %d: %v %v %v", k, l.Move, l.Score, l.PV)
		}
		seen[l.Move] = true
	}
	if len(infos) != 4*r.Depth || infos[len(infos)-1].Depth != r.Depth || infos[len(infos)-1].MultiPV != 4 || infos[0].Depth != 1 || len(infos[0].PV) == 0 {
		t.Errorf("progress: %+v", infos)
	}
	// Fewer moves than lines asked: one line per move.
	one := atomic.MustParseFEN("8/8/8/8/8/k7/p7/K7 w - - 0 1")
	if r, err := Search(context.Background(), one, Limits{Depth: 3, MultiPV: 5}); err != nil || len(r.Lines) != len(one.Moves()) {
		t.Errorf("%d lines for %d moves, %v", len(r.Lines), len(one.Moves()), err)
	}
}

// TestSearchFindsWins: a win in one scores as such, in both games.
func TestSearchFindsWins(t *testing.T) {
	ctx := context.Background()
	// Atomic: Nxf7 explodes the king on e8.
	a := atomic.MustParseFEN("rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1")
	r, err := Search(ctx, a, Limits{Depth: 3})
	if err != nil || r.Move.UCI() != "g5f7" || r.Score.Mate() != 1 || r.Score.String() != "#1" {
		t.Errorf("Atomic: %v %v, %v", r.Move, r.Score, err)
	}
	// Paco Ŝako: the bishop unites with the king.
	p := pacosako.MustParseFEN("rnbqkbnr/ppp2ppp/8/1B6/4p3/8/PPPP1PPP/RNBQK1NR w 0 AHah - -")
	q, err := Search(ctx, p, Limits{Depth: 3})
	if err != nil || !q.Move.IsPaco() || q.Score.Mate() != 1 {
		t.Errorf("Paco Ŝako: %v %v, %v", q.Move, q.Score, err)
	}
}

// TestSearchHistoryDraw: a move back to a position of the game's history
// scores as a draw.
func TestSearchHistoryDraw(t *testing.T) {
	p := atomic.MustParseFEN("4k3/pp6/8/8/8/8/PPP5/R3K3 w - - 10 40") // White is a rook and a pawn up
	back := p.PlayUnchecked(mustUCI(t, p, "e1d1"))
	r, err := Search(context.Background(), p, Limits{Depth: 3, MultiPV: len(p.Moves()), History: []uint64{back.Hash()}})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range r.Lines {
		if want := l.Move.UCI() == "e1d1"; want != (l.Score == 0) {
			t.Errorf("%v: %v", l.Move, l.Score)
		}
	}
}

func mustUCI(t *testing.T, p atomic.Position, s string) atomic.Move {
	t.Helper()
	m, err := p.ParseUCI(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSearchVectorPositions: in every vector position with a move (a third of
// them without PACOSAKO_FULL=1), a short search returns one of its moves and a
// legal line.
func TestSearchVectorPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 3))
	for i, p := range atomicPositions(t) {
		if !full() && i%3 != 0 || len(p.Moves()) == 0 || p.IsOver() {
			continue
		}
		r, err := Search(context.Background(), p, Limits{Nodes: int64(200 + rng.IntN(3000))})
		if err != nil || !slices.Contains(p.Moves(), r.Move) || !legalAtomicLine(p, r.PV) {
			t.Fatalf("%s: %v %v, %v", p.FEN(), r.Move, r.PV, err)
		}
	}
	for i, p := range pacoPositions(t) {
		if !full() && i%3 != 0 {
			continue
		}
		r, err := Search(context.Background(), p, Limits{Nodes: int64(200 + rng.IntN(3000)), MoveTime: time.Second})
		if errors.Is(err, ErrNoMove) {
			continue
		}
		if err != nil || !legalPacoLine(p, r.PV) || len(r.PV) == 0 {
			t.Fatalf("%s: %v %v, %v", p.FEN(), r.Move, r.PV, err)
		}
	}
}

// TestScore: the words and the UCI form of scores.
func TestScore(t *testing.T) {
	for _, c := range []struct {
		s        Score
		str, uci string
		mate     int
	}{
		{35, "+0.35", "cp 35", 0}, {-120, "-1.20", "cp -120", 0}, {0, "0.00", "cp 0", 0}, {5, "+0.05", "cp 5", 0},
		{MateScore - 1, "#1", "mate 1", 1}, {MateScore - 5, "#3", "mate 3", 3},
		{-MateScore + 2, "#-1", "mate -1", -1}, {-MateScore + 4, "#-2", "mate -2", -2},
	} {
		if c.s.String() != c.str || c.s.UCI() != c.uci || c.s.Mate() != c.mate || c.s.IsMate() != (c.mate != 0) {
			t.Errorf("%d: %q %q %d", c.s, c.s.String(), c.s.UCI(), c.s.Mate())
		}
	}
}

// TestSearchAllocations: a search allocates for its result and its lines, not
// per node: in steady state (its pools and the table warm) at most 50 times and
// one per thousand nodes, in both games (in Paco Ŝako also where its moves are
// listed under a bound: positions with many unions).
func TestSearchAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop what is put back: allocations are counted without it")
	}
	ap := atomic.MustParseFEN(middlegames(t, "atomic")[0])
	pp := pacosako.MustParseFEN(middlegames(t, "pacosako")[0])
	// A position with many unions, whose moves are listed under a bound
	// (MoveList.ResetContext), as are most of its search's.
	heavyPos := pacosako.MustParseFEN("5ki1/ppp1p2p/2n1S1a1/3laeJ1/3q2s1/3P4/PPP2PP1/2KR4 w 0 - - -")
	if !heavy(&heavyPos) {
		t.Fatal("the position with many unions is not listed under a bound")
	}
	tt := NewTable(1)
	for _, c := range []struct {
		name  string
		p     any
		nodes int64
	}{{"atomic", ap, 100_000}, {"pacosako", pp, 100_000}, {"pacosako, many unions", heavyPos, 5_000}} {
		lim := Limits{Nodes: c.nodes, Table: tt}
		run := func() {
			switch p := c.p.(type) {
			case atomic.Position:
				Search(context.Background(), p, lim)
			case pacosako.Position:
				Search(context.Background(), p, lim)
			}
		}
		run()
		if a := testing.AllocsPerRun(3, run); a > float64(50+c.nodes/1000) {
			t.Errorf("%s: %v allocations in a search of %d nodes", c.name, a, c.nodes)
		} else {
			t.Logf("%s: %v allocations in a search of %d nodes", c.name, a, c.nodes)
		}
	}
}

// TestSearchSharedTable: searches of both games running at once on one table
// each answer with a legal move (run under -race: the table is safe to share).
func TestSearchSharedTable(t *testing.T) {
	tt := NewTable(1)
	ap := atomic.MustParseFEN(middlegames(t, "atomic")[1])
	pp := pacosako.MustParseFEN(middlegames(t, "pacosako")[1])
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				r, err := Search(context.Background(), ap, Limits{Nodes: 20000, Table: tt})
				if err != nil || !slices.Contains(ap.Moves(), r.Move) {
					errs <- fmt.Sprintf("atomic: %v, %v", r.Move, err)
				}
				return
			}
			r, err := Search(context.Background(), pp, Limits{Nodes: 5000, Table: tt})
			if err != nil || !legalPacoLine(pp, r.PV) {
				errs <- fmt.Sprintf("pacosako: %v, %v", r.Move, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
