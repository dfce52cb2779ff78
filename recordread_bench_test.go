package pacosako

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"
)

// Reading game records at database speed (issue 26): the speed of NewRecordReader
// with every half-move replayed, and the memory a record keeps per main-line
// half-move.

// historyRecords writes the games of a history file of the reference data
// (<name>\t<start>\t<actions>; start "new" plays without the repetition draw, as
// the engine's DenseBoard::new() and the command's "new" do) as PGN records, as
// `pacosako convert -from history -to record` writes them, and returns the text
// and its main-line half-moves.
func historyRecords(t testing.TB, rows [][]string) ([]byte, int) {
	t.Helper()
	var buf bytes.Buffer
	plies := 0
	for _, r := range rows {
		start, opts := StartingPosition(), []GameOption(nil)
		if r[1] == "new" {
			opts = append(opts, WithRepetitionLimit(0))
		} else {
			start = mustFEN(t, r[1])
		}
		g, err := NewGame(start, opts...).ApplyAll(mustActions(t, r[2]))
		if err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		g = g.Rollback()
		if err := WriteRecord(&buf, Record{Game: g, Tags: []Tag{{Name: "Event", Value: r[0]}}}); err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		plies += g.Len()
	}
	return buf.Bytes(), plies
}

// readAllRecords reads every record of text, failing on any error, and returns
// them.
func readAllRecords(t testing.TB, text []byte) []Record {
	t.Helper()
	var out []Record
	rr := NewRecordReader(bytes.NewReader(text))
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
	if err := rr.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// BenchmarkRecordReadPacoSako reads the 90 games of the reference data's
// analysis histories (../shared/testdata/analysis/annotated_histories.tsv, 5,809
// half-moves, as convert -to record writes them; the file is 50 copies)
// with NewRecordReader, every half-move replayed, and reports MB/s, games/s,
// half-moves/s and the heap the records keep per main-line half-move.
func BenchmarkRecordReadPacoSako(b *testing.B) {
	text, plies := historyRecords(b, sharedRows(b, "analysis/annotated_histories.tsv"))
	games := len(readAllRecords(b, text))
	perPly := float64(liveBytes(func() []Record { return readAllRecords(b, text) })) / float64(plies)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		rr := NewRecordReader(bytes.NewReader(text))
		for rr.Scan() {
			if _, err := rr.Record(); err != nil {
				b.Fatal(err)
			}
		}
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(games*b.N)/s, "games/s")
	b.ReportMetric(float64(plies*b.N)/s, "half-moves/s")
	b.ReportMetric(perPly, "bytes/half-move")
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

// BenchmarkPlayedSANPacoSako writes the main lines of the records of
// BenchmarkRecordReadPacoSako in chain SAN, as `pacosako convert -to san` does
// (Game.PlayedSAN), and reports half-moves written per second.
func BenchmarkPlayedSANPacoSako(b *testing.B) {
	text, plies := historyRecords(b, sharedRows(b, "analysis/annotated_histories.tsv"))
	recs := readAllRecords(b, text)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, rec := range recs {
			rec.Game.PlayedSAN()
		}
	}
	b.ReportMetric(float64(plies*b.N)/b.Elapsed().Seconds(), "half-moves/s")
}

// BenchmarkPlayedMovesPacoSako builds the PlayedMoves of the records of
// BenchmarkRecordReadPacoSako: a replay of the half-moves kept packed.
func BenchmarkPlayedMovesPacoSako(b *testing.B) {
	text, plies := historyRecords(b, sharedRows(b, "analysis/annotated_histories.tsv"))
	recs := readAllRecords(b, text)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, rec := range recs {
			rec.Game.PlayedMoves()
		}
	}
	b.ReportMetric(float64(plies*b.N)/b.Elapsed().Seconds(), "half-moves/s")
}
