package atomic

import "github.com/pacosako-go/pacosako"

// Perft counts the sequences of exactly depth legal moves from p: Perft(p, 1) is
// the number of legal moves, Perft(p, d) the sum of Perft(child, d-1) over them,
// counting promotions as four moves, as python-chess, lichess and the published
// Atomic perft tables do (perft(start) = 20, 400, 8902, 197326, 4864979,
// 118926425). A finished game (a king exploded) has no moves. Perft(p, 0) is 1, and
// so is any negative depth; a depth over MaxPerftDepth counts nothing (0:
// PerftContext says why). It does not allocate.
//
// PerftContext is the parallel and cancellable form.
func Perft(p Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth > MaxPerftDepth:
		return 0
	}
	return perft(p, depth)
}

// MaxPerftDepth is the deepest count Perft, Divide and PerftContext make, the root
// package's: a count of 64 plies exceeds 64 bits for any position with two moves a
// ply, and every ply takes stack, so a deeper one (a game of bare kings goes on
// for ever) could only exhaust it.
const MaxPerftDepth = pacosako.MaxPerftDepth

// perft counts to depth >= 1 from p, the last ply by the length of the move list.
// (p is a value: the address of a child made in the loop would escape.)
func perft(p Position, depth int) uint64 {
	var buf [maxMoves]Move
	moves := p.appendMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += perft(p.play(m), depth-1)
	}
	return n
}

// DivideEntry is one line of a perft divide: a move and the perft count below it.
type DivideEntry struct {
	Move  Move   // a legal move of the position divided
	Count uint64 // Perft(p.Play(Move), depth-1)
}

// Divide returns, for every legal move of p in the order of Moves, the number of
// depth-1 move sequences that follow it (perft divide). The counts sum to
// Perft(p, depth). depth < 1, or over MaxPerftDepth, gives no entries.
func Divide(p Position, depth int) []DivideEntry {
	var out []DivideEntry
	if depth >= 1 && depth <= MaxPerftDepth {
		for m := range p.AllMoves() {
			out = append(out, DivideEntry{Move: m, Count: Perft(p.play(m), depth-1)})
		}
	}
	return out
}
