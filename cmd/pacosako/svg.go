package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/svg"
)

// svgCmd draws one position of the game -variant names as an SVG image
// (package svg) or a PNG (-format png), with a move (-move, or its other name
// -chain) drawn on it, the position after it, or the move being played as an
// animation (-animate; -format gif); or a sheet of diagrams (-grid, grid.go).
type svgCmd struct {
	com    *common
	format string // -format: svg, png or gif
	flip   bool
	coords bool
	size   int
	arrows string
	move   string // -move: the moves, played in turn, the last one drawn
	chain  string // -chain: -move's other name, Paco Ŝako's first
	named  string // the name the move was given by, for messages: "-move" or "-chain"
	marks  string
	after  bool   // draw the position after the move
	style  string // -style: CSS, for SVG only

	hideSako, hidePaco, hideCheck bool // the highlights turned off (svg.Options)

	grid  int       // draw a sheet of this many diagrams a row (grid.go)
	stdin io.Reader // where -grid reads its diagrams

	animate bool          // draw the move being played, as an animation
	once    bool          // play it once
	step    time.Duration // svg.Animation.Step
	hold    time.Duration // svg.Animation.Hold

	parsedArrows []svg.Arrow
	parsedMarks  pacosako.Bitboard
	drawn        bool // a position was drawn from standard input already
}

func (c *svgCmd) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.format, "format", "svg", "the image's format: svg, png (the still picture in pixels) or gif (the -move move played, in pixels)")
	fs.BoolVar(&c.flip, "flip", false, "draw the board with Black at the bottom")
	fs.BoolVar(&c.coords, "coords", false, "draw the coordinates in a margin around the board")
	fs.IntVar(&c.size, "size", 0, fmt.Sprintf("width and height in pixels (0: only a viewBox, the image scales); -format png and gif: %d to %d (0: %d)", svg.MinPixels, svg.MaxPixels, svg.DefaultPixels))
	fs.StringVar(&c.arrows, "arrows", "", "arrows, comma separated: e2e4 (from, to; e4e4 is a circle), optionally after a colour letter G, R, Y or B: Re2e4")
	fs.StringVar(&c.move, "move", "", "a move of the position, drawn on it: Paco Ŝako's in chain SAN (Bxe4,Ne4xc3,Qc3xc6) or coordinate notation (f3e4c3c6), drawn as a chain; Atomic's in SAN or UCI (Nxb7, a5b7), drawn with its explosion; several separated by spaces are played in turn and the last drawn")
	fs.StringVar(&c.chain, "chain", "", "the same as -move (its first name, from Paco Ŝako's chains)")
	fs.StringVar(&c.marks, "marks", "", "squares to mark with a dot, comma separated: a5,b7")
	fs.BoolVar(&c.after, "after", false, "with -move: draw the position after the move, its squares tinted (and an Atomic capture's blast)")
	fs.BoolVar(&c.hideSako, "hide-sako", false, "Paco Ŝako: do not highlight a king in Ŝako (the red glow)")
	fs.BoolVar(&c.hidePaco, "hide-paco", false, "Paco Ŝako: do not highlight a king in a union, Paco (the golden glow)")
	fs.BoolVar(&c.hideCheck, "hide-check", false, "Atomic chess: do not highlight the king in check (the red glow)")
	fs.StringVar(&c.style, "style", "", "CSS for the SVG image, in a <style> element: .square.dark{fill:#789} (not with -format png or gif)")
	fs.IntVar(&c.grid, "grid", 0, "draw a sheet of diagrams, N a row, from standard input (-): one a line, a FEN or fen:…: diagram, then optionally a tab and its caption")
	fs.BoolVar(&c.animate, "animate", false, "draw the -move move being played, as an SVG (SMIL) animation that loops (-format gif: as a GIF)")
	fs.BoolVar(&c.once, "once", false, "with -animate or -format gif: play the move once and stay on the position after it")
	fs.DurationVar(&c.step, "step", 0, "with -animate or -format gif: the time of one step of the move, 10ms to 10m (default 800ms)")
	fs.DurationVar(&c.hold, "hold", 0, "with -animate or -format gif: how long the positions before and after the move are shown, 10ms to 10m (default 1s)")
}

// arrowColors are the colours of the arrow letters, as in PGN's [%cal] annotations.
var arrowColors = map[byte]string{
	'G': "#15803dcc",
	'R': "#c81e1ecc",
	'Y': "#ca8a04cc",
	'B': "#1d4ed8cc",
}

func (c *svgCmd) check() error {
	c.named = "-move"
	switch {
	case c.chain != "" && c.move != "":
		return errors.New("-chain is -move's other name: give one of them")
	case c.chain != "":
		c.move, c.chain, c.named = c.chain, "", "-chain"
	}
	if err := c.checkFormat(); err != nil {
		return err
	}
	if err := c.checkHighlights(); err != nil {
		return err
	}
	if c.grid < 0 {
		return fmt.Errorf("-grid must be at least 1 (diagrams a row), got %d", c.grid)
	}
	if c.grid > 0 {
		for _, f := range []struct {
			name string
			set  bool
		}{{c.named, c.move != ""}, {"-animate", c.animate}, {"-arrows", c.arrows != ""}, {"-marks", c.marks != ""}} {
			if f.set {
				return fmt.Errorf("%s draws on one position; -grid draws each line's diagram as it is (with its fen:…: marks)", f.name)
			}
		}
	}
	if c.animate && c.move == "" {
		return errors.New("-animate draws the move of -move: give -move MOVE")
	}
	if c.after && c.move == "" {
		return errors.New("-after draws the position after the move of -move: give -move MOVE")
	}
	if c.after && c.animate {
		return errors.New("-animate plays the move from the position before it and -after draws the position after it: give one of them")
	}
	for _, f := range []struct {
		name string
		d    time.Duration
		set  bool
	}{{"-once", 0, c.once}, {"-step", c.step, c.step != 0}, {"-hold", c.hold, c.hold != 0}} {
		if f.set && !c.animate {
			return fmt.Errorf("%s times an animation: give -animate or -format gif (and -move MOVE)", f.name)
		}
		// The range svg.Animation takes.
		if f.set && f.name != "-once" && (f.d < 10*time.Millisecond || f.d > 10*time.Minute) {
			return fmt.Errorf("%s must be between 10ms and 10m, got %v", f.name, f.d)
		}
	}
	if c.arrows != "" {
		for _, a := range strings.Split(c.arrows, ",") {
			arrow, err := parseArrow(a)
			if err != nil {
				return fmt.Errorf("-arrows: %v", err)
			}
			c.parsedArrows = append(c.parsedArrows, arrow)
		}
	}
	if c.marks != "" {
		for _, m := range strings.Split(c.marks, ",") {
			s, err := pacosako.ParseSquare(m)
			if err != nil {
				return fmt.Errorf("-marks: %s is not a square name (a1..h8)", quote(m))
			}
			c.parsedMarks |= pacosako.SquareSet(s)
		}
	}
	return c.checkMoves()
}

// checkFormat checks -format and what depends on it: -size's range (pixels
// within svg.MinPixels..svg.MaxPixels, 0 for svg.DefaultPixels), -style (CSS,
// which does not apply to pixels), -grid (sheets are SVG), -animate (a PNG is a
// still) and -after (a GIF plays the move from the position before it). A GIF
// is the -move move played: -animate in pixels.
func (c *svgCmd) checkFormat() error {
	switch c.format {
	case "svg":
		if c.size < 0 {
			return fmt.Errorf("-size must be at least 0, got %d", c.size)
		}
		if c.style != "" {
			// A style the SVG cannot hold is wrong whatever the position.
			if err := svg.Render(io.Discard, pacosako.Position{}, svg.Options{Style: c.style}); err != nil {
				return fmt.Errorf("-style: %s", libError(err))
			}
		}
		return nil
	case "png", "gif":
	default:
		return fmt.Errorf("-format must be svg, png or gif, got %s", quote(c.format))
	}
	f := "-format " + c.format
	switch {
	case c.size != 0 && (c.size < svg.MinPixels || c.size > svg.MaxPixels):
		return fmt.Errorf("-size must be from %d to %d pixels with %s (0: %d), got %d", svg.MinPixels, svg.MaxPixels, f, svg.DefaultPixels, c.size)
	case c.style != "":
		return fmt.Errorf("-style is CSS, which applies to SVG, not to pixels: give -format svg, or %s without -style", f)
	case c.grid != 0:
		return fmt.Errorf("-grid draws a sheet as SVG only (svg.Sheet); %s draws one position: give -format svg with -grid", f)
	case c.format == "png" && c.animate:
		return errors.New("-animate draws the move being played and a PNG is a still picture: -format gif plays the move, -format png without -animate draws it on the position")
	case c.format == "gif" && c.move == "":
		return fmt.Errorf("-format gif plays the move of -move: give -move MOVE (-format png draws a position)")
	case c.format == "gif" && c.after:
		return errors.New("-format gif plays the move from the position before it and -after draws the position after it: give -format png -after for the still after it")
	}
	c.animate = c.animate || c.format == "gif"
	return nil
}

// checkHighlights: each -hide flag turns off a highlight of its own game; the
// other game has no such highlight, and the flag that does is named.
func (c *svgCmd) checkHighlights() error {
	switch {
	case c.com.atomic && (c.hideSako || c.hidePaco):
		name := map[bool]string{true: "-hide-sako", false: "-hide-paco"}[c.hideSako]
		return fmt.Errorf("%s turns off a highlight of Paco Ŝako, which Atomic chess does not have; its king in check glows red, which -hide-check turns off", name)
	case !c.com.atomic && c.hideCheck:
		return errors.New("-hide-check turns off Atomic chess's highlight of the king in check (-variant atomic); Paco Ŝako's king in Ŝako glows red, which -hide-sako turns off")
	}
	return nil
}

// checkMoves: text that is no move in any notation of the game is wrong
// whatever the position (a usage error); a move that is not legal in the
// position drawn is bad input (status 1). Text that reads as one move (a Paco
// Ŝako chain whose steps are separated by spaces) is one; else every word must.
func (c *svgCmd) checkMoves() error {
	if c.move == "" {
		return nil
	}
	words := moveWords(c.move)
	if len(words) == 0 {
		return errors.New("-move is empty: give a move (Paco Ŝako: chain SAN or coordinates; Atomic chess: SAN or UCI)")
	}
	g := c.com.variant()
	err := g.moveSyntax(c.move)
	if err == nil {
		return nil
	}
	if len(words) == 1 {
		return fmt.Errorf("%s: %w", c.named, err)
	}
	for i, w := range words {
		if err := g.moveSyntax(w); err != nil {
			return fmt.Errorf("%s: move %d %v", c.named, i+1, err)
		}
	}
	return nil
}

// parseArrow reads [G|R|Y|B]<from><to>.
func parseArrow(s string) (svg.Arrow, error) {
	var a svg.Arrow
	text := s
	if len(s) == 5 {
		color, ok := arrowColors[s[0]]
		if !ok {
			return a, fmt.Errorf("%s: the colour letter is one of G, R, Y, B", quote(text))
		}
		a.Color, s = color, s[1:]
	}
	if len(s) != 4 {
		return a, fmt.Errorf("%s is not an arrow: want two squares (e2e4), optionally after a colour letter", quote(text))
	}
	from, err1 := pacosako.ParseSquare(s[:2])
	to, err2 := pacosako.ParseSquare(s[2:])
	if err1 != nil || err2 != nil {
		return a, fmt.Errorf("%s is not an arrow: want two squares (e2e4), optionally after a colour letter", quote(text))
	}
	a.From, a.To = from, to
	return a, nil
}

// checkArgs: -grid reads standard input and takes no other argument.
func (c *svgCmd) checkArgs(args []string) error {
	if c.grid > 0 {
		return fmt.Errorf("-grid reads its diagrams from standard input: give - as the only argument, got %d arguments", len(args))
	}
	return nil
}

// streams reports whether "-" is read as one stream: -grid reads all the lines
// into one sheet, naming bad ones by their number.
func (c *svgCmd) streams() bool { return c.grid > 0 }

// single draws the FEN (or diagram) given as the arguments, the start position
// without any; with -grid, the sheet of standard input.
func (c *svgCmd) single(args []string, out *bufio.Writer, stderr reporter) bool {
	if c.grid > 0 {
		return c.sheet(out, stderr)
	}
	text, ok := fenArgument(c.com.variant(), args, stderr)
	return ok && c.draw(text, out, stderr)
}

// line draws the position on the one line of standard input.
func (c *svgCmd) line(line string, out *bufio.Writer, stderr reporter) bool {
	if c.drawn {
		stderr.printf("draws one position; ignoring the further input line %s", quote(line))
		return false
	}
	c.drawn = true
	return c.draw(line, out, stderr)
}

// endInput reports an error when standard input held no position to draw.
func (c *svgCmd) endInput(stderr reporter) bool {
	if !c.drawn {
		stderr.printf("no position on standard input")
		return false
	}
	return true
}

// options returns the drawing options of the flags, with the marks of a diagram.
func (c *svgCmd) options(marks pacosako.Bitboard) svg.Options {
	opt := c.diagramOptions(marks)
	opt.Size, opt.Coordinates, opt.Style = c.size, c.coords, c.style
	opt.Arrows, opt.Dots = c.parsedArrows, opt.Dots|c.parsedMarks
	return opt
}

// diagramOptions are the options of the flags that a sheet's diagrams take too:
// the orientation, the highlights and the marks of a diagram.
func (c *svgCmd) diagramOptions(marks pacosako.Bitboard) svg.Options {
	opt := svg.Options{Dots: marks, HideSako: c.hideSako, HidePaco: c.hidePaco, HideCheck: c.hideCheck}
	if c.flip {
		opt.Orientation = pacosako.Black
	}
	return opt
}

// draw reads a position (a FEN, the start, or a fen:…: diagram whose marks are
// drawn as dots) and writes its SVG image, with -move drawn as the flags say.
func (c *svgCmd) draw(text string, out *bufio.Writer, stderr reporter) bool {
	p, marks, err := c.com.variant().diagram(text)
	if err != nil {
		stderr.printf("%s", libError(err, text))
		return false
	}
	if err := c.drawMove(out, p, c.options(marks)); err != nil {
		if c.move != "" && !errors.Is(err, svg.ErrInvalidOptions) {
			stderr.printf("%s: %s", c.named, libError(err, c.move))
		} else {
			stderr.printf("%s", libError(err))
		}
		return false
	}
	return true
}

// drawMove writes p as an image, SVG or in pixels as -format says, with the
// moves of -move played in turn and the last drawn: on p as the move about to
// be played (svg.Options.Move: a Paco Ŝako chain, an Atomic capture's path,
// blast and vanishing pieces), on the position after it with its squares
// tinted and an Atomic capture's blast (-after: svg.MovePath),
// or played (-animate, -format gif: svg.Animate, svg.AnimateGIF); the position
// by svg.Render, or svg.RenderPNG.
func (c *svgCmd) drawMove(w io.Writer, p position, opt svg.Options) error {
	words := moveWords(c.move)
	if len(words) > 1 {
		if _, _, err := p.playMove(c.move); err == nil {
			words = []string{c.move} // one Paco Ŝako chain, its steps separated by spaces
		}
	}
	var m svg.Move
	var after position
	for i, word := range words {
		var err error
		if i > 0 {
			p = after
		}
		if m, after, err = p.playMove(word); err != nil {
			return moveWordError(words, i, err)
		}
	}
	pixels := c.format != "svg"
	switch {
	case m == nil:
	case c.animate:
		animate := svg.Animate
		if pixels {
			animate = svg.AnimateGIF
		}
		return animate(w, p.drawn(), m, opt, svg.Animation{Step: c.step, Hold: c.hold, Once: c.once})
	case c.after:
		path, err := svg.MovePath(p.drawn(), m)
		if err != nil {
			return err
		}
		p, opt.LastMove, opt.Blast = after, pacosako.SquareSet(path.Chain.Squares...), path.Blast
	default:
		opt.Move = m
	}
	if pixels {
		return svg.RenderPNG(w, p.drawn(), opt)
	}
	return svg.Render(w, p.drawn(), opt)
}
