// Package records reads both games' records from one stream, for the command:
// each game package registers, when it is initialised, how it reads a game on a
// shared internal/pgn reader (its unexported record builder), and Reader hands
// each game of the stream to the game its Variant tag names. The games' public
// readers (pacosako.NewRecordReader, atomic.NewRecordReader) read one game each
// and do not use this package; nothing here is part of the module's API.
package records

import (
	"io"

	"github.com/pacosako-go/pacosako/internal/pgn"
)

// Options bound the reading of each game of a stream.
type Options struct {
	MaxStates int // Paco Ŝako's bound on a move's search (pacosako.Limits.MaxStates; 0: none); Atomic needs none
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

// Any returns h as a handler of records of any game.
func Any[R any](h pgn.GameHandler[R]) pgn.GameHandler[any] { return anyHandler[R]{h} }

type anyHandler[R any] struct{ pgn.GameHandler[R] }

func (h anyHandler[R]) Done(err error) (any, error) { return h.GameHandler.Done(err) }

// tagSetter is a handler that takes a tag section at once (a pgn.Builder's
// SetTags), its array with it.
type tagSetter interface{ SetTags([]pgn.Tag) }

// SetTags hands tags to the game's handler (setTags).
func (h anyHandler[R]) SetTags(tags []pgn.Tag) { setTags(h.GameHandler, tags) }

// setTags hands tags to h: at once when it takes them so (no copy of a tag
// section that may be huge), else one by one.
func setTags(h interface{ Tag(pgn.Tag) }, tags []pgn.Tag) {
	if s, ok := h.(tagSetter); ok {
		s.SetTags(tags)
		return
	}
	for _, t := range tags {
		h.Tag(t)
	}
}

// NewReader returns a reader of the records in r, of either game: each game is
// read by the game its Variant tag names (pgn.ClassifyVariant), a game without
// one — or with a value that names no game of the module, which that game's
// reader then reports — by def's (pgn.PacoSako or pgn.Atomic). Errors of the
// stream are def's. Record returns a pacosako.Record or an atomic.Record. Both
// games must be registered (import their packages).
func NewReader(r io.Reader, def pgn.Variant, opt Options) *pgn.Games[any] {
	handler := func(n int) pgn.GameHandler[any] { return &dispatch{n: n, def: def, opt: opt} }
	return pgn.NewGames(nil, r, handler, games[def].Error)
}

// dispatch is a handler that keeps a game's tag section (and comments among the
// tags) until its movetext starts, then hands them, and the rest of the game, to
// the handler of the game its Variant tag names.
type dispatch struct {
	n        int
	def      pgn.Variant
	opt      Options
	tags     []pgn.Tag
	comments []string
	h        pgn.GameHandler[any]
}

// choose starts the game's own handler and hands it what was kept: the tags, then
// the comments (a builder keeps them apart, so only their order among themselves
// matters).
func (d *dispatch) choose() {
	v := d.def
	if t, ok := pgn.Find(d.tags, "Variant"); ok {
		if g := pgn.ClassifyVariant(t.Value); g == pgn.PacoSako || g == pgn.Atomic {
			v = g
		}
	}
	d.h = games[v].Handler(d.n, d.opt)
	setTags(d.h, d.tags)
	for _, c := range d.comments {
		d.h.Comment(c)
	}
	d.tags, d.comments = nil, nil
}

func (d *dispatch) Tag(t pgn.Tag) { d.tags = append(d.tags, t) }

func (d *dispatch) Comment(text string) {
	if d.h == nil {
		d.comments = append(d.comments, text)
		return
	}
	d.h.Comment(text)
}

func (d *dispatch) StartMovetext() error {
	d.choose()
	return d.h.StartMovetext()
}

func (d *dispatch) Move(text string, at pgn.Pos) error  { return d.h.Move(text, at) }
func (d *dispatch) NAG(n int)                           { d.h.NAG(n) }
func (d *dispatch) StartVariation(at pgn.Pos) error     { return d.h.StartVariation(at) }
func (d *dispatch) EndVariation()                       { d.h.EndVariation() }
func (d *dispatch) End(result string, at pgn.Pos) error { return d.h.End(result, at) }

// Done ends the game: a game that failed in its tag section is reported by the
// game its tags so far name.
func (d *dispatch) Done(err error) (any, error) {
	if d.h == nil {
		d.choose()
	}
	return d.h.Done(err)
}
