package svg

import (
	"math"

	"github.com/pacosako-go/pacosako"
)

// The drawing description: what a diagram shows, laid out as a list of shapes in
// the units of the viewBox, in the order they are painted. It is the one
// description of the picture: the SVG writer (svgwrite.go) writes each shape as
// an element, the rasteriser (raster.go) paints it into pixels, so both draw the
// same geometry, figures and colours. The animation (animate.go) replaces the
// layers that move with SMIL, from the same geometry.

// layer is a stage of the drawing, in painting order. The SVG writer writes a
// layer as its items, or (a sheet's board and coordinates, an animation's moving
// parts) as something that shows the same.
type layer uint8

const (
	layerMargin      layer = iota // the coordinate margin
	layerSquares                  // the 64 squares, tinted as the last move
	layerFills                    // Options.Fills
	layerBlast                    // Options.Blast
	layerHighlights               // the Ŝako, check and Paco glows
	layerShadow                   // the hand's shadow
	layerCoordinates              // the file letters and rank digits
	layerLines                    // the lines of arrows and chains
	layerPieces                   // the figures on the board
	layerMarks                    // dots and crosses
	layerHand                     // the figures in the hand
	layerHeads                    // the heads of arrows and chains, the circles
	layers                        // the number of layers
)

// itemKind is the kind of shape an item is.
type itemKind uint8

const (
	rectItem    itemKind = iota // the rectangle x, y, w, h filled with fill
	glowItem                    // the square at x, y (w×h) under the radial glow in fill
	ellipseItem                 // the ellipse of centre x, y and radii w, h, filled with fill
	dotItem                     // the disc of centre x, y and radius w, filled with fill, with a rim (stroke, width)
	ringItem                    // the circle of centre x, y and radius w, stroked with stroke, width wide
	crossItem                   // the two strokes pts[0]–pts[1] and pts[2]–pts[3], round caps
	lineItem                    // the polyline pts, stroked, round joins, butt caps
	headItem                    // the closed polygon pts, filled with fill
	figureItem                  // the figure fig in a box of side 100·w whose top left corner is x, y
	glyphItem                   // the coordinate glyph glyph at x, y scaled w, stroked (round caps and joins)
	groupItem                   // the start of a group drawn with opacity (fill.opacity, "" for 1)
	endItem                     // the end of the innermost group
)

// item is one shape of the drawing (see itemKind for what each field means).
type item struct {
	kind       itemKind
	layer      layer
	class      string // the SVG element's class
	x, y, w, h float64
	pts        [][2]float64
	fill       paint
	stroke     paint
	width      float64 // of the stroke
	fig        figure
	glyph      byte
	glow       glow
	chain      int // a group of Options.Chains[chain]; -1 for other groups
}

// Shapes' sizes besides those of the geometry constants (svg.go).
const (
	dotR         = 16    // Options.Dots
	dotRim       = 3     // their white rim
	crossHalf    = 30    // half the span of a cross
	crossWidth   = 9     // its strokes
	shadowRX     = 32    // the hand's shadow
	shadowRY     = 9     //
	shadowDY     = 86    // the shadow's centre below the top of its square
	glyphScale   = 1.5   // coordinate glyphs (10×16 units) are drawn 15×24
	glyphW       = 15    //
	glyphH       = 24    //
	glyphWidth   = 2     // their stroke, in glyph units
	figureStroke = 3.5   // the outline of the figures, in figure units
	dotRimAlpha  = "0.8" // the opacity of a dot's rim
)

// layout returns the drawing of r: its items in painting order.
func (r *renderer) layout() []item {
	var l layout
	l.r = r
	size := 8*SquareSize + 2*r.margin
	if r.opt.Coordinates {
		l.add(item{kind: rectItem, layer: layerMargin, class: "margin", w: size, h: size, fill: r.colors.margin})
	}
	l.squares()
	l.highlights()
	l.shadow()
	if r.opt.Coordinates {
		l.coordinates()
	}
	l.arrowsAndChains(false)
	l.pieces()
	l.marks()
	l.hand()
	l.arrowsAndChains(true)
	return l.items
}

// layout collects the items of a renderer's drawing.
type layout struct {
	r     *renderer
	items []item
}

func (l *layout) add(it item) { l.items = append(l.items, it) }

// group starts a group of the current layer; end ends it.
func (l *layout) group(ly layer, class string, opacity string, chain int) {
	l.add(item{kind: groupItem, layer: ly, class: class, fill: paint{opacity: opacity}, chain: chain})
}

func (l *layout) end(ly layer) { l.add(item{kind: endItem, layer: ly}) }

// square returns the item of the square s of the given layer and class, filled
// with c.
func (l *layout) square(ly layer, class string, s pacosako.Square, c paint) item {
	x, y := l.r.origin(s)
	return item{kind: rectItem, layer: ly, class: class, x: x, y: y, w: SquareSize, h: SquareSize, fill: c}
}

// squares lays out the 64 squares (tinted where Options.LastMove says), the
// fills and the blast.
func (l *layout) squares() {
	r := l.r
	for _, s := range squaresInOrder() {
		class, c := "dark", r.colors.dark
		if isLight(s) {
			class, c = "light", r.colors.light
		}
		if r.opt.LastMove.Has(s) {
			class += " lastmove"
			c = r.colors.darkLast
			if isLight(s) {
				c = r.colors.lightLast
			}
		}
		l.add(l.square(layerSquares, "square "+class+" "+s.String(), s, c))
	}
	for _, s := range squaresInOrder() {
		if r.hasFill[s] {
			l.add(l.square(layerFills, "fill "+s.String(), s, r.fills[s]))
		}
	}
	for _, s := range squaresInOrder() {
		if r.opt.Blast.Has(s) {
			l.add(l.square(layerBlast, "blast "+s.String(), s, r.colors.blast))
		}
	}
}

// glow is a kind of highlight under a king: its class and its gradient's name.
type glow struct{ class, gradient string }

// The highlights, in the order they are drawn on a square: Ŝako, an Atomic
// check (with the Ŝako glow), Paco.
var (
	sakoGlow  = glow{"sako", "sako"}
	checkGlow = glow{"check", "sako"}
	pacoGlow  = glow{"paco", "paco"}
)

// glowItem returns the item that highlights square s with g.
func (l *layout) glowItem(g glow, s pacosako.Square) item {
	c := l.r.colors.sako
	if g.gradient == "paco" {
		c = l.r.colors.paco
	}
	x, y := l.r.origin(s)
	return item{kind: glowItem, layer: layerHighlights, class: g.class + " " + s.String(), x: x, y: y, w: SquareSize, h: SquareSize, fill: c, glow: g}
}

func (l *layout) highlights() {
	r := l.r
	for _, s := range squaresInOrder() {
		for _, h := range []struct {
			set pacosako.Bitboard
			g   glow
		}{{r.sako, sakoGlow}, {r.check, checkGlow}, {r.paco, pacoGlow}} {
			if h.set.Has(s) {
				l.add(l.glowItem(h.g, s))
			}
		}
	}
}

// shadow lays out the shadow of the hand on its square, below the pieces.
func (l *layout) shadow() {
	h := l.r.d.hand
	if h.IsEmpty() || !h.Square.IsValid() {
		return
	}
	x, y := l.r.origin(h.Square)
	l.add(item{kind: ellipseItem, layer: layerShadow, class: "shadow " + h.Square.String(), x: x + SquareSize/2, y: y + shadowDY, w: shadowRX, h: shadowRY, fill: l.r.colors.shadow})
}

// coordinates lays out the file letters above and below the board and the rank
// digits left and right of it, each glyph 15×24 units (scaled 1.5), centred on
// its file or rank in the margin.
func (l *layout) coordinates() {
	r := l.r
	c := r.colors.coords
	l.add(item{kind: groupItem, layer: layerCoordinates, class: "coordinates", stroke: c, width: glyphWidth, chain: -1})
	glyph := func(g byte, cx, cy float64) {
		l.add(item{kind: glyphItem, layer: layerCoordinates, glyph: g, x: cx - glyphW/2, y: cy - glyphH/2, w: glyphScale, stroke: c, width: glyphWidth})
	}
	far := r.margin + 8*SquareSize + Margin/2
	for file := 0; file < 8; file++ {
		x, _ := r.center(pacosako.NewSquare(file, 0))
		glyph(byte('a'+file), x, Margin/2)
		glyph(byte('a'+file), x, far)
	}
	for rank := 7; rank >= 0; rank-- {
		_, y := r.center(pacosako.NewSquare(0, rank))
		glyph(byte('1'+rank), Margin/2, y)
		glyph(byte('1'+rank), far, y)
	}
	l.end(layerCoordinates)
}

// figureAt returns the item of the figure f at square s with its box's top left
// corner at (x, y), scaled by scale.
func figureAt(ly layer, f figure, s pacosako.Square, x, y, scale float64) item {
	return item{kind: figureItem, layer: ly, class: "piece " + colorNames[f.color] + " " + roleNames[f.role] + " " + s.String(), fig: f, x: x, y: y, w: scale}
}

// cell lays out what stands on a cell, in a box of side 100×scale whose top left
// corner is at (x, y).
func (l *layout) cell(ly layer, c pacosako.Cell, s pacosako.Square, x, y, scale float64) {
	switch {
	case c.IsUnion():
		if c.Black <= pacosako.King && c.White <= pacosako.King {
			l.add(figureAt(ly, figure{pacosako.Black, c.Black}, s, x+blackDX*scale, y+blackDY*scale, unionScale*scale))
			l.add(figureAt(ly, figure{pacosako.White, c.White}, s, x+whiteDX*scale, y+whiteDY*scale, unionScale*scale))
		}
	case c.White != pacosako.NoRole && c.White <= pacosako.King:
		l.add(figureAt(ly, figure{pacosako.White, c.White}, s, x, y, scale))
	case c.Black != pacosako.NoRole && c.Black <= pacosako.King:
		l.add(figureAt(ly, figure{pacosako.Black, c.Black}, s, x, y, scale))
	}
}

func (l *layout) pieces() {
	r := l.r
	b := r.d.board
	for _, s := range squaresInOrder() {
		if c := b.Cell(s); !c.IsEmpty() {
			x, y := r.origin(s)
			vanishing := r.opt.Vanishing.Has(s)
			if vanishing {
				l.group(layerPieces, "vanishing "+s.String(), num(VanishingOpacity), -1)
			}
			l.cell(layerPieces, c, s, x, y, 1)
			if vanishing {
				l.end(layerPieces)
			}
		}
	}
}

func (l *layout) marks() {
	r := l.r
	for _, s := range squaresInOrder() {
		cx, cy := r.center(s)
		if r.opt.Dots.Has(s) {
			l.add(item{kind: dotItem, layer: layerMarks, class: "dot " + s.String(), x: cx, y: cy, w: dotR, fill: r.colors.dot,
				stroke: paint{color: "#fff", opacity: dotRimAlpha}, width: dotRim})
		}
		if r.opt.Crosses.Has(s) {
			const d = crossHalf
			l.add(item{kind: crossItem, layer: layerMarks, class: "cross " + s.String(), stroke: r.colors.cross, width: crossWidth,
				pts: [][2]float64{{cx - d, cy - d}, {cx + d, cy + d}, {cx - d, cy + d}, {cx + d, cy - d}}})
		}
	}
}

// hand lays out the piece or union being moved, a little smaller, raised above
// its square and slightly transparent (smaller and higher when the square holds
// pieces, so that they stay visible); its shadow is laid out by shadow.
func (l *layout) hand() {
	r := l.r
	h := r.d.hand
	if h.IsEmpty() || !h.Square.IsValid() {
		return
	}
	x, y := r.origin(h.Square)
	scale, raise := handScale, handRaise
	if !r.d.board.Cell(h.Square).IsEmpty() {
		scale, raise = handScale2, handRaise2
	}
	l.group(layerHand, "hand "+h.Square.String(), handOpacity, -1)
	l.cell(layerHand, h.Cell(), h.Square, x+(1-scale)*SquareSize/2, y-raise, scale)
	l.end(layerHand)
}

// arrowsAndChains lays out the lines of the arrows and chains (heads false),
// which lie below the pieces, or their heads and circles (heads true), above
// them.
func (l *layout) arrowsAndChains(heads bool) {
	r := l.r
	part, ly := "line", layerLines
	if heads {
		part, ly = "head", layerHeads
	}
	for i, a := range r.opt.Arrows {
		if a.From == a.To && !heads {
			continue
		}
		c := r.arrows[i]
		l.group(ly, "arrow "+part+" "+a.From.String()+a.To.String(), c.opacity, -1)
		fx, fy := r.center(a.From)
		tx, ty := r.center(a.To)
		switch {
		case a.From == a.To:
			l.circle(a.From, c)
		case heads:
			l.head(fx, fy, tx, ty, c)
		default:
			l.line([][2]float64{{fx, fy}, {tx, ty}}, c)
		}
		l.end(ly)
	}
	for i, ch := range r.opt.Chains {
		if len(ch.Squares) == 0 || len(ch.Squares) == 1 && !heads {
			continue
		}
		c := r.chains[i]
		name := ""
		for _, s := range ch.Squares {
			name += s.String()
		}
		l.group(ly, "chain "+part+" "+name, c.opacity, i)
		pts := make([][2]float64, len(ch.Squares))
		for j, s := range ch.Squares {
			pts[j][0], pts[j][1] = r.center(s)
		}
		switch {
		case len(ch.Squares) == 1:
			l.circle(ch.Squares[0], c)
		case heads:
			for j := 1; j < len(pts); j++ {
				if pts[j] != pts[j-1] {
					l.head(pts[j-1][0], pts[j-1][1], pts[j][0], pts[j][1], c)
				}
			}
		default:
			l.line(pts, c)
		}
		l.end(ly)
	}
}

// opaque returns c without its opacity: arrows and chains take theirs from
// their group.
func opaque(c paint) paint { return paint{color: c.color} }

// circle lays out the ring of an arrow that starts and ends on s.
func (l *layout) circle(s pacosako.Square, c paint) {
	cx, cy := l.r.center(s)
	l.add(item{kind: ringItem, layer: layerHeads, x: cx, y: cy, w: circleR, stroke: opaque(c), width: circleWidth})
}

// line lays out the shaft through the square centres pts; it ends under the last
// head, whose tip stops tipInset short of the last centre.
func (l *layout) line(pts [][2]float64, c paint) {
	last := len(pts) - 1
	out := append([][2]float64(nil), pts...)
	ex, ey := pts[last][0], pts[last][1]
	dx, dy := ex-pts[last-1][0], ey-pts[last-1][1]
	if d := math.Hypot(dx, dy); d > 0 {
		back := float64(tipInset + headLength - 2)
		out[last] = [2]float64{ex - dx/d*back, ey - dy/d*back}
	}
	l.add(item{kind: lineItem, layer: layerLines, pts: out, stroke: opaque(c), width: arrowWidth})
}

// head lays out an arrow head pointing from (fx, fy) to (tx, ty), its tip
// tipInset short of (tx, ty).
func (l *layout) head(fx, fy, tx, ty float64, c paint) {
	dx, dy := tx-fx, ty-fy
	d := math.Hypot(dx, dy)
	ux, uy := dx/d, dy/d
	tx, ty = tx-ux*tipInset, ty-uy*tipInset
	bx, by := tx-ux*headLength, ty-uy*headLength
	px, py := -uy*headWidth/2, ux*headWidth/2
	l.add(item{kind: headItem, layer: layerHeads, pts: [][2]float64{{tx, ty}, {bx + px, by + py}, {bx - px, by - py}}, fill: opaque(c)})
}
