package pacosako

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// slowChase2 is the one chase2.tsv input the engine needs about two minutes for
// (Black attacking); -short skips it.
const slowChase2 = "2R5/1p2ppb1/p2rd3/Pk1aQ2p/2dC2bP/3FBRD1/4DPK1/5B2 b 14 - - -"

// plainForced is the definition of ANALYSIS.md §4 written out plainly, without a
// table, ordering or cheap tests: the attacker (to move in p) forces a Paco within
// n moves. hist, if not nil, is the game p was reached in (its repetition rule
// applies). Chasing restricts the attacking moves as SolveOptions.Chasing does.
func plainForced(p Position, n int, chasing bool, hist *Game) bool {
	return len(plainWinners(p, n, chasing, hist)) > 0
}

// plainWinners returns the moves of p that force a Paco within n moves, in the
// order of Moves.
func plainWinners(p Position, n int, chasing bool, hist *Game) []Move {
	attacker := p.Turn()
	var out []Move
	for _, m := range p.Moves() {
		if m.IsPaco() {
			out = append(out, m)
			continue
		}
		if n < 2 {
			continue
		}
		a := m.After()
		var ga *Game
		if hist != nil {
			g, err := hist.Play(m)
			if err != nil {
				panic(err)
			}
			if g.Outcome().IsOver() {
				continue
			}
			ga = &g
		}
		if a.Outcome().IsOver() {
			continue
		}
		if chasing && (!a.GivesSako(attacker) || a.GivesSako(attacker.Other())) {
			continue
		}
		refuted := false
		for _, d := range a.Moves() {
			dp := d.After()
			var gd *Game
			if ga != nil {
				g, err := ga.Play(d)
				if err != nil {
					panic(err)
				}
				if g.Outcome().IsOver() && !dp.Outcome().IsOver() {
					refuted = true // a repetition draw
					break
				}
				gd = &g
			}
			if o := dp.Outcome(); o.IsOver() {
				if w, won := o.Won(); won && w == attacker {
					continue
				}
				refuted = true
				break
			}
			if !plainForced(dp, n-1, chasing, gd) {
				refuted = true
				break
			}
		}
		if !refuted {
			out = append(out, m)
		}
	}
	return out
}

// plainSolve is Solve by plainWinners: the smallest n ≤ maxN and its winners.
func plainSolve(p Position, maxN int, chasing bool, hist *Game) (int, []Move) {
	for n := 1; n <= maxN; n++ {
		if w := plainWinners(p, n, chasing, hist); len(w) > 0 {
			return n, w
		}
	}
	return 0, nil
}

// fensOf returns the FENs of the positions the moves lead to, sorted.
func fensOf(moves []Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.After().FEN()
	}
	slices.Sort(out)
	return out
}

// smallPositions returns count positions with both kings and 1–3 other pieces, some
// of them in unions, drawn from a fixed seed: small enough for plainSolve to
// search 3 moves deep. A pawn never stands on a last rank; most pieces are the
// side to move's; a quarter of the positions have the no-progress counter at
// 94..99, so that draws refute.
func smallPositions(t testing.TB, count int) []Position {
	rng := rand.New(rand.NewPCG(13, 4))
	roles := []Role{Pawn, Knight, Bishop, Rook, Queen}
	var out []Position
	for len(out) < count {
		var b Board
		used := Bitboard(0)
		free := func() Square {
			for {
				s := Square(rng.IntN(64))
				if !used.Has(s) {
					used |= s.bit()
					return s
				}
			}
		}
		turn := Color(rng.IntN(2))
		b = b.With(free(), Cell{White: King})
		b = b.With(free(), Cell{Black: King})
		pieces := 1 + rng.IntN(3)
		ok := true
		for i := 0; i < pieces; i++ {
			r := roles[rng.IntN(len(roles))]
			s := free()
			c := turn
			if rng.IntN(4) == 0 {
				c = turn.Other()
			}
			if r == Pawn && (s.Rank() == 0 || s.Rank() == 7) {
				ok = false
			}
			cell := Cell{}
			if c == White {
				cell.White = r
			} else {
				cell.Black = r
			}
			if rng.IntN(3) == 0 { // a union with an enemy piece
				u := roles[rng.IntN(len(roles))]
				if u == Pawn && (s.Rank() == 0 || s.Rank() == 7) {
					ok = false
				}
				if c == White {
					cell.Black = u
				} else {
					cell.White = u
				}
			}
			b = b.With(s, cell)
		}
		if !ok {
			continue
		}
		counter := 0
		if rng.IntN(4) == 0 { // the no-progress limit within reach
			counter = 94 + rng.IntN(6)
		}
		p, err := Setup{Board: b, Turn: turn, EnPassant: NoSquare, NoProgressCounter: counter}.Position()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestSolveExhaustive compares Solve with plainSolve on small positions: the
// smallest n up to 3 and the set of winning first moves, in both modes.
func TestSolveExhaustive(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	count := 120 // 300 with PACOSAKO_FULL=1, as CI runs it
	switch {
	case testing.Short() || raceEnabled:
		count = 60 // the plain search is slow under the race detector
	case fullSizes():
		count = 300
	}
	byN := map[[2]int]int{}
	for i, p := range smallPositions(t, count) {
		for _, chasing := range []bool{false, true} {
			sol, err := Solve(context.Background(), p, SolveOptions{MaxN: 3, Chasing: chasing, Workers: 1})
			if err != nil {
				t.Fatalf("%d %s: %v", i, p.FEN(), err)
			}
			n, want := plainSolve(p, 3, chasing, nil)
			if sol.N != n || !slices.Equal(fensOf(sol.Moves), fensOf(want)) {
				t.Errorf("%d %s chasing=%v: N %d with %d moves %v; plain search: N %d with %v", i, p.FEN(), chasing, sol.N, len(sol.Moves), fensOf(sol.Moves), n, fensOf(want))
			}
			byN[[2]int{b2i(chasing), n}]++
		}
	}
	for c := range 2 {
		t.Logf("%d positions, chasing %v: N = 0/1/2/3: %d/%d/%d/%d", count, c == 1, byN[[2]int{c, 0}], byN[[2]int{c, 1}], byN[[2]int{c, 2}], byN[[2]int{c, 3}])
		if count >= 300 && (byN[[2]int{c, 2}] == 0 || byN[[2]int{c, 3}] == 0) {
			t.Errorf("the positions test too little: N = 2 in %d, N = 3 in %d", byN[[2]int{c, 2}], byN[[2]int{c, 3}])
		}
	}
}

// TestSolveChase2: Solve in Chasing mode with N up to 2 on every row of the
// engine's chase2.tsv: a chase is N = 2 with exactly the engine's positions; a row
// without one has another N; the engine's errors are ErrUnsearchable. The forced
// Paco without the chasing restriction includes every chase (forced ⊇ chasing).
func TestSolveChase2(t *testing.T) {
	rows := sharedRows(t, "analysis/chase2.tsv")
	matched, chases, errs := 0, 0, 0
	for _, r := range rows {
		fen, who := r[0], r[1]
		if testing.Short() && fen == slowChase2 {
			continue
		}
		attacker, err := ParseColor(who)
		if err != nil {
			t.Fatal(err)
		}
		p := mustFEN(t, fen).withSideToMove(attacker)
		sol, err := Solve(context.Background(), p, SolveOptions{MaxN: 2, Chasing: true, Workers: 1})
		if strings.HasPrefix(r[2], "ERROR") || err != nil {
			if errors.Is(err, ErrUnsearchable) && (strings.HasPrefix(r[2], "ERROR") || r[2] == "0") {
				errs++
				matched++
				continue
			}
			t.Errorf("%s %s: %v; the engine: %s", fen, who, err, r[2])
			continue
		}
		want, _ := strconv.Atoi(r[2])
		got := strings.Join(fensOf(sol.Moves), " | ")
		if want > 0 {
			chases++
			if sol.N != 2 || len(sol.Moves) != want || got != r[3] {
				t.Errorf("%s %s: N %d, %d moves %q; want N 2, %d moves %q", fen, who, sol.N, len(sol.Moves), got, want, r[3])
				continue
			}
		} else if sol.N == 2 {
			t.Errorf("%s %s: N 2 with %q; the engine has no chase", fen, who, got)
			continue
		}
		matched++
		// forced ⊇ chasing
		forced, err := Solve(context.Background(), p, SolveOptions{MaxN: 2, Workers: 1})
		if err != nil {
			t.Errorf("%s %s: forced: %v", fen, who, err)
			continue
		}
		if sol.N > 0 && (forced.N == 0 || forced.N > sol.N) {
			t.Errorf("%s %s: forced N %d, chasing N %d", fen, who, forced.N, sol.N)
		}
		if sol.N == 2 && forced.N == 2 {
			all := fensOf(forced.Moves)
			for _, f := range fensOf(sol.Moves) {
				if _, ok := slices.BinarySearch(all, f); !ok {
					t.Errorf("%s %s: the chase to %s is not a forced Paco in 2", fen, who, f)
				}
			}
		}
	}
	t.Logf("%d of %d rows matched (%d chases, %d errors)", matched, len(rows), chases, errs)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSolveNoProgressDraws: with the no-progress counter at 98 every defence that
// makes no progress draws, so of the first moves that force Paco in 2 only those
// that reset the counter (a new union, a promotion) still do.
func TestSolveNoProgressDraws(t *testing.T) {
	p := mustFEN(t, "5kbr/f2Dpppp/R1F5/1D1eE3/8/2aa4/5P1P/1i2NKBR w 0 Hh - -")
	fresh, err := Solve(context.Background(), p, SolveOptions{MaxN: 2})
	if err != nil || fresh.N != 2 || len(fresh.Moves) != 6 {
		t.Fatalf("counter 0: N %d, %d moves, %v; want N 2 with 6 moves", fresh.N, len(fresh.Moves), err)
	}
	var progress []Move
	for _, m := range fresh.Moves {
		if m.After().NoProgressCounter() == 0 {
			progress = append(progress, m)
		}
	}
	if len(progress) == 0 || len(progress) == len(fresh.Moves) {
		t.Fatalf("%d of %d winning moves make progress: the position tests nothing", len(progress), len(fresh.Moves))
	}
	late := mustFEN(t, "5kbr/f2Dpppp/R1F5/1D1eE3/8/2aa4/5P1P/1i2NKBR w 98 Hh - -")
	sol, err := Solve(context.Background(), late, SolveOptions{MaxN: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sol.N != 2 || !slices.Equal(fensOf(sol.Moves), fensOf(progress)) {
		t.Errorf("counter 98: N %d with %v; want N 2 with the moves that make progress %v", sol.N, fensOf(sol.Moves), fensOf(progress))
	}
	if n, want := plainSolve(late, 2, false, nil); n != sol.N || !slices.Equal(fensOf(want), fensOf(sol.Moves)) {
		t.Errorf("counter 98: the plain search gives N %d with %v", n, fensOf(want))
	}
	// At 99 the attacker's own move draws unless it makes progress.
	last, err := Solve(context.Background(), mustFEN(t, "8/8/5K2/8/8/8/6Q1/1k6 w 99 - - -"), SolveOptions{MaxN: 3})
	if err != nil || last.N != 0 {
		t.Errorf("counter 99 without a Paco in 1: N %d, %v; want 0", last.N, err)
	}
}

// TestSolveRepetitionDraws: Black's Qb1 forces Paco in 2 unless the game has
// already seen the position after White's Ka2 twice: then Ka2 repeats it a third
// time, the game is drawn, and the defence refutes. The other winning moves stay.
func TestSolveRepetitionDraws(t *testing.T) {
	s0 := mustFEN(t, "8/8/4r3/5q2/6k1/8/8/K7 b 0 - - -")
	free, err := Solve(context.Background(), s0, SolveOptions{MaxN: 2})
	if err != nil || free.N != 2 {
		t.Fatalf("no history: N %d, %v; want 2", free.N, err)
	}
	qb1, err := s0.ParseSAN("Qb1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(free.Moves, func(m Move) bool { return m.After().Equal(qb1.After()) }) {
		t.Fatalf("no history: Qb1 is not among the winning moves")
	}
	// From the position after Qb1: Ka2 Qf5 Ka1 Qb1 Ka2 Qf5 Ka1 reaches s0 again.
	g := NewGame(qb1.After())
	for _, san := range []string{"Ka2", "Qf5", "Ka1", "Qb1", "Ka2", "Qf5", "Ka1"} {
		if g, err = g.PlaySAN(san); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Position().Equal(s0) || g.Outcome().IsOver() {
		t.Fatalf("the game reaches %s (%v), not the puzzle", g.Position().FEN(), g.Outcome())
	}
	for _, c := range []struct {
		limit  int
		winner bool
	}{{3, false}, {4, true}, {0, true}} {
		h := NewGame(qb1.After(), WithRepetitionLimit(c.limit))
		for _, m := range g.PlayedMoves() {
			h, _ = h.Play(m)
		}
		sol, err := Solve(context.Background(), h.Position(), SolveOptions{MaxN: 2, Game: &h})
		if err != nil {
			t.Fatal(err)
		}
		has := slices.ContainsFunc(sol.Moves, func(m Move) bool { return m.After().Equal(qb1.After()) })
		if sol.N != 2 || has != c.winner || len(sol.Moves) != len(free.Moves)-1+b2i(c.winner) {
			t.Errorf("repetition limit %d: N %d, %d moves, Qb1 wins %v; want N 2, %d moves, %v", c.limit, sol.N, len(sol.Moves), has, len(free.Moves)-1+b2i(c.winner), c.winner)
		}
		if n, want := plainSolve(h.Position(), 2, false, &h); n != sol.N || !slices.Equal(fensOf(want), fensOf(sol.Moves)) {
			t.Errorf("repetition limit %d: the plain search gives N %d with %v, Solve %v", c.limit, n, fensOf(want), fensOf(sol.Moves))
		}
	}
}

// checkProof walks a proof of the attacking move pr.Move from before that forces
// Paco in at most n moves: the defences are every move of the defender, each reply
// is a legal move, every line ends in a Paco within n moves, and the SANs are
// Position.SAN's. It returns the number of moves in the tree.
func checkProof(t *testing.T, before Position, pr Proof, n int) int {
	t.Helper()
	if _, err := before.Play(pr.Move); err != nil {
		t.Fatalf("%s: the proof's move %v is not legal: %v", before.FEN(), pr.Move, err)
	}
	if san, err := before.SAN(pr.Move); err != nil || san != pr.SAN {
		t.Errorf("%s: SAN %q, want %q (%v)", before.FEN(), pr.SAN, san, err)
	}
	if pr.Move.IsPaco() {
		if len(pr.Defences) > 0 {
			t.Errorf("%s: defences after the Paco %s", before.FEN(), pr.SAN)
		}
		return 1
	}
	if n <= 1 {
		t.Fatalf("%s: %s is no Paco, and the proof is out of moves", before.FEN(), pr.SAN)
	}
	a := pr.Move.After()
	all := a.Moves()
	if len(all) != len(pr.Defences) {
		t.Fatalf("%s after %s: %d defences listed, the defender has %d moves", before.FEN(), pr.SAN, len(pr.Defences), len(all))
	}
	count := 1
	for i, d := range pr.Defences {
		if !d.Move.After().Equal(all[i].After()) {
			t.Errorf("%s: defence %d is %v, want %v", a.FEN(), i, d.Move, all[i])
		}
		if san, _ := a.SAN(d.Move); san != d.SAN {
			t.Errorf("%s: defence SAN %q, want %q", a.FEN(), d.SAN, san)
		}
		count += 1 + checkProof(t, d.Move.After(), d.Reply, n-1)
	}
	return count
}

// TestSolveProofs: the proof of every winning first move, on the small positions
// with a forced Paco and the chases of chase2.tsv, and the text of one.
func TestSolveProofs(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	ps := smallPositions(t, 120)
	chases := 200
	switch {
	case raceEnabled:
		ps, chases = ps[:30], 20 // TestSolveWorkers covers the goroutines
	case !fullSizes():
		ps, chases = ps[:60], 80 // all of them with PACOSAKO_FULL=1, as CI runs it
	}
	for _, r := range sharedRowsOrNone(t, "analysis/chase2.tsv") {
		if r[2] != "0" && !strings.HasPrefix(r[2], "ERROR") && r[0] != slowChase2 && chases > 0 {
			chases--
			c, _ := ParseColor(r[1])
			ps = append(ps, mustFEN(t, r[0]).withSideToMove(c))
		}
	}
	proofs, moves := 0, 0
	for _, p := range ps {
		for _, chasing := range []bool{false, true} {
			sol, err := Solve(context.Background(), p, SolveOptions{MaxN: 3, Chasing: chasing, Proofs: true})
			if err != nil {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
			if len(sol.Proofs) != len(sol.Moves) {
				t.Fatalf("%s: %d proofs for %d moves", p.FEN(), len(sol.Proofs), len(sol.Moves))
			}
			for i, pr := range sol.Proofs {
				if !pr.Move.After().Equal(sol.Moves[i].After()) {
					t.Errorf("%s: proof %d is of %v, not %v", p.FEN(), i, pr.Move, sol.Moves[i])
				}
				n := checkProof(t, p, pr, sol.N)
				if lines := strings.Count(pr.String(), "\n"); lines != n {
					t.Errorf("%s: the proof's text has %d lines for %d moves", p.FEN(), lines, n)
				}
				proofs++
				moves += n
			}
		}
	}
	t.Logf("%d proofs of %d moves checked", proofs, moves)
	sol, err := Solve(context.Background(), mustFEN(t, "8/8/5K2/8/8/8/6Q1/1k6 w 0 - - -"), SolveOptions{Proofs: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "Qb2+\n  Ka1\n    Qxa1#\n  Kc1\n    Qxc1#\n  Ka2\n    Qxa2#\n  Kc2\n    Qxc2#\n"
	if sol.N != 2 || !sol.Sound() || sol.Proofs[0].String() != want {
		t.Errorf("N %d, sound %v, proof\n%s\nwant N 2, sound, proof\n%s", sol.N, sol.Sound(), sol.Proofs[0], want)
	}
}

// sharedRowsOrNone is sharedRows without the skip: nothing (and a line in the
// log) when the shared folder is absent.
func sharedRowsOrNone(t *testing.T, name string) [][]string {
	if _, err := tsvStat(sharedTestdata); err != nil {
		t.Logf("%s/%s absent: without its positions", sharedTestdata, name)
		return nil
	}
	return sharedRows(t, name)
}

// unionHeavy has 9,448,461 moves (Position.Moves).
const unionHeavy = "1d4I1/e1E4w/2W3s1/hf1k3f/2p2C2/6t1/4N3/w4J1K w 3 - - -"

// countdown is a context that is done after its Err has been asked n times: a
// search stopped in its middle, without a clock.
type countdown struct {
	context.Context
	n atomic.Int64
}

func (c *countdown) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestSolveBounds: Limits and the context stop a solve; an unsearchable position
// is an ErrUnsearchable.
func TestSolveBounds(t *testing.T) {
	heavy := mustFEN(t, unionHeavy)
	for _, workers := range []int{1, 3} {
		_, err := Solve(context.Background(), heavy, SolveOptions{Limits: Limits{MaxStates: 100_000}, Workers: workers})
		var le *SearchLimitError
		if !errors.As(err, &le) || le.Limit != 100_000 || !errors.Is(err, ErrSearchLimit) {
			t.Errorf("workers %d: %v; want a *SearchLimitError at 100000", workers, err)
		}
		// A position whose first moves are cheap but whose search is long.
		p := mustFEN(t, "r2q2k1/ppp1n2p/4c2e/3f1C2/1b1O1p1P/2S1P3/PPP2PP1/2KR1B2 w 0 - - -")
		ctx := &countdown{Context: context.Background()}
		ctx.n.Store(10) // the search asks its context far more often than this
		if _, err := Solve(ctx, p, SolveOptions{MaxN: 4, Workers: workers}); !errors.Is(err, context.Canceled) {
			t.Errorf("workers %d: a context done during the search: %v; want context.Canceled", workers, err)
		}
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(done, StartingPosition(), SolveOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
	lifted, err := mustFEN(t, "8/8/4r3/5q2/6k1/8/8/K7 b 0 - - -").Apply(Lift(F5))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		p       Position
		chasing bool
	}{
		{"the defender's king is missing", mustFEN(t, "8/8/8/8/8/8/8/K6Q w 0 - - -"), false},
		{"a king in a union", mustFEN(t, "2nr3r/2pU1ppp/1pt1p3/p2p1b2/Pb1P3P/1R2R3/1PPWPPP1/1N2KB2 w 0 AHah - -"), false},
		{"chasing in the middle of a move", lifted, true},
	} {
		if _, err := Solve(context.Background(), c.p, SolveOptions{Chasing: c.chasing}); !errors.Is(err, ErrUnsearchable) {
			t.Errorf("%s: %v; want ErrUnsearchable", c.name, err)
		}
	}
	g := NewGame(StartingPosition())
	if _, err := Solve(context.Background(), lifted, SolveOptions{Game: &g}); !errors.Is(err, ErrUnsearchable) {
		t.Errorf("a position not the game's: %v; want ErrUnsearchable", err)
	}
	g, _ = g.Resign(Black)
	if sol, err := Solve(context.Background(), g.Position(), SolveOptions{Game: &g}); err != nil || sol.N != 0 {
		t.Errorf("a game over: N %d, %v; want 0 and no error", sol.N, err)
	}
}

// TestSolveInHand: a position in the middle of a move is first completed: its
// moves are the ways to finish it.
func TestSolveInHand(t *testing.T) {
	lifted, err := mustFEN(t, "8/8/4r3/5q2/6k1/8/8/K7 b 0 - - -").Apply(Lift(F5))
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Solve(context.Background(), lifted, SolveOptions{MaxN: 2, Proofs: true})
	if err != nil {
		t.Fatal(err)
	}
	n, want := plainSolve(lifted, 2, false, nil)
	if sol.N != 2 || n != 2 || !slices.Equal(fensOf(sol.Moves), fensOf(want)) {
		t.Errorf("N %d with %v; the plain search: N %d with %v", sol.N, fensOf(sol.Moves), n, fensOf(want))
	}
	for i, pr := range sol.Proofs {
		if pr.Move.From() != NoSquare || !strings.HasPrefix(pr.SAN, "Q") {
			t.Errorf("proof %d starts with %v (%s): want a move that places the queen in the hand", i, pr.Move, pr.SAN)
		}
		checkProof(t, lifted, pr, 2)
	}
}

// TestSolveWorkers: the solution, proofs included, is the same for any number of
// workers (run under -race, it checks that they share the table safely).
func TestSolveWorkers(t *testing.T) {
	small, all := 40, 60
	if raceEnabled {
		small, all = 20, 30
	}
	ps := smallPositions(t, small)
	for _, r := range sharedRowsOrNone(t, "analysis/chase2.tsv") {
		if count, _ := strconv.Atoi(r[2]); count > 0 && count <= 8 && len(ps) < all {
			c, _ := ParseColor(r[1])
			ps = append(ps, mustFEN(t, r[0]).withSideToMove(c))
		}
	}
	digest := func(s Solution) string {
		var b strings.Builder
		b.WriteString(strconv.Itoa(s.N))
		for i, m := range s.Moves {
			b.WriteString("|" + m.String() + "\n" + s.Proofs[i].String())
		}
		return b.String()
	}
	for _, p := range ps {
		for _, chasing := range []bool{false, true} {
			one, err1 := Solve(context.Background(), p, SolveOptions{MaxN: 3, Chasing: chasing, Proofs: true, Workers: 1})
			many, err4 := Solve(context.Background(), p, SolveOptions{MaxN: 3, Chasing: chasing, Proofs: true, Workers: 4})
			if err1 != nil || err4 != nil || digest(one) != digest(many) {
				t.Errorf("%s chasing=%v: 1 worker: %v %q; 4 workers: %v %q", p.FEN(), chasing, err1, digest(one), err4, digest(many))
			}
		}
	}
}

// chase2Inputs returns the positions of chase2.tsv, each with its attacker to
// move, leaving out those that cannot be searched.
func chase2Inputs(b testing.TB) []Position {
	var ps []Position
	for _, r := range sharedRows(b, "analysis/chase2.tsv") {
		c, _ := ParseColor(r[1])
		p := mustFEN(b, r[0]).withSideToMove(c)
		if p.solvable(c, true) == nil {
			ps = append(ps, p)
		}
	}
	return ps
}

// benchmarkSolve solves every position of ps once per iteration and reports the
// time per position and per node (a position whose moves were generated).
func benchmarkSolve(b *testing.B, ps []Position, opt SolveOptions) {
	var nodes int64
	b.ResetTimer()
	for range b.N {
		for _, p := range ps {
			sh, err := newSolveShared(p, opt)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := sh.solve(context.Background(), p, opt); err != nil {
				b.Fatal(err)
			}
			nodes += sh.nodes.Load()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
}

// BenchmarkSolveChasing2 is the engine's chasing Paco in 2 on every input of
// chase2.tsv (1,149 searchable rows), through Solve.
func BenchmarkSolveChasing2(b *testing.B) {
	benchmarkSolve(b, chase2Inputs(b), SolveOptions{MaxN: 2, Chasing: true, Workers: 1})
}

// BenchmarkSolveForced2 and BenchmarkSolveForced3 search the forced Paco in up to
// 2 and 3 moves on the same inputs, on one core.
func BenchmarkSolveForced2(b *testing.B) {
	benchmarkSolve(b, chase2Inputs(b), SolveOptions{MaxN: 2, Workers: 1})
}

func BenchmarkSolveForced3(b *testing.B) {
	benchmarkSolve(b, chase2Inputs(b), SolveOptions{MaxN: 3, Workers: 1})
}

// BenchmarkSolveForced3Workers is BenchmarkSolveForced3 on every core.
func BenchmarkSolveForced3Workers(b *testing.B) {
	benchmarkSolve(b, chase2Inputs(b), SolveOptions{MaxN: 3})
}

// TestSolveKillerLegal: the killer's test of a Lift, which looks at one piece,
// agrees with Actions on every square of the reference positions and of the
// small ones.
func TestSolveKillerLegal(t *testing.T) {
	ps := smallPositions(t, 100)
	for _, r := range localRows(t, "positions.tsv") {
		ps = append(ps, mustFEN(t, r[0]))
	}
	w := newSolveWorker(&solveShared{table: newSolveTable()}, newBounds(context.Background(), Limits{}))
	checked := 0
	for _, p := range ps {
		for _, q := range []Position{p, p.withSideToMove(p.Turn().Other())} {
			acts := q.Actions()
			for s := A1; s <= H8; s++ {
				if got, want := w.legal(&q, Lift(s)), acts.Contains(Lift(s)); got != want {
					t.Errorf("%s: Lift(%v) legal %v, Actions %v", q.FEN(), s, got, want)
				}
				checked++
			}
		}
	}
	t.Logf("%d lifts checked", checked)
}

// TestSolveDepthProfile measures, for every input of chase2.tsv (the attacker to
// move), the largest n for which Solve finishes within a time limit on one core:
// for an input with a forced Paco found within the limit, its N (Solve stops
// there whatever MaxN is); for the others the deepest n searched completely. It
// runs only when PACOSAKO_SOLVE_PROFILE gives the limit ("10s"), and logs a line
// per input and the distributions (docs/benchmarks.md). PACOSAKO_SOLVE_SHARD=i/m
// takes every m-th input from the i-th, to spread the inputs over processes.
func TestSolveDepthProfile(t *testing.T) {
	limit, err := time.ParseDuration(os.Getenv("PACOSAKO_SOLVE_PROFILE"))
	if err != nil {
		t.Skip("set PACOSAKO_SOLVE_PROFILE to a time limit per position (10s) to measure")
	}
	shard, shards := 0, 1
	if s := os.Getenv("PACOSAKO_SOLVE_SHARD"); s != "" {
		if _, err := fmt.Sscanf(s, "%d/%d", &shard, &shards); err != nil || shards < 1 {
			t.Fatalf("PACOSAKO_SOLVE_SHARD=%q: want i/m", s)
		}
	}
	const maxN = 12
	found, searched := map[int]int{}, map[int]int{}
	var nodes int64
	var busy time.Duration
	deepest, deepestAt := 0, ""
	for i, p := range chase2Inputs(t) {
		if i%shards != shard {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		opt := SolveOptions{MaxN: maxN, Workers: 1}
		sh, err := newSolveShared(p, opt)
		if err != nil {
			t.Fatal(err)
		}
		start, complete := time.Now(), 0
		sh.deepened = func(n int) {
			if time.Since(start) <= limit {
				complete = n
			}
		}
		sol, err := sh.solve(ctx, p, opt)
		elapsed := time.Since(start)
		cancel()
		nodes += sh.nodes.Load()
		busy += elapsed
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		first := "-"
		if err == nil && sol.N > 0 {
			found[sol.N]++
			sans, _ := p.SANs(sol.Moves)
			first = strings.Join(sans, " ")
			if sol.N > deepest {
				deepest, deepestAt = sol.N, fmt.Sprintf("%s (%v) in %d: %s", p.FEN(), p.Turn(), sol.N, first)
			}
		} else {
			searched[complete]++
		}
		t.Logf("row\t%s\t%v\t%d\t%d\t%v\t%d\t%s", p.FEN(), p.Turn(), sol.N, complete, elapsed.Round(time.Millisecond), sh.nodes.Load(), first)
	}
	for n := 1; n <= maxN; n++ {
		if found[n]+searched[n] > 0 {
			t.Logf("n %d: forced Paco in %d found in %d inputs; no forced Paco within %d (and no time for %d) in %d", n, n, found[n], n, n+1, searched[n])
		}
	}
	t.Logf("deepest forced Paco: %s", deepestAt)
	t.Logf("%d nodes in %v: %.0f nodes/s", nodes, busy.Round(time.Second), float64(nodes)/busy.Seconds())
}

// shuttle returns a game from p in which each side moves a piece away and back,
// twice, so that p and the three positions between occur twice in its history
// (the third occurrence draws), or false when p has no such moves. The side to
// move's first choice is among prefer, when one of them can go away and back.
func shuttle(p Position, prefer []Move) (Game, bool) {
	away := func(q Position, prefer []Move) (Move, bool) {
		for _, m := range append(prefer, q.Moves()...) {
			c := q.Board().Cell(m.From())
			if m.Len() == 2 && !q.Board().Occupied().Has(m.To()) && c.Role(q.Turn()) != Pawn && !c.IsUnion() && !m.After().Outcome().IsOver() {
				return m, true
			}
		}
		return Move{}, false
	}
	back := func(q Position, m Move) (Move, bool) {
		for _, r := range q.Moves() {
			if r.Len() == 2 && r.From() == m.To() && r.To() == m.From() && !r.After().Outcome().IsOver() {
				return r, true
			}
		}
		return Move{}, false
	}
	g := NewGame(p)
	for range 2 {
		a, ok := away(g.Position(), prefer)
		if !ok {
			return g, false
		}
		g, _ = g.Play(a)
		b, ok := away(g.Position(), nil)
		if !ok {
			return g, false
		}
		g, _ = g.Play(b)
		for _, m := range []Move{a, b} {
			r, ok := back(g.Position(), m)
			if !ok {
				return g, false
			}
			g, _ = g.Play(r)
		}
		if !g.Position().Equal(p) || g.Outcome().IsOver() {
			return g, false
		}
	}
	return g, true
}

// TestSolveRepetitionExhaustive compares Solve with plainSolve on small positions
// reached by a game that has already seen them twice: every line back to a
// position of the shuttle is drawn.
func TestSolveRepetitionExhaustive(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	count := 100 // 200 with PACOSAKO_FULL=1 (CI)
	switch {
	case testing.Short() || raceEnabled:
		count = 40
	case fullSizes():
		count = 200
	}
	games, changed := 0, 0
	for _, p := range smallPositions(t, count) {
		forced, err := Solve(context.Background(), p, SolveOptions{MaxN: 3, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		g, ok := shuttle(p, forced.Moves) // the attacker shuttles a winning move
		if !ok {
			continue
		}
		games++
		q := g.Position()
		for _, chasing := range []bool{false, true} {
			sol, err := Solve(context.Background(), q, SolveOptions{MaxN: 3, Chasing: chasing, Game: &g, Workers: 1})
			if err != nil {
				t.Fatalf("%s: %v", q.FEN(), err)
			}
			n, want := plainSolve(q, 3, chasing, &g)
			if sol.N != n || !slices.Equal(fensOf(sol.Moves), fensOf(want)) {
				t.Errorf("%s after %v chasing=%v: N %d with %v; plain search: N %d with %v", q.FEN(), g.PlayedSAN(), chasing, sol.N, fensOf(sol.Moves), n, fensOf(want))
			}
			free, _ := Solve(context.Background(), q, SolveOptions{MaxN: 3, Chasing: chasing, Workers: 1})
			if free.N != sol.N || len(free.Moves) != len(sol.Moves) {
				changed++
			}
		}
	}
	t.Logf("%d games of %d positions; the history changed %d solutions", games, count, changed)
	if count >= 100 && changed == 0 {
		t.Errorf("no history changed a solution: the test tests nothing")
	}
}

// TestSolveDeep: the deepest forced Paco found among the chase2.tsv inputs (with
// Black, who is not to move there, attacking): Paco in 6 by the quiet Ne3 (and
// none in 5, which N = 6 implies). Its proof, 181,651 moves, is checked move by move: an independent
// certificate that every defence loses within 6 moves.
func TestSolveDeep(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	if testing.Short() || raceEnabled || !fullSizes() {
		t.Skip("a search 6 moves deep and a proof of 181,651 moves: only with PACOSAKO_FULL=1 (CI), not under -race")
	}
	p := mustFEN(t, "6b1/1N2p1Pn/pP3pPP/3rP1P1/p1rB2pp/B1bK3P/2N1pcIP/4Qq1k w 0 - - -").withSideToMove(Black)
	sol, err := Solve(context.Background(), p, SolveOptions{MaxN: 6, Proofs: true})
	if err != nil || sol.N != 6 || !sol.Sound() || sol.Proofs[0].SAN != "Ne3" {
		t.Fatalf("MaxN 6: N %d, %d moves, %v; want N 6 with Ne3 alone", sol.N, len(sol.Moves), err)
	}
	if n := checkProof(t, p, sol.Proofs[0], 6); n != 181651 {
		t.Errorf("the proof has %d moves, want 181651", n)
	}
}

// TestSolveProgress: Progress is told each n as the search deepens, the proofs
// once the solution is found, and the positions searched as they grow; the calls
// do not overlap.
func TestSolveProgress(t *testing.T) {
	defer func(every int64) { solveProgressEvery = every }(solveProgressEvery)
	solveProgressEvery = 4 // the searches below hold tens of positions
	p := MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w 2 AHah - -")
	for _, workers := range []int{1, 2} {
		var (
			calls   []SolveProgress
			running atomic.Bool
		)
		sol, err := Solve(context.Background(), p, SolveOptions{MaxN: 4, Workers: workers, Progress: func(pr SolveProgress) {
			if running.Swap(true) {
				t.Error("Progress called while a call runs")
			}
			calls = append(calls, pr)
			running.Store(false)
		}})
		if err != nil || sol.N != 0 {
			t.Fatalf("Solve = N %d, %v; want no forced Paco in 4", sol.N, err)
		}
		var ns []int
		for i, c := range calls {
			if i > 0 && (c.N < calls[i-1].N || c.Nodes < calls[i-1].Nodes) {
				t.Fatalf("call %d went back: %+v after %+v", i, c, calls[i-1])
			}
			if c.Proving {
				t.Fatalf("call %d: proving without Proofs", i)
			}
			if len(ns) == 0 || ns[len(ns)-1] != c.N {
				ns = append(ns, c.N)
			}
		}
		if last := calls[len(calls)-1]; !slices.Equal(ns, []int{1, 2, 3, 4}) || len(calls) < 4+int(last.Nodes/solveProgressEvery) || last.Nodes < 30 {
			t.Errorf("%d workers: %d calls through n = %v, last %+v; want n = 1, 2, 3, 4 and calls every %d positions", workers, len(calls), ns, last, solveProgressEvery)
		}
	}
	var last SolveProgress
	q := MustParseFEN("rn1qkbnr/pp3pp1/2ppp2p/8/P5E1/5P2/1PPPP2P/RNBQKBNR b 2 Hah - -")
	sol, err := Solve(context.Background(), q, SolveOptions{MaxN: 3, Proofs: true, Progress: func(pr SolveProgress) { last = pr }})
	if err != nil || sol.N != 2 || last != (SolveProgress{N: 2, Nodes: last.Nodes, Proving: true}) || last.Nodes == 0 {
		t.Errorf("Solve with proofs = N %d, %v; last progress %+v, want N 2 proving", sol.N, err, last)
	}
}
