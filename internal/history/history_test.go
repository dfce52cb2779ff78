package history

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"
)

// A toy game: a position is a number from 0 to 15, a move's bytes each add
// themselves to it. Positions repeat often, and the toy hash (the number mod 5)
// makes different positions collide, so Count must compare them.
type toy struct{ v uint8 }

func toyPlay(p *toy, move []byte) {
	for _, b := range move {
		p.v = (p.v + b) % 16
	}
}

func toyEqual(a, b *toy) bool { return a.v == b.v }

func toyHash(p *toy) uint64 { return uint64(p.v % 5) }

// modelPly is what the test knows of a half-move.
type modelPly struct {
	move   []byte
	flags  uint8
	recs   []Record
	before toy
	at     []toy // the position of each record
}

// model is a history as the test keeps it: its half-moves in a slice.
type model struct {
	start toy
	plies []modelPly
}

func (m model) after() toy {
	if len(m.plies) == 0 {
		return m.start
	}
	p := m.plies[len(m.plies)-1].before
	toyPlay(&p, m.plies[len(m.plies)-1].move)
	return p
}

// count is how often pos occurs in the window of a record after those of m and
// then pending, itself included.
func (m model) count(pending []Record, pendingAt []toy, pos toy, progress bool) int32 {
	if progress {
		return 1
	}
	type rec struct {
		p        toy
		progress bool
	}
	var all []rec
	for _, pl := range m.plies {
		for i, r := range pl.recs {
			all = append(all, rec{pl.at[i], r.Progress})
		}
	}
	for i, r := range pending {
		all = append(all, rec{pendingAt[i], r.Progress})
	}
	n := int32(1)
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].p == pos {
			n++
		}
		if all[i].progress {
			break
		}
	}
	return n
}

// check compares h with m.
func check(t *testing.T, h History[toy], m model) {
	t.Helper()
	if h.Len() != len(m.plies) {
		t.Fatalf("Len %d, want %d", h.Len(), len(m.plies))
	}
	recs, win := 0, 0
	for _, pl := range m.plies {
		for _, r := range pl.recs {
			recs++
			if r.Progress {
				win = recs
			}
		}
	}
	if h.Records() != recs || h.WindowStart() != max(win, 1) {
		t.Fatalf("Records %d, WindowStart %d; want %d, %d", h.Records(), h.WindowStart(), recs, max(win, 1))
	}
	from := rand.IntN(len(m.plies) + 1)
	seen := from
	h.Each(from, toyPlay, func(n int, before *toy, move []byte, flags uint8) bool {
		seen++
		pl := m.plies[n-1]
		if n != seen || *before != pl.before || !bytes.Equal(move, pl.move) || flags != pl.flags {
			t.Fatalf("Each(%d): half-move %d: %v %v %d, want %d: %v %v %d", from, n, *before, move, flags, seen, pl.before, pl.move, pl.flags)
		}
		return true
	})
	if seen != len(m.plies) {
		t.Fatalf("Each(%d) stopped at %d of %d", from, seen, len(m.plies))
	}
	seen = from
	h.Walk(from, toyPlay, func(n int, p *toy, move []byte, flags uint8) bool {
		seen++
		pl := m.plies[n-1]
		if n != seen || *p != pl.before || !bytes.Equal(move, pl.move) || flags != pl.flags {
			t.Fatalf("Walk(%d): half-move %d: %v %v %d, want %d: %v %v %d", from, n, *p, move, flags, seen, pl.before, pl.move, pl.flags)
		}
		toyPlay(p, move) // Walk's f plays the half-move itself
		return true
	})
	if seen != len(m.plies) {
		t.Fatalf("Walk(%d) stopped at %d of %d", from, seen, len(m.plies))
	}
	if len(m.plies) > 0 {
		k := 1 + rand.IntN(len(m.plies))
		want := m.plies[k-1].before
		toyPlay(&want, m.plies[k-1].move)
		if got := h.PositionAt(k, toyPlay); got != want {
			t.Fatalf("PositionAt(%d) = %v, want %v", k, got, want)
		}
		move, flags, rs := h.Last()
		last := m.plies[len(m.plies)-1]
		if !bytes.Equal(move, last.move) || flags != last.flags || len(rs) != len(last.recs) {
			t.Fatalf("Last: %v %d %v, want %v %d %v", move, flags, rs, last.move, last.flags, last.recs)
		}
		for i, r := range rs {
			w := last.recs[i]
			if w.At < 0 {
				w.At = int32(len(last.move))
			}
			w.Hash = 0 // not kept
			if r != w {
				t.Fatalf("Last: record %d %+v, want %+v", i, r, w)
			}
		}
	}
	var got []toy
	var gotRecs []Record
	start := 1 + rand.IntN(recs+1)
	h.EachRecord(start, toyPlay, func(p *toy, r Record) { got, gotRecs = append(got, *p), append(gotRecs, r) })
	k := 0
	for _, pl := range m.plies {
		for i, r := range pl.recs {
			if k++; k < start {
				continue
			}
			if len(got) == 0 || got[0] != pl.at[i] || gotRecs[0].Hash != 0 || gotRecs[0].Count != r.Count || gotRecs[0].Progress != r.Progress {
				t.Fatalf("EachRecord(%d): record %d: %v %v, want %v %+v", start, k, got, gotRecs, pl.at[i], r)
			}
			got, gotRecs = got[1:], gotRecs[1:]
		}
	}
	if len(got) != 0 {
		t.Fatalf("EachRecord(%d): %d records too many", start, len(got))
	}
}

// TestHistoryAgreesWithModel plays random half-moves on random values of a
// pool of histories of one game (so they branch, and branch from branches),
// with takebacks, records inside half-moves and at their ends, progress, long
// moves and colliding hashes, and compares every value with a slice of its
// half-moves and every count with one counted from that slice.
func TestHistoryAgreesWithModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := NewIndex(toyPlay, toyEqual, toyHash)
	type value struct {
		h History[toy]
		m model
	}
	pool := []value{{m: model{start: toy{3}}}}
	pick := func() int {
		if rng.IntN(4) > 0 {
			return len(pool) - 1 // mostly go on, as a game does
		}
		return rng.IntN(len(pool))
	}
	for step := range 4000 {
		i := pick()
		v := pool[i]
		if rng.IntN(8) == 0 && v.h.Len() > 0 {
			k := rng.IntN(v.h.Len() + 1)
			if rng.IntN(2) == 0 {
				k = v.h.Len() - 1 // a takeback
			}
			w := value{v.h.Truncate(k), model{v.m.start, v.m.plies[:k:k]}}
			check(t, w.h, w.m)
			pool = append(pool, w)
		} else {
			move := make([]byte, 1+rng.IntN(3))
			if rng.IntN(20) == 0 {
				move = make([]byte, 8+rng.IntN(200)) // past the header's length
			}
			for j := range move {
				move[j] = byte(rng.IntN(16))
			}
			before := v.m.after()
			pl := modelPly{move: move, flags: uint8(rng.IntN(MaxFlags + 1)), before: before}
			var pending []Pending[toy]
			if len(move) > 1 && rng.IntN(5) == 0 {
				at := int32(1 + rng.IntN(len(move)-1))
				p := before
				toyPlay(&p, move[:at])
				r := Record{Hash: toyHash(&p), Progress: rng.IntN(4) == 0, At: at}
				r.Count = x.Count(v.h, nil, &p, r.Hash, r.Progress)
				if want := v.m.count(nil, nil, p, r.Progress); r.Count != want {
					t.Fatalf("step %d: inside count %d, want %d", step, r.Count, want)
				}
				pl.recs, pl.at = append(pl.recs, r), append(pl.at, p)
				pending = append(pending, Pending[toy]{Pos: &pl.at[0], Hash: r.Hash, Count: r.Count, Progress: r.Progress})
			}
			var next History[toy]
			counted := false
			if rng.IntN(10) > 0 {
				p := before
				toyPlay(&p, move)
				r := Record{Hash: toyHash(&p), Progress: rng.IntN(12) == 0, At: -1}
				if len(pl.recs) == 0 && rng.IntN(2) == 0 {
					// As a game appends a half-move with one record, at its end.
					next, counted = v.h, true
					r.Count = x.AppendCounted(&next, &before, move, pl.flags, &p, r.Hash, r.Progress)
				} else {
					r.Count = x.Count(v.h, pending, &p, r.Hash, r.Progress)
				}
				if want := v.m.count(pl.recs, pl.at, p, r.Progress); r.Count != want {
					t.Fatalf("step %d: count %d, want %d (AppendCounted: %v)", step, r.Count, want, counted)
				}
				pl.recs, pl.at = append(pl.recs, r), append(pl.at, p)
			}
			switch {
			case counted:
			case rng.IntN(3) > 0:
				next = x.Append(v.h, &before, move, pl.flags, pl.recs) // as a game appends
			default:
				next = v.h.Append(&before, move, pl.flags, pl.recs) // the index moves at the next Count
			}
			w := value{next, model{v.m.start, append(v.m.plies[:len(v.m.plies):len(v.m.plies)], pl)}}
			if rng.IntN(40) == 0 {
				w.h.Compact() // as a record kept after reading; it may still go on
			}
			check(t, w.h, w.m)
			pool = append(pool, w)
		}
		switch rng.IntN(200) {
		case 0:
			x.Release()
		case 1:
			x.Reset() // as a reader's index, used again for another game
		}
		if len(pool) > 40 {
			pool = append(pool[:0], pool[len(pool)-20:]...)
		}
	}
}

// TestIndexCostLinear: going forward with a takeback every eighth half-move,
// without progress, the index enters and takes back at most three records per
// half-move, however long the window grows (a rebuild per takeback would be
// quadratic).
func TestIndexCostLinear(t *testing.T) {
	ops := func(n int) int {
		x := NewIndex(toyPlay, toyEqual, toyHash)
		var h History[toy]
		var p toy
		for i := range n {
			if i%8 == 7 {
				h = h.Truncate(h.Len() - 1)
				p = h.PositionAt(h.Len(), toyPlay)
			}
			before := p
			move := []byte{byte(1 + i%3)}
			toyPlay(&p, move)
			r := Record{Hash: toyHash(&p), At: -1}
			if i%2 == 0 {
				r.Count = x.Count(h, nil, &p, r.Hash, false)
				h = x.Append(h, &before, move, 0, []Record{r})
			} else {
				x.AppendCounted(&h, &before, move, 0, &p, r.Hash, false)
			}
		}
		return x.Ops()
	}
	for _, n := range []int{2000, 4000} {
		if got := ops(n); got > 3*n {
			t.Errorf("%d half-moves: %d records entered and taken back, want at most %d", n, got, 3*n)
		}
	}
}

// toyGame plays n half-moves, move(i) the i-th (from 0), each with its
// record at its end, as a game does (AppendCounted), and returns the history
// and its last position.
func toyGame(x *Index[toy], n int, move func(i int) []byte) (History[toy], toy) {
	var h History[toy]
	var p toy
	for i := range n {
		before, m := p, move(i)
		toyPlay(&p, m)
		x.AppendCounted(&h, &before, m, 0, &p, toyHash(&p), false)
	}
	return h, p
}

// TestHistoryConcurrent: goroutines appending to the same values (each append
// after the first a branch) and reading them see only their own half-moves
// (go test -race checks the sharing).
func TestHistoryConcurrent(t *testing.T) {
	x := NewIndex(toyPlay, toyEqual, toyHash)
	h, p := toyGame(x, 40, func(i int) []byte { return []byte{byte(i % 7)} })
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine, q := h, p
			for i := range 100 {
				before := q
				move := []byte{byte(g), byte(i % 5)}
				toyPlay(&q, move)
				r := Record{Hash: toyHash(&q), At: -1}
				r.Count = x.Count(mine, nil, &q, r.Hash, false)
				mine = x.Append(mine, &before, move, uint8(g), []Record{r})
			}
			n := 0
			mine.Each(40, toyPlay, func(k int, _ *toy, move []byte, flags uint8) bool {
				if flags != uint8(g) || move[0] != byte(g) || move[1] != byte(n%5) {
					t.Errorf("goroutine %d: half-move %d is %v %d", g, k, move, flags)
				}
				n++
				return true
			})
			if got := mine.PositionAt(mine.Len(), toyPlay); got != q || n != 100 {
				t.Errorf("goroutine %d: %d half-moves, last position %v, want 100, %v", g, n, got, q)
			}
		}()
	}
	wg.Wait()
}

// TestAppendSharesReplayedHalfMove: a value that appends the half-move its
// chunk already holds after it (a takeback, then the same move) shares it: the
// same history as the one that played it first; another half-move starts a
// chunk of its own, and both read back their own.
func TestAppendSharesReplayedHalfMove(t *testing.T) {
	x := NewIndex(toyPlay, toyEqual, toyHash)
	h, p := toyGame(x, 10, func(i int) []byte { return []byte{byte(1 + i%3)} })
	back := h.Truncate(6)
	before := back.PositionAt(6, toyPlay)
	move, _, recs := h.Truncate(7).Last()
	again := back
	after := before
	toyPlay(&after, move)
	if n := x.AppendCounted(&again, &before, move, 0, &after, toyHash(&after), false); n != recs[0].Count {
		t.Fatalf("count %d replayed, %d first", n, recs[0].Count)
	}
	if again != h.Truncate(7) {
		t.Errorf("the half-move replayed: %+v, want the history's own %+v", again, h.Truncate(7))
	}
	other := back.Append(&before, []byte{9, 9}, 1, nil)
	if other.c == h.c || other.Len() != 7 || h.Len() != 10 {
		t.Errorf("another half-move shares the chunk (%v) or lengths changed: %d, %d", other.c == h.c, other.Len(), h.Len())
	}
	if m, f, _ := other.Last(); !bytes.Equal(m, []byte{9, 9}) || f != 1 {
		t.Errorf("the branch's last half-move is %v %d", m, f)
	}
	if got, want := h.PositionAt(10, toyPlay), p; got != want {
		t.Errorf("the history's position after the branch: %v, want %v", got, want)
	}
}
