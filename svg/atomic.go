package svg

import (
	"fmt"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Atomic chess (package atomic) drawn by the same core as Paco Ŝako: the board,
// the figures, the marks, arrows, chains and coordinates, the animation's
// timeline. What is Atomic's own is the position's FEN as the text alternative,
// the check highlight, a move's path and its explosion: the squares its blast
// reaches (Options.Blast) and the pieces it removes (Options.Vanishing).

// atomicDrawing returns what a diagram of the Atomic position p shows: its pieces
// (Atomic has no unions and no hand) and its chess FEN.
func atomicDrawing(p atomic.Position) drawing {
	return drawing{board: p.Board(), fen: p.FEN()}
}

// newAtomicRenderer is newRenderer for the Atomic position p, with its check
// highlight as far as opt lets it.
func newAtomicRenderer(p atomic.Position, opt Options) (*renderer, error) {
	r, err := newRenderer(atomicDrawing(p), opt)
	if err != nil {
		return nil, err
	}
	r.check = inCheck(p, opt)
	return r, nil
}

// inCheck returns the square of the king of the side to move of p when it is
// in check and opt does not hide the highlight.
func inCheck(p atomic.Position, opt Options) pacosako.Bitboard {
	if opt.HideCheck || !p.InCheck() {
		return 0
	}
	return p.Board().Pieces(p.Turn(), pacosako.King)
}

// atomicChain returns the path of the Atomic move m as a chain of the default
// colour: from m.From() to m.To() (for castling the king's path, the rook's not
// drawn), drawn as an arrow in Colors.Chain. The zero Move gives an empty chain.
func atomicChain(m atomic.Move) Chain {
	if m.IsZero() {
		return Chain{}
	}
	return Chain{Squares: []pacosako.Square{m.From(), m.To()}}
}

// atomicBlast returns the squares the explosion of the Atomic move m reaches:
// the square the capturing piece arrives on (m.To(), also for en passant) and
// the up to eight squares around it, whatever stands on them (pawns there stay,
// other pieces vanish: m.Explosion() are the squares emptied). Empty for a move
// that captures nothing.
func atomicBlast(m atomic.Move) pacosako.Bitboard {
	if !m.IsCapture() {
		return 0
	}
	return around(m.To())
}

// around returns s and the up to eight squares next to it.
func around(s pacosako.Square) pacosako.Bitboard {
	var set pacosako.Bitboard
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := s.File()+df, s.Rank()+dr
			if f >= 0 && f < 8 && r >= 0 && r < 8 {
				set |= pacosako.SquareSet(pacosako.NewSquare(f, r))
			}
		}
	}
	return set
}

// newAtomicTimeline lays out the scenes of the Atomic move m of p, as Animate
// describes them for Atomic chess, with the check highlight after it as opt lets
// it.
func newAtomicTimeline(p atomic.Position, m atomic.Move, opt Options, step, hold time.Duration) (*timeline, error) {
	if m.IsZero() {
		return nil, invalid("the move to animate is the zero Move (no move)")
	}
	after, err := p.Play(m)
	if err != nil {
		return nil, fmt.Errorf("%w: the move is not one of the position drawn: %w", ErrInvalidOptions, err)
	}
	b := p.Board()
	from, to := m.From(), m.To()
	mover := b.Cell(from)
	hand := pacosako.Hand{Color: p.Turn(), Piece: m.Role(), Square: from}
	lifted := b.With(from, pacosako.Cell{})
	tl := startTimeline(sceneOf(b, pacosako.Hand{}), hold)
	tl.add(sceneOf(lifted, hand), step/2)
	tl.add(hoverOver(tl.last(), lifted, to), step)
	landed := lifted.With(to, mover)
	if m.IsCastling() {
		landed = after.Board() // the rook moves as the king is set down
	}
	tl.add(sceneOf(landed, pacosako.Hand{}), step/2)
	if r := m.Promotion(); r != pacosako.NoRole {
		c := pacosako.Cell{White: r}
		if p.Turn() == pacosako.Black {
			c = pacosako.Cell{Black: r}
		}
		landed = landed.With(to, c)
		tl.add(sceneOf(landed, pacosako.Hand{}), step/2)
	}
	if m.IsCapture() {
		tl.blast, tl.blastAt = atomicBlast(m), len(tl.frames)-1
		tl.add(sceneOf(after.Board(), pacosako.Hand{}), step)
	}
	tl.finish(hold, atomicChain(m).Squares)
	tl.endCheck = inCheck(after, opt)
	return tl, nil
}

// atomicRules is Atomic chess's part of the drawing (rules).
type atomicRules struct{}

func (atomicRules) what() string { return "Atomic chess position" }

func (atomicRules) still(p atomic.Position, opt Options) (*renderer, error) {
	return newAtomicRenderer(p, opt)
}

func (atomicRules) path(_ atomic.Position, m atomic.Move) Path {
	return Path{Chain: atomicChain(m), Blast: atomicBlast(m), Vanishing: m.Explosion()}
}

func (atomicRules) timeline(p atomic.Position, m atomic.Move, opt Options, step, hold time.Duration) (*timeline, error) {
	return newAtomicTimeline(p, m, opt, step, hold)
}

func (atomicRules) play(p atomic.Position, m atomic.Move) (atomic.Position, error) { return p.Play(m) }

// played: the position after the move with its path drawn and its squares
// tinted, and after a capture its blast tinted and the pieces it removed faded
// on the squares they stood on; the king in check highlighted.
func (atomicRules) played(before atomic.Position, m atomic.Move, after atomic.Position, opt Options) (*renderer, error) {
	o := withChain(opt, atomicChain(m))
	o.LastMove |= pacosako.SquareSet(m.From(), m.To())
	d := atomicDrawing(after)
	if m.IsCapture() {
		o.Blast |= atomicBlast(m)
		gone := before.Exploded(m)
		for s := range gone.Occupied().All() {
			d.board = d.board.With(s, gone.Cell(s))
		}
		o.Vanishing |= gone.Occupied()
	}
	r, err := newRenderer(d, o)
	if err != nil {
		return nil, err
	}
	r.check = inCheck(after, o)
	return r, nil
}
