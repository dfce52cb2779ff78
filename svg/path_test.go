package svg

import (
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestParsePath reads the artwork's and the glyphs' path data (every one must
// parse: the rasteriser draws from them), checks arcs against the circle they
// lie on, and refuses what the reader does not take.
func TestParsePath(t *testing.T) {
	if err := loadOutlines(); err != nil {
		t.Fatal(err)
	}
	for role, parts := range art {
		if len(artOutlines[role]) != len(parts) {
			t.Errorf("role %d: %d outlines for %d parts", role, len(artOutlines[role]), len(parts))
		}
	}
	if len(glyphOutline) != len(glyphs) {
		t.Errorf("%d glyph outlines for %d glyphs", len(glyphOutline), len(glyphs))
	}
	// The pawn's head: two half circles of radius 13 around (50, 37).
	o, err := parsePath("M37 37A13 13 0 1 0 63 37A13 13 0 1 0 37 37Z")
	if err != nil {
		t.Fatal(err)
	}
	lines, closed := flatten(o, func(q pt) pt { return q })
	if len(lines) != 1 || !closed[0] || len(lines[0]) < 8 {
		t.Fatalf("the circle flattens to %v (closed %v)", lines, closed)
	}
	for _, q := range lines[0] {
		if d := math.Hypot(q.x-50, q.y-37); math.Abs(d-13) > 0.02 {
			t.Errorf("a point of the circle at %v, %.3f from its centre, want 13", q, d)
		}
	}
	// An arc of the rook's base: a quarter circle of radius 3 from (74, 80) to (77, 83).
	o, _ = parsePath("M74 80A3 3 0 0 1 77 83")
	end := o[0].segs[len(o[0].segs)-1].p[2]
	if math.Abs(end.x-77) > 1e-9 || math.Abs(end.y-83) > 1e-9 {
		t.Errorf("the arc ends at %v, want (77, 83)", end)
	}
	if mid := o[0].segs[0]; !mid.cubic || mid.p[0].x <= 74 || mid.p[1].y >= 83 {
		t.Errorf("the arc bulges the wrong way: %+v", mid)
	}
	for _, bad := range []string{"L1 2", "M1", "M1 2Q3 4 5 6", "M1 2L3", "M1 2 Z 3", "Mx 2"} {
		if _, err := parsePath(bad); err == nil {
			t.Errorf("parsePath(%q) accepted it", bad)
		}
	}
	// Implicit line-tos after M, H and V.
	o, err = parsePath("M0 0 10 0V10H0Z")
	if err != nil || len(o) != 1 || len(o[0].segs) != 3 || o[0].segs[2].p[2] != (pt{0, 10}) {
		t.Errorf("M0 0 10 0V10H0Z: %+v, %v", o, err)
	}
}

// TestRasterConcurrent draws raster images from several goroutines at once
// (the parsed artwork, the font and the PNG encoder's buffers are shared), as
// a server would; go test -race checks them.
func TestRasterConcurrent(t *testing.T) {
	p := pacosako.MustParseFEN(rules1FEN)
	want, err := Image(p, Options{Size: 96})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			img, err := Image(p, Options{Size: 96})
			if err != nil || string(img.Pix) != string(want.Pix) {
				errs <- "Image differs in a goroutine"
			}
			var b strings.Builder
			if err := RenderPNG(&b, p, Options{Size: 96}); err != nil {
				errs <- err.Error()
			}
			rec := pacosako.Record{Game: pacosako.NewGame(p), Tags: []pacosako.Tag{{Name: "White", Value: "Ŝ"}}}
			if err := GameGIF(&b, rec, Options{Size: 96}, GameAnimation{}); err != nil {
				errs <- err.Error()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
