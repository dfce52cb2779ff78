package atomic

// The endings that need a game's history (ATOMIC.md §1.10): no progress and
// repetition. The others are the position's own (Position.Outcome).

// judge returns the history's ending reached by the last half-move: the half-move
// clock at the no-progress limit, else the current position's occurrence at the
// repetition limit; Running if neither. The position's own endings take
// precedence in Outcome.
func (g Game) judge() Outcome {
	p := &g.tip.after
	switch {
	case g.cfg.noProgress > 0 && int(p.halfMove) >= g.cfg.noProgress:
		return Outcome{Termination: NoProgress}
	case g.cfg.repetitions > 0 && g.occurrences() >= g.cfg.repetitions:
		return Outcome{Termination: Repetition}
	}
	return Outcome{}
}

// occurrences counts how often the current position has occurred in the game, the
// start included. Only the positions since the last capture or pawn move can be
// the same (a capture removes pieces, a pawn never goes back), so the count looks
// back no further than the newest position whose half-move clock is 0.
func (g Game) occurrences() int {
	cur := g.Position()
	n := 1
	if cur.halfMove == 0 {
		return n
	}
	for q := g.tip; ; {
		q = q.parent
		prev := &g.cfg.start
		if q != nil {
			prev = &q.after
		}
		// The cheap fields first: Equal's en passant test generates moves.
		if prev.turn == cur.turn && prev.colors == cur.colors && prev.pieces == cur.pieces && prev.Equal(cur) {
			n++
		}
		if q == nil || prev.halfMove == 0 {
			return n
		}
	}
}

// RepetitionCount returns how often the current position has occurred in the game
// (as Position.Equal compares positions), the start included: 1 for a position
// new to the game, and at the start. It is 0 for the zero Game.
func (g Game) RepetitionCount() int {
	switch {
	case g.cfg == nil:
		return 0
	case g.tip == nil:
		return 1
	}
	return g.occurrences()
}
