package atomic

import (
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestOutcomeWords: an Atomic outcome prints in the words players read, and an
// ending both games have reads the same in both.
func TestOutcomeWords(t *testing.T) {
	w, b := pacosako.White, pacosako.Black
	for _, tc := range []struct {
		o    Outcome
		want string
	}{
		{Outcome{}, "running"},
		{Outcome{Termination: KingExploded, Winner: w}, "Black's king exploded"},
		{Outcome{Termination: KingExploded, Winner: b}, "White's king exploded"},
		{Outcome{Termination: Checkmate, Winner: w}, "White wins by checkmate"},
		{Outcome{Termination: Stalemate}, "drawn by stalemate"},
		{Outcome{Termination: InsufficientMaterial}, "drawn by insufficient material"},
		{Outcome{Termination: NoProgress}, "drawn by the no-progress rule"},
		{Outcome{Termination: Repetition}, "drawn by repetition"},
		{Outcome{Termination: Resignation, Winner: b}, "White resigned"},
		{Outcome{Termination: Agreement}, "drawn by agreement"},
		{Outcome{Termination: Timeout, Winner: w}, "Black ran out of time"},
		{Outcome{Termination: TimeoutDraw}, "drawn on time"},
		{Outcome{Termination: 42}, "Termination(42)"},
	} {
		if got := tc.o.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.o, got, tc.want)
		}
	}
	for _, tc := range []struct {
		atomic Outcome
		paco   pacosako.Outcome
	}{
		{Outcome{}, pacosako.Outcome{}},
		{Outcome{Termination: NoProgress}, pacosako.Outcome{Termination: pacosako.NoProgress}},
		{Outcome{Termination: Repetition}, pacosako.Outcome{Termination: pacosako.Repetition}},
		{Outcome{Termination: Agreement}, pacosako.Outcome{Termination: pacosako.Agreement}},
		{Outcome{Termination: Resignation, Winner: w}, pacosako.Outcome{Termination: pacosako.Resignation, Winner: w}},
		{Outcome{Termination: Resignation, Winner: b}, pacosako.Outcome{Termination: pacosako.Resignation, Winner: b}},
		{Outcome{Termination: Timeout, Winner: w}, pacosako.Outcome{Termination: pacosako.Timeout, Winner: w}},
		{Outcome{Termination: Timeout, Winner: b}, pacosako.Outcome{Termination: pacosako.Timeout, Winner: b}},
	} {
		if a, p := tc.atomic.String(), tc.paco.String(); a != p {
			t.Errorf("the same ending reads %q in Atomic chess and %q in Paco Ŝako", a, p)
		}
	}
}
