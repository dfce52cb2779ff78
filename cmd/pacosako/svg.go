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
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/svg"
)

// svgCmd draws one position as an SVG image (package svg), or the -chain move
// being played as an animation (-animate); with -variant atomic an Atomic chess
// position and its -move with the explosion.
type svgCmd struct {
	com     *common
	flip    bool
	coords  bool
	size    int
	arrows  string
	chain   string
	marks   string
	variant string // pacosako or atomic; svg reads -variant itself (see variant)
	move    string // -variant atomic: the moves, the last one drawn
	after   bool   // draw the position after -chain or -move

	grid  int       // draw a sheet of this many diagrams a row (grid.go)
	stdin io.Reader // where -grid reads its diagrams

	animate bool          // draw -chain as an animation
	once    bool          // play it once
	step    time.Duration // svg.Animation.Step
	hold    time.Duration // svg.Animation.Hold

	parsedArrows []svg.Arrow
	parsedMarks  pacosako.Bitboard
	drawn        bool // a position was drawn from standard input already
}

func (c *svgCmd) flags(fs *flag.FlagSet) {
	fs.BoolVar(&c.flip, "flip", false, "draw the board with Black at the bottom")
	fs.BoolVar(&c.coords, "coords", false, "draw the coordinates in a margin around the board")
	fs.IntVar(&c.size, "size", 0, "width and height in pixels (0: only a viewBox, the image scales)")
	fs.StringVar(&c.arrows, "arrows", "", "arrows, comma separated: e2e4 (from, to; e4e4 is a circle), optionally after a colour letter G, R, Y or B: Re2e4")
	fs.StringVar(&c.chain, "chain", "", "a move of the position, in chain SAN (Bxe4,Ne4xc3,Qc3xc6) or coordinate notation (f3e4c3c6), drawn as a chain")
	fs.StringVar(&c.marks, "marks", "", "squares to mark with a dot, comma separated: a5,b7")
	fs.StringVar(&c.variant, "variant", "pacosako", "the game: pacosako, or atomic (Atomic chess: a chess FEN, start or a fen:…: diagram, and -move)")
	fs.StringVar(&c.move, "move", "", "with -variant atomic: a move of the position in SAN or UCI (Nxb7, a5b7), drawn with its explosion; several separated by spaces are played in turn and the last drawn")
	fs.BoolVar(&c.after, "after", false, "with -chain or -move: draw the position after the move, its squares tinted (and an Atomic capture's blast)")
	fs.IntVar(&c.grid, "grid", 0, "draw a sheet of diagrams, N a row, from standard input (-): one a line, a FEN or fen:…: diagram, then optionally a tab and its caption")
	fs.BoolVar(&c.animate, "animate", false, "draw the -chain (or -move) move being played, as an SVG (SMIL) animation that loops")
	fs.BoolVar(&c.once, "once", false, "with -animate: play the move once and stay on the position after it")
	fs.DurationVar(&c.step, "step", 0, "with -animate: the time of one step of the chain, 10ms to 10m (default 800ms)")
	fs.DurationVar(&c.hold, "hold", 0, "with -animate: how long the positions before and after the move are shown, 10ms to 10m (default 1s)")
}

// arrowColors are the colours of the arrow letters, as in PGN's [%cal] annotations.
var arrowColors = map[byte]string{
	'G': "#15803dcc",
	'R': "#c81e1ecc",
	'Y': "#ca8a04cc",
	'B': "#1d4ed8cc",
}

func (c *svgCmd) check() error {
	if c.size < 0 {
		return fmt.Errorf("-size must be at least 0, got %d", c.size)
	}
	if err := c.checkVariant(); err != nil {
		return err
	}
	if c.grid < 0 {
		return fmt.Errorf("-grid must be at least 1 (diagrams a row), got %d", c.grid)
	}
	if c.grid > 0 {
		for _, f := range []struct {
			name string
			set  bool
		}{{"-chain", c.chain != ""}, {"-animate", c.animate}, {"-arrows", c.arrows != ""}, {"-marks", c.marks != ""}} {
			if f.set {
				return fmt.Errorf("%s draws on one position; -grid draws each line's diagram as it is (with its fen:…: marks)", f.name)
			}
		}
	}
	if c.animate && c.chain == "" && c.move == "" {
		if c.variant == "atomic" {
			return fmt.Errorf("-animate draws the move of -move: give -move MOVE")
		}
		return fmt.Errorf("-animate draws the move of -chain: give -chain MOVE")
	}
	if c.after && c.chain == "" && c.move == "" {
		return fmt.Errorf("-after draws the position after the move of -chain (or -move with -variant atomic): give the move")
	}
	if c.after && c.animate {
		return fmt.Errorf("-animate plays the move from the position before it and -after draws the position after it: give one of them")
	}
	for _, f := range []struct {
		name string
		d    time.Duration
		set  bool
	}{{"-once", 0, c.once}, {"-step", c.step, c.step != 0}, {"-hold", c.hold, c.hold != 0}} {
		if f.set && !c.animate {
			return fmt.Errorf("%s times an animation: give -animate (and -chain MOVE)", f.name)
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
	if c.chain != "" {
		// Text that is no move in either notation is wrong whatever the position; a
		// move that is not legal in the position drawn is bad input (status 1).
		// The parsers report text that is not in their notation (ErrInvalidNotation)
		// before they look at the position, so any position tells the syntax.
		var any pacosako.Position
		_, errSAN := any.ParseSAN(c.chain)
		if _, err := any.ParseCoordinate(c.chain); errors.Is(errSAN, pacosako.ErrInvalidNotation) && errors.Is(err, pacosako.ErrInvalidNotation) {
			return fmt.Errorf("-chain: %s is neither chain SAN (Bxe4,Ne4xc3,Qc3xc6) nor coordinate notation (f3e4c3c6): %s", quote(c.chain), libError(errSAN, c.chain))
		}
	}
	return nil
}

// checkVariant checks -variant and the flags of the other game: -move is Atomic's,
// -chain, -grid and -rules Paco Ŝako's.
func (c *svgCmd) checkVariant() error {
	switch c.variant {
	case "pacosako":
		if c.move != "" {
			return fmt.Errorf("-move draws an Atomic chess move (with -variant atomic); a Paco Ŝako move is drawn with -chain MOVE")
		}
		return nil
	case "atomic":
	default:
		return fmt.Errorf("-variant %s is not a game: want pacosako (the default) or atomic", quote(c.variant))
	}
	switch {
	case c.chain != "":
		return fmt.Errorf("-chain draws a Paco Ŝako move; with -variant atomic give -move MOVE (SAN or UCI)")
	case c.grid != 0:
		return fmt.Errorf("-grid draws sheets of Paco Ŝako diagrams; it does not go with -variant atomic")
	case c.com.rulesName != "":
		return fmt.Errorf("-rules %s names a Paco Ŝako rule set; Atomic chess has one rule set (lichess's), so -rules does not go with -variant atomic", quote(c.com.rulesName))
	}
	words := strings.Fields(c.move)
	if c.move != "" && len(words) == 0 {
		return fmt.Errorf("-move is empty: give a move in SAN or UCI (Nxb7, a5b7)")
	}
	// Text that is no move in either notation is wrong whatever the position: the
	// readers report it (ErrInvalidNotation) before they look at the position.
	var any atomic.Position
	for i, w := range words {
		_, errUCI := any.ParseUCI(w)
		if _, errSAN := any.ParseSAN(w); errors.Is(errUCI, atomic.ErrInvalidNotation) && errors.Is(errSAN, atomic.ErrInvalidNotation) {
			return fmt.Errorf("-move: word %d %s is neither SAN (Nxb7) nor UCI (a5b7): %s", i+1, quote(w), atomicError(errSAN))
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
	text, ok := fenArgument(args, stderr)
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
	opt := svg.Options{
		Size:        c.size,
		Coordinates: c.coords,
		Arrows:      c.parsedArrows,
		Dots:        marks | c.parsedMarks,
	}
	if c.flip {
		opt.Orientation = pacosako.Black
	}
	return opt
}

// draw reads a FEN or a fen:…: diagram and writes its SVG image.
func (c *svgCmd) draw(text string, out *bufio.Writer, stderr reporter) bool {
	if c.variant == "atomic" {
		return c.drawAtomic(text, out, stderr)
	}
	p, marks, err := c.readPosition(text)
	if err != nil {
		stderr.printf("%s", libError(err, text))
		return false
	}
	opt := c.options(marks)
	if c.chain != "" {
		m, err := readMove(p, c.chain)
		if err != nil {
			stderr.printf("-chain: %s", libError(err, c.chain))
			return false
		}
		if c.animate {
			if err := svg.Animate(out, p, m, opt, svg.Animation{Step: c.step, Hold: c.hold, Once: c.once}); err != nil {
				stderr.printf("%s", libError(err))
				return false
			}
			return true
		}
		chain := svg.MoveChain(p, m)
		if c.after {
			p, opt.LastMove = m.After(), pacosako.SquareSet(chain.Squares...)
		} else {
			opt.Chains = []svg.Chain{chain}
		}
	}
	if err := svg.Render(out, p, opt); err != nil {
		stderr.printf("%s", libError(err))
		return false
	}
	return true
}

// readPosition reads a FEN in the engine's dialect, or a rules-page diagram
// ("fen:<board> <marks>:"), which becomes a position with White to move and no
// castling rights, and its marks.
func (c *svgCmd) readPosition(text string) (pacosako.Position, pacosako.Bitboard, error) {
	if strings.HasPrefix(strings.TrimSpace(text), "fen:") {
		d, err := pacosako.ParseDiagram(text)
		if err != nil {
			return pacosako.Position{}, 0, err
		}
		var rules pacosako.Rules
		if c.com.rules != nil {
			rules = *c.com.rules
		}
		p, err := pacosako.Setup{Board: d.Board, Rules: rules}.Position()
		return p, d.Marks, err
	}
	p, err := c.com.position(text)
	return p, 0, err
}

// readMove reads a move of p in chain SAN or coordinate notation. Text that is both
// ("e4" is also the lone lift of coordinate notation) is chain SAN when it names a
// move in it; otherwise text in the shape of coordinate notation is read as such,
// so its error is the one reported.
func readMove(p pacosako.Position, text string) (pacosako.Move, error) {
	m, errSAN := p.ParseSAN(text)
	if errSAN == nil {
		return m, nil
	}
	if m, err := p.ParseCoordinate(text); !errors.Is(err, pacosako.ErrInvalidNotation) {
		return m, err
	}
	if errors.Is(errSAN, pacosako.ErrInvalidNotation) {
		return m, wrap(errSAN, []string{text}, "%s is neither chain SAN nor coordinate notation", quote(text))
	}
	return m, errSAN
}

// drawAtomic reads an Atomic chess position (a chess FEN, the start, or a
// fen:…: diagram with White to move), plays the moves of -move before the last,
// and writes its SVG image: with the last move drawn on it (its path, the
// squares its blast reaches, the pieces it removes faded), played (-animate), or
// the position after it (-after: its squares tinted, the blast marked).
func (c *svgCmd) drawAtomic(text string, out *bufio.Writer, stderr reporter) bool {
	p, marks, err := readAtomicDiagram(text)
	if err != nil {
		stderr.printf("%s", libError(errors.New(atomicError(err)), text)) // either library's prefix dropped
		return false
	}
	opt := c.options(marks)
	words := strings.Fields(c.move)
	var m atomic.Move
	for i, w := range words {
		if m, err = readAtomicMove(p, w); err != nil {
			stderr.printf("-move: word %d %s: %v", i+1, quote(w), err)
			return false
		}
		if i < len(words)-1 {
			p, _ = p.Play(m) // a move the position read: legal
		}
	}
	switch {
	case m.IsZero():
	case c.animate:
		err = svg.AnimateAtomic(out, p, m, opt, svg.Animation{Step: c.step, Hold: c.hold, Once: c.once})
	case c.after:
		opt.LastMove, opt.Blast = pacosako.SquareSet(m.From(), m.To()), svg.AtomicBlast(m)
		p, _ = p.Play(m)
	default:
		opt.Chains = []svg.Chain{svg.AtomicChain(m)}
		opt.Blast, opt.Vanishing = svg.AtomicBlast(m), m.Explosion()
	}
	if err == nil && !c.animate {
		err = svg.RenderAtomic(out, p, opt)
	}
	if err != nil {
		stderr.printf("%s", libError(err))
		return false
	}
	return true
}

// readAtomicDiagram reads an Atomic chess position: a chess FEN, "start" (or the
// start FEN fenArgument gives), or a rules-page diagram ("fen:<board>
// <marks>:", pacosako.ParseDiagram), which becomes a position with White to move
// and no castling rights, and its marks. A diagram with a union is an
// atomic.ErrInvalidSetup.
func readAtomicDiagram(text string) (atomic.Position, pacosako.Bitboard, error) {
	switch t := strings.TrimSpace(text); {
	case strings.HasPrefix(t, "fen:"):
		d, err := pacosako.ParseDiagram(text)
		if err != nil {
			return atomic.Position{}, 0, err
		}
		p, err := atomic.Setup{Board: d.Board}.Position()
		return p, d.Marks, err
	case t == "start" || text == pacosako.StartFEN:
		text = atomic.StartFEN
	}
	p, err := atomic.ParseFEN(text)
	return p, 0, err
}
