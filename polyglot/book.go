package polyglot

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"
	"os"
	"slices"

	"github.com/pacosako-go/pacosako/atomic"
)

// EntrySize is the size of one book entry in bytes.
const EntrySize = 16

// Entry is one record of a book, as the format stores it in 16 big-endian bytes:
// the position's key (atomic.Position.Hash), a move, its weight and a learn
// field (which programs may use as they like; python-chess reads it as is).
type Entry struct {
	Key    uint64
	Move   Move
	Weight uint16
	Learn  uint32
}

// BookMove is a book move made legal: the library's move, with its entry's
// weight and learn field.
type BookMove struct {
	Move   atomic.Move
	Weight uint16
	Learn  uint32
}

// Book is an opening book in memory: its entries sorted by key. A Book is
// immutable once made and safe for concurrent use.
type Book struct {
	entries []Entry
}

// New returns a book of the entries, sorted by key as the format requires
// (entries of one key keep their order). The slice is copied.
func New(entries []Entry) *Book {
	e := slices.Clone(entries)
	slices.SortStableFunc(e, func(a, b Entry) int { return cmp.Compare(a.Key, b.Key) })
	return &Book{entries: e}
}

// Read reads a whole book from r, keeping it in memory (16 bytes an entry).
// The error wraps ErrInvalidBook (a *FormatError with the byte offset) when the
// length is not a whole number of entries or a key is smaller than the one
// before it (a book must be sorted by key to be searched), or is r's error.
// Moves are not checked here: they need their positions (Moves skips the ones
// that are not legal, Check reports them). A caller that reads untrusted input
// bounds its size with an io.LimitReader.
func Read(r io.Reader) (*Book, error) {
	br := bufio.NewReader(r)
	var b Book
	var buf [EntrySize]byte
	for off := int64(0); ; off += EntrySize {
		n, err := io.ReadFull(br, buf[:])
		if err == io.EOF {
			return &b, nil
		}
		if err == io.ErrUnexpectedEOF {
			return nil, &FormatError{Offset: off, Reason: fmt.Sprintf("a partial entry of %d bytes at the end (an entry has 16)", n)}
		}
		if err != nil {
			return nil, err
		}
		e := decodeEntry(buf)
		if k := len(b.entries); k > 0 && e.Key < b.entries[k-1].Key {
			return nil, &FormatError{Offset: off, Reason: fmt.Sprintf("key %#016x is smaller than the key before it (%#016x): a book is sorted by key", e.Key, b.entries[k-1].Key)}
		}
		b.entries = append(b.entries, e)
	}
}

// ReadFile reads the book in the named file (Read).
func ReadFile(name string) (*Book, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f)
}

// Write writes entries to w as a book: sorted by key (New's order), 16 bytes an
// entry. It returns w's error.
func Write(w io.Writer, entries []Entry) error {
	_, err := New(entries).WriteTo(w)
	return err
}

// WriteTo writes the book to w in the format Read reads (io.WriterTo): it
// returns the bytes written and w's error.
func (b *Book) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	var n int64
	for _, e := range b.entries {
		var buf [EntrySize]byte
		binary.BigEndian.PutUint64(buf[0:], e.Key)
		binary.BigEndian.PutUint16(buf[8:], uint16(e.Move))
		binary.BigEndian.PutUint16(buf[10:], e.Weight)
		binary.BigEndian.PutUint32(buf[12:], e.Learn)
		k, err := bw.Write(buf[:])
		n += int64(k)
		if err != nil {
			return n - int64(bw.Buffered()), err
		}
	}
	err := bw.Flush()
	return n - int64(bw.Buffered()), err
}

func decodeEntry(buf [EntrySize]byte) Entry {
	return Entry{
		Key:    binary.BigEndian.Uint64(buf[0:]),
		Move:   Move(binary.BigEndian.Uint16(buf[8:])),
		Weight: binary.BigEndian.Uint16(buf[10:]),
		Learn:  binary.BigEndian.Uint32(buf[12:]),
	}
}

// Len returns the number of entries.
func (b *Book) Len() int { return len(b.entries) }

// All yields every entry in the book's order (by key).
func (b *Book) All() iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		for _, e := range b.entries {
			if !yield(e) {
				return
			}
		}
	}
}

// Entries returns the entries filed under key, in the book's order, as stored
// (their moves unchecked). It costs a binary search.
func (b *Book) Entries(key uint64) []Entry {
	i, _ := slices.BinarySearchFunc(b.entries, key, func(e Entry, k uint64) int { return cmp.Compare(e.Key, k) })
	j := i
	for j < len(b.entries) && b.entries[j].Key == key {
		j++
	}
	return slices.Clone(b.entries[i:j])
}

// Moves returns the book's moves for p: the entries under p.Hash() whose moves
// are legal in p, in the book's order. An entry whose move is not legal (a
// collision of keys, or a bad book) is skipped; so is a second entry of a move
// already returned (the first one's weight counts). Check reports them.
func (b *Book) Moves(p atomic.Position) []BookMove {
	var out []BookMove
	for _, e := range b.Entries(p.Hash()) {
		m, err := e.Move.In(p)
		if err != nil || slices.ContainsFunc(out, func(bm BookMove) bool { return bm.Move == m }) {
			continue
		}
		out = append(out, BookMove{Move: m, Weight: e.Weight, Learn: e.Learn})
	}
	return out
}

// Check returns the errors of p's entries: one *MoveError (wrapping
// ErrIllegalMove) for every entry under p.Hash() whose move is not legal in p;
// nil when every one is.
func (b *Book) Check(p atomic.Position) []error {
	var errs []error
	for _, e := range b.Entries(p.Hash()) {
		if _, err := e.Move.In(p); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// Best returns the book move of p with the highest weight (the first of equal
// ones, in the book's order); ok is false when the book has no legal move for p.
// A move of weight 0 is returned only when every move has weight 0.
func (b *Book) Best(p atomic.Position) (m BookMove, ok bool) {
	for _, bm := range b.Moves(p) {
		if !ok || bm.Weight > m.Weight {
			m, ok = bm, true
		}
	}
	return m, ok
}

// Choose returns one of p's book moves at random, each with a chance in
// proportion to its weight, drawn from r (the caller's source: the same seed
// gives the same choices); a move of weight 0 is never chosen. ok is false when
// p has no book move of positive weight.
func (b *Book) Choose(p atomic.Position, r *rand.Rand) (m BookMove, ok bool) {
	moves := b.Moves(p)
	var total uint64
	for _, bm := range moves {
		total += uint64(bm.Weight)
	}
	if total == 0 {
		return BookMove{}, false
	}
	x := r.Uint64N(total)
	for _, bm := range moves {
		if x < uint64(bm.Weight) {
			m = bm
			break
		}
		x -= uint64(bm.Weight)
	}
	return m, true
}

// EntryOf returns the entry that files m, a move of p, under p with the weight:
// the key p.Hash() and the move's Polyglot encoding (EncodeMove).
func EntryOf(p atomic.Position, m atomic.Move, weight uint16) Entry {
	return Entry{Key: p.Hash(), Move: EncodeMove(m), Weight: weight}
}
