package svg

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pacosako-go/pacosako"
)

// SquareSize is the side of one square in the units of the viewBox.
const SquareSize = 100

// Margin is the width of the margin that holds the coordinates (Options.Coordinates),
// in the units of the viewBox.
const Margin = 40

// VanishingOpacity is the opacity of a piece drawn as vanishing (Options.Vanishing).
const VanishingOpacity = 0.35

// ErrInvalidOptions is wrapped by every error Render returns for what it cannot
// draw: a negative Size, a square outside a1..h8, a colour it cannot read, a Style
// that would end the style element or that XML cannot hold, a position of
// neither game or a move of the other game than the position's (a *GameError);
// and by Animate and Sheet for timings, moves and layouts they cannot draw.
var ErrInvalidOptions = errors.New("svg: invalid options")

// Options says what to draw besides the position. The zero value draws the board
// with White at the bottom, no coordinates, no annotations, the default colours, and
// highlights the Ŝako and Paco kings (in Atomic chess, the king in check).
//
// Colours, wherever a field takes one, are written "#rgb", "#rrggbb", "#rgba" or
// "#rrggbbaa" (the alpha becomes an SVG opacity), or as a CSS colour name of letters
// only ("red"); "" means the default.
type Options struct {
	// Size is the width and height of the image in pixels. 0 writes only the viewBox,
	// so the image fills the width its container gives it; a raster image (Image,
	// RenderPNG, the GIFs) is MinPixels to MaxPixels wide, DefaultPixels for 0.
	Size int
	// Orientation is the side at the bottom of the board: White (the zero value)
	// or Black (the board turned by 180°).
	Orientation pacosako.Color
	// Coordinates draws a margin with the file letters and rank digits on all four
	// sides.
	Coordinates bool
	// Move is a move of the position drawn, about to be played (nil: none), as
	// python-chess's lastmove names the move just played: its Path (MovePath)
	// drawn, the chain after Chains, an Atomic capture's blast tinted (as Blast)
	// and the pieces it removes faded (as Vanishing). A move of the other game
	// is an error wrapping ErrInvalidOptions. Animate and AnimateGIF play the
	// move they are given: there it must be nil.
	Move Move
	// LastMove tints its squares in the last-move colours (Colors.LightLastMove,
	// Colors.DarkLastMove); for a move, the squares of its chain (MovePath).
	LastMove pacosako.Bitboard
	// Fills paints squares with a colour over the square colour, below the pieces.
	Fills map[pacosako.Square]string
	// Dots marks squares with a dot in their centre (Colors.Dot, with a thin white
	// rim), above the pieces: the marks of a pacosako.Diagram.
	Dots pacosako.Bitboard
	// Crosses marks squares with an X (Colors.Cross), above the pieces.
	Crosses pacosako.Bitboard
	// Blast marks the squares of an explosion (an Atomic chess capture, see
	// MovePath): each is tinted in Colors.Blast over the square colour, the
	// fills and the last-move tint, below the pieces.
	Blast pacosako.Bitboard
	// Vanishing draws the pieces on these squares as vanishing: faded to
	// VanishingOpacity, so that the board behind them shows through (the pieces
	// an Atomic capture removes, atomic.Move.Explosion). Empty squares are
	// ignored, and so is the field in an animation, which shows pieces vanish as
	// they do.
	Vanishing pacosako.Bitboard
	// Arrows are drawn in order, each a line from the centre of its From square
	// below the pieces and a head pointing into its To square above them; an arrow
	// whose From and To are the same square is a circle around it, above the pieces.
	Arrows []Arrow
	// Chains are drawn after the arrows, in order: each is one connected line
	// through the centres of its squares, below the pieces, with an arrow head
	// pointing into every square after the first, above them (see MovePath).
	Chains []Chain
	// HideSako turns off the highlight (a red glow, Colors.Sako) under a king in
	// Ŝako (Position.InSako; both kings can be). Finding Ŝako is a threat search
	// on the compact takeover model: microseconds to milliseconds, also on the
	// adversarial boards of the module's docs/worst-cases.md.
	HideSako bool
	// HidePaco turns off the highlight (a golden glow, Colors.Paco) under a king in a
	// union, the end of a game won by Paco.
	HidePaco bool
	// HideCheck turns off the highlight of an Atomic chess position under the
	// king of the side to move when it is in check (atomic.Position.InCheck,
	// ATOMIC.md §1.6: attacked by an enemy piece other than the king, the kings
	// not adjacent): the red glow of Ŝako (Colors.Sako), as HideSako turns off
	// Paco Ŝako's. Paco Ŝako has no check: there it changes nothing, as HideSako
	// and HidePaco change nothing in Atomic chess.
	HideCheck bool
	// Colors overrides the default colours.
	Colors Colors
	// Style is CSS written into a <style> element, e.g. ".square.dark{fill:#789}"
	// (CSS overrides the colours the elements carry as attributes). It must not
	// contain "</", nor characters XML cannot hold (control characters other than
	// tab and line ends, invalid UTF-8). Raster images refuse it: CSS does not
	// apply to pixels.
	Style string
}

// Colors are the colours of the drawing; "" selects the default given for each
// field. See Options for the syntax.
type Colors struct {
	Light         string // light squares: "#ecdcc0"
	Dark          string // dark squares: "#ad8a66"
	LightLastMove string // light squares of Options.LastMove: "#dcd67e"
	DarkLastMove  string // dark squares of Options.LastMove: "#b1a54a"
	Margin        string // the coordinate margin: "#3a3632"
	Coordinates   string // the coordinate labels: "#eee6d8"
	WhitePiece    string // fill of the white figures: "#fbfaf6"
	WhiteOutline  string // outline and details of the white figures: "#1c1c1c"
	BlackPiece    string // fill of the black figures: "#262626"
	BlackOutline  string // outline and details of the black figures: "#f4f1ea"
	Arrow         string // arrows without a colour of their own: "#15803dcc"
	Chain         string // chains without a colour of their own: "#1d4ed8cc"
	Dot           string // Options.Dots: "#2563ebd9"
	Cross         string // Options.Crosses: "#b91c1ccc"
	Blast         string // Options.Blast: "#f97316a6"
	Sako          string // the glow under a king in Ŝako, or in check (Atomic chess): "#ff1f1f"
	Paco          string // the glow under a king in a union: "#ffc21a"
	Shadow        string // the shadow under the hand: "#00000066"
}

var defaultColors = Colors{
	Light:         "#ecdcc0",
	Dark:          "#ad8a66",
	LightLastMove: "#dcd67e",
	DarkLastMove:  "#b1a54a",
	Margin:        "#3a3632",
	Coordinates:   "#eee6d8",
	WhitePiece:    "#fbfaf6",
	WhiteOutline:  "#1c1c1c",
	BlackPiece:    "#262626",
	BlackOutline:  "#f4f1ea",
	Arrow:         "#15803dcc",
	Chain:         "#1d4ed8cc",
	Dot:           "#2563ebd9",
	Cross:         "#b91c1ccc",
	Blast:         "#f97316a6",
	Sako:          "#ff1f1f",
	Paco:          "#ffc21a",
	Shadow:        "#00000066",
}

// Arrow is an arrow from the centre of one square to the centre of another, or a
// circle around a square when From == To. Color "" is Colors.Arrow.
type Arrow struct {
	From, To pacosako.Square
	Color    string
}

// Chain is the path of a move through the board: a connected line from the centre of
// Squares[0] through the centre of each following square, with an arrow head on each
// of them (a move's places). A chain of one square is drawn as a circle, an empty one
// not at all. Color "" is Colors.Chain.
type Chain struct {
	Squares []pacosako.Square
	Color   string
}

// Path is how a move is drawn on the position it is played from (MovePath).
type Path struct {
	// Chain is the move's path, in the default colour: a Paco Ŝako move from
	// the square it starts from (that of its Lift, or for a move that completes
	// one in progress the square the hand hovers over or the pawn to promote
	// stands on) through the square of every Place in order, promotions adding
	// none; an Atomic chess move from m.From() to m.To(), drawn as an arrow. A
	// castling is the king's path (the rook's is not drawn).
	Chain Chain
	// Blast is the squares an Atomic chess capture's explosion reaches: the
	// square the capturing piece arrives on (m.To(), also for en passant) and
	// the up to eight squares around it; empty for every other move.
	Blast pacosako.Bitboard
	// Vanishing is the squares whose pieces the explosion removes
	// (atomic.Move.Explosion; pawns in the blast stay); empty for every other
	// move.
	Vanishing pacosako.Bitboard
}

// MovePath returns how m, a move of p, is drawn: its chain, and for an Atomic
// chess capture its blast and the pieces it removes (Path). Options.Move draws
// all three on p; the position after m shows the move with
// Options{LastMove: pacosako.SquareSet(path.Chain.Squares...), Blast: path.Blast}.
// The zero Move gives the zero Path. The error, wrapping ErrInvalidOptions: p
// is of neither game, or m is not a move of p's game.
func MovePath(p Position, m Move) (Path, error) {
	g, err := gameOf(p)
	if err != nil {
		return Path{}, err
	}
	gm, err := g.move(m)
	if err != nil {
		return Path{}, err
	}
	return gm.path(), nil
}

// String returns the SVG image of p drawn with opt, as Render writes it. It panics
// if opt cannot be drawn (Render's error); use it with options written in the
// program, and Render for options from outside.
func String(p Position, opt Options) string {
	var b strings.Builder
	if err := Render(&b, p, opt); err != nil {
		panic(err)
	}
	return b.String()
}

// Render writes p, a position of either game, as a standalone SVG document
// (UTF-8, no XML declaration, ending in a newline) drawn with opt, the FEN of p
// in its <desc> (Atomic chess: the chess FEN). A Paco Ŝako position may be
// settled or in the middle of a move: its hand is drawn hovering over its
// square; its kings in Ŝako and in a union glow (HideSako, HidePaco). An Atomic
// chess king in check glows red (HideCheck). What cannot be drawn gives an error
// wrapping ErrInvalidOptions before anything is written; otherwise the error is
// the writer's.
func Render(w io.Writer, p Position, opt Options) error {
	r, err := rendererOf(p, opt)
	if err != nil {
		return err
	}
	return r.writeTo(w)
}

// paint is a parsed colour: an SVG colour and an opacity ("" for opaque).
type paint struct {
	color, opacity string
}

// attr writes the paint as the attributes name="…" and name-opacity="…".
func (c paint) attr(name string) string {
	s := name + `="` + c.color + `"`
	if c.opacity != "" {
		s += " " + name + `-opacity="` + c.opacity + `"`
	}
	return s
}

// groupOpacity returns ` opacity="…"` for a group drawn in c, or "".
func (c paint) groupOpacity() string {
	if c.opacity == "" {
		return ""
	}
	return ` opacity="` + c.opacity + `"`
}

// parseColor reads a colour in the syntax of Options.
func parseColor(s string) (paint, bool) {
	if s == "" {
		return paint{}, false
	}
	if s[0] != '#' {
		for i := 0; i < len(s); i++ {
			if c := s[i] | 0x20; c < 'a' || c > 'z' {
				return paint{}, false
			}
		}
		return paint{color: strings.ToLower(s)}, true
	}
	hex := strings.ToLower(s[1:])
	for i := 0; i < len(hex); i++ {
		if c := hex[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return paint{}, false
		}
	}
	var alpha string
	switch len(hex) {
	case 3, 6:
	case 4:
		hex, alpha = hex[:3], hex[3:]+hex[3:]
	case 8:
		hex, alpha = hex[:6], hex[6:]
	default:
		return paint{}, false
	}
	c := paint{color: "#" + hex}
	if alpha != "" && alpha != "ff" {
		v, _ := strconv.ParseUint(alpha, 16, 8)
		c.opacity = strconv.FormatFloat(math.Round(float64(v)/255*1000)/1000, 'f', -1, 64)
	}
	return c, true
}

// num formats a coordinate with at most two decimals.
func num(x float64) string {
	x = math.Round(x*100) / 100
	if x == 0 {
		x = 0 // no "-0"
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// The geometry of unions and the hand, in the units of a square.
const (
	unionScale  = 0.7
	blackDX     = 28 // the black figure of a union: up and to the right
	blackDY     = 2
	whiteDX     = 2 // the white figure: down and to the left, in front
	whiteDY     = 28
	handScale   = 0.9  // the hand is drawn a little smaller and raised above its square
	handRaise   = 30.0 // how far the top of the hand's box is above its square's
	handScale2  = 0.75 // the same over a square that holds pieces: smaller, higher
	handRaise2  = 48.0
	handOpacity = "0.9"
	arrowWidth  = 11 // shaft of arrows and chains
	headLength  = 36
	headWidth   = 44
	tipInset    = 20 // from the centre of the square back to the tip of a head
	circleR     = 42
	circleWidth = 8
)

// drawing is what a diagram shows of a position of either game: the board, the
// hand (a Paco Ŝako move in progress; empty for Atomic chess) and the FEN that is
// the text alternative.
type drawing struct {
	board pacosako.Board
	hand  pacosako.Hand
	fen   string
}

type renderer struct {
	d      drawing
	opt    Options
	colors struct {
		light, dark, lightLast, darkLast, margin, coords    paint
		whitePiece, whiteOutline, blackPiece, blackOutline  paint
		arrow, chain, dot, cross, blast, sako, paco, shadow paint
	}
	fills   [64]paint
	hasFill [64]bool
	arrows  []paint
	chains  []paint
	margin  float64
	sako    pacosako.Bitboard
	check   pacosako.Bitboard // an Atomic king in check, drawn with the Ŝako glow
	paco    pacosako.Bitboard
	anim    *timeline // nil: a still drawing
	shared  bool      // a sheet's diagram: the untinted board and the coordinates are defined once (sheetDefs)
	buf     bytes.Buffer
}

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalidOptions}, args...)...)
}

// newRenderer checks the options and resolves the colours for drawing dr.
func newRenderer(dr drawing, opt Options) (*renderer, error) {
	r := &renderer{d: dr, opt: opt}
	if opt.Size < 0 {
		return nil, invalid("negative size %d", opt.Size)
	}
	if opt.Orientation != pacosako.White && opt.Orientation != pacosako.Black {
		return nil, invalid("orientation %d is neither White nor Black", opt.Orientation)
	}
	if strings.Contains(opt.Style, "</") {
		return nil, invalid(`style contains "</"`)
	}
	if !xmlText(opt.Style) {
		return nil, invalid("style holds a character XML cannot: a control character other than tab and line ends, U+FFFE, U+FFFF or invalid UTF-8")
	}
	color := func(dst *paint, name, s, def string) error {
		if s == "" {
			s = def
		}
		c, ok := parseColor(s)
		if !ok {
			return invalid("%s colour %q is not #rgb, #rgba, #rrggbb, #rrggbbaa or a colour name", name, s)
		}
		*dst = c
		return nil
	}
	cs, d := opt.Colors, defaultColors
	rc := &r.colors
	for _, c := range []struct {
		dst          *paint
		name, s, def string
	}{
		{&rc.light, "Light", cs.Light, d.Light},
		{&rc.dark, "Dark", cs.Dark, d.Dark},
		{&rc.lightLast, "LightLastMove", cs.LightLastMove, d.LightLastMove},
		{&rc.darkLast, "DarkLastMove", cs.DarkLastMove, d.DarkLastMove},
		{&rc.margin, "Margin", cs.Margin, d.Margin},
		{&rc.coords, "Coordinates", cs.Coordinates, d.Coordinates},
		{&rc.whitePiece, "WhitePiece", cs.WhitePiece, d.WhitePiece},
		{&rc.whiteOutline, "WhiteOutline", cs.WhiteOutline, d.WhiteOutline},
		{&rc.blackPiece, "BlackPiece", cs.BlackPiece, d.BlackPiece},
		{&rc.blackOutline, "BlackOutline", cs.BlackOutline, d.BlackOutline},
		{&rc.arrow, "Arrow", cs.Arrow, d.Arrow},
		{&rc.chain, "Chain", cs.Chain, d.Chain},
		{&rc.dot, "Dot", cs.Dot, d.Dot},
		{&rc.cross, "Cross", cs.Cross, d.Cross},
		{&rc.blast, "Blast", cs.Blast, d.Blast},
		{&rc.sako, "Sako", cs.Sako, d.Sako},
		{&rc.paco, "Paco", cs.Paco, d.Paco},
		{&rc.shadow, "Shadow", cs.Shadow, d.Shadow},
	} {
		if err := color(c.dst, c.name, c.s, c.def); err != nil {
			return nil, err
		}
	}
	for s := range opt.Fills {
		if !s.IsValid() {
			return nil, invalid("fill on invalid square %d", s)
		}
	}
	for s := pacosako.A1; s <= pacosako.H8; s++ {
		c, ok := opt.Fills[s]
		if !ok {
			continue
		}
		if c == "" {
			return nil, invalid("fill on %v has no colour", s)
		}
		if err := color(&r.fills[s], "fill on "+s.String(), c, ""); err != nil {
			return nil, err
		}
		r.hasFill[s] = true
	}
	for i, a := range opt.Arrows {
		if !a.From.IsValid() || !a.To.IsValid() {
			return nil, invalid("arrow %d from %v to %v: not a square a1..h8", i, a.From, a.To)
		}
		c := rc.arrow
		if a.Color != "" {
			if err := color(&c, fmt.Sprintf("arrow %d", i), a.Color, ""); err != nil {
				return nil, err
			}
		}
		r.arrows = append(r.arrows, c)
	}
	for i, ch := range opt.Chains {
		for _, s := range ch.Squares {
			if !s.IsValid() {
				return nil, invalid("chain %d: %v is not a square a1..h8", i, s)
			}
		}
		c := rc.chain
		if ch.Color != "" {
			if err := color(&c, fmt.Sprintf("chain %d", i), ch.Color, ""); err != nil {
				return nil, err
			}
		}
		r.chains = append(r.chains, c)
	}
	if opt.Coordinates {
		r.margin = Margin
	}
	return r, nil
}

// writeTo draws the document and writes it to w in one Write.
func (r *renderer) writeTo(w io.Writer) error {
	r.draw()
	_, err := w.Write(r.buf.Bytes())
	return err
}

func (r *renderer) printf(format string, args ...any) {
	fmt.Fprintf(&r.buf, format, args...)
}

// origin returns the top left corner of square s in the viewBox.
func (r *renderer) origin(s pacosako.Square) (x, y float64) {
	col, row := s.File(), 7-s.Rank()
	if r.opt.Orientation == pacosako.Black {
		col, row = 7-col, 7-row
	}
	return r.margin + float64(col*SquareSize), r.margin + float64(row*SquareSize)
}

// center returns the centre of square s in the viewBox.
func (r *renderer) center(s pacosako.Square) (x, y float64) {
	x, y = r.origin(s)
	return x + SquareSize/2, y + SquareSize/2
}

func isLight(s pacosako.Square) bool { return (s.File()+s.Rank())%2 == 1 }

// squaresInOrder yields the squares as they are drawn: rank 8 to rank 1 (from the
// top of the board with White at the bottom), files a to h.
func squaresInOrder() []pacosako.Square {
	out := make([]pacosako.Square, 0, 64)
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			out = append(out, pacosako.NewSquare(file, rank))
		}
	}
	return out
}

func (r *renderer) draw() {
	size := num(8*SquareSize + 2*r.margin)
	r.printf(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 %s %s"`, size, size)
	if r.opt.Size > 0 {
		r.printf(` width="%d" height="%d"`, r.opt.Size, r.opt.Size)
	}
	r.printf(">\n<desc>%s</desc>\n", escape(r.d.fen))
	if r.opt.Style != "" {
		r.printf("<style>%s</style>\n", escapeText(r.opt.Style))
	}
	sako, paco := r.sako|r.check, r.paco
	if r.anim != nil {
		sako, paco = sako|r.anim.endSako|r.anim.endCheck, paco|r.anim.endPaco
	}
	r.defs(r.usedPieces(), r.opt.Coordinates, sako != 0, paco != 0)
	r.body()
	r.printf("</svg>\n")
}

// usedPieces reports which figures the board and the hand need.
func (r *renderer) usedPieces() (used [2][pacosako.King + 1]bool) {
	mark := func(c pacosako.Cell) {
		if c.White != pacosako.NoRole && c.White <= pacosako.King {
			used[pacosako.White][c.White] = true
		}
		if c.Black != pacosako.NoRole && c.Black <= pacosako.King {
			used[pacosako.Black][c.Black] = true
		}
	}
	b := r.d.board
	for s := range b.Occupied().All() {
		mark(b.Cell(s))
	}
	if h := r.d.hand; !h.IsEmpty() {
		mark(h.Cell())
	}
	if r.anim != nil { // figures that appear later: a promotion's
		for _, sc := range r.anim.frames {
			for _, f := range sc {
				used[f.color][f.role] = true
			}
		}
	}
	return used
}

var roleNames = [pacosako.King + 1]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}
var colorNames = [2]string{"white", "black"}

// defs writes the <defs> element: the figures marked in used, the coordinate glyphs
// if coords, the glow gradients of Ŝako and Paco if sako and paco.
func (r *renderer) defs(used [2][pacosako.King + 1]bool, coords, sako, paco bool) {
	r.printf("<defs>\n")
	for c := pacosako.White; c <= pacosako.Black; c++ {
		fill, outline := r.colors.whitePiece, r.colors.whiteOutline
		if c == pacosako.Black {
			fill, outline = r.colors.blackPiece, r.colors.blackOutline
		}
		for role := pacosako.Pawn; role <= pacosako.King; role++ {
			if !used[c][role] {
				continue
			}
			r.printf(`<g id="%s-%s" %s %s stroke-width="%s" stroke-linecap="round" stroke-linejoin="round">`+"\n",
				colorNames[c], roleNames[role], fill.attr("fill"), outline.attr("stroke"), num(figureStroke))
			for _, part := range art[role] {
				switch part.kind {
				case body:
					r.printf(`<path d="%s"/>`+"\n", part.d)
				case line:
					r.printf(`<path d="%s" fill="none"/>`+"\n", part.d)
				case dot:
					r.printf(`<path d="%s" %s stroke="none"/>`+"\n", part.d, outline.attr("fill"))
				}
			}
			r.printf("</g>\n")
		}
	}
	if coords {
		for _, g := range "abcdefgh12345678" {
			r.printf(`<path id="glyph-%c" d="%s"/>`+"\n", g, glyphs[byte(g)])
		}
	}
	gradient := func(id string, c paint) {
		op := 1.0
		if c.opacity != "" {
			op, _ = strconv.ParseFloat(c.opacity, 64)
		}
		r.printf(`<radialGradient id="%s">`+"\n", id)
		for _, st := range []struct{ offset, opacity float64 }{{0, 1}, {0.6, 0.85}, {1, 0}} {
			r.printf(`<stop offset="%s" stop-color="%s" stop-opacity="%s"/>`+"\n", num(st.offset), c.color, num(st.opacity*op))
		}
		r.printf("</radialGradient>\n")
	}
	if sako {
		gradient("sako-glow", r.colors.sako)
	}
	if paco {
		gradient("paco-glow", r.colors.paco)
	}
	r.printf("</defs>\n")
}

// escape escapes text for an attribute or element.
func escape(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// xmlText reports whether s is valid UTF-8 of characters XML 1.0 allows (no
// control characters but tab, line feed and carriage return; no U+FFFE, U+FFFF).
func xmlText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return false
		}
	}
	return true
}

// escapeText escapes the text of an element (CSS keeps its quotes).
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;").Replace(s)
}
