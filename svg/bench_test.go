package svg

import (
	"bytes"
	"os"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// BenchmarkPNG draws the README's first diagram (the rules page's chain with
// coordinates) as a 400-pixel PNG, as issue 28's target says: at most 10 ms and
// 40 KB. It reports the file's size as bytes/png.
func BenchmarkPNG(b *testing.B) {
	p := pacosako.MustParseFEN(rules1FEN)
	m := mustMove(b, p, chainSAN)
	opt := Options{Size: 400, Coordinates: true, Chains: []Chain{chainOf(b, p, m)}}
	var buf bytes.Buffer
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := RenderPNG(&buf, p, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

// BenchmarkImage draws the same diagram as BenchmarkPNG into pixels only,
// without the PNG encoding.
func BenchmarkImage(b *testing.B) {
	p := pacosako.MustParseFEN(rules1FEN)
	m := mustMove(b, p, chainSAN)
	opt := Options{Size: 400, Coordinates: true, Chains: []Chain{chainOf(b, p, m)}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Image(p, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGameGIF draws the game REPLAY_13103 of the shared histories (53
// half-moves; the module's copy of the line when ../shared is absent) as a
// 480-pixel GIF, as issue 28's target says: at most 1 s and 200 KB. It reports
// the file's size as bytes/gif.
func BenchmarkGameGIF(b *testing.B) {
	path := "../testdata/shared/testdata/game_histories.tsv" // through the module's link to the folder shared beside it
	if _, err := os.Stat(path); err != nil {
		path = "../testdata/game_histories.tsv"
	}
	g := historyGame(b, path, "testdata::REPLAY_13103")
	rec := pacosako.Record{Game: g, Tags: []pacosako.Tag{{Name: "White", Value: "White"}, {Name: "Black", Value: "Black"}}}
	opt := Options{Size: 480, Coordinates: true}
	var buf bytes.Buffer
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := GameGIF(&buf, rec, opt, GameAnimation{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/gif")
}

// BenchmarkArrowsPNG draws issue 32's picture: 1,000 long arrows (eight
// diagonals and near-diagonals in turn) on the start position, a 2048-pixel
// PNG (docs/benchmarks.md compares it with rsvg-convert drawing the library's
// SVG of it).
func BenchmarkArrowsPNG(b *testing.B) {
	var arrows []Arrow
	long := []string{"a1h8", "h8a1", "h1a8", "a8h1", "a1h7", "b1h8", "a2g8", "g1a7"}
	for i := 0; i < 1000; i++ {
		from, err := pacosako.ParseSquare(long[i%len(long)][:2])
		if err != nil {
			b.Fatal(err)
		}
		to, err := pacosako.ParseSquare(long[i%len(long)][2:])
		if err != nil {
			b.Fatal(err)
		}
		arrows = append(arrows, Arrow{From: from, To: to})
	}
	opt := Options{Size: MaxPixels, Arrows: arrows}
	var buf bytes.Buffer
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := RenderPNG(&buf, pacosako.StartingPosition(), opt); err != nil {
			b.Fatal(err)
		}
	}
}
