package svg

import (
	"strconv"
	"time"

	"github.com/pacosako-go/pacosako"
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
func moveStills(tl *timeline, base *renderer) ([]still, error) {
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
		r, err := newRenderer(drawing{board: b, hand: h, fen: base.d.fen}, opt)
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

// moveStillsOf returns the pictures of the move m of p played (see moveStills),
// with the timing of a.
func moveStillsOf(p Position, m Move, opt Options, a Animation) ([]still, error) {
	tl, base, err := playing(p, m, opt, a)
	if err != nil {
		return nil, err
	}
	return moveStills(tl, base)
}
