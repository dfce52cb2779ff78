package pacosako

import (
	"sync"
	"testing"
	"unsafe"
)

// TestMoveIsCompact: a Move is 16 bytes (a reference to its enumeration and where
// its actions lie there), so a position's moves cost little memory each.
func TestMoveIsCompact(t *testing.T) {
	if n := unsafe.Sizeof(Move{}); n != 16 {
		t.Fatalf("a Move is %d bytes, want 16", n)
	}
}

// TestAppendMoves: AppendMoves keeps what dst holds, appends the moves Moves
// returns, and allocates the same few blocks whatever the number of moves (the
// position copy and one array of actions; none for the moves in a dst with room).
func TestAppendMoves(t *testing.T) {
	for _, fen := range []string{StartFEN, benchWorst[0].fen, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"} {
		p := mustFEN(t, fen)
		want := p.Moves()
		prefix := StartingPosition().Moves()[:3]
		got := p.AppendMoves(append([]Move(nil), prefix...))
		if len(got) != 3+len(want) {
			t.Fatalf("%s: AppendMoves gave %d moves after the 3 kept, want %d", fen, len(got)-3, len(want))
		}
		for i := range prefix {
			if got[i].String() != prefix[i].String() || !got[i].After().Equal(prefix[i].After()) {
				t.Fatalf("%s: AppendMoves changed dst[%d]", fen, i)
			}
		}
		for i, m := range want {
			if got[3+i].String() != m.String() || !got[3+i].After().Equal(m.After()) {
				t.Fatalf("%s: move %d: AppendMoves gives %v, Moves %v", fen, i, got[3+i], m)
			}
		}
		if raceEnabled {
			continue // the race detector allocates
		}
		dst := make([]Move, 0, len(want))
		allocs := testing.AllocsPerRun(20, func() { dst = p.AppendMoves(dst[:0]) })
		if allocs > 2 {
			t.Errorf("%s: AppendMoves into a slice with room made %.0f allocations for %d moves, want at most 2", fen, allocs, len(want))
		}
	}
}

// TestMoveAfterReplays: After rebuilds the position a move leads to by playing its
// actions from the position it was enumerated in: the same as ApplyAll of its
// actions, for moves of Moves, AllMoves and a game.
func TestMoveAfterReplays(t *testing.T) {
	for _, r := range localRows(t, "positions.tsv")[:60] {
		p := mustFEN(t, r[0])
		for m := range p.AllMoves() {
			q, err := p.ApplyAll(m.Actions())
			if err != nil || !q.Equal(m.After()) || q.FEN() != m.After().FEN() {
				t.Fatalf("%s: %v: After %s, ApplyAll %s (%v)", r[0], m, m.After().FEN(), q.FEN(), err)
			}
			if m.IsPaco() != (m.After().Outcome().Termination == Paco) {
				t.Fatalf("%s: %v: IsPaco %v, outcome %v", r[0], m, m.IsPaco(), m.After().Outcome())
			}
		}
	}
	var zero Move
	if zero.Len() != 0 || zero.String() != "" || zero.From() != NoSquare || zero.To() != NoSquare || zero.IsPaco() || !zero.After().Equal(Position{}) || zero.Actions() != nil {
		t.Fatalf("the zero Move: Len %d, %q, From %v, To %v, IsPaco %v", zero.Len(), zero.String(), zero.From(), zero.To(), zero.IsPaco())
	}
}

// TestMovesAcrossGoroutines: moves refer to shared arrays of actions; reading them
// in other goroutines while the enumeration that made them goes on (AllMoves) or
// after it (Moves) is safe (run with -race) and reads the same.
func TestMovesAcrossGoroutines(t *testing.T) {
	p := mustFEN(t, benchWorst[0].fen)
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	check := func(m Move, fen string) {
		defer wg.Done()
		if m.After().FEN() != fen {
			errs <- m.String()
		}
	}
	n := 0
	for m := range p.AllMoves() {
		if n%97 == 0 {
			wg.Add(1)
			go check(m, m.After().FEN())
		}
		n++
	}
	moves := p.Moves()
	for i := 0; i < len(moves); i += 101 {
		wg.Add(1)
		go check(moves[i], moves[i].After().FEN())
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("move %s read differently in another goroutine", e)
	}
}
