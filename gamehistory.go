package pacosako

import "github.com/pacosako-go/pacosako/internal/history"

// A Game keeps its completed half-moves in an internal/history.History: per
// half-move its actions packed one byte each, a flag, and the positions recorded
// for the repetition rule (their counts); a position every history.ChunkSize
// half-moves, from which the others are replayed.

// The flags of a half-move: plyCanonical when its actions are the path
// Position.Moves gives its move in the position before it (it was played from a
// move search: a parser, Moves), so that writing its SAN needs no search for
// that path; plyPaco when it united with the enemy king (Move.IsPaco).
const (
	plyCanonical = 1 << iota
	plyPaco
)

// gameHistory is the history of a game's half-moves.
type gameHistory = history.History[Position]

// newRepetitionIndex is the index of a game's recorded positions, shared by its
// values: positions hashed by Position.Hash and compared by Position.Equal
// (board, side to move, en passant square, castling rights, vchess state; the
// hand is empty and the counter is ignored).
func newRepetitionIndex() *history.Index[Position] {
	return history.NewIndex(playPacked, sameState, (*Position).Hash)
}

// actionByte is an action in one byte: Lift(s) is s, Place(s) 64+s, Promote(r)
// 128+r.
func actionByte(a Action) byte {
	switch a.Kind {
	case LiftKind:
		return byte(a.Square)
	case PlaceKind:
		return 64 | byte(a.Square)
	}
	return 128 | byte(a.Role)
}

// byteAction is the action actionByte packed in b.
func byteAction(b byte) Action {
	switch b >> 6 {
	case 0:
		return Lift(Square(b))
	case 1:
		return Place(Square(b & 63))
	}
	return Promote(Role(b & 63))
}

// packActions appends the packed actions to dst.
func packActions(dst []byte, actions []Action) []byte {
	for _, a := range actions {
		dst = append(dst, actionByte(a))
	}
	return dst
}

// playPacked plays packed actions, legal in p, on p. A position a move was
// played from was running: one a rule had drawn was played on from by a record
// (Game.resumed), so its ending is set aside here as it was there.
func playPacked(p *Position, move []byte) {
	if len(move) > 0 {
		p.resume()
	}
	for _, b := range move {
		p.apply(byteAction(b))
	}
}

// unpackActions appends the actions packed in move to dst.
func unpackActions(dst []Action, move []byte) []Action {
	for _, b := range move {
		dst = append(dst, byteAction(b))
	}
	return dst
}
