package svg

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"golang.org/x/image/vector"
)

// Filling a path over the pixels it covers. The rasteriser
// (golang.org/x/image/vector) accumulates the coverage of every pixel of the
// rectangle it is given, and a shape's bounding box can be many times its
// area: a long diagonal arrow's is some forty times. So a large shape is cut
// into bands of rows, and in each band only the columns its edges enter are
// rasterised (with every edge of the band, so that the coverage there is the
// whole shape's); the columns between them, which no edge enters, are wholly
// inside the shape or wholly outside it, as the coverage of one pixel of them
// tells: they are painted as they are, or left alone. A shape then costs
// about the pixels it covers plus its outline times the band's height.

const (
	// bandRows is the height of a band, in pixels.
	bandRows = 16
	// bandMinArea is the area of a box below which a shape is rasterised
	// whole: what banding saves there does not pay for its bookkeeping.
	bandMinArea = 1 << 16
	// spanGap is the fewest columns between two spans of a band that are
	// painted apart; closer ones are rasterised as one.
	spanGap = 8
)

// seg is a segment of a path, in pixels: a line from p[0] to p[1], or a cubic
// curve from p[0] through p[1] and p[2] to p[3].
type seg struct {
	p     [4]pt
	cubic bool
}

// emitter takes a path, in pixels: it adds it to a rasteriser (z, whose (0,
// 0) is the pixel at ox, oy), or with z nil records it in segs.
type emitter struct {
	z          *vector.Rasterizer
	ox, oy     float64
	segs       []seg
	pen, first pt
}

func (e *emitter) moveTo(x, y float64) {
	if e.z != nil {
		e.z.MoveTo(float32(x-e.ox), float32(y-e.oy))
		return
	}
	e.pen, e.first = pt{x, y}, pt{x, y}
}

func (e *emitter) lineTo(x, y float64) {
	if e.z != nil {
		e.z.LineTo(float32(x-e.ox), float32(y-e.oy))
		return
	}
	e.segs = append(e.segs, seg{p: [4]pt{e.pen, {x, y}}})
	e.pen = pt{x, y}
}

func (e *emitter) cubeTo(a, b, c pt) {
	if e.z != nil {
		e.z.CubeTo(float32(a.x-e.ox), float32(a.y-e.oy), float32(b.x-e.ox), float32(b.y-e.oy), float32(c.x-e.ox), float32(c.y-e.oy))
		return
	}
	e.segs = append(e.segs, seg{p: [4]pt{e.pen, a, b, c}, cubic: true})
	e.pen = c
}

func (e *emitter) close() {
	if e.z != nil {
		e.z.ClosePath()
		return
	}
	e.lineTo(e.first.x, e.first.y)
}

// fillShape fills, with src, the path that add emits, within the box (in
// viewBox units) that holds it: a small box whole, a large one by bands when
// they rasterise at most half of it.
func (p *painter) fillShape(x0, y0, x1, y1 float64, src image.Image, add func(e *emitter)) {
	b := p.pixelRect(x0, y0, x1, y1)
	if b.Empty() {
		return
	}
	f := &p.fill
	if b.Dx()*b.Dy() < bandMinArea || b.Dy() <= 2*bandRows {
		f.z.Reset(b.Dx(), b.Dy())
		add(&emitter{z: &f.z, ox: float64(b.Min.X), oy: float64(b.Min.Y)})
		f.z.Draw(p.dst, b, src, b.Min)
		p.cells += b.Dx() * b.Dy()
		return
	}
	f.e.segs = f.e.segs[:0]
	add(&f.e)
	p.cells += f.fill(p.dst, b, src)
}

// filler fills the paths an emitter records; it keeps its buffers from one
// path to the next.
type filler struct {
	z      vector.Rasterizer
	e      emitter // records the path of a large box
	lines  []edge  // the path as lines, for bands
	order  []int32 // the lines by their top
	active []int32 // those that enter the band
	spans  []span
	probe  *image.Alpha16
}

// edge is a line of a path, from a to b, and the rows it spans.
type edge struct {
	a, b   pt
	y0, y1 float64
}

// span is the columns x0 to x1 (exclusive) of a band.
type span struct{ x0, x1 int }

// fill fills the path f.e holds with src in dst, within b (the pixels that
// hold it), and returns the cells it rasterised: by bands when they
// rasterise at most half of b, else b whole.
func (f *filler) fill(dst *image.RGBA, b image.Rectangle, src image.Image) int {
	f.toLines()
	if f.bands(nil, b, src) <= b.Dx()*b.Dy()/2 {
		return f.bands(dst, b, src)
	}
	f.z.Reset(b.Dx(), b.Dy())
	e := emitter{z: &f.z, ox: float64(b.Min.X), oy: float64(b.Min.Y)}
	for _, s := range f.e.segs {
		e.moveTo(s.p[0].x, s.p[0].y)
		if s.cubic {
			e.cubeTo(s.p[1], s.p[2], s.p[3])
		} else {
			e.lineTo(s.p[1].x, s.p[1].y)
		}
	}
	f.z.Draw(dst, b, src, b.Min)
	return b.Dx() * b.Dy()
}

// toLines sets f.lines to the path f.e holds as lines, its curves cut as the
// rasteriser cuts them when it is given them whole (vector's CubeTo: n equal
// steps of t, n growing with the fourth root of the curve's bend), so that a
// curve filled by bands is the one filled whole.
func (f *filler) toLines() {
	f.lines = f.lines[:0]
	add := func(a, b pt) {
		f.lines = append(f.lines, edge{a, b, math.Min(a.y, b.y), math.Max(a.y, b.y)})
	}
	for _, s := range f.e.segs {
		if !s.cubic {
			add(s.p[0], s.p[1])
			continue
		}
		a, b, c, d := s.p[0], s.p[1], s.p[2], s.p[3]
		bend := func(p, q, r pt) float64 {
			x, y := p.x-2*q.x+r.x, p.y-2*q.y+r.y
			return x*x + y*y
		}
		n := 1
		if dev := math.Max(bend(a, b, d), bend(a, c, d)); dev >= 0.333 {
			n = 1 + int(math.Sqrt(math.Sqrt(3*dev)))
		}
		prev := a
		for i := 1; i < n; i++ {
			t := float64(i) / float64(n)
			u := 1 - t
			q := pt{
				u*u*u*a.x + 3*u*u*t*b.x + 3*u*t*t*c.x + t*t*t*d.x,
				u*u*u*a.y + 3*u*u*t*b.y + 3*u*t*t*c.y + t*t*t*d.y,
			}
			add(prev, q)
			prev = q
		}
		add(prev, d)
	}
}

// xRange returns the columns e spans between the rows top and bottom.
func (e edge) xRange(top, bottom float64) (lo, hi float64) {
	if e.y0 == e.y1 {
		return math.Min(e.a.x, e.b.x), math.Max(e.a.x, e.b.x)
	}
	x0, x1 := e.at(math.Max(e.y0, top)), e.at(math.Min(e.y1, bottom))
	return math.Min(x0, x1), math.Max(x0, x1)
}

// at returns the column where e (not horizontal) crosses row y.
func (e edge) at(y float64) float64 {
	switch y {
	case e.a.y:
		return e.a.x
	case e.b.y:
		return e.b.x
	}
	return e.a.x + (y-e.a.y)*(e.b.x-e.a.x)/(e.b.y-e.a.y)
}

// emitRows adds the part of e in the rows oy to oy+rows to the rasteriser,
// whose (0, 0) is the pixel at (ox, oy), cut at every row: each piece's ends
// are where the line crosses the row. The rasteriser steps along a line a
// row at a time, and in fixed point (which it uses for regions up to 512
// pixels, as bands are) each step is rounded towards zero: along a long line
// the rounding adds up to a good part of a pixel, from the line's crossings
// it cannot.
func (f *filler) emitRows(e edge, ox, oy float64, rows int) {
	lo, hi := math.Max(e.y0, oy), math.Min(e.y1, oy+float64(rows))
	if lo >= hi {
		return // outside the rows, or horizontal: no coverage of its own
	}
	from, to, step := lo, hi, 1.0 // along the line, from a to b
	if e.a.y > e.b.y {
		from, to, step = hi, lo, -1
	}
	f.z.MoveTo(float32(e.at(from)-ox), float32(from-oy))
	y := math.Floor(from) + 1
	if step < 0 {
		y = math.Ceil(from) - 1
	}
	for ; (y-to)*step < 0; y += step {
		f.z.LineTo(float32(e.at(y)-ox), float32(y-oy))
	}
	f.z.LineTo(float32(e.at(to)-ox), float32(to-oy))
}

// bands fills f.lines band by band, as the comment at the top of the file
// says, and returns the cells it rasterised; with a nil dst it paints
// nothing and returns the cells it would rasterise.
func (f *filler) bands(dst *image.RGBA, b image.Rectangle, src image.Image) int {
	lines := f.lines
	f.order = f.order[:0]
	for i := range lines {
		f.order = append(f.order, int32(i))
	}
	slices.SortFunc(f.order, func(i, j int32) int {
		switch a, b := lines[i].y0, lines[j].y0; {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	})
	f.active = f.active[:0]
	next, cells := 0, 0
	for top := b.Min.Y; top < b.Max.Y; top += bandRows {
		bottom := min(top+bandRows, b.Max.Y)
		t, bt := float64(top), float64(bottom)
		for ; next < len(f.order) && lines[f.order[next]].y0 < bt; next++ {
			f.active = append(f.active, f.order[next])
		}
		// The lines that enter the band (a horizontal one inside it too: the
		// coverage differs above and below it).
		f.active = slices.DeleteFunc(f.active, func(i int32) bool { return lines[i].y1 <= t })

		// The columns the lines enter, a pixel more on each side (the
		// rasteriser's rounding), merged where they are close.
		f.spans = f.spans[:0]
		outLeft, outRight := false, false // lines beyond b's sides
		for _, i := range f.active {
			lo, hi := lines[i].xRange(t, bt)
			outLeft, outRight = outLeft || lo < float64(b.Min.X), outRight || hi > float64(b.Max.X)
			x0, x1 := max(int(math.Floor(lo))-1, b.Min.X), min(int(math.Ceil(hi))+1, b.Max.X)
			if x0 < x1 {
				f.spans = append(f.spans, span{x0, x1})
			}
		}
		slices.SortFunc(f.spans, func(a, b span) int { return a.x0 - b.x0 })
		merged := f.spans[:0]
		for _, s := range f.spans {
			if n := len(merged); n > 0 && s.x0 < merged[n-1].x1+spanGap {
				merged[n-1].x1 = max(merged[n-1].x1, s.x1)
				continue
			}
			merged = append(merged, s)
		}
		f.spans = merged

		// The spans rasterised, the gaps before, between and after them
		// painted as the coverage of their first pixel says (before the
		// first and after the last nothing, unless lines lie beyond b).
		x := b.Min.X
		for k := 0; k <= len(f.spans); k++ {
			end := b.Max.X
			if k < len(f.spans) {
				end = f.spans[k].x0
			}
			if x < end && (k > 0 || outLeft) && (k < len(f.spans) || outRight) {
				cells++
				if dst != nil {
					f.fillGap(dst, image.Rect(x, top, end, bottom), src)
				}
			}
			if k == len(f.spans) {
				break
			}
			r := image.Rect(f.spans[k].x0, top, f.spans[k].x1, bottom)
			cells += r.Dx() * r.Dy()
			if dst != nil {
				f.z.Reset(r.Dx(), r.Dy())
				for _, i := range f.active {
					f.emitRows(lines[i], float64(r.Min.X), t, r.Dy())
				}
				f.z.Draw(dst, r, src, r.Min)
			}
			x = r.Max.X
		}
	}
	return cells
}

// fillGap paints r, columns of a band that no line of the band enters, as
// the coverage of its first pixel says: the shape's paint where it is inside
// the shape, nothing where it is outside.
func (f *filler) fillGap(dst *image.RGBA, r image.Rectangle, src image.Image) {
	if f.probe == nil {
		f.probe = image.NewAlpha16(image.Rect(0, 0, 1, 1))
	}
	f.z.Reset(1, 1)
	for _, i := range f.active {
		f.emitRows(f.lines[i], float64(r.Min.X), float64(r.Min.Y), 1)
	}
	f.probe.Pix[0], f.probe.Pix[1] = 0, 0
	f.z.Draw(f.probe, f.probe.Rect, image.Opaque, image.Point{})
	switch m := uint16(f.probe.Pix[0])<<8 | uint16(f.probe.Pix[1]); m {
	case 0:
	case 0xffff:
		draw.Draw(dst, r, src, r.Min, draw.Over)
	default:
		draw.DrawMask(dst, r, src, r.Min, image.NewUniform(color.Alpha16{A: m}), image.Point{}, draw.Over)
	}
}
