package pacosako

// The draw rule that needs the history of a game: repetition (catalogue §10.2).
// The no-progress rule and the rulebook's draws are known to the position itself
// (Rules).

// record is one position recorded for the repetition rule. Records form a list
// from the newest back to the start of the game; the start position is never
// recorded (catalogue §10.2).
type record struct {
	parent *record
	pos    Position
}

// record enters g.cur among the positions counted for repetition. The engine
// records after every completed half-move except a pair move that leaves the
// opponent a promotion to make, and after a start-of-turn promotion (catalogue §9,
// §10.2). A game already over records nothing.
func (g *Game) record() {
	if g.cur.res.IsOver() || g.result.IsOver() {
		return
	}
	g.rec = &record{parent: g.rec, pos: g.cur}
}

// judge applies the rule that needs the history at the end of a completed
// half-move: repetition (the other endings are the position's own: Rules). It is
// judged only when a half-move is complete, so a game never ends in the middle of
// one (a start-of-turn promotion is recorded but not judged).
func (g *Game) judge() {
	if g.cur.res.IsOver() || g.result.IsOver() {
		return
	}
	if n := g.cfg.repetitions; n > 0 && g.rec != nil && sameState(&g.rec.pos, &g.cur) && g.repetitions() >= n {
		g.result = Outcome{Termination: Repetition}
	}
}

// repetitions counts how often the newest recorded position occurs among the
// records since the last progress. Progress (a new union or a promotion) resets the
// no-progress counter and clears the engine's repetition map, so the records to
// look at end with the newest one whose counter is 0 (catalogue §10.2). The key is
// the state compared by Position.Equal: board, side to move, en passant square and
// castling rights (the hand is empty and the counter is ignored).
func (g *Game) repetitions() int {
	newest := &g.rec.pos
	h := newest.hash()
	n := 0
	for r := g.rec; r != nil; r = r.parent {
		if r.pos.hash() == h && sameState(&r.pos, newest) {
			n++
		}
		if r.pos.noProgress == 0 {
			break
		}
	}
	return n
}

// RepetitionCount returns how often the current position has been recorded since
// the last progress. Positions are recorded after a completed half-move (not after
// a pair move that leaves the opponent a promotion to make) and after a
// start-of-turn promotion, as the engine records them; at any other point, and at
// the start of the game, the count is 0.
func (g Game) RepetitionCount() int {
	if g.rec == nil || !sameState(&g.rec.pos, &g.cur) {
		return 0
	}
	return g.repetitions()
}
