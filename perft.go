package pacosako

// Perft counts the sequences of exactly depth complete moves from p, where moves are
// distinct resulting positions (RULES.md §2): Perft(p, 1) is the number of legal
// moves, Perft(p, d) the sum of Perft(child, d-1) over them. A position whose game is
// over (Paco, no-progress draw) has no moves, so it contributes 0 below it.
// Perft(p, 0) is 1, and so is any negative depth. Repetition draws need a game
// history and are not applied.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&p, depth)
}

func perft(p *Position, depth int) uint64 {
	s := getSearcher()
	defer putSearcher(s)
	if depth == 1 {
		return uint64(s.count(p))
	}
	var bufs [][]Position
	return perftInto(s, p, depth, &bufs)
}

// perftInto counts with one searcher; the children of each ply are copied into a
// buffer per remaining depth, reused across siblings, so perft allocates only a few
// buffers in all.
func perftInto(s *searcher, p *Position, depth int, bufs *[][]Position) uint64 {
	if depth == 1 {
		return uint64(s.count(p))
	}
	s.search(p, nil)
	for len(*bufs) <= depth {
		*bufs = append(*bufs, nil)
	}
	children := (*bufs)[depth][:0]
	for i := range s.results {
		children = append(children, s.results[i].pos)
	}
	(*bufs)[depth] = children
	var total uint64
	for i := range children {
		total += perftInto(s, &children[i], depth-1, bufs)
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
		out[i] = DivideEntry{Move: m, Count: Perft(*m.after, depth-1)}
	}
	return out
}
