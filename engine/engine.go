package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Move is the move type of a game the engine plays.
type Move interface {
	pacosako.Move | atomic.Move
}

// Position is what Search takes: pacosako.Position (moves pacosako.Move) or
// atomic.Position (moves atomic.Move). Another type with these methods is
// refused with ErrUnsupported.
type Position[M Move] interface {
	Moves() []M
	Hash() uint64
	FEN() string
}

// MaxDepth is the deepest a search goes, in half-moves from the root
// (extensions and the quiescence search included: MaxPly).
const (
	MaxDepth = 64
	MaxPly   = 128
)

// Limits says how long a search runs and what it reports. The zero value
// searches until ctx is done or MaxDepth is reached (UCI's "go infinite"). A
// search stops at the first limit reached; when a limit of time stops it, it
// answers with the deepest depth completed.
type Limits struct {
	// Depth is the deepest iteration, in half-moves (1..MaxDepth); 0: MaxDepth.
	Depth int
	// Nodes stops the search after this many nodes; 0: no limit. A node is a
	// position the search visits: the root once per iteration (and per
	// re-search of its window), and each position reached by playing a move,
	// or passing in a null-move test, in the main or the quiescence search. The
	// stop is exact for a given count, so a search bounded by Nodes is
	// deterministic.
	Nodes int64
	// MoveTime stops the search after this long; Deadline at this time; zero:
	// no limit. With either, a new depth is not started once half the time is
	// spent (it would rarely complete). A deadline of the context stops the
	// search too, but as a bound, not a budget: depths are started until it.
	MoveTime time.Duration
	Deadline time.Time
	// MultiPV is the number of best moves to find, each with its score and line
	// (Result.Lines); 0 or 1: one.
	MultiPV int
	// Table is the transposition table to use, made by NewTable (a zero Table
	// is refused); nil: a table of DefaultTableMB of the search's own. A table
	// may be shared by searches running at once.
	Table *Table
	// History holds the Hash of the positions of the game before the searched
	// one, oldest first: a position of the search that repeats one of them, or
	// one earlier on its own line, scores as a draw.
	History []uint64
	// Progress, if not nil, is called after each completed depth with each line
	// (Info.MultiPV 1, 2, …), from the goroutine that called Search.
	Progress func(Info)
}

// Info is the progress of a search after a completed depth, for one line.
type Info struct {
	Depth    int           // the depth completed, in half-moves
	SelDepth int           // the deepest half-move reached
	MultiPV  int           // the line's rank, 1 for the best
	Score    Score         // the line's score for the side to move
	Nodes    int64         // positions visited so far
	NPS      int64         // nodes per second so far
	Time     time.Duration // time since the search started
	// PV is the line in the game's coordinate notation: UCI for Atomic
	// ("e2e4"), the coordinate notation for Paco Ŝako ("f3e4c3c6").
	PV []string
}

// Line is one of a search's best moves with its score and line.
type Line[M Move] struct {
	Move  M     // the line's first move
	Score Score // its score for the side to move
	PV    []M   // the line, Move first, each move a move of the position before it
	Depth int   // the depth the line was searched to
}

// Result is what a search found.
type Result[M Move] struct {
	Move     M     // the best move
	Score    Score // its score for the side to move
	PV       []M   // the principal variation, Move first
	Depth    int   // the deepest depth completed (0 if stopped before the first)
	SelDepth int   // the deepest half-move reached
	Nodes    int64 // positions visited (main and quiescence search)
	Time     time.Duration
	// Lines holds the best moves, best first, as many as Limits.MultiPV asked
	// (fewer if the position has fewer moves); Lines[0] is Move, Score and PV.
	Lines []Line[M]
}

// Errors.
var (
	// ErrNoMove: the position has no move to search: its game is over (an
	// Atomic king exploded, checkmate, stalemate, a dead position; a Paco, a
	// draw reached by play) or, in Paco Ŝako, the side to move has no legal
	// move. The error wraps pacosako.ErrGameOver (the same value as
	// atomic.ErrGameOver) when the game is over.
	ErrNoMove = errors.New("engine: no move to search")
	// ErrUnsupported: the position is not of a game the engine plays.
	ErrUnsupported = errors.New("engine: unsupported position type")
	// ErrInvalidLimits: a limit is out of range.
	ErrInvalidLimits = errors.New("engine: invalid limits")
)

// NoMoveError reports a position without a move to search, and why. It wraps
// ErrNoMove, and pacosako.ErrGameOver (both games' kind) when its game is over.
type NoMoveError struct {
	FEN    string // the position
	Reason string // "the game has ended (checkmate)", "no legal move"
	over   bool   // the game is over
}

func (e *NoMoveError) Error() string {
	return ErrNoMove.Error() + " in " + e.FEN + ": " + e.Reason
}

// Unwrap returns ErrNoMove and, when the game is over, pacosako.ErrGameOver.
func (e *NoMoveError) Unwrap() []error {
	if e.over {
		return []error{ErrNoMove, pacosako.ErrGameOver}
	}
	return []error{ErrNoMove}
}

// check returns an error for limits out of range.
func (l *Limits) check() error {
	switch {
	case l.Depth < 0 || l.Depth > MaxDepth:
		return fmt.Errorf("%w: depth %d is outside 0..%d", ErrInvalidLimits, l.Depth, MaxDepth)
	case l.Nodes < 0:
		return fmt.Errorf("%w: nodes %d is negative", ErrInvalidLimits, l.Nodes)
	case l.MoveTime < 0:
		return fmt.Errorf("%w: move time %v is negative", ErrInvalidLimits, l.MoveTime)
	case l.MultiPV < 0 || l.MultiPV > 256:
		return fmt.Errorf("%w: MultiPV %d is outside 0..256", ErrInvalidLimits, l.MultiPV)
	case l.Table != nil && len(l.Table.slots) == 0:
		return fmt.Errorf("%w: the table has no room (a zero Table: make one with NewTable)", ErrInvalidLimits)
	}
	return nil
}

// Search searches p within lim and returns its best move, score and line. p is
// a pacosako.Position or an atomic.Position; the moves of the result are the
// game's (pacosako.Move, atomic.Move). The error is a *NoMoveError (ErrNoMove)
// when p has no move to search, an error wrapping ErrInvalidLimits for limits
// out of range, ErrUnsupported for another position type. A search stopped by
// its context or by a limit is no error: the result is the deepest depth
// completed, and ctx.Err() tells a caller that stopped it.
func Search[P Position[M], M Move](ctx context.Context, p P, lim Limits) (Result[M], error) {
	var r Result[M]
	if err := lim.check(); err != nil {
		return r, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	switch q := any(p).(type) {
	case atomic.Position:
		return convert[M](searchAtomic(ctx, q, &lim))
	case pacosako.Position:
		return convert[M](searchPaco(ctx, q, &lim))
	}
	return r, fmt.Errorf("%w: %T", ErrUnsupported, p)
}

// convert returns a game's result as Result[M], M being that game's move type.
func convert[M Move, G Move](r Result[G], err error) (Result[M], error) {
	out, _ := any(r).(Result[M])
	return out, err
}
