package pgn

import (
	"context"
	"fmt"
	"io"
)

// GameHandler is a Handler that builds one game's record of type R.
type GameHandler[R any] interface {
	Handler
	// Done is called once ReadGame has returned err (nil for a game read to its
	// end): it returns the record, holding what was read before a problem, and
	// the game's error as the game reports it (a *SyntaxError turned into its own
	// error type).
	Done(err error) (R, error)
}

// Games reads game records of type R one after the other, in the manner of
// bufio.Scanner: the loop of both games' record readers. A game that cannot be
// read is reported and the reading goes on with the next one. Made over an
// io.Reader, it reads its own Stream, each game's tag section and then the rest;
// made over a Stream (package records), it reads the rest of the game whose tag
// section the Stream's Scan read.
type Games[R any] struct {
	s      *Stream
	shared bool // s is a Stream made by another: its Scan reads the tag sections
	rec    R
	err    error // the last game's error
	// handler returns the handler of the game numbered game (from 1).
	handler func(game int) GameHandler[R]
	// tags, when set, makes a game's record of its tags alone (SkipMovetext).
	tags func(game int, tags []Tag, err error) (R, error)
}

// NewGames returns a reader of the records in r. Each game is read by the
// handler handler returns for it; wrap turns errors of the stream (I/O, ctx's)
// and of Single into the game's record errors. ctx stops the reading as it
// stops a Stream (NewStream): the game being read ends with ctx's error,
// wrapped, as its error, Scan stops and Err returns that error, wrapped.
//
// When r is a *Stream, the Games reads the games the Stream's Scan starts (ctx
// is then the Stream's business), and the first Games made over a Stream makes
// its errors (wrap).
func NewGames[R any](ctx context.Context, r io.Reader, handler func(game int) GameHandler[R], wrap func(game int, at Pos, err error) error) *Games[R] {
	gs := &Games[R]{handler: handler}
	if s, ok := r.(*Stream); ok {
		gs.s, gs.shared = s, true
		if s.wrap == nil {
			s.wrap = wrap
		}
		return gs
	}
	gs.s = NewStream(ctx, r)
	gs.s.wrap = wrap
	return gs
}

// Scan reads the next game; it returns false at the end of the input, or when the
// input cannot be read (Err). A game that is not a valid record still counts:
// Scan returns true and Record returns its error. Over a Stream, it reads the
// rest of the game the Stream's Scan read (false if there is none).
func (gs *Games[R]) Scan() bool {
	if !gs.shared && !gs.s.Scan() {
		return false
	}
	return gs.finish()
}

// ScanTags reads the next game's tag section as Scan reads it after
// SkipMovetext (whose function, which must be set, makes the record), but
// stops there (Stream.ScanTags).
func (gs *Games[R]) ScanTags() bool {
	if !gs.shared && !gs.s.ScanTags() {
		return false
	}
	return gs.finish()
}

// finish reads the rest of the game the Stream read.
func (gs *Games[R]) finish() bool {
	rec, err, ok := finish(gs.s, gs.handler, gs.tags)
	if ok {
		gs.rec, gs.err = rec, err
	}
	return ok
}

// Record returns the game read by the last Scan and its error.
func (gs *Games[R]) Record() (R, error) { return gs.rec, gs.err }

// Game returns the number of the game read by the last Scan (from 1).
func (gs *Games[R]) Game() int { return gs.s.game }

// Err returns the error that stopped the reading of the stream itself (an I/O
// error, the context's, or a *SyntaxError for input that is not UTF-8 text, such
// as UTF-16), wrapped as the game being read reports it (game 1 before any), or
// nil at a clean end.
func (gs *Games[R]) Err() error { return gs.s.Err() }

// Single reads exactly one game record: text with no game, or more than one, is
// an error made by notation (the text at fault and why), wrapped as the game
// numbered 1 or 2 reports it.
func (gs *Games[R]) Single(text string, notation func(input, reason string) error) (R, error) {
	return Single(gs.s, text, notation, gs.Scan, gs.Record)
}

// ErrorText is the message of a game's record error: prefix ("pacosako: ",
// "atomic: "), "game record: game N, line L, column C", then for an error about a
// move (moveText and fen set) "half-move H" (or "move", in a variation), the
// move quoted and shortened by shorten, and the position, then detail: the error's
// own message without the prefix (and without the move and position it names
// again).
func ErrorText(prefix string, game, line, column, halfMove int, moveText, fen, detail string, shorten func(string) string) string {
	where := fmt.Sprintf("%sgame record: game %d, line %d, column %d", prefix, game, line, column)
	if moveText == "" || fen == "" {
		return where + ": " + detail
	}
	what := "move"
	if halfMove > 0 {
		what = fmt.Sprintf("half-move %d", halfMove)
	}
	return fmt.Sprintf("%s: %s %q in %s: %s", where, what, shorten(moveText), fen, detail)
}
