package svg

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/textsafe"
)

// A sheet lays several diagrams out in a grid, each with a caption under it, in
// one SVG document whose figures, glyphs and gradients are defined once.

// Sheet geometry, in the units of the viewBox (a square is SquareSize).
const (
	// SheetGap is the space around the sheet and between its diagrams.
	SheetGap = 40
	// CaptionHeight is the band under each diagram that holds its caption (when
	// any diagram of the sheet has one); captions are set 40 units high.
	CaptionHeight = 80
)

// DefaultColumns is the number of diagrams in a row of a sheet whose
// SheetOptions.Columns is 0.
const DefaultColumns = 3

// SheetItem is one diagram of a sheet: a position of either game, drawn as
// Render draws it with Options, and a caption under it. Diagrams of both games
// may share a sheet.
type SheetItem struct {
	// Position is the position of the diagram: a pacosako.Position or an
	// atomic.Position (see Position).
	Position Position
	// Caption is one line of text under the diagram, centred and cut at the
	// diagram's width; control characters (C0, DEL, C1) and U+2028, U+2029 become
	// spaces, invalid UTF-8 U+FFFD.
	Caption string
	// Options are the diagram's orientation, annotations and highlights. Size,
	// Coordinates, Colors and Style are the sheet's (SheetOptions): here they
	// must be zero.
	Options Options
}

// SheetOptions are what the diagrams of a sheet share. The zero value lays out
// DefaultColumns diagrams a row, without coordinates, on white, in the default
// colours, the image as wide as its container.
type SheetOptions struct {
	// Columns is the number of diagrams in a row, at least 1; 0 means
	// DefaultColumns. A sheet with fewer diagrams is only as wide as they are.
	Columns int
	// Size is the width of the image in pixels (the height follows the layout,
	// with up to two decimals); 0 writes only the viewBox.
	Size int
	// Coordinates draws every diagram with the coordinate margin.
	Coordinates bool
	// Colors are the colours of every diagram (see Options for the syntax).
	Colors Colors
	// Background fills the sheet behind the diagrams: "" is white ("#fff"),
	// "none" leaves it transparent.
	Background string
	// CaptionColor is the colour of the captions: "" is "#1c1c1c".
	CaptionColor string
	// Style is CSS for the whole sheet, as Options.Style.
	Style string
}

// Sheet writes the diagrams as one standalone SVG document (UTF-8, ending in a
// newline): a grid of opt.Columns diagrams a row, in order, SheetGap units apart
// and around, each board (800 units, 880 with coordinates) over its caption band
// (CaptionHeight, when any item has a caption). The figures, the coordinate
// glyphs, the untinted board and the coordinates are defined once for all
// diagrams, so a diagram costs about 110 bytes a figure and 500 more: the 12
// diagrams of 243 figures in all of the golden sheet take 67 KB. Each diagram is a
// nested <svg class="diagram"> with the position's FEN in its <desc>; its caption
// is a <text class="caption"> in DejaVu Sans (else Verdana or any sans-serif),
// drawn unhinted (geometricPrecision), so that Chromium and librsvg draw it alike.
//
// The output is deterministic. Errors, before anything is written: no items, a
// negative Columns or Size, a colour or Style Render would refuse, an item whose
// Size, Coordinates, Colors or Style is set, or whose Position and Options
// Render refuses (naming the item by its index from 1), each wrapping
// ErrInvalidOptions; otherwise the writer's error.
func Sheet(w io.Writer, items []SheetItem, opt SheetOptions) error {
	if len(items) == 0 {
		return invalid("a sheet needs at least one diagram")
	}
	if opt.Columns < 0 {
		return invalid("negative number of columns %d", opt.Columns)
	}
	if opt.Size < 0 {
		return invalid("negative size %d", opt.Size)
	}
	cols := opt.Columns
	if cols == 0 {
		cols = DefaultColumns
	}
	cols = min(cols, len(items))
	shared := Options{Coordinates: opt.Coordinates, Colors: opt.Colors, Style: opt.Style, HideSako: true}
	head, err := newRenderer(drawing{}, shared)
	if err != nil {
		return err
	}
	background, caption := "#fff", "#1c1c1c"
	for _, c := range []struct {
		dst       *string
		name, val string
	}{{&background, "Background", opt.Background}, {&caption, "CaptionColor", opt.CaptionColor}} {
		if c.val != "" {
			*c.dst = c.val
		}
	}
	bg, ok := parseColor(background)
	if !ok {
		return invalid("Background colour %q is not #rgb, #rgba, #rrggbb, #rrggbbaa or a colour name", background)
	}
	fg, ok := parseColor(caption)
	if !ok {
		return invalid("CaptionColor colour %q is not #rgb, #rgba, #rrggbb, #rrggbbaa or a colour name", caption)
	}

	// Each diagram's drawing, and what the shared definitions must hold.
	var used [2][pacosako.King + 1]bool
	var sako, paco, captions bool
	var orientations [2]bool
	bodies := make([]*renderer, len(items))
	for i, it := range items {
		o := it.Options
		if o.Size != 0 || o.Coordinates || o.Colors != (Colors{}) || o.Style != "" {
			return invalid("diagram %d: Size, Coordinates, Colors and Style are the sheet's (SheetOptions), not a diagram's", i+1)
		}
		o.Coordinates, o.Colors = opt.Coordinates, opt.Colors
		r, err := rendererOf(it.Position, o)
		if err != nil {
			return invalidItem(i, err)
		}
		u := r.usedPieces()
		for c := range used {
			for role := range used[c] {
				used[c][role] = used[c][role] || u[c][role]
			}
		}
		sako, paco = sako || r.sako|r.check != 0, paco || r.paco != 0
		r.shared = true
		orientations[o.Orientation] = true
		captions = captions || it.Caption != ""
		bodies[i] = r
	}

	board := float64(8*SquareSize + 2*head.margin)
	cellH := board
	if captions {
		cellH += CaptionHeight
	}
	rows := (len(items) + cols - 1) / cols
	width := SheetGap + float64(cols)*(board+SheetGap)
	height := SheetGap + float64(rows)*(cellH+SheetGap)

	var out bytes.Buffer
	pf := func(format string, args ...any) { fmt.Fprintf(&out, format, args...) }
	pf(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 %s %s"`, num(width), num(height))
	if opt.Size > 0 {
		// The height keeps its decimals: a rounded one would change the aspect
		// ratio, and renderers fit the viewBox into it differently.
		pf(` width="%d" height="%s"`, opt.Size, num(float64(opt.Size)*height/width))
	}
	pf(">\n<desc>%d diagrams, %d a row</desc>\n", len(items), cols)
	if opt.Style != "" {
		pf("<style>%s</style>\n", escapeText(opt.Style))
	}
	head.defs(used, opt.Coordinates, sako, paco)
	out.Write(bytes.TrimSuffix(head.buf.Bytes(), []byte("</defs>\n")))
	for _, o := range []pacosako.Color{pacosako.White, pacosako.Black} {
		if orientations[o] {
			out.Write(sharedBoard(head, o))
		}
	}
	out.WriteString("</defs>\n")
	if bg.color != "none" {
		pf(`<rect class="background" x="0" y="0" width="%s" height="%s" %s/>`+"\n", num(width), num(height), bg.attr("fill"))
	}
	for i, r := range bodies {
		x := SheetGap + float64(i%cols)*(board+SheetGap)
		y := SheetGap + float64(i/cols)*(cellH+SheetGap)
		pf(`<svg class="diagram" x="%s" y="%s" width="%s" height="%s">`+"\n", num(x), num(y), num(board), num(cellH))
		pf("<desc>%s</desc>\n", escape(r.d.fen))
		r.body()
		out.Write(r.buf.Bytes())
		if c := captionText(items[i].Caption); c != "" {
			pf(`<text class="caption" x="%s" y="%s" text-anchor="middle" font-family="DejaVu Sans, Verdana, sans-serif" font-size="40" text-rendering="geometricPrecision" %s>%s</text>`+"\n",
				num(board/2), num(board+56), fg.attr("fill"), escape(c))
		}
		pf("</svg>\n")
	}
	pf("</svg>\n")
	_, err = w.Write(out.Bytes())
	return err
}

// invalidItem names the diagram an options error is about.
func invalidItem(i int, err error) error {
	msg := strings.TrimPrefix(err.Error(), ErrInvalidOptions.Error()+": ")
	return &itemError{fmt.Sprintf("%s: diagram %d: %s", ErrInvalidOptions, i+1, msg), err}
}

// itemError is the error of a sheet's diagram: its message names the diagram,
// and it wraps the diagram's own error (which wraps ErrInvalidOptions).
type itemError struct {
	msg string
	err error
}

func (e *itemError) Error() string { return e.msg }
func (e *itemError) Unwrap() error { return e.err }

// captionText makes s one line of text XML can hold (textsafe.Spaced): control
// characters and U+2028, U+2029 become spaces, invalid UTF-8 and the non-characters
// U+FFFE and U+FFFF U+FFFD, and the spaces around it are trimmed.
func captionText(s string) string {
	return strings.TrimSpace(textsafe.Spaced(s))
}

// boardID and coordinatesID are the ids of a sheet's shared board and coordinates
// for a board with colour o at the bottom.
func boardID(o pacosako.Color) string       { return "board-" + colorNames[o&1] }
func coordinatesID(o pacosako.Color) string { return "coordinates-" + colorNames[o&1] }

// sharedBoard returns the definitions of the board's squares (untinted) and, if
// the sheet has them, its coordinates, with colour o at the bottom: every
// diagram of the sheet uses them.
func sharedBoard(head *renderer, o pacosako.Color) []byte {
	r := &renderer{opt: head.opt, colors: head.colors, margin: head.margin}
	r.opt.Orientation, r.opt.LastMove = o, 0
	l := layout{r: r}
	l.squares()
	r.printf(`<g id="%s">`+"\n", boardID(o))
	r.writeItems(l.items)
	r.printf("</g>\n")
	if r.opt.Coordinates {
		l.items = nil
		l.coordinates()
		r.printf(`<g id="%s">`+"\n", coordinatesID(o))
		r.writeItems(l.items)
		r.printf("</g>\n")
	}
	return r.buf.Bytes()
}
