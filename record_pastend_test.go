package pacosako

import (
	"errors"
	"strings"
	"testing"
)

// TestRecordPastRuleEnd: Paco Ŝako records whose moves go on after a draw by
// rule (no progress, repetition, the rulebook's all-united draw) read whole, as
// Atomic chess's do: EndedByRule says where the game had ended; the game's
// outcome is its last position's, or the win the record states; written back,
// the record has the same moves and reads back the same (issue 32).
func TestRecordPastRuleEnd(t *testing.T) {
	knights := "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
	for _, c := range []struct {
		name, text string
		moves      int
		ply        int     // EndedByRule's
		ended      Outcome // and its outcome
		want       Outcome // the game's at the end
	}{
		{"no progress, then more",
			"[FEN \"4k3/8/8/8/8/8/8/R3K3 w 99 - - -\"]\n\n1. Ra2 Kd8 2. Ra3 Ke8 1/2-1/2",
			4, 1, Outcome{Termination: NoProgress}, Outcome{Termination: NoProgress}},
		{"no progress, then a union: the game runs again",
			"[FEN \"4k3/8/8/8/8/8/p7/R3K3 w 99 - - -\"]\n\n1. Rb1 Kd8 2. Rb2 Ke8 3. Rxa2 *",
			5, 1, Outcome{Termination: NoProgress}, Outcome{}},
		{"the third occurrence (of the position after 1. Nf3: the start is not counted), then a pawn move",
			knights + "7. e4 *",
			13, 9, Outcome{Termination: Repetition}, Outcome{}},
		{"the rulebook's all-united draw, then more",
			"[Rules \"Rulebook\"]\n[FEN \"4k3/8/8/8/8/8/r7/R3K3 w 0 - - -\"]\n\n1. Rxa2 Kd8 2. Kd1 *",
			3, 1, Outcome{Termination: AllUnited}, Outcome{Termination: AllUnited}},
		{"a win the record states where no progress drew the game",
			"[FEN \"4k3/8/8/8/8/8/8/R3K3 w 99 - - -\"]\n[Termination \"Time forfeit\"]\n\n1. Ra2 1-0",
			1, 1, Outcome{Termination: NoProgress}, Outcome{Timeout, White}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec, err := ParseRecord(c.text)
			if err != nil {
				t.Fatal(err)
			}
			ply, ended, ok := rec.EndedByRule()
			if g := rec.Game; g.Len() != c.moves || !ok || ply != c.ply || ended != c.ended || g.Outcome() != c.want {
				t.Errorf("%d half-moves, ended by rule %v after %d (%v), outcome %v; want %d, after %d (%v), %v",
					g.Len(), ok, ply, ended, g.Outcome(), c.moves, c.ply, c.ended, c.want)
			}
			if at, err := rec.Game.UndoTo(c.ply); err != nil || at.Outcome() != c.ended || at.Position().Outcome() != at.Outcome() && c.ended.Termination != Repetition {
				t.Errorf("the game at half-move %d: %v (its position %v), %v; want %v", c.ply, at.Outcome(), at.Position().Outcome(), err, c.ended)
			}
			if got := rec.Game.Position().Outcome(); c.want.Termination != Timeout && got != c.want && c.ended.Termination != Repetition {
				t.Errorf("the last position's outcome %v, want %v", got, c.want)
			}
			out := rec.String()
			back, err := ParseRecord(out)
			if err != nil {
				t.Fatalf("written\n%s\ndoes not read back: %v", out, err)
			}
			bply, bended, bok := back.EndedByRule()
			if strings.Join(back.Game.PlayedSAN(), " ") != strings.Join(rec.Game.PlayedSAN(), " ") || back.Game.Outcome() != c.want ||
				bply != ply || bended != ended || !bok || back.String() != out {
				t.Errorf("written\n%s\nreads back as %q, %v, ended %v after %d", out, back.Game.PlayedSAN(), back.Game.Outcome(), bended, bply)
			}
			if g := rec.Game; g.Outcome().IsOver() {
				if _, err := g.PlaySAN("Kd8"); !errors.Is(err, ErrGameOver) {
					t.Errorf("a move after the end: %v", err)
				}
			}
		})
	}
	// A live game stays over at the same endings, and a record that ends
	// where its game ended has no EndedByRule.
	g, err := NewGame(MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w 99 - - -")).PlaySAN("Ra2")
	if err != nil || g.Outcome().Termination != NoProgress {
		t.Fatalf("%v, %v", g.Outcome(), err)
	}
	if _, err := g.PlaySAN("Kd8"); !errors.Is(err, ErrGameOver) {
		t.Errorf("a move after no progress: %v", err)
	}
	if rec, err := ParseRecord("[FEN \"4k3/8/8/8/8/8/8/R3K3 w 99 - - -\"]\n\n1. Ra2 1/2-1/2"); err != nil || func() bool { _, _, ok := rec.EndedByRule(); return ok }() {
		t.Errorf("a record that ends at its end: %v", err)
	}
	if _, err := ParseRecord("[FEN \"4k3/8/8/8/8/8/8/R3K3 w 99 - - -\"]\n\n1. Ra2 Kd8 2. Rxe8 *"); err == nil || !strings.Contains(err.Error(), "half-move 3") {
		t.Errorf("an illegal move past the end: %v", err)
	}
}

// TestRecordPastRuleEndVariations: a variation from a position past the
// game's end by rule reads and is written back, as the main line is (the
// fuzzer's find).
func TestRecordPastRuleEndVariations(t *testing.T) {
	rec, err := ParseRecord("[FEN \"4k3/8/8/8/8/8/8/R3K3 w 99 - - -\"]\n\n1. Ra2 Kd8 (1... Kf8 2. Rb2) 2. Ra3 0-1")
	if err != nil || len(rec.Notes) != 2 || len(rec.Notes[1].Variations) != 1 || len(rec.Notes[1].Variations[0].Moves) != 2 {
		t.Fatalf("%+v, %v", rec.Notes, err)
	}
	var b strings.Builder
	if err := WriteRecord(&b, rec); err != nil || !strings.Contains(b.String(), "1. Ra2 Kd8 (1... Kf8 2. Rb2) 2. Ra3 0-1") {
		t.Fatalf("written\n%s%v", b.String(), err)
	}
	if back, err := ParseRecord(b.String()); err != nil || back.String() != rec.String() {
		t.Errorf("written\n%s\nreads back as\n%s, %v", rec.String(), back.String(), err)
	}
}
