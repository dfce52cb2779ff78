package polyglot

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// sharedAtomic is the shared reference data, when present.
const sharedAtomic = "../testdata/shared/testdata/atomic"

// gamesOf reads the module's Atomic game records and, when present, the shared
// ones.
func gamesOf(t *testing.T) []atomic.Game {
	t.Helper()
	paths := []string{"../atomic/testdata/games.pgn"}
	if _, err := os.Stat(sharedAtomic + "/games.pgn"); err == nil {
		paths = append(paths, sharedAtomic+"/games.pgn")
	} else {
		t.Logf("%s absent: the module's games only", sharedAtomic)
	}
	var games []atomic.Game
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range testkit.AllRecords(t, atomic.NewRecordReader(f)) {
			games = append(games, r.Game)
		}
		f.Close()
	}
	return games
}

// bookOf files the first plies half-moves of every game, each (position, move)
// with the number of games that played it as its weight.
func bookOf(games []atomic.Game, plies int) (entries []Entry, count map[[2]uint64]int) {
	count = map[[2]uint64]int{}
	for _, g := range games {
		moves := g.PlayedMoves()
		for i := 0; i < len(moves) && i < plies; i++ {
			p, _ := g.PositionAt(i)
			e := EntryOf(p, moves[i], 1)
			count[[2]uint64{e.Key, uint64(e.Move)}]++
		}
	}
	for k, n := range count {
		entries = append(entries, Entry{Key: k[0], Move: Move(k[1]), Weight: uint16(n), Learn: uint32(n) << 16})
	}
	// A map's order is random: Write must sort them.
	return entries, count
}

// A book written from real games reads back with every game's moves, weights
// and learn fields, and its bytes are the format's: sorted by key, 16 big-endian
// bytes an entry.
func TestBookFromGames(t *testing.T) {
	games := gamesOf(t)
	entries, count := bookOf(games, 12)
	var buf bytes.Buffer
	if err := Write(&buf, entries); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 16*len(entries) {
		t.Fatalf("%d bytes for %d entries", buf.Len(), len(entries))
	}
	raw := buf.Bytes()
	for i := 16; i < len(raw); i += 16 {
		if binary.BigEndian.Uint64(raw[i:]) < binary.BigEndian.Uint64(raw[i-16:]) {
			t.Fatalf("entry %d's key is below the one before it", i/16)
		}
	}
	b, err := Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != len(entries) {
		t.Fatalf("Len = %d, want %d", b.Len(), len(entries))
	}
	checked := 0
	for _, g := range games {
		moves := g.PlayedMoves()
		for i := 0; i < len(moves) && i < 12; i++ {
			p, _ := g.PositionAt(i)
			bms := b.Moves(p)
			j := slices.IndexFunc(bms, func(bm BookMove) bool { return bm.Move == moves[i] })
			if j < 0 {
				t.Fatalf("%s: book moves %v lack %v", p.FEN(), bms, moves[i])
			}
			n := count[[2]uint64{p.Hash(), uint64(EncodeMove(moves[i]))}]
			if int(bms[j].Weight) != n || bms[j].Learn != uint32(n)<<16 {
				t.Fatalf("%s %v: weight %d learn %d, want %d and %d", p.FEN(), moves[i], bms[j].Weight, bms[j].Learn, n, n<<16)
			}
			if errs := b.Check(p); errs != nil {
				t.Fatalf("%s: %v", p.FEN(), errs)
			}
			best, ok := b.Best(p)
			if !ok || slices.ContainsFunc(bms, func(bm BookMove) bool { return bm.Weight > best.Weight }) {
				t.Fatalf("%s: Best = %v, %v among %v", p.FEN(), best, ok, bms)
			}
			checked++
		}
	}
	start := b.Moves(atomic.StartingPosition())
	if len(start) == 0 || checked < 100 {
		t.Fatalf("start moves %v, %d positions checked", start, checked)
	}
	// A file round trip gives the same bytes.
	path := filepath.Join(t.TempDir(), "atomic.bin")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	fb, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if n, err := fb.WriteTo(&again); err != nil || n != int64(len(raw)) || !bytes.Equal(again.Bytes(), raw) {
		t.Fatalf("WriteTo of the read book: %d bytes, %v, equal %v", n, err, bytes.Equal(again.Bytes(), raw))
	}
}

// One entry written by hand as the format lays it out: the start position's key
// (python-chess's zobrist_hash 0x463b96181691fc9c), e2e4 (0x031c), weight 7,
// learn 9.
func TestReadHandMade(t *testing.T) {
	raw := []byte{0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c, 0x03, 0x1c, 0x00, 0x07, 0x00, 0x00, 0x00, 0x09}
	b, err := Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	got := b.Moves(atomic.StartingPosition())
	if len(got) != 1 || got[0].Move.UCI() != "e2e4" || got[0].Weight != 7 || got[0].Learn != 9 {
		t.Fatalf("Moves(start) = %v", got)
	}
	e := b.Entries(0x463b96181691fc9c)
	if len(e) != 1 || e[0] != (Entry{Key: 0x463b96181691fc9c, Move: 0x031c, Weight: 7, Learn: 9}) {
		t.Fatalf("Entries = %v", e)
	}
	if e := b.Entries(1); len(e) != 0 {
		t.Fatalf("Entries(1) = %v", e)
	}
}

func TestReadBadBytes(t *testing.T) {
	start := atomic.StartingPosition()
	e4, _ := start.ParseUCI("e2e4")
	d4, _ := start.ParseUCI("d2d4")
	var ok bytes.Buffer
	if err := Write(&ok, []Entry{EntryOf(start, e4, 1), {Key: 1, Move: 1}, {Key: 2, Move: 1}}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 15, 17, 47} {
		_, err := Read(bytes.NewReader(ok.Bytes()[:n]))
		var fe *FormatError
		if !errors.As(err, &fe) || !errors.Is(err, ErrInvalidBook) || fe.Offset != int64(n/16*16) {
			t.Errorf("%d bytes: %v, want a *FormatError at byte %d", n, err, n/16*16)
		}
	}
	// Keys out of order: the third entry's key is below the second's.
	unsorted := slices.Clone(ok.Bytes())
	copy(unsorted[32:40], []byte{0, 0, 0, 0, 0, 0, 0, 0})
	_, err := Read(bytes.NewReader(unsorted))
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Offset != 32 {
		t.Errorf("unsorted: %v, want a *FormatError at byte 32", err)
	}
	// A reader's own error comes back as is.
	boom := errors.New("boom")
	if _, err := Read(io.MultiReader(bytes.NewReader(ok.Bytes()[:16]), errReader{boom})); !errors.Is(err, boom) {
		t.Errorf("failing reader: %v", err)
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "none.bin")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	// Illegal moves under the start's key are skipped by Moves and reported by
	// Check: e2e5, a promotion code 6, and a second e2e4.
	b := New([]Entry{EntryOf(start, e4, 3), {Key: start.Hash(), Move: 36 | 12<<6, Weight: 100},
		{Key: start.Hash(), Move: 28 | 12<<6 | 6<<12, Weight: 100}, EntryOf(start, d4, 1), EntryOf(start, e4, 50)})
	got := b.Moves(start)
	if len(got) != 2 || got[0].Move != e4 || got[0].Weight != 3 || got[1].Move != d4 {
		t.Errorf("Moves = %v, want e2e4 (3) and d2d4", got)
	}
	errs := b.Check(start)
	if len(errs) != 2 || !errors.Is(errs[0], ErrIllegalMove) || !errors.Is(errs[0], atomic.ErrIllegalMove) {
		t.Errorf("Check = %v, want two illegal moves", errs)
	}
	if best, ok := b.Best(start); !ok || best.Move != e4 {
		t.Errorf("Best = %v, %v", best, ok)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// Choose draws in proportion to the weights from the caller's source: the same
// seed gives the same moves, a weight of 0 is never drawn, and no move of
// positive weight gives no choice.
func TestChoose(t *testing.T) {
	start := atomic.StartingPosition()
	w := map[string]uint16{"e2e4": 6, "d2d4": 3, "g1f3": 1, "b1c3": 0}
	var entries []Entry
	for uci, weight := range w {
		m, _ := start.ParseUCI(uci)
		entries = append(entries, EntryOf(start, m, weight))
	}
	b := New(entries)
	draw := func(seed uint64, n int) []string {
		r := rand.New(rand.NewPCG(seed, 1))
		var out []string
		for range n {
			bm, ok := b.Choose(start, r)
			if !ok {
				t.Fatal("no choice")
			}
			out = append(out, bm.Move.UCI())
		}
		return out
	}
	const n = 10000
	a := draw(7, n)
	if !slices.Equal(a, draw(7, n)) {
		t.Fatal("the same seed drew different moves")
	}
	if slices.Equal(a, draw(8, n)) {
		t.Fatal("two seeds drew the same moves")
	}
	freq := map[string]int{}
	for _, m := range a {
		freq[m]++
	}
	if freq["b1c3"] != 0 {
		t.Errorf("b1c3 of weight 0 drawn %d times", freq["b1c3"])
	}
	for uci, weight := range w {
		want := n * int(weight) / 10
		if d := freq[uci] - want; d < -n/50 || d > n/50 {
			t.Errorf("%s drawn %d times in %d, want about %d", uci, freq[uci], n, want)
		}
	}
	zero := New([]Entry{entries[slices.IndexFunc(entries, func(e Entry) bool { return e.Weight == 0 })]})
	if bm, ok := zero.Choose(start, rand.New(rand.NewPCG(1, 1))); ok {
		t.Errorf("Choose among weight 0 = %v", bm)
	}
	if bm, ok := zero.Best(start); !ok || bm.Move.UCI() != "b1c3" {
		t.Errorf("Best among weight 0 = %v, %v", bm, ok)
	}
	if _, ok := New(nil).Best(start); ok {
		t.Error("Best in an empty book")
	}
}

// Write sorts by key and keeps the order of one key's entries; All yields them.
func TestWriteOrder(t *testing.T) {
	in := []Entry{{Key: 5, Move: 1, Weight: 1}, {Key: 2, Move: 2}, {Key: 5, Move: 3, Weight: 9}, {Key: 1, Move: 4}}
	var buf bytes.Buffer
	if err := Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	b, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Collect(b.All())
	want := []Entry{in[3], in[1], in[0], in[2]}
	if !slices.Equal(got, want) {
		t.Fatalf("All = %v, want %v", got, want)
	}
	if in[0].Key != 5 {
		t.Fatal("Write changed its argument")
	}
}
