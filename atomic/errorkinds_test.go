package atomic

import (
	"context"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// TestErrorKinds: the same situation gives the same kind of error in both games
// (internal/testkit.ErrorKinds; the root package's TestErrorKinds gives its
// errors for the same situations).
func TestErrorKinds(t *testing.T) {
	start := StartingPosition()
	knights := MustParseFEN("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	over := MustParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3") // mated
	e4, _ := start.ParseSAN("e4")
	g := NewGame(over)
	testkit.CheckErrorKinds(t, map[string]error{
		"a FEN that does not parse":                                 second(ParseFEN("rnbqkbnr/pppppppp w")),
		"a Setup with a field out of range":                         second(Setup{Turn: pacosako.Color(5)}.Position()),
		"a Chess960 number outside 0..959":                          second(FischerRandomPosition(960)),
		"Validate of a position that cannot arise":                  MustParseFEN("4k3/8/8/8/8/8/8/3KK3 w - - 0 1").Validate(),
		"move text in no notation of the game":                      second(start.ParseSAN("Nf")),
		"a SAN move that is not legal":                              second(start.ParseSAN("Nf4")),
		"a SAN move that names several legal moves":                 second(knights.ParseSAN("Nd2")),
		"Play of a Move of another position":                        second(knights.Play(e4)),
		"SAN of a Move of another position":                         second(knights.SAN(e4)),
		"reading a move in a finished position":                     second(over.ParseSAN("Ke2")),
		"reading a move in either notation in a finished position":  second(over.ParseMove("e1f2")),
		"playing a Move in a finished position":                     second(over.Play(e4)),
		"writing a Move's SAN in a finished position":               second(over.SAN(e4)),
		"Game.Play after the game ended":                            second(g.Play(e4)),
		"Game.PlaySAN after the game ended":                         second(g.PlaySAN("Ke2")),
		"Game.PlayMove of text in no notation after the game ended": second(g.PlayMove("zz")),
		"Game.Resign after the game ended":                          second(g.Resign(pacosako.Black)),
		"Game.AgreeDraw after the game ended":                       second(g.AgreeDraw()),
		"Game.Play of the zero Game":                                second(Game{}.Play(e4)),
		"Game.Resign by a colour that is neither White nor Black":   second(NewGame(start).Resign(pacosako.Color(7))),
		"Game.Undo at the start":                                    second(NewGame(start).Undo()),
		"Game.UndoTo past the end":                                  second(g.UndoTo(2)),
		"Game.PositionAt before the start":                          second(g.PositionAt(-1)),
		"PerftContext deeper than MaxPerftDepth":                    second(PerftContext(context.Background(), start, MaxPerftDepth+1, PerftOptions{})),
		"a record that is not PGN":                                  second(ParseRecord("[Variant \"Atomic\"]\n\n1. e4 {unterminated")),
		"a record with an illegal move":                             second(ParseRecord("[Variant \"Atomic\"]\n\n1. e4 e5 2. Ke3 *")),
		"a record with a move after the end of the game":            second(ParseRecord("[Variant \"Atomic\"]\n[FEN \"rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1\"]\n\n1. Nxf7# e5 *")),
		"Solve over Limits.MaxStates":                               second(Solve(context.Background(), start, SolveOptions{MaxN: 2, Limits: pacosako.Limits{MaxStates: 1}})),
	}, map[string]error{
		"ErrInvalidFEN": ErrInvalidFEN, "ErrInvalidSetup": ErrInvalidSetup, "ErrInvalidPosition": ErrInvalidPosition,
		"ErrInvalidNotation": ErrInvalidNotation, "ErrIllegalMove": ErrIllegalMove, "ErrAmbiguousMove": ErrAmbiguousMove,
		"ErrGameOver": ErrGameOver, "ErrInvalidColor": ErrInvalidColor, "ErrInvalidPly": ErrInvalidPly,
		"ErrPerftDepth": ErrPerftDepth, "ErrSearchLimit": ErrSearchLimit,
	})
}
