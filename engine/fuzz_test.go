package engine

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// FuzzSearchAtomic: any FEN atomic.ParseFEN reads is searched without a panic,
// and answered with one of its moves, or ErrNoMove when it has none.
func FuzzSearchAtomic(f *testing.F) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
		"k7/8/1Q6/8/8/8/8/7K b - - 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"K7/8/8/8/8/8/8/7k w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"4k3/8/8/8/8/8/8/R3K2R w KQ - 99 60",
	} {
		f.Add(fen, uint16(300))
	}
	f.Fuzz(func(t *testing.T, fen string, nodes uint16) {
		p, err := atomic.ParseFEN(fen)
		if err != nil {
			return
		}
		r, err := Search(context.Background(), p, Limits{Nodes: int64(nodes%2000) + 1, MultiPV: int(nodes % 3)})
		moves := p.Moves()
		switch {
		case errors.Is(err, ErrNoMove):
			if len(moves) > 0 && !p.IsDeadPosition() {
				t.Fatalf("%s: %v with %d moves", fen, err, len(moves))
			}
		case err != nil:
			t.Fatalf("%s: %v", fen, err)
		case !slices.Contains(moves, r.Move) || !legalAtomicLine(p, r.PV):
			t.Fatalf("%s: %v %v not legal", fen, r.Move, r.PV)
		}
	})
}

// FuzzSearchPaco: any FEN pacosako.ParseFEN reads is searched without a panic,
// within its time, and answered with a legal move, or ErrNoMove.
func FuzzSearchPaco(f *testing.F) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -",
		"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -",
		"rnbqkbnr/ppp2ppp/8/1B6/4p3/8/PPPP1PPP/RNBQK1NR w 0 AHah - -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -",
		"PPPPPPPP/8/8/8/8/8/8/pppppppp w 0 - - -",
		"8/8/8/8/8/8/8/8 w 0 - - -",
		"1d4I1/e1E4w/2W3s1/hf1k3f/2p2C2/6t1/4N3/w4J1K w 3 - - -",
	} {
		f.Add(fen, uint16(300))
	}
	f.Fuzz(func(t *testing.T, fen string, nodes uint16) {
		p, err := pacosako.ParseFEN(fen)
		if err != nil {
			return
		}
		start := time.Now()
		r, err := Search(context.Background(), p, Limits{Nodes: int64(nodes%2000) + 1, MoveTime: 200 * time.Millisecond})
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("%s: %v for a search of 200 ms", fen, took)
		}
		switch {
		case errors.Is(err, ErrNoMove):
		case err != nil:
			t.Fatalf("%s: %v", fen, err)
		case len(r.PV) == 0 || !legalPacoLine(p, r.PV):
			t.Fatalf("%s: %v %v not legal", fen, r.Move, r.PV)
		}
	})
}
