package svg

import (
	"fmt"
	"io"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Atomic chess (package atomic) drawn by the same core as Paco Ŝako: the board,
// the figures, the marks, arrows, chains and coordinates, the animation's
// timeline. What is Atomic's own is the position's FEN as the text alternative,
// a move's path (AtomicChain) and its blast (AtomicBlast, Options.Blast and
// Options.Vanishing).

// atomicDrawing returns what a diagram of the Atomic position p shows: its pieces
// (Atomic has no unions and no hand) and its chess FEN.
func atomicDrawing(p atomic.Position) drawing {
	return drawing{board: p.Board(), fen: p.FEN()}
}

// RenderAtomic writes the Atomic chess position p as Render writes a Paco Ŝako
// one: a standalone SVG document drawn with opt, the chess FEN of p (as
// Position.FEN writes it) in its <desc>. The king of the side to move glows red
// when it is in check (p.InCheck()), as a Paco Ŝako king in Ŝako does, unless
// opt.HideCheck; Atomic has no unions and no Ŝako: HideSako and HidePaco change
// nothing. To show a move with its explosion, draw
// the position before it with
//
//	svg.Options{Chains: []svg.Chain{svg.AtomicChain(m)}, Blast: svg.AtomicBlast(m), Vanishing: m.Explosion()}
//
// (the move's path, the squares its blast reaches, the pieces it removes faded),
// and the position after it with
//
//	svg.Options{LastMove: pacosako.SquareSet(m.From(), m.To()), Blast: svg.AtomicBlast(m)}
//
// Errors: as Render's, wrapping ErrInvalidOptions before anything is written;
// otherwise the writer's.
func RenderAtomic(w io.Writer, p atomic.Position, opt Options) error {
	r, err := newAtomicRenderer(p, opt)
	if err != nil {
		return err
	}
	return r.writeTo(w)
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

// AtomicChain returns the path of the Atomic move m as a chain of the default
// colour: from m.From() to m.To() (for castling the king's path, the rook's not
// drawn), drawn as an arrow in Colors.Chain. The zero Move gives an empty chain.
func AtomicChain(m atomic.Move) Chain {
	if m.IsZero() {
		return Chain{}
	}
	return Chain{Squares: []pacosako.Square{m.From(), m.To()}}
}

// AtomicBlast returns the squares the explosion of the Atomic move m reaches:
// the square the capturing piece arrives on (m.To(), also for en passant) and
// the up to eight squares around it, whatever stands on them (pawns there stay,
// other pieces vanish: m.Explosion() are the squares emptied). Empty for a move
// that captures nothing.
func AtomicBlast(m atomic.Move) pacosako.Bitboard {
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

// AnimateAtomic writes the Atomic chess position p as RenderAtomic does, with the
// move m drawn as its chain (AtomicChain, added after opt.Chains) and, as an SMIL
// animation, played with the timing of a: the position held (Hold); the piece
// lifted into the hand (Step/2), carried over its target square (Step) and set
// down there (Step/2) — the piece it captures fading out, the rook of a castling
// moving with the king; a promotion turning the pawn (Step/2); then, for a
// capture, the explosion (Step): the blast squares (AtomicBlast) tinted in
// Colors.Blast while every piece it removes, the capturing piece with them,
// fades out (an en passant capture's pawn stays until then); last, the position
// after the move (Hold), the move's squares tinted in the last-move colours, the
// blast still shown and the king in check, if one is, highlighted. A renderer without SMIL shows the still the animation
// starts with: p with the move's chain, as RenderAtomic draws it. Options.Vanishing
// is not drawn: the animation shows the pieces vanish.
//
// The output is deterministic, with key times and durations as Animate writes
// them. Errors: options Render refuses, a Step or Hold out of range, the zero
// Move or a move that is not legal in p (the error also wraps the
// *atomic.MoveError), each wrapping ErrInvalidOptions, before anything is
// written; otherwise the writer's error.
func AnimateAtomic(w io.Writer, p atomic.Position, m atomic.Move, opt Options, a Animation) error {
	step, hold, err := a.durations()
	if err != nil {
		return err
	}
	tl, err := newAtomicTimeline(p, m, step, hold)
	if err != nil {
		return err
	}
	opt.Vanishing = 0
	r, err := newAtomicRenderer(p, withChain(opt, AtomicChain(m)))
	if err != nil {
		return err
	}
	after, _ := p.Play(m) // legal: newAtomicTimeline played it
	tl.endCheck = inCheck(after, opt)
	return r.animate(w, tl, a)
}

// newAtomicTimeline lays out the scenes of the Atomic move m of p, as
// AnimateAtomic describes them.
func newAtomicTimeline(p atomic.Position, m atomic.Move, step, hold time.Duration) (*timeline, error) {
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
		tl.blast, tl.blastAt = AtomicBlast(m), len(tl.frames)-1
		tl.add(sceneOf(after.Board(), pacosako.Hand{}), step)
	}
	tl.finish(hold, AtomicChain(m).Squares)
	return tl, nil
}
