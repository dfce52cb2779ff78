package polyglot

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/pacosako-go/pacosako/atomic"
)

// FuzzRead: any bytes read as a book or fail with ErrInvalidBook, never panic; a
// book read writes back byte for byte; every move it gives a position is legal
// there. The keys of the seeds are those of real positions, so a mutation of a
// move byte lands on a position's entries.
func FuzzRead(f *testing.F) {
	positions := []atomic.Position{atomic.StartingPosition(),
		atomic.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
		atomic.MustParseFEN("1r3kr1/6p1/8/8/8/8/6P1/1R3KR1 w GBgb - 0 1"),
		atomic.MustParseFEN("2r5/1P6/8/8/8/8/5k2/K7 w - - 0 1")}
	var seed []Entry
	for _, p := range positions {
		for i, m := range p.Moves() {
			if i%3 == 0 || m.IsCastling() || m.Promotion() != 0 {
				seed = append(seed, EntryOf(p, m, uint16(i)))
			}
		}
	}
	var buf bytes.Buffer
	_ = Write(&buf, seed)
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:40])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Read(bytes.NewReader(data))
		if err != nil {
			if b != nil {
				t.Fatal("a book and an error")
			}
			return
		}
		var out bytes.Buffer
		if _, err := b.WriteTo(&out); err != nil || !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("write back: %v, equal %v", err, bytes.Equal(out.Bytes(), data))
		}
		r := rand.New(rand.NewPCG(1, 2))
		for _, p := range positions {
			for _, bm := range b.Moves(p) {
				if !p.IsLegal(bm.Move) {
					t.Fatalf("%s: illegal book move %v", p.FEN(), bm.Move)
				}
			}
			b.Check(p)
			b.Best(p)
			b.Choose(p, r)
		}
		for i := 0; i+16 <= len(data); i += 16 {
			if len(b.Entries(binary.BigEndian.Uint64(data[i:]))) == 0 {
				t.Fatalf("entry %d not found by its key", i/16)
			}
		}
	})
}
