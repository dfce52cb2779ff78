package atomic

import (
	"errors"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// playAll plays moves (UCI or SAN) from g, failing the test on the first that
// cannot be played.
func playAll(t *testing.T, g Game, moves string) Game {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		next, err := g.PlayMove(text)
		if err != nil {
			t.Fatalf("after %q: %v", g.PlayedSAN(), err)
		}
		g = next
	}
	return g
}

// TestGameEndings: each ending of ATOMIC.md §1.10 reached by a move, with its
// result, the moves refused after it and the SAN suffix of a win.
func TestGameEndings(t *testing.T) {
	for _, c := range []struct {
		name, fen, moves string
		want             Outcome
		lastSAN          string
	}{
		{"king exploded", StartFEN, "Na3 Nf6 Nh3 Ng4 Rb1 Nxf2", Outcome{KingExploded, pacosako.Black}, "Nxf2#"},
		{"checkmate", StartFEN, "f3 e5 g4 Qh4", Outcome{Checkmate, pacosako.Black}, "Qh4#"},
		{"stalemate", "k7/8/8/1Q6/8/8/8/7K w - - 0 1", "Qb6", Outcome{Termination: Stalemate}, "Qb6"},
		{"insufficient material", "4k3/8/8/3r4/8/3R4/8/4K3 w - - 0 1", "Rxd5", Outcome{Termination: InsufficientMaterial}, "Rxd5"},
		{"no progress", "4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60", "Ra2 Kd8", Outcome{Termination: NoProgress}, "Kd8"},
		{"repetition", StartFEN, strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4), Outcome{Termination: Repetition}, "Ng8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := NewGame(mustFEN(t, c.fen))
			moves := strings.Fields(c.moves)
			g = playAll(t, g, strings.Join(moves[:len(moves)-1], " "))
			if o := g.Outcome(); o.IsOver() {
				t.Fatalf("over before the last move: %v", o)
			}
			g = playAll(t, g, moves[len(moves)-1])
			if o := g.Outcome(); o != c.want {
				t.Errorf("Outcome = %+v (%v), want %+v", o, o, c.want)
			}
			if san := g.PlayedSAN(); san[len(san)-1] != c.lastSAN {
				t.Errorf("last SAN %q, want %q", san[len(san)-1], c.lastSAN)
			}
			if g.LegalMoves() != nil || g.LegalMoveCount() != 0 {
				t.Errorf("legal moves after the end: %v", g.LegalMoves())
			}
			if ms := g.Position().Moves(); len(ms) > 0 {
				if _, err := g.Play(ms[0]); !errors.Is(err, ErrGameOver) || !strings.Contains(err.Error(), g.Outcome().String()) {
					t.Errorf("Play(%v) after the end: %v", ms[0], err)
				}
			}
			if _, err := g.PlaySAN("e4"); !errors.Is(err, ErrGameOver) {
				t.Errorf("PlaySAN after the end: %v", err)
			}
			if _, err := g.Resign(pacosako.White); !errors.Is(err, ErrGameOver) {
				t.Errorf("Resign after the end: %v", err)
			}
			// Undo reopens the game.
			u, err := g.Undo()
			if err != nil || u.Outcome().IsOver() || u.Len() != len(moves)-1 {
				t.Errorf("Undo: %v, %v, %d", u.Outcome(), err, u.Len())
			}
		})
	}
}

// TestGameRepetition: the start counts as the first occurrence (the fifth draws
// by default: TestGameEndings), a limit of 2 draws
// at the second, 0 never; a position with an en passant capture legal differs
// from the same pieces without one, one whose en passant square allows no capture
// does not.
func TestGameRepetition(t *testing.T) {
	knights := "Nf3 Nf6 Ng1 Ng8"
	g := playAll(t, NewGame(StartingPosition()), knights)
	if o, n := g.Outcome(), g.RepetitionCount(); o.IsOver() || n != 2 {
		t.Errorf("after one round: %v, count %d, want running, 2", o, n)
	}
	if n := NewGame(StartingPosition()).RepetitionCount(); n != 1 {
		t.Errorf("RepetitionCount at the start = %d, want 1", n)
	}
	g = playAll(t, g, "Nf3 Nf6 Ng1")
	if o, n := g.Outcome(), g.RepetitionCount(); o.IsOver() || n != 2 {
		t.Errorf("after Ng1: %v, count %d (the position after Ng1 occurred before)", o, n)
	}
	if g := playAll(t, NewGame(StartingPosition(), WithRepetitionLimit(2)), knights); g.Outcome().Termination != Repetition || g.RepetitionLimit() != 2 {
		t.Errorf("limit 2: %v", g.Outcome())
	}
	off := playAll(t, NewGame(StartingPosition(), WithRepetitionLimit(0)), knights+" "+knights+" "+knights)
	if off.Outcome().IsOver() || off.RepetitionCount() != 4 || off.RepetitionLimit() != 0 {
		t.Errorf("limit 0: %v, count %d", off.Outcome(), off.RepetitionCount())
	}
	kings := "Kd8 Kd1 Ke8 Ke1"
	// e2e4 leaves an en passant square the d4 pawn can take on: not the position
	// the kings come back to.
	ep := playAll(t, NewGame(mustFEN(t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")), "e4 "+kings)
	if n := ep.RepetitionCount(); n != 1 {
		t.Errorf("en passant legal: count %d, want 1", n)
	}
	// Without the d4 pawn no capture is legal: the square does not count.
	noEP := playAll(t, NewGame(mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")), "e4 "+kings)
	if n := noEP.RepetitionCount(); n != 2 {
		t.Errorf("en passant not legal: count %d, want 2", n)
	}
	// A capture or pawn move in between: the earlier positions cannot come back.
	if g := playAll(t, NewGame(StartingPosition()), "Nf3 Nf6 e3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1"); g.RepetitionCount() != 2 {
		t.Errorf("after a pawn move: count %d, want 2", g.RepetitionCount())
	}
}

// TestGameNoProgress: 100 half-moves without a capture or pawn move draw
// automatically, as lichess ends every Atomic game (issue 32), counting a FEN's
// clock; a capture resets the count; the limit is configurable, and
// WithNoProgressLimit(150) gives FIDE's and python-chess's rules (the end at
// 150, a claim at 100); a checkmate on the last half-move is a checkmate.
func TestGameNoProgress(t *testing.T) {
	start := mustFEN(t, "4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60")
	if g := playAll(t, NewGame(start), "Ra2"); g.Outcome().IsOver() || g.NoProgressLimit() != 100 || g.CanClaimDraw() {
		t.Errorf("after 99 half-moves: %v, limit %d, claimable %v", g.Outcome(), g.NoProgressLimit(), g.CanClaimDraw())
	}
	g := playAll(t, NewGame(start), "Ra2 Kd8")
	if g.Outcome() != (Outcome{Termination: NoProgress}) || g.LegalMoves() != nil || g.CanClaimDraw() {
		t.Errorf("after 100 half-moves: %v, moves %v, claimable %v", g.Outcome(), g.LegalMoves(), g.CanClaimDraw())
	}
	if _, err := g.PlaySAN("Ra3"); !errors.Is(err, ErrGameOver) || !strings.Contains(err.Error(), "the no-progress rule") {
		t.Errorf("a move after 100 half-moves: %v", err)
	}
	if g := playAll(t, NewGame(start), "e3 Kd8"); g.Outcome().IsOver() || g.Position().HalfMoveClock() != 1 {
		t.Errorf("a pawn move resets: %v, clock %d", g.Outcome(), g.Position().HalfMoveClock())
	}
	if g := playAll(t, NewGame(start, WithNoProgressLimit(0)), "Ra2 Kd8 Ra3 Ke8"); g.Outcome().IsOver() {
		t.Errorf("limit 0: %v", g.Outcome())
	}
	if g := playAll(t, NewGame(start, WithNoProgressLimit(99)), "Ra2"); g.Outcome().Termination != NoProgress {
		t.Errorf("limit 99: %v", g.Outcome())
	}
	if g := NewGame(mustFEN(t, "4k3/8/8/8/8/8/4P3/R3K3 w - - 100 60")); g.Outcome().Termination != NoProgress || g.LegalMoves() != nil {
		t.Errorf("a start at the limit: %v", g.Outcome())
	}
	// FIDE's and python-chess's rules: a claim at 100, the end at 150.
	fide := playAll(t, NewGame(start, WithNoProgressLimit(150)), "Ra2 Kd8")
	if fide.Outcome().IsOver() || !fide.CanClaimDraw() || fide.NoProgressLimit() != 150 {
		t.Errorf("limit 150 at 100 half-moves: %v, claimable %v", fide.Outcome(), fide.CanClaimDraw())
	}
	if g := playAll(t, NewGame(mustFEN(t, "4k3/8/8/8/8/8/4P3/R3K3 w - - 148 60"), WithNoProgressLimit(150)), "Ra2 Kd8"); g.Outcome().Termination != NoProgress {
		t.Errorf("limit 150 at 150 half-moves: %v", g.Outcome())
	}
	// Mate on the 100th half-move: the position's ending first.
	mate := NewGame(mustFEN(t, "8/8/8/3k4/5P2/2q5/K7/8 b - - 99 36"))
	if g := playAll(t, mate, "Qb2"); g.Outcome().Termination != Checkmate {
		t.Errorf("mate on the 100th half-move: %v", g.Outcome())
	}
}

// TestGameDrawClaims: the third occurrence and 100 half-moves without a capture
// or pawn move are draws a player may claim, in the position that reaches the
// count and not before; the game goes on unless one does; the claim limits are
// options (0 = never); a claim where none is open is ErrNoDrawClaim, one after
// the end ErrGameOver; UndoTo(Len()) takes the claim back (issue 25).
func TestGameDrawClaims(t *testing.T) {
	knights := "Nf3 Nf6 Ng1 Ng8 "
	g := playAll(t, NewGame(StartingPosition()), knights+"Nf3 Nf6 Ng1")
	if g.CanClaimDraw() || g.RepetitionClaim() != 3 || g.NoProgressClaim() != 100 || g.RepetitionLimit() != 5 {
		t.Errorf("before the move that reaches the third occurrence: claimable %v, claims %d %d", g.CanClaimDraw(), g.RepetitionClaim(), g.NoProgressClaim())
	}
	if _, err := g.ClaimDraw(); !errors.Is(err, ErrNoDrawClaim) || !strings.Contains(err.Error(), "occurred 2 times (a claim at 3)") {
		t.Errorf("a claim before the count: %v", err)
	}
	g = playAll(t, g, "Ng8")
	if !g.CanClaimDraw() || g.Outcome().IsOver() || g.RepetitionCount() != 3 {
		t.Errorf("at the third occurrence: claimable %v, %v, count %d", g.CanClaimDraw(), g.Outcome(), g.RepetitionCount())
	}
	claimed, err := g.ClaimDraw()
	if err != nil || claimed.Outcome() != (Outcome{Termination: Repetition}) || claimed.Outcome().Result() != "1/2-1/2" {
		t.Errorf("ClaimDraw: %v, %v", claimed.Outcome(), err)
	}
	if _, err := claimed.ClaimDraw(); !errors.Is(err, ErrGameOver) {
		t.Errorf("a claim after the end: %v", err)
	}
	if back, err := claimed.UndoTo(claimed.Len()); err != nil || back.Outcome().IsOver() || !back.CanClaimDraw() {
		t.Errorf("UndoTo(Len()) after the claim: %v, %v", back.Outcome(), err)
	}
	// Unclaimed, the game goes on (python-chess's and lichess's records do) and
	// the claim stays open while the position repeats, until the fifth ends it.
	on := playAll(t, g, "e4")
	if on.CanClaimDraw() || on.Outcome().IsOver() {
		t.Errorf("after a pawn move: claimable %v, %v", on.CanClaimDraw(), on.Outcome())
	}
	if g := playAll(t, NewGame(StartingPosition(), WithRepetitionClaim(0)), knights+knights); g.CanClaimDraw() {
		t.Error("claims off: claimable")
	}
	if g := playAll(t, NewGame(StartingPosition(), WithRepetitionClaim(2)), knights); !g.CanClaimDraw() {
		t.Error("claim at 2: not claimable at the second occurrence")
	}
	// 100 half-moves under a later limit (150, FIDE's and python-chess's):
	// claimable at 100, not at 99; a claim at both counts is a NoProgress draw.
	start := mustFEN(t, "4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60")
	fide := WithNoProgressLimit(150)
	if g := playAll(t, NewGame(start, fide), "Ra2"); g.CanClaimDraw() {
		t.Error("claimable at 99 half-moves")
	}
	g = playAll(t, NewGame(start, fide), "Ra2 Kd8")
	if c, err := g.ClaimDraw(); !g.CanClaimDraw() || err != nil || c.Outcome().Termination != NoProgress {
		t.Errorf("at 100 half-moves: claimable %v, %v, %v", g.CanClaimDraw(), c.Outcome(), err)
	}
	if g := playAll(t, NewGame(start, fide, WithNoProgressClaim(0)), "Ra2 Kd8"); g.CanClaimDraw() {
		t.Error("no-progress claims off: claimable")
	}
	if g := NewGame(mustFEN(t, "4k3/8/8/8/8/8/4P3/R3K3 w - - 120 60"), fide); !g.CanClaimDraw() || g.Outcome().IsOver() {
		t.Errorf("a start past the claim: claimable %v, %v", g.CanClaimDraw(), g.Outcome())
	}
	if (Game{}).CanClaimDraw() {
		t.Error("the zero Game: claimable")
	}
	if _, err := (Game{}).ClaimDraw(); !errors.Is(err, ErrGameOver) {
		t.Errorf("the zero Game's claim: %v", err)
	}
}

// TestGamePlayersEndings: resignation, agreement and timeout, undone by UndoTo.
func TestGamePlayersEndings(t *testing.T) {
	g := playAll(t, NewGame(StartingPosition()), "e4")
	for _, c := range []struct {
		end    func(Game) (Game, error)
		want   Outcome
		result string
		words  string
	}{
		{func(g Game) (Game, error) { return g.Resign(pacosako.Black) }, Outcome{Resignation, pacosako.White}, "1-0", "Black resigned"},
		{func(g Game) (Game, error) { return g.Timeout(pacosako.White) }, Outcome{Timeout, pacosako.Black}, "0-1", "White ran out of time"},
		{Game.AgreeDraw, Outcome{Termination: Agreement}, "1/2-1/2", "drawn by agreement"},
	} {
		h, err := c.end(g)
		if err != nil || h.Outcome() != c.want || h.Outcome().Result() != c.result || h.Outcome().String() != c.words {
			t.Errorf("%v: %+v %q %q, %v", c.want, h.Outcome(), h.Outcome().Result(), h.Outcome().String(), err)
		}
		if _, err := c.end(h); !errors.Is(err, ErrGameOver) {
			t.Errorf("%v twice: %v", c.want, err)
		}
		if u, err := h.UndoTo(h.Len()); err != nil || u.Outcome().IsOver() || u.Len() != 1 {
			t.Errorf("UndoTo(Len) after %v: %v, %v", c.want, u.Outcome(), err)
		}
		if g.Outcome().IsOver() {
			t.Fatal("the receiver changed")
		}
	}
	if _, err := g.Resign(pacosako.Color(7)); !errors.Is(err, ErrInvalidColor) {
		t.Errorf("Resign(7): %v", err)
	}
}

// TestGameHistory: the played moves in every form, positions along the way,
// undo to any half-move, branching from an earlier game, and the errors of the
// zero Game and of half-moves outside the game.
func TestGameHistory(t *testing.T) {
	g := NewGame(StartingPosition())
	g, err := g.PlayUCI("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	if g, err = g.PlaySAN("d5"); err != nil {
		t.Fatal(err)
	}
	m, _ := g.Position().ParseSAN("exd5")
	if g, err = g.Play(m); err != nil {
		t.Fatal(err)
	}
	g = playAll(t, g, "Qd5 Nc3")
	if got := strings.Join(g.PlayedSAN(), " "); got != "e4 d5 exd5 Qd5 Nc3" {
		t.Errorf("PlayedSAN = %q", got)
	}
	if got := strings.Join(g.PlayedUCI(), " "); got != "e2e4 d7d5 e4d5 d8d5 b1c3" {
		t.Errorf("PlayedUCI = %q", got)
	}
	if ms := g.PlayedMoves(); len(ms) != 5 || ms[2] != m || g.Len() != 5 {
		t.Errorf("PlayedMoves = %v", ms)
	}
	want := []string{StartFEN,
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	}
	for n, fen := range want {
		if p, err := g.PositionAt(n); err != nil || p.FEN() != fen {
			t.Errorf("PositionAt(%d) = %v, %v; want %s", n, p, err, fen)
		}
	}
	if p, _ := g.PositionAt(5); p != g.Position() || g.Start() != StartingPosition() {
		t.Errorf("PositionAt(Len) = %v, Position %v", p, g.Position())
	}
	u, err := g.UndoTo(2)
	if err != nil || u.Len() != 2 || u.Position().FEN() != want[2] {
		t.Fatalf("UndoTo(2): %v, %v", u.Position(), err)
	}
	// A branch from the earlier game leaves g as it was.
	b := playAll(t, u, "Nf3")
	if g.Len() != 5 || strings.Join(b.PlayedSAN(), " ") != "e4 d5 Nf3" {
		t.Errorf("branch %q, g %d half-moves", b.PlayedSAN(), g.Len())
	}
	if u, err := b.Undo(); err != nil || u.Len() != 2 {
		t.Errorf("Undo: %d, %v", u.Len(), err)
	}
	for _, n := range []int{-1, 6} {
		if _, err := g.PositionAt(n); !errors.Is(err, ErrInvalidPly) {
			t.Errorf("PositionAt(%d): %v", n, err)
		}
		if _, err := g.UndoTo(n); !errors.Is(err, ErrInvalidPly) {
			t.Errorf("UndoTo(%d): %v", n, err)
		}
	}
	if _, err := NewGame(StartingPosition()).Undo(); !errors.Is(err, ErrInvalidPly) {
		t.Errorf("Undo at the start: %v", err)
	}
	// Illegal moves and text: the game is unchanged, the error says why.
	if _, err := g.PlaySAN("Ke2"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("PlaySAN(Ke2): %v", err)
	}
	if _, err := g.PlayUCI("e1e3"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("PlayUCI(e1e3): %v", err)
	}
	if _, err := g.PlayMove("zz"); !errors.Is(err, ErrInvalidNotation) || !strings.Contains(err.Error(), "neither UCI") {
		t.Errorf("PlayMove(zz): %v", err)
	}
	if _, err := g.Play(m); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("Play of a move of another position: %v", err)
	}
	var zero Game
	if _, err := zero.PlaySAN("e4"); !errors.Is(err, ErrGameOver) || !strings.Contains(err.Error(), "NewGame") {
		t.Errorf("zero Game: %v", err)
	}
	if _, err := zero.AgreeDraw(); !errors.Is(err, ErrGameOver) {
		t.Errorf("zero Game AgreeDraw: %v", err)
	}
	if zero.Len() != 0 || zero.RepetitionCount() != 0 || zero.Outcome().IsOver() || zero.LegalMoves() != nil {
		t.Errorf("zero Game: %d, %d, %v", zero.Len(), zero.RepetitionCount(), zero.Outcome())
	}
}

// TestParseMove: UCI first when it is legal UCI, else SAN; each notation's own
// error for text in its shape.
func TestParseMove(t *testing.T) {
	p := StartingPosition()
	for _, c := range []struct{ text, uci, err string }{
		{"e2e4", "e2e4", ""},
		{"Nf3", "g1f3", ""},
		{"g1f3", "g1f3", ""},
		{"e2e5", "", "atomic: illegal move \"e2e5\""},
		{"Nf4", "", "atomic: illegal move \"Nf4\""},
		{"zz", "", "atomic: invalid move notation \"zz\" at offset 0: neither UCI (at offset 0: want two squares"},
	} {
		m, err := p.ParseMove(c.text)
		switch {
		case c.err == "" && (err != nil || m.UCI() != c.uci):
			t.Errorf("ParseMove(%q) = %v, %v; want %s", c.text, m, err, c.uci)
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("ParseMove(%q): %v; want %s…", c.text, err, c.err)
		}
	}
}
