package atomic

import (
	"github.com/pacosako-go/pacosako/internal/attacks"
	"github.com/pacosako-go/pacosako/internal/history"
)

// A Game keeps its half-moves in an internal/history.History, as the root
// package's Game does: per half-move its move in two bytes (compactMove) and the
// occurrences of the position it led to, recorded for the repetition rule, four
// bytes in all; a position every history.ChunkSize half-moves, from which the
// others are played again. The start is recorded too, before the first
// half-move's bytes (At 0), since it counts among the occurrences (historyendings.go).

// gameHistory is the history of a game's half-moves.
type gameHistory = history.History[Position]

// newRepetitionIndex is the index of a game's recorded positions, shared by its
// values: positions hashed by repetitionHash and compared as Position.Equal
// compares them.
func newRepetitionIndex() *history.Index[Position] {
	return history.NewIndex(playCompact, samePosition, (*Position).repetitionHash)
}

// playCompact plays on p the move compactMove wrote in move's two bytes; fewer
// bytes (the start's record, made before the first half-move's) play nothing.
func playCompact(p *Position, move []byte) {
	if len(move) == 2 {
		*p = p.play(p.expand(compactOf(move)))
	}
}

// compactBytes is compactMove(m) as a half-move's bytes in the history.
func compactBytes(m Move) [2]byte {
	c := compactMove(m)
	return [2]byte{byte(c), byte(c >> 8)}
}

// compactOf is the compactMove that compactBytes wrote as move.
func compactOf(move []byte) uint16 { return uint16(move[0]) | uint16(move[1])<<8 }

// eachMove calls f with every half-move of g, in order, and the position
// before it.
func (g Game) eachMove(f func(before *Position, m Move)) {
	g.hist.Walk(0, playCompact, func(_ int, p *Position, move []byte, _ uint8) bool {
		m := p.expand(compactOf(move))
		f(p, m)
		*p = p.play(m)
		return true
	})
}

// compactMove is m in two bytes: its from and to squares and its promotion;
// the position it is played in gives the rest (expand).
func compactMove(m Move) uint16 {
	return uint16(m.from) | uint16(m.to)<<6 | uint16(m.promo)<<12
}

// expand returns the legal move of p that compactMove wrote as c: the mover's
// role from the board, castling for a king onto its own rook, en passant for a
// pawn's diagonal step onto an empty square, the captured piece and the blast.
func (p *Position) expand(c uint16) Move {
	from, to := uint8(c&63), uint8(c>>6&63)
	m := Move{from: from, to: to, promo: uint8(c >> 12), role: uint8(p.roleAt(int(from)) + 1)}
	occ := p.occupied()
	us := p.turn & 1
	switch {
	case m.role == king+1 && p.colors[us]&p.pieces[rook]&(1<<to) != 0:
		m.kind = castle
		return m
	case m.role == pawn+1 && (from^to)&7 != 0 && occ&(1<<to) == 0:
		m.kind, m.captured = enPassant, pawn+1
		capSq := to - 8
		if us == 1 {
			capSq = to + 8
		}
		m.blast = attacks.King[to]&occ&^p.pieces[pawn] | 1<<from | 1<<capSq
		return m
	case m.role == pawn+1 && (from == to+16 || to == from+16):
		m.kind = doubleStep
	}
	if occ&(1<<to) != 0 {
		m.captured = uint8(p.roleAt(int(to)) + 1)
		m.blast = attacks.King[to]&occ&^p.pieces[pawn] | 1<<from | 1<<to
	}
	return m
}
