package pacosako

import "fmt"

// FischerRandomPosition returns the start position of Fischer-random Paco Ŝako
// ("Ŝako 960", catalogue §7.5) with number n in the usual Chess960 numbering
// (Scharnagl's, 0..959; 518 is the standard start position): both sides have the
// same back rank, the king between the rooks, the bishops on squares of opposite
// colours. The castling rights are the rook files, as the engine writes them:
// FischerRandomPosition(0).FEN() is
// "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w 0 FHfh - -". The error wraps
// ErrInvalidSetup when n is outside 0..959.
func FischerRandomPosition(n int) (Position, error) {
	if n < 0 || n > 959 {
		return Position{}, fmt.Errorf("%w: Chess960 number %d is outside 0..959", ErrInvalidSetup, n)
	}
	var rank [8]Role
	free := func(k int) int { // file of the k-th empty square
		for f := 0; f < 8; f++ {
			if rank[f] == NoRole {
				if k == 0 {
					return f
				}
				k--
			}
		}
		return -1
	}
	rank[2*(n%4)+1] = Bishop // light squares b, d, f, h
	n /= 4
	rank[2*(n%4)] = Bishop // dark squares a, c, e, g
	n /= 4
	rank[free(n%6)] = Queen
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	k1, k2 := free(knights[0]), free(knights[1])
	rank[k1], rank[k2] = Knight, Knight
	r1, k, r2 := free(0), free(1), free(2)
	rank[r1], rank[k], rank[r2] = Rook, King, Rook

	var s Setup
	for f, r := range rank {
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
