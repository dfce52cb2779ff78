package atomic

import (
	"sync"

	"github.com/pacosako-go/pacosako/internal/attacks"
)

// A game's history, kept small: each half-move as four bytes (the move in two,
// the occurrences of the position it led to in two), in chunks of up to
// chunkLen half-moves, each chunk with the position before its first half-move
// (a checkpoint) from which any position of the chunk is played again. A Game
// value is the chunk of its last half-move and its length, so values share the
// half-moves they have in common; a value that plays on from the end of its
// chunk's half-moves fills the chunk's next slot, one that branches from the
// middle of a chunk copies the chunk's first slots (at most chunkLen) into a
// chunk of its own.

// chunkLen is the most half-moves a chunk holds: rebuilding a position from a
// checkpoint plays at most this many.
const chunkLen = 64

// chunk is a run of consecutive half-moves of a game's history.
type chunk struct {
	parent *chunk   // the chunk before, or nil for the first
	base   int      // how many half-moves come before its first
	window int      // the window of the position after base half-moves (see Game.window)
	start  Position // the position after base half-moves
	mu     sync.Mutex
	used   int   // slots filled; read and written under mu (a Game reads only the slots it has)
	plies  []ply // len is the chunk's room; slots [0, used) are filled and never change
	// big holds the occurrences of the positions of slots whose count is
	// maxPlyCount or more (a long shuffle with the repetition rule off), under mu.
	big map[int]int
}

// ply is one half-move of a chunk: its move (compactMove) and the occurrences
// of the position it led to in its window, or maxPlyCount for as many or more
// (chunk.big has the number).
type ply struct {
	move  uint16
	count uint16
}

const maxPlyCount = 0xFFFF

// count returns the occurrences of the position after slot i.
func (c *chunk) count(i int) int {
	if n := c.plies[i].count; n < maxPlyCount {
		return int(n)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.big[i]
}

// newChunk returns an empty chunk of room slots after parent, whose first
// half-move is played in start, the position after base half-moves.
func newChunk(parent *chunk, base, window int, start Position, room int) *chunk {
	var plies []ply
	if room == chunkLen {
		plies = *spareRooms.Get().(*[]ply)
		clear(plies)
	} else {
		plies = make([]ply, room)
	}
	return &chunk{parent: parent, base: base, window: window, start: start, plies: plies}
}

// add puts move m, whose position occurs count times, in slot i of c, the slot
// after a value's last half-move (c nil: the first half-move of a game), and
// returns the chunk that holds it then: c when slot i was free or already held
// the same move (the same history: the same count), else a copy of c's first i
// slots with m after them (another value went on differently from the same
// place), or a new chunk after c when c is full. pos and window are the
// value's position and window, before m.
func (c *chunk) add(i int, m uint16, count int, pos Position, window int) *chunk {
	if c == nil || i == len(c.plies) {
		base := 0
		if c != nil {
			base = c.base + i
		}
		c, i = newChunk(c, base, window, pos, chunkLen), 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case i == c.used:
		c.used++
	case c.plies[i].move == m:
		return c
	default:
		d := newChunk(c.parent, c.base, c.window, c.start, len(c.plies))
		copy(d.plies, c.plies[:i])
		for k, n := range c.big {
			if k < i {
				d.setBig(k, n)
			}
		}
		d.used = i + 1
		c = d // d is not shared yet: its lock is not needed
	}
	c.plies[i] = ply{move: m, count: uint16(min(count, maxPlyCount))}
	if count >= maxPlyCount {
		c.setBig(i, count)
	}
	return c
}

func (c *chunk) setBig(i, n int) {
	if c.big == nil {
		c.big = map[int]int{}
	}
	c.big[i] = n
}

// trim leaves c, the last chunk of a history of n half-moves that no other
// value shares, without room after them: a record's game is trimmed once read.
// The room it had goes back to spareRooms.
func (c *chunk) trim(n int) {
	k := n - c.base
	if k == len(c.plies) {
		return
	}
	room := c.plies
	c.plies = append(make([]ply, 0, k), room[:k]...)
	c.used = k
	if len(room) == chunkLen {
		spareRooms.Put(&room)
	}
}

// spareRooms are the slots of chunks trimmed: a reader reads game after game,
// each filling a chunk as it is read.
var spareRooms = sync.Pool{New: func() any { room := make([]ply, chunkLen); return &room }}

// find returns the chunk of the history ending in c (after n half-moves) that
// holds half-move k (1 <= k <= n), and k's slot in it.
func find(c *chunk, k int) (*chunk, int) {
	for c.base >= k {
		c = c.parent
	}
	return c, k - c.base - 1
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

// replay calls f with every half-move of the history ending in c after n
// half-moves, in order from the first: the position before it and the move.
// It stops when f returns false.
func replay(c *chunk, n int, f func(before *Position, m Move) bool) {
	var cs []*chunk
	for ; c != nil; c = c.parent {
		cs = append(cs, c)
	}
	for j := len(cs) - 1; j >= 0; j-- {
		ch, end := cs[j], n // the history's half-moves in ch: up to the next chunk's first
		if j > 0 {
			end = cs[j-1].base
		}
		p := ch.start
		for i := 0; i < end-ch.base; i++ {
			m := p.expand(ch.plies[i].move)
			if !f(&p, m) {
				return
			}
			p = p.play(m)
		}
	}
}
