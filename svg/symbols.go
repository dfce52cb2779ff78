package svg

import (
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
)

// Symbols returns this package's artwork as definitions for a page that draws many
// positions and wants each drawing defined once: SVG markup to put inside a <defs>
// element (no <defs> of its own), the same figures, glyphs and glows Render draws.
// Its ids are prefix followed by "white-pawn" … "black-king" (a <symbol> per
// figure, 100×100 like a square), "glyph-a" … "glyph-8" (a <symbol> per coordinate
// glyph, without paint of their own) and "sako-glow", "paco-glow" (the glows'
// radial gradients); docs/drawing.md gives their sizes and how Render uses them.
// The symbols have no viewBox and show their overflow, so a <use> needs no width or
// height: <use href="#w-white-king" transform="translate(400,700)"/> draws the white
// king on e1 of a board 800 units wide, as Render does. The colours are those of c
// (see Options; "" selects the default), of which Symbols uses the four of the
// figures, Sako and Paco. The output is deterministic.
//
// The error wraps ErrInvalidOptions: for a prefix that is not empty or a letter
// followed by letters, digits, '-' and '_' (ASCII), and for a colour Render would
// refuse.
func Symbols(prefix string, c Colors) (string, error) {
	for i := 0; i < len(prefix); i++ {
		ch := prefix[i]
		letter := ch|0x20 >= 'a' && ch|0x20 <= 'z'
		if !letter && (i == 0 || (ch < '0' || ch > '9') && ch != '-' && ch != '_') {
			return "", invalid("symbol id prefix %q: want a letter, then letters, digits, '-' or '_'", prefix)
		}
	}
	// The renderer resolves and checks the colours; an empty board needs no search.
	r, err := newRenderer(drawing{}, Options{Colors: c, HideSako: true, HidePaco: true})
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for col := pacosako.White; col <= pacosako.Black; col++ {
		fill, outline := r.colors.whitePiece, r.colors.whiteOutline
		if col == pacosako.Black {
			fill, outline = r.colors.blackPiece, r.colors.blackOutline
		}
		for role := pacosako.Pawn; role <= pacosako.King; role++ {
			b.WriteString(`<symbol id="` + prefix + colorNames[col] + "-" + roleNames[role] + `" overflow="visible">`)
			b.WriteString(`<g ` + fill.attr("fill") + " " + outline.attr("stroke") + ` stroke-width="` + num(figureStroke) + `" stroke-linecap="round" stroke-linejoin="round">`)
			for _, part := range art[role] {
				switch part.kind {
				case body:
					b.WriteString(`<path d="` + part.d + `"/>`)
				case line:
					b.WriteString(`<path d="` + part.d + `" fill="none"/>`)
				case dot:
					b.WriteString(`<path d="` + part.d + `" ` + outline.attr("fill") + ` stroke="none"/>`)
				}
			}
			b.WriteString("</g></symbol>\n")
		}
	}
	for _, g := range "abcdefgh12345678" {
		b.WriteString(`<symbol id="` + prefix + "glyph-" + string(g) + `" overflow="visible"><path d="` + glyphs[byte(g)] + `"/></symbol>` + "\n")
	}
	// As Render's gradients: full colour in the centre, fading out at the edge.
	for _, glow := range []struct {
		id string
		c  paint
	}{{"sako-glow", r.colors.sako}, {"paco-glow", r.colors.paco}} {
		op := 1.0
		if glow.c.opacity != "" {
			op, _ = strconv.ParseFloat(glow.c.opacity, 64)
		}
		b.WriteString(`<radialGradient id="` + prefix + glow.id + `">`)
		for _, st := range []struct{ offset, opacity float64 }{{0, 1}, {0.6, 0.85}, {1, 0}} {
			b.WriteString(`<stop offset="` + num(st.offset) + `" stop-color="` + glow.c.color + `" stop-opacity="` + num(st.opacity*op) + `"/>`)
		}
		b.WriteString("</radialGradient>\n")
	}
	return b.String(), nil
}
