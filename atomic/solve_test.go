package atomic

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
)

// naiveForced is forced(P, n) straight from its definition (solve.go), through
// the public calls only (Moves, Play, Outcome, InCheck) and without a table,
// move order or cut-offs but the quantifiers' own: the oracle Solve is checked
// against. chasing admits only attacking moves that give check but the win.
func naiveForced(p Position, n int, chasing bool) bool {
	for _, m := range p.Moves() {
		if naiveWins(p, m, n, chasing) {
			return true
		}
	}
	return false
}

// naiveWins reports whether the attacker's move m forces a win in n moves.
func naiveWins(p Position, m Move, n int, chasing bool) bool {
	attacker := p.Turn()
	a, _ := p.Play(m)
	o := a.Outcome()
	if w, won := o.Won(); won && w == attacker {
		return true // the enemy king exploded, or mated
	}
	if n < 2 || o.IsOver() || chasing && !a.InCheck() {
		return false
	}
	for _, d := range a.Moves() {
		dp, _ := a.Play(d)
		if dp.Outcome().IsOver() || !naiveForced(dp, n-1, chasing) {
			return false // a defence that wins, draws, or escapes
		}
	}
	return true // no defence refutes (there is one: a had moves)
}

// naiveSolve is Solve by naiveForced: the smallest n ≤ maxN and its winning
// first moves.
func naiveSolve(p Position, maxN int, chasing bool) (int, []Move) {
	if p.IsOver() {
		return 0, nil
	}
	for n := 1; n <= maxN; n++ {
		var wins []Move
		for _, m := range p.Moves() {
			if naiveWins(p, m, n, chasing) {
				wins = append(wins, m)
			}
		}
		if len(wins) > 0 {
			return n, wins
		}
	}
	return 0, nil
}

// solvePositions are the positions Solve is checked on: the vectors' positions
// (the package's subset, and with PACOSAKO_FULL=1 the shared ones) and every
// position of the vectors' games (the package's subset; with PACOSAKO_FULL=1 the
// shared games too).
func solvePositions(t *testing.T) []Position {
	var out []Position
	files := []string{filepath.Join("testdata", "positions.tsv")}
	games := []string{filepath.Join("testdata", "games.pgn")}
	if os.Getenv("PACOSAKO_FULL") == "1" {
		if fileExists(filepath.Join(sharedTestdata, "positions.tsv")) {
			files = append(files, filepath.Join(sharedTestdata, "positions.tsv"))
			games = append(games, filepath.Join(sharedTestdata, "games.pgn"))
		} else {
			t.Logf("%s absent: the package's positions and games only", sharedTestdata)
		}
	}
	for _, f := range files {
		for _, r := range tsvRows(t, f) {
			out = append(out, mustFEN(t, r[0]))
		}
	}
	for _, f := range games {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rr := NewRecordReader(strings.NewReader(string(data)))
		for rr.Scan() {
			rec, err := rr.Record()
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i <= rec.Game.Len(); i++ {
				p, _ := rec.Game.PositionAt(i)
				out = append(out, p)
			}
		}
	}
	return out
}

// TestSolveExhaustive: Solve's N and winning first moves are naiveSolve's, for
// N ≤ 2, plain and chasing, on at least 200 positions: wins in 1 and 2, none,
// positions in check, finished games.
func TestSolveExhaustive(t *testing.T) {
	positions := solvePositions(t)
	if len(positions) < 200 {
		t.Fatalf("only %d positions", len(positions))
	}
	counts := map[int]int{}
	for _, p := range positions {
		for _, chasing := range []bool{false, true} {
			wantN, want := naiveSolve(p, 2, chasing)
			sol, err := Solve(context.Background(), p, SolveOptions{MaxN: 2, Chasing: chasing, Workers: 1})
			if err != nil {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
			if sol.N != wantN || !slices.Equal(sol.Moves, want) {
				t.Errorf("%s (chasing %v): Solve N %d %v, the exhaustive search N %d %v", p.FEN(), chasing, sol.N, sol.Moves, wantN, want)
			}
			if !chasing {
				counts[sol.N]++
			}
		}
	}
	t.Logf("%d positions: %d wins in 1, %d in 2, %d none within 2", len(positions), counts[1], counts[2], counts[0])
	if counts[1] < 20 || counts[2] < 5 || counts[0] < 50 {
		t.Errorf("the positions do not exercise every answer: %v", counts)
	}
}

// TestSolveNxf7: the example, and a win in 2 with its proof: every
// defence is answered by a winning reply, down to the explosion or the mate.
func TestSolveNxf7(t *testing.T) {
	p := mustFEN(t, "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1")
	sol, err := Solve(context.Background(), p, SolveOptions{MaxN: 1, Proofs: true})
	if err != nil || sol.N != 1 || len(sol.Moves) != 1 || !sol.Sound() || sol.Proofs[0].String() != "Nxf7#\n" {
		t.Fatalf("Solve: %+v, %v; want Nxf7 alone", sol, err)
	}
	// From the start a win takes more than 2 moves; after 1.Nc3 d6 2.Nd5 (the
	// rules page's trap, docs/diagrams/atomic-nxc7.svg) Black defends e7 with
	// 2...e5, so Nd5 forces nothing within 3.
	for _, fen := range []string{StartFEN, "rnbqkbnr/ppp1pppp/3p4/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2"} {
		if sol, err := Solve(context.Background(), mustFEN(t, fen), SolveOptions{MaxN: 3}); err != nil || sol.N != 0 {
			t.Errorf("%s: %+v, %v", fen, sol, err)
		}
	}
	// Black's two knights after 1.Na3 Nf6 2.Nh3: a sound win in 2 (a random
	// playout of the vectors), and after 1.a3 e5 2.Nh3 one in 3.
	for _, tc := range []struct {
		fen      string
		n, moves int
	}{
		{"rnbqkb1r/pppppppp/5n2/8/8/N6N/PPPPPPPP/R1BQKB1R b KQkq - 3 2", 2, 1},
		{"rnbqkbnr/pppp1ppp/8/4p3/8/P6N/1PPPPPPP/RNBQKB1R b KQkq - 0 2", 3, 1},
	} {
		p := mustFEN(t, tc.fen)
		sol, err := Solve(context.Background(), p, SolveOptions{MaxN: 3, Proofs: true})
		if err != nil || sol.N != tc.n || len(sol.Moves) != tc.moves {
			t.Fatalf("%s: N %d, %d moves (%v); want %d, %d", tc.fen, sol.N, len(sol.Moves), err, tc.n, tc.moves)
		}
		for i, pr := range sol.Proofs {
			checkProof(t, p, pr, sol.N)
			if pr.Move != sol.Moves[i] {
				t.Errorf("proof %d proves %v, not %v", i, pr.Move, sol.Moves[i])
			}
		}
		t.Logf("%s: N = %d, proof of %d lines", tc.fen, sol.N, strings.Count(sol.Proofs[0].String(), "\n"))
	}
}

// checkProof checks a proof tree in p: its move is legal and written in SAN;
// a winning move has no defences, any other lists every legal defence, each
// with a reply that is itself proved in n-1 moves.
func checkProof(t *testing.T, p Position, pr Proof, n int) {
	t.Helper()
	if san, err := p.SAN(pr.Move); err != nil || san != pr.SAN {
		t.Fatalf("%s: proof move %v SAN %q, want %q (%v)", p.FEN(), pr.Move, pr.SAN, san, err)
	}
	a, _ := p.Play(pr.Move)
	if w, won := a.Outcome().Won(); won && w == p.Turn() {
		if len(pr.Defences) != 0 {
			t.Errorf("%s: a winning move with defences", p.FEN())
		}
		return
	}
	if n < 2 {
		t.Fatalf("%s: %s does not win and no moves are left", p.FEN(), pr.SAN)
	}
	if len(pr.Defences) != a.MoveCount() || a.MoveCount() == 0 {
		t.Fatalf("%s: %d defences of %d", a.FEN(), len(pr.Defences), a.MoveCount())
	}
	for _, d := range pr.Defences {
		dp, err := a.Play(d.Move)
		if err != nil {
			t.Fatal(err)
		}
		checkProof(t, dp, d.Reply, n-1)
	}
}

// TestSolveBounds: a table over Limits.MaxStates is a *SearchLimitError, a done
// context its error, a finished game no solution; the workers do not change
// the answer.
func TestSolveBounds(t *testing.T) {
	p := mustFEN(t, "rnbqkbnr/ppp1pppp/3p4/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2")
	_, err := Solve(context.Background(), p, SolveOptions{MaxN: 3, Limits: pacosako.Limits{MaxStates: 10}})
	var sl *SearchLimitError
	if !errors.As(err, &sl) || !errors.Is(err, ErrSearchLimit) || sl.Limit != 10 || !strings.HasPrefix(err.Error(), "atomic: search limit reached: ") {
		t.Errorf("MaxStates 10: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, p, SolveOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
	over := mustFEN(t, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	if sol, err := Solve(context.Background(), over, SolveOptions{}); err != nil || sol.N != 0 {
		t.Errorf("a mated position: %+v, %v", sol, err)
	}
	one, _ := Solve(context.Background(), p, SolveOptions{MaxN: 3, Workers: 1})
	two, _ := Solve(context.Background(), p, SolveOptions{MaxN: 3, Workers: 4})
	if one.N != two.N || !slices.Equal(one.Moves, two.Moves) {
		t.Errorf("1 worker: %d %v; 4 workers: %d %v", one.N, one.Moves, two.N, two.Moves)
	}
	var calls int
	last := SolveProgress{}
	win2 := mustFEN(t, "rnbqkb1r/pppppppp/5n2/8/8/N6N/PPPPPPPP/R1BQKB1R b KQkq - 3 2")
	Solve(context.Background(), win2, SolveOptions{MaxN: 3, Proofs: true, Progress: func(sp SolveProgress) { calls++; last = sp }})
	if calls != 3 || !last.Proving || last.N != 2 {
		t.Errorf("progress: %d calls, last %+v", calls, last)
	}
}

// TestSolveDeadline: a search that runs long (no forced win in up to 6 moves from
// a quiet opening) stops within a small bound after a deadline of 50 ms, with
// the context's error (issue 32).
func TestSolveDeadline(t *testing.T) {
	p := mustFEN(t, "rnbqkbnr/ppp1pppp/3p4/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2")
	const deadline = 50 * time.Millisecond
	slack := time.Second // scheduling on a loaded machine
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		start := time.Now()
		_, err := Solve(ctx, p, SolveOptions{MaxN: 6, Proofs: true, Workers: workers})
		took := time.Since(start)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || took > deadline+slack {
			t.Errorf("%d workers: %v after %v; want context.DeadlineExceeded within %v", workers, err, took, deadline+slack)
		}
	}
}
