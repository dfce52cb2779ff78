package atomic

import (
	"encoding/binary"
	"hash/maphash"

	"github.com/pacosako-go/pacosako/internal/repetition"
)

// The endings that need a game's history (ATOMIC.md §1.10): no progress and
// repetition. The others are the position's own (Position.Outcome).

// judge returns the history's ending reached by the last half-move: the half-move
// clock at the no-progress limit, else the current position's occurrence at the
// repetition limit; Running if neither. The position's own endings take
// precedence in Outcome.
func (g Game) judge() Outcome {
	p := g.tip.after()
	switch {
	case g.cfg.noProgress > 0 && int(p.halfMove) >= g.cfg.noProgress:
		return Outcome{Termination: NoProgress}
	case g.cfg.repetitions > 0 && g.tip.rep.Count() >= g.cfg.repetitions:
		return Outcome{Termination: Repetition}
	}
	return Outcome{}
}

// newRepetitionIndex is the index that counts how often each position of a game
// has occurred, shared by the game's values. Only the positions since the last
// capture or pawn move can be the same (a capture removes pieces, a pawn never
// goes back), so a position whose half-move clock is 0 starts the ones that can
// repeat (Game.push); positions are compared as Position.Equal compares them.
func newRepetitionIndex() *repetition.Index[Position] { return repetition.New(samePosition) }

// samePosition is Position.Equal, the cheap fields first: Equal's en passant test
// generates moves.
func samePosition(a, b *Position) bool {
	return a.turn == b.turn && a.colors == b.colors && a.pieces == b.pieces && a.Equal(*b)
}

// repetitionSeed makes the positions' hashes differ from one process to the
// next, so that no input can be made to collide on purpose.
var repetitionSeed = maphash.MakeSeed()

// repetitionHash hashes what Position.Equal compares, but the en passant square
// (positions that differ only there are told apart by Equal): equal positions
// have equal hashes.
func (p *Position) repetitionHash() uint64 {
	var b [8*9 + 1]byte
	for i, w := range p.pieces {
		binary.LittleEndian.PutUint64(b[8*i:], w)
	}
	binary.LittleEndian.PutUint64(b[48:], p.colors[0])
	binary.LittleEndian.PutUint64(b[56:], p.colors[1])
	binary.LittleEndian.PutUint64(b[64:], p.castlingRights())
	b[72] = p.turn
	return maphash.Bytes(repetitionSeed, b[:])
}

// RepetitionCount returns how often the current position has occurred in the game
// (as Position.Equal compares positions), the start included: 1 for a position
// new to the game, and at the start. It is 0 for the zero Game.
func (g Game) RepetitionCount() int {
	switch {
	case g.cfg == nil:
		return 0
	case g.tip == nil:
		return g.cfg.startRep.Count()
	}
	return g.tip.rep.Count()
}
