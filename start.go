package pacosako

import (
	"fmt"

	"github.com/pacosako-go/pacosako/internal/chess960"
)

// FischerRandomPosition returns the start position of Fischer-random Paco Ŝako
// ("Ŝako 960", catalogue §7.5) with number n in the usual Chess960 numbering
// (Scharnagl's, 0..959, internal/chess960; 518 is the standard start position): both sides have the
// same back rank, the king between the rooks, the bishops on squares of opposite
// colours. The castling rights are the rook files, as the engine writes them:
// FischerRandomPosition(0).FEN() is
// "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w 0 FHfh - -". The error wraps
// ErrInvalidSetup when n is outside 0..959.
func FischerRandomPosition(n int) (Position, error) {
	if n < 0 || n > 959 {
		return Position{}, fmt.Errorf(prefix+"%w: Chess960 number %d is outside 0..959", ErrInvalidSetup, n)
	}
	rank, _ := chess960.BackRank(n)
	k, r1, r2 := rank.King, rank.Rooks[0], rank.Rooks[1]

	var s Setup
	for f, l := range rank.Letters {
		r := roleFromLetter(l)
		s.Board = s.Board.With(NewSquare(f, 0), Cell{White: r})
		s.Board = s.Board.With(NewSquare(f, 1), Cell{White: Pawn})
		s.Board = s.Board.With(NewSquare(f, 6), Cell{Black: Pawn})
		s.Board = s.Board.With(NewSquare(f, 7), Cell{Black: r})
	}
	for _, c := range []Color{White, Black} {
		s.Castling = s.Castling.With(c, QueenSide, k, r1).With(c, KingSide, k, r2)
	}
	s.EnPassant = NoSquare
	return s.Position()
}

// StartFEN is the standard start position in the engine's FEN dialect.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -"

var startingPosition = MustParseFEN(StartFEN)

// StartingPosition returns the standard start position (StartFEN).
func StartingPosition() Position { return startingPosition }
