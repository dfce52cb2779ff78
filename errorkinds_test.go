package pacosako

import (
	"context"
	"testing"

	"github.com/pacosako-go/pacosako/internal/testkit"
)

// TestErrorKinds: the same situation gives the same kind of error in both games
// (internal/testkit.ErrorKinds; package atomic's TestErrorKinds gives its
// errors for the same situations).
func TestErrorKinds(t *testing.T) {
	start := StartingPosition()
	knights := MustParseFEN("4k3/8/8/8/8/8/8/1N2KN2 w 0 - - -")
	win := MustParseFEN("k7/8/8/8/8/8/8/R3K3 w 0 - - -")
	paco, err := win.ParseSAN("Rxa8")
	if err != nil {
		t.Fatal(err)
	}
	over := paco.After() // White united with the black king
	e4, _ := start.ParseSAN("e4")
	g := NewGame(win)
	if g, err = g.Play(paco); err != nil || !g.Outcome().IsOver() {
		t.Fatalf("the Paco: %v, %v", err, g.Outcome())
	}
	twoKings := MustParseFEN("4k3/8/8/8/8/8/8/3KK3 w 0 - - -")
	testkit.CheckErrorKinds(t, map[string]error{
		"a FEN that does not parse":                                 second(ParseFEN("rnbqkbnr/pppppppp w")),
		"a Setup with a field out of range":                         second(Setup{Turn: Color(5)}.Position()),
		"a Chess960 number outside 0..959":                          second(FischerRandomPosition(960)),
		"Validate of a position that cannot arise":                  twoKings.Validate(),
		"move text in no notation of the game":                      second(start.ParseSAN("Nf")),
		"a SAN move that is not legal":                              second(start.ParseSAN("Nf4")),
		"a SAN move that names several legal moves":                 second(knights.ParseSAN("Nd2")),
		"Play of a Move of another position":                        second(knights.Play(e4)),
		"SAN of a Move of another position":                         second(knights.SAN(e4)),
		"reading a move in a finished position":                     second(over.ParseSAN("Ke2")),
		"reading a move in either notation in a finished position":  second(over.ParseMove("e1e2")),
		"playing a Move in a finished position":                     second(over.Play(e4)),
		"writing a Move's SAN in a finished position":               second(over.SAN(e4)),
		"Game.Play after the game ended":                            second(g.Play(e4)),
		"Game.PlaySAN after the game ended":                         second(g.PlaySAN("Ke2")),
		"Game.PlayMove of text in no notation after the game ended": second(g.PlayMove("zz")),
		"Game.Resign after the game ended":                          second(g.Resign(Black)),
		"Game.AgreeDraw after the game ended":                       second(g.AgreeDraw()),
		"Game.Play of the zero Game":                                second(Game{}.Play(e4)),
		"Game.Resign by a colour that is neither White nor Black":   second(NewGame(start).Resign(Color(7))),
		"Game.Undo at the start":                                    second(NewGame(start).Undo()),
		"Game.UndoTo past the end":                                  second(g.UndoTo(2)),
		"Game.PositionAt before the start":                          second(g.PositionAt(-1)),
		"PerftContext deeper than MaxPerftDepth":                    second(PerftContext(context.Background(), start, MaxPerftDepth+1, PerftOptions{})),
		"a record that is not PGN":                                  second(ParseRecord("1. e4 {unterminated")),
		"a record with an illegal move":                             second(ParseRecord("1. e4 e5 2. Ke3 *")),
		"a record with a move after the end of the game":            second(ParseRecord("[FEN \"k7/8/8/8/8/8/8/R3K3 w 0 - - -\"]\n\n1. Rxa8# Kb7 *")),
		"Solve over Limits.MaxStates":                               second(Solve(context.Background(), start, SolveOptions{MaxN: 2, Limits: Limits{MaxStates: 1}})),
	}, map[string]error{
		"ErrInvalidFEN": ErrInvalidFEN, "ErrInvalidSetup": ErrInvalidSetup, "ErrInvalidPosition": ErrInvalidPosition,
		"ErrInvalidNotation": ErrInvalidNotation, "ErrIllegalMove": ErrIllegalMove, "ErrAmbiguousMove": ErrAmbiguousMove,
		"ErrGameOver": ErrGameOver, "ErrInvalidColor": ErrInvalidColor, "ErrInvalidPly": ErrInvalidPly,
		"ErrPerftDepth": ErrPerftDepth, "ErrSearchLimit": ErrSearchLimit,
	})
}
