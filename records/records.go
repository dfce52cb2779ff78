package records

import (
	"bytes"
	"context"
	"io"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/pgn"
)

// Variant names a game of the module whose records the Reader reads (as
// shakmaty's Variant names a game of chess).
type Variant uint8

// The games. PacoSako is the zero Variant.
const (
	PacoSako Variant = iota // Paco Ŝako, package pacosako's game
	Atomic                  // Atomic chess, package atomic's game
)

// String returns the game's name: "Paco Ŝako" or "Atomic".
func (v Variant) String() string {
	if v == Atomic {
		return "Atomic"
	}
	return "Paco Ŝako"
}

// known returns v, or PacoSako for a value that names no game.
func (v Variant) known() Variant {
	if v == Atomic {
		return Atomic
	}
	return PacoSako
}

// Record is a game record of either game, as the Reader hands it back: a
// pacosako.Record or an atomic.Record (a value), told apart with a type switch.
// Both have the methods named here. The module's consumers of both games
// (svg.GameGIF, replaypage.Write) take it.
type Record interface {
	// Tag returns the value of the tag name as the record has it, or "" if it
	// has none: the same on every path (Reader, SkipMovetext, Chunk.Read), the
	// tags the game is read from (Result, Variant, FEN …) included; the game's
	// outcome is its Game's.
	Tag(name string) string
	// String writes the record in PGN's export form.
	String() string
}

// Reader reads game records of both games one after the other from a stream, in
// the manner of bufio.Scanner (see the package doc). A game that cannot be read
// is reported and the reading goes on with the next one.
type Reader struct {
	s     *pgn.Stream
	games [2]gameReader // each game's own reader over s, by Variant
	def   Variant       // the game of an untagged record
	last  Variant       // the game Scan read
	rec   Record
	err   error
	text  bytes.Reader // a Chunk's text, for a reader of chunks (Chunk.ReadContext)
}

// gameReader is a game's record reader (pacosako.RecordReader,
// atomic.RecordReader) as the Reader uses it.
type gameReader interface {
	Scan() bool
	SkipMovetext(skip bool)
	record() (Record, error)
}

// readerOf is a game's record reader, its records of type R.
type readerOf[R Record] struct {
	r interface {
		Scan() bool
		SkipMovetext(skip bool)
		Record() (R, error)
	}
}

func (g readerOf[R]) Scan() bool             { return g.r.Scan() }
func (g readerOf[R]) SkipMovetext(skip bool) { g.r.SkipMovetext(skip) }
func (g readerOf[R]) record() (Record, error) {
	rec, err := g.r.Record()
	return rec, err
}

// reader returns game v's own record reader over s, which reads the rest of each
// game whose tag section s read, bounded by ctx and lim.
func (v Variant) reader(ctx context.Context, s *pgn.Stream, lim pacosako.Limits) gameReader {
	if v == Atomic {
		return readerOf[atomic.Record]{atomic.NewRecordReaderContext(ctx, s)}
	}
	return readerOf[pacosako.Record]{pacosako.NewRecordReaderContext(ctx, s, lim)}
}

// NewReader returns a reader of the records in r; a record without a Variant tag
// is read as untagged's game (a value other than PacoSako and Atomic: Paco
// Ŝako's).
//
// Cost: as the games' readers (pacosako.RecordReader, atomic.RecordReader): time
// linear in the input besides the moves, each read as its game reads it; a Paco
// Ŝako move is read unbounded (usually microseconds). For records from strangers,
// NewReaderContext bounds it.
func NewReader(r io.Reader, untagged Variant) *Reader {
	return NewReaderContext(context.Background(), r, untagged, pacosako.Limits{})
}

// NewReaderContext is NewReader, bounded as pacosako.NewRecordReaderContext and
// atomic.NewRecordReaderContext bound a stream: a Paco Ŝako move whose reading
// holds more than lim.MaxStates states is a *pacosako.RecordError wrapping a
// *pacosako.SearchLimitError (the reading goes on with the next game), and when
// ctx is done the game being read ends with its game's *RecordError wrapping
// ctx.Err() and Scan stops (Err returns the same). The context is looked at before
// each move and after every 64 KB of input and 1,024 tokens. A nil ctx is never
// done.
func NewReaderContext(ctx context.Context, r io.Reader, untagged Variant, lim pacosako.Limits) *Reader {
	rr := &Reader{def: untagged.known(), s: pgn.NewStream(ctx, r)}
	rr.open(ctx, lim)
	return rr
}

// open makes each game's reader over the stream, bounded by ctx and lim: the
// untagged game's first, whose errors are the stream's (pgn.NewGames).
func (rr *Reader) open(ctx context.Context, lim pacosako.Limits) {
	other := Atomic - rr.def
	rr.games[rr.def] = rr.def.reader(ctx, rr.s, lim)
	rr.games[other] = other.reader(ctx, rr.s, lim)
}

// Scan reads the next game; it returns false at the end of the input, or when the
// input cannot be read (Err). A game that is not a valid record still counts: Scan
// returns true and Record returns its error.
func (rr *Reader) Scan() bool {
	if !rr.s.Scan() {
		return false
	}
	rr.readGame()
	return true
}

// readGame has the game the stream's Variant tag names (else the untagged game)
// read the rest of the game whose tag section the stream read.
func (rr *Reader) readGame() {
	rr.last = rr.def
	switch pgn.ClassifyVariant(rr.s.Tag("Variant")) {
	case pgn.PacoSako:
		rr.last = PacoSako
	case pgn.Atomic:
		rr.last = Atomic
	}
	g := rr.games[rr.last]
	g.Scan()
	rr.rec, rr.err = g.record()
}

// Record returns the game read by the last Scan: a pacosako.Record or an
// atomic.Record, as Variant says. When it could not be read, the error is its
// game's *RecordError (a *pacosako.RecordError or an *atomic.RecordError: game,
// line, column, why) and the record holds what was read before the problem: the
// tags, and the main line up to the move at fault. Its kind is one value for
// both games: errors.Is(err, pacosako.ErrIllegalMove) answers for either.
func (rr *Reader) Record() (Record, error) { return rr.rec, rr.err }

// Variant returns the game of the record the last Scan read (PacoSako before
// any).
func (rr *Reader) Variant() Variant { return rr.last }

// SkipMovetext makes every Scan from then on read only the game's tags (skip
// true), or whole games again (false), as pacosako.RecordReader.SkipMovetext and
// atomic.RecordReader.SkipMovetext do: Record returns the game's record (a
// pacosako.Record or an atomic.Record, as its Variant tag names) holding its
// tags as reading it whole gives them (every tag as written) and nothing else,
// and the same errors of a tag section.
func (rr *Reader) SkipMovetext(skip bool) {
	rr.s.SkipMovetext(skip)
	for _, g := range rr.games {
		g.SkipMovetext(skip)
	}
}

// Err returns the error that stopped the reading of the stream itself (an I/O
// error, input that is not UTF-8 text such as UTF-16, or for NewReaderContext the
// context's error), as the untagged game's *RecordError, or nil at a clean end.
// Games that could not be read are Record's errors.
func (rr *Reader) Err() error { return rr.s.Err() }

// Parse reads exactly one game record of either game from text, as Reader reads
// each game of a stream (untagged names the game of a record without a Variant
// tag). The errors are the game's *RecordError values; text with no game or more
// than one is the untagged game's *RecordError wrapping its ErrInvalidNotation.
func Parse(text string, untagged Variant) (Record, error) {
	rr := NewReader(strings.NewReader(text), untagged)
	return pgn.Single(rr.s, text, func(input, reason string) error {
		return &pgn.SyntaxError{Input: input, Reason: reason} // the game's record error makes it its own notation error
	}, rr.Scan, rr.Record)
}
