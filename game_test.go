package pacosako

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Tests of the Game record (issue 3, items 2, 3, 4 and 7): every termination
// reached through the public Game API, persistence, undo and rollback, the checks
// of Play and Apply, start-of-turn promotions, and a race test.
//
// Half-moves are written in the catalogue's shorthand (§15: "Lx" = Lift(x), "x" =
// Place(x), "Q/R/B/N" = Promote), one string per half-move.

// gameApply applies shorthand actions to g one by one through Game.Apply.
func gameApply(t testing.TB, g Game, actions string) Game {
	t.Helper()
	for i, a := range shorthand(t, actions) {
		next, err := g.Apply(a)
		if err != nil {
			t.Fatalf("action %d (%v) of %q from %s: %v", i, a, actions, g.Position().FEN(), err)
		}
		g = next
	}
	return g
}

// gamePlay plays each half-move through Game.Play, with the move of LegalMoves that
// leads where the half-move's actions lead (moves are resulting positions).
func gamePlay(t testing.TB, g Game, halfMoves ...string) Game {
	t.Helper()
	for _, hm := range halfMoves {
		m := legalMoveTo(t, g, hm)
		next, err := g.Play(m)
		if err != nil {
			t.Fatalf("Play(%v) after %d half-moves: %v", m, g.Len(), err)
		}
		if next.Len() != g.Len()+1 || len(next.PendingActions()) != 0 {
			t.Fatalf("Play(%v): Len %d → %d, pending %v", m, g.Len(), next.Len(), next.PendingActions())
		}
		g = next
	}
	return g
}

// legalMoveTo returns the move of g.LegalMoves() that leads where the shorthand
// actions lead.
func legalMoveTo(t testing.TB, g Game, halfMove string) Move {
	t.Helper()
	target, err := g.Position().ApplyAll(shorthand(t, halfMove))
	if err != nil {
		t.Fatalf("%q from %s: %v", halfMove, g.Position().FEN(), err)
	}
	for _, m := range g.LegalMoves() {
		if m.After().Equal(target) {
			return m
		}
	}
	t.Fatalf("no legal move of %s (%d moves) leads where %q does", g.Position().FEN(), len(g.LegalMoves()), halfMove)
	return Move{}
}

// repeatMoves returns the half-moves of cycle repeated n times.
func repeatMoves(n int, cycle ...string) []string {
	var out []string
	for range n {
		out = append(out, cycle...)
	}
	return out
}

// wantOutcome checks the outcome's spelling and that a running game is not over.
func wantOutcome(t testing.TB, g Game, want string) {
	t.Helper()
	if got := g.Outcome().VictoryState(); got != want {
		t.Fatalf("after %d half-moves (%s): outcome %s, want %s", g.Len(), g.Position().FEN(), got, want)
	}
	if g.Outcome().IsOver() != (want != "Running") {
		t.Fatalf("outcome %s but IsOver() = %v", want, g.Outcome().IsOver())
	}
}

// wantFinished checks that nothing can be played or ended any more in a finished
// game, and that every attempt leaves it unchanged.
func wantFinished(t *testing.T, g Game, someMove Move) {
	t.Helper()
	o, n, fen := g.Outcome(), g.Len(), g.Position().FEN()
	if len(g.LegalMoves()) != 0 || g.LegalMoveCount() != 0 || !g.LegalActions().IsEmpty() {
		t.Errorf("%v: %d legal moves, count %d, actions %v; want none", o, len(g.LegalMoves()), g.LegalMoveCount(), g.LegalActions())
	}
	check := func(what string, h Game, err error) {
		t.Helper()
		if !errors.Is(err, ErrGameOver) {
			t.Errorf("%s after %v: error %v, want ErrGameOver", what, o, err)
		}
		if h.Outcome() != o || h.Len() != n || h.Position().FEN() != fen {
			t.Errorf("%s after %v changed the game: %v, %d, %s", what, o, h.Outcome(), h.Len(), h.Position().FEN())
		}
	}
	h, err := g.Play(someMove)
	check("Play", h, err)
	for _, a := range []Action{Lift(A2), Lift(E2), Place(E4), Promote(Queen)} {
		h, err = g.Apply(a)
		check("Apply("+a.String()+")", h, err)
		var ae *ActionError
		if !errors.As(err, &ae) || ae.Action != a {
			t.Errorf("Apply(%v) after %v: error %v is not an *ActionError for the action", a, o, err)
		}
	}
	h, err = g.ApplyAll([]Action{Lift(B1), Place(C3)})
	check("ApplyAll", h, err)
	h, err = g.Resign(White)
	check("Resign(White)", h, err)
	h, err = g.Resign(Black)
	check("Resign(Black)", h, err)
	h, err = g.AgreeDraw()
	check("AgreeDraw", h, err)
	h, err = g.Timeout(White)
	check("Timeout(White)", h, err)
	h, err = g.Timeout(Black)
	check("Timeout(Black)", h, err)
	if g.Outcome() != o {
		t.Errorf("the receiver changed: %v, want %v", g.Outcome(), o)
	}
}

// movesText writes the completed half-moves of g.
func movesText(g Game) []string {
	var out []string
	for _, m := range g.PlayedMoves() {
		out = append(out, m.String())
	}
	return out
}

// ---- terminations ----------------------------------------------------------------

func TestGamePaco(t *testing.T) {
	t.Run("white", func(t *testing.T) {
		start := NewGame(StartingPosition())
		g := gamePlay(t, start, "Le2 e4", "Ld7 d5", "Lf1 b5", "Ld5 e4", "Lb5 e8")
		wantOutcome(t, g, "PacoVictory(White)")
		if g.Outcome().Termination != Paco || g.Position().Outcome() != g.Outcome() {
			t.Errorf("termination %v, position outcome %v", g.Outcome().Termination, g.Position().Outcome())
		}
		if w, ok := g.Outcome().Won(); !ok || w != White {
			t.Errorf("Won() = %v, %v; want White, true", w, ok)
		}
		if g.Len() != 5 || len(g.PendingActions()) != 0 {
			t.Errorf("Len %d, pending %v; want 5, none", g.Len(), g.PendingActions())
		}
		want := []string{"Lift(e2) Place(e4)", "Lift(d7) Place(d5)", "Lift(f1) Place(b5)", "Lift(d5) Place(e4)", "Lift(b5) Place(e8)"}
		if got := movesText(g); !slices.Equal(got, want) {
			t.Errorf("Moves() = %q, want %q", got, want)
		}
		before, _ := g.UndoTo(4)
		wantFinished(t, g, before.LegalMoves()[0])
		// The same game played action by action.
		h := gameApply(t, start, "Le2 e4 Ld7 d5 Lf1 b5 Ld5 e4 Lb5 e8")
		if h.Outcome() != g.Outcome() || h.Len() != 5 || !h.Position().Equal(g.Position()) {
			t.Errorf("by actions: %v after %d, %s", h.Outcome(), h.Len(), h.Position().FEN())
		}
		// Actions beyond the end: the whole sequence is refused at the first one.
		h2, err := start.ApplyAll(shorthand(t, "Le2 e4 Ld7 d5 Lf1 b5 Ld5 e4 Lb5 e8 La7"))
		var ae *ActionError
		if !errors.As(err, &ae) || ae.Index != 10 || !errors.Is(err, ErrGameOver) || h2.Len() != 0 || h2.Outcome().IsOver() {
			t.Errorf("ApplyAll past the Paco: %v (Len %d, %v); want ErrGameOver at index 10, start unchanged", err, h2.Len(), h2.Outcome())
		}
	})
	t.Run("black", func(t *testing.T) {
		g := gameApply(t, NewGame(StartingPosition()), "Le2 e4 Lb8 c6 Le1 e2 Lc6 d4 Lf2 f3 Ld4 e2")
		wantOutcome(t, g, "PacoVictory(Black)")
		if w, ok := g.Outcome().Won(); !ok || w != Black || g.Len() != 6 {
			t.Errorf("Won() = %v, %v after %d half-moves; want Black, true after 6", w, ok, g.Len())
		}
		wantFinished(t, g, StartingPosition().Moves()[0])
	})
	t.Run("P4 pawn unites with the king on its last rank", func(t *testing.T) {
		// The game ends with a promotion still owed: the half-move is complete all
		// the same (catalogue §5, vector P4).
		g := gameApply(t, NewGame(mustFEN(t, "4k3/3P4/8/8/8/8/8/4K3 w 0 - - -")), "Ld7 e8")
		wantOutcome(t, g, "PacoVictory(White)")
		if g.Len() != 1 || len(g.PendingActions()) != 0 || g.Position().step != requirePromoteThenFinish {
			t.Errorf("Len %d, pending %v, required %v; want 1, none, PromoteThenFinish", g.Len(), g.PendingActions(), g.Position().step)
		}
		if got := movesText(g); !slices.Equal(got, []string{"Lift(d7) Place(e8)"}) {
			t.Errorf("Moves() = %q", got)
		}
		wantFinished(t, g, rawMove([]Action{Promote(Queen)}))
	})
}

var (
	queenKnights = []string{"Lb1 c3", "Lg8 f6", "Lc3 b1", "Lf6 g8"} // vector D2
	kingKnights  = []string{"Lg1 f3", "Lg8 f6", "Lf3 g1", "Lf6 g8"} // vector D1
)

func TestGameNoProgress(t *testing.T) {
	t.Run("D2 default limit 100", func(t *testing.T) {
		g := NewGame(StartingPosition(), WithRepetitionLimit(0))
		if g.Start().Rules().NoProgressLimit() != 100 {
			t.Errorf("default limit %d, want 100", g.Start().Rules().NoProgressLimit())
		}
		g = gamePlay(t, g, repeatMoves(25, queenKnights...)[:99]...)
		wantOutcome(t, g, "Running")
		if g.Position().NoProgressCounter() != 99 || g.LegalMoveCount() == 0 {
			t.Errorf("after 99: counter %d, %d moves", g.Position().NoProgressCounter(), g.LegalMoveCount())
		}
		last := legalMoveTo(t, g, "Lf6 g8")
		g = gamePlay(t, g, "Lf6 g8")
		wantOutcome(t, g, "NoProgressDraw")
		if g.Len() != 100 || g.Position().NoProgressCounter() != 100 || g.Outcome().Termination != NoProgress || !g.Outcome().Termination.IsDraw() {
			t.Errorf("Len %d, counter %d, termination %v", g.Len(), g.Position().NoProgressCounter(), g.Outcome().Termination)
		}
		if _, ok := g.Outcome().Won(); ok {
			t.Error("a draw has a winner")
		}
		wantFinished(t, g, last)
	})
	t.Run("D2 with the default repetition rule", func(t *testing.T) {
		// The same shuffle in a game with repetition draws on ends much earlier.
		g := gamePlay(t, NewGame(StartingPosition()), repeatMoves(2, queenKnights...)...)
		wantOutcome(t, g, "Running")
		g = gamePlay(t, g, "Lb1 c3")
		wantOutcome(t, g, "RepetitionDraw")
	})
	t.Run("configured limit 10", func(t *testing.T) {
		g := NewGame(withNoProgress(StartingPosition(), 10), WithRepetitionLimit(0))
		if g.Start().Rules().NoProgressLimit() != 10 || g.Position().Rules().NoProgressLimit() != 10 {
			t.Errorf("limit %d / %d, want 10", g.Start().Rules().NoProgressLimit(), g.Position().Rules().NoProgressLimit())
		}
		moves := repeatMoves(3, queenKnights...)
		g = gamePlay(t, g, moves[:9]...)
		wantOutcome(t, g, "Running")
		g = gamePlay(t, g, moves[9])
		wantOutcome(t, g, "NoProgressDraw")
		if g.Len() != 10 || g.Position().NoProgressCounter() != 10 {
			t.Errorf("Len %d, counter %d; want 10, 10", g.Len(), g.Position().NoProgressCounter())
		}
		// Undoing to the start keeps the limit: the same moves draw again.
		u, _ := g.UndoTo(0)
		if u.Position().Rules().NoProgressLimit() != 10 {
			t.Errorf("after Undo(0) the limit is %d, want 10", u.Position().Rules().NoProgressLimit())
		}
		wantOutcome(t, gamePlay(t, u, moves[:10]...), "NoProgressDraw")
		wantFinished(t, g, StartingPosition().Moves()[0])
	})
	t.Run("configured limit counts from the start counter", func(t *testing.T) {
		g := NewGame(withNoProgress(mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 8 AHah - -"), 10))
		g = gamePlay(t, g, "Lb1 c3")
		wantOutcome(t, g, "Running")
		g = gamePlay(t, g, "Lg8 f6")
		wantOutcome(t, g, "NoProgressDraw")
	})
	t.Run("0 turns it off", func(t *testing.T) {
		g := NewGame(withNoProgress(StartingPosition(), 0), WithRepetitionLimit(0))
		if g.Start().Rules().NoProgressLimit() != 0 {
			t.Errorf("limit %d, want 0 (off)", g.Start().Rules().NoProgressLimit())
		}
		g = gamePlay(t, g, repeatMoves(30, queenKnights...)...)
		wantOutcome(t, g, "Running")
		if g.Len() != 120 || g.Position().NoProgressCounter() != 120 || g.LegalMoveCount() != 20 {
			t.Errorf("Len %d, counter %d, %d moves; want 120, 120, 20", g.Len(), g.Position().NoProgressCounter(), g.LegalMoveCount())
		}
	})
	t.Run("a new union resets the counter", func(t *testing.T) {
		g := NewGame(withNoProgress(StartingPosition(), 10), WithRepetitionLimit(0))
		g = gamePlay(t, g, "Lb1 c3", "Lg8 f6", "Lc3 b1", "Lf6 g8", "Lb1 c3", "Lg8 f6", "Lc3 d5")
		if g.Position().NoProgressCounter() != 7 {
			t.Fatalf("counter %d before the union, want 7", g.Position().NoProgressCounter())
		}
		g = gamePlay(t, g, "Lf6 d5") // black knight onto the lone white knight
		if g.Position().NoProgressCounter() != 0 || !g.Position().Board().Unions().Has(D5) {
			t.Fatalf("after the union: counter %d, %s; want 0", g.Position().NoProgressCounter(), g.Position().FEN())
		}
		more := []string{"Lg1 f3", "Lb8 c6", "Lf3 g1", "Lc6 b8", "Lg1 f3", "Lb8 c6", "Lf3 g1", "Lc6 b8", "Lg1 f3", "Lb8 c6"}
		g = gamePlay(t, g, more[:9]...)
		wantOutcome(t, g, "Running")
		if g.Len() != 17 || g.Position().NoProgressCounter() != 9 {
			t.Errorf("Len %d, counter %d; want 17, 9", g.Len(), g.Position().NoProgressCounter())
		}
		g = gamePlay(t, g, more[9])
		wantOutcome(t, g, "NoProgressDraw")
	})
	t.Run("the engine's 96 half-moves with a union at the end", func(t *testing.T) {
		// lib::test_more_than_50_turns_if_there_is_progress (game_histories.tsv).
		g := gamePlay(t, NewGame(StartingPosition(), WithRepetitionLimit(0)), repeatMoves(23, queenKnights...)...)
		g = gamePlay(t, g, "Lb1 c3", "Lg8 f6", "Lc3 d5")
		if g.Position().NoProgressCounter() != 95 {
			t.Fatalf("counter %d, want 95", g.Position().NoProgressCounter())
		}
		g = gamePlay(t, g, "Lf6 d5")
		wantOutcome(t, g, "Running")
		if want := "rnbqkb1r/pppppppp/8/3o4/8/8/PPPPPPPP/R1BQKBNR w 0 AHah - -"; g.Position().FEN() != want || g.Len() != 96 {
			t.Errorf("after %d: %s, want 96: %s", g.Len(), g.Position().FEN(), want)
		}
	})
	t.Run("a start-of-turn promotion resets the counter", func(t *testing.T) {
		// lib::test_moving_the_opponents_pawn_to_their_home_row_resets_no_progress_on_this_turn:
		// the counter is 4 before Promote(Queen), 0 after. With a limit of 5 the
		// game would end at black's next lift without the reset.
		g := NewGame(withNoProgress(StartingPosition(), 5), WithRepetitionLimit(0))
		g = gamePlay(t, g, "Lb1 c3", "Ld7 d5", "Lc3 d5")
		if g.Position().NoProgressCounter() != 0 {
			t.Errorf("after the union on d5: counter %d, want 0", g.Position().NoProgressCounter())
		}
		g = gamePlay(t, g, "Lg8 f6", "Ld5 c3", "Lf6 d5", "Lc3 b1")
		if g.Len() != 7 || g.Position().NoProgressCounter() != 4 || g.Position().step != requirePromoteThenLift || g.Position().Turn() != Black {
			t.Fatalf("after 7: Len %d, counter %d, %v for %v", g.Len(), g.Position().NoProgressCounter(), g.Position().step, g.Position().Turn())
		}
		g = gameApply(t, g, "Q")
		if g.Position().NoProgressCounter() != 0 || g.Len() != 7 || !slices.Equal(g.PendingActions(), []Action{Promote(Queen)}) {
			t.Fatalf("after Promote(Queen): counter %d, Len %d, pending %v", g.Position().NoProgressCounter(), g.Len(), g.PendingActions())
		}
		g = gameApply(t, g, "Ld5 f6")
		wantOutcome(t, g, "Running")
		if g.Len() != 8 || g.Position().NoProgressCounter() != 1 {
			t.Errorf("Len %d, counter %d; want 8, 1", g.Len(), g.Position().NoProgressCounter())
		}
		if m := g.PlayedMoves()[7]; m.String() != "Promote(Queen) Lift(d5) Place(f6)" {
			t.Errorf("black's half-move is %q", m)
		}
		g = gamePlay(t, g, "Lg1 f3", "Lf6 g8", "Lf3 g1")
		wantOutcome(t, g, "Running")
		g = gamePlay(t, g, "Lg8 f6")
		wantOutcome(t, g, "NoProgressDraw")
		if g.Len() != 12 || g.Position().NoProgressCounter() != 5 {
			t.Errorf("Len %d, counter %d; want 12, 5", g.Len(), g.Position().NoProgressCounter())
		}
	})
}

func TestGameRepetition(t *testing.T) {
	t.Run("D1", func(t *testing.T) {
		// Threefold (the default), the start position not counted: the position
		// after Lg1 f3 occurs for the third time at the 9th half-move.
		g := NewGame(StartingPosition())
		if g.RepetitionCount() != 0 {
			t.Errorf("RepetitionCount() at the start = %d, want 0", g.RepetitionCount())
		}
		moves := append(repeatMoves(2, kingKnights...), "Lg1 f3")
		wantCounts := []int{1, 1, 1, 1, 2, 2, 2, 2, 3}
		for i, hm := range moves {
			g = gamePlay(t, g, hm)
			if g.RepetitionCount() != wantCounts[i] {
				t.Errorf("after %d half-moves: RepetitionCount() = %d, want %d", i+1, g.RepetitionCount(), wantCounts[i])
			}
			if i < 8 {
				wantOutcome(t, g, "Running")
			}
		}
		wantOutcome(t, g, "RepetitionDraw")
		if g.Len() != 9 || g.Outcome().Termination != Repetition || !g.Outcome().Termination.IsDraw() {
			t.Errorf("Len %d, termination %v", g.Len(), g.Outcome().Termination)
		}
		if g.Position().Outcome().IsOver() {
			t.Error("the position itself should not know the repetition draw")
		}
		wantFinished(t, g, StartingPosition().Moves()[0])

		// The draw belongs to the 9th half-move: undoing to it keeps it, undoing
		// before it drops it, and replaying reaches it again.
		if u, _ := g.UndoTo(9); u.Outcome() != g.Outcome() {
			t.Errorf("Undo(9): %v, want RepetitionDraw", u.Outcome())
		}
		u, _ := g.UndoTo(8)
		wantOutcome(t, u, "Running")
		if u.RepetitionCount() != 2 {
			t.Errorf("Undo(8): RepetitionCount() = %d, want 2", u.RepetitionCount())
		}
		wantOutcome(t, gamePlay(t, u, "Lg1 f3"), "RepetitionDraw")
		// Another way out of ply 8 keeps the game running.
		wantOutcome(t, gamePlay(t, u, "Lb1 c3"), "Running")
	})
	t.Run("the engine's knight cycles", func(t *testing.T) {
		// extra::knight_cycles_with_repetition_rule of games.tsv.
		g := gamePlay(t, NewGame(StartingPosition()), repeatMoves(2, queenKnights...)...)
		wantOutcome(t, g, "Running")
		wantOutcome(t, gamePlay(t, g, "Lb1 c3"), "RepetitionDraw")
	})
	t.Run("limit 2", func(t *testing.T) {
		g := gamePlay(t, NewGame(StartingPosition(), WithRepetitionLimit(2)), kingKnights...)
		wantOutcome(t, g, "Running") // the start position again, but it was never recorded
		if g.RepetitionCount() != 1 {
			t.Errorf("RepetitionCount() = %d, want 1", g.RepetitionCount())
		}
		g = gamePlay(t, g, "Lg1 f3")
		wantOutcome(t, g, "RepetitionDraw")
		if g.Len() != 5 || g.RepetitionCount() != 2 {
			t.Errorf("Len %d, RepetitionCount() %d; want 5, 2", g.Len(), g.RepetitionCount())
		}
	})
	t.Run("off", func(t *testing.T) {
		g := gamePlay(t, NewGame(StartingPosition(), WithRepetitionLimit(0)), repeatMoves(5, kingKnights...)...)
		wantOutcome(t, g, "Running")
		// The positions are still counted, only the rule is off.
		if g.Len() != 20 || g.RepetitionCount() != 5 {
			t.Errorf("Len %d, RepetitionCount() %d; want 20, 5", g.Len(), g.RepetitionCount())
		}
	})
	t.Run("a negative limit is off", func(t *testing.T) {
		g := gamePlay(t, NewGame(StartingPosition(), WithRepetitionLimit(-3)), repeatMoves(3, kingKnights...)...)
		wantOutcome(t, g, "Running")
	})
	t.Run("progress clears the count", func(t *testing.T) {
		// The union on d5 is progress: the position after it is the first one
		// recorded since, and it is reached again at half-moves 7 and 11.
		g := gamePlay(t, NewGame(StartingPosition()), "Lb1 c3", "Ld7 d5")
		g = gamePlay(t, g, "Lc3 d5")
		if g.Position().NoProgressCounter() != 0 || g.RepetitionCount() != 1 {
			t.Fatalf("after the union: counter %d, RepetitionCount() %d; want 0, 1", g.Position().NoProgressCounter(), g.RepetitionCount())
		}
		cycle := []string{"Lg8 f6", "Lg1 f3", "Lf6 g8", "Lf3 g1"}
		wantCounts := []int{1, 1, 1, 2, 2, 2, 2, 3}
		for i, hm := range repeatMoves(2, cycle...) {
			g = gamePlay(t, g, hm)
			if g.RepetitionCount() != wantCounts[i] {
				t.Errorf("after %d half-moves: RepetitionCount() = %d, want %d", g.Len(), g.RepetitionCount(), wantCounts[i])
			}
			if g.Len() < 11 {
				wantOutcome(t, g, "Running")
			}
		}
		wantOutcome(t, g, "RepetitionDraw")
		if g.Len() != 11 {
			t.Errorf("draw after %d half-moves, want 11", g.Len())
		}
	})
	t.Run("the en passant square is part of the key", func(t *testing.T) {
		// After Le2 e4 the en passant square e3 is set; the same board with Black
		// to move after half-moves 5 and 9 has none. Without the square in the key
		// half-move 9 would be the third occurrence and draw; with it the first
		// position to occur three times is the one after half-move 2 (at 10).
		g := gamePlay(t, NewGame(StartingPosition()), "Le2 e4")
		if g.Position().EnPassant() != E3 {
			t.Fatalf("en passant %v, want e3", g.Position().EnPassant())
		}
		cycle := []string{"Lg8 f6", "Lg1 f3", "Lf6 g8", "Lf3 g1"}
		g = gamePlay(t, g, repeatMoves(2, cycle...)...)
		wantOutcome(t, g, "Running")
		if g.Len() != 9 || g.RepetitionCount() != 2 || g.Position().EnPassant() != NoSquare {
			t.Errorf("Len %d, RepetitionCount() %d, en passant %v; want 9, 2, none", g.Len(), g.RepetitionCount(), g.Position().EnPassant())
		}
		g = gamePlay(t, g, cycle[0])
		wantOutcome(t, g, "RepetitionDraw")
	})
	t.Run("castling rights are part of the key", func(t *testing.T) {
		// La1 b1 leaves the rights Hah; the same board with Black to move after
		// half-moves 5 and 9 has Hh. Without the rights in the key half-move 9
		// would draw; with them the position after half-move 2 draws at 10.
		g := gamePlay(t, NewGame(mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -")), "La1 b1")
		if g.Position().Castling().String() != "Hah" {
			t.Fatalf("rights %v, want Hah", g.Position().Castling())
		}
		cycle := []string{"La8 b8", "Lb1 a1", "Lb8 a8", "La1 b1"}
		g = gamePlay(t, g, repeatMoves(2, cycle...)...)
		wantOutcome(t, g, "Running")
		if g.Len() != 9 || g.RepetitionCount() != 2 || g.Position().Castling().String() != "Hh" {
			t.Errorf("Len %d, RepetitionCount() %d, rights %v; want 9, 2, Hh", g.Len(), g.RepetitionCount(), g.Position().Castling())
		}
		g = gamePlay(t, g, cycle[0])
		wantOutcome(t, g, "RepetitionDraw")
	})
	t.Run("a FEN start counts like the standard one", func(t *testing.T) {
		g := gamePlay(t, NewGame(mustFEN(t, StartFEN)), repeatMoves(2, kingKnights...)...)
		wantOutcome(t, g, "Running")
		wantOutcome(t, gamePlay(t, g, "Lg1 f3"), "RepetitionDraw")
	})
	t.Run("the position after a start-of-turn promotion is recorded", func(t *testing.T) {
		// Catalogue §9 and §10.2: after PromoteThenLift and the promotion, the
		// engine records the position (counter 0, the promoter to move). The kings
		// then shuffle back to it twice: the third occurrence is at half-move 9.
		// Were it not recorded, the draw would come only at half-move 13.
		g := gameApply(t, NewGame(mustFEN(t, "4k3/7C/8/8/8/8/8/4K3 b 0 - - -")), "Lh7 h8 N")
		cycle := []string{"Le1 d1", "Le8 d8", "Ld1 e1", "Ld8 e8"}
		wantCounts := []int{1, 1, 1, 2, 2, 2, 2, 3}
		for i, hm := range repeatMoves(2, cycle...) {
			g = gameApply(t, g, hm)
			if g.RepetitionCount() != wantCounts[i] {
				t.Errorf("after %d half-moves (%s): RepetitionCount() = %d, want %d", g.Len(), g.Position().FEN(), g.RepetitionCount(), wantCounts[i])
			}
			if i < 7 {
				wantOutcome(t, g, "Running")
			}
		}
		wantOutcome(t, g, "RepetitionDraw")
		if g.Len() != 9 || g.Position().FEN() != "4k2i/8/8/8/8/8/8/4K3 w 8 - - -" {
			t.Errorf("draw after %d half-moves at %s; want 9, 4k2i/8/8/8/8/8/8/4K3 w 8 - - -", g.Len(), g.Position().FEN())
		}
	})
	t.Run("RepetitionCount mid-move", func(t *testing.T) {
		g := gamePlay(t, NewGame(StartingPosition()), "Lg1 f3")
		g = gameApply(t, g, "Lg8")
		if g.RepetitionCount() != 0 {
			t.Errorf("RepetitionCount() with a piece in the hand = %d, want 0", g.RepetitionCount())
		}
	})
}

func TestGameCallerEndings(t *testing.T) {
	type ending struct {
		name   string
		end    func(Game) (Game, error)
		want   string
		winner Color
		won    bool
		term   Termination
	}
	endings := []ending{
		{"Resign(White)", func(g Game) (Game, error) { return g.Resign(White) }, "ResignationVictory(Black)", Black, true, Resignation},
		{"Resign(Black)", func(g Game) (Game, error) { return g.Resign(Black) }, "ResignationVictory(White)", White, true, Resignation},
		{"AgreeDraw", func(g Game) (Game, error) { return g.AgreeDraw() }, "AgreementDraw", White, false, Agreement},
		{"Timeout(White)", func(g Game) (Game, error) { return g.Timeout(White) }, "TimeoutVictory(Black)", Black, true, Timeout},
		{"Timeout(Black)", func(g Game) (Game, error) { return g.Timeout(Black) }, "TimeoutVictory(White)", White, true, Timeout},
	}
	opening := gamePlay(t, NewGame(StartingPosition()), "Le2 e4", "Ld7 d5")
	starts := map[string]Game{
		"at the start": NewGame(StartingPosition()),
		"mid-game":     opening,
		"mid-move":     gameApply(t, opening, "Le4"),
	}
	for where, g := range starts {
		for _, e := range endings {
			t.Run(where+"/"+e.name, func(t *testing.T) {
				n, fen, pending := g.Len(), g.Position().FEN(), g.PendingActions()
				h, err := e.end(g)
				if err != nil {
					t.Fatalf("%s: %v", e.name, err)
				}
				wantOutcome(t, h, e.want)
				if h.Outcome().Termination != e.term || h.Outcome().Termination.IsDraw() == e.won {
					t.Errorf("termination %v (draw %v)", h.Outcome().Termination, h.Outcome().Termination.IsDraw())
				}
				if w, ok := h.Outcome().Won(); ok != e.won || (ok && w != e.winner) {
					t.Errorf("Won() = %v, %v; want %v, %v", w, ok, e.winner, e.won)
				}
				if h.Len() != n || h.Position().FEN() != fen || !slices.Equal(h.PendingActions(), pending) {
					t.Errorf("ending changed the record: Len %d, %s, pending %v", h.Len(), h.Position().FEN(), h.PendingActions())
				}
				wantOutcome(t, g, "Running") // the receiver
				wantFinished(t, h, StartingPosition().Moves()[0])
			})
		}
	}
	t.Run("invalid colour", func(t *testing.T) {
		g := NewGame(StartingPosition())
		for _, f := range []func() (Game, error){
			func() (Game, error) { return g.Resign(Color(2)) },
			func() (Game, error) { return g.Timeout(Color(7)) },
		} {
			h, err := f()
			if !errors.Is(err, ErrInvalidColor) || h.Outcome().IsOver() {
				t.Errorf("error %v, outcome %v; want ErrInvalidColor, Running", err, h.Outcome())
			}
		}
	})
}

func TestGameAllUnited(t *testing.T) {
	// The white rook d1 is the last lone piece but the kings; the pawns on b2 are
	// already united.
	const fen = "4k3/8/8/8/3r4/8/1a6/3RK3 w 0 - - -"
	t.Run("with the option", func(t *testing.T) {
		g := NewGame(withSwitch(mustFEN(t, fen), AllUnitedDraw))
		wantOutcome(t, g, "Running")
		other := gamePlay(t, g, "Ld1 d2")
		wantOutcome(t, other, "Running")
		g = gamePlay(t, g, "Ld1 d4")
		wantOutcome(t, g, "AllUnitedDraw")
		// The draw is a rule switch (AllUnitedDraw) the position itself applies, so
		// move generation agrees that the game is over.
		if g.Outcome().Termination != AllUnited || !g.Outcome().Termination.IsDraw() || !g.Position().Outcome().IsOver() {
			t.Errorf("termination %v, position over %v", g.Outcome().Termination, g.Position().Outcome().IsOver())
		}
		wantFinished(t, g, other.PlayedMoves()[0])
		if u, _ := g.UndoTo(0); u.Outcome().IsOver() {
			t.Errorf("Undo(0): %v", u.Outcome())
		}
	})
	t.Run("without the option", func(t *testing.T) {
		g := gamePlay(t, NewGame(mustFEN(t, fen)), "Ld1 d4")
		wantOutcome(t, g, "Running")
		if g.LegalMoveCount() == 0 {
			t.Error("no legal moves")
		}
	})
	t.Run("kings alone do not count", func(t *testing.T) {
		g := gamePlay(t, NewGame(withSwitch(mustFEN(t, "4k3/8/8/8/8/8/8/4K3 w 0 - - -"), AllUnitedDraw)), "Le1 d1")
		wantOutcome(t, g, "Running")
	})
	t.Run("every move once all are united", func(t *testing.T) {
		g := gamePlay(t, NewGame(withSwitch(mustFEN(t, "4k3/8/8/8/3i4/8/1a6/4K3 b 0 - - -"), AllUnitedDraw)), "Ld4 d8")
		wantOutcome(t, g, "AllUnitedDraw")
	})
}

func TestGameKingsUnited(t *testing.T) {
	// Kings never unite in the default rules, so the union of both kings is set up.
	var s Setup
	s.Board = s.Board.With(E4, Cell{White: King, Black: King})
	s.Board = s.Board.With(A1, Cell{White: Rook})
	s.Board = s.Board.With(H8, Cell{Black: Rook})
	s.Board = s.Board.With(B2, Cell{White: Pawn})
	s.Board = s.Board.With(G7, Cell{Black: Pawn})
	s.EnPassant = NoSquare
	p, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	if p.Board().Cell(E4) != (Cell{White: King, Black: King}) || p.Board().Cell(E4).Letter() != '_' {
		t.Fatalf("e4 holds %v", p.Board().Cell(E4))
	}
	t.Run("with the option", func(t *testing.T) {
		g := NewGame(withSwitch(p, KingsUnitedDraw))
		wantOutcome(t, g, "Running") // the start position is not judged
		moves := g.LegalMoves()
		if len(moves) == 0 {
			t.Fatal("no legal moves")
		}
		for _, m := range moves {
			h, err := g.Play(m)
			if err != nil {
				t.Fatalf("Play(%v): %v", m, err)
			}
			wantOutcome(t, h, "KingsUnitedDraw")
			if h.Outcome().Termination != KingsUnited || !h.Outcome().Termination.IsDraw() {
				t.Errorf("termination %v", h.Outcome().Termination)
			}
		}
		h, _ := g.Play(moves[0])
		wantFinished(t, h, moves[1])
	})
	t.Run("without the option", func(t *testing.T) {
		g := NewGame(p)
		for _, m := range g.LegalMoves() {
			h, err := g.Play(m)
			if err != nil {
				t.Fatalf("Play(%v): %v", m, err)
			}
			wantOutcome(t, h, "Running")
		}
	})
	t.Run("AllUnited alone does not fire", func(t *testing.T) {
		// Lone rooks and pawns remain: the all-united rule does not apply.
		g := NewGame(withSwitch(p, AllUnitedDraw))
		wantOutcome(t, gamePlay(t, g, "La1 a3"), "Running")
	})
}

// ---- persistence, undo, rollback --------------------------------------------------

type gameSnapshot struct {
	n       int
	fen     string
	outcome Outcome
	pending string
	moves   string
	reps    int
}

func snapshot(g Game) gameSnapshot {
	return gameSnapshot{g.Len(), g.Position().FEN(), g.Outcome(), FormatActions(g.PendingActions()), strings.Join(movesText(g), " | "), g.RepetitionCount()}
}

func TestGamePersistence(t *testing.T) {
	g := gamePlay(t, NewGame(StartingPosition()), "Le2 e4", "Ld7 d5")
	want := snapshot(g)
	unchanged := func(what string) {
		t.Helper()
		if got := snapshot(g); got != want {
			t.Fatalf("%s changed the receiver:\n got %+v\nwant %+v", what, got, want)
		}
	}

	// Every method that returns a new game leaves the receiver as it was.
	m := legalMoveTo(t, g, "Le4 d5")
	g2, err := g.Play(m)
	if err != nil || g2.Len() != 3 {
		t.Fatalf("Play: %v, Len %d", err, g2.Len())
	}
	unchanged("Play")
	if _, err := g.Play(Move{}); err == nil {
		t.Error("Play(zero Move) accepted")
	}
	unchanged("a rejected Play")
	_, _ = g.Apply(Lift(E4))
	unchanged("Apply")
	_, _ = g.ApplyAll(shorthand(t, "Le4 d5 Ld8 d5"))
	unchanged("ApplyAll")
	_, _ = g.Resign(White)
	unchanged("Resign")
	_, _ = g.AgreeDraw()
	unchanged("AgreeDraw")
	_, _ = g.Timeout(Black)
	unchanged("Timeout")
	_, _ = g.UndoTo(0)
	unchanged("Undo")
	_ = g.Rollback()
	unchanged("Rollback")

	// Slices handed out are copies.
	pm := g.PlayedMoves()
	pm[0] = Move{}
	unchanged("changing the slice of Moves()")
	acts := pm[1].Actions()
	acts[0] = Lift(H8)
	unchanged("changing a move's Actions()")
	mid := gameApply(t, g, "Le4")
	pend := mid.PendingActions()
	pend[0] = Lift(A1)
	if !slices.Equal(mid.PendingActions(), []Action{Lift(E4)}) {
		t.Errorf("changing the slice of Pending() changed the game: %v", mid.PendingActions())
	}

	// Two branches of one game are independent, however far they go.
	a := gamePlay(t, g, "Le4 d5", "Lc8 g4", "Lg1 f3")
	b := gamePlay(t, g, "Lb1 c3", "Lg8 f6")
	a = gamePlay(t, a, "Lg4 f3")
	b = gamePlay(t, b, "Lc3 d5")
	unchanged("branching")
	wantA := []string{"Lift(e2) Place(e4)", "Lift(d7) Place(d5)", "Lift(e4) Place(d5)", "Lift(c8) Place(g4)", "Lift(g1) Place(f3)", "Lift(g4) Place(f3)"}
	wantB := []string{"Lift(e2) Place(e4)", "Lift(d7) Place(d5)", "Lift(b1) Place(c3)", "Lift(g8) Place(f6)", "Lift(c3) Place(d5)"}
	if got := movesText(a); !slices.Equal(got, wantA) {
		t.Errorf("branch a: %q, want %q", got, wantA)
	}
	if got := movesText(b); !slices.Equal(got, wantB) {
		t.Errorf("branch b: %q, want %q", got, wantB)
	}
	for i, br := range []Game{a, b} {
		for n := 0; n <= br.Len(); n++ {
			p, _ := br.PositionAt(n)
			q := StartingPosition()
			if n > 0 {
				q = br.PlayedMoves()[n-1].After()
			}
			if !p.Equal(q) {
				t.Errorf("branch %d: PositionAt(%d) = %s, want %s", i, n, p.FEN(), q.FEN())
			}
		}
	}
	// Resigning one branch does not end the other.
	ra, _ := a.Resign(Black)
	wantOutcome(t, ra, "ResignationVictory(White)")
	wantOutcome(t, a, "Running")
	wantOutcome(t, b, "Running")

	// Branches in the middle of a chain: the unfinished actions are shared, and
	// neither branch may write into the other's.
	c := gameApply(t, NewGame(mustFEN(t, rulesPageFEN)), "Lf3 e4 c3")
	base := snapshot(c)
	targets := slices.Collect(c.LegalActions().All())
	if len(targets) < 2 {
		t.Fatalf("released queen has %d places", len(targets))
	}
	var ends []Game
	for _, a := range targets {
		h, err := c.Apply(a)
		if err != nil {
			t.Fatalf("Apply(%v): %v", a, err)
		}
		ends = append(ends, h)
	}
	for i, h := range ends {
		want := "Lift(f3) Place(e4) Place(c3) " + targets[i].String()
		if h.Len() == 1 {
			if got := h.PlayedMoves()[0].String(); got != want {
				t.Errorf("branch %d: half-move %q, want %q", i, got, want)
			}
		} else if got := FormatActions(h.PendingActions()); got != want {
			t.Errorf("branch %d: pending %q, want %q", i, got, want)
		}
	}
	if got := snapshot(c); got != base {
		t.Errorf("mid-chain game changed: %+v, want %+v", got, base)
	}
}

func TestGameUndo(t *testing.T) {
	// lib::test_half_move_count_during_chain_promotion: chains and a promotion
	// inside a chain; the trailing Lift is left unfinished.
	const history = "Lift(f2) Place(f4) Lift(g7) Place(g5) Lift(f4) Place(g5) Lift(e7) Place(e5) Lift(g5) Place(g6) Lift(a7) Place(a5) Lift(d2) Place(d4) Lift(e5) Place(d4) Lift(c1) Place(h6) Lift(a5) Place(a4) Lift(h6) Place(f8) Lift(a8) Place(a5) Lift(g6) Place(g7) Lift(b8) Place(a6) Lift(d1) Place(d2) Lift(a5) Place(h5) Lift(d2) Place(g5) Lift(d8) Place(f6) Lift(g5) Place(g7) Place(f8) Promote(Queen) Place(d6) Lift(b7)"
	g, err := NewGame(StartingPosition(), WithRepetitionLimit(0)).ApplyAll(mustActions(t, history))
	if err != nil {
		t.Fatal(err)
	}
	if g.Len() != 19 || !slices.Equal(g.PendingActions(), []Action{Lift(B7)}) || g.Position().Hand().Square != B7 {
		t.Fatalf("Len %d, pending %v", g.Len(), g.PendingActions())
	}
	if last := g.PlayedMoves()[18]; last.String() != "Lift(g5) Place(g7) Place(f8) Promote(Queen) Place(d6)" || last.After().NoProgressCounter() != 0 {
		t.Errorf("last half-move %q", last)
	}
	before := snapshot(g)
	all := movesText(g)
	for n := 0; n <= g.Len(); n++ {
		u, err := g.UndoTo(n)
		if err != nil {
			t.Fatalf("Undo(%d): %v", n, err)
		}
		p, err := g.PositionAt(n)
		if err != nil {
			t.Fatalf("PositionAt(%d): %v", n, err)
		}
		if u.Len() != n || !u.Position().Equal(p) || u.Position().FEN() != p.FEN() || len(u.PendingActions()) != 0 {
			t.Errorf("Undo(%d): Len %d, %s, pending %v; want %d, %s, none", n, u.Len(), u.Position().FEN(), u.PendingActions(), n, p.FEN())
		}
		if got := movesText(u); !slices.Equal(got, all[:n]) {
			t.Errorf("Undo(%d): moves %q, want %q", n, got, all[:n])
		}
		if n == 0 && !p.Equal(g.Start()) {
			t.Errorf("PositionAt(0) = %s, want the start", p.FEN())
		}
		if n > 0 && !p.Equal(g.PlayedMoves()[n-1].After()) {
			t.Errorf("PositionAt(%d) = %s, not the position after half-move %d", n, p.FEN(), n)
		}
		wantOutcome(t, u, "Running")
		if u.LegalMoveCount() != p.MoveCount() {
			t.Errorf("Undo(%d): %d legal moves, want %d", n, u.LegalMoveCount(), p.MoveCount())
		}
		// Replaying the undone half-moves gives the same game back.
		r := u
		for _, m := range g.PlayedMoves()[n:] {
			if r, err = r.Play(m); err != nil {
				t.Fatalf("Undo(%d), replay %v: %v", n, m, err)
			}
		}
		if !r.Position().Equal(g.PlayedMoves()[g.Len()-1].After()) || r.Len() != g.Len() {
			t.Errorf("Undo(%d) and replay: %s", n, r.Position().FEN())
		}
	}
	if snapshot(g) != before {
		t.Error("Undo changed the receiver")
	}
	for _, n := range []int{-1, g.Len() + 1, 1000} {
		u, err := g.UndoTo(n)
		if !errors.Is(err, ErrInvalidPly) {
			t.Errorf("Undo(%d): error %v, want ErrInvalidPly", n, err)
		}
		if snapshot(u) != before {
			t.Errorf("Undo(%d) did not return the game unchanged", n)
		}
		if _, err := g.PositionAt(n); !errors.Is(err, ErrInvalidPly) {
			t.Errorf("PositionAt(%d): error %v, want ErrInvalidPly", n, err)
		}
	}

	t.Run("after a resignation", func(t *testing.T) {
		r, err := g.Resign(White)
		if err != nil {
			t.Fatal(err)
		}
		u, err := r.UndoTo(r.Len())
		if err != nil {
			t.Fatal(err)
		}
		wantOutcome(t, u, "Running")
		if u.Len() != 19 || len(u.PendingActions()) != 0 || u.LegalMoveCount() == 0 {
			t.Errorf("Len %d, pending %v, %d moves", u.Len(), u.PendingActions(), u.LegalMoveCount())
		}
		if _, err := u.Resign(Black); err != nil {
			t.Errorf("resigning again after the undo: %v", err)
		}
		wantOutcome(t, r, "ResignationVictory(Black)")
	})
	t.Run("after a Paco", func(t *testing.T) {
		p := gameApply(t, NewGame(StartingPosition()), "Le2 e4 Ld7 d5 Lf1 b5 Ld5 e4 Lb5 e8")
		wantOutcome(t, p, "PacoVictory(White)")
		if u, _ := p.UndoTo(5); u.Outcome() != p.Outcome() {
			t.Errorf("Undo(5) of a game won at half-move 5: %v", u.Outcome())
		}
		u, _ := p.UndoTo(4)
		wantOutcome(t, u, "Running")
		if len(u.LegalMoves()) == 0 {
			t.Error("no legal moves after the undo")
		}
		other := gamePlay(t, u, "Lb5 c6")
		wantOutcome(t, other, "Running")
	})
	t.Run("the zero Game", func(t *testing.T) {
		var z Game
		if z.Len() != 0 || z.Outcome().IsOver() {
			t.Errorf("zero Game: Len %d, %v", z.Len(), z.Outcome())
		}
		if _, err := z.UndoTo(1); !errors.Is(err, ErrInvalidPly) {
			t.Errorf("zero Game Undo(1): %v", err)
		}
		if _, err := z.Apply(Lift(E2)); err == nil {
			t.Error("zero Game accepted an action")
		}
	})
}

func TestGameRollback(t *testing.T) {
	// Histories of game_histories.tsv (the engine's find_last_checkpoint_index
	// tests): Rollback returns to the last position where the turn passed.
	cases := []struct {
		name, history string
		n             int    // half-moves left after the rollback
		fen           string // position after the rollback
		required      requiredAction
	}{
		{"lib::test_rollback_promotion",
			"Lift(b1) Place(c3) Lift(d7) Place(d5) Lift(c3) Place(d5) Lift(d5) Place(d4) Lift(b2) Place(b4) Lift(d4) Place(d3) Lift(d3) Place(b2) Lift(b2) Place(b1)",
			7, "rnbqkbnr/ppp1pppp/8/8/1P6/8/PdPPPPPP/R1BQKBNR b 4 AHah - -", requireLift},
		{"lib::test_rollback_promotion_start_turn",
			"Lift(b1) Place(c3) Lift(d7) Place(d5) Lift(c3) Place(d5) Lift(h7) Place(h6) Lift(d5) Place(c3) Lift(h6) Place(h5) Lift(c3) Place(b1) Promote(Queen) Lift(h5)",
			7, "rnbqkbnr/ppp1ppp1/8/7p/8/8/PPPPPPPP/RdBQKBNR b 4 AHah - -", requirePromoteThenLift},
		{"lib::test_rollback_settled_changed", "Lift(e2) Place(e4)",
			1, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -", requireLift},
		{"lib::test_rollback_promotion_opponent",
			"Lift(b1) Place(c3) Lift(d7) Place(d5) Lift(c3) Place(d5) Lift(h7) Place(h6) Lift(d5) Place(c3) Lift(h6) Place(h5) Lift(c3) Place(b1)",
			7, "rnbqkbnr/ppp1ppp1/8/7p/8/8/PPPPPPPP/RdBQKBNR b 4 AHah - -", requirePromoteThenLift},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(StartingPosition(), WithRepetitionLimit(0)).ApplyAll(mustActions(t, c.history))
			if err != nil {
				t.Fatal(err)
			}
			before := snapshot(g)
			r := g.Rollback()
			if snapshot(g) != before {
				t.Error("Rollback changed the receiver")
			}
			if r.Len() != c.n || len(r.PendingActions()) != 0 || r.Position().FEN() != c.fen || r.Position().step != c.required {
				t.Errorf("Rollback: Len %d, pending %v, %s, %v; want %d, none, %s, %v",
					r.Len(), r.PendingActions(), r.Position().FEN(), r.Position().step, c.n, c.fen, c.required)
			}
			if p, _ := g.PositionAt(c.n); !r.Position().Equal(p) {
				t.Errorf("Rollback: %s, PositionAt(%d) = %s", r.Position().FEN(), c.n, p.FEN())
			}
			wantOutcome(t, r, "Running")
			if r2 := r.Rollback(); snapshot(r2) != snapshot(r) {
				t.Error("a second Rollback changed the game")
			}
		})
	}
	t.Run("lib::test_rollback_promotion_king_union", func(t *testing.T) {
		// A finished game is left as it is, even with a promotion still owed.
		g, err := NewGame(StartingPosition(), WithRepetitionLimit(0)).ApplyAll(mustActions(t,
			"Lift(f2) Place(f4) Lift(f7) Place(f5) Lift(g2) Place(g4) Lift(f5) Place(g4) Lift(f4) Place(f5) Lift(a7) Place(a6) Lift(f5) Place(f6) Lift(a6) Place(a5) Lift(f6) Place(f7) Lift(a5) Place(a4) Lift(f7) Place(e8)"))
		if err != nil {
			t.Fatal(err)
		}
		wantOutcome(t, g, "PacoVictory(White)")
		if r := g.Rollback(); snapshot(r) != snapshot(g) || r.Len() != 11 {
			t.Errorf("Rollback of a won game: %+v, want %+v", snapshot(r), snapshot(g))
		}
	})
	t.Run("dead end C2", func(t *testing.T) {
		// The engine accepts a place into a dead end; only a rollback gets out.
		g := gameApply(t, NewGame(mustFEN(t, "4k3/8/8/p7/D7/8/8/R3K3 w 0 - - -")), "La1 a4")
		if !g.LegalActions().IsEmpty() || len(g.LegalMoves()) != 0 || g.Outcome().IsOver() || g.Len() != 0 {
			t.Fatalf("dead end: actions %v, %d moves, %v, Len %d", g.LegalActions(), len(g.LegalMoves()), g.Outcome(), g.Len())
		}
		r := g.Rollback()
		if r.Len() != 0 || len(r.PendingActions()) != 0 || !r.Position().Equal(r.Start()) || r.LegalMoveCount() == 0 {
			t.Errorf("Rollback: Len %d, pending %v, %s", r.Len(), r.PendingActions(), r.Position().FEN())
		}
	})
	t.Run("resigned mid-move", func(t *testing.T) {
		g := gameApply(t, NewGame(StartingPosition()), "Le2")
		r, err := g.Resign(White)
		if err != nil {
			t.Fatal(err)
		}
		if rb := r.Rollback(); snapshot(rb) != snapshot(r) {
			t.Errorf("Rollback of a finished game changed it: %+v", snapshot(rb))
		}
	})
}

// ---- Play and Apply ---------------------------------------------------------------

func TestGamePlayRejects(t *testing.T) {
	start := NewGame(StartingPosition())
	g := gamePlay(t, start, "Lb1 c3")
	want := snapshot(g)
	reject := func(what string, m Move) {
		t.Helper()
		h, err := g.Play(m)
		if !errors.Is(err, ErrIllegalMove) || errors.Is(err, ErrGameOver) {
			t.Errorf("Play(%s %v): error %v, want ErrIllegalMove", what, m, err)
		}
		if snapshot(h) != want || snapshot(g) != want {
			t.Errorf("Play(%s): game changed", what)
		}
	}
	reject("white's move again", legalMoveTo(t, start, "Lg1 f3"))
	reject("the zero move", Move{})
	reject("an incomplete move", rawMove(shorthand(t, "Lg8")))
	reject("two half-moves", rawMove(shorthand(t, "Lg8 f6 Lc3 d5")))
	reject("a move with an illegal action", rawMove(shorthand(t, "Lg8 g6")))
	// A half-move followed by a dangling action is not one move either.
	reject("a half-move and a lift", rawMove(shorthand(t, "Lg8 f6 Lc3")))

	t.Run("dead end", func(t *testing.T) {
		d := NewGame(mustFEN(t, "4k3/8/8/p7/D7/8/8/R3K3 w 0 - - -"))
		if _, err := d.Play(rawMove(shorthand(t, "La1 a4"))); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("Play into a dead end: %v, want ErrIllegalMove", err)
		}
		for _, m := range d.LegalMoves() {
			if m.String() == "Lift(a1) Place(a4)" {
				t.Errorf("LegalMoves offers the dead end %v", m)
			}
		}
	})
	t.Run("illegal actions", func(t *testing.T) {
		for _, a := range []Action{Lift(E2), Place(E5), Promote(Queen), Lift(NoSquare), {}} {
			h, err := g.Apply(a)
			if !errors.Is(err, ErrIllegalAction) || errors.Is(err, ErrGameOver) {
				t.Errorf("Apply(%v): error %v, want ErrIllegalAction", a, err)
			}
			if snapshot(h) != want {
				t.Errorf("Apply(%v) changed the game", a)
			}
		}
		h, err := g.ApplyAll(shorthand(t, "Lg8 f6 Lc3 c4"))
		var ae *ActionError
		if !errors.As(err, &ae) || ae.Index != 3 || !errors.Is(err, ErrIllegalAction) || snapshot(h) != want {
			t.Errorf("ApplyAll with a bad 4th action: %v", err)
		}
	})
	t.Run("mid-move", func(t *testing.T) {
		m := gameApply(t, g, "Le7")
		if m.Len() != 1 || !slices.Equal(m.PendingActions(), []Action{Lift(E7)}) {
			t.Fatalf("Len %d, pending %v", m.Len(), m.PendingActions())
		}
		if m.Position().Hand().Piece != Pawn || m.LegalActions().Kind() != PlaceKind || m.LegalActions().Len() != 2 {
			t.Errorf("hand %v, actions %v", m.Position().Hand(), m.LegalActions())
		}
		// A whole move from the settled position is not legal in the middle of one.
		if _, err := m.Play(legalMoveTo(t, g, "Le7 e5")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("Play of a whole move mid-move: %v, want ErrIllegalMove", err)
		}
		// The legal moves mid-move are the ways to finish it.
		got := []string{}
		for _, mv := range m.LegalMoves() {
			got = append(got, mv.String())
		}
		if !slices.Equal(got, []string{"Place(e6)", "Place(e5)"}) && !slices.Equal(got, []string{"Place(e5)", "Place(e6)"}) {
			t.Errorf("LegalMoves mid-move: %q", got)
		}
		h, err := m.Play(m.LegalMoves()[0])
		if err != nil || h.Len() != 2 || len(h.PendingActions()) != 0 {
			t.Fatalf("Play of a completion: %v, Len %d", err, h.Len())
		}
		if s := h.PlayedMoves()[1].String(); s != "Lift(e7) "+m.LegalMoves()[0].String() {
			t.Errorf("the half-move is %q", s)
		}
		// Apply finishes it the same way.
		h2 := gameApply(t, m, "e5")
		if h2.Len() != 2 || h2.PlayedMoves()[1].String() != "Lift(e7) Place(e5)" || h2.Position().EnPassant() != E6 {
			t.Errorf("Apply(Place(e5)): Len %d, %v, ep %v", h2.Len(), h2.PlayedMoves(), h2.Position().EnPassant())
		}
	})
}

func TestGameStartOfTurnPromotion(t *testing.T) {
	t.Run("P2 and P2b", func(t *testing.T) {
		g := gameApply(t, NewGame(mustFEN(t, "4k3/7C/8/8/8/8/8/4K3 b 0 - - -")), "Lh7 h8")
		p := g.Position()
		if g.Len() != 1 || len(g.PendingActions()) != 0 || p.Turn() != White || p.step != requirePromoteThenLift || p.PendingPromotion() != H8 {
			t.Fatalf("after the pair move: Len %d, pending %v, %v to %v at %v", g.Len(), g.PendingActions(), p.Turn(), p.step, p.PendingPromotion())
		}
		if got := g.PlayedMoves()[0].String(); got != "Lift(h7) Place(h8)" {
			t.Errorf("black's half-move %q", got)
		}
		if as := g.LegalActions(); as.Kind() != PromoteKind || as.Len() != 4 {
			t.Errorf("legal actions %v, want the four promotions", as)
		}
		moves := g.LegalMoves()
		if len(moves) == 0 || len(moves) != g.LegalMoveCount() {
			t.Fatalf("%d legal moves, count %d", len(moves), g.LegalMoveCount())
		}
		for _, m := range moves {
			if m.path()[0].Kind != PromoteKind || m.Len() < 3 {
				t.Errorf("legal move %v does not start with the owed promotion", m)
			}
			h, err := g.Play(m)
			if err != nil {
				t.Fatalf("Play(%v): %v", m, err)
			}
			if h.Len() != 2 || h.PlayedMoves()[1].path()[0].Kind != PromoteKind || h.PlayedMoves()[1].String() != m.String() {
				t.Errorf("Play(%v): Len %d, half-move %v", m, h.Len(), h.PlayedMoves()[h.Len()-1])
			}
		}
		// P2b: the promotion is the first action of white's unfinished half-move.
		h := gameApply(t, g, "N")
		if h.Len() != 1 || !slices.Equal(h.PendingActions(), []Action{Promote(Knight)}) {
			t.Errorf("after Promote(Knight): Len %d, pending %v", h.Len(), h.PendingActions())
		}
		if h.Position().FEN() != "4k2i/8/8/8/8/8/8/4K3 w 0 - - -" || h.Position().Turn() != White || h.Position().step != requireLift {
			t.Errorf("after Promote(Knight): %s, %v", h.Position().FEN(), h.Position().step)
		}
		if r := h.Rollback(); r.Position().step != requirePromoteThenLift || len(r.PendingActions()) != 0 {
			t.Errorf("Rollback after the promotion: %v, pending %v", r.Position().step, r.PendingActions())
		}
		h = gameApply(t, h, "Le1 d1")
		if h.Len() != 2 || h.PlayedMoves()[1].String() != "Promote(Knight) Lift(e1) Place(d1)" {
			t.Errorf("white's half-move: %v", h.PlayedMoves())
		}
	})
	t.Run("P5", func(t *testing.T) {
		start := NewGame(mustFEN(t, "rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -"))
		g := gameApply(t, start, "Lh2 h8")
		if g.LegalMoveCount() != 127 { // mod::start_move_with_promotion in games.tsv
			t.Errorf("%d legal moves after Lh2 h8, want 127", g.LegalMoveCount())
		}
		const want = "rnbqkbnh/pppppp2/5pN1/5p2/8/8/PPPPPPP1/RNBQKBN1 b 1 Aah - -"
		a := gameApply(t, g, "N Lh1 h8 g6")
		b := gamePlay(t, g, "N Lh1 h8 g6")
		for _, h := range []Game{a, b} {
			if h.Len() != 2 || h.Position().FEN() != want || len(h.PendingActions()) != 0 {
				t.Errorf("Len %d, %s; want 2, %s", h.Len(), h.Position().FEN(), want)
			}
			if got := movesText(h); !slices.Equal(got, []string{"Lift(h2) Place(h8)", "Promote(Knight) Lift(h1) Place(h8) Place(g6)"}) {
				t.Errorf("moves %q", got)
			}
			wantOutcome(t, h, "Running")
		}
	})
}

func TestGameOwnPromotion(t *testing.T) {
	// P1: the owner's pawn ends its move on the last rank; the promotion is the
	// last action of the same half-move.
	start := NewGame(mustFEN(t, "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -"))
	g := gameApply(t, start, "Lc7 c8")
	if g.Len() != 0 || !slices.Equal(g.PendingActions(), shorthand(t, "Lc7 c8")) || g.Position().step != requirePromoteThenFinish || g.Position().Turn() != White {
		t.Fatalf("Len %d, pending %v, %v for %v", g.Len(), g.PendingActions(), g.Position().step, g.Position().Turn())
	}
	moves := g.LegalMoves()
	if len(moves) != 4 {
		t.Fatalf("%d ways to finish, want 4: %v", len(moves), moves)
	}
	for i, m := range moves {
		h, err := g.Play(m)
		if err != nil {
			t.Fatalf("Play(%v): %v", m, err)
		}
		want := "Lift(c7) Place(c8) Promote(" + promotionRoles[i].String() + ")"
		if h.Len() != 1 || h.PlayedMoves()[0].String() != want || h.Position().Turn() != Black || h.Position().NoProgressCounter() != 0 {
			t.Errorf("Play(%v): Len %d, %v, %v to move, counter %d; want 1, %s", m, h.Len(), h.PlayedMoves(), h.Position().Turn(), h.Position().NoProgressCounter(), want)
		}
	}
	if r := g.Rollback(); r.Len() != 0 || len(r.PendingActions()) != 0 || !r.Position().Equal(start.Position()) {
		t.Errorf("Rollback: Len %d, pending %v, %s", r.Len(), r.PendingActions(), r.Position().FEN())
	}
}

// TestGameRuleEndAfterOwedPromotionAtStart: a game whose start position owes a
// promotion (a pawn of the side to move on its last rank, as ParseFEN and Setup
// infer it) records the position after that promotion (catalogue §9, §10.2), and
// a history rule may end the game there. The records of the game must stay
// consistent: a move of LegalMoves() is accepted by Play (its documented
// contract), and an ending reached by a rule closes the half-move ("a half-move
// ends when the turn passes or the game ends", Game.PlayedMoves), as a Paco with a
// promotion still owed does (P4).
func TestGameRuleEndAfterOwedPromotionAtStart(t *testing.T) {
	kings := Setup{EnPassant: NoSquare}
	kings.Board = kings.Board.With(E4, Cell{White: King, Black: King})
	kings.Board = kings.Board.With(H8, Cell{White: Pawn, Black: Rook})
	kings.Board = kings.Board.With(A2, Cell{White: Rook})
	kingsStart, err := kings.Position()
	if err != nil {
		t.Fatal(err)
	}
	fenStart := mustFEN(t, "4k2C/8/8/8/8/8/8/4K3 w 0 - - -") // white pawn + black rook on h8
	cases := []struct {
		name  string
		start Position
		opt   GameOption
		want  string
	}{
		{"AllUnited", withSwitch(fenStart, AllUnitedDraw), WithRepetitionLimit(3), "AllUnitedDraw"},
		{"repetition limit 1", fenStart, WithRepetitionLimit(1), "RepetitionDraw"},
		{"KingsUnited", withSwitch(kingsStart, KingsUnitedDraw), WithRepetitionLimit(3), "KingsUnitedDraw"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := NewGame(c.start, c.opt)
			if g.Position().step != requirePromoteThenLift || g.Outcome().IsOver() {
				t.Fatalf("start: %v, %v", g.Position().step, g.Outcome())
			}
			moves := g.LegalMoves()
			if len(moves) == 0 {
				t.Fatal("no legal moves at the start")
			}
			for _, m := range moves {
				if _, err := g.Play(m); err != nil {
					t.Errorf("Play(%v), a move of LegalMoves() (%d offered): %v", m, len(moves), err)
					break
				}
			}
			h, err := g.Apply(Promote(Knight))
			if err != nil {
				t.Fatalf("Apply(Promote(Knight)): %v", err)
			}
			if h.Outcome().IsOver() && (h.Len() != 1 || len(h.PendingActions()) != 0) {
				t.Errorf("the game ended (%v) in the middle of a half-move: Len %d, Pending %v, Moves %v; "+
					"want the ending to close the half-move (Len 1, no pending actions)", h.Outcome(), h.Len(), h.PendingActions(), h.PlayedMoves())
			}
			if h.Outcome().IsOver() && h.Outcome().VictoryState() != c.want {
				t.Errorf("outcome %v, want %s", h.Outcome(), c.want)
			}
		})
	}
}

func TestGameFischerRandomStart(t *testing.T) {
	// K9 (castling::king_should_not_eat_rook2) from Chess960 position 79.
	p, err := FischerRandomPosition(79)
	if err != nil {
		t.Fatal(err)
	}
	g := gameApply(t, NewGame(p), "Lf2 f4 Lb8 c6 Le1 h4 Lf7 f6 Lg1 b6 Le8 g6 Ld1 f1")
	const want = "n1rk1rbb/ppppp1pp/1Bn2pq1/8/5P1Q/8/PPPPP1PP/NNR2RKB b 7 cf - -"
	if g.Len() != 7 || g.Position().FEN() != want {
		t.Errorf("Len %d, %s; want 7, %s", g.Len(), g.Position().FEN(), want)
	}
	if u, _ := g.UndoTo(0); u.Position().FEN() != "nnrkqrbb/pppppppp/8/8/8/8/PPPPPPPP/NNRKQRBB w 0 CFcf - -" {
		t.Errorf("Undo(0): %s", u.Position().FEN())
	}
}

// ---- concurrency ------------------------------------------------------------------

// TestGameRace plays many games at once from one shared Game (with a short shared
// history), each goroutine checking at every step that the shared game has not
// changed and that its own position survives a FEN round trip. Run it with
// go test -race -run Race.
func TestGameRace(t *testing.T) {
	shared := gamePlay(t, NewGame(StartingPosition()), "Le2 e4", "Ld7 d5")
	want := snapshot(shared)
	wantPos := shared.Position()
	const workers, maxPly = 16, 80
	type result struct {
		plies   int
		outcome Outcome
		moves   []string
		err     error
	}
	results := make([]result, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w)+1, 0x9e3779b97f4a7c15))
			g := shared
			fail := func(format string, args ...any) {
				results[w].err = fmt.Errorf("worker %d, ply %d: %s", w, g.Len(), fmt.Sprintf(format, args...))
			}
			for ply := 0; ply < maxPly && !g.Outcome().IsOver(); ply++ {
				moves := g.LegalMoves()
				if len(moves) == 0 {
					break
				}
				m := moves[rng.IntN(len(moves))]
				next, err := g.Play(m)
				if err != nil {
					fail("Play(%v): %v", m, err)
					return
				}
				if next.Len() != g.Len()+1 || !next.Position().Equal(m.After()) {
					fail("Play(%v) gave Len %d, %s", m, next.Len(), next.Position().FEN())
					return
				}
				g = next
				if got := snapshot(shared); got != want || !shared.Position().Equal(wantPos) {
					fail("the shared game changed: %+v", got)
					return
				}
				fen := g.Position().FEN()
				q, err := ParseFEN(fen)
				if err != nil {
					fail("ParseFEN(%q): %v", fen, err)
					return
				}
				if g.Position().step == requirePromoteThenFinish {
					// A game won by a pawn on its last rank: the FEN cannot say that
					// the promotion is no longer due (catalogue §5, P4).
					if q.Board() != g.Position().Board() || q.Turn() != g.Position().Turn() {
						fail("FEN %q does not read back", fen)
						return
					}
				} else if !q.Equal(g.Position()) || q.FEN() != fen {
					fail("FEN %q does not read back to an equal position", fen)
					return
				}
			}
			// The game's own record is consistent: every earlier position can be
			// reached again, and undoing leads back to the shared game.
			for n := 0; n <= g.Len(); n++ {
				p, err := g.PositionAt(n)
				if err != nil {
					fail("PositionAt(%d): %v", n, err)
					return
				}
				if n > 0 && !p.Equal(g.PlayedMoves()[n-1].After()) {
					fail("PositionAt(%d) differs from the move's result", n)
					return
				}
			}
			u, err := g.UndoTo(shared.Len())
			if err != nil || snapshot(u) != want {
				fail("Undo(%d) does not give back the shared game: %v", shared.Len(), err)
				return
			}
			results[w] = result{plies: g.Len() - shared.Len(), outcome: g.Outcome(), moves: movesText(g)}
		}()
	}
	wg.Wait()
	distinct := map[string]bool{}
	for w, r := range results {
		if r.err != nil {
			t.Error(r.err)
			continue
		}
		if r.plies == 0 {
			t.Errorf("worker %d played nothing", w)
		}
		distinct[strings.Join(r.moves, "|")] = true
		t.Logf("worker %d: %d half-moves, %v", w, r.plies, r.outcome)
	}
	t.Logf("%d distinct games", len(distinct))
	if len(distinct) != workers {
		t.Errorf("only %d distinct games out of %d", len(distinct), workers)
	}
	if got := snapshot(shared); got != want {
		t.Errorf("the shared game changed: %+v", got)
	}
}

// TestGameEndErrors: Resign and Timeout name the invalid colour they were given, and
// the zero Game says it has not started; the game is unchanged.
func TestGameEndErrors(t *testing.T) {
	g := NewGame(StartingPosition())
	for _, end := range []struct {
		name string
		f    func(Color) (Game, error)
	}{{"Resign", g.Resign}, {"Timeout", g.Timeout}} {
		h, err := end.f(Color(7))
		if !errors.Is(err, ErrInvalidColor) || !strings.Contains(err.Error(), "Color(7)") || h.Outcome().IsOver() {
			t.Errorf("%s(Color(7)) = over %v, %v; want ErrInvalidColor naming Color(7)", end.name, h.Outcome().IsOver(), err)
		}
	}
	var zero Game
	if _, err := zero.Resign(White); !errors.Is(err, ErrGameOver) || !strings.Contains(err.Error(), "NewGame") {
		t.Errorf("zero Game Resign error = %v, want ErrGameOver pointing to NewGame", err)
	}
}

// TestGameUndoOne: Undo takes back exactly one completed half-move, with an
// unfinished one after it and a result recorded since, and a winning move too.
func TestGameUndoOne(t *testing.T) {
	g := wonGame(t)
	for n := g.Len(); n > 0; n-- {
		back, err := g.Undo()
		if err != nil {
			t.Fatalf("Undo at %d half-moves: %v", n, err)
		}
		want, _ := g.UndoTo(n - 1)
		if back.Len() != n-1 || back.Position().FEN() != want.Position().FEN() || back.Outcome() != want.Outcome() {
			t.Errorf("Undo at %d: Len %d, %s, %v; want %d, %s, %v", n, back.Len(), back.Position(), back.Outcome(), n-1, want.Position(), want.Outcome())
		}
		if g.Len() != n {
			t.Errorf("Undo changed its receiver: Len %d, want %d", g.Len(), n)
		}
		g = back
	}
	if _, err := g.Undo(); !errors.Is(err, ErrInvalidPly) {
		t.Errorf("Undo at the start: %v, want ErrInvalidPly", err)
	}
	// An unfinished half-move and a resignation go with the half-move before them.
	g = playSAN(t, NewGame(StartingPosition()), "e4")
	g = gameApply(t, g, "Ld7")
	if back, err := g.Undo(); err != nil || back.Len() != 0 || len(back.PendingActions()) != 0 || !back.Position().Equal(StartingPosition()) {
		t.Errorf("Undo with a pending Lift: Len %d, pending %v, %v", back.Len(), back.PendingActions(), err)
	}
	resigned, err := playSAN(t, NewGame(StartingPosition()), "e4", "d5").Resign(Black)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := resigned.Undo(); err != nil || back.Len() != 1 || back.Outcome().IsOver() {
		t.Errorf("Undo after a resignation: Len %d, %v, %v", back.Len(), back.Outcome(), err)
	}
}

// TestGamePlaySAN: PlaySAN plays what ParseSAN reads, leaves the game unchanged on
// any error, and PlayedSAN gives every half-move back as Position.SAN writes it.
func TestGamePlaySAN(t *testing.T) {
	g := NewGame(StartingPosition())
	for _, text := range []string{"e4", "d5", "exd5", "Nf6", "Nc3"} {
		next, err := g.PlaySAN(text)
		if err != nil {
			t.Fatalf("PlaySAN(%q): %v", text, err)
		}
		m, _ := g.Position().ParseSAN(text)
		if !next.Position().Equal(m.After()) || next.Len() != g.Len()+1 {
			t.Fatalf("PlaySAN(%q) reached %s, ParseSAN %s", text, next.Position(), m.After())
		}
		g = next
	}
	if got, want := g.PlayedSAN(), []string{"e4", "d5", "exd5", "Nf6", "Nc3"}; !slices.Equal(got, want) {
		t.Errorf("PlayedSAN = %q, want %q", got, want)
	}
	for _, c := range []struct {
		text string
		want error
	}{{"Qz9", ErrInvalidNotation}, {"Qd1", ErrIllegalMove}, {"Nd2", ErrIllegalMove}} {
		h, err := g.PlaySAN(c.text)
		if !errors.Is(err, c.want) || h.Len() != g.Len() || h.Position().FEN() != g.Position().FEN() {
			t.Errorf("PlaySAN(%q) = %d half-moves, %v; want the game unchanged and %v", c.text, h.Len(), err, c.want)
		}
	}
	// With a piece in the hand, SAN names the rest of the move; PlayedSAN leaves the
	// unfinished half-move out.
	mid := gameApply(t, g, "Lf6")
	if got := mid.PlayedSAN(); len(got) != 5 {
		t.Errorf("PlayedSAN with a pending action = %q", got)
	}
	if done, err := mid.PlaySAN("Ng4"); err != nil || done.Len() != 6 || len(done.PendingActions()) != 0 || done.PlayedMoves()[5].String() != "Lift(f6) Place(g4)" {
		t.Errorf("PlaySAN(\"Ng4\") with the knight in the hand: %v, %v", done.PlayedMoves(), err)
	}
	if _, err := mid.PlaySAN("Ng5"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("PlaySAN(\"Ng5\") with the knight in the hand: %v", err)
	}
	if _, err := wonGame(t).PlaySAN("a6"); !errors.Is(err, ErrGameOver) {
		t.Errorf("PlaySAN after the end: %v, want ErrGameOver", err)
	}
}

// TestPlayedSANHistories: every completed half-move of the reference histories is
// written by PlayedSAN as Position.SAN writes it, and reads back to the same move.
func TestPlayedSANHistories(t *testing.T) {
	n := 0
	for _, r := range localRows(t, "game_histories.tsv") {
		start := StartingPosition()
		if r[1] != "new" {
			start = mustFEN(t, r[1])
		}
		g, err := NewGame(start, WithRepetitionLimit(0)).ApplyAll(mustActions(t, r[2]))
		if err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		sans, moves := g.PlayedSAN(), g.PlayedMoves()
		if len(sans) != len(moves) {
			t.Fatalf("%s: %d SANs for %d half-moves", r[0], len(sans), len(moves))
		}
		p := start
		for i, m := range moves {
			if want, err := p.SAN(m); err != nil || sans[i] != want {
				t.Errorf("%s: half-move %d: PlayedSAN %q, SAN %q, %v", r[0], i+1, sans[i], want, err)
			}
			if back, err := p.ParseSAN(sans[i]); err != nil || !back.After().Equal(m.After()) {
				t.Errorf("%s: half-move %d: %q reads back as %v, %v", r[0], i+1, sans[i], back, err)
			}
			p = m.After()
			n++
		}
	}
	if n < 300 {
		t.Errorf("only %d half-moves checked", n)
	}
}

// TestKingsUnitedDrawSwitch: the rulebook's draw of the two kings in one union is
// a switch of the rules, on in Rulebook, judged at the end of every move.
func TestKingsUnitedDrawSwitch(t *testing.T) {
	if !Rulebook.Has(KingsUnitedDraw) || Pacoplay.Has(KingsUnitedDraw) || Vchess.Has(KingsUnitedDraw) {
		t.Errorf("KingsUnitedDraw: Rulebook %v, Pacoplay %v, Vchess %v", Rulebook.Has(KingsUnitedDraw), Pacoplay.Has(KingsUnitedDraw), Vchess.Has(KingsUnitedDraw))
	}
	r := Pacoplay.With(KingsUnitedDraw, true)
	if s := r.String(); s != "Pacoplay(+KingsUnitedDraw)" {
		t.Errorf("String = %q", s)
	} else if back, err := ParseRules(s); err != nil || back != r {
		t.Errorf("ParseRules(%q) = %v, %v", s, back, err)
	}
	var s Setup
	s.Board = s.Board.With(E4, Cell{White: King, Black: King}).With(A2, Cell{White: Pawn}).With(H7, Cell{Black: Pawn})
	s.EnPassant = NoSquare
	p, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	for _, rules := range []Rules{r, Rulebook} {
		q := p.WithRules(rules)
		for _, m := range q.Moves() {
			if o := m.After().Outcome(); o != (Outcome{Termination: KingsUnited}) {
				t.Errorf("%v: %v leads to %v, want KingsUnitedDraw", rules, m, o)
			}
		}
	}
	for _, m := range p.Moves() {
		if o := m.After().Outcome(); o.IsOver() {
			t.Errorf("Pacoplay: %v ends the game (%v)", m, o)
		}
	}
}

// playSAN plays moves given in chain SAN.
func playSAN(t testing.TB, g Game, moves ...string) Game {
	t.Helper()
	for _, text := range moves {
		next, err := g.PlaySAN(text)
		if err != nil {
			t.Fatalf("PlaySAN(%q) after %d half-moves: %v", text, g.Len(), err)
		}
		g = next
	}
	return g
}
