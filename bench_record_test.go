package pacosako

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako/internal/testkit"
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
// NewRecordReader, every half-move replayed: MB/s of input, half-moves/s,
// games/s.
func BenchmarkRecordReaderPacoSako(b *testing.B) {
	data := benchRecords(b, 5)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	halfMoves, games := 0, 0
	b.ResetTimer()
	for range b.N {
		halfMoves += readRecords(b, data, func(Record) { games++ })
	}
	b.ReportMetric(float64(halfMoves)/b.Elapsed().Seconds(), "half-moves/s")
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
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

// readAllRecords reads every record of text, failing on any error, and returns
// them.
func readAllRecords(t testing.TB, text []byte) []Record {
	t.Helper()
	return testkit.AllRecords(t, NewRecordReader(bytes.NewReader(text)))
}

// playoutRecords writes n random playouts from the start (seeded: the same in
// every run), each of 40 to 90 half-moves unless it ends earlier, as PGN
// records, and returns the text and its main-line half-moves: games like the
// reference data's analysis histories, which are random playouts too.
func playoutRecords(t testing.TB, n int) ([]byte, int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(26, 2))
	var buf bytes.Buffer
	plies := 0
	for i := range n {
		g := NewGame(StartingPosition(), WithRepetitionLimit(0))
		for length := 40 + rng.IntN(51); g.Len() < length && !g.Outcome().IsOver(); {
			moves := g.LegalMoves()
			if len(moves) == 0 {
				break
			}
			var err error
			if g, err = g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		rec := Record{Game: g, Tags: []Tag{{Name: "Event", Value: "playout " + strconv.Itoa(i)}, {Name: "White", Value: "random"}, {Name: "Black", Value: "random"}}}
		if err := WriteRecord(&buf, rec); err != nil {
			t.Fatal(err)
		}
		plies += g.Len()
	}
	return buf.Bytes(), plies
}

// TestRecordReadMemory: the records of a file, held together, keep at most 64
// bytes of heap per main-line half-move (issue 26; a Game kept a 144-byte
// position and more per half-move before, about 530 bytes), measured as the live
// heap after a collection with all of them held, less the heap before, on 40
// random playouts; and the records read back as they were written.
func TestRecordReadMemory(t *testing.T) {
	text, plies := playoutRecords(t, 40)
	readAllRecords(t, text) // the searchers the package keeps for reuse
	var recs []Record
	live := liveBytes(func() []Record { recs = readAllRecords(t, text); return recs })
	perPly := float64(live) / float64(plies)
	t.Logf("%d records, %d half-moves, %d bytes: %.1f bytes per half-move", len(recs), plies, live, perPly)
	if len(recs) != 40 || plies < 40*40 {
		t.Fatalf("read %d records of 40, %d half-moves", len(recs), plies)
	}
	if perPly > 64 {
		t.Errorf("%.1f bytes of heap per main-line half-move, want at most 64", perPly)
	}
	var back bytes.Buffer
	for _, rec := range recs {
		if err := WriteRecord(&back, rec); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(back.Bytes(), text) {
		t.Errorf("the records read do not write back as they were written")
	}
}

// benchPlayed runs replay over the main line of every record of
// BenchmarkRecordReaderPacoSako's text (once) and reports half-moves per second.
func benchPlayed(b *testing.B, replay func(Game)) {
	recs := readAllRecords(b, benchRecords(b, 1))
	plies := 0
	for _, rec := range recs {
		plies += rec.Game.Len()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, rec := range recs {
			replay(rec.Game)
		}
	}
	b.ReportMetric(float64(plies*b.N)/b.Elapsed().Seconds(), "half-moves/s")
}

// BenchmarkPlayedSANPacoSako writes the main lines in chain SAN, as `pacosako
// convert -to san` does (Game.PlayedSAN).
func BenchmarkPlayedSANPacoSako(b *testing.B) { benchPlayed(b, func(g Game) { g.PlayedSAN() }) }

// BenchmarkPlayedMovesPacoSako builds the main lines' PlayedMoves: a replay of
// the half-moves kept packed.
func BenchmarkPlayedMovesPacoSako(b *testing.B) { benchPlayed(b, func(g Game) { g.PlayedMoves() }) }
