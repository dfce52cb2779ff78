package testkit

import (
	"bytes"
	"image"
	"image/draw"
	"image/gif"
	"testing"
)

// GIFFrames decodes a GIF and returns every frame composed as a viewer shows
// it (each frame drawn over the last, its transparent pixels leaving it be),
// with the decoded GIF (its delays and loop count).
func GIFFrames(tb testing.TB, data []byte) ([]*image.RGBA, *gif.GIF) {
	tb.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("not a GIF: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, fr := range g.Image {
		draw.Draw(canvas, fr.Rect, fr, fr.Rect.Min, draw.Over)
		c := image.NewRGBA(canvas.Rect)
		copy(c.Pix, canvas.Pix)
		out = append(out, c)
	}
	return out, g
}

// MaxDifference is the largest difference of two pictures of the same bounds
// in any channel (red, green, blue, alpha, premultiplied as color.Color's RGBA
// gives them, in 8 bits: 0 to 255) and the first pixel where it is reached; ok
// is false when the bounds differ.
func MaxDifference(a, b image.Image) (max int, at image.Point, ok bool) {
	if a.Bounds() != b.Bounds() {
		return 0, image.Point{}, false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			for _, d := range [4]int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8), int(a1>>8) - int(a2>>8)} {
				if d < 0 {
					d = -d
				}
				if d > max {
					max, at = d, image.Pt(x, y)
				}
			}
		}
	}
	return max, at, true
}
