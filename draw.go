package pacosako

// Draw rules that need the history of a game (catalogue §10), and the rulebook's
// draw switches. The no-progress rule is known to the position itself (Rules).

// record is one position recorded for the repetition rule. Records form a list
// from the newest back to the start of the game; the start position is never
// recorded (catalogue §10.2).
type record struct {
	parent *record
	pos    Position
}

// record enters g.cur, a position where the engine calls record_position (after
// every completed half-move, and after a start-of-turn promotion), and ends the
// game if a history rule says so. A game already over records nothing.
func (g *Game) record() {
	if g.cur.outcome.IsOver() || g.result.IsOver() {
		return
	}
	g.rec = &record{parent: g.rec, pos: g.cur}
	if n := g.cfg.repetitions; n > 0 && g.repetitions() >= n {
		g.result = Outcome{Termination: Repetition}
		return
	}
	if g.cfg.allUnitedDraw && allUnited(&g.cur.board) {
		g.result = Outcome{Termination: AllUnited}
		return
	}
	if g.cfg.kingsUnitedDraw && g.cur.board.kings[White]&g.cur.board.kings[Black] != 0 {
		g.result = Outcome{Termination: KingsUnited}
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
// the last progress (0 in the middle of a half-move or at the start).
func (g Game) RepetitionCount() int {
	if g.rec == nil || !sameState(&g.rec.pos, &g.cur) {
		return 0
	}
	return g.repetitions()
}

// allUnited reports whether every piece but the kings stands in a union (the
// rulebook's draw "if all pieces dance together, except the kings"). A board
// without pieces other than kings does not count.
func allUnited(b *Board) bool {
	pieces := (b.byColor[White] &^ b.kings[White]) | (b.byColor[Black] &^ b.kings[Black])
	unions := b.byColor[White] & b.byColor[Black]
	return pieces != 0 && pieces&^unions == 0
}
