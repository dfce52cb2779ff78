package atomic

import (
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestRecordDrawClaims: records of lichess and python-chess go on after a third
// occurrence, and a draw result where a draw may be claimed is the claim
// (lichess's games end so at 100 half-moves); elsewhere a draw is an agreement,
// and an explicit Agreement stays one. Each reads back as written (issue 25).
func TestRecordDrawClaims(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       Outcome
		moves      int
	}{
		{"the issue's record: a threefold repetition, then mate",
			"[Event \"t\"]\n[Result \"1-0\"]\n[Variant \"Atomic\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 a6 6. Ng5 a5 7. Nxf7# 1-0\n",
			Outcome{KingExploded, pacosako.White}, 13},
		{"a draw at the third occurrence: claimed",
			"[Variant \"Atomic\"]\n[Termination \"Normal\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n",
			Outcome{Termination: Repetition}, 8},
		{"a draw at 100 half-moves: claimed, as lichess ends such games",
			"[Variant \"Atomic\"]\n[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60\"]\n[Termination \"Normal\"]\n\n60. Ra2 Kd8 1/2-1/2\n",
			Outcome{Termination: NoProgress}, 2},
		{"a draw before the claim: agreed",
			"[Variant \"Atomic\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 1/2-1/2\n", Outcome{Termination: Agreement}, 4},
		{"an agreement where a claim is open stays one",
			"[Variant \"Atomic\"]\n[Termination \"Agreement\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n",
			Outcome{Termination: Agreement}, 8},
		{"the claim limits as tags",
			"[Variant \"Atomic\"]\n[RepetitionClaim \"2\"]\n[NoProgressClaim \"0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 1/2-1/2\n",
			Outcome{Termination: Repetition}, 4},
	} {
		rec, err := ParseRecord(c.text)
		if err != nil || rec.Game.Outcome() != c.want || rec.Game.Len() != c.moves {
			t.Errorf("%s: %v after %d half-moves, %v; want %v after %d", c.name, rec.Game.Outcome(), rec.Game.Len(), err, c.want, c.moves)
			continue
		}
		out := rec.String()
		back, err := ParseRecord(out)
		if err != nil || back.Game.Outcome() != c.want || back.String() != out {
			t.Errorf("%s: written\n%s\nreads back as %v, %v", c.name, out, back.Game.Outcome(), err)
		}
		if strings.Contains(c.text, "Termination \"Normal\"") && !strings.Contains(out, "[Termination \"Normal\"]") {
			t.Errorf("%s: lichess's Termination is not kept:\n%s", c.name, out)
		}
	}
}

// TestRecordLichessTerminations: every Termination value lichess writes, with
// every result it writes it with, reads; a record says what happened, so a draw
// on time with material on the board reads too, and a win on time against a
// bare king is the win the record says (issue 25). Each record is written back
// with its own Termination word and reads back the same.
func TestRecordLichessTerminations(t *testing.T) {
	const queen = "[FEN \"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1\"]\n"
	for _, c := range []struct {
		term, tags, moves, result string
		want                      Outcome
	}{
		{"Time forfeit", queen, "1. Qa7 Kf8", "1/2-1/2", Outcome{Termination: TimeoutDraw}}, // the record
		{"Time forfeit", queen, "1. Qa7 Kf8", "1-0", Outcome{Timeout, pacosako.White}},
		{"Time forfeit", queen, "1. Qa7 Kf8", "0-1", Outcome{Timeout, pacosako.Black}},
		{"Time forfeit", "", "1. e4 e5", "1/2-1/2", Outcome{Termination: TimeoutDraw}},
		{"Normal", "", "1. e4 e5", "1-0", Outcome{Resignation, pacosako.White}},
		{"Normal", "", "1. e4 e5", "1/2-1/2", Outcome{Termination: Agreement}},
		{"Normal", "", "1. Na3 Nf6 2. Nh3 Ng4 3. Rb1 Nxf2#", "0-1", Outcome{KingExploded, pacosako.Black}},
		{"Abandoned", "", "1. e4", "0-1", Outcome{Resignation, pacosako.Black}},
		{"Abandoned", "", "1. e4", "1/2-1/2", Outcome{Termination: Agreement}},
		{"Abandoned", "", "", "*", Outcome{}},
		{"Rules infraction", "", "1. e4 e5", "1-0", Outcome{Resignation, pacosako.White}},
		{"Unterminated", "", "1. e4", "*", Outcome{}},
	} {
		text := "[Event \"t\"]\n[Variant \"Atomic\"]\n" + c.tags + "[Result \"" + c.result + "\"]\n[Termination \"" + c.term + "\"]\n\n" + c.moves + " " + c.result + "\n"
		rec, err := ParseRecord(text)
		if err != nil || rec.Game.Outcome() != c.want || rec.Game.Outcome().Result() != c.result {
			t.Errorf("%s %s: %v (%s), %v; want %v", c.term, c.result, rec.Game.Outcome(), rec.Game.Outcome().Result(), err, c.want)
			continue
		}
		out := rec.String()
		back, err := ParseRecord(out)
		if err != nil || back.Game.Outcome() != c.want || !strings.Contains(out, "[Termination \""+c.term+"\"]") {
			t.Errorf("%s %s: written\n%s\nreads back as %v, %v", c.term, c.result, out, back.Game.Outcome(), err)
		}
	}
	// A game's own draw on time is written with the library's word.
	g, err := NewGame(MustParseFEN("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1")).Timeout(pacosako.White)
	if err != nil {
		t.Fatal(err)
	}
	out := Record{Game: g}.String()
	if back, err := ParseRecord(out); err != nil || back.Game.Outcome() != g.Outcome() || !strings.Contains(out, "[Termination \"Timeout\"]") || !strings.Contains(out, "1/2-1/2") {
		t.Errorf("a Game's draw on time written\n%s\nreads back as %v, %v", out, back.Game.Outcome(), err)
	}
}

// TestTimeoutWordsTrueToPosition: the words of an ending on time say what the
// record or the game established, in any position: a record's "Time forfeit"
// draw with material on both sides does not read as "timeout against a bare
// king" (issue 32); a win on time names who ran out of time, whatever the
// winner has left.
func TestTimeoutWordsTrueToPosition(t *testing.T) {
	const queen = "[FEN \"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1\"]\n"
	for _, c := range []struct{ tags, moves, result, want string }{
		{"", "1. e4 e5", "1/2-1/2", "drawn on time"},
		{queen, "1. Qa7 Kf8", "1/2-1/2", "drawn on time"},
		{queen, "1. Qa7 Kf8", "0-1", "White ran out of time"},
		{"", "1. e4 e5", "1-0", "Black ran out of time"},
	} {
		text := "[Variant \"Atomic\"]\n" + c.tags + "[Termination \"Time forfeit\"]\n\n" + c.moves + " " + c.result + "\n"
		rec, err := ParseRecord(text)
		if err != nil || rec.Game.Outcome().String() != c.want {
			t.Errorf("%s %s: %q, %v; want %q", c.moves, c.result, rec.Game.Outcome(), err, c.want)
		}
	}
	g, err := NewGame(MustParseFEN("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1")).Timeout(pacosako.White)
	if err != nil || g.Outcome().String() != "drawn on time" {
		t.Errorf("a Game's draw on time against a bare king: %q, %v", g.Outcome(), err)
	}
}
