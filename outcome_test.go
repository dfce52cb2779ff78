package pacosako

import "testing"

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
