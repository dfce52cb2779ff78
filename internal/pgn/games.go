package pgn

import (
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

// Games reads game records of type R one after the other from a stream, in the
// manner of bufio.Scanner: the loop of both games' record readers. A game that
// cannot be read is reported and the reading goes on with the next one.
type Games[R any] struct {
	pr    *Reader
	done  func() error // nil: never done
	game  int
	rec   R
	err   error // the last game's error
	ioErr error
	// handler returns the handler of the game numbered game (from 1).
	handler func(game int) GameHandler[R]
	// wrap returns err, an error of the stream or of the input as a whole, as the
	// game numbered game reports an error at at.
	wrap func(game int, at Pos, err error) error
	// tags, when set, makes a game's record of its tags alone (SkipMovetext);
	// collected holds them while a game is read so.
	tags      func(game int, tags []Tag, err error) (R, error)
	collected tagCollector
}

// NewGames returns a reader of the records in r. Each game is read by the handler
// handler returns for it; wrap turns errors of the stream (I/O, done's) and of
// Single into the game's record errors. When done (nil: never; a context's Err)
// returns an error, Scan stops and Err returns that error, wrapped: done is asked
// before each game and while one is read, every 64 KB of input and every 1,024
// tokens (so a long token, comment, tag section or run of white space is cut
// short too), and the game being read then ends with done's error, wrapped, as
// its error. (A function, not a context.Context: the root package's layer test
// type-checks this package from source, where a context from source is not the
// compiler's.)
func NewGames[R any](done func() error, r io.Reader, handler func(game int) GameHandler[R], wrap func(game int, at Pos, err error) error) *Games[R] {
	gs := &Games[R]{pr: NewReader(r), done: done, handler: handler, wrap: wrap}
	gs.pr.lx.done = done
	return gs
}

// Scan reads the next game; it returns false at the end of the input, or when the
// input cannot be read (Err). A game that is not a valid record still counts:
// Scan returns true and Record returns its error.
func (gs *Games[R]) Scan() bool { return gs.scan(false) }

// ScanTags reads the next game's tag section as Scan reads it after
// SkipMovetext (whose function, which must be set, makes the record), but
// stops there: the movetext is not read, and the reading is not meant to go on
// (for the text of one game split off a stream: Splitter, StartAt). Its cost is
// the tag section's, however long the movetext. false when there is no game.
func (gs *Games[R]) ScanTags() bool { return gs.scan(true) }

// scan is Scan, or ScanTags (tagSection).
func (gs *Games[R]) scan(tagSection bool) bool {
	if gs.ioErr != nil {
		return false
	}
	if gs.done != nil {
		if err := gs.done(); err != nil {
			gs.ioErr = err
			return false
		}
	}
	if !gs.pr.More() {
		gs.ioErr = gs.pr.Err()
		return false
	}
	gs.game++
	if gs.tags != nil {
		gs.scanTags(tagSection)
		if err := gs.pr.Err(); err != nil {
			gs.ioErr = err
		}
		return true
	}
	h := gs.handler(gs.game)
	err := gs.pr.ReadGame(h)
	if stop, ok := err.(*stopError); ok {
		err = gs.wrap(gs.game, stop.at, stop.err) // the game's own error type, as its handler's errors
	}
	gs.rec, gs.err = h.Done(err)
	if err := gs.pr.Err(); err != nil {
		gs.ioErr = err
	}
	return true
}

// Record returns the game read by the last Scan and its error.
func (gs *Games[R]) Record() (R, error) { return gs.rec, gs.err }

// Game returns the number of the game read by the last Scan (from 1).
func (gs *Games[R]) Game() int { return gs.game }

// Err returns the error that stopped the reading of the stream itself (an I/O
// error, the context's, or a *SyntaxError for input that is not UTF-8 text, such
// as UTF-16), wrapped as the game being read reports it (game 1 before any), or
// nil at a clean end.
func (gs *Games[R]) Err() error {
	if gs.ioErr == nil {
		return nil
	}
	at := gs.pr.Pos()
	if se, ok := gs.ioErr.(*SyntaxError); ok {
		at = se.At
	}
	return gs.wrap(max(gs.game, 1), at, gs.ioErr)
}

// Single reads exactly one game record: text with no game, or more than one, is
// an error made by notation (the text at fault and why), wrapped as the game
// numbered 1 or 2 reports it.
func (gs *Games[R]) Single(text string, notation func(input, reason string) error) (R, error) {
	var zero R
	if !gs.Scan() {
		if err := gs.Err(); err != nil {
			return zero, err
		}
		return zero, gs.wrap(1, gs.pr.Pos(), notation(text, "no game record"))
	}
	rec, err := gs.Record()
	if err != nil {
		return rec, err
	}
	if gs.pr.More() {
		next, at := gs.pr.Next()
		return zero, gs.wrap(2, at, notation(next, "more than one game record (NewRecordReader reads a stream of them)"))
	}
	return rec, nil
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
