package svg

import (
	"strings"

	"github.com/pacosako-go/pacosako"
)

// The SVG writer: the drawing description (layout.go) written as SVG elements,
// layer by layer. A sheet's diagram uses the sheet's shared board and
// coordinates; an animation writes the layers that move as SMIL (animate.go).

// body writes the board and everything on it, in the order of the layers (see
// layer). The figures, glyphs and gradients it uses are defined by defs.
func (r *renderer) body() {
	items := r.layout()
	for ly := layer(0); ly < layers; ly++ {
		n := 0
		for n < len(items) && items[n].layer == ly {
			n++
		}
		r.writeLayer(ly, items[:n])
		items = items[n:]
	}
}

// writeLayer writes the items of layer ly, or what stands for them in a sheet
// or an animation.
func (r *renderer) writeLayer(ly layer, items []item) {
	anim := r.anim != nil
	switch {
	case ly == layerSquares && r.shared && r.opt.LastMove == 0:
		r.use(boardID(r.opt.Orientation))
	case ly == layerCoordinates && r.shared && len(items) > 0:
		r.use(coordinatesID(r.opt.Orientation))
	case ly == layerHighlights && anim:
		r.animatedHighlights()
	case ly == layerShadow && anim:
		r.animatedShadow()
	case ly == layerPieces && anim:
		r.animatedPieces()
	case ly == layerHand && anim:
		r.animatedHand()
	default:
		r.writeItems(items)
	}
	switch {
	case ly == layerSquares && anim:
		r.animatedLastMove()
	case ly == layerBlast && anim:
		r.animatedBlast()
	}
}

// writeItems writes items as SVG elements.
func (r *renderer) writeItems(items []item) {
	for _, it := range items {
		r.writeItem(it)
	}
}

// writeItem writes one item as an SVG element (a group's start or end for
// groupItem and endItem).
func (r *renderer) writeItem(it item) {
	switch it.kind {
	case rectItem:
		r.printf("%s/>\n", rectStart(it))
	case glowItem:
		r.printf("%s/>\n", rectStart(it))
	case ellipseItem:
		r.printf(`<ellipse class="%s" cx="%s" cy="%s" rx="%s" ry="%s" %s/>`+"\n", it.class, num(it.x), num(it.y), num(it.w), num(it.h), it.fill.attr("fill"))
	case dotItem:
		r.printf(`<circle class="%s" cx="%s" cy="%s" r="%s" %s %s stroke-width="%s"/>`+"\n", it.class, num(it.x), num(it.y), num(it.w), it.fill.attr("fill"), it.stroke.attr("stroke"), num(it.width))
	case ringItem:
		r.printf(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n", num(it.x), num(it.y), num(it.w), it.stroke.color, num(it.width))
	case crossItem:
		p := it.pts
		r.printf(`<path class="%s" d="M%s %sL%s %sM%s %sL%s %s" fill="none" %s stroke-width="%s" stroke-linecap="round"/>`+"\n", it.class,
			num(p[0][0]), num(p[0][1]), num(p[1][0]), num(p[1][1]), num(p[2][0]), num(p[2][1]), num(p[3][0]), num(p[3][1]), it.stroke.attr("stroke"), num(it.width))
	case lineItem:
		r.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`+"\n", pathData(it.pts, false), it.stroke.color, num(it.width))
	case headItem:
		r.printf(`<path d="%s" fill="%s"/>`+"\n", pathData(it.pts, true), it.fill.color)
	case figureItem:
		id := colorNames[it.fig.color] + "-" + roleNames[it.fig.role]
		t := "translate(" + num(it.x) + "," + num(it.y) + ")"
		if it.w != 1 {
			t += " scale(" + num(it.w) + ")"
		}
		r.printf(`<use class="%s" href="#%s" xlink:href="#%s" transform="%s"/>`+"\n", it.class, id, id, t)
	case glyphItem:
		r.printf(`<use href="#glyph-%c" xlink:href="#glyph-%c" transform="translate(%s,%s) scale(%s)"/>`+"\n", it.glyph, it.glyph, num(it.x), num(it.y), num(it.w))
	case groupItem:
		switch {
		case it.stroke.color != "": // the coordinates: the glyphs' paint
			r.printf(`<g class="%s" fill="none" %s stroke-width="%s" stroke-linecap="round" stroke-linejoin="round">`+"\n", it.class, it.stroke.attr("stroke"), num(it.width))
		default:
			r.printf(`<g class="%s"%s>`+"\n", it.class, it.fill.groupOpacity())
		}
		if r.anim != nil && it.chain >= 0 && it.chain == len(r.opt.Chains)-1 {
			r.fadeChain(r.chains[it.chain])
		}
	case endItem:
		r.printf("</g>\n")
	}
}

// rectStart returns the start of the element of a rectItem or glowItem, without
// its end.
func rectStart(it item) string {
	fill := it.fill.attr("fill")
	if it.kind == glowItem {
		fill = `fill="url(#` + it.glow.gradient + `-glow)"`
	}
	return `<rect class="` + it.class + `" x="` + num(it.x) + `" y="` + num(it.y) + `" width="` + num(it.w) + `" height="` + num(it.h) + `" ` + fill
}

// pathData returns the path through pts ("M x yL x y…"), closed with Z if closed.
func pathData(pts [][2]float64, closed bool) string {
	var d strings.Builder
	for i, p := range pts {
		if i == 0 {
			d.WriteString("M")
		} else {
			d.WriteString("L")
		}
		d.WriteString(num(p[0]) + " " + num(p[1]))
	}
	if closed {
		d.WriteString("Z")
	}
	return d.String()
}

// use writes a <use> of the element with the given id.
func (r *renderer) use(id string) {
	r.printf(`<use href="#%s" xlink:href="#%s"/>`+"\n", id, id)
}

// glowRect returns the start of the element that highlights square s with g,
// without its end.
func (r *renderer) glowRect(g glow, s pacosako.Square) string {
	l := layout{r: r}
	return rectStart(l.glowItem(g, s))
}

// blastRect returns the start of the element that tints square s as part of an
// explosion (Options.Blast), without its end.
func (r *renderer) blastRect(s pacosako.Square) string {
	l := layout{r: r}
	return rectStart(l.square(layerBlast, "blast "+s.String(), s, r.colors.blast))
}

// piece writes the figure of colour c and role role on square s with its box's
// top left corner at (x, y), scaled by scale.
func (r *renderer) piece(c pacosako.Color, role pacosako.Role, s pacosako.Square, x, y, scale float64) {
	r.writeItem(figureAt(layerPieces, figure{c, role}, s, x, y, scale))
}
