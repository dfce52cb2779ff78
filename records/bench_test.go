package records

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// The database of both games the filter benchmark reads (issue 32, item 4):
// the Atomic vectors' games.pgn (../shared/testdata/atomic; the module's own
// subset without the shared folder) and Paco Ŝako records — the analysis
// histories of ../shared/testdata/analysis written as records, as the root
// package's record benchmarks write them (the module's record corpus without
// the shared folder) — each repeated.

// benchDatabase returns games.pgn repeated atomicN times, then the Paco Ŝako
// records repeated pacoN times, and whether they are the shared files.
func benchDatabase(tb testing.TB, atomicN, pacoN int) ([]byte, bool) {
	tb.Helper()
	shared := filepath.Join("..", "testdata", "shared", "testdata") // the module's link, so go test's cache keys on it
	atomicPath := filepath.Join(shared, "atomic", "games.pgn")
	histories := filepath.Join(shared, "analysis", "annotated_histories.tsv")
	if !fileExists(atomicPath) || !fileExists(histories) {
		return localDatabase(tb, atomicN, pacoN), false
	}
	games, err := os.ReadFile(atomicPath)
	if err != nil {
		tb.Fatal(err)
	}
	var paco bytes.Buffer
	for _, h := range testkit.Rows(tb, histories) {
		g := pacosako.NewGame(pacosako.StartingPosition(), pacosako.WithRepetitionLimit(0))
		if h[1] != "new" {
			p, err := pacosako.ParseFEN(h[1])
			if err != nil {
				tb.Fatal(err)
			}
			g = pacosako.NewGame(p)
		}
		acts, err := pacosako.ParseActions(h[2])
		if err == nil {
			g, err = g.ApplyAll(acts)
		}
		if err == nil {
			err = pacosako.WriteRecord(&paco, pacosako.Record{Game: g, Tags: []pacosako.Tag{{Name: "Event", Value: h[0]}}})
		}
		if err != nil {
			tb.Fatalf("%s: %v", h[0], err)
		}
	}
	return append(bytes.Repeat(append(games, '\n'), atomicN), bytes.Repeat(paco.Bytes(), pacoN)...), true
}

// localDatabase is benchDatabase of the module's own files.
func localDatabase(tb testing.TB, atomicN, pacoN int) []byte {
	games, err := os.ReadFile(filepath.Join("..", "atomic", "testdata", "games.pgn"))
	if err != nil {
		tb.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "records", "*.pgn"))
	var paco bytes.Buffer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		paco.Write(b)
		paco.WriteString("\n\n")
	}
	return append(bytes.Repeat(append(games, '\n'), atomicN), bytes.Repeat(paco.Bytes(), pacoN)...)
}

// picked is the filter of the benchmark: the games White won.
func picked(tags Record) bool { return tags.Tag("Result") == "1-0" }

// BenchmarkFilterByTags picks the games White won from a database of both
// games (games.pgn ×40 and the Paco Ŝako records ×5: 2.0 MB with the shared
// files) by their tags, without replaying any: the Splitter's chunks with
// Chunk.ReadTags, and for comparison Reader.SkipMovetext. Metrics: MB/s of
// input, games/s, and the share of games picked.
func BenchmarkFilterByTags(b *testing.B) {
	data, _ := benchDatabase(b, 40, 5)
	run := func(b *testing.B, filter func() (games, picks int)) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		games, picks := 0, 0
		b.ResetTimer()
		for range b.N {
			g, p := filter()
			games, picks = games+g, picks+p
		}
		b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		b.ReportMetric(float64(picks)/float64(games), "picked/game")
	}
	b.Run("Chunk.ReadTags", func(b *testing.B) {
		run(b, func() (games, picks int) {
			sp := NewSplitter(bytes.NewReader(data), PacoSako)
			for sp.Scan() {
				games++
				if tags, err := sp.Chunk().ReadTags(); err == nil && picked(tags) {
					picks++
				}
			}
			if err := sp.Err(); err != nil {
				b.Fatal(err)
			}
			return games, picks
		})
	})
	b.Run("Reader.SkipMovetext", func(b *testing.B) {
		run(b, func() (games, picks int) {
			rr := NewReader(bytes.NewReader(data), PacoSako)
			rr.SkipMovetext(true)
			for rr.Scan() {
				games++
				if tags, err := rr.Record(); err == nil && picked(tags) {
					picks++
				}
			}
			if err := rr.Err(); err != nil {
				b.Fatal(err)
			}
			return games, picks
		})
	})
}

// TestFilterByTags: filtering the benchmark's database by its tags picks the
// games the whole reading says White won by their Result tags, the same with
// Chunk.ReadTags and Reader.SkipMovetext, and replaying only the picked chunks
// gives those games.
func TestFilterByTags(t *testing.T) {
	data, shared := benchDatabase(t, 1, 1)
	var whole []string
	rr := NewReader(bytes.NewReader(data), PacoSako)
	for n := 1; rr.Scan(); n++ {
		if rec, err := rr.Record(); err == nil && picked(rec) {
			whole = append(whole, rec.String())
		}
	}
	var split []string
	sp := NewSplitter(bytes.NewReader(data), PacoSako)
	for sp.Scan() {
		if tags, err := sp.Chunk().ReadTags(); err == nil && picked(tags) {
			if rec, err := sp.Chunk().Read(); err == nil {
				split = append(split, rec.String())
			}
		}
	}
	if len(whole) < 10 || strings.Join(whole, "") != strings.Join(split, "") {
		t.Errorf("shared files %v: %d games picked reading whole, %d by their tags", shared, len(whole), len(split))
	}
}

// TestReadTagsCost: Chunk.ReadTags does not look at the movetext: a chunk of
// a few tags and 9 MB of moves has its tags read about as fast as one of a few
// tags and one move (the skip path would take tens of milliseconds to reach its
// end).
func TestReadTagsCost(t *testing.T) {
	const tags = "[Event \"e\"]\n[White \"w\"]\n[Variant \"Atomic\"]\n\n"
	small := Chunk{Game: 1, Line: 1, Column: 1, Text: []byte(tags + "1. e4 *\n")}
	big := Chunk{Game: 1, Line: 1, Column: 1, Text: []byte(tags + strings.Repeat("1. e4 e5 ", 1<<20) + "*\n")}
	fastest := func(c Chunk) time.Duration {
		best := time.Hour
		for range 7 {
			start := time.Now()
			rec, err := c.ReadTags()
			if d := time.Since(start); d < best {
				best = d
			}
			if err != nil || rec.Tag("White") != "w" {
				t.Fatalf("%v, %v", rec, err)
			}
		}
		return best
	}
	s, b := fastest(small), fastest(big)
	if b > 20*s+time.Millisecond {
		t.Errorf("ReadTags took %v on 9 MB of moves, %v on one move", b, s)
	}
}
