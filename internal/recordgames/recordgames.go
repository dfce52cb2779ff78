// Package recordgames is where the module's two games register how they read a
// game record on a shared internal/pgn reader (their unexported record
// builders), so that package records, the module's public reader of streams of
// both games, can hand each record to the game its Variant tag names. Each game
// package registers itself when it is initialised; nothing here is part of the
// module's API.
package recordgames

import "github.com/pacosako-go/pacosako/internal/pgn"

// Options bound the reading of each game of a stream.
type Options struct {
	// Context is the reading's context.Context, or nil (never done): each game
	// looks at it before a move, Paco Ŝako also during a move's search. (An any,
	// since the root package's layer test type-checks this package from source,
	// where the context package from source is not the compiler's.)
	Context any
	// MaxStates is Paco Ŝako's bound on a move's search (pacosako.Limits.MaxStates;
	// 0: none); Atomic needs none.
	MaxStates int
}

// Game is how a game package reads its records on a shared reader.
type Game struct {
	// Handler returns the handler of the game numbered n (from 1) of a stream,
	// whose Done returns the package's Record (pacosako.Record, atomic.Record)
	// and its *RecordError.
	Handler func(n int, opt Options) pgn.GameHandler[any]
	// Error returns err, an error of the stream itself, at a place of game n as
	// the package's *RecordError.
	Error func(n int, at pgn.Pos, err error) error
}

// games are the registered games, by the Variant that names them.
var games [pgn.OtherVariant]Game

// Register makes g the reader of the records of game v (pgn.PacoSako,
// pgn.Atomic). A game package calls it from init.
func Register(v pgn.Variant, g Game) { games[v] = g }

// Of returns the reader of the records of game v (pgn.PacoSako, pgn.Atomic); its
// package must have been initialised (imported).
func Of(v pgn.Variant) Game { return games[v] }

// Any returns h as a handler of records of any game.
func Any[R any](h pgn.GameHandler[R]) pgn.GameHandler[any] { return anyHandler[R]{h} }

type anyHandler[R any] struct{ pgn.GameHandler[R] }

func (h anyHandler[R]) Done(err error) (any, error) { return h.GameHandler.Done(err) }

// tagSetter is a handler that takes a tag section at once (a pgn.Builder's
// SetTags), its array with it.
type tagSetter interface{ SetTags([]pgn.Tag) }

// SetTags hands tags to the game's handler (SetTags).
func (h anyHandler[R]) SetTags(tags []pgn.Tag) { SetTags(h.GameHandler, tags) }

// SetTags hands tags to h: at once when it takes them so (no copy of a tag
// section that may be huge), else one by one.
func SetTags(h interface{ Tag(pgn.Tag) }, tags []pgn.Tag) {
	if s, ok := h.(tagSetter); ok {
		s.SetTags(tags)
		return
	}
	for _, t := range tags {
		h.Tag(t)
	}
}
