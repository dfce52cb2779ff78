package atomic

import (
	"math/rand/v2"
	"sync"
)

// The endings that need a game's history (ATOMIC.md §1.10): no progress and
// repetition. The others are the position's own (Position.Outcome).

// history returns the history's ending reached by the current position: the
// half-move clock at the no-progress limit, else the current position's
// occurrence at the repetition limit (a start only by the clock); Running if
// neither. The position's own endings take precedence in Outcome.
func (g *Game) history() Outcome {
	c := g.cfg
	switch {
	case g.n == 0:
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
	case g.n == 0:
		return 1
	}
	return g.tip.count(g.n - g.tip.base - 1)
}

// Only the positions since the last capture or pawn move can be the same (a
// capture removes pieces, a pawn never goes back): a position whose half-move
// clock is 0 starts the window of the positions that can repeat it, and a
// position's occurrences are counted in its window. A game's values share a
// repIndex that finds the earlier occurrences of a new position: it holds the
// window of one history (the one a value last went on from) with each
// position's hash and count, and moves to another history by taking back
// positions (when the other is an earlier part of its own) or by replaying the
// other's window. Counting costs O(1) amortised while a game goes forward with
// takebacks, and at most O(window + chunkLen) when values branch at will. The
// index is a cache: a record's game drops it once read (Game.settle), and it is
// rebuilt if the game goes on.
type repIndex struct {
	mu    sync.Mutex
	tip   *chunk // the history it holds: ending after n half-moves in tip (nil, 0: the start)
	n     int
	from  int        // the half-move after which its first position stands: the window's start
	pos   []Position // the positions after from, from+1, … n half-moves
	count []int32    // each position's occurrences in the window up to it
	// Once the window holds more than scanWindow positions (below, positions
	// are found by a scan back): newest maps a hash to its newest entry, hash
	// is each entry's and prev the entry before with the same hash, or -1.
	newest map[uint64]int32
	hash   []uint64
	prev   []int32
	// compared and ops count position comparisons and entries taken in and
	// back, for the tests of the cost.
	compared, ops int
}

// scanWindow is the largest window searched by a scan rather than a map.
const scanWindow = 32

// occurrences returns the occurrences in its window of after, the position after a
// move from g's position, and enters it (the index then holds g's history and
// after); progress says after starts a window. The caller holds x.mu and sets
// x.tip and x.n once the move is in the history.
func (x *repIndex) occurrences(g *Game, after *Position, progress bool) int {
	if progress {
		x.reset(g.n + 1)
	} else {
		x.moveTo(g)
	}
	return x.enter(after)
}

// reset empties the index, to hold the window that starts after from half-moves.
func (x *repIndex) reset(from int) {
	if cap(x.pos) > 4*scanWindow {
		x.pos, x.hash, x.prev, x.count = nil, nil, nil, nil // a long window's memory is let go
	}
	x.pos, x.hash, x.prev, x.count = x.pos[:0], x.hash[:0], x.prev[:0], x.count[:0]
	x.newest = nil
	x.from = from
}

// moveTo makes the index hold the window of g's history: as it is, or by
// taking back the positions after g's when g's history is an earlier part of
// the one held and that costs less than replaying g's window, else by
// replaying it.
func (x *repIndex) moveTo(g *Game) {
	if x.tip == g.tip && x.n == g.n && len(x.pos) > 0 {
		return
	}
	back := x.n - g.n
	if back >= 0 && back <= g.n-g.window+chunkLen && x.from <= g.window && len(x.pos) > back && x.holds(g) {
		for ; back > 0; back-- {
			x.pop()
		}
		x.tip, x.n = g.tip, g.n
		return
	}
	x.rebuild(g)
}

// holds reports whether g's history is an earlier part of the history held.
func (x *repIndex) holds(g *Game) bool {
	if g.n == 0 {
		return true
	}
	c, _ := find(x.tip, g.n)
	return c == g.tip
}

// rebuild fills the index with g's window, replayed from the checkpoint before
// it: the chunks from the one that holds the window's first half-move on.
func (x *repIndex) rebuild(g *Game) {
	x.reset(g.window)
	if g.window < g.n {
		var cs []*chunk
		for c := g.tip; ; c = c.parent {
			cs = append(cs, c)
			if c.base <= g.window {
				break
			}
		}
		for j := len(cs) - 1; j >= 0; j-- {
			ch, end := cs[j], g.n
			if j > 0 {
				end = cs[j-1].base
			}
			p := ch.start
			for k := ch.base; k < end; k++ {
				if k >= g.window {
					x.enter(&p)
				}
				p = p.play(p.expand(ch.plies[k-ch.base].move))
			}
		}
	}
	x.enter(&g.pos)
	x.tip, x.n = g.tip, g.n
}

// enter adds p as the newest position of the window and returns its
// occurrences in the window: those of the newest equal position before it, plus
// one. A short window is searched back position by position (comparing the
// board first is cheaper than hashing); past scanWindow positions, by hash.
func (x *repIndex) enter(p *Position) int {
	x.ops++
	e := int32(len(x.pos))
	n := int32(1)
	if x.newest == nil {
		for j := e - 1; j >= 0; j-- {
			if q := &x.pos[j]; q.turn == p.turn && q.colors == p.colors && q.pieces == p.pieces {
				x.compared++
				if q.Equal(*p) {
					n = x.count[j] + 1
					break
				}
			}
		}
		x.pos, x.count = append(x.pos, *p), append(x.count, n)
		if len(x.pos) > scanWindow {
			x.newest = make(map[uint64]int32, 2*len(x.pos))
			x.hash, x.prev = x.hash[:0], x.prev[:0]
			for i := range x.pos {
				h := x.pos[i].repetitionHash()
				prev, ok := x.newest[h]
				if !ok {
					prev = -1
				}
				x.hash, x.prev = append(x.hash, h), append(x.prev, prev)
				x.newest[h] = int32(i)
			}
		}
		return int(n)
	}
	h := p.repetitionHash()
	prev, ok := x.newest[h]
	if !ok {
		prev = -1
	}
	for j := prev; j >= 0; j = x.prev[j] {
		x.compared++
		if samePosition(&x.pos[j], p) {
			n = x.count[j] + 1
			break
		}
	}
	x.pos, x.hash, x.prev, x.count = append(x.pos, *p), append(x.hash, h), append(x.prev, prev), append(x.count, n)
	x.newest[h] = e
	return int(n)
}

// pop takes back the newest position.
func (x *repIndex) pop() {
	x.ops++
	e := len(x.pos) - 1
	if x.newest != nil {
		if p := x.prev[e]; p >= 0 {
			x.newest[x.hash[e]] = p
		} else {
			delete(x.newest, x.hash[e])
		}
		x.hash, x.prev = x.hash[:e], x.prev[:e]
	}
	x.pos, x.count = x.pos[:e], x.count[:e]
}

// samePosition is Position.Equal, the cheap fields first: Equal's en passant test
// generates moves.
func samePosition(a, b *Position) bool {
	return a.turn == b.turn && a.colors == b.colors && a.pieces == b.pieces && a.Equal(*b)
}

// repetitionSeed makes the positions' hashes differ from one process to the
// next, so that no input can be made to collide on purpose.
var repetitionSeed = rand.Uint64() | 1

// repetitionHash hashes what Position.Equal compares, but the en passant square
// (positions that differ only there are told apart by Equal): equal positions
// have equal hashes.
func (p *Position) repetitionHash() uint64 {
	h := repetitionSeed ^ uint64(p.turn)
	mix := func(w uint64) {
		h ^= w
		h *= 0x9E3779B97F4A7C15
		h ^= h >> 32
	}
	for _, w := range p.pieces {
		mix(w)
	}
	mix(p.colors[0])
	mix(p.colors[1])
	mix(p.castlingRights())
	return h
}
