// Package records reads game records (PGN) of both games of the module from one
// stream: each record is read by the game its Variant tag names, as python-chess's
// chess.pgn.read_game picks its board by the tag, and handed back as that game's
// own record with that game's errors — a pacosako.Record (Paco Ŝako, the root
// package) or an atomic.Record (Atomic chess, package atomic), with a
// *pacosako.RecordError or an *atomic.RecordError. A record without a Variant tag
// (or with an empty one) is read as the game the caller names.
//
//	rr := records.NewReader(f, records.PacoSako) // untagged records are Paco Ŝako
//	for rr.Scan() {
//		rec, err := rr.Record()
//		if err != nil {
//			log.Print(err) // the game's own *RecordError: game, line, column, why
//			continue
//		}
//		switch rec := rec.(type) {
//		case pacosako.Record:
//			…
//		case atomic.Record:
//			…
//		}
//	}
//	if err := rr.Err(); err != nil { … } // the stream itself could not be read
//
// The Variant values of each game are those its own reader takes
// (pacosako.NewRecordReader: "Paco Ŝako", "Paco Sako", "Pacosako", and chess
// tools' "Standard", "From Position", "Chess960", "Fischer Random";
// atomic.NewRecordReader: "Atomic", "Atomic960", "Atomic chess"; any case and
// spacing); a value that names no game of the module ("Crazyhouse") is read by
// the caller's game, whose reader reports it, and the reading goes on. Every
// record the module writes names its game (pacosako.WriteRecord writes
// [Variant "Paco Ŝako"], atomic.WriteRecord [Variant "Atomic"]), so its own
// records read back as their games whatever the caller names.
//
// A tag repeated in one tag section stays in its record, its later value
// counting, as python-chess and chessops read it (lichess's API documentation
// once printed its example game with Event twice, and its study exports repeat
// FEN): only after an empty line does a tag the section already has start the
// next game (a game of tags alone, such as a bye, whose result token is
// missing). A repeated Variant tag whose values name two games ("Atomic", then
// "Standard") is an error for its record, a *RecordError at the later tag, and
// the reading goes on: reading the record as either game could make a record of
// the wrong game from moves legal in both (1. e4 e5), so the record is refused,
// as a Result tag that contradicts the result token is. Every path agrees:
// Reader, SkipMovetext, the Splitter's chunks (Chunk.Read) and the games' own
// readers give the same records and errors.
//
// Everything else is the games' readers': the PGN they read, their bounds on
// hostile input, their errors. The one reader per game (pacosako.NewRecordReader,
// atomic.NewRecordReader) reads an untagged record as its own game and refuses the
// other game's records at their Variant tag; this package is for a stream that may
// hold both.
//
// Databases: Reader.SkipMovetext reads only each record's tags, at a few
// hundred MB/s, to pick games before reading them; a Splitter splits a stream
// into the text of each game (Chunk), which workers read in parallel, each
// Chunk giving the record and the errors the Reader gives for its game (see the
// Splitter example); Chunk.ReadTags reads a chunk's tags alone, to pick the
// games to replay (see its example).
package records

import (
	"bytes"
	"context"
	"io"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic" // its init registers Atomic chess's records
	"github.com/pacosako-go/pacosako/internal/pgn"
	"github.com/pacosako-go/pacosako/internal/recordgames"
)

// Game names a game of the module whose records the Reader reads.
type Game uint8

// The games. PacoSako is the zero Game.
const (
	PacoSako Game = iota // Paco Ŝako, package pacosako's game
	Atomic               // Atomic chess, package atomic's game
)

// String returns the game's name: "Paco Ŝako" or "Atomic".
func (g Game) String() string {
	if g == Atomic {
		return "Atomic"
	}
	return "Paco Ŝako"
}

// variant is the internal/pgn name of g: pgn.Atomic for Atomic, pgn.PacoSako for
// any other value.
func (g Game) variant() pgn.Variant {
	if g == Atomic {
		return pgn.Atomic
	}
	return pgn.PacoSako
}

// gameOf is the Game of an internal/pgn game.
func gameOf(v pgn.Variant) Game {
	if v == pgn.Atomic {
		return Atomic
	}
	return PacoSako
}

// Record is a game record of either game, as the Reader hands it back: a
// pacosako.Record or an atomic.Record (a value), told apart with a type switch.
// Both have the methods named here.
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
	gs   *pgn.Games[any]
	last *dispatch           // the game Scan read
	def  pgn.Variant         // the game of an untagged record
	opt  recordgames.Options // the bounds of each game
	text bytes.Reader        // a Chunk's text, for a reader of chunks (Chunk.ReadContext)
}

// NewReader returns a reader of the records in r; a record without a Variant tag
// is read as untagged's game (a value other than PacoSako and Atomic: Paco
// Ŝako's).
//
// Cost: as the games' readers (pacosako.RecordReader, atomic.RecordReader): time
// linear in the input besides the moves, each read as its game reads it; a Paco
// Ŝako move is read unbounded (usually microseconds). For records from strangers,
// NewReaderContext bounds it.
func NewReader(r io.Reader, untagged Game) *Reader {
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
func NewReaderContext(ctx context.Context, r io.Reader, untagged Game, lim pacosako.Limits) *Reader {
	rr := &Reader{def: untagged.variant()}
	rr.gs = pgn.NewGames(rr.bound(ctx, lim), r, rr.handler, recordgames.Of(rr.def).Error)
	return rr
}

// bound sets the bounds of the games read (see NewReaderContext) and returns
// the done function of the stream.
func (rr *Reader) bound(ctx context.Context, lim pacosako.Limits) (done func() error) {
	if ctx == context.Background() || ctx == context.TODO() {
		ctx = nil
	}
	rr.opt = recordgames.Options{MaxStates: lim.MaxStates}
	if ctx != nil {
		rr.opt.Context, done = ctx, ctx.Err
	}
	return done
}

// handler returns the handler of game n.
func (rr *Reader) handler(n int) pgn.GameHandler[any] {
	rr.last = &dispatch{n: n, def: rr.def, opt: rr.opt}
	return rr.last
}

// Scan reads the next game; it returns false at the end of the input, or when the
// input cannot be read (Err). A game that is not a valid record still counts: Scan
// returns true and Record returns its error.
func (rr *Reader) Scan() bool { return rr.gs.Scan() }

// Record returns the game read by the last Scan: a pacosako.Record or an
// atomic.Record, as Game says. When it could not be read, the error is its game's
// *RecordError (a *pacosako.RecordError or an *atomic.RecordError: game, line,
// column, why) and the record holds what was read before the problem: the tags,
// and the main line up to the move at fault.
func (rr *Reader) Record() (Record, error) {
	rec, err := rr.gs.Record()
	r, _ := rec.(Record)
	return r, err
}

// Game returns the game of the record the last Scan read (PacoSako before any).
func (rr *Reader) Game() Game {
	if rr.last == nil {
		return PacoSako
	}
	return gameOf(rr.last.v)
}

// SkipMovetext makes every Scan from then on read only the game's tags (skip
// true), or whole games again (false), as pacosako.RecordReader.SkipMovetext and
// atomic.RecordReader.SkipMovetext do: Record returns the game's record (a
// pacosako.Record or an atomic.Record, as its Variant tag names) holding its
// tags as reading it whole gives them (every tag as written) and nothing else,
// and the same errors of a tag section.
func (rr *Reader) SkipMovetext(skip bool) {
	if !skip {
		rr.gs.SkipMovetext(nil)
		return
	}
	rr.gs.SkipMovetext(rr.tagsRecord)
}

// tagsRecord is the record of game n's tags alone, and its error (err, the tag
// section's, as its game's): SkipMovetext's and Chunk.ReadTags'.
func (rr *Reader) tagsRecord(n int, tags []pgn.Tag, err error) (any, error) {
	d := &dispatch{n: n, def: rr.def, v: rr.def}
	if t, ok := pgn.Find(tags, "Variant"); ok {
		if g := pgn.ClassifyVariant(t.Value); g == pgn.PacoSako || g == pgn.Atomic {
			d.v = g
		}
	}
	rr.last = d
	g := recordgames.Of(d.v)
	if d.v == pgn.Atomic {
		return pgn.TagsRecord(pgn.Atomic, func(tags []pgn.Tag) any { return atomic.Record{Tags: pgn.TagsAs[atomic.Tag](tags)} }, g.Error)(n, tags, err)
	}
	return pgn.TagsRecord(pgn.PacoSako, func(tags []pgn.Tag) any { return pacosako.Record{Tags: pgn.TagsAs[pacosako.Tag](tags)} }, g.Error)(n, tags, err)
}

// Err returns the error that stopped the reading of the stream itself (an I/O
// error, input that is not UTF-8 text such as UTF-16, or for NewReaderContext the
// context's error), as the untagged game's *RecordError, or nil at a clean end.
// Games that could not be read are Record's errors.
func (rr *Reader) Err() error { return rr.gs.Err() }

// Parse reads exactly one game record of either game from text, as Reader reads
// each game of a stream (untagged names the game of a record without a Variant
// tag). The errors are the game's *RecordError values; text with no game or more
// than one is the untagged game's *RecordError wrapping its ErrInvalidNotation.
func Parse(text string, untagged Game) (Record, error) {
	rr := NewReader(strings.NewReader(text), untagged)
	rec, err := rr.gs.Single(text, func(input, reason string) error {
		return &pgn.SyntaxError{Input: input, Reason: reason} // the game's record error makes it its own notation error
	})
	r, _ := rec.(Record)
	return r, err
}
