package svg

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// fillShapes are paths, in pixels of a 1024-pixel image, that test filling by
// bands: lines of every slope, horizontal edges inside a band, holes, subpaths
// that overlap, curves, and parts outside the image on every side.
var fillShapes = []struct {
	name string
	add  func(e *emitter)
}{
	{"a long diagonal stroke", func(e *emitter) { quad(e, pt{50, 60}, pt{950, 965}, 7) }},
	{"a steep stroke", func(e *emitter) { quad(e, pt{500, 25}, pt{565, 1000}, 4.5) }},
	{"a shallow stroke", func(e *emitter) { quad(e, pt{10, 500}, pt{1010, 605}, 4.5) }},
	{"a horizontal stroke with round caps", func(e *emitter) {
		quad(e, pt{50, 500.2}, pt{950, 500.2}, 10)
		e.disc(pt{50, 500.2}, 10)
		e.disc(pt{950, 500.2}, 10)
	}},
	{"crossing strokes (winding 2 where they meet)", func(e *emitter) {
		quad(e, pt{50, 50}, pt{950, 950}, 15)
		quad(e, pt{950, 50}, pt{50, 950}, 15)
	}},
	{"a ring", func(e *emitter) {
		e.ellipse(512, 512, 350, 350, false)
		e.ellipse(512, 512, 340, 340, true)
	}},
	{"a triangle out of the image left and right", func(e *emitter) {
		e.moveTo(-250, 100)
		e.lineTo(1300, 450)
		e.lineTo(-150, 900)
		e.close()
	}},
	{"a zigzag of triangles", func(e *emitter) {
		for i := 0.0; i < 8; i++ {
			e.moveTo(50+110*i, 50+115*i)
			e.lineTo(80+110*i, 50+115*i)
			e.lineTo(65+110*i, 75+115*i)
			e.close()
		}
	}},
}

// quad adds a stroke of half-width h from a to b, as painter.stroke does.
func quad(e *emitter, a, b pt, h float64) {
	d := math.Hypot(b.x-a.x, b.y-a.y)
	nx, ny := -(b.y-a.y)/d*h, (b.x-a.x)/d*h
	e.moveTo(a.x-nx, a.y-ny)
	e.lineTo(b.x-nx, b.y-ny)
	e.lineTo(b.x+nx, b.y+ny)
	e.lineTo(a.x+nx, a.y+ny)
	e.close()
}

// TestFillBands: a path filled band by band covers each pixel as the
// rasteriser covers it in floating point over the whole box, within a 255th
// or two (the bands are rasterised in fixed point), and costs about the
// pixels it touches, not its box.
func TestFillBands(t *testing.T) {
	const size = 1024
	src := image.NewUniform(color.NRGBA{0, 0, 0, 255})
	for _, c := range fillShapes {
		t.Run(c.name, func(t *testing.T) {
			var f filler
			c.add(&f.e)
			f.toLines()
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, l := range f.lines {
				x0, x1 = math.Min(x0, math.Min(l.a.x, l.b.x)), math.Max(x1, math.Max(l.a.x, l.b.x))
				y0, y1 = math.Min(y0, l.y0), math.Max(y1, l.y1)
			}
			box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(image.Rect(0, 0, size, size))

			// The reference: the same lines over the whole box, in floating
			// point (wider than vector's 512-pixel threshold).
			want := image.NewRGBA(box)
			f.z.Reset(box.Dx()+513, box.Dy())
			for _, l := range f.lines {
				f.emitRows(l, float64(box.Min.X), float64(box.Min.Y), box.Dy())
			}
			f.z.Draw(want, box, src, box.Min)

			got := image.NewRGBA(box)
			cells := f.bands(got, box, src)
			worst, off := 0, 0
			for i := 3; i < len(got.Pix); i += 4 {
				d := int(got.Pix[i]) - int(want.Pix[i])
				if d < 0 {
					d = -d
				}
				worst = max(worst, d)
				if d > 1 {
					off++
				}
			}
			covered := 0
			for i := 3; i < len(want.Pix); i += 4 {
				if want.Pix[i] != 0 {
					covered++
				}
			}
			t.Logf("largest difference %d/255, %d pixels off by more than 1; %d cells for %d pixels touched, a box of %d", worst, off, cells, covered, box.Dx()*box.Dy())
			if worst > 2 {
				t.Errorf("the bands differ from the whole box by up to %d/255, %d pixels by more than 1 (of %d touched)", worst, off, covered)
			}
			// A thin line at a slant covers less of its bands' columns than a
			// thick one: some three times what it touches at worst here.
			if cells > 3*covered+8*box.Dy() {
				t.Errorf("%d cells rasterised for %d pixels touched", cells, covered)
			}
		})
	}
}
