package pacosako

// Perft counts the sequences of exactly depth complete moves from p, where moves are
// distinct resulting positions (docs/RULES.md §2): Perft(p, 1) is the number of legal
// moves, Perft(p, d) the sum of Perft(child, d-1) over them. A position whose game is
// over (Paco, no-progress draw) has no moves, so it contributes 0 below it.
// Perft(p, 0) is 1, and so is any negative depth; a depth over MaxPerftDepth
// counts nothing (0: PerftContext says why). Repetition draws need a game history
// and are not applied.
//
// Cost: a move search per position of the tree (see Position.Moves); PerftContext is the
// bounded, cancellable and parallel form.
func Perft(p Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth > MaxPerftDepth:
		return 0
	}
	return perft(&p, depth)
}

// MaxPerftDepth is the deepest count Perft, Divide and PerftContext make (in both
// games: atomic.MaxPerftDepth is the same). A count of 64 plies exceeds 64 bits
// for any position with two moves a ply, and every ply holds the buffers of a
// search, so a deeper one could only exhaust the memory or the stack before it
// ended.
const MaxPerftDepth = 64

func perft(p *Position, depth int) uint64 { return perftWithin(p, depth, nil) }

// perftWithin is perft with every search bounded by lim (nil: unbounded); once lim
// has stopped a search the count is partial and lim.err says why.
func perftWithin(p *Position, depth int, lim *bounds) uint64 {
	// One searcher per remaining depth: the moves found at a ply stay in its
	// searcher's results while the plies below use the others, so no child is copied.
	var ss [8]*searcher
	searchers := ss[:0]
	for range depth {
		s := getSearcher()
		s.lim = lim
		searchers = append(searchers, s)
	}
	defer func() {
		for _, s := range searchers {
			putSearcher(s)
		}
	}()
	return perftWith(searchers, p)
}

// perftWith counts to depth len(ss) from p; ss[len(ss)-1] searches p.
func perftWith(ss []*searcher, p *Position) uint64 {
	s := ss[len(ss)-1]
	if len(ss) == 1 {
		return uint64(s.count(p)) // bulk counting at the last ply
	}
	s.search(p, nil)
	var total uint64
	for i := range s.results {
		if s.lim.failed() {
			return total
		}
		total += perftWith(ss[:len(ss)-1], &s.results[i].pos)
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
// Perft(p, depth). depth < 1, or over MaxPerftDepth, gives no entries.
//
// Cost: that of Perft (see PerftContext for a bounded count).
func Divide(p Position, depth int) []DivideEntry {
	if depth < 1 || depth > MaxPerftDepth {
		return nil
	}
	moves := p.Moves()
	out := make([]DivideEntry, len(moves))
	for i, m := range moves {
		out[i] = DivideEntry{Move: m, Count: Perft(m.After(), depth-1)}
	}
	return out
}
