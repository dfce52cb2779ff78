package pacosako

import (
	"errors"
	"strings"
	"testing"
)

// TestOutcomeWords: an outcome prints in the words players read, the same words
// package atomic prints for the same ending; VictoryState keeps the official
// engine's identifiers, which its reference vectors hold.
func TestOutcomeWords(t *testing.T) {
	for _, tc := range []struct {
		o            Outcome
		words, state string
	}{
		{Outcome{}, "running", "Running"},
		{Outcome{Termination: Paco, Winner: White}, "White wins by Paco", "PacoVictory(White)"},
		{Outcome{Termination: Paco, Winner: Black}, "Black wins by Paco", "PacoVictory(Black)"},
		{Outcome{Termination: NoProgress}, "drawn by the no-progress rule", "NoProgressDraw"},
		{Outcome{Termination: Repetition}, "drawn by repetition", "RepetitionDraw"},
		{Outcome{Termination: Resignation, Winner: Black}, "White resigned", "ResignationVictory(Black)"},
		{Outcome{Termination: Agreement}, "drawn by agreement", "AgreementDraw"},
		{Outcome{Termination: Timeout, Winner: White}, "Black ran out of time", "TimeoutVictory(White)"},
		{Outcome{Termination: AllUnited}, "drawn: every piece but the kings united", "AllUnitedDraw"},
		{Outcome{Termination: KingsUnited}, "drawn: the kings united", "KingsUnitedDraw"},
		{Outcome{Termination: 42}, "Termination(42)", "Termination(42)"},
	} {
		if got := tc.o.String(); got != tc.words {
			t.Errorf("%#v.String() = %q, want %q", tc.o, got, tc.words)
		}
		if got := tc.o.VictoryState(); got != tc.state {
			t.Errorf("%#v.VictoryState() = %q, want %q", tc.o, got, tc.state)
		}
	}
}

// TestGameOverMessageWords: a move after the end tells the player how the game
// ended in words, by every path a move is read or played.
func TestGameOverMessageWords(t *testing.T) {
	g := NewGame(StartingPosition())
	for _, text := range []string{"e4", "d5", "Bb5", "dxe4", "Bxe8#"} {
		var err error
		if g, err = g.PlayMove(text); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Position()
	_, errSAN := p.ParseSAN("Nf6")
	_, errMove := p.ParseMove("g8f6")
	_, errPlay := g.PlayMove("Nf6")
	_, errApply := g.Apply(Lift(G8))
	for _, err := range []error{errSAN, errMove, errPlay, errApply} {
		var msg interface{ Message() string }
		if !errors.Is(err, ErrGameOver) || !errors.As(err, &msg) {
			t.Errorf("%v: want ErrGameOver with a Message", err)
			continue
		}
		if m := msg.Message(); !strings.Contains(m, "White wins by Paco") || strings.Contains(m, "Victory") || strings.Contains(m, "pacosako:") {
			t.Errorf("Message() = %q: want the ending in words, no identifier or prefix", m)
		}
	}
}
