package history

import (
	"bytes"
	"encoding/binary"
	"slices"
	"sync"
)

// ChunkSize is the number of half-moves of a chunk: the most a position's rebuild
// replays, and the number of half-moves that share one checkpoint.
const ChunkSize = 64

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
	n    int32  // half-moves written (under mu)
	size int32  // bytes of data written (under mu)
	data []byte // the stream (under mu); replaced by a longer one when it grows: never changed below size
}

// Record is a position recorded for the repetition rule during a half-move.
type Record struct {
	// Hash is the position's hash, by the hash function of the game's Index,
	// which Index.Append enters. The history does not keep it: the records read
	// back (Last, EachRecord) have 0.
	Hash     uint64
	Count    int32 // occurrences of the position in its window, itself included (Index.Count)
	Progress bool  // the position starts a new window: no earlier position can equal it
	// At is where in the half-move the position was recorded: after the first At
	// bytes of its move; -1 (or the move's length) at its end.
	At int32
}

// is reports whether h and o are the same history: the same number of
// half-moves in the same chunk (which fixes the rest).
func (h History[P]) is(o History[P]) bool { return h.c == o.c && h.n == o.n }

// Len returns the number of half-moves.
func (h History[P]) Len() int { return int(h.n) }

// Records returns the number of records made in the half-moves.
func (h History[P]) Records() int { return int(h.recs) }

// WindowStart returns the number (from 1) of the first record of the window a
// new record after h's would be counted in: the newest that made progress, or 1.
func (h History[P]) WindowStart() int { return int(max(h.win, 1)) }

// bytes returns the first n bytes of c's stream (n at most what has been
// written).
func (c *chunk[P]) bytes(n int32) []byte {
	c.mu.Lock()
	d := c.data[:n:n]
	c.mu.Unlock()
	return d
}

// written returns the part of c's stream written so far.
func (c *chunk[P]) written() []byte {
	c.mu.Lock()
	d := c.data[:c.size:c.size]
	c.mu.Unlock()
	return d
}

// The stream of a chunk holds each half-move as a header byte — the move's
// length when it is 1 to 7 (bits 0-2, else 0 and the length follows as a
// uvarint), whether a record was made at its end (bit 3) and whether that one
// made progress (bit 4), whether records were made inside it (bit 5), the
// game's flags (bits 6-7) — then the move's bytes; for records inside it their
// number (a byte) and for each its place and whether it made progress (At<<1 |
// progress, a uvarint) and its count (a uvarint); for the record at its end its
// count. A half-move of two bytes with a record at its end takes four.
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

// firstRoom is the room of a game's first chunk, which may be its only one:
// 32 half-moves of four bytes (a two-byte move with its record at its end, both
// games' usual half-move, putUsual) and a few for the start. It doubles when a
// game goes on.
const firstRoom = 4*32 + 8

// maxPlyExtra is the most bytes a half-move's encoding takes besides its move:
// the header, the move's length, the number of records inside, their places and
// counts, the count at the end.
const maxPlyExtra = 1 + binary.MaxVarintLen32 + 1 + (maxRecords-1)*2*binary.MaxVarintLen32 + binary.MaxVarintLen32

// appendPly appends the encoding of a half-move to b; the records are in order,
// a record at the end (At < 0 or len(move)) last.
func appendPly(b []byte, move []byte, flags uint8, recs []Record) []byte {
	if len(recs) == 1 && (recs[0].At < 0 || int(recs[0].At) >= len(move)) && usual(move, recs[0].Count) {
		var u [lenMask + 2]byte
		return append(b, u[:putUsual(u[:], move, flags, recs[0].Count, recs[0].Progress)]...)
	}
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
			at := uint64(r.At) << 1
			if r.Progress {
				at |= 1
			}
			b = binary.AppendUvarint(b, at)
			b = binary.AppendUvarint(b, uint64(r.Count))
		}
	}
	if end != nil {
		b = binary.AppendUvarint(b, uint64(end.Count))
	}
	return b
}

// usual reports whether a half-move of move, with one record, at its end, of
// count, has the usual encoding (putUsual): a short move, a count in a byte.
func usual(move []byte, count int32) bool {
	return len(move) >= 1 && len(move) <= lenMask && uint32(count) < 0x80
}

// putUsual writes the usual encoding of a half-move (usual) with its record of
// count at its end, which makes progress or not, in d, which has room for it
// (the move and two bytes), and returns its length.
func putUsual(d []byte, move []byte, flags uint8, count int32, progress bool) int32 {
	n := len(move)
	hdr := flags<<flagShift | uint8(n) | endRecord
	if progress {
		hdr |= endProgress
	}
	d = d[:n+2]
	d[0] = hdr
	if n == 2 {
		d[1], d[2] = move[0], move[1] // the usual move's two bytes (Atomic's squares, or a lift and a place) without a call
	} else {
		copy(d[1:], move)
	}
	d[n+1] = byte(count)
	return int32(n + 2)
}

// usualAt returns the length of the move of the half-move at offset i of d if
// it has the usual encoding, else 0.
func usualAt(d []byte, i int) int {
	hdr := d[i]
	if n := int(hdr & lenMask); n != 0 && hdr&(inRecords|endRecord) == endRecord && d[i+1+n] < 0x80 {
		return n
	}
	return 0
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
			rec.At, rec.Progress = int32(at>>1), at&1 != 0
			c, w := binary.Uvarint(d[i:])
			i += w
			rec.Count = int32(c)
		}
	}
	if hdr&endRecord != 0 {
		rec := &p.recs[p.nrec]
		p.nrec++
		rec.At, rec.Progress = int32(n), hdr&endProgress != 0
		if b := d[i]; b < 0x80 {
			rec.Count, i = int32(b), i+1 // the usual count, in one byte
		} else {
			c, w := binary.Uvarint(d[i:])
			rec.Count, i = int32(c), i+w
		}
	}
	p.next = int32(i)
	return p
}

// decodeMove reads the move and the flags of the half-move at offset off of d,
// and the offset of the next, passing over its records.
func decodeMove(d []byte, off int32) (move []byte, flags uint8, next int32) {
	i := int(off)
	hdr := d[i]
	i++
	n := int(hdr & lenMask)
	if n == 0 {
		u, k := binary.Uvarint(d[i:])
		n, i = int(u), i+k
	}
	move = d[i : i+n : i+n]
	i += n
	if hdr&inRecords != 0 {
		k := int(d[i])
		for i++; k > 0; k-- {
			i = skipUvarint(d, skipUvarint(d, i)) // At and progress; count
		}
	}
	if hdr&endRecord != 0 {
		i = skipUvarint(d, i)
	}
	return move, hdr >> flagShift, int32(i)
}

// skipUvarint returns the offset after the uvarint at offset i of d.
func skipUvarint(d []byte, i int) int {
	for d[i] >= 0x80 {
		i++
	}
	return i + 1
}

// Append returns h with one more half-move: move (the game's encoding of it,
// which its Play function replays), flags (0..MaxFlags, the game's own) and the
// records made during it, in order: at most two inside it (0 ≤ At < len(move),
// ascending) and one at its end (At < 0 or len(move)). before is the position
// before the half-move (h's last position); a new chunk keeps it as its
// checkpoint. h is unchanged. The records' hashes are not kept: a game appends
// with Index.Append, which enters them in its index.
func (h History[P]) Append(before *P, move []byte, flags uint8, recs []Record) History[P] {
	if flags > MaxFlags || len(recs) > maxRecords {
		panic("history: Append: flags or records out of range")
	}
	out := History[P]{n: h.n + 1, recs: h.recs + int32(len(recs)), win: h.win}
	for i := range recs {
		if recs[i].Progress {
			out.win = h.recs + int32(i) + 1
		}
	}
	if c := h.c; c != nil && h.n-c.first < ChunkSize {
		if end, ok := c.extend(h.n-c.first, h.end, move, flags, recs); ok {
			out.c, out.end = c, end
			return out
		}
	}
	c := &chunk[P]{parent: h.c, first: h.n, recs0: h.recs, win0: h.win, base: *before}
	if h.c != nil {
		// A game's first chunk, which may be its only one, starts with the
		// room extend gives; a later one with what h's half-moves took in the
		// chunk before, and a little.
		c.data = make([]byte, h.end+h.end/8)
	}
	out.c = c
	out.end, _ = c.extend(0, 0, move, flags, recs)
	return out
}

// extendInPlace is extend's usual case, for a half-move with one record, at its
// end, of count, which makes progress or not: c holds exactly n half-moves, the
// new one does not fill it and has the usual encoding, and the stream has room.
// It returns where the half-move ends; false, and nothing done, if not so.
func (c *chunk[P]) extendInPlace(n int32, move []byte, flags uint8, count int32, progress bool) (int32, bool) {
	if n+1 >= ChunkSize || !usual(move, count) {
		return 0, false
	}
	c.mu.Lock()
	if c.n != n || len(c.data)-int(c.size) < len(move)+2 {
		c.mu.Unlock()
		return 0, false
	}
	size := c.size + putUsual(c.data[c.size:], move, flags, count, progress)
	c.size = size
	c.n++
	c.mu.Unlock()
	return size, true
}

// extend appends a half-move (Append's move, flags and records) to c's stream
// if c holds exactly n half-moves (no other history has appended since), which
// end at offset end, or finds that the half-move after them is the same already
// (a history that plays again what another played from the same place: they
// share it), and returns where the half-move ends; false if neither.
func (c *chunk[P]) extend(n, end int32, move []byte, flags uint8, recs []Record) (int32, bool) {
	c.mu.Lock()
	if c.n != n {
		var buf [32]byte
		enc := appendPly(buf[:0], move, flags, recs)
		same := int(c.size-end) >= len(enc) && bytes.Equal(c.data[end:int(end)+len(enc)], enc)
		c.mu.Unlock()
		return end + int32(len(enc)), same
	}
	d := c.data
	var size int32
	if room := d[c.size:]; len(room) >= len(move)+maxPlyExtra {
		size = c.size + int32(len(appendPly(room[:0], move, flags, recs))) // in place
	} else {
		var buf [32]byte
		enc := appendPly(buf[:0], move, flags, recs)
		if len(enc) > len(room) {
			d = make([]byte, max(2*len(d), firstRoom, int(c.size)+len(enc)))
			copy(d, c.data[:c.size])
			c.data = d
		}
		size = c.size + int32(copy(d[c.size:], enc))
	}
	c.size = size
	c.n++
	if c.n == ChunkSize && int(size) < len(d)-len(d)/8 {
		// Full: no half-move will be appended, so the room left is of no use.
		c.data = make([]byte, size)
		copy(c.data, d)
	}
	c.mu.Unlock()
	return size, true
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
	if c.n == h.n-c.first && int(c.size) < len(c.data) {
		d := make([]byte, c.size)
		copy(d, c.data)
		c.data = d
	}
	c.mu.Unlock()
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
	return c.written()
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

// line appends to cs the chunks of h from the one holding half-move m+1 (0:
// the first) to h's own, oldest first. Each holds h's half-moves up to the next
// one's first (the last: up to h.n).
func (h History[P]) line(m int32, cs []*chunk[P]) []*chunk[P] {
	k := len(cs)
	for c := h.c; c != nil; c = c.parent {
		cs = append(cs, c)
		if c.first <= m {
			break
		}
	}
	slices.Reverse(cs[k:])
	return cs
}

// Each calls f for every half-move of h from the (from+1)-th on, in order, with
// its number (from 1), the position before it, its move and its flags, until f
// returns false. play replays a move on a position. The position is valid only
// during the call.
//
// Cost: replaying the half-moves from the checkpoint of the chunk holding the
// first one.
func (h History[P]) Each(from int, play func(p *P, move []byte), f func(n int, before *P, move []byte, flags uint8) bool) {
	h.Walk(from, play, func(n int, p *P, move []byte, flags uint8) bool {
		if !f(n, p, move, flags) {
			return false
		}
		play(p, move)
		return true
	})
}

// Walk is Each for a game that plays each half-move itself, as it decodes the
// move anyway: f is given the position before the half-move, and leaves it as
// the position after, or returns false to stop. play replays the half-moves
// before the (from+1)-th.
func (h History[P]) Walk(from int, play func(p *P, move []byte), f func(n int, p *P, move []byte, flags uint8) bool) {
	if from >= int(h.n) {
		return
	}
	var line [8]*chunk[P] // a game of 256 half-moves walked without an allocation for its chunks
	cs := h.line(int32(max(from, 0)), line[:0])
	var p P
	for i, c := range cs {
		d := h.stream(c)
		p = c.base
		var off int32
		end := h.n
		if i+1 < len(cs) {
			end = cs[i+1].first
		}
		for k := int32(0); k < end-c.first; k++ {
			var move []byte
			var flags uint8
			if n := usualAt(d, int(off)); n != 0 { // decodeMove's usual case, in the loop
				i := int(off) + 1
				move, flags, off = d[i:i+n:i+n], d[off]>>flagShift, int32(i+n+1)
			} else {
				move, flags, off = decodeMove(d, off)
			}
			if n := c.first + k + 1; int(n) <= from {
				play(&p, move)
			} else if !f(int(n), &p, move, flags) {
				return
			}
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
