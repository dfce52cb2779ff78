package pacosako

import "github.com/pacosako-go/pacosako/internal/repetition"

// The draw rule that needs the history of a game: repetition (catalogue §10.2).
// The no-progress rule and the rulebook's draws are known to the position itself
// (Rules).

// record is one position recorded for the repetition rule, in a chain from the
// newest back to the start of the game; the start position is never recorded
// (catalogue §10.2). Its Count, how often its position was recorded since the
// last progress, is fixed when it is recorded (internal/repetition).
type record = repetition.Node[Position]

// newRepetitionIndex is the index of a game's records, shared by its values: the
// positions compared by Position.Equal (board, side to move, en passant square,
// castling rights, vchess state; the hand is empty and the counter is ignored).
func newRepetitionIndex() *repetition.Index[Position] { return repetition.New(sameState) }

// record enters g.cur among the positions counted for repetition. The engine
// records after every completed half-move except a pair move that leaves the
// opponent a promotion to make, and after a start-of-turn promotion (catalogue §9,
// §10.2). Progress (a new union or a promotion) resets the no-progress counter and
// clears the engine's repetition map, so a position whose counter is 0 starts the
// positions that can repeat. A game already over records nothing.
//
// Cost: O(1) amortised while the game goes forward, with takebacks; recording
// after an earlier value of the game (branching) first costs the half-moves
// between the two, at most the records since the last progress
// (internal/repetition).
func (g *Game) record() {
	if g.cur.res.IsOver() || g.result.IsOver() {
		return
	}
	r := new(record)
	g.cfg.reps.Add(r, g.rec, g.cur, g.cur.Hash(), g.cur.noProgress == 0)
	g.rec = r
}

// judge applies the rule that needs the history at the end of a completed
// half-move: repetition (the other endings are the position's own: Rules). It is
// judged only when a half-move is complete, so a game never ends in the middle of
// one (a start-of-turn promotion is recorded but not judged).
func (g *Game) judge() {
	if g.cur.res.IsOver() || g.result.IsOver() {
		return
	}
	if n := g.cfg.repetitions; n > 0 && g.rec != nil && sameState(&g.rec.Value, &g.cur) && g.rec.Count() >= n {
		g.result = Outcome{Termination: Repetition}
	}
}

// RepetitionCount returns how often the current position has been recorded since
// the last progress. Positions are recorded after a completed half-move (not after
// a pair move that leaves the opponent a promotion to make) and after a
// start-of-turn promotion, as the engine records them; at any other point, and at
// the start of the game, the count is 0.
func (g Game) RepetitionCount() int {
	if g.rec == nil || !sameState(&g.rec.Value, &g.cur) {
		return 0
	}
	return g.rec.Count()
}
