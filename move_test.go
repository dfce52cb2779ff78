package pacosako

import (
	"context"
	"strings"
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

// TestIsPacoMeansTheMoverWins: a move is a Paco exactly when the game it leads to
// is a Paco the mover won, for every move of every reference position and child
// under every preset; under KingUnions (Vchess) a move that takes the mover's own
// king into a union ends in the other side's Paco and is no Paco of the move, nor
// written with "#".
func TestIsPacoMeansTheMoverWins(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	positions := chainTestPositions(t)
	// A reviewer's find: every king move into the union on g4 lost, yet was a Paco.
	selfLoss := mustFEN(t, "r2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 24 iiah1111011111110111 - -")
	positions = append(positions, selfLoss)
	lost := 0
	for k, p := range positions {
		if p.rules.switches&KingUnions == 0 && k%8 != 0 {
			continue // the other presets cannot lose by their own move: a sample
		}
		moves := p.Moves()
		sans, err := p.SANs(moves)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range moves {
			o := m.After().Outcome()
			won := o.Termination == Paco && o.Winner == p.Turn()
			if m.IsPaco() != won || strings.HasSuffix(sans[i], "#") != won {
				t.Fatalf("%s (%v): %s leads to %v; IsPaco %v", p.FEN(), p.Rules(), sans[i], o, m.IsPaco())
			}
			if o.Termination == Paco && !won {
				lost++
			}
		}
	}
	if lost == 0 {
		t.Fatal("no move lost by Paco: the test checks nothing of KingUnions")
	}
	t.Logf("%d positions, %d moves into the mover's own Paco", len(positions), lost)
	if sol, err := Solve(context.Background(), selfLoss, SolveOptions{MaxN: 1}); err != nil || sol.N != 0 {
		t.Errorf("Solve of %s: N %d (%v); its king moves into g4 lose, want N 0 as CanPaco %v says", selfLoss.FEN(), sol.N, err, selfLoss.CanPaco())
	}
}
