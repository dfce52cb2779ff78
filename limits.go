package pacosako

import (
	"context"
	"fmt"
)

// Bounded searches. Move enumeration, perft and threats visit every state a chain
// can reach. On ordinary positions that is a few hundred states, but a position
// built so that nearly every piece stands in a union has astronomically many (every
// way to permute the pieces through the unions: docs/worst-cases.md). A service
// that accepts positions from users should use the Context variants below, which
// stop at a limit or when the context is done.

// Limits bounds one search of the Context variants (MovesContext,
// MoveCountContext, ThreatsContext, GivesSakoContext, CanPacoContext,
// PerftContext, ParseSANContext, SANContext, SANsContext, ParseMoveContext,
// Game.PlaySANContext, Game.PlayMoveContext, ChasingPacoIn2Context,
// AnnotateContext, Game.AnnotateContext, NewRecordReaderContext,
// ParseRecordContext, WriteRecordContext; Solve through SolveOptions). A call that makes several searches
// (reading a move searches the moves of each piece the text could mean) applies
// the limit to each. The zero value sets no limit.
type Limits struct {
	// MaxStates is the largest number of states one search may hold: in-move states
	// plus distinct settled results (moves); a state costs tens of bytes in a
	// count (MoveCountContext, PerftContext) and a few hundred in MovesContext,
	// which keeps every move's path (docs/benchmarks.md). 0 or less means no limit. In perft the limit
	// applies to each position's search, in ThreatsContext to the threat search,
	// and it also bounds the threat searches that castling and the Rulebook's Ŝako
	// rule run inside a move search. The Ŝako test (GivesSakoContext, CanPacoContext,
	// the suffix of SAN) searches chains on a compact model whose states cost
	// about 24 bytes: eight of them count as one.
	MaxStates int
}

// SearchLimitError reports that a search held more than Limits.MaxStates states.
// It wraps ErrSearchLimit.
type SearchLimitError struct {
	Limit int // the MaxStates that was exceeded
}

func (e *SearchLimitError) Error() string {
	return fmt.Sprintf("%s: the search held more than %d states (Limits.MaxStates); raise the limit or refuse the position", head(ErrSearchLimit), e.Limit)
}

// Unwrap returns ErrSearchLimit.
func (e *SearchLimitError) Unwrap() error { return ErrSearchLimit }

// bounds is the state of one bounded search: its limits and, once it has stopped,
// why. A nil *bounds is unbounded.
type bounds struct {
	ctx       context.Context
	maxStates int
	err       error
	tick      uint32
}

// newBounds returns the bounds for a search under ctx (nil: never done) and lim.
func newBounds(ctx context.Context, lim Limits) *bounds {
	if ctx == context.Background() || ctx == context.TODO() {
		ctx = nil
	}
	return &bounds{ctx: ctx, maxStates: max(lim.MaxStates, 0)}
}

// ctxCheckEvery is how many checks pass between two looks at the context: a check
// is made per expanded state (well under a microsecond each), and ctx.Err takes a
// lock.
const ctxCheckEvery = 64

// exceeded reports whether a search holding states states must stop, recording why.
func (b *bounds) exceeded(states int) bool {
	if b.err != nil {
		return true
	}
	if b.maxStates > 0 && states > b.maxStates {
		b.err = &SearchLimitError{Limit: b.maxStates}
		return true
	}
	if b.ctx != nil {
		b.tick++
		if b.tick%ctxCheckEvery == 0 {
			if err := b.ctx.Err(); err != nil {
				b.err = err
				return true
			}
		}
	}
	return false
}

// interrupted reports whether work bounded by b must stop: b has stopped, or its
// context is done (looked at every ctxCheckEvery calls, as exceeded does). Loops
// that may run long without a search of their own (one step per move of a
// position) call it; false for nil bounds.
func (b *bounds) interrupted() bool { return b != nil && b.exceeded(0) }

// ctxDone returns ctx.Err() for a non-nil ctx: the Context variants check it before
// they start, since a small search may end before its first look at the context.
func ctxDone(ctx context.Context) error {
	if ctx == nil {
		return nil
	}
	return ctx.Err()
}

// failed reports whether the search has stopped; false for nil bounds.
func (b *bounds) failed() bool { return b != nil && b.err != nil }

// MovesContext is Moves, bounded: it returns ctx.Err() if ctx is done when it is
// called or while it searches, and a *SearchLimitError when the search holds more
// than lim.MaxStates states, and then no moves. A nil ctx is never done.
func (p Position) MovesContext(ctx context.Context, lim Limits) ([]Move, error) {
	if err := ctxDone(ctx); err != nil {
		return nil, err
	}
	if lim.MaxStates <= 0 && (ctx == nil || ctx.Done() == nil) {
		return p.Moves(), nil // nothing can stop it: the faster search of Moves
	}
	s := getSearcher()
	defer putSearcher(s)
	s.lim = newBounds(ctx, lim)
	s.search(&p, nil)
	if s.lim.err != nil {
		return nil, s.lim.err
	}
	return s.moves(&p, nil, len(s.results)), nil
}

// MoveCountContext is MoveCount, bounded like MovesContext (the count search holds
// fewer states than Moves for the same position).
func (p Position) MoveCountContext(ctx context.Context, lim Limits) (int, error) {
	if err := ctxDone(ctx); err != nil {
		return 0, err
	}
	s := getSearcher()
	defer putSearcher(s)
	s.lim = newBounds(ctx, lim)
	n := s.count(&p)
	if s.lim.err != nil {
		return 0, s.lim.err
	}
	return n, nil
}

// GivesSakoContext is GivesSako, bounded like MovesContext: it returns ctx.Err() if
// ctx is done, and a *SearchLimitError when its threat search holds more than
// lim.MaxStates states, and then false. A colour other than White or Black gives
// false, as GivesSako does.
func (p Position) GivesSakoContext(ctx context.Context, c Color, lim Limits) (bool, error) {
	if err := ctxDone(ctx); err != nil {
		return false, err
	}
	b := newBounds(ctx, lim)
	hit := p.givesSakoWithin(c, b)
	if b.err != nil {
		return false, b.err
	}
	return hit, nil
}

// CanPacoContext is CanPaco, bounded like GivesSakoContext: it returns ctx.Err()
// if ctx is done, and a *SearchLimitError when a threat search holds more than
// lim.MaxStates states, and then false.
func (p Position) CanPacoContext(ctx context.Context, lim Limits) (bool, error) {
	if err := ctxDone(ctx); err != nil {
		return false, err
	}
	b := newBounds(ctx, lim)
	paco := p.canPacoWithin(b)
	if b.err != nil {
		return false, b.err
	}
	return paco, nil
}

// ThreatsContext is Threats, bounded like MovesContext. A colour other than White
// or Black gives an error wrapping ErrInvalidColor.
func (p Position) ThreatsContext(ctx context.Context, c Color, lim Limits) (Bitboard, error) {
	if c > Black {
		return 0, fmt.Errorf(prefix+"%w: %v: want White or Black", ErrInvalidColor, c)
	}
	if err := ctxDone(ctx); err != nil {
		return 0, err
	}
	q := p
	q.turn = c
	q.handOwn, q.handPart = NoRole, NoRole
	q.step = requireLift
	q.promo1 = 0
	b := newBounds(ctx, lim)
	t := threats(&q, [2]Bitboard{}, b)
	if b.err != nil {
		return 0, b.err
	}
	return t, nil
}
