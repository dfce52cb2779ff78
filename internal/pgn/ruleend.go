package pgn

// RuleEnd is where a record's main line went on after its game had ended by a
// rule: a draw the rules give in a position that still has moves (Atomic
// chess's dead positions, no progress and repetition, Paco Ŝako's no progress,
// repetition and the rulebook's draws), which python-chess, chessops and engine
// harnesses play past. Both games' readers play such a record to its end, keep
// the first such place here and give it to the record (EndedByRule); O is the
// game's Outcome.
type RuleEnd[O any] struct {
	ply     int32 // a main line's half-moves fit (the reader's bounds)
	outcome O
	found   bool
}

// Note records that the game had ended with outcome o after ply half-moves and
// the record went on; only the first place is kept.
func (e *RuleEnd[O]) Note(ply int, o O) {
	if !e.found {
		*e = RuleEnd[O]{ply: int32(ply), outcome: o, found: true}
	}
}

// Get returns the place noted first: the half-moves played, the outcome, and
// whether there was one.
func (e RuleEnd[O]) Get() (ply int, o O, found bool) { return int(e.ply), e.outcome, e.found }
