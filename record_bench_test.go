package pacosako

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// The record reader's speed and memory (issue 26) on the Paco Ŝako file:
// the histories of ../shared/testdata/analysis/annotated_histories.tsv written as
// records (as pacosako convert -from history -to record writes them: the game's
// name as its Event), repeated; the file is them 50 times (3.85 MB,
// 4,500 games, 290,350 half-moves).

// benchRecords returns the analysis histories as records, repeated n times.
func benchRecords(tb testing.TB, n int) []byte {
	tb.Helper()
	var sb strings.Builder
	for _, h := range sharedRows(tb, "analysis/annotated_histories.tsv") {
		g := historyGame(tb, h)
		if err := WriteRecord(&sb, Record{Game: g, Tags: []Tag{{Name: "Event", Value: h[0]}}}); err != nil {
			tb.Fatal(err)
		}
	}
	return bytes.Repeat([]byte(sb.String()), n)
}

// readRecords reads every record of data, replaying every move, and returns the
// main-line half-moves read; a record error fails.
func readRecords(tb testing.TB, data []byte, keep func(Record)) (halfMoves int) {
	rr := NewRecordReader(bytes.NewReader(data))
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			tb.Fatal(err)
		}
		halfMoves += rec.Game.Len()
		if keep != nil {
			keep(rec)
		}
	}
	if err := rr.Err(); err != nil {
		tb.Fatal(err)
	}
	return halfMoves
}

// BenchmarkRecordReaderPacoSako reads the analysis histories' records ×5 with
// NewRecordReader, every half-move replayed: MB/s of input, half-moves/s.
func BenchmarkRecordReaderPacoSako(b *testing.B) {
	data := benchRecords(b, 5)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	halfMoves := 0
	b.ResetTimer()
	for range b.N {
		halfMoves += readRecords(b, data, nil)
	}
	b.ReportMetric(float64(halfMoves)/b.Elapsed().Seconds(), "half-moves/s")
}

// BenchmarkRecordMemoryPacoSako holds every Record of the analysis histories'
// records ×5: the live heap after runtime.GC() less the heap before, divided by
// the main-line half-moves, as the metric B/half-move (issue 26, item 3: at most
// 64 bytes).
func BenchmarkRecordMemoryPacoSako(b *testing.B) {
	data := benchRecords(b, 5)
	per := 0.0
	b.ResetTimer()
	for range b.N {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var recs []Record
		halfMoves := readRecords(b, data, func(r Record) { recs = append(recs, r) })
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(recs)
		runtime.KeepAlive(data) // the input is in both measures
		per = (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / float64(halfMoves)
	}
	b.ReportMetric(per, "B/half-move")
}
