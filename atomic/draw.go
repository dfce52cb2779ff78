package atomic

import (
	"math/bits"
	"math/rand/v2"
)

// The endings that need a game's history: no progress and repetition. The others are the position's own (Position.Outcome).

// history returns the history's ending reached by the current position: the
// half-move clock at the no-progress limit, else the current position's
// occurrence at the repetition limit (a start only by the clock); Running if
// neither. The position's own endings take precedence in Outcome.
func (g *Game) history() Outcome {
	c := g.cfg
	switch {
	case g.hist.Len() == 0:
		return c.startResult
	case c.noProgress > 0 && int(g.pos.halfMove) >= c.noProgress:
		return Outcome{Termination: NoProgress}
	case c.repetitions > 0 && g.RepetitionCount() >= c.repetitions:
		return Outcome{Termination: Repetition}
	}
	return Outcome{}
}

// RepetitionCount returns how often the current position has occurred in the game
// (as Position.Equal compares positions), the start included: 1 for a position
// new to the game, and at the start. It is 0 for the zero Game.
func (g Game) RepetitionCount() int {
	switch {
	case g.cfg == nil:
		return 0
	case g.hist.Len() == 0:
		return 1
	}
	return int(g.count)
}

// Only the positions since the last capture or pawn move can be the same (a
// capture removes pieces, a pawn never goes back): a position whose half-move
// clock is 0 starts the window of the positions that can repeat it (it makes
// progress, in internal/history's words), and a position's occurrences are
// counted in its window, the start included. A game's values share a
// history.Index that counts them (O(1) amortised while a game goes forward, with
// takebacks; moving to another value costs at most the positions of its
// window); the count is kept with the half-move. The index is a cache: a
// record's game drops it once read (Game.settle), and it is rebuilt if the game
// goes on.

// samePosition is Position.Equal, the cheap fields first: Equal's en passant test
// generates moves.
func samePosition(a, b *Position) bool {
	return a.turn == b.turn && a.colors == b.colors && a.pieces == b.pieces && a.Equal(*b)
}

// repetitionSeeds make the positions' hashes differ from one process to the
// next, so that no input can be made to collide on purpose.
var repetitionSeeds = [8]uint64{rand.Uint64(), rand.Uint64(), rand.Uint64(), rand.Uint64(), rand.Uint64(), rand.Uint64(), rand.Uint64(), rand.Uint64()}

// repetitionHash hashes what Position.Equal compares but the castling rights and
// the en passant square (positions that differ only there are told apart by
// Equal): equal positions have equal hashes. It is taken for every position
// played: the words in pairs, each pair with its seeds multiplied into 128 bits
// folded to 64; Black's pieces are the occupied squares less White's.
func (p *Position) repetitionHash() uint64 {
	s := &repetitionSeeds
	return mum(p.pieces[0]^s[0], p.pieces[1]^s[1]) ^ mum(p.pieces[2]^s[2], p.pieces[3]^s[3]) ^
		mum(p.pieces[4]^s[4], p.pieces[5]^s[5]) ^ mum(p.colors[0]^s[6], uint64(p.turn)^s[7])
}

// mum multiplies a and b into 128 bits and folds them to 64.
func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}
