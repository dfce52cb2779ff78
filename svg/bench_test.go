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
	opt := Options{Size: 400, Coordinates: true, Chains: []Chain{MoveChain(p, m)}}
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
	opt := Options{Size: 400, Coordinates: true, Chains: []Chain{MoveChain(p, m)}}
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
