package atomic

import (
	"iter"

	"github.com/pacosako-go/pacosako"
)

// maxMoves is the room perft and the readers keep on the stack for one position's
// moves; a position with more (only a constructed one) spills to the heap.
const maxMoves = 256

// Moves returns every legal move of p (docs/atomic-rules.md §1), in a fixed order: knights',
// bishops', rooks', queens', pawns', the king's steps, then castling; within a
// piece kind by square, quiet moves before captures, promotions as queen, rook,
// bishop, knight. A finished game (a king missing) has none.
func (p Position) Moves() []Move { return p.appendMoves(make([]Move, 0, 48)) }

// AppendMoves appends the legal moves of p, in the order of Moves, to dst and
// returns the extended slice. It allocates only when dst has too little room.
func (p Position) AppendMoves(dst []Move) []Move { return p.appendMoves(dst) }

// AppendCaptures appends the legal captures of p (en passant included) to dst
// and returns the extended slice: the moves of Moves that capture, in their
// order, found without generating the others, as a search's quiescence needs
// them. It allocates only when dst has too little room.
func (p Position) AppendCaptures(dst []Move) []Move { return p.appendCaptures(dst) }

// AllMoves yields the legal moves of p in the order of Moves. The moves are found
// when the iteration starts.
func (p Position) AllMoves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [maxMoves]Move
		for _, m := range p.appendMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// MoveCount returns the number of legal moves of p (len(p.Moves()) without
// building the list on the heap).
func (p Position) MoveCount() int {
	var buf [maxMoves]Move
	return len(p.appendMoves(buf[:0]))
}

// IsLegal reports whether m is a legal move of p.
func (p Position) IsLegal(m Move) bool { return p.isLegal(m) }

// isLegal reports whether m is a legal move of p, among the moves of its piece
// to its target.
func (p *Position) isLegal(m Move) bool {
	if m.IsZero() || m.role < pawn+1 || m.role > king+1 {
		return false
	}
	var buf [32]Move
	var moves []Move
	if m.kind == castle {
		moves = p.appendCastlingOf(buf[:0])
	} else {
		moves = p.appendMovesOf(buf[:0], int(m.role)-1, 1<<m.from, 1<<m.to)
	}
	for _, l := range moves {
		if l == m {
			return true
		}
	}
	return false
}

// Play returns the position after m, which must be a legal move of p (from Moves,
// ParseSAN or ParseUCI on p). The error is a *MoveError wrapping ErrGameOver when
// p's game has ended without a move to play (a king exploded, checkmate,
// stalemate), else ErrIllegalMove, saying why m is not legal (as the readers say
// it); p is unchanged either way.
//
// It checks m among the moves of its piece to its target only; PlayUnchecked
// skips even that, for a move known to be legal.
func (p Position) Play(m Move) (Position, error) {
	if p.isLegal(m) {
		return p.play(m), nil
	}
	var buf [maxMoves]Move
	legal := p.appendMoves(buf[:0])
	if err := p.overError(m.UCI(), legal); err != nil {
		return p, err
	}
	return p, &MoveError{Input: m.UCI(), FEN: p.FEN(), Err: ErrIllegalMove, Reason: p.whyNotMove(m, legal)}
}

// Exploded returns the pieces a move removes, each on the square it stood on
// before the move (the capturing piece on its From square), as a Board: empty for
// a move that captures nothing. Its squares are m.Explosion() (for en passant
// the capturing pawn's, the taken pawn's and the non-pawns' around the empty
// target square).
func (p Position) Exploded(m Move) pacosako.Board {
	var b pacosako.Board
	for bb := m.blast & p.occupied(); bb != 0; bb &= bb - 1 {
		s := lsb(bb)
		b = b.With(pacosako.Square(s), cellOf(int(p.colors[1]>>s&1), p.roleAt(s)))
	}
	return b
}
