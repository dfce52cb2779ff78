package atomic

// Perft counts the sequences of exactly depth legal moves from p: Perft(p, 1) is
// the number of legal moves, Perft(p, d) the sum of Perft(child, d-1) over them,
// counting promotions as four moves, as python-chess, lichess and the published
// Atomic perft tables do (perft(start) = 20, 400, 8902, 197326, 4864979,
// 118926425). A finished game (a king exploded) has no moves. Perft(p, 0) is 1, and
// so is any negative depth. It does not allocate.
//
// PerftContext is the parallel and cancellable form.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p, depth)
}

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
// Perft(p, depth). depth < 1 gives no entries.
func Divide(p Position, depth int) []DivideEntry {
	var out []DivideEntry
	if depth >= 1 {
		for m := range p.AllMoves() {
			out = append(out, DivideEntry{Move: m, Count: Perft(p.play(m), depth-1)})
		}
	}
	return out
}
