package history

import "sync"

// Index counts how often positions occur in the windows of the histories of one
// game (Count), for the repetition draw. It is shared by the values of the game
// and safe for concurrent use.
//
// It holds the records of the window of one history, the one it was last asked
// about: ents lists the records numbered from on, and newest maps a hash to the
// number of the newest of them with it, each record pointing to the one before
// with its hash (prev), so the records with a hash are found in constant time
// and taken back in constant time.
type Index[P any] struct {
	play  func(p *P, move []byte)
	equal func(a, b *P) bool

	mu     sync.Mutex
	valid  bool       // it holds the window of at
	at     History[P] // the history whose window it holds
	from   int32      // the number of the first record held
	ents   []entry[P] // records from, from+1, …
	newest map[uint64]int32
	peak   int         // the most entries newest has held since it was made: clearing costs that
	ops    int         // records entered and taken back, for the tests of the cost
	path   []*chunk[P] // scratch: the chunks of a line moveTo and rebuild walk back over
	line   []*chunk[P] // scratch: the chunks whose records they enter
	counts []int32     // scratch: the half-moves of each
	found  []entry[P]  // scratch: the records they enter
	tmp    *[2]P       // scratch: the position Count counts, one it is compared with (dropped by Release)
}

// entry is a record the index holds: where it was made and what it counts.
type entry[P any] struct {
	hash  uint64
	c     *chunk[P]
	off   int32 // offset of its half-move in c's stream
	ply   int32 // number of its half-move (from 1)
	at    int32 // made after the first at bytes of its move
	count int32
	prev  int32 // the number of the newest earlier record held with the same hash; 0: none
	prog  bool  // it made progress
}

// NewIndex returns an index for a game whose moves play replays and whose
// recorded positions equal compares (positions with equal hashes only).
func NewIndex[P any](play func(p *P, move []byte), equal func(a, b *P) bool) *Index[P] {
	return &Index[P]{play: play, equal: equal}
}

// Pending is a record of a half-move not yet in any history: Count compares
// with it too.
type Pending[P any] struct {
	Pos      *P
	Hash     uint64
	Count    int32
	Progress bool
}

// Count returns how often pos, whose hash is hash, occurs in the window of a
// record made after the records of h and then those of pending (oldest first),
// itself included: 1 for a position new to its window, and always 1 when
// progress says that it starts a new window.
//
// Cost: O(1) amortised when h is the history Count was last asked about or
// differs from it by a few half-moves at the end (a takeback, a move played);
// at most O(w) records entered, w the records of h's window, for any other; and
// a rebuild of a position (at most ChunkSize half-moves replayed) per earlier
// record with the same hash.
func (x *Index[P]) Count(h History[P], pending []Pending[P], pos *P, hash uint64, progress bool) int32 {
	if progress {
		return 1
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.tmp == nil {
		x.tmp = new([2]P)
	}
	x.tmp[0] = *pos // compared from the index's own memory: the caller's position stays where it is
	for i := len(pending) - 1; i >= 0; i-- {
		pd := &pending[i]
		if pd.Hash == hash {
			x.tmp[1] = *pd.Pos
			if x.equal(&x.tmp[1], &x.tmp[0]) {
				return pd.Count + 1
			}
		}
		if pd.Progress {
			return 1
		}
	}
	x.moveTo(h)
	start := int32(h.WindowStart())
	for r := x.newest[hash]; r >= start; {
		e := &x.ents[r-x.from]
		x.position(e)
		if x.equal(&x.tmp[1], &x.tmp[0]) {
			return e.count + 1
		}
		r = e.prev
	}
	return 1
}

// Release drops the records the index holds; the next Count builds what it
// needs again. For a game that will not be played on (a record kept after
// reading), whose index would otherwise keep its last window.
func (x *Index[P]) Release() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.valid, x.at, x.ents, x.newest, x.peak = false, History[P]{}, nil, nil, 0
	x.path, x.line, x.counts, x.found, x.tmp = nil, nil, nil, nil, nil
}

// Ops returns how many records the index has entered and taken back since it
// was made: its work, which tests of the cost compare between games of
// different lengths.
func (x *Index[P]) Ops() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.ops
}

// position rebuilds the position of the record e in x.tmp[1]: from its chunk's
// checkpoint, replaying the half-moves before its own and its own up to the
// record.
func (x *Index[P]) position(e *entry[P]) {
	p := &x.tmp[1]
	*p = e.c.base
	d := e.c.written()
	var off int32
	for off < e.off {
		pl := decode(d, off)
		x.play(p, pl.move)
		off = pl.next
	}
	pl := decode(d, off)
	x.play(p, pl.move[:min(int(e.at), len(pl.move))])
}

// written returns the part of c's stream written so far.
func (c *chunk[P]) written() []byte {
	c.mu.Lock()
	size := c.size
	c.mu.Unlock()
	return c.bytes(size)
}

// first is c.first, or -1 for nil (the empty history's chunk).
func first[P any](c *chunk[P]) int32 {
	if c == nil {
		return -1
	}
	return c.first
}

// moveTo makes the index hold the window of h: by taking back the records made
// after the half-moves h shares with the history it holds and entering h's
// records after them, or, when that would cost more than h's window, or the
// index does not reach back far enough, by rebuilding it from h's window.
func (x *Index[P]) moveTo(h History[P]) {
	if x.valid && (x.at == h || h.n == x.at.n+1 && x.stepTo(h)) {
		return
	}
	if !x.valid {
		x.rebuild(h)
		return
	}
	start := int32(h.WindowStart())
	budget := h.recs - start + 2 // rebuilding enters the window's records
	// The half-moves the two share: walk both lines back to a common chunk.
	ca, cb := x.at.c, h.c
	na, nb := x.at.n, h.n
	x.path = x.path[:0]
	for steps := int32(0); ca != cb; steps++ {
		if steps > budget {
			x.rebuild(h)
			return
		}
		fa, fb := first(ca), first(cb)
		if fa >= fb {
			na, ca = ca.first, ca.parent
		}
		if fb >= fa {
			x.path = append(x.path, cb)
			nb, cb = cb.first, cb.parent
		}
	}
	m := min(na, nb)
	if h.n-m > budget {
		x.rebuild(h)
		return
	}
	// h's records after half-move m, decoded before anything is taken back.
	x.found = x.found[:0]
	cs, ns := x.lineAfter(h, cb)
	x.decodeInto(h, cs, ns, m, 0)
	recsM := h.recs - int32(len(x.found)) // records up to half-move m
	for len(x.ents) > 0 && x.ents[len(x.ents)-1].ply > m {
		x.pop()
	}
	switch {
	case len(x.ents) > 0 && start >= x.from:
	case start > recsM:
		// The window starts among h's records to enter; what is held is of no use.
		x.reset(recsM + 1)
	default:
		x.rebuild(h)
		return
	}
	x.enterFound(recsM)
	x.at = h
	clear(x.path) // the scratch keeps no chunk alive
	clear(x.line)
}

// stepTo enters the records of h's last half-move, when h is x.at with one
// more half-move (a game going on), and reports whether it was.
func (x *Index[P]) stepTo(h History[P]) bool {
	var off int32
	switch {
	case h.c == x.at.c:
		off = x.at.end
	case h.c.parent == x.at.c && h.c.first == x.at.n:
	default:
		return false
	}
	pl := decode(h.c.bytes(h.end), off)
	num := x.at.recs
	for r := range pl.nrec {
		num++
		rec := &pl.recs[r]
		if rec.Progress {
			x.reset(num)
		}
		x.push(entry[P]{hash: rec.Hash, c: h.c, off: off, ply: h.n, at: rec.At, count: rec.Count, prog: rec.Progress}, num)
	}
	x.at = h
	return true
}

// lineAfter returns the chunks of h's line from c (the chunk holding half-move
// m, or nil for none) on, oldest first, with the number of h's half-moves each
// holds: c, then the chunks of x.path (h's chunks after c, newest first).
func (x *Index[P]) lineAfter(h History[P], c *chunk[P]) ([]*chunk[P], []int32) {
	cs, ns := x.line[:0], x.counts[:0]
	end := func(i int) int32 { // where the chunk before x.path[i] ends in h's line
		if i < 0 {
			return h.n
		}
		return x.path[i].first
	}
	if c != nil {
		cs, ns = append(cs, c), append(ns, end(len(x.path)-1)-c.first)
	}
	for i := len(x.path) - 1; i >= 0; i-- {
		cs, ns = append(cs, x.path[i]), append(ns, end(i-1)-x.path[i].first)
	}
	x.line, x.counts = cs, ns
	return cs, ns
}

// decodeInto appends to x.found the records of h's half-moves after half-move
// m held by the chunks cs (ns half-moves each), with the records numbered from
// minRec on only. When the first chunk is that of x.at, which holds m
// half-moves, its decoding starts where x.at ends.
func (x *Index[P]) decodeInto(h History[P], cs []*chunk[P], ns []int32, m int32, minRec int32) {
	for i, c := range cs {
		d := h.stream(c)
		var off int32
		k, num := int32(0), c.recs0
		if i == 0 && x.valid && c == x.at.c && x.at.n == m {
			k, num, off = m-c.first, x.at.recs, x.at.end
		}
		for ; k < ns[i]; k++ {
			pl := decode(d, off)
			ply := c.first + k + 1
			for r := range pl.nrec {
				num++
				if ply > m && num >= minRec {
					rec := &pl.recs[r]
					x.found = append(x.found, entry[P]{hash: rec.Hash, c: c, off: off, ply: ply, at: rec.At, count: rec.Count, prog: rec.Progress})
				}
			}
			off = pl.next
		}
	}
}

// enterFound enters the records of x.found, numbered after last, making a new
// window at each that made progress, and empties x.found.
func (x *Index[P]) enterFound(last int32) {
	for i := range x.found {
		e := x.found[i]
		num := last + int32(i) + 1
		if e.prog {
			x.reset(num)
		}
		x.push(e, num)
	}
	clear(x.found)
	x.found = x.found[:0]
}

// rebuild makes the index hold h's window and nothing else.
func (x *Index[P]) rebuild(h History[P]) {
	start := int32(h.WindowStart())
	x.reset(start)
	x.valid = false // decodeInto starts no chunk where x.at ends
	if h.recs >= start {
		// The chunks from the one holding record start.
		x.path = x.path[:0]
		c := h.c
		for ; c.recs0 >= start; c = c.parent {
			x.path = append(x.path, c)
		}
		cs, ns := x.lineAfter(h, c)
		clear(x.found)
		x.found = x.found[:0] // moveTo may have decoded its own
		x.decodeInto(h, cs, ns, 0, start)
		for i := range x.found {
			x.push(x.found[i], start+int32(i))
		}
		clear(x.found)
		x.found = x.found[:0]
		clear(x.path)
		clear(x.line)
	}
	x.valid, x.at = true, h
}

// push enters e as record num, the one after the newest held.
func (x *Index[P]) push(e entry[P], num int32) {
	x.ops++
	if x.newest == nil {
		x.newest = map[uint64]int32{}
	}
	e.prev = x.newest[e.hash]
	x.newest[e.hash] = num
	x.peak = max(x.peak, len(x.newest))
	x.ents = append(x.ents, e)
}

// pop takes back the newest record held.
func (x *Index[P]) pop() {
	x.ops++
	last := len(x.ents) - 1
	e := &x.ents[last]
	if e.prev != 0 {
		x.newest[e.hash] = e.prev
	} else {
		delete(x.newest, e.hash)
	}
	x.ents[last] = entry[P]{} // no longer keeps its chunk alive
	x.ents = x.ents[:last]
}

// reset empties the index, to hold the records from the number from on.
func (x *Index[P]) reset(from int32) {
	if x.peak > 64 {
		x.newest, x.peak = nil, 0 // a big map costs its size to clear
	} else {
		clear(x.newest)
	}
	clear(x.ents)
	x.ents = x.ents[:0]
	x.from = from
}
