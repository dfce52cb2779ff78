package svg

import (
	"fmt"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/records"
)

// The two games behind one drawing: every function of the package takes a
// Position (and a Move, a records.Record) of either game, chooses the game once
// by its type, as image/draw.Draw chooses its fast path, and draws it with the
// one core (layout.go); what differs by game is the game's type below.

// Position is a position of either game, as the drawing functions take it: a
// pacosako.Position or an atomic.Position (the values, as the games make
// them). Both have these methods; a value of another type that has them (a
// pointer to a position too) is no position of the module's games, and the
// functions refuse it with a *GameError.
type Position interface {
	Board() pacosako.Board
	FEN() string
	Turn() pacosako.Color
}

// Move is a move of either game: a pacosako.Move or an atomic.Move, to be drawn
// on the position it is played from. A move of the other game than the
// position's is a *GameError.
type Move interface {
	From() pacosako.Square
	To() pacosako.Square
	String() string
}

// GameError is the error for a value of the wrong game, before anything is
// written: a move of the other game than the position's, or a position, move
// or record of neither game (nil, a pointer, a type of the caller's). It wraps
// ErrInvalidOptions.
type GameError struct {
	Kind string // what was given: "position", "move" or "record"
	Got  string // its type, as %T writes it ("atomic.Move", "<nil>")
	Want string // what the call takes there ("a pacosako.Position or an atomic.Position")
}

func (e *GameError) Error() string {
	return ErrInvalidOptions.Error() + ": the " + e.Kind + " is " + e.Got + ", not " + e.Want
}

// Unwrap returns ErrInvalidOptions.
func (e *GameError) Unwrap() error { return ErrInvalidOptions }

// wrongGame returns the *GameError for v, a kind of value that is not want.
func wrongGame(kind string, v any, want string) error {
	return &GameError{Kind: kind, Got: fmt.Sprintf("%T", v), Want: want}
}

// game is a position of one of the games, with what its drawing does its own
// way.
type game interface {
	// still returns the still drawing of the position with opt: its pieces, the
	// hand, and its highlights (Ŝako and Paco, or check) as opt lets them.
	still(opt Options) (*renderer, error)
	// move returns m as a move of the position, or the error for a move of
	// the other game.
	move(m Move) (gameMove, error)
}

// gameMove is a move of a game's position, with what its drawing does its own
// way.
type gameMove interface {
	// path returns how the move is drawn on the position.
	path() Path
	// timeline checks that the move is one of the position's and lays it out
	// played with the timing of step and hold, the highlights after it as opt
	// lets them.
	timeline(opt Options, step, hold time.Duration) (*timeline, error)
	// next returns the position after the move.
	next() (game, error)
	// played returns the still of the position after the move (next), as a
	// game's GIF shows it: the move's squares tinted as the last move, its
	// chain drawn, and an explosion's blast tinted and the pieces it removed
	// faded on their squares.
	played(next game, opt Options) (*renderer, error)
}

// rules is what a game's drawing does its own way, over its position type P
// and move type M (pacoRules in pacosako.go, atomicRules in atomic.go); the
// rest is written once over it (gamePos, gamePlay).
type rules[P any, M Move] interface {
	// what names the game's position in errors ("Paco Ŝako position").
	what() string
	// still is game.still of p.
	still(p P, opt Options) (*renderer, error)
	// path returns how m is drawn on p.
	path(p P, m M) Path
	// timeline is gameMove.timeline of m, a move of p.
	timeline(p P, m M, opt Options, step, hold time.Duration) (*timeline, error)
	// play returns the position after m, a move of p.
	play(p P, m M) (P, error)
	// played is gameMove.played of m, a move of before, after the position
	// after it.
	played(before P, m M, after P, opt Options) (*renderer, error)
}

// gamePos is a position of the game whose rules are r.
type gamePos[P any, M Move] struct {
	r rules[P, M]
	p P
}

func (g gamePos[P, M]) still(opt Options) (*renderer, error) { return g.r.still(g.p, opt) }

func (g gamePos[P, M]) move(m Move) (gameMove, error) {
	mm, ok := m.(M)
	if !ok {
		return nil, wrongGame("move", m, fmt.Sprintf("a move of the %s drawn (%T)", g.r.what(), mm))
	}
	return gamePlay[P, M]{g, mm}, nil
}

// gamePlay is the move m of the position g.
type gamePlay[P any, M Move] struct {
	g gamePos[P, M]
	m M
}

func (gm gamePlay[P, M]) path() Path { return gm.g.r.path(gm.g.p, gm.m) }

func (gm gamePlay[P, M]) timeline(opt Options, step, hold time.Duration) (*timeline, error) {
	return gm.g.r.timeline(gm.g.p, gm.m, opt, step, hold)
}

func (gm gamePlay[P, M]) next() (game, error) {
	after, err := gm.g.r.play(gm.g.p, gm.m)
	return gamePos[P, M]{gm.g.r, after}, err
}

func (gm gamePlay[P, M]) played(next game, opt Options) (*renderer, error) {
	return gm.g.r.played(gm.g.p, gm.m, next.(gamePos[P, M]).p, opt)
}

// drawnPaco and drawnAtomic are the games of a position of each.
func drawnPaco(p pacosako.Position) game {
	return gamePos[pacosako.Position, pacosako.Move]{pacoRules{}, p}
}

func drawnAtomic(p atomic.Position) game {
	return gamePos[atomic.Position, atomic.Move]{atomicRules{}, p}
}

// gameOf returns the game of p.
func gameOf(p Position) (game, error) {
	switch p := p.(type) {
	case pacosako.Position:
		return drawnPaco(p), nil
	case atomic.Position:
		return drawnAtomic(p), nil
	}
	return nil, wrongGame("position", p, "a pacosako.Position or an atomic.Position")
}

// rendererOf returns the still drawing of p with opt and, when opt.Move is set, the
// move drawn on it (withMove).
func rendererOf(p Position, opt Options) (*renderer, error) {
	g, err := gameOf(p)
	if err != nil {
		return nil, err
	}
	if opt.Move != nil {
		m, err := g.move(opt.Move)
		if err != nil {
			return nil, err
		}
		opt = withMove(opt, m.path())
	}
	return g.still(opt)
}

// withMove returns opt with the move d drawn as a still shows the move about
// to be played: its chain after opt's, the squares of its explosion tinted and
// the pieces it removes faded.
func withMove(opt Options, d Path) Options {
	opt = withChain(opt, d.Chain)
	opt.Blast |= d.Blast
	opt.Vanishing |= d.Vanishing
	return opt
}

// playing returns the timeline of m played from p with a's timing and the
// renderer of the still it starts from (p with m's chain): Animate's and
// AnimateGIF's. Options.Vanishing is not drawn: the animation shows pieces
// vanish as they do.
func playing(p Position, m Move, opt Options, a Animation) (*timeline, *renderer, error) {
	step, hold, err := a.durations()
	if err != nil {
		return nil, nil, err
	}
	if opt.Move != nil {
		return nil, nil, invalid("Options.Move draws a move on a still; an animation plays the move it is given")
	}
	g, err := gameOf(p)
	if err != nil {
		return nil, nil, err
	}
	gm, err := g.move(m)
	if err != nil {
		return nil, nil, err
	}
	tl, err := gm.timeline(opt, step, hold)
	if err != nil {
		return nil, nil, err
	}
	opt.Vanishing = 0
	r, err := g.still(withChain(opt, Chain{Squares: tl.chain}))
	if err != nil {
		return nil, nil, err
	}
	return tl, r, nil
}

// recordGame is a game record of either game as its GIF shows it: the start,
// the half-moves, the position of a half-move left unfinished (nil: none), the
// result token.
type recordGame struct {
	start   game
	moves   []Move
	pending game
	result  string
}

// recordGameOf returns the game of rec.
func recordGameOf(rec records.Record) (recordGame, error) {
	switch r := rec.(type) {
	case pacosako.Record:
		g := r.Game
		start, err := g.PositionAt(0)
		if err != nil {
			return recordGame{}, err
		}
		out := recordGame{start: drawnPaco(start), moves: movesOf(g.PlayedMoves()), result: g.Outcome().Result()}
		if len(g.PendingActions()) > 0 {
			out.pending = drawnPaco(g.Position())
		}
		return out, nil
	case atomic.Record:
		g := r.Game
		start, err := g.PositionAt(0)
		if err != nil {
			return recordGame{}, err
		}
		return recordGame{start: drawnAtomic(start), moves: movesOf(g.PlayedMoves()), result: g.Outcome().Result()}, nil
	}
	return recordGame{}, wrongGame("record", rec, "a pacosako.Record or an atomic.Record")
}

// movesOf returns a game's moves as Moves.
func movesOf[M Move](moves []M) []Move {
	out := make([]Move, len(moves))
	for i, m := range moves {
		out[i] = m
	}
	return out
}

// stills returns the pictures of the game: its start, then the position after
// each half-move as played draws it, a half-move left unfinished last; each is
// shown for step, the last for hold. The first is made (and opt checked) at
// once, the others when they are drawn.
func (rg recordGame) stills(opt Options, step, hold time.Duration) ([]still, error) {
	r, err := rg.start.still(opt)
	if err != nil {
		return nil, err
	}
	out := []still{made(r, step)}
	g := rg.start
	for i, m := range rg.moves {
		gm, err := g.move(m)
		if err == nil {
			g, err = gm.next()
		}
		if err != nil { // a game holds legal moves of its own only
			return nil, fmt.Errorf("%w: half-move %d of the game: %w", ErrInvalidOptions, i+1, err)
		}
		next := g
		out = append(out, still{func() (*renderer, error) { return gm.played(next, opt) }, step})
	}
	if p := rg.pending; p != nil {
		out = append(out, still{func() (*renderer, error) { return p.still(opt) }, step})
	}
	out[len(out)-1].dur = hold
	return out, nil
}
