package atomic

import (
	"bytes"
	"os"
	"runtime"
	"testing"
)

// The record reader's speed and memory (issue 26), on the shared games.pgn
// repeated (the file is it 400 times: 12.7 MB, 28,000 games, 1,115,200
// half-moves), or on the module's own subset when the shared folder is absent.

// benchGames returns games.pgn repeated n times, and whether it is the shared one.
func benchGames(tb testing.TB, n int) ([]byte, bool) {
	tb.Helper()
	path, shared := sharedTestdata+"/games.pgn", true
	if !fileExists(path) {
		path, shared = "testdata/games.pgn", false
	}
	one, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return bytes.Repeat(append(one, '\n'), n), shared
}

// readAll reads every record of data, replaying every move, and returns the
// games and main-line half-moves read; a record error fails.
func readAll(tb testing.TB, data []byte, keep func(Record)) (games, halfMoves int) {
	rr := NewRecordReader(bytes.NewReader(data))
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			tb.Fatal(err)
		}
		games++
		halfMoves += rec.Game.Len()
		if keep != nil {
			keep(rec)
		}
	}
	if err := rr.Err(); err != nil {
		tb.Fatal(err)
	}
	return games, halfMoves
}

// BenchmarkRecordReaderAtomic reads games.pgn ×40 with NewRecordReader, every
// half-move replayed and every ending judged: MB/s of input, half-moves/s.
func BenchmarkRecordReaderAtomic(b *testing.B) {
	data, _ := benchGames(b, 40)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	halfMoves := 0
	b.ResetTimer()
	for range b.N {
		_, h := readAll(b, data, nil)
		halfMoves += h
	}
	b.ReportMetric(float64(halfMoves)/b.Elapsed().Seconds(), "half-moves/s")
}

// heapPerHalfMove reads data holding every Record, and returns the live heap
// after runtime.GC() less the heap before, divided by the main-line half-moves
// (issue 26, item 3: at most 32 bytes for the Atomic file).
func heapPerHalfMove(tb testing.TB, data []byte) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var recs []Record
	_, halfMoves := readAll(tb, data, func(r Record) { recs = append(recs, r) })
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(recs)
	runtime.KeepAlive(data) // the input is in both measures
	return (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / float64(halfMoves)
}

// BenchmarkRecordMemoryAtomic measures heapPerHalfMove on games.pgn ×40, as
// the metric B/half-move.
func BenchmarkRecordMemoryAtomic(b *testing.B) {
	data, _ := benchGames(b, 40)
	per := 0.0
	b.ResetTimer()
	for range b.N {
		per = heapPerHalfMove(b, data)
	}
	b.ReportMetric(per, "B/half-move")
}

// TestRecordMemoryAtomic: the records of the file (games.pgn repeated:
// ×40 here), all held, take at most 32 bytes of live heap per main-line
// half-move (issue 26, item 3; a position per half-move took 275), and so do
// those of the package's own subset.
func TestRecordMemoryAtomic(t *testing.T) {
	for _, shared := range []bool{false, true} {
		path := "testdata/games.pgn"
		if shared {
			path = sharedTestdata + "/games.pgn"
			if !fileExists(path) {
				t.Logf("%s absent: the subset only", path)
				continue
			}
		}
		one, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		per := heapPerHalfMove(t, bytes.Repeat(append(one, '\n'), 40))
		t.Logf("%s ×40: %.1f bytes per half-move", path, per)
		if per > 32 {
			t.Errorf("%s ×40: %.1f bytes of live heap per half-move held, want at most 32", path, per)
		}
	}
}
