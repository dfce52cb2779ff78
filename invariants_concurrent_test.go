package pacosako

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Concurrent readers of shared values (issue 7, item 5). Positions and games are
// documented as values safe to share between goroutines; the searches behind them
// reuse buffers from package-level free lists. Many goroutines read the same
// Position and Game values at once and must all see what a single goroutine sees.
// The tests are meaningful under go test -race (which CI runs); without it they
// still compare the results.

// raceReaders is the number of goroutines reading at once.
const raceReaders = 8

// positionDigest reads p in every way a program might and writes what it saw.
func positionDigest(p Position) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s|%s|%x|%v|%v\n", p.FEN(), p.vchessFEN(), p.Hash(), p.Actions(), p.CompletableActions())
	moves := p.Moves()
	parallel, err := PerftContext(context.Background(), p, 2, PerftOptions{Workers: 3})
	fmt.Fprintf(&sb, "moves %d %d %d perft2 %d %d %v\n", len(moves), p.MoveCount(), Perft(p, 1), Perft(p, 2), parallel, err)
	sans, err := p.SANs(moves)
	if err != nil {
		fmt.Fprintf(&sb, "SANs: %v\n", err)
	}
	for i, m := range moves {
		fmt.Fprintf(&sb, "%v>%s %s %s\n", m, m.After().FEN(), sans[i], m.Coordinate())
	}
	for _, d := range Divide(p, 1) {
		fmt.Fprintf(&sb, "%v:%d ", d.Move, d.Count)
	}
	for c := White; c <= Black; c++ {
		fmt.Fprintf(&sb, "\n%v threatens %v, gives Ŝako %v, in Ŝako %v", c, p.Threats(c), p.GivesSako(c), p.InSako(c))
	}
	fmt.Fprintf(&sb, "\nCanPaco %v, %d Paco moves", p.CanPaco(), len(pacoMoves(p)))
	return sb.String()
}

// gameDigest reads g, and plays the k-th legal move from it and undoes it again;
// g must not change.
func gameDigest(g Game, k int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d %v %s %s %v\n", g.Len(), g.Outcome(), g.Position().FEN(), g.ActionLog(), replayOf(g))
	sb.WriteString(Record{Game: g}.String())
	for n := 0; n <= g.Len(); n++ {
		u, err := g.UndoTo(n)
		if err != nil {
			fmt.Fprintf(&sb, "Undo(%d): %v\n", n, err)
			continue
		}
		p, _ := g.PositionAt(n)
		fmt.Fprintf(&sb, "Undo(%d) %s %d %v\n", n, u.Position().FEN(), u.LegalMoveCount(), p.Equal(u.Position()))
	}
	moves := g.LegalMoves()
	if len(moves) > 0 {
		m := moves[k%len(moves)]
		h, err := g.Play(m)
		if err != nil {
			fmt.Fprintf(&sb, "Play(%v): %v\n", m, err)
		} else {
			back, _ := h.UndoTo(g.Len())
			fmt.Fprintf(&sb, "Play(%v) %s %d; undone %s\n", m, h.Position().FEN(), h.LegalMoveCount(), back.Position().FEN())
		}
	}
	return sb.String()
}

// TestConcurrentReaders reads shared positions and games from many goroutines at
// once and checks that every goroutine sees what a single one sees, and that the
// shared values do not change.
func TestConcurrentReaders(t *testing.T) {
	positions := []Position{
		StartingPosition(),
		mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"),
		mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"),
		mustFEN(t, "r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR b 0 AHah - -").WithRules(Rulebook),
		mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - -"),
	}
	games := []Game{
		gamePlay(t, NewGame(StartingPosition()), "Le2 e4", "Ld7 d5", "Le4 d5", "Ld8 d5 d4"),
		gamePlay(t, NewGame(mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")), "Lf3 e4 c3 c6"),
	}
	var wantPos, wantGame []string
	for _, p := range positions {
		wantPos = append(wantPos, positionDigest(p))
	}
	for _, g := range games {
		for k := range raceReaders {
			wantGame = append(wantGame, gameDigest(g, k))
		}
	}
	fens := make([]string, len(positions))
	for i, p := range positions {
		fens[i] = p.FEN()
	}

	errs := make(chan string, raceReaders*(len(positions)+len(games)))
	var wg sync.WaitGroup
	for w := range raceReaders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each reader visits the shared values in its own order, so that
			// different searches overlap.
			for j := range positions {
				i := (j + w) % len(positions)
				if got := positionDigest(positions[i]); got != wantPos[i] {
					errs <- fmt.Sprintf("reader %d, position %s: read differently:\n%s\nwant\n%s", w, fens[i], got, wantPos[i])
				}
			}
			for j := range games {
				i := (j + w) % len(games)
				if got := gameDigest(games[i], w); got != wantGame[i*raceReaders+w] {
					errs <- fmt.Sprintf("reader %d, game %d: read differently:\n%s\nwant\n%s", w, i, got, wantGame[i*raceReaders+w])
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	for i, p := range positions {
		if p.FEN() != fens[i] || positionDigest(p) != wantPos[i] {
			t.Errorf("shared position %s changed", fens[i])
		}
	}
	for i, g := range games {
		if gameDigest(g, 0) != wantGame[i*raceReaders] {
			t.Errorf("shared game %d changed", i)
		}
	}
}
