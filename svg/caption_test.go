package svg

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/pacosako-go/pacosako"
)

// countingFace counts the glyph look-ups (advances, kerns, bounds, glyphs) of
// the face it wraps: the work of measuring and drawing text.
type countingFace struct {
	font.Face
	calls int
}

func (c *countingFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	c.calls++
	return c.Face.Glyph(dot, r)
}

func (c *countingFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	c.calls++
	return c.Face.GlyphBounds(r)
}

func (c *countingFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	c.calls++
	return c.Face.GlyphAdvance(r)
}

func (c *countingFace) Kern(r0, r1 rune) fixed.Int26_6 {
	c.calls++
	return c.Face.Kern(r0, r1)
}

// bandCalls draws bands of a canvas size pixels wide, the top one naming
// name, and returns the glyph look-ups it took.
func bandCalls(t *testing.T, size int, name string) int {
	t.Helper()
	f, err := captionFont()
	if err != nil {
		t.Fatal(err)
	}
	height := max(size/12, 12)
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(height) * 0.6, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	cf := &countingFace{Face: face}
	b := &bands{height: height, top: band{name, "½"}, bottom: band{"Bob", "½"}, bg: color.NRGBA{255, 255, 255, 255}, fg: color.NRGBA{0, 0, 0, 255}}
	img := image.NewRGBA(image.Rect(0, 0, size, size+2*height))
	b.drawWith(img, image.Rect(0, height, size, height+size), f, cf)
	return cf.calls
}

// TestCaptionCost: drawing a band costs what the text that fits in it costs,
// whatever the length of the name (issue 32: a 40 KB White tag took 31 s in
// convert -to gif, each character dropped from the name measured it again).
// A name of 4,000 characters takes no more glyph look-ups than one of 100
// (both longer than the band holds), and at most a few per character drawn.
func TestCaptionCost(t *testing.T) {
	const size = 240
	unit := "Ŝako Wide Name " // 15 characters, a space at the end
	short := bandCalls(t, size, strings.Repeat(unit, 7))
	long := bandCalls(t, size, strings.Repeat(unit, 4000/len([]rune(unit))))
	fits := bandCalls(t, size, "Ada")
	t.Logf("glyph look-ups: a name of 3 characters %d, of 105 %d, of 3,990 %d", fits, short, long)
	if long > 2*short {
		t.Errorf("a name of 3,990 characters takes %d glyph look-ups, one of 105 %d: the cost grows with what does not fit", long, short)
	}
	// A 240-pixel band holds about 40 characters of Go Regular at 12 pixels:
	// each measured once or twice and drawn once.
	if short > 400 {
		t.Errorf("a band of %d pixels takes %d glyph look-ups, want at most 400", size, short)
	}

	// The record, its White tag 100 KB long (over five minutes before).
	rec := pacosako.Record{Game: pacosako.NewGame(pacosako.StartingPosition()),
		Tags: []pacosako.Tag{{Name: "White", Value: strings.Repeat("W", 100_000)}, {Name: "Black", Value: "Bob"}}}
	start := time.Now()
	var b bytes.Buffer
	if err := GameGIF(&b, rec, Options{Size: MinPixels}, GameAnimation{}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a GIF with a 100 KB White tag took %v, want well under 5 s", d)
	}
}

// TestFitMeasuresOnce: fit, which measures each character once, gives what
// measuring every shortened name from the start gives (the definition: the
// name whole, else the longest beginning that fits followed by "…", spaces
// before it dropped), at every width from nothing to more than the name.
func TestFitMeasuresOnce(t *testing.T) {
	f, err := captionFont()
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 12, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	d := &font.Drawer{Face: face}
	measured := func(s string, width int) string {
		if d.MeasureString(s).Ceil() <= width {
			return s
		}
		rs := []rune(s)
		for n := len(rs) - 1; n > 0; n-- {
			if t := strings.TrimRight(string(rs[:n]), " ") + "…"; d.MeasureString(t).Ceil() <= width {
				return t
			}
		}
		return ""
	}
	names := []string{"", "A", "Ada", "GM Ada Lovelace (2412)", "a b c d e f g h i j", "Ŝako   spaces   here", "一二 Ada 三",
		"   leading", "trailing   ", "WWWW iiii WWWW iiii", "Ĵurĝo Ŝanĝo Ĉu", "x\uFFFDy"}
	for _, name := range names {
		whole := d.MeasureString(visible(f, name)).Ceil()
		for width := -1; width <= whole+2; width++ {
			if got, want := fit(f, face, name, width), measured(visible(f, name), width); got != want {
				t.Errorf("%q in %d pixels: %q, want %q", name, width, got, want)
			}
		}
	}
}
