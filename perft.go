package pacosako

// Perft counts the sequences of exactly depth complete moves from p, where moves are
// distinct resulting positions (RULES.md §2): Perft(p, 1) is the number of legal
// moves, Perft(p, d) the sum of Perft(child, d-1) over them. A position whose game is
// over (Paco, no-progress draw) has no moves, so it contributes 0 below it.
// Perft(p, 0) is 1. Repetition draws need a game history and are not applied.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&p, depth)
}

func perft(p *Position, depth int) uint64 {
	s := getSearcher()
	s.search(p, nil)
	if depth == 1 {
		n := uint64(len(s.results))
		putSearcher(s)
		return n
	}
	children := make([]Position, len(s.results))
	for i := range s.results {
		children[i] = s.results[i].pos
	}
	putSearcher(s)
	var total uint64
	for i := range children {
		total += perft(&children[i], depth-1)
	}
	return total
}

// DivideEntry is one line of a perft divide: a move and the perft count below it.
type DivideEntry struct {
	Move  Move
	Count uint64 // Perft(Move.After(), depth-1)
}

// Divide returns, for every legal move of p in the order of Moves, the number of
// depth-1 move sequences that follow it (perft divide). The counts sum to
// Perft(p, depth). depth < 1 gives no entries.
func Divide(p Position, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	moves := p.Moves()
	out := make([]DivideEntry, len(moves))
	for i, m := range moves {
		out[i] = DivideEntry{Move: m, Count: Perft(m.after, depth-1)}
	}
	return out
}
