// Package history keeps the half-moves of a game compactly, and counts how often
// its positions have occurred for the repetition draw, in a few bytes per
// half-move: no position is kept per half-move.
//
// A History is a persistent value: Append returns a longer one and leaves its
// receiver as it was, and values that branch from a common history share its
// half-moves. Half-moves are stored in chunks of ChunkSize: each chunk keeps the
// position before its first half-move (a checkpoint) and a byte stream of its
// half-moves, each the game's own encoding of the move, a few flag bits of the
// game's, and the positions recorded for the repetition rule during it (their
// hashes and counts). A position of the history is rebuilt by replaying at most
// ChunkSize half-moves from a checkpoint with the game's Play function.
//
// A chunk is filled in place by the history that last appended to it; appending
// to an earlier value (after a takeback, or to branch) starts a new chunk after
// the half-moves the two share, whose checkpoint is the position it starts from,
// so no half-move is ever copied. Values may be used from several goroutines: a
// chunk's stream is extended under its lock, and a reader reads only the part of
// it that its value covers, which never changes.
//
// The repetition draw needs, for each recorded position, how often it occurred
// since the last progress (its window). An Index, shared by the values of one
// game, holds the window of the history it was last asked about and answers
// Count in O(1) amortised while a game goes forward, with takebacks; for a
// history that branched elsewhere it takes back the records since the two
// histories part and enters the other's, or rebuilds from the other's window when
// that is cheaper: never more than O(window) records. Positions are compared
// exactly, rebuilt from their checkpoints, only when their hashes agree.
package history

import (
	"encoding/binary"
	"sync"
	"sync/atomic"
)

// ChunkSize is the number of half-moves of a chunk: the most a position's rebuild
// replays, and the number of half-moves that share one checkpoint.
const ChunkSize = 32

// MaxFlags is the largest flag value a half-move can carry (Append).
const MaxFlags = 3

// History is a game's sequence of half-moves, a persistent value (see the
// package documentation). The zero History has no half-move.
type History[P any] struct {
	c    *chunk[P] // the chunk of the last half-move; nil when there is none
	n    int32     // half-moves
	end  int32     // bytes of c's stream that hold this history's half-moves
	recs int32     // records made in them
	win  int32     // the number (from 1) of the newest record that made progress; 0: none
}

// chunk holds up to ChunkSize consecutive half-moves of the histories through
// it.
type chunk[P any] struct {
	parent *chunk[P] // the chunk before, nil for the first
	first  int32     // half-moves before this chunk
	recs0  int32     // records made in them
	win0   int32     // the newest of them that made progress, 0: none
	base   P         // the position before the chunk's first half-move

	mu   sync.Mutex
	n    int32                  // half-moves written (under mu)
	size int32                  // bytes of data written (under mu)
	data atomic.Pointer[[]byte] // the stream; len == cap; replaced (never changed below size) when it grows
}

// Record is a position recorded for the repetition rule during a half-move.
type Record struct {
	Hash     uint64
	Count    int32 // occurrences of the position in its window, itself included (Index.Count)
	Progress bool  // the position starts a new window: no earlier position can equal it
	// At is where in the half-move the position was recorded: after the first At
	// bytes of its move; -1 (or the move's length) at its end.
	At int32
}

// Len returns the number of half-moves.
func (h History[P]) Len() int { return int(h.n) }

// Records returns the number of records made in the half-moves.
func (h History[P]) Records() int { return int(h.recs) }

// WindowStart returns the number (from 1) of the first record of the window a
// new record after h's would be counted in: the newest that made progress, or 1.
func (h History[P]) WindowStart() int { return int(max(h.win, 1)) }

// bytes returns the first n bytes of c's stream.
func (c *chunk[P]) bytes(n int32) []byte {
	if n == 0 {
		return nil
	}
	return (*c.data.Load())[:n:n]
}

// The stream of a chunk holds each half-move as a header byte — the move's
// length when it is 1 to 7 (bits 0-2, else 0 and the length follows as a
// uvarint), whether a record was made at its end (bit 3) and whether that one
// made progress (bit 4), whether records were made inside it (bit 5), the
// game's flags (bits 6-7) — then the move's bytes; for records inside it their
// number (a byte) and each one's place (At, a uvarint), whether it made
// progress (a byte), hash (8 bytes, little-endian) and count (a uvarint); for
// the record at its end its hash and count.
const (
	lenMask     = 7
	endRecord   = 1 << 3
	endProgress = 1 << 4
	inRecords   = 1 << 5
	flagShift   = 6
)

// maxRecords is how many records a half-move can carry: at most two inside it
// and one at its end.
const maxRecords = 3

// appendPly appends the encoding of a half-move to b; the records are in order,
// a record at the end (At < 0 or len(move)) last.
func appendPly(b []byte, move []byte, flags uint8, recs []Record) []byte {
	hdr := flags << flagShift
	if len(move) >= 1 && len(move) <= lenMask {
		hdr |= uint8(len(move))
	}
	inside := recs
	var end *Record
	if k := len(recs) - 1; k >= 0 && (recs[k].At < 0 || int(recs[k].At) >= len(move)) {
		end, inside = &recs[k], recs[:k]
		hdr |= endRecord
		if end.Progress {
			hdr |= endProgress
		}
	}
	if len(inside) > 0 {
		hdr |= inRecords
	}
	b = append(b, hdr)
	if hdr&lenMask == 0 {
		b = binary.AppendUvarint(b, uint64(len(move)))
	}
	b = append(b, move...)
	if len(inside) > 0 {
		b = append(b, byte(len(inside)))
		for _, r := range inside {
			b = binary.AppendUvarint(b, uint64(r.At))
			if r.Progress {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
			b = binary.LittleEndian.AppendUint64(b, r.Hash)
			b = binary.AppendUvarint(b, uint64(r.Count))
		}
	}
	if end != nil {
		b = binary.LittleEndian.AppendUint64(b, end.Hash)
		b = binary.AppendUvarint(b, uint64(end.Count))
	}
	return b
}

// ply is a decoded half-move.
type ply struct {
	move  []byte
	flags uint8
	nrec  int
	recs  [maxRecords]Record
	next  int32 // offset of the next half-move
}

// decode reads the half-move at offset off of d. A record made at the end has
// At == len(move).
func decode(d []byte, off int32) ply {
	var p ply
	i := int(off)
	hdr := d[i]
	i++
	p.flags = hdr >> flagShift
	n := int(hdr & lenMask)
	if n == 0 {
		u, k := binary.Uvarint(d[i:])
		n, i = int(u), i+k
	}
	p.move = d[i : i+n : i+n]
	i += n
	if hdr&inRecords != 0 {
		k := int(d[i])
		i++
		for ; k > 0; k-- {
			rec := &p.recs[p.nrec]
			p.nrec++
			at, w := binary.Uvarint(d[i:])
			i += w
			rec.At, rec.Progress = int32(at), d[i] != 0
			rec.Hash = binary.LittleEndian.Uint64(d[i+1:])
			i += 9
			c, w := binary.Uvarint(d[i:])
			i += w
			rec.Count = int32(c)
		}
	}
	if hdr&endRecord != 0 {
		rec := &p.recs[p.nrec]
		p.nrec++
		rec.At, rec.Progress = int32(n), hdr&endProgress != 0
		rec.Hash = binary.LittleEndian.Uint64(d[i:])
		c, w := binary.Uvarint(d[i+8:])
		i += 8 + w
		rec.Count = int32(c)
	}
	p.next = int32(i)
	return p
}

// Append returns h with one more half-move: move (the game's encoding of it,
// which its Play function replays), flags (0..MaxFlags, the game's own) and the
// records made during it, in order: at most two inside it (0 ≤ At < len(move),
// ascending) and one at its end (At < 0 or len(move)). before is the position
// before the half-move (h's last position); a new chunk keeps it as its
// checkpoint. h is unchanged.
func (h History[P]) Append(before *P, move []byte, flags uint8, recs []Record) History[P] {
	if flags > MaxFlags || len(recs) > maxRecords {
		panic("history: Append: flags or records out of range")
	}
	var buf [64]byte
	enc := appendPly(buf[:0], move, flags, recs)
	out := History[P]{n: h.n + 1, recs: h.recs + int32(len(recs)), win: h.win}
	for i, r := range recs {
		if r.Progress {
			out.win = h.recs + int32(i) + 1
		}
	}
	if c := h.c; c != nil && h.n-c.first < ChunkSize && c.extend(h.n-c.first, enc) {
		out.c, out.end = c, h.end+int32(len(enc))
		return out
	}
	c := &chunk[P]{parent: h.c, first: h.n, recs0: h.recs, win0: h.win, base: *before}
	c.extend(0, enc)
	out.c, out.end = c, int32(len(enc))
	return out
}

// extend appends enc, one half-move, to c's stream if c holds exactly n
// half-moves (no other history has appended since), and reports whether it did.
func (c *chunk[P]) extend(n int32, enc []byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n != n {
		return false
	}
	var d []byte
	if p := c.data.Load(); p != nil {
		d = *p
	}
	if int(c.size)+len(enc) > len(d) {
		size := 2 * len(d)
		if d == nil {
			// About 15 bytes a half-move: a game's first chunk, which may be its
			// only one, for half of it, the others whole.
			size = 8 * ChunkSize
			if c.first > 0 {
				size = 16 * ChunkSize
			}
		}
		grown := make([]byte, max(size, int(c.size)+len(enc)))
		copy(grown, d[:c.size])
		c.data.Store(&grown)
		d = grown
	}
	copy(d[c.size:], enc)
	c.size += int32(len(enc))
	c.n++
	if c.n == ChunkSize && int(c.size) < len(d)-len(d)/8 {
		// Full: no half-move will be appended, so the room left is of no use.
		full := make([]byte, c.size)
		copy(full, d)
		c.data.Store(&full)
	}
	return true
}

// Compact gives the stream of h's last chunk the exact size it needs, when h
// is the history that last appended to it: for a history that will be kept
// without growing (a game read from a record), whose stream would otherwise
// keep up to half of it unused. A later Append grows it again.
func (h History[P]) Compact() {
	c := h.c
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n != h.n-c.first || int(c.size) == len(*c.data.Load()) {
		return
	}
	d := make([]byte, c.size)
	copy(d, *c.data.Load())
	c.data.Store(&d)
}

// Truncate returns the first m half-moves of h (0 ≤ m ≤ h.Len()).
//
// Cost: a step per chunk taken back and the decoding of at most ChunkSize
// half-moves.
func (h History[P]) Truncate(m int) History[P] {
	if m >= int(h.n) {
		return h
	}
	if m <= 0 {
		return History[P]{}
	}
	c := h.c
	for c.first >= int32(m) {
		c = c.parent
	}
	out := History[P]{c: c, n: c.first, recs: c.recs0, win: c.win0}
	d := h.stream(c)
	for out.n < int32(m) {
		p := decode(d, out.end)
		out.step(&p)
	}
	return out
}

// stream returns the part of the stream of c, a chunk of h's line, to decode h's
// half-moves from: up to h.end for h's own chunk; for an earlier one what has
// been written, which holds those of h's line (their number tells where they
// end) and never changes below what was written.
func (h History[P]) stream(c *chunk[P]) []byte {
	if c == h.c {
		return c.bytes(h.end)
	}
	c.mu.Lock()
	size := c.size
	c.mu.Unlock()
	return c.bytes(size)
}

// step advances a history being decoded over the half-move p that follows it.
func (h *History[P]) step(p *ply) {
	for i := range p.nrec {
		h.recs++
		if p.recs[i].Progress {
			h.win = h.recs
		}
	}
	h.n++
	h.end = p.next
}

// line returns the chunks of h from the one holding half-move m+1 (0: the
// first) to h's own, oldest first, with the number of h's half-moves each holds.
func (h History[P]) line(m int32) ([]*chunk[P], []int32) {
	var cs []*chunk[P]
	var ns []int32
	n := h.n
	for c := h.c; c != nil; c = c.parent {
		cs = append(cs, c)
		ns = append(ns, n-c.first)
		if c.first <= m {
			break
		}
		n = c.first
	}
	for i, j := 0, len(cs)-1; i < j; i, j = i+1, j-1 {
		cs[i], cs[j] = cs[j], cs[i]
		ns[i], ns[j] = ns[j], ns[i]
	}
	return cs, ns
}

// Each calls f for every half-move of h from the (from+1)-th on, in order, with
// its number (from 1), the position before it, its move and its flags, until f
// returns false. play replays a move on a position. The position is valid only
// during the call.
//
// Cost: replaying the half-moves from the checkpoint of the chunk holding the
// first one.
func (h History[P]) Each(from int, play func(p *P, move []byte), f func(n int, before *P, move []byte, flags uint8) bool) {
	if from >= int(h.n) {
		return
	}
	cs, ns := h.line(int32(max(from, 0)))
	var p P
	for i, c := range cs {
		d := h.stream(c)
		p = c.base
		var off int32
		for k := int32(0); k < ns[i]; k++ {
			pl := decode(d, off)
			off = pl.next
			if n := c.first + k + 1; int(n) > from && !f(int(n), &p, pl.move, pl.flags) {
				return
			}
			play(&p, pl.move)
		}
	}
}

// Last returns the last half-move of h (h.Len() > 0): its move, flags and
// records (a record made at the end has At == len(move)).
//
// Cost: decoding at most ChunkSize half-moves.
func (h History[P]) Last() (move []byte, flags uint8, recs []Record) {
	d := h.c.bytes(h.end)
	var off int32
	var p ply
	for k := h.c.first; k < h.n; k++ {
		p = decode(d, off)
		off = p.next
	}
	return p.move, p.flags, p.recs[:p.nrec:p.nrec]
}

// PositionAt returns the position after m half-moves of h (1 ≤ m ≤ h.Len()),
// replayed with play from the checkpoint of the chunk holding the m-th.
func (h History[P]) PositionAt(m int, play func(p *P, move []byte)) P {
	t := h.Truncate(m)
	p := t.c.base
	d := t.c.bytes(t.end)
	for off := int32(0); off < t.end; {
		pl := decode(d, off)
		play(&p, pl.move)
		off = pl.next
	}
	return p
}

// EachRecord calls f with the position and the record of every record of h
// numbered from `from` on (from 1), in order; play replays a move, or a part of
// one, on a position. The position is valid only during the call.
//
// Cost: replaying the half-moves from the checkpoint of the chunk holding the
// first record.
func (h History[P]) EachRecord(from int, play func(p *P, move []byte), f func(pos *P, r Record)) {
	if from > int(h.recs) {
		return
	}
	var cs []*chunk[P]
	c := h.c
	for ; c.recs0 >= int32(from); c = c.parent {
		cs = append(cs, c)
	}
	cs = append(cs, c)
	num := int32(0)
	for i := len(cs) - 1; i >= 0; i-- {
		c := cs[i]
		end := h.n
		if i > 0 {
			end = cs[i-1].first
		}
		d := h.stream(c)
		p := c.base
		num = c.recs0
		var off int32
		for k := c.first; k < end; k++ {
			pl := decode(d, off)
			off = pl.next
			for r := range pl.nrec {
				if num++; num < int32(from) {
					continue
				}
				q := p
				play(&q, pl.move[:min(int(pl.recs[r].At), len(pl.move))])
				f(&q, pl.recs[r])
			}
			play(&p, pl.move)
		}
	}
}
