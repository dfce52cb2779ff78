package svg

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"golang.org/x/image/colornames"

	"github.com/pacosako-go/pacosako"
)

// The rasteriser: the drawing description (layout.go) painted into pixels with
// golang.org/x/image/vector, which fills paths with exact-area anti-aliasing.
// Fills go to it as they are (lines and cubic curves); strokes are turned into
// fills here: each line segment a quadrilateral, each round join and cap a disc,
// all in one path of one orientation, which the rasteriser's accumulation unites.
// Each path is filled over the pixels it covers, a large one band by band
// (fill.go). Groups with an opacity are painted into a layer of their own and
// composited, as SVG's group opacity is.

// painter paints items into an image.
type painter struct {
	r      *renderer
	k      float64 // pixels per viewBox unit
	dst    *image.RGBA
	layers []groupLayer // the open groups with an opacity
	fill   filler       // fills paths
	cells  int          // the cells the rasteriser accumulated
}

// groupLayer is an open group: the image painted before it and its opacity.
type groupLayer struct {
	parent  *image.RGBA
	opacity float64
}

// paintColor returns the colour of a paint, its opacity as alpha; false for a colour
// name that is not one of SVG's.
func paintColor(c paint) (color.NRGBA, bool) {
	var out color.NRGBA
	s := c.color
	switch {
	case s == "transparent":
		return color.NRGBA{}, true
	case len(s) == 4 && s[0] == '#':
		v, err := strconv.ParseUint(s[1:], 16, 16)
		if err != nil {
			return out, false
		}
		out = color.NRGBA{uint8(v>>8&15) * 17, uint8(v>>4&15) * 17, uint8(v&15) * 17, 255}
	case len(s) == 7 && s[0] == '#':
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err != nil {
			return out, false
		}
		out = color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
	default:
		n, ok := colornames.Map[s]
		if !ok {
			return out, false
		}
		out = color.NRGBA{n.R, n.G, n.B, 255}
	}
	if c.opacity != "" {
		a, _ := strconv.ParseFloat(c.opacity, 64)
		out.A = uint8(math.Round(a * 255))
	}
	return out, true
}

// checkPaints returns an error for the first paint of the items or of r's
// figures that a raster image cannot show: a colour name that is not one of
// SVG's (the SVG writer leaves those to the renderer).
func (r *renderer) checkPaints(items []item) error {
	check := func(c paint, what string) error {
		if c.color == "" {
			return nil
		}
		if _, ok := paintColor(c); !ok {
			return invalid("%s colour %q is not a colour name of SVG (CSS), which a raster image needs", what, c.color)
		}
		return nil
	}
	for _, c := range []paint{r.colors.whitePiece, r.colors.whiteOutline, r.colors.blackPiece, r.colors.blackOutline} {
		if err := check(c, "figure"); err != nil {
			return err
		}
	}
	for _, it := range items {
		if err := check(it.fill, it.class); err != nil {
			return err
		}
		if err := check(it.stroke, it.class); err != nil {
			return err
		}
	}
	return nil
}

// paint paints the items.
func (p *painter) paint(items []item) {
	for i, it := range items {
		if it.layer == layerSquares && (i == 0 || items[i-1].layer != layerSquares) {
			p.underlay()
		}
		p.item(items, i)
	}
}

// underlay paints the whole board in the light squares' colour when it is
// opaque, so that the edges between squares, which fall inside pixels, show
// the two square colours mixed and nothing of what lies below.
func (p *painter) underlay() {
	c, ok := paintColor(p.r.colors.light)
	if !ok || c.A != 255 {
		return
	}
	m := p.r.margin
	p.fillRect(m, m, 8*SquareSize, 8*SquareSize, c)
}

// item paints items[i].
func (p *painter) item(items []item, i int) {
	it := items[i]
	k := p.k
	fill, _ := paintColor(it.fill)
	stroke, _ := paintColor(it.stroke)
	if n := len(p.layers); n > 0 && p.layers[n-1].parent == nil {
		op := p.layers[n-1].opacity
		fill.A = uint8(math.Round(float64(fill.A) * op))
		stroke.A = uint8(math.Round(float64(stroke.A) * op))
	}
	switch it.kind {
	case rectItem:
		p.fillRect(it.x, it.y, it.w, it.h, fill)
	case glowItem:
		p.glow(it, fill)
	case ellipseItem:
		p.fillShape(it.x-it.w, it.y-it.h, it.x+it.w, it.y+it.h, image.NewUniform(fill), func(e *emitter) {
			e.ellipse(it.x*k, it.y*k, it.w*k, it.h*k, false)
		})
	case dotItem:
		p.fillShape(it.x-it.w, it.y-it.w, it.x+it.w, it.y+it.w, image.NewUniform(fill), func(e *emitter) {
			e.ellipse(it.x*k, it.y*k, it.w*k, it.w*k, false)
		})
		p.ring(it.x, it.y, it.w, it.width, stroke)
	case ringItem:
		p.ring(it.x, it.y, it.w, it.width, stroke)
	case crossItem:
		lines := [][]pt{{scalePt(it.pts[0], k), scalePt(it.pts[1], k)}, {scalePt(it.pts[2], k), scalePt(it.pts[3], k)}}
		p.stroke(lines, []bool{false, false}, it.width*k/2, true, true, stroke)
	case lineItem:
		line := make([]pt, len(it.pts))
		for j, q := range it.pts {
			line[j] = scalePt(q, k)
		}
		p.stroke([][]pt{line}, []bool{false}, it.width*k/2, false, true, stroke)
	case headItem:
		if i > 0 && items[i-1].kind == headItem {
			return // painted with the first head of the run
		}
		run := i + 1
		for run < len(items) && items[run].kind == headItem {
			run++
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, h := range items[i:run] {
			a, b, c, d := ptsBounds(h.pts)
			x0, y0, x1, y1 = math.Min(x0, a), math.Min(y0, b), math.Max(x1, c), math.Max(y1, d)
		}
		p.fillShape(x0, y0, x1, y1, image.NewUniform(fill), func(e *emitter) {
			for _, h := range items[i:run] { // one path, each turning the same way: their union
				pts := h.pts
				if area(pts) < 0 {
					pts = reversed(pts)
				}
				for j, q := range pts {
					if j == 0 {
						e.moveTo(q[0]*k, q[1]*k)
					} else {
						e.lineTo(q[0]*k, q[1]*k)
					}
				}
				e.close()
			}
		})
	case figureItem:
		p.figure(it)
	case glyphItem:
		o := glyphOutline[it.glyph]
		tf := func(q pt) pt { return pt{(it.x + it.w*q.x) * k, (it.y + it.w*q.y) * k} }
		lines, closed := flatten(o, tf)
		p.stroke(lines, closed, it.width*it.w*k/2, true, true, stroke)
	case groupItem:
		if it.fill.opacity == "" {
			return
		}
		op, _ := strconv.ParseFloat(it.fill.opacity, 64)
		if p.folds(items[i+1:]) {
			p.layers = append(p.layers, groupLayer{nil, op})
			return
		}
		x0, y0, x1, y1 := groupBounds(items[i+1:])
		b := p.pixelRect(x0, y0, x1, y1)
		p.layers = append(p.layers, groupLayer{p.dst, op})
		p.dst = image.NewRGBA(b)
	case endItem:
		if n := len(p.layers); n > 0 && p.isLayerEnd(items, i) {
			g := p.layers[n-1]
			p.layers = p.layers[:n-1]
			if g.parent == nil { // folded into its shapes' paint
				return
			}
			layer := p.dst
			p.dst = g.parent
			mask := image.NewUniform(color.Alpha{uint8(math.Round(g.opacity * 255))})
			draw.DrawMask(p.dst, layer.Rect, layer, layer.Rect.Min, mask, image.Point{}, draw.Over)
		}
	}
}

// folds reports whether the group that items start in can be painted without a
// layer of its own, its opacity applied to the paint of its shapes: it holds
// one shape of one paint (a line, a ring, an arrow's head), or heads of
// arrows alone, which are painted as one path (their union, as the layer
// would show it).
func (p *painter) folds(items []item) bool {
	n, heads := 0, true
	for _, it := range items {
		if it.kind == endItem {
			break
		}
		switch it.kind {
		case groupItem, figureItem, glyphItem, dotItem:
			return false
		}
		n++
		heads = heads && it.kind == headItem
	}
	return n == 1 || heads
}

// isLayerEnd reports whether the end item items[i] closes a group with an
// opacity (one that opened a layer).
func (p *painter) isLayerEnd(items []item, i int) bool {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch items[j].kind {
		case endItem:
			depth++
		case groupItem:
			if depth == 0 {
				return items[j].fill.opacity != ""
			}
			depth--
		}
	}
	return false
}

func scalePt(q [2]float64, k float64) pt { return pt{q[0] * k, q[1] * k} }

// area returns twice the signed area of the polygon pts.
func area(pts [][2]float64) float64 {
	a := 0.0
	for i, q := range pts {
		r := pts[(i+1)%len(pts)]
		a += q[0]*r[1] - r[0]*q[1]
	}
	return a
}

// reversed returns pts in the other order.
func reversed(pts [][2]float64) [][2]float64 {
	out := make([][2]float64, len(pts))
	for i, q := range pts {
		out[len(pts)-1-i] = q
	}
	return out
}

func ptsBounds(pts [][2]float64) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range pts {
		x0, y0, x1, y1 = math.Min(x0, q[0]), math.Min(y0, q[1]), math.Max(x1, q[0]), math.Max(y1, q[1])
	}
	return
}

// itemBounds returns a box, in viewBox units, that holds what the item paints.
func itemBounds(it item) (x0, y0, x1, y1 float64) {
	switch it.kind {
	case rectItem, glowItem:
		return it.x, it.y, it.x + it.w, it.y + it.h
	case ellipseItem:
		return it.x - it.w, it.y - it.h, it.x + it.w, it.y + it.h
	case dotItem, ringItem:
		d := it.w + it.width/2
		return it.x - d, it.y - d, it.x + d, it.y + d
	case crossItem, lineItem, headItem:
		x0, y0, x1, y1 = ptsBounds(it.pts)
		d := it.width / 2
		return x0 - d, y0 - d, x1 + d, y1 + d
	case figureItem:
		d := figureStroke * it.w
		return it.x - d, it.y - d, it.x + SquareSize*it.w + d, it.y + SquareSize*it.w + d
	case glyphItem:
		d := it.width * it.w
		return it.x - d, it.y - d, it.x + 10*it.w + d, it.y + 20*it.w + d
	}
	return math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
}

// groupBounds returns the box of the items of the group that items start in,
// up to its end.
func groupBounds(items []item) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	depth := 0
	for _, it := range items {
		switch it.kind {
		case groupItem:
			depth++
		case endItem:
			if depth == 0 {
				return
			}
			depth--
		default:
			a, b, c, d := itemBounds(it)
			x0, y0, x1, y1 = math.Min(x0, a), math.Min(y0, b), math.Max(x1, c), math.Max(y1, d)
		}
	}
	return
}

// pixelRect returns the pixels that the box (in viewBox units) touches, within
// the image.
func (p *painter) pixelRect(x0, y0, x1, y1 float64) image.Rectangle {
	k := p.k
	r := image.Rect(int(math.Floor(x0*k)), int(math.Floor(y0*k)), int(math.Ceil(x1*k)), int(math.Ceil(y1*k)))
	return r.Intersect(p.dst.Rect)
}

// kappa places the control points of a quarter circle drawn as a cubic curve.
const kappa = 0.5522847498

// ellipse adds the ellipse of centre (cx, cy) and radii rx, ry, turning the
// way a stroke's pieces do (reverse: the other way, to cut a hole).
func (e *emitter) ellipse(cx, cy, rx, ry float64, reverse bool) {
	s := 1.0
	if reverse {
		s = -1
	}
	e.moveTo(cx+rx, cy)
	for q := 0; q < 4; q++ {
		a0 := float64(q) * math.Pi / 2 * s
		a1 := float64(q+1) * math.Pi / 2 * s
		c0, s0 := math.Cos(a0), math.Sin(a0)
		c1, s1 := math.Cos(a1), math.Sin(a1)
		e.cubeTo(
			pt{cx + rx*(c0-kappa*s*s0), cy + ry*(s0+kappa*s*c0)},
			pt{cx + rx*(c1+kappa*s*s1), cy + ry*(s1-kappa*s*c1)},
			pt{cx + rx*c1, cy + ry*s1})
	}
	e.close()
}

// unitCircles[n] are the n corners of a regular polygon on the unit circle, for
// n from minDisc to maxDisc.
const minDisc, maxDisc = 8, 64

var unitCircles = func() [maxDisc + 1][]pt {
	var out [maxDisc + 1][]pt
	for n := minDisc; n <= maxDisc; n++ {
		for j := 0; j < n; j++ {
			a := 2 * math.Pi * float64(j) / float64(n)
			out[n] = append(out[n], pt{math.Cos(a), math.Sin(a)})
		}
	}
	return out
}()

// disc adds a polygon of the circle of centre c and radius r (pixels): a round
// join or cap, its corners about a pixel and a half apart.
func (e *emitter) disc(c pt, r float64) {
	n := min(max(int(math.Ceil(2*math.Pi*r/1.5)), minDisc), maxDisc)
	for j, u := range unitCircles[n] {
		if j == 0 {
			e.moveTo(c.x+r*u.x, c.y+r*u.y)
		} else {
			e.lineTo(c.x+r*u.x, c.y+r*u.y)
		}
	}
	e.close()
}

// fillRect fills the rectangle at (x, y) of size w×h (viewBox units) with c:
// the pixels it covers whole with image/draw, the edges that cross pixels
// with the rasteriser.
func (p *painter) fillRect(x, y, w, h float64, c color.NRGBA) {
	k := p.k
	x0, y0, x1, y1 := x*k, y*k, (x+w)*k, (y+h)*k
	in := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1))).Intersect(p.dst.Rect)
	if in.Dx() < 2 || in.Dy() < 2 {
		p.fillPixels(x0, y0, x1, y1, c)
		return
	}
	op := draw.Over
	if c.A == 255 {
		op = draw.Src
	}
	draw.Draw(p.dst, in, image.NewUniform(c), image.Point{}, op)
	ix0, iy0, ix1, iy1 := float64(in.Min.X), float64(in.Min.Y), float64(in.Max.X), float64(in.Max.Y)
	p.fillPixels(x0, y0, x1, iy0, c)   // the top edge, with the corners
	p.fillPixels(x0, iy1, x1, y1, c)   // the bottom edge
	p.fillPixels(x0, iy0, ix0, iy1, c) // the left edge
	p.fillPixels(ix1, iy0, x1, iy1, c) // the right edge
}

// fillPixels fills the rectangle from (x0, y0) to (x1, y1), in pixels, with c.
func (p *painter) fillPixels(x0, y0, x1, y1 float64, c color.NRGBA) {
	if x1 <= x0 || y1 <= y0 {
		return
	}
	k := p.k
	p.fillShape(x0/k, y0/k, x1/k, y1/k, image.NewUniform(c), func(e *emitter) {
		e.moveTo(x0, y0)
		e.lineTo(x1, y0)
		e.lineTo(x1, y1)
		e.lineTo(x0, y1)
		e.close()
	})
}

// ring strokes the circle of centre (cx, cy) and radius rad with a line width
// wide (viewBox units), as the ring between two circles.
func (p *painter) ring(cx, cy, rad, width float64, c color.NRGBA) {
	k := p.k
	out, in := rad+width/2, rad-width/2
	p.fillShape(cx-out, cy-out, cx+out, cy+out, image.NewUniform(c), func(e *emitter) {
		e.ellipse(cx*k, cy*k, out*k, out*k, false)
		if in > 0 {
			e.ellipse(cx*k, cy*k, in*k, in*k, true)
		}
	})
}

// glow paints the square of it under a radial glow of colour c: full at the
// centre, 0.85 of it at 60 % of the radius, nothing at the edge (the gradient
// the SVG writer defines, defs).
func (p *painter) glow(it item, c color.NRGBA) {
	k := p.k
	src := &glowImage{cx: (it.x + it.w/2) * k, cy: (it.y + it.h/2) * k, r: it.w / 2 * k, c: c}
	p.fillShape(it.x, it.y, it.x+it.w, it.y+it.h, src, func(e *emitter) {
		x0, y0, x1, y1 := it.x*k, it.y*k, (it.x+it.w)*k, (it.y+it.h)*k
		e.moveTo(x0, y0)
		e.lineTo(x1, y0)
		e.lineTo(x1, y1)
		e.lineTo(x0, y1)
		e.close()
	})
}

// glowStops are the stops of the glows' radial gradient: offset and opacity.
var glowStops = [3][2]float64{{0, 1}, {0.6, 0.85}, {1, 0}}

// glowImage is the radial gradient of a glow, as an image to paint with.
type glowImage struct {
	cx, cy, r float64
	c         color.NRGBA
}

func (g *glowImage) ColorModel() color.Model { return color.NRGBAModel }
func (g *glowImage) Bounds() image.Rectangle {
	return image.Rect(-1<<30, -1<<30, 1<<30, 1<<30)
}
func (g *glowImage) At(x, y int) color.Color {
	d := math.Hypot(float64(x)+0.5-g.cx, float64(y)+0.5-g.cy) / g.r
	a := 0.0
	for i := 1; i < len(glowStops); i++ {
		s0, s1 := glowStops[i-1], glowStops[i]
		if d <= s1[0] {
			a = s0[1] + (s1[1]-s0[1])*(d-s0[0])/(s1[0]-s0[0])
			break
		}
	}
	c := g.c
	c.A = uint8(math.Round(float64(c.A) * a))
	return c
}

// flatten returns the subpaths of o, mapped by tf, as polylines (curves cut into
// pieces of about a pixel and a half) and whether each is closed.
func flatten(o outline, tf func(pt) pt) ([][]pt, []bool) {
	lines := make([][]pt, 0, len(o))
	closed := make([]bool, 0, len(o))
	for _, sp := range o {
		cur := tf(sp.start)
		line := []pt{cur}
		for _, s := range sp.segs {
			end := tf(s.p[2])
			if !s.cubic {
				line = append(line, end)
				cur = end
				continue
			}
			a, b := tf(s.p[0]), tf(s.p[1])
			l := math.Hypot(a.x-cur.x, a.y-cur.y) + math.Hypot(b.x-a.x, b.y-a.y) + math.Hypot(end.x-b.x, end.y-b.y)
			n := min(max(int(l/1.5)+1, 2), 64)
			for j := 1; j <= n; j++ {
				t := float64(j) / float64(n)
				u := 1 - t
				line = append(line, pt{
					u*u*u*cur.x + 3*u*u*t*a.x + 3*u*t*t*b.x + t*t*t*end.x,
					u*u*u*cur.y + 3*u*u*t*a.y + 3*u*t*t*b.y + t*t*t*end.y,
				})
			}
			cur = end
		}
		lines = append(lines, line)
		closed = append(closed, sp.closed)
	}
	return lines, closed
}

// stroke paints the polylines (in pixels) with a line of half-width h in colour
// c: each segment a quadrilateral, and a disc at every joint if roundJoins and at
// both ends of open lines if roundCaps.
func (p *painter) stroke(lines [][]pt, closed []bool, h float64, roundCaps, roundJoins bool, c color.NRGBA) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, l := range lines {
		for _, q := range l {
			x0, y0, x1, y1 = math.Min(x0, q.x), math.Min(y0, q.y), math.Max(x1, q.x), math.Max(y1, q.y)
		}
	}
	k := p.k
	p.fillShape((x0-h)/k, (y0-h)/k, (x1+h)/k, (y1+h)/k, image.NewUniform(c), func(e *emitter) {
		quad := func(a, b pt) {
			dx, dy := b.x-a.x, b.y-a.y
			d := math.Hypot(dx, dy)
			if d == 0 {
				return
			}
			nx, ny := -dy/d*h, dx/d*h
			e.moveTo(a.x-nx, a.y-ny)
			e.lineTo(b.x-nx, b.y-ny)
			e.lineTo(b.x+nx, b.y+ny)
			e.lineTo(a.x+nx, a.y+ny)
			e.close()
		}
		for i, l := range lines {
			for j := 1; j < len(l); j++ {
				quad(l[j-1], l[j])
			}
			if closed[i] {
				quad(l[len(l)-1], l[0])
			}
			if roundJoins {
				for j := 1; j < len(l)-1; j++ {
					if turns(l[j-1], l[j], l[j+1]) {
						e.disc(l[j], h)
					}
				}
				if closed[i] {
					e.disc(l[0], h)
					e.disc(l[len(l)-1], h)
				}
			}
			if roundCaps && !closed[i] {
				e.disc(l[0], h)
				e.disc(l[len(l)-1], h)
			}
		}
	})
}

// turns reports whether a line from a through b to c turns at b by more than a
// few degrees, so that its round join shows: along a flattened curve the
// segments' quadrilaterals meet with gaps far under a pixel.
func turns(a, b, c pt) bool {
	ux, uy := b.x-a.x, b.y-a.y
	vx, vy := c.x-b.x, c.y-b.y
	cross, dot := ux*vy-uy*vx, ux*vx+uy*vy
	return dot <= 0 || math.Abs(cross) > 0.1*dot // more than about 6°
}

// figure paints a figure: each part of its artwork filled in the piece colour
// and outlined, stroked, or filled in the outline colour (pieces.go).
func (p *painter) figure(it item) {
	k := p.k
	fillC, outlineC := p.r.colors.whitePiece, p.r.colors.whiteOutline
	if it.fig.color == pacosako.Black {
		fillC, outlineC = p.r.colors.blackPiece, p.r.colors.blackOutline
	}
	fill, _ := paintColor(fillC)
	outline, _ := paintColor(outlineC)
	tf := func(q pt) pt { return pt{(it.x + it.w*q.x) * k, (it.y + it.w*q.y) * k} }
	h := figureStroke * it.w * k / 2
	for j, part := range art[it.fig.role] {
		o := artOutlines[it.fig.role][j]
		switch part.kind {
		case body:
			p.fillOutline(o, tf, fill)
			lines, closed := flatten(o, tf)
			p.stroke(lines, closed, h, true, true, outline)
		case line:
			lines, closed := flatten(o, tf)
			p.stroke(lines, closed, h, true, true, outline)
		case dot:
			p.fillOutline(o, tf, outline)
		}
	}
}

// fillOutline fills the outline o, mapped to pixels by tf, with c.
func (p *painter) fillOutline(o outline, tf func(pt) pt, c color.NRGBA) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(q pt) {
		x0, y0, x1, y1 = math.Min(x0, q.x), math.Min(y0, q.y), math.Max(x1, q.x), math.Max(y1, q.y)
	}
	for _, sp := range o {
		grow(tf(sp.start))
		for _, s := range sp.segs {
			grow(tf(s.p[2]))
			if s.cubic {
				grow(tf(s.p[0]))
				grow(tf(s.p[1]))
			}
		}
	}
	k := p.k
	p.fillShape(x0/k, y0/k, x1/k, y1/k, image.NewUniform(c), func(e *emitter) {
		for _, sp := range o {
			s0 := tf(sp.start)
			e.moveTo(s0.x, s0.y)
			for _, s := range sp.segs {
				if s.cubic {
					e.cubeTo(tf(s.p[0]), tf(s.p[1]), tf(s.p[2]))
				} else {
					q := tf(s.p[2])
					e.lineTo(q.x, q.y)
				}
			}
			e.close()
		}
	})
}
