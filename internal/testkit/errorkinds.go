package testkit

import (
	"errors"
	"testing"
)

// The same error kind for the same situation in both games: ErrorKinds names
// every situation the root package and package atomic both meet, and the
// sentinel (by its name, which both packages export) its error must wrap. Each
// package's TestErrorKinds gives its error for every situation to CheckErrorKinds,
// so a situation one package answers with another kind, or leaves out, fails.
var ErrorKinds = []struct{ Situation, Sentinel string }{
	{"a FEN that does not parse", "ErrInvalidFEN"},
	{"a Setup with a field out of range", "ErrInvalidSetup"},
	{"a Chess960 number outside 0..959", "ErrInvalidSetup"},
	{"Validate of a position that cannot arise", "ErrInvalidPosition"},
	{"move text in no notation of the game", "ErrInvalidNotation"},
	{"a SAN move that is not legal", "ErrIllegalMove"},
	{"a SAN move that names several legal moves", "ErrAmbiguousMove"},
	{"Play of a Move of another position", "ErrIllegalMove"},
	{"SAN of a Move of another position", "ErrIllegalMove"},
	{"reading a move in a finished position", "ErrGameOver"},
	{"reading a move in either notation in a finished position", "ErrGameOver"},
	{"playing a Move in a finished position", "ErrGameOver"},
	{"writing a Move's SAN in a finished position", "ErrGameOver"},
	{"Game.Play after the game ended", "ErrGameOver"},
	{"Game.PlaySAN after the game ended", "ErrGameOver"},
	{"Game.PlayMove of text in no notation after the game ended", "ErrGameOver"},
	{"Game.Resign after the game ended", "ErrGameOver"},
	{"Game.AgreeDraw after the game ended", "ErrGameOver"},
	{"Game.Play of the zero Game", "ErrGameOver"},
	{"Game.Resign by a colour that is neither White nor Black", "ErrInvalidColor"},
	{"Game.Undo at the start", "ErrInvalidPly"},
	{"Game.UndoTo past the end", "ErrInvalidPly"},
	{"Game.PositionAt before the start", "ErrInvalidPly"},
	{"PerftContext deeper than MaxPerftDepth", "ErrPerftDepth"},
	{"a record that is not PGN", "ErrInvalidNotation"},
	{"a record with an illegal move", "ErrIllegalMove"},
	{"a record with a move after the end of the game", "ErrGameOver"},
	{"Solve over Limits.MaxStates", "ErrSearchLimit"},
}

// CheckErrorKinds checks a package's errors against ErrorKinds: got has an error
// for every situation (by its name), sentinels the package's sentinel of every
// name ErrorKinds uses.
func CheckErrorKinds(t *testing.T, got map[string]error, sentinels map[string]error) {
	t.Helper()
	known := map[string]bool{}
	for _, k := range ErrorKinds {
		known[k.Situation] = true
		sentinel, ok := sentinels[k.Sentinel]
		if !ok {
			t.Errorf("no sentinel %s given", k.Sentinel)
			continue
		}
		err, ok := got[k.Situation]
		switch {
		case !ok:
			t.Errorf("%s: no error given for the situation", k.Situation)
		case err == nil:
			t.Errorf("%s: no error, want one wrapping %s", k.Situation, k.Sentinel)
		case !errors.Is(err, sentinel):
			t.Errorf("%s: %v does not wrap %s", k.Situation, err, k.Sentinel)
		}
	}
	for s := range got {
		if !known[s] {
			t.Errorf("%q is not a situation of testkit.ErrorKinds", s)
		}
	}
}
