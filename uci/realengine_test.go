package uci

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
)

// EngineEnv names a real UCI engine that plays Atomic chess (Fairy-Stockfish,
// docs/engine.md says how to build it) for the tests that need one; they skip
// without it.
const EngineEnv = "PACOSAKO_UCI_ENGINE"

func startReal(t *testing.T) *Engine {
	t.Helper()
	path := os.Getenv(EngineEnv)
	if path == "" {
		t.Skipf("%s is not set: no real engine to test against", EngineEnv)
	}
	e, err := Start(context.Background(), Config{Path: path, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("Start(%s): %v", path, err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil {
			t.Error(err)
		}
	})
	for name, value := range map[string]string{"Threads": "1", "Hash": "16"} {
		if _, ok := e.Option(name); ok {
			if err := e.SetOption(context.Background(), name, value); err != nil {
				t.Fatal(err)
			}
		}
	}
	return e
}

// A real engine plays legal moves from the start, after moves, from a Chess960
// start, with MultiPV, and finds a win in one.
func TestRealEngine(t *testing.T) {
	e := startReal(t)
	ctx := context.Background()
	t.Logf("engine %q by %q, %d options", e.Name(), e.Author(), len(e.Options()))
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	g := atomic.NewGame(atomic.StartingPosition())
	for range 12 { // the engine plays both sides
		infos := 0
		res, err := e.Go(ctx, g, Limits{Depth: 5}, func(Info) { infos++ })
		if err != nil {
			t.Fatalf("after %v: %v", g.PlayedUCI(), err)
		}
		if infos == 0 || len(res.Lines) == 0 || res.Lines[0].PV[0] != res.BestMove {
			t.Fatalf("after %v: %d infos, lines %v, best %v", g.PlayedUCI(), infos, res.Lines, res.BestMove)
		}
		if g, err = g.Play(res.BestMove); err != nil {
			t.Fatal(err)
		}
		if g.Outcome().IsOver() {
			break
		}
	}
	// A capture next to the black king wins at once.
	won := atomic.NewGame(atomic.MustParseFEN("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1"))
	res, err := e.Go(ctx, won, Limits{Depth: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := won.Position().Play(res.BestMove)
	if w, ok := after.Outcome().Won(); !ok || w != won.Position().Turn() {
		t.Errorf("best move %v does not win: %v", res.BestMove, after.Outcome())
	}
	if s, ok := res.Score(); !ok || !s.Mate || s.Value <= 0 {
		t.Errorf("score %v, want a forced win", s)
	}
	// MultiPV.
	if err := e.SetOption(ctx, "MultiPV", "3"); err != nil {
		t.Fatal(err)
	}
	res, err = e.Go(ctx, atomic.NewGame(atomic.StartingPosition()), Limits{Depth: 4}, nil)
	if err != nil || len(res.Lines) != 3 || res.Lines[0].PV[0] == res.Lines[1].PV[0] {
		t.Fatalf("MultiPV 3: %+v, %v", res.Lines, err)
	}
	if err := e.SetOption(ctx, "MultiPV", "1"); err != nil {
		t.Fatal(err)
	}
	// A Chess960 start, castling on its way.
	start, _ := atomic.FischerRandomPosition(0) // bbqnnrkr
	g = atomic.NewGame(start)
	for range 8 {
		res, err := e.Go(ctx, g, Limits{Nodes: 3000}, nil)
		if err != nil {
			t.Fatalf("Chess960 after %v: %v", g.PlayedUCI(), err)
		}
		if g, err = g.Play(res.BestMove); err != nil || g.Outcome().IsOver() {
			break
		}
	}
	// Movetime is kept.
	res, err = e.Go(ctx, atomic.NewGame(atomic.StartingPosition()), Limits{MoveTime: 50 * time.Millisecond}, nil)
	if err != nil || res.Elapsed > 2*time.Second {
		t.Fatalf("movetime 50 ms: %v after %v", err, res.Elapsed)
	}
}
