package svg

import (
	"fmt"
	"strconv"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// The still pictures an animated GIF shows: for a move, the moments of its
// timeline (the key frames of Animate's SMIL animation), each drawn as a still
// drawing; for a game, the position after each half-move. Each is a renderer,
// so that the GIF's frames are the same drawing as the SVG's.

// still is one picture of an animation, made when it is drawn (a long game's
// pictures are not all held at once), and how long it is shown.
type still struct {
	make func() (*renderer, error)
	dur  time.Duration
}

// made returns the still of a renderer already made.
func made(r *renderer, dur time.Duration) still {
	return still{func() (*renderer, error) { return r, nil }, dur}
}

// boardOf returns the board and the hand a scene shows (the inverse of
// sceneOf).
func boardOf(sc scene) (pacosako.Board, pacosako.Hand) {
	var b pacosako.Board
	var h pacosako.Hand
	var hand pacosako.Cell
	for _, f := range sc {
		c := b.Cell(f.sq)
		if f.hand {
			c = hand
		}
		switch {
		case f.slot == unionBlack || f.slot == alone && f.color == pacosako.Black:
			c.Black = f.role
		default:
			c.White = f.role
		}
		if f.hand {
			hand, h.Square = c, f.sq
			continue
		}
		b = b.With(f.sq, c)
	}
	switch {
	case hand.White != pacosako.NoRole:
		h.Color, h.Piece, h.Partner = pacosako.White, hand.White, hand.Black
	case hand.Black != pacosako.NoRole:
		h.Color, h.Piece = pacosako.Black, hand.Black
	default:
		h.Square = pacosako.NoSquare
	}
	return b, h
}

// moveStills returns the pictures of the move that tl plays, drawn with opt
// (its last chain the move's) on the renderer base made (the highlights of the
// position before the move): frame f of the timeline shown until frame f+1, as
// the SMIL animation shows it at that moment — the move's chain full while the
// position is held, faint while it is played, replaced by the last-move tints at
// the end with the highlights of the position after the move; an explosion's
// blast tinted over the pieces it removes, faded, while it goes off, and on
// until the end.
func moveStills(tl *timeline, base *renderer, fen string) ([]still, error) {
	n := len(tl.frames)
	var out []still
	for f := 0; f < n-1; f++ {
		b, h := boardOf(tl.frames[f])
		opt := base.opt
		if f >= n-2 {
			opt.Chains = opt.Chains[:len(opt.Chains)-1]
			opt.LastMove |= pacosako.SquareSet(tl.chain...)
		}
		if tl.blast != 0 && f >= tl.blastAt {
			opt.Blast |= tl.blast
			if f == tl.blastAt {
				next, _ := boardOf(tl.frames[f+1])
				opt.Vanishing = b.Occupied() &^ next.Occupied() // what the blast removes, fading out
			}
		}
		r, err := newRenderer(drawing{board: b, hand: h, fen: fen}, opt)
		if err != nil {
			return nil, err
		}
		r.sako, r.check, r.paco = base.sako, base.check, base.paco
		if f >= n-2 {
			r.sako, r.check, r.paco = tl.endSako, tl.endCheck, tl.endPaco
		}
		if f > 1 && f < n-2 { // the chain faint while the move is played
			last := len(r.chains) - 1
			r.chains[last].opacity = num(opacityOf(r.chains[last]) * chainFaded)
		}
		out = append(out, made(r, tl.times[f+1]-tl.times[f]))
	}
	return out, nil
}

// opacityOf returns the opacity of a paint as a number.
func opacityOf(c paint) float64 {
	if c.opacity == "" {
		return 1
	}
	v, _ := strconv.ParseFloat(c.opacity, 64)
	return v
}

// pacoMoveStills returns the pictures of the move m of p played (see
// moveStills), with the timing of a.
func pacoMoveStills(p pacosako.Position, m pacosako.Move, opt Options, a Animation) ([]still, error) {
	step, hold, err := a.durations()
	if err != nil {
		return nil, err
	}
	tl, after, err := newTimeline(p, m, step, hold)
	if err != nil {
		return nil, err
	}
	base, err := newPacoRenderer(p, withChain(opt, MoveChain(p, m)))
	if err != nil {
		return nil, err
	}
	tl.endSako, tl.endPaco = highlighted(after, opt)
	return moveStills(tl, base, p.FEN())
}

// atomicMoveStills returns the pictures of the Atomic move m of p played (see
// moveStills), with the timing of a.
func atomicMoveStills(p atomic.Position, m atomic.Move, opt Options, a Animation) ([]still, error) {
	step, hold, err := a.durations()
	if err != nil {
		return nil, err
	}
	tl, err := newAtomicTimeline(p, m, step, hold)
	if err != nil {
		return nil, err
	}
	opt.Vanishing = 0
	base, err := newAtomicRenderer(p, withChain(opt, AtomicChain(m)))
	if err != nil {
		return nil, err
	}
	after, _ := p.Play(m)
	tl.endCheck = inCheck(after, opt)
	return moveStills(tl, base, p.FEN())
}

// pacoGameStills returns the pictures of the game g: its start, then the
// position after each half-move with the move's chain drawn and its squares
// tinted, Ŝako and Paco highlighted; an unfinished half-move's position last.
// Each is shown for step, the last for hold. The first is made (and opt
// checked) at once, the others when they are drawn.
func pacoGameStills(g pacosako.Game, opt Options, step, hold time.Duration) ([]still, error) {
	start, err := g.PositionAt(0)
	if err != nil {
		return nil, err
	}
	r, err := newPacoRenderer(start, opt)
	if err != nil {
		return nil, err
	}
	out := []still{made(r, step)}
	prev := start
	for _, m := range g.PlayedMoves() {
		before, after := prev, m.After()
		out = append(out, still{func() (*renderer, error) {
			chain := MoveChain(before, m)
			o := withChain(opt, chain)
			o.LastMove |= pacosako.SquareSet(chain.Squares...)
			return newPacoRenderer(after, o)
		}, step})
		prev = after
	}
	if len(g.PendingActions()) > 0 {
		p := g.Position()
		out = append(out, still{func() (*renderer, error) { return newPacoRenderer(p, opt) }, step})
	}
	out[len(out)-1].dur = hold
	return out, nil
}

// atomicGameStills returns the pictures of the Atomic game g: its start, then
// the position after each half-move with the move's path drawn and its squares
// tinted, and after a capture its blast tinted and the pieces it removed faded
// on the squares they stood on; the king in check highlighted. Each is shown for
// step, the last for hold; made as pacoGameStills's are.
func atomicGameStills(g atomic.Game, opt Options, step, hold time.Duration) ([]still, error) {
	start, err := g.PositionAt(0)
	if err != nil {
		return nil, err
	}
	r, err := newAtomicRenderer(start, opt)
	if err != nil {
		return nil, err
	}
	out := []still{made(r, step)}
	prev := start
	for i, m := range g.PlayedMoves() {
		after, err := prev.Play(m)
		if err != nil { // a game holds legal moves only
			return nil, fmt.Errorf("%w: half-move %d of the game: %w", ErrInvalidOptions, i+1, err)
		}
		before := prev
		out = append(out, still{func() (*renderer, error) {
			o := withChain(opt, AtomicChain(m))
			o.LastMove |= pacosako.SquareSet(m.From(), m.To())
			d := atomicDrawing(after)
			if m.IsCapture() {
				o.Blast |= AtomicBlast(m)
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
		}, step})
		prev = after
	}
	out[len(out)-1].dur = hold
	return out, nil
}
