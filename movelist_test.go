package pacosako

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestMoveListAgrees: one MoveList, reused from position to position, lists the
// moves of Moves in their order, with their actions, positions, Paco flags and
// squares, for every position of positions.tsv (some mid-move, some owing a
// promotion) and the positions one move further, under every rule set (the
// Rulebook's Ŝako rule takes the full search). Every position with
// PACOSAKO_FULL=1, every third without.
func TestMoveListAgrees(t *testing.T) {
	var l MoveList
	n := 0
	bothRows(t, "positions.tsv", "positions.tsv", func(t *testing.T, rows [][]string) {
		for k, r := range rows {
			if k%3 != 0 && !fullSizes() {
				continue
			}
			p := mustFEN(t, r[0])
			ps := []Position{p, p.WithRules(Rulebook), p.WithRules(Vchess)}
			if k%6 == 0 {
				for i, m := range p.Moves() {
					if i%7 == 0 {
						ps = append(ps, m.After())
					}
				}
			}
			for _, q := range ps {
				want := q.Moves()
				if got := l.Reset(q); got != len(want) || l.Len() != len(want) || l.Position() != q {
					t.Fatalf("%s: Reset = %d, Len %d, Moves %d", q.FEN(), got, l.Len(), len(want))
				}
				for i, m := range want {
					c := l.Move(i)
					if !slices.Equal(c.Actions(), m.Actions()) || c.IsPaco() != m.IsPaco() || l.IsPaco(i) != m.IsPaco() ||
						l.From(i) != m.From() || l.To(i) != m.To() || l.PathLen(i) != m.Len() || l.After(i) != m.After() {
						t.Fatalf("%s: move %d is %v (Paco %v, %v→%v), Moves has %v", q.FEN(), i, c, l.IsPaco(i), l.From(i), l.To(i), m)
					}
					n++
				}
			}
		}
	})
	t.Logf("%d moves compared", n)
}

// TestMoveListMoveOutlivesReset: a Move taken from the list stays the same
// move, playable in its position, after the list holds another position's.
func TestMoveListMoveOutlivesReset(t *testing.T) {
	var l MoveList
	p := StartingPosition()
	l.Reset(p)
	m := l.Move(3)
	want := p.Moves()[3]
	l.Reset(mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"))
	if m.String() != want.String() || m.After() != want.After() {
		t.Fatalf("after Reset: %v, want %v", m, want)
	}
	if q, err := p.Play(m); err != nil || q != want.After() {
		t.Fatalf("Play(%v) = %v", m, err)
	}
	if san, err := p.SAN(m); err != nil || san != "Nh3" {
		t.Errorf("SAN = %q, %v; want Nh3", san, err)
	}
}

// TestMoveListOutOfRange: an index outside the list gives zero values.
func TestMoveListOutOfRange(t *testing.T) {
	var l MoveList
	if l.Len() != 0 || l.After(0) != (Position{}) || l.IsPaco(0) || l.From(0) != NoSquare || l.To(-1) != NoSquare ||
		l.PathLen(5) != 0 || l.Move(0) != (Move{}) {
		t.Errorf("the zero MoveList is not empty")
	}
	n := l.Reset(StartingPosition())
	if l.From(n) != NoSquare || l.Move(-1) != (Move{}) {
		t.Errorf("index %d or -1 answered", n)
	}
}

// TestMoveListNoAllocations: once grown, listing a position's moves and
// playing them allocates nothing.
func TestMoveListNoAllocations(t *testing.T) {
	ps := []Position{StartingPosition(), mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"),
		mustFEN(t, "rn1qkbnr/pp3pp1/2ppp2p/8/P5E1/5P2/1PPPP2P/RNBQKBNR w 2 Hah - -")}
	var l MoveList
	for _, p := range ps {
		l.Reset(p)
	}
	var sink Position
	allocs := testing.AllocsPerRun(50, func() {
		for _, p := range ps {
			for i := range l.Reset(p) {
				sink = l.After(i)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per round", allocs)
	}
	// Bounded (as the engine lists heavy positions) as well.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	allocs = testing.AllocsPerRun(50, func() {
		for _, p := range ps {
			n, err := l.ResetContext(ctx, p, Limits{MaxStates: 100_000})
			if err != nil {
				t.Fatal(err)
			}
			for i := range n {
				sink = l.After(i)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("ResetContext: %v allocations per round", allocs)
	}
	_ = sink
}

// TestMoveListContext: ResetContext stops the heavy position at its limit and
// when its context is done, leaving the list empty; unbounded it is Reset.
func TestMoveListContext(t *testing.T) {
	var l MoveList
	heavy := mustFEN(t, heavyFEN)
	l.Reset(StartingPosition())
	n, err := l.ResetContext(context.Background(), heavy, Limits{MaxStates: 1000})
	if !errors.Is(err, ErrSearchLimit) || n != 0 || l.Len() != 0 || l.Position() != heavy {
		t.Fatalf("MaxStates 1000: %d, %v, Len %d", n, err, l.Len())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := l.ResetContext(ctx, heavy, Limits{}); !errors.Is(err, context.Canceled) || n != 0 || l.Len() != 0 {
		t.Fatalf("cancelled: %d, %v", n, err)
	}
	p := mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	n, err = l.ResetContext(context.Background(), p, Limits{MaxStates: 1000})
	if err != nil || n != len(p.Moves()) || l.After(n-1) != p.Moves()[n-1].After() {
		t.Fatalf("bounded, within the bound: %d, %v", n, err)
	}
}
