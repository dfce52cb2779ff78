package engine

import (
	"math/bits"
	"sync/atomic"
)

// Table is a transposition table: what searches learnt about positions, keyed by
// the positions' Hash (the depth searched, the score or its bound, the best
// move), so that a position met again — by another move order, at the next depth
// of an iterative deepening, or in the next search of the same game — is not
// searched again from nothing.
//
// A Table is safe for concurrent use: any number of searches, of either game,
// may share one at once (each entry is written and read as two atomic words and
// checked against its key, so a torn entry is never used). Reusing one table
// across the searches of one game (as a UCI engine's Hash option does) makes
// each search start from what the previous ones found; its results then depend
// on those searches (a search is deterministic for a given table content). A
// nil *Table is valid in Limits: the search makes a table of its own. Tables
// come from NewTable: the zero Table has no room, and Search refuses it with
// ErrInvalidLimits.
type Table struct {
	slots []slot
	mask  uint64 // buckets - 1
	gen   atomic.Uint32
}

// slot is one entry: check holds the key XOR the data, so that an entry torn by
// concurrent writers fails the check.
type slot struct {
	check, data atomic.Uint64
}

// bucketSlots is the number of entries a position may take (64 bytes: one cache
// line).
const bucketSlots = 4

// DefaultTableMB is the size of the table a search makes when Limits.Table is
// nil (smaller when Limits.Nodes bounds the search: an entry per node at most).
const DefaultTableMB = 2

// MaxTableMB is the largest table NewTable makes.
const MaxTableMB = 1 << 16

// NewTable returns an empty table of about megabytes MB (at least 1 MB, at most
// MaxTableMB; rounded down to a power of two). Its memory is taken from the
// system as entries are written.
func NewTable(megabytes int) *Table {
	return newTable(uint64(min(max(megabytes, 1), MaxTableMB)) << 20)
}

// newTable returns a table of about size bytes (a power of two, at least a
// bucket).
func newTable(size uint64) *Table {
	buckets := newTableBytes(size) / (bucketSlots * 16)
	t := &Table{slots: make([]slot, buckets*bucketSlots), mask: buckets - 1}
	if size >= 4<<20 {
		adviseHugePages(t.slots)
	}
	return t
}

// newTableBytes is the size of newTable(size).
func newTableBytes(size uint64) uint64 {
	buckets := max(size/(bucketSlots*16), 1)
	return (1 << (63 - bits.LeadingZeros64(buckets))) * bucketSlots * 16
}

// Bytes returns the table's size in bytes.
func (t *Table) Bytes() int { return len(t.slots) * 16 }

// Clear empties the table (as a UCI engine does on ucinewgame). Searches using
// it meanwhile see some entries cleared and some not, which is safe.
func (t *Table) Clear() {
	for i := range t.slots {
		t.slots[i].check.Store(0)
		t.slots[i].data.Store(0)
	}
}

// Bounds of a stored score.
const (
	boundNone  = 0
	boundLower = 1 // the score is at least this (a cut)
	boundUpper = 2 // at most this (no move reached alpha)
	boundExact = 3
)

// noMove is the move index of an entry without a best move.
const noMove = 0xFFFF

// entry is one decoded entry.
type entry struct {
	score, eval int
	move        int // index in the position's move list, or noMove
	depth       int
	bound       int
	found       bool
}

// pack encodes an entry: score and eval 16 bits each, the move 16, the depth 8,
// the bound 2, the generation 6.
func pack(score, eval, move, depth, bound int, gen uint32) uint64 {
	return uint64(uint16(int16(score))) | uint64(uint16(int16(eval)))<<16 | uint64(uint16(move))<<32 |
		uint64(uint8(depth))<<48 | uint64(bound&3)<<56 | uint64(gen&63)<<58
}

func unpack(d uint64) entry {
	return entry{score: int(int16(uint16(d))), eval: int(int16(uint16(d >> 16))), move: int(uint16(d >> 32)),
		depth: int(uint8(d >> 48)), bound: int(d >> 56 & 3), found: true}
}

// prefetch starts loading the bucket of key into the cache, for a probe soon
// after.
func (t *Table) prefetch(key uint64) { prefetch(&t.slots[(key&t.mask)*bucketSlots]) }

// probe returns the entry of key, if the table holds one.
func (t *Table) probe(key uint64) entry {
	b := t.slots[(key&t.mask)*bucketSlots:][:bucketSlots]
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			return unpack(d)
		}
	}
	return entry{move: noMove}
}

// store records what a search found about key, replacing the entry of the same
// key, or else the least valuable of the bucket (an old search's, or the
// shallowest). A shallower result than a current entry of the same key does
// not replace it unless it is exact or the entry has no move.
func (t *Table) store(key uint64, score, eval, move, depth, bound int) {
	gen := t.gen.Load()
	b := t.slots[(key&t.mask)*bucketSlots:][:bucketSlots]
	victim, worst := 0, 1<<30
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			old := unpack(d)
			if move == noMove {
				move = old.move
			}
			if depth < old.depth-2 && bound != boundExact {
				return
			}
			victim = i
			break
		}
		age := int((gen - uint32(d>>58)) & 63)
		if v := int(uint8(d>>48)) - 8*age; d == 0 || v < worst {
			victim, worst = i, v
			if d == 0 {
				worst = -1 << 30
			}
		}
	}
	d := pack(score, eval, move, depth, bound, gen)
	b[victim].data.Store(d)
	b[victim].check.Store(key ^ d)
}

// newSearch marks the entries written from now on as the newer ones.
func (t *Table) newSearch() { t.gen.Add(1) }
