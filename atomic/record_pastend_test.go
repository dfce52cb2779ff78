package atomic

import (
	"errors"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestRecordPastRuleEnd: records whose moves go on after the game ended by a
// rule lichess applies and python-chess, chessops and engine harnesses play past
// (a dead or closed position, 100 half-moves, the fifth occurrence, a record's
// own later limit) read with every move kept and replayed; EndedByRule says
// after how many half-moves the game had ended and how; the game's outcome is
// its last position's, or the win the record states; written back, the record
// has the same moves and reads back the same (issue 32).
func TestRecordPastRuleEnd(t *testing.T) {
	knights := "Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
	for _, c := range []struct {
		name, text string
		moves      int
		ply        int     // EndedByRule's
		ended      Outcome // and its outcome
		want       Outcome // the game's at the end
	}{
		{"the issue's record: a closed position from the start, pawns blocked by pawns",
			"[FEN \"8/8/6k1/p7/P7/8/2K5/8 w - - 0 57\"]\n\n57. Kd3 Kf6 58. Ke4 Ke6 1/2-1/2",
			4, 0, Outcome{Termination: InsufficientMaterial}, Outcome{Termination: InsufficientMaterial}},
		{"a closed position reached by a pawn move, then more",
			"[FEN \"4k3/8/8/p7/8/P7/2K5/8 w - - 0 40\"]\n\n40. a4 Kd7 41. Kd3 Kc6 42. Kc4 *",
			5, 1, Outcome{Termination: InsufficientMaterial}, Outcome{Termination: InsufficientMaterial}},
		{"a lone rook against a bare king (python-chess agrees, a record may not)",
			"[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Ra7 Kf8 2. Rb7 *",
			3, 0, Outcome{Termination: InsufficientMaterial}, Outcome{Termination: InsufficientMaterial}},
		{"100 half-moves, then a pawn move: the game runs again",
			"[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60\"]\n\n60. Ra2 Kd8 61. Ra3 Ke8 62. e4 Kd8 *",
			6, 2, Outcome{Termination: NoProgress}, Outcome{}},
		{"100 half-moves, then a mate",
			"[FEN \"8/8/8/3k4/5P2/2q5/K7/8 b - - 98 36\"]\n\n36... Kd6 37. Kb1 Kd5 38. Ka2 Qb2# 0-1",
			5, 2, Outcome{Termination: NoProgress}, Outcome{Checkmate, pacosako.Black}},
		{"150 half-moves under the record's own limit (python-chess's, as a tag)",
			"[NoProgress \"150\"]\n[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 148 60\"]\n\n60. Ra2 Kd8 61. Ra3 Ke8 1/2-1/2",
			4, 2, Outcome{Termination: NoProgress}, Outcome{Termination: NoProgress}},
		{"the fifth occurrence, then a pawn move",
			"1. " + knights + "9. e4 *",
			17, 16, Outcome{Termination: Repetition}, Outcome{}},
		{"a win on time the record states at a dead position",
			"[FEN \"8/8/6k1/p7/P7/8/2K5/8 w - - 0 57\"]\n[Termination \"Time forfeit\"]\n\n57. Kd3 1-0",
			1, 0, Outcome{Termination: InsufficientMaterial}, Outcome{Timeout, pacosako.White}},
		{"a resignation the record states where 100 half-moves ended the game",
			"[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60\"]\n\n60. Ra2 Kd8 1-0",
			2, 2, Outcome{Termination: NoProgress}, Outcome{Resignation, pacosako.White}},
		{"a resignation the record states after 100 half-moves",
			"[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60\"]\n\n60. Ra2 Kd8 61. Ra3 0-1",
			3, 2, Outcome{Termination: NoProgress}, Outcome{Resignation, pacosako.Black}},
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
			if at, err := rec.Game.UndoTo(c.ply); err != nil || at.Outcome() != c.ended {
				t.Errorf("the game at half-move %d: %v, %v; want %v", c.ply, at.Outcome(), err, c.ended)
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
			// The record's game refuses a move once its last position is over,
			// as any Game does.
			if g := rec.Game; g.Outcome().IsOver() {
				if ms := g.Position().Moves(); len(ms) > 0 {
					if _, err := g.Play(ms[0]); !errors.Is(err, ErrGameOver) {
						t.Errorf("Play after the end: %v", err)
					}
				}
			}
		})
	}
}

// TestRecordRuleEndKept: what still ends a record: a move after a win or a
// stalemate, an illegal move past a rule's end (at its half-move); a record
// that ends where its game ended has no EndedByRule; and a live Game stays
// over at every such ending.
func TestRecordRuleEndKept(t *testing.T) {
	for _, c := range []struct{ text, err string }{
		{"1. f3 e5 2. g4 Qh4# 3. a3 0-1", "half-move 5 \"a3\""},
		{"1. Na3 Nf6 2. Nh3 Ng4 3. Rb1 Nxf2# 4. a3 0-1", "game over"},
		{"[FEN \"k7/8/8/1Q6/8/8/8/7K w - - 0 1\"]\n\n1. Qb6 Ka8 1/2-1/2", "game over"},
		{"[FEN \"8/8/6k1/p7/P7/8/2K5/8 w - - 0 57\"]\n\n57. Kd3 Kf6 58. Kd7 *", "half-move 3 \"Kd7\""},
	} {
		_, err := ParseRecord(c.text)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %v; want %q", c.text, err, c.err)
		}
	}
	for _, text := range []string{
		"[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60\"]\n\n60. Ra2 Kd8 1/2-1/2",
		"[FEN \"8/8/6k1/p7/P7/8/2K5/8 w - - 0 57\"]\n\n1/2-1/2",
		"[FEN \"8/8/6k1/p7/P7/8/2K5/8 w - - 0 57\"]\n\n*",
		"1. e4 e5 1-0",
	} {
		rec, err := ParseRecord(text)
		if _, o, ok := rec.EndedByRule(); err != nil || ok {
			t.Errorf("%q: ended by rule %v (%v), %v", text, ok, o, err)
		}
	}
	if _, _, ok := (Record{}).EndedByRule(); ok {
		t.Error("the zero Record ended by rule")
	}
	// A live game at the same endings stays over.
	for _, g := range []Game{
		NewGame(MustParseFEN("8/8/6k1/p7/P7/8/2K5/8 w - - 0 57")),
		playAll(t, NewGame(MustParseFEN("4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60")), "Ra2 Kd8"),
		playAll(t, NewGame(StartingPosition()), strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4)),
	} {
		if _, err := g.PlayMove(g.Position().Moves()[0].UCI()); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s: a move after the end: %v", g.Position().FEN(), err)
		}
	}
}

// TestRecordPastRuleEndVariations: a variation from a position past the
// game's end by rule reads, as the main line does.
func TestRecordPastRuleEndVariations(t *testing.T) {
	rec, err := ParseRecord("[FEN \"8/8/6k1/p7/P7/8/2K5/8 w - - 0 57\"]\n\n57. Kd3 (57. Kb3 Kf6) 57... Kf6 (57... Kg5 58. Ke4) 58. Ke4 *")
	if err != nil || len(rec.Notes) != 2 || len(rec.Notes[1].Variations) != 1 || len(rec.Notes[1].Variations[0].Moves) != 2 {
		t.Fatalf("%+v, %v", rec.Notes, err)
	}
	if back, err := ParseRecord(rec.String()); err != nil || back.String() != rec.String() {
		t.Errorf("written\n%s\nreads back as\n%s, %v", rec.String(), back.String(), err)
	}
}
