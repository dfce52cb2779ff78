package svg

import (
	"time"

	"github.com/pacosako-go/pacosako"
)

// Paco Ŝako drawn by the core: a position with its hand and its Ŝako and Paco
// highlights, a move drawn as its chain and played action by action
// (timeline.go): pacoRules.

// pacoRules is Paco Ŝako's part of the drawing (rules).
type pacoRules struct{}

func (pacoRules) what() string { return "Paco Ŝako position" }

func (pacoRules) still(p pacosako.Position, opt Options) (*renderer, error) {
	return newPacoRenderer(p, opt)
}

func (pacoRules) path(p pacosako.Position, m pacosako.Move) Path {
	return Path{Chain: pacoChain(p, m)}
}

func (pacoRules) timeline(p pacosako.Position, m pacosako.Move, opt Options, step, hold time.Duration) (*timeline, error) {
	return newTimeline(p, m, opt, step, hold)
}

func (pacoRules) play(_ pacosako.Position, m pacosako.Move) (pacosako.Position, error) {
	return m.After(), nil
}

// played: the position after the move with its chain drawn and its squares
// tinted, Ŝako and Paco highlighted.
func (pacoRules) played(before pacosako.Position, m pacosako.Move, after pacosako.Position, opt Options) (*renderer, error) {
	chain := pacoChain(before, m)
	o := withChain(opt, chain)
	o.LastMove |= pacosako.SquareSet(chain.Squares...)
	return newPacoRenderer(after, o)
}

// pacoDrawing returns what a diagram of the Paco Ŝako position p shows.
func pacoDrawing(p pacosako.Position) drawing {
	return drawing{board: p.Board(), hand: p.Hand(), fen: p.FEN()}
}

// newPacoRenderer is newRenderer for the Paco Ŝako position p, with its Ŝako and
// Paco highlights as far as opt lets them.
func newPacoRenderer(p pacosako.Position, opt Options) (*renderer, error) {
	r, err := newRenderer(pacoDrawing(p), opt)
	if err != nil {
		return nil, err
	}
	r.sako, r.paco = highlighted(p, opt)
	return r, nil
}

// highlighted returns the squares of the kings that get the Ŝako glow (free kings
// in Ŝako) and the Paco glow (kings in unions), as far as opt lets them.
func highlighted(p pacosako.Position, opt Options) (sako, paco pacosako.Bitboard) {
	b := p.Board()
	if !opt.HideSako {
		for _, c := range []pacosako.Color{pacosako.White, pacosako.Black} {
			if kings := b.Pieces(c, pacosako.King) &^ b.Unions(); kings != 0 && p.InSako(c) {
				sako |= kings
			}
		}
	}
	if !opt.HidePaco {
		paco = (b.Pieces(pacosako.White, pacosako.King) | b.Pieces(pacosako.Black, pacosako.King)) & b.Unions()
	}
	return sako, paco
}

// pacoChain returns the chain of m, a move of p (MovePath, unchecked).
func pacoChain(p pacosako.Position, m pacosako.Move) Chain {
	var squares []pacosako.Square
	start := func() { // a move that completes one in progress starts where it stands
		if len(squares) > 0 {
			return
		}
		if h := p.Hand(); !h.IsEmpty() {
			squares = append(squares, h.Square)
		} else if s := p.PendingPromotion(); s.IsValid() {
			squares = append(squares, s)
		}
	}
	for _, a := range m.Actions() {
		switch a.Kind {
		case pacosako.LiftKind:
			squares = append(squares, a.Square)
		case pacosako.PlaceKind:
			start()
			squares = append(squares, a.Square)
		}
	}
	if m.Len() > 0 {
		start() // a move that is a promotion only
	}
	return Chain{Squares: squares}
}
