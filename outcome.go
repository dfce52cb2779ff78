package pacosako

import (
	"fmt"

	"github.com/pacosako-go/pacosako/internal/outcome"
)

// Termination says how a game ended, or Running.
type Termination uint8

// Terminations. Paco and NoProgress are reached by play (the position knows them);
// the others belong to a game record.
const (
	Running     Termination = iota // the game is running
	Paco                           // a piece united with the enemy king: its owner wins (catalogue §5)
	NoProgress                     // draw: too many half-moves without a new union or promotion (catalogue §10.1)
	Repetition                     // draw: the same settled position occurred too often (catalogue §10.2)
	Resignation                    // the loser resigned
	Agreement                      // draw by agreement
	Timeout                        // the loser ran out of time
	AllUnited                      // draw: every piece but the kings stands in a union (rulebook option)
	KingsUnited                    // draw: the two kings stand in one union (rulebook option)
)

var terminationNames = [...]string{"Running", "Paco", "NoProgress", "Repetition", "Resignation", "Agreement", "Timeout", "AllUnited", "KingsUnited"}

// String returns the constant's name ("Paco", "NoProgress", …).
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return fmt.Sprintf("Termination(%d)", uint8(t))
}

// IsDraw reports whether the termination ends the game without a winner.
func (t Termination) IsDraw() bool {
	return t == NoProgress || t == Repetition || t == Agreement || t == AllUnited || t == KingsUnited
}

// Outcome is the state of a game: running, won (Winner says by whom) or drawn.
type Outcome struct {
	Termination Termination
	Winner      Color // meaningful only when the termination has a winner
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Termination != Running }

// Won reports whether the game ended with a winner, and which.
func (o Outcome) Won() (Color, bool) {
	if o.Termination == Running || o.Termination.IsDraw() {
		return White, false
	}
	return o.Winner, true
}

// Result returns the outcome as a PGN result token: "1-0" (White won), "0-1"
// (Black won), "1/2-1/2" (a draw) or "*" (running).
func (o Outcome) Result() string {
	if w, won := o.Won(); won {
		if w == White {
			return "1-0"
		}
		return "0-1"
	}
	if o.Termination.IsDraw() {
		return "1/2-1/2"
	}
	return "*"
}

// kinds maps the terminations to the ending words both games share.
var kinds = [...]outcome.Kind{
	Running: outcome.Running, Paco: outcome.Paco, NoProgress: outcome.NoProgress, Repetition: outcome.Repetition,
	Resignation: outcome.Resignation, Agreement: outcome.Agreement, Timeout: outcome.Timeout,
	AllUnited: outcome.AllUnited, KingsUnited: outcome.KingsUnited,
}

// String says how the game stands, in the words players read, the same words
// package atomic uses for the same ending: "running", "White wins by Paco",
// "drawn by the no-progress rule", "drawn by repetition", "White resigned",
// "drawn by agreement", "Black ran out of time", "drawn: every piece but the
// kings united", "drawn: the kings united". VictoryState spells it as the official
// engine does.
func (o Outcome) String() string {
	if int(o.Termination) < len(kinds) {
		return outcome.Words(kinds[o.Termination], o.Winner.String(), o.Winner.Other().String())
	}
	return o.Termination.String()
}

// VictoryState spells the outcome as the official engine's reference data spell
// its VictoryState (the victory column of games.tsv and moves.tsv): "Running",
// "PacoVictory(White)", "NoProgressDraw", "RepetitionDraw",
// "TimeoutVictory(Black)", and in the same style "ResignationVictory(White)",
// "AgreementDraw", "AllUnitedDraw" and "KingsUnitedDraw". It is for data compared
// with the engine's; players read String.
func (o Outcome) VictoryState() string {
	switch o.Termination {
	case Running:
		return "Running"
	case Paco:
		return "PacoVictory(" + o.Winner.String() + ")"
	case NoProgress:
		return "NoProgressDraw"
	case Repetition:
		return "RepetitionDraw"
	case Resignation:
		return "ResignationVictory(" + o.Winner.String() + ")"
	case Agreement:
		return "AgreementDraw"
	case Timeout:
		return "TimeoutVictory(" + o.Winner.String() + ")"
	case AllUnited:
		return "AllUnitedDraw"
	case KingsUnited:
		return "KingsUnitedDraw"
	}
	return o.Termination.String()
}
