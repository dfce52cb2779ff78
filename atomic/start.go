package atomic

import (
	"fmt"

	"github.com/pacosako-go/pacosako/internal/chess960"
)

// StartFEN is the standard start position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

var startingPosition, _ = FischerRandomPosition(chess960.Standard)

// StartingPosition returns the standard start position (StartFEN).
func StartingPosition() Position { return startingPosition }

// FischerRandomPosition returns the Chess960 start position with number n in
// Scharnagl's numbering (0..959; 518 is the standard start position), numbered as
// the root package's FischerRandomPosition numbers Paco Ŝako's: both sides have
// the same back rank, the king between the rooks, the bishops on squares of
// opposite colours, castling rights with both rooks. FischerRandomPosition(0).FEN()
// is "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1". The error wraps
// ErrInvalidSetup when n is outside 0..959.
func FischerRandomPosition(n int) (Position, error) {
	rank, ok := chess960.BackRank(n)
	if !ok {
		return Position{}, fmt.Errorf(prefix+"%w: Chess960 number %d is outside 0..959", ErrInvalidSetup, n)
	}
	p := Position{ep: noSquare, fullMove: 1}
	for f, l := range rank.Letters {
		r := int(pieceCodes[l]) - 1
		p.pieces[r] |= 1<<f | 1<<(56+f)
		p.pieces[pawn] |= 1<<(8+f) | 1<<(48+f)
	}
	p.colors[0], p.colors[1] = 0xFFFF, 0xFFFF<<48
	p.zob = p.pieceKeys()
	for _, rf := range rank.Rooks {
		p.castling |= 1<<rf | 1<<(8+rf)
	}
	return p, nil
}
