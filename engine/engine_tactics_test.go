package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// The tactics tests: in every position of the vectors and of the played games
// where the library's solver proves a forced win in at most 3 moves, the engine
// plays a winning first move within a million nodes. Every position with
// PACOSAKO_DEEP=1; samples otherwise (docs/testing.md).

// tacticsNodes is the engine's budget per position.
const tacticsNodes = 1_000_000

// solveTimeout bounds the solver on one position (a position it cannot settle
// in time is left out).
const solveTimeout = 5 * time.Second

// every returns the sample's step: 1 (every position) with PACOSAKO_DEEP=1, as
// the figures of docs/benchmarks.md were measured; n/3 with PACOSAKO_FULL=1
// (CI) without the race detector; n otherwise.
func every(n int) int {
	switch {
	case os.Getenv("PACOSAKO_DEEP") == "1":
		return 1
	case full() && !raceEnabled:
		return max(n/3, 1)
	}
	return n
}

// atomicGamePositions returns every position of the Atomic games of games.pgn
// (the shared file when present).
func atomicGamePositions(t *testing.T) []atomic.Position {
	path := firstExisting(filepath.Join(sharedTestdata, "atomic", "games.pgn"), "../atomic/testdata/games.pgn")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []atomic.Position
	for _, rec := range testkit.AllRecords(t, atomic.NewRecordReader(f)) {
		for i := 0; i <= rec.Game.Len(); i++ {
			p, err := rec.Game.PositionAt(i)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
	}
	return ps
}

// pacoGamePositions returns the positions after every half-move of the played
// games of games.tsv (the shared file when present).
func pacoGamePositions(t *testing.T) []pacosako.Position {
	path := firstExisting(filepath.Join(sharedTestdata, "games.tsv"), "../testdata/games.tsv")
	var ps []pacosako.Position
	for _, r := range testkit.Rows(t, path) {
		p, err := pacosako.ParseFEN(r[3])
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// atomicWins reports whether m forces a win in p: one of the solver's winning
// first moves, an ending move, or one after which every defence leaves a
// forced win in at most 3 moves.
func atomicWins(ctx context.Context, p atomic.Position, m atomic.Move, sol atomic.Solution) bool {
	if slices.Contains(sol.Moves, m) {
		return true
	}
	q := p.PlayUnchecked(m)
	if o := q.Outcome(); o.IsOver() {
		w, won := o.Won()
		return won && w == p.Turn()
	}
	for _, d := range q.Moves() {
		s, err := atomic.Solve(ctx, q.PlayUnchecked(d), atomic.SolveOptions{MaxN: 3})
		if err != nil || s.N == 0 {
			return false
		}
	}
	return true
}

// pacoWins is atomicWins for Paco Ŝako.
func pacoWins(ctx context.Context, p pacosako.Position, m pacosako.Move, sol pacosako.Solution) bool {
	for _, w := range sol.Moves {
		if w.After() == m.After() {
			return true
		}
	}
	q := m.After()
	if m.IsPaco() {
		return true
	}
	if q.Outcome().IsOver() {
		return false
	}
	for _, d := range q.Moves() {
		a := d.After()
		if a.Outcome().IsOver() {
			return false
		}
		s, err := pacosako.Solve(ctx, a, pacosako.SolveOptions{MaxN: 3})
		if err != nil || s.N == 0 {
			return false
		}
	}
	return true
}

// TestTacticsAtomic: forced wins of Atomic's vectors and games.
func TestTacticsAtomic(t *testing.T) {
	ps := append(atomicPositions(t), atomicGamePositions(t)...)
	tactics(t, ps, every(6), "win", atomic.Position.IsOver,
		func(ctx context.Context, p atomic.Position) (atomic.Solution, int, error) {
			sol, err := atomic.Solve(ctx, p, atomic.SolveOptions{MaxN: 3, Limits: pacosako.Limits{MaxStates: 1_000_000}})
			return sol, sol.N, err
		}, atomicWins)
}

// TestTacticsPaco: forced Pacos of Paco Ŝako's vectors and games.
func TestTacticsPaco(t *testing.T) {
	ps := append(pacoPositions(t), pacoGamePositions(t)...)
	skip := func(p pacosako.Position) bool { return p.Outcome().IsOver() || !p.IsSettled() }
	tactics(t, ps, every(24), "Paco", skip,
		func(ctx context.Context, p pacosako.Position) (pacosako.Solution, int, error) {
			sol, err := pacosako.Solve(ctx, p, pacosako.SolveOptions{MaxN: 3, Limits: pacosako.Limits{MaxStates: 100_000}})
			return sol, sol.N, err
		}, pacoWins)
}

// tactics checks every step-th position of ps that skip does not pass over and
// where solve proves a forced win in at most 3 moves: the engine's move within
// tacticsNodes must be one that wins accepts.
func tactics[P Position[M], M Move, S any](t *testing.T, ps []P, step int, what string, skip func(P) bool,
	solve func(context.Context, P) (S, int, error), wins func(context.Context, P, M, S) bool) {
	t.Helper()
	checked, missed := 0, 0
	var nodes int64
	for i, p := range ps {
		if i%step != 0 || skip(p) {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), solveTimeout)
		sol, n, err := solve(ctx, p)
		if err != nil || n == 0 {
			cancel()
			continue
		}
		r, err := Search(context.Background(), p, Limits{Nodes: tacticsNodes})
		checked++
		nodes += r.Nodes
		if err != nil || !wins(ctx, p, r.Move, sol) {
			missed++
			t.Errorf("%s: a %s in %d (%+v); the engine plays %v (%v, depth %d, %d nodes), %v", p.FEN(), what, n, sol, r.Move, r.Score, r.Depth, r.Nodes, err)
		}
		cancel()
	}
	t.Logf("%d positions with a forced %s in at most 3 moves (of %d, every %d-th), %d missed; %d nodes in all", checked, what, len(ps), step, missed, nodes)
	if checked == 0 {
		t.Error("no position to check")
	}
}
