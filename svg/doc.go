// Package svg draws positions of both games of the module — Paco Ŝako (the
// root package) and Atomic chess (package atomic) — as standalone, scalable SVG
// images for documentation: the board, the pieces and unions, a move in
// progress, and annotations (arrows, chains, square fills and marks, last-move
// tints, Ŝako and Paco highlights, Atomic chess's check and a capture's
// explosion). Every function takes a Position (and a Move) of either game and
// chooses the game by its type.
//
//	p := pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
//	m, _ := p.ParseSAN("Bxe4,Ne4xc3,Qc3xc6")
//	err := svg.Render(w, p, svg.Options{Coordinates: true, Move: m})
//
// The option set follows python-chess's chess.svg.board; the zero Options draws the
// plain board with White at the bottom, only a viewBox (so the image scales to its
// container), the Ŝako and Paco highlights (and Atomic chess's check) on.
//
// The same drawing comes in pixels for the places that take no SVG: Image and
// RenderPNG paint a position, AnimateGIF a move played, and GameGIF a whole
// game, a frame a half-move with the players in bands, as lichess's GIFs of
// games show them. One description of the picture (the shapes of layout.go)
// serves the SVG writer and the rasteriser (golang.org/x/image/vector), so both
// draw the same geometry, figures and colours.
//
// Geometry: the viewBox is in units where a square is SquareSize (100) wide;
// the board is 800×800, or 880×880 with the coordinate margin (Margin, 40 units, on
// every side). Arrow and chain lines are 11 units wide, their heads 36 long and 44
// wide with the tip 20 units short of the square's centre; circles have a radius of
// 42 and a line 8 wide; dots a radius of 16; crosses span 60 units.
//
// Elements carry classes, so a Style can restyle them: "square light a8" or
// "square dark a1" (plus "lastmove"), "fill e4", "sako e8", "check e8" (an Atomic
// king in check), "paco e8", "piece white
// knight e4", "hand e4", "shadow e4", "dot a5", "cross f8", "arrow line e2e4" and
// "arrow head e2e4", "chain line f3e4c3c6" and "chain head f3e4c3c6",
// "coordinates", "margin", "blast b7" (a square of an explosion) and "vanishing
// a8" (a group holding a vanishing piece); in an animation also "resting e4" (a
// figure on e4 only in some phases), "moving white bishop" (a figure while it is
// carried or moved), "lastmove e4" (the tint at the end); in a sheet
// "background", "diagram" and "caption".
//
// Animate draws a move being played, as an SMIL animation that starts from the
// still drawing of the position with the move's chain and loops or plays once;
// an Atomic capture's explosion plays the same way.
// Sheet lays several diagrams with captions out in a grid, for puzzles and books.
//
// The artwork is original to this package: simple silhouettes of K Q R B N P, white
// figures light with a dark outline, black figures dark with a light outline. A union
// shows both figures at 70 % size, the black one up and to the right, behind the
// white one down and to the left. The hand (the piece or union being moved in a
// position in the middle of a move) is drawn slightly transparent and raised above
// its square, which shows a shadow: at 90 % size 30 units up over an empty square,
// at 75 % size 48 units up over a square that holds pieces, so those stay visible.
// Lines of arrows and chains lie below the pieces, their heads above, so the pieces
// on a chain's squares stay recognisable.
//
// The output is deterministic: the same position and options always give the same
// bytes, elements in a fixed order, numbers with at most two decimals and no
// exponent. The FEN of the position is the text alternative, in <desc>. Coordinate
// labels are glyph paths, not text, so no font is needed.
package svg
