package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// The command's bounds: every command that searches (moves, perft, sako, replay,
// play, annotate, convert, solve) stops an input whose search holds more than
// -max-states states, reports it in one line that names the flag that lifts the
// bound, and goes on with the next input. In Atomic chess a position's moves
// need no bound (a few hundred at most): there the flag bounds solve's table of
// positions. The commands whose time depends on the position (moves, perft,
// sako, replay, play, annotate, solve) also stop an input searched longer than
// -timeout (none by default; solve's is a minute), in the same way.

// defaultMaxStates is -max-states when it is not given: about 1 GB of memory for
// one input at the bound, the most a 2-core machine with 24 GB should give an
// input it did not choose. Measured with /usr/bin/time on the command (GOGC 400, as
// main sets it): the move search of moves holds about 580 bytes a state when it
// stops (0.58 GB at 1,000,000 states, 1.4 GB at 2,000,000, 2.8 GB at 4,000,000 on
// the worst case of testdata/worst-cases.tsv), and a position just under the
// bound costs as much again for its moves' SAN and output (1,966,167 states: 2.0
// GB); the count search of perft, sako's threat search and the Ŝako tests hold
// about 80 bytes a state (0.09 GB at 1,000,000). Every reference position needs
// fewer than 10,000 states.
const defaultMaxStates = 1_000_000

// bound is the -max-states and -timeout flags of a command that searches.
type bound struct {
	maxStates  int
	timeout    time.Duration // the longest one input is searched; 0: no limit
	timeoutSet bool          // -timeout was given
}

// flags registers -max-states and -timeout, whose default is b.timeout as the
// command set it (0: none).
func (b *bound) flags(fs *flag.FlagSet) {
	b.maxStatesFlag(fs)
	def := "no limit"
	if b.timeout > 0 {
		def = "default " + b.timeout.String()
	}
	fs.Func("timeout", "give up on an input searched longer than `D`, such as 500ms or 1m (0 = no limit; "+def+")", func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("%q is not a duration such as 30s or 2m", v)
		}
		b.timeout, b.timeoutSet = d, true
		return nil
	})
}

// maxStatesFlag registers -max-states alone (convert, which reads a stream of
// records with one context, has no -timeout).
func (b *bound) maxStatesFlag(fs *flag.FlagSet) {
	fs.IntVar(&b.maxStates, "max-states", defaultMaxStates, "give up on an input whose search holds more than `N` states (the default is about 1 GB of memory; 0 = no limit)")
}

func (b *bound) check() error {
	if b.maxStates < 0 {
		return fmt.Errorf("-max-states must be at least 0, got %d", b.maxStates)
	}
	if b.timeout < 0 {
		return fmt.Errorf("-timeout must be at least 0, got %v", b.timeout)
	}
	return nil
}

// context returns the context one input's searches run under: done after
// -timeout (never without one). The caller calls cancel when the input is done.
func (b bound) context() (ctx context.Context, cancel context.CancelFunc) {
	if b.timeout > 0 {
		return context.WithTimeout(context.Background(), b.timeout)
	}
	return context.Background(), func() {}
}

// limits are the library's Limits for the flag.
func (b bound) limits() pacosako.Limits { return pacosako.Limits{MaxStates: b.maxStates} }

// boundError is a search the command's bounds stopped; its message says which
// bound and the flag that lifts it.
type boundError struct {
	err       error
	maxStates int
}

// Error is the library's message (without its prefix) with the reason of the
// *SearchLimitError in it replaced by the command's, which names the bound and
// the flag: "search limit reached: the search held more than 1000000 states
// (-max-states 1000000, the default: about 1 GB of memory); -max-states 0 lifts the
// limit".
func (e *boundError) Error() string {
	def := ""
	if e.maxStates == defaultMaxStates {
		def = ", the default: about 1 GB of memory"
	}
	reason := fmt.Sprintf("the search held more than %d states (-max-states %d%s); -max-states 0 lifts the limit", e.maxStates, e.maxStates, def)
	var limit error // the library's *SearchLimitError, of either game
	var sl *pacosako.SearchLimitError
	var al *atomic.SearchLimitError
	switch {
	case errors.As(e.err, &sl):
		limit = sl
	case errors.As(e.err, &al):
		limit = al
	default:
		return "search limit reached: " + reason
	}
	// The library's reason follows the kind ("pacosako: search limit reached: …").
	_, lib, _ := strings.Cut(limit.Error(), pacosako.ErrSearchLimit.Error()+": ")
	msg := libError(e.err)
	if i := strings.LastIndex(msg, lib); lib != "" && i >= 0 {
		return msg[:i] + reason + msg[i+len(lib):] // the context of a wrapping error stays
	}
	return "search limit reached: " + reason
}

func (e *boundError) Unwrap() error { return e.err }

// timeoutError is a search -timeout stopped. Its message is the library's (without
// its prefix) with the context's "context deadline exceeded" replaced by "stopped
// after -timeout 50ms; -timeout 0 lifts the limit".
type timeoutError struct {
	err        error
	timeout    time.Duration
	timeoutSet bool
}

func (e *timeoutError) Error() string {
	def := ""
	if !e.timeoutSet {
		def = ", the default"
	}
	reason := fmt.Sprintf("stopped after -timeout %v%s; -timeout 0 lifts the limit", e.timeout, def)
	msg := libError(e.err)
	if i := strings.LastIndex(msg, context.DeadlineExceeded.Error()); i >= 0 {
		return msg[:i] + reason + msg[i+len(context.DeadlineExceeded.Error()):] // the context of a wrapping error stays
	}
	return reason
}

func (e *timeoutError) Unwrap() error { return e.err }

// wrap returns err as a *boundError when the bound stopped the search (of either
// game), as a *timeoutError when -timeout did, else err.
func (b bound) wrap(err error) error {
	if errors.Is(err, context.DeadlineExceeded) && b.timeout > 0 {
		var te *timeoutError
		if errors.As(err, &te) {
			return err
		}
		return &timeoutError{err: err, timeout: b.timeout, timeoutSet: b.timeoutSet}
	}
	if errors.Is(err, pacosako.ErrSearchLimit) { // atomic.ErrSearchLimit is the same value
		var be *boundError
		if errors.As(err, &be) {
			return err
		}
		return &boundError{err: err, maxStates: b.maxStates}
	}
	return err
}

// Bounded forms of the library's calls, each through the library's Context form.

// legalMoveCount is Game.LegalMoveCount bounded: 0 once the game is over, else the
// position's count (Position.MoveCountContext).
func legalMoveCount(ctx context.Context, g pacosako.Game, b bound) (int, error) {
	if g.Outcome().IsOver() {
		return 0, nil
	}
	n, err := g.Position().MoveCountContext(ctx, b.limits())
	return n, b.wrap(err)
}

// givesSako is Position.GivesSako for White and Black, bounded.
func givesSako(ctx context.Context, p pacosako.Position, b bound) (white, black bool, err error) {
	if white, err = p.GivesSakoContext(ctx, pacosako.White, b.limits()); err != nil {
		return false, false, b.wrap(err)
	}
	if black, err = p.GivesSakoContext(ctx, pacosako.Black, b.limits()); err != nil {
		return false, false, b.wrap(err)
	}
	return white, black, nil
}

// playedSAN is Game.PlayedSAN bounded: each half-move written in chain SAN in the
// position before it (Position.SANContext).
func playedSAN(ctx context.Context, g pacosako.Game, b bound) ([]string, error) {
	moves := g.PlayedMoves()
	out := make([]string, len(moves))
	p := g.Start()
	for i, m := range moves {
		var err error
		if out[i], err = p.SANContext(ctx, m, b.limits()); err != nil {
			return nil, b.wrap(err)
		}
		p = m.After()
	}
	return out, nil
}

// annotate is pacosako.Annotate bounded.
func annotate(ctx context.Context, start pacosako.Position, actions []pacosako.Action, b bound) (pacosako.Annotation, error) {
	an, err := pacosako.AnnotateContext(ctx, start, actions, b.limits())
	return an, b.wrap(err)
}
