package svg

import (
	"bytes"
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
