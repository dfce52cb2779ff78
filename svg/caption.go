package svg

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/pacosako-go/pacosako"
)

// The caption bands of a game's GIF: the players' names and scores above and
// below the board, as lichess's GIFs of games show them, in Go Regular.

// bands are the two caption bands of a game GIF.
type bands struct {
	height      int
	top, bottom band // the player shown above the board and below it
	bg, fg      color.NRGBA
}

// band is what one band says: a player's name and score.
type band struct{ name, score string }

// playerBands returns the bands of a game whose tags tag gives and whose
// result token is result, drawn with opt (its size, orientation and colours: the
// margin's for the band, the coordinates' for the text); nil when the record
// names neither player. The error is a colour a raster image cannot show.
func playerBands(tag func(string) string, result string, opt Options) (*bands, error) {
	player := func(side string) string {
		name := captionText(tag(side))
		if name == "?" {
			name = ""
		}
		if name == "" {
			return ""
		}
		if t := captionText(tag(side + "Title")); t != "" && t != "-" && t != "?" {
			name = t + " " + name
		}
		if elo := captionText(tag(side + "Elo")); elo != "" && elo != "?" && elo != "-" {
			name += " (" + elo + ")"
		}
		return name
	}
	white, black := player("White"), player("Black")
	if white == "" && black == "" {
		return nil, nil
	}
	var ws, bs string
	switch result {
	case "1-0":
		ws, bs = "1", "0"
	case "0-1":
		ws, bs = "0", "1"
	case "1/2-1/2":
		ws, bs = "½", "½"
	}
	size := opt.Size
	if size == 0 {
		size = DefaultPixels
	}
	b := &bands{height: max(size/12, 12), top: band{black, bs}, bottom: band{white, ws}}
	if opt.Orientation == pacosako.Black {
		b.top, b.bottom = b.bottom, b.top
	}
	r, err := newRenderer(drawing{}, Options{Colors: opt.Colors, HideSako: true})
	if err != nil {
		return nil, err
	}
	for _, c := range []struct {
		dst  *color.NRGBA
		p    paint
		name string
	}{{&b.bg, r.colors.margin, "Margin"}, {&b.fg, r.colors.coords, "Coordinates"}} {
		v, ok := paintColor(c.p)
		if !ok {
			return nil, invalid("%s colour %q is not a colour name of SVG (CSS), which a raster image needs", c.name, c.p.color)
		}
		*c.dst = v
	}
	return b, nil
}

// The font of the bands, parsed once.
var (
	fontOnce sync.Once
	goFont   *opentype.Font
	fontErr  error
)

func captionFont() (*opentype.Font, error) {
	fontOnce.Do(func() { goFont, fontErr = opentype.Parse(goregular.TTF) })
	return goFont, fontErr
}

// draw paints the bands into img, above and below the board's rectangle.
func (b *bands) draw(img *image.RGBA, board image.Rectangle) {
	f, err := captionFont()
	if err != nil { // Go Regular is part of x/image: it parses
		return
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(b.height) * 0.6, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return
	}
	defer face.Close()
	b.drawWith(img, board, f, face)
}

// drawWith paints the bands as draw does, their text set in face (a face of f).
func (b *bands) drawWith(img *image.RGBA, board image.Rectangle, f *opentype.Font, face font.Face) {
	w := board.Dx()
	top := image.Rect(0, board.Min.Y-b.height, w, board.Min.Y)
	bottom := image.Rect(0, board.Max.Y, w, board.Max.Y+b.height)
	for _, x := range []struct {
		r  image.Rectangle
		bd band
	}{{top, b.top}, {bottom, b.bottom}} {
		draw.Draw(img, x.r, image.NewUniform(b.bg), image.Point{}, draw.Src)
		pad := b.height / 4
		d := &font.Drawer{Dst: img, Src: image.NewUniform(b.fg), Face: face}
		m := face.Metrics()
		base := x.r.Min.Y + (b.height+m.Ascent.Ceil()-m.Descent.Ceil())/2
		right := x.r.Max.X - pad
		if x.bd.score != "" {
			s := visible(f, x.bd.score)
			adv := d.MeasureString(s)
			right -= adv.Ceil()
			d.Dot = fixed.P(right, base)
			d.DrawString(s)
			right -= pad
		}
		name := fit(f, face, x.bd.name, right-(x.r.Min.X+pad))
		d.Dot = fixed.P(x.r.Min.X+pad, base)
		d.DrawString(name)
	}
}

// visible returns s with every character the font has no glyph for replaced by
// U+FFFD, so that none is left out silently.
func visible(f *opentype.Font, s string) string {
	var buf sfnt.Buffer
	var out strings.Builder
	for _, r := range s {
		out.WriteRune(visibleRune(f, &buf, r))
	}
	return out.String()
}

// visibleRune returns r, or U+FFFD when the font has no glyph for it.
func visibleRune(f *opentype.Font, buf *sfnt.Buffer, r rune) rune {
	if i, err := f.GlyphIndex(buf, r); err != nil || i == 0 {
		return '\uFFFD'
	}
	return r
}

// fit returns what a band width pixels wide shows of s set in face (a face of
// f), each character f has no glyph for as U+FFFD (visible): s whole when it
// fits, else its longest beginning that fits with "…" after it (the spaces
// before the "…" dropped), "" when not even "…" fits.
//
// It reads s only as far as the width reaches, measuring each character once:
// its cost is that of the characters that fit, whatever the length of s. A
// longer beginning is never narrower (Go Regular's advances are positive and
// x/image's faces of it do not kern), so the first that overflows ends the
// search.
func fit(f *opentype.Font, face font.Face, s string, width int) string {
	limit := fixed.I(width) // x.Ceil() <= width
	ellipsis, _ := face.GlyphAdvance('…')
	var buf sfnt.Buffer
	var out []byte            // the characters read, visible
	var adv fixed.Int26_6     // their advance
	prev := rune(-1)          // the last of them
	kept := 0                 // the bytes of out up to its last character that is not a space,
	var keptAdv fixed.Int26_6 // their advance
	last := rune(-1)          // and that character
	best := -1                // the most bytes of out that fit followed by "…"; -1 for none
	for _, r := range s {
		r = visibleRune(f, &buf, r)
		if len(out) > 0 && best != kept { // out cut before r: its kept part and "…"
			w := keptAdv + ellipsis
			if last >= 0 {
				w += face.Kern(last, '…')
			}
			if w <= limit {
				best = kept
			}
		}
		if prev >= 0 {
			adv += face.Kern(prev, r)
		}
		a, _ := face.GlyphAdvance(r)
		adv += a
		prev = r
		out = utf8.AppendRune(out, r)
		if r != ' ' {
			kept, keptAdv, last = len(out), adv, r
		}
		if adv > limit {
			if best < 0 {
				return ""
			}
			return string(out[:best]) + "…"
		}
	}
	return string(out)
}
