package history

import "sync"

// Index counts how often positions occur in the windows of the histories of one
// game (Count), for the repetition draw. It is shared by the values of the game
// and safe for concurrent use.
//
// It holds the records of the window of one history, the one it was last asked
// about or appended to: ents lists the records numbered from on, with their
// hashes. A short window is searched back record by record; a longer one has
// newest, which maps a hash to the number of the newest record with it, each
// record pointing to the one before with its hash (prev), so the records with a
// hash are found in constant time and taken back in constant time.
type Index[P any] struct {
	play  func(p *P, move []byte)
	equal func(a, b *P) bool
	hash  func(p *P) uint64

	mu     sync.Mutex
	valid  bool       // it holds the window of at
	at     History[P] // the history whose window it holds
	from   int32      // the number of the first record held
	ents   []entry[P] // records from, from+1, …
	mapped bool       // newest and prev hold the records (a window of more than scanWindow)
	newest map[uint64]int32
	peak   int         // the most entries newest has held since it was made: clearing costs that
	ops    int         // records entered and taken back, for the tests of the cost
	cmps   int         // positions compared, for the same
	path   []*chunk[P] // scratch: the chunks of a line moveTo and rebuild walk back over
	line   []*chunk[P] // scratch: the chunks whose records they enter
	counts []int32     // scratch: the half-moves of each
	found  []entry[P]  // scratch: the records they enter
	tmp    *scratch[P] // the positions it works on (dropped by Release)
}

// scanWindow is the most records a window has that Count searches back one by
// one (comparing hashes is cheaper than keeping a map for them).
const scanWindow = 32

// scratch holds the positions an Index works on, in its own memory: the
// callers' positions are only read, and none escapes per call.
type scratch[P any] struct {
	query P // the position Count counts
	cmp   P // one it is compared with, or a record's being hashed
	walk  P // the position a replay has reached
	// cur is the position before the half-move at offset curOff of curC's
	// stream: where the last rebuild of a record's position stopped, so that
	// the next, in the same chunk and no earlier, goes on from there.
	cur    P
	curC   *chunk[P]
	curOff int32
}

// entry is a record the index holds: where it was made and what it counts.
type entry[P any] struct {
	hash  uint64
	c     *chunk[P]
	off   int32 // offset of its half-move in c's stream
	ply   int32 // number of its half-move (from 1)
	at    int32 // made after the first at bytes of its move
	count int32
	prev  int32 // the number of the newest earlier record held with the same hash; 0: none (mapped only)
	prog  bool  // it made progress
}

// NewIndex returns an index for a game whose moves play replays, whose
// recorded positions equal compares (positions with equal hashes only), and
// which hash hashes: the hash of the records appended (Append) and counted
// (Count), which equal positions share.
func NewIndex[P any](play func(p *P, move []byte), equal func(a, b *P) bool, hash func(p *P) uint64) *Index[P] {
	return &Index[P]{play: play, equal: equal, hash: hash}
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
// Cost: O(1) amortised when h is the history the index was last asked about or
// appended to, or differs from it by a few half-moves at the end (a takeback, a
// move played); at most O(w) records entered, w the records of h's window, and
// their positions replayed from their checkpoints, for any other; and a
// rebuild of a position (at most ChunkSize half-moves replayed, fewer when the
// one before was rebuilt from the same chunk) per earlier record with the same
// hash.
func (x *Index[P]) Count(h History[P], pending []Pending[P], pos *P, hash uint64, progress bool) int32 {
	if progress {
		return 1
	}
	x.mu.Lock()
	n := x.count(h, pending, pos, hash)
	x.mu.Unlock()
	return n
}

// count is Count for a record that does not make progress, under x.mu.
func (x *Index[P]) count(h History[P], pending []Pending[P], pos *P, hash uint64) int32 {
	if x.tmp == nil {
		x.tmp = new(scratch[P])
	}
	s := x.tmp
	for i := len(pending) - 1; i >= 0; i-- {
		pd := &pending[i]
		if pd.Hash == hash {
			x.cmps++
			s.query, s.cmp = *pos, *pd.Pos // compared in the index's own memory: the callers' positions stay where they are
			if x.equal(&s.cmp, &s.query) {
				return pd.Count + 1
			}
		}
		if pd.Progress {
			return 1
		}
	}
	if !x.valid || !x.at.is(h) {
		x.moveTo(h)
	}
	start := int32(h.WindowStart())
	if !x.mapped {
		for i := len(x.ents) - 1; i >= 0 && x.from+int32(i) >= start; i-- {
			if e := &x.ents[i]; e.hash == hash && x.same(e, pos) {
				return e.count + 1
			}
		}
		return 1
	}
	for r := x.newest[hash]; r >= start; {
		e := &x.ents[r-x.from]
		if x.same(e, pos) {
			return e.count + 1
		}
		r = e.prev
	}
	return 1
}

// same reports whether the position of the record e is pos, the one Count
// counts.
func (x *Index[P]) same(e *entry[P], pos *P) bool {
	x.cmps++
	q := x.position(e)
	x.tmp.query = *pos
	return x.equal(q, &x.tmp.query)
}

// Append returns h.Append(before, move, flags, recs) — h a history of the
// index's game, the records' hashes by its hash function — and enters the
// records in the index when it holds h's window (the game goes on from the
// history it last counted or appended to), so that it holds the new history's.
// A game appends its half-moves this way.
func (x *Index[P]) Append(h History[P], before *P, move []byte, flags uint8, recs []Record) History[P] {
	x.mu.Lock()
	out := x.append(h, before, move, flags, recs)
	x.mu.Unlock()
	return out
}

// AppendCounted is Count and Append at once, under one lock, for a half-move
// with one record, at its end: after, the position the half-move leads to, with
// its hash and whether it makes progress. It sets *h to the history with the
// half-move and returns the record's count. (A game's usual step: its history
// is updated in place, and the history held by the index, in its chunk, is
// extended without Append's steps.)
func (x *Index[P]) AppendCounted(h *History[P], before *P, move []byte, flags uint8, after *P, hash uint64, progress bool) int32 {
	if flags > MaxFlags {
		panic("history: AppendCounted: flags out of range") // as Append, before the index is locked
	}
	count := int32(1)
	x.mu.Lock()
	if !progress {
		count = x.count(*h, nil, after, hash)
	}
	if c := h.c; c != nil && x.valid && x.at.c == c && x.at.n == h.n {
		if end, ok := c.extendInPlace(h.n-c.first, move, flags, count, progress); ok {
			off := h.end
			h.n, h.end, h.recs = h.n+1, end, h.recs+1
			if progress {
				h.win = h.recs
				x.reset(h.recs)
			}
			x.push(h.recs, hash, c, off, h.n, int32(len(move)), count, progress)
			x.at.n, x.at.end, x.at.recs, x.at.win = h.n, h.end, h.recs, h.win
			x.mu.Unlock()
			return count
		}
	}
	rec := [1]Record{{Hash: hash, Count: count, Progress: progress, At: -1}}
	*h = x.append(*h, before, move, flags, rec[:])
	x.mu.Unlock()
	return count
}

// append is Append under x.mu.
func (x *Index[P]) append(h History[P], before *P, move []byte, flags uint8, recs []Record) History[P] {
	out := h.Append(before, move, flags, recs)
	if !x.valid && h.n == 0 {
		x.reset(1)
		x.valid = true
		x.hold(h)
	}
	if !x.valid || !x.at.is(h) {
		return out // the next Count moves the index
	}
	var off int32
	if out.c == h.c {
		off = h.end
	}
	num := h.recs
	for i := range recs {
		r := &recs[i]
		num++
		at := r.At
		if at < 0 || int(at) > len(move) {
			at = int32(len(move))
		}
		if r.Progress {
			x.reset(num)
		}
		x.push(num, r.Hash, out.c, off, out.n, at, r.Count, r.Progress)
	}
	x.hold(out)
	return out
}

// hold records that the index holds h's window (field by field: one pointer
// written).
func (x *Index[P]) hold(h History[P]) {
	x.at.c = h.c
	x.at.n, x.at.end, x.at.recs, x.at.win = h.n, h.end, h.recs, h.win
}

// Release drops the records the index holds and its memory; the next Count
// builds what it needs again. For a game that will not be played on (a record
// kept after reading), whose index would otherwise keep its last window.
func (x *Index[P]) Release() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.valid, x.at, x.ents, x.mapped, x.newest, x.peak = false, History[P]{}, nil, false, nil, 0
	x.path, x.line, x.counts, x.found, x.tmp = nil, nil, nil, nil, nil
}

// Reset drops the records the index holds but keeps its memory, for an index
// used again for another game of the same kind (a reader's, game after game).
func (x *Index[P]) Reset() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.reset(1)
	if cap(x.ents) > 16*scanWindow {
		x.ents = nil // a long window's memory is let go
	}
	clear(x.ents[:cap(x.ents)]) // keeps no chunk alive
	x.valid, x.at = false, History[P]{}
	if x.tmp != nil {
		x.tmp.curC = nil // keeps no chunk alive
	}
}

// Ops returns how many records the index has entered and taken back since it
// was made: its work, which tests of the cost compare between games of
// different lengths.
func (x *Index[P]) Ops() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.ops
}

// Compared returns how many positions Count has compared (those with equal
// hashes) since the index was made, for the same tests.
func (x *Index[P]) Compared() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.cmps
}

// position rebuilds the position of the record e in x.tmp.cmp and returns it:
// from its chunk's checkpoint, or from where the last rebuild stopped when that
// is in the same chunk and not after e's half-move, replaying the half-moves
// before e's and e's up to the record. A rebuild stops before e's half-move, or
// after it for a record at its end.
func (x *Index[P]) position(e *entry[P]) *P {
	s := x.tmp
	if s.curC != e.c || s.curOff > e.off {
		s.cur, s.curC, s.curOff = e.c.base, e.c, 0
	}
	d := e.c.written()
	off := s.curOff
	for off < e.off {
		pl := decode(d, off)
		x.play(&s.cur, pl.move)
		off = pl.next
	}
	s.curOff = off
	move, _, next := decodeMove(d, off)
	if int(e.at) < len(move) {
		s.cmp = s.cur
		x.play(&s.cmp, move[:e.at])
		return &s.cmp
	}
	// A record at the end of its half-move: the position after it is where
	// the next rebuild goes on from (a shuffle asks for the next half-move's).
	x.play(&s.cur, move)
	s.curOff = next
	s.cmp = s.cur
	return &s.cmp
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
	if x.valid && x.at.is(h) {
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
	// h's records after half-move m, found before anything is taken back.
	x.found = x.found[:0]
	cs, ns := x.lineAfter(h, cb)
	x.collect(h, cs, ns, m, 0)
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
	x.hold(h)
	clear(x.path) // the scratch keeps no chunk alive
	clear(x.line)
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

// collect appends to x.found the records of h's half-moves after half-move m
// held by the chunks cs (ns half-moves each), with the records numbered from
// minRec on only, each hashed from its position, replayed from its chunk's
// checkpoint.
func (x *Index[P]) collect(h History[P], cs []*chunk[P], ns []int32, m int32, minRec int32) {
	s := x.tmp
	for i, c := range cs {
		if c.first+ns[i] <= m {
			continue // none of its half-moves is after m
		}
		d := h.stream(c)
		w := &s.walk
		*w = c.base
		var off int32
		num := c.recs0
		for k := int32(0); k < ns[i]; k++ {
			pl := decode(d, off)
			ply := c.first + k + 1
			played := false
			for r := range pl.nrec {
				num++
				rec := &pl.recs[r]
				if ply <= m || num < minRec {
					continue
				}
				q := &s.cmp
				if int(rec.At) < len(pl.move) {
					*q = *w
					x.play(q, pl.move[:rec.At])
				} else {
					x.play(w, pl.move)
					q, played = w, true
				}
				x.found = append(x.found, entry[P]{hash: x.hash(q), c: c, off: off, ply: ply, at: rec.At, count: rec.Count, prog: rec.Progress})
			}
			if !played {
				x.play(w, pl.move)
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
		x.push(num, e.hash, e.c, e.off, e.ply, e.at, e.count, e.prog)
	}
	clear(x.found)
	x.found = x.found[:0]
}

// rebuild makes the index hold h's window and nothing else.
func (x *Index[P]) rebuild(h History[P]) {
	start := int32(h.WindowStart())
	x.reset(start)
	if h.recs >= start {
		// The chunks from the one holding record start.
		x.path = x.path[:0]
		c := h.c
		for ; c.recs0 >= start; c = c.parent {
			x.path = append(x.path, c)
		}
		cs, ns := x.lineAfter(h, c)
		clear(x.found)
		x.found = x.found[:0] // moveTo may have collected its own
		x.collect(h, cs, ns, 0, start)
		for i := range x.found {
			e := &x.found[i]
			x.push(start+int32(i), e.hash, e.c, e.off, e.ply, e.at, e.count, e.prog)
		}
		clear(x.found)
		x.found = x.found[:0]
		clear(x.path)
		clear(x.line)
	}
	x.valid = true
	x.hold(h)
}

// push enters record num, the one after the newest held: its hash, the chunk and
// offset of its half-move, the half-move's number, its place in it, its count and
// whether it made progress. (Field by field: the entry's one pointer is written
// alone.)
func (x *Index[P]) push(num int32, hash uint64, c *chunk[P], off, ply, at, count int32, prog bool) {
	x.ops++
	k := len(x.ents)
	if k < cap(x.ents) {
		x.ents = x.ents[:k+1]
	} else {
		x.ents = append(x.ents, entry[P]{})
	}
	e := &x.ents[k]
	e.hash, e.off, e.ply, e.at, e.count, e.prog = hash, off, ply, at, count, prog
	e.c = c
	e.prev = 0
	if x.mapped {
		e.prev = x.newest[hash]
		x.newest[hash] = num
		x.peak = max(x.peak, len(x.newest))
	} else if k >= scanWindow {
		x.mapAll()
	}
}

// mapAll enters the records held in newest, for a window grown past
// scanWindow.
func (x *Index[P]) mapAll() {
	if x.newest == nil {
		x.newest = make(map[uint64]int32, 2*len(x.ents))
	}
	for i := range x.ents {
		e := &x.ents[i]
		e.prev = x.newest[e.hash]
		x.newest[e.hash] = x.from + int32(i)
	}
	x.peak = max(x.peak, len(x.newest))
	x.mapped = true
}

// pop takes back the newest record held.
func (x *Index[P]) pop() {
	x.ops++
	last := len(x.ents) - 1
	e := &x.ents[last]
	if x.mapped {
		if e.prev != 0 {
			x.newest[e.hash] = e.prev
		} else {
			delete(x.newest, e.hash)
		}
	}
	x.ents = x.ents[:last] // its chunk is the game's: kept alive until Reset or Release, or overwritten
}

// reset empties the index, to hold the records from the number from on.
func (x *Index[P]) reset(from int32) {
	if x.mapped {
		if x.peak > 64 {
			x.newest, x.peak = nil, 0 // a big map costs its size to clear
		} else {
			clear(x.newest)
		}
		x.mapped = false
	}
	x.ents = x.ents[:0] // the chunks the entries name are the game's: Reset and Release let them go
	x.from = from
}
