package pacosako

import "github.com/pacosako-go/pacosako/internal/history"

// The draw rule that needs the history of a game: repetition (catalogue §10.2).
// The no-progress rule and the rulebook's draws are known to the position itself
// (Rules).
//
// The engine records a position after every completed half-move except a pair
// move that leaves the opponent a promotion to make, and after a start-of-turn
// promotion (catalogue §9, §10.2); the start position is never recorded. Progress
// (a new union or a promotion) resets the no-progress counter and clears the
// engine's repetition map, so a position whose counter is 0 starts the positions
// that can repeat (its window). A game already over records nothing. A record's
// count, how often its position was recorded in its window, is fixed when it is
// recorded and kept with its half-move (internal/history).
//
// Cost: O(1) amortised while the game goes forward, with takebacks; recording
// after an earlier value of the game (branching) first costs the half-moves
// between the two, at most the records since the last progress
// (internal/history).

// complete ends the unfinished half-move, whose actions (from g.at) are path and
// which led to g.cur: its position is recorded unless the game is over or the
// opponent owes a promotion first, the repetition rule is judged, and the
// half-move joins the history.
func (g *Game) complete(path []Action, flags uint8) {
	if g.cur.res.pacoBy(g.at.turn) {
		flags |= plyPaco
	}
	var buf [32]byte
	move := packActions(buf[:0], path)
	record := g.cur.step != requirePromoteThenLift && !g.over()
	switch {
	case record && !g.hasMid:
		// The usual half-move: one record, at its end, counted as it is appended.
		h, progress := g.cur.Hash(), g.cur.noProgress == 0
		g.count = g.cfg.reps.AppendCounted(&g.hist, &g.at, move, flags, &g.cur, h, progress)
		g.judge()
	default:
		var recs [2]history.Record
		var pend [1]history.Pending[Position]
		nrec, npend := 0, 0
		if g.hasMid {
			recs[0] = g.mid
			promoted := g.at
			promoted.apply(path[0])
			pend[0] = history.Pending[Position]{Pos: &promoted, Hash: g.mid.Hash, Count: g.mid.Count, Progress: g.mid.Progress}
			nrec, npend = 1, 1
		}
		if record {
			h, progress := g.cur.Hash(), g.cur.noProgress == 0
			g.count = g.cfg.reps.Count(g.hist, pend[:npend], &g.cur, h, progress)
			recs[nrec] = history.Record{Hash: h, Count: g.count, Progress: progress, At: -1}
			nrec++
			g.judge()
		}
		g.hist = g.cfg.reps.Append(g.hist, &g.at, move, flags, recs[:nrec])
	}
	g.at = g.cur
	g.pending, g.hasMid = nil, false
}

// recordPromotion records g.cur, the position after a start-of-turn promotion
// in the unfinished half-move.
func (g *Game) recordPromotion() {
	if g.over() {
		return
	}
	h, progress := g.cur.Hash(), g.cur.noProgress == 0
	g.count = g.cfg.reps.Count(g.hist, nil, &g.cur, h, progress)
	g.mid = history.Record{Hash: h, Count: g.count, Progress: progress, At: 1}
	g.hasMid = true
}

// judge applies the rule that needs the history to the position recorded at the
// end of a completed half-move, g.cur, counted g.count times: repetition (the
// other endings are the position's own: Rules). It is judged only when a
// half-move is complete, so a game never ends in the middle of one (a
// start-of-turn promotion is recorded but not judged).
func (g *Game) judge() {
	if g.cur.res.IsOver() || g.result.IsOver() {
		return
	}
	if n := g.cfg.repetitions; n > 0 && int(g.count) >= n {
		g.result = Outcome{Termination: Repetition}
	}
}

// resume sets aside a draw by rule the position has reached (no progress, the
// rulebook's draws): a record's move was played from it, which records of other
// tools do (Game.resumed). A Paco stays: no move follows it.
func (p *Position) resume() {
	if p.res.Outcome().Termination.IsDraw() {
		p.res = 0
	}
}

// RepetitionCount returns how often the current position has been recorded since
// the last progress. Positions are recorded after a completed half-move (not after
// a pair move that leaves the opponent a promotion to make) and after a
// start-of-turn promotion, as the engine records them; at any other point, and at
// the start of the game, the count is 0.
func (g Game) RepetitionCount() int { return int(g.count) }

// window returns the positions recorded since the last progress, oldest first,
// the position recorded last included (Solve's history).
func (g Game) window() []Position {
	if g.hasMid && g.mid.Progress {
		p := g.at
		p.apply(g.pending[0])
		return []Position{p}
	}
	var out []Position
	g.hist.EachRecord(g.hist.WindowStart(), playPacked, func(p *Position, _ history.Record) {
		out = append(out, *p)
	})
	if g.hasMid {
		p := g.at
		p.apply(g.pending[0])
		out = append(out, p)
	}
	return out
}
