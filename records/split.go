package records

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/pgn"
)

// Splitter splits a stream of game records of either game into the text of
// each game, cheaply, to read the games in parallel (see the package's example):
// the games end where Reader ends them, found as SkipMovetext finds them (the
// tag section read, the movetext skipped), at a few hundred MB/s. Each Chunk
// keeps its game's number and where its text starts in the stream, so that
// reading it (Chunk.Read) gives the record and the errors Reader gives for that
// game: the same game number, line and column. Memory: the text of the game
// being split (the Chunks are the caller's).
type Splitter struct {
	s        *pgn.Splitter
	untagged Variant
	chunk    Chunk
}

// Chunk is the text of one game of a stream: from its first token up to the
// next game's (the white space and comments after its result included), with
// its number in the stream and where the text starts.
type Chunk struct {
	Game         int // the game's number in the stream, from 1
	Line, Column int // where Text starts in the stream, from 1 (columns in characters)
	Text         []byte
	Untagged     Variant // the game of a record without a Variant tag
	nextTags     bool    // the next game's tag section follows Text in the stream
}

// NewSplitter returns a splitter of the records in r; a record without a Variant
// tag is read as untagged's game (see NewReader).
func NewSplitter(r io.Reader, untagged Variant) *Splitter {
	return NewSplitterContext(context.Background(), r, untagged)
}

// NewSplitterContext is NewSplitter stopped when ctx is done, looked at as
// NewReaderContext looks at it (every 64 KB of text or so): Scan then returns
// false and Err gives ctx.Err() as the untagged game's *RecordError, which
// wraps it. A nil ctx is never done. The chunks are read with their own
// bounds (Chunk.ReadContext).
func NewSplitterContext(ctx context.Context, r io.Reader, untagged Variant) *Splitter {
	return &Splitter{s: pgn.NewSplitter(ctx, r), untagged: untagged}
}

// Scan splits off the next game; it returns false at the end of the input, or
// when the input cannot be read (Err). A game that is not a valid record is
// still split off: reading its Chunk gives the error.
func (s *Splitter) Scan() bool {
	if !s.s.Scan() {
		return false
	}
	at := s.s.At()
	s.chunk = Chunk{Game: s.s.Game(), Line: at.Line, Column: at.Column, Text: s.s.Text(), Untagged: s.untagged, nextTags: s.s.NextTags()}
	return true
}

// Chunk returns the game split off by the last Scan.
func (s *Splitter) Chunk() Chunk { return s.chunk }

// Err returns the error that stopped the splitting of the stream itself (an I/O
// error, input that is not UTF-8 text such as UTF-16, or for NewSplitterContext
// the context's error), as Reader.Err gives it:
// the untagged game's *RecordError; nil at a clean end.
func (s *Splitter) Err() error {
	err := s.s.Err()
	if err == nil {
		return nil
	}
	at := s.s.Pos()
	if se, ok := err.(*pgn.SyntaxError); ok {
		at = se.At
	}
	return s.untagged.streamError(max(s.s.Game(), 1), at, err)
}

// streamError returns err, an error of a stream at a place of game n, as game
// v's reader reports one: its *RecordError.
func (v Variant) streamError(n int, at pgn.Pos, err error) error {
	s := pgn.NewStream(context.Background(), bytes.NewReader(nil))
	v.known().reader(context.Background(), s, pacosako.Limits{})
	return s.Wrap(n, at, err)
}

// Read reads the game of the chunk as Reader reads it in its stream: the same
// record, and the same *RecordError (a *pacosako.RecordError or an
// *atomic.RecordError, with the stream's game number, line and column). A
// Chunk made by hand reads too: the first game of its Text, its errors naming
// its Game, Line and Column (set them from 1); a Text without a game is the
// *RecordError "no game record".
func (c Chunk) Read() (Record, error) {
	return c.ReadContext(context.Background(), pacosako.Limits{})
}

// ReadContext is Read bounded as NewReaderContext bounds a stream.
func (c Chunk) ReadContext(ctx context.Context, lim pacosako.Limits) (Record, error) {
	return c.read(ctx, lim, false)
}

// ReadTags reads only the tags of the chunk's game, as Reader.SkipMovetext
// reads them in its stream: the record of its game (a pacosako.Record or an
// atomic.Record, as its Variant tag names, else Untagged's) holding its tags as
// reading it whole gives them (every tag as written, Result, Variant and FEN
// included) and nothing else, and the errors of its tag section (the game's
// *RecordError with the stream's game number, line and column: a tag that is
// not PGN, a Variant of no game of the module or naming two games). To pick a
// database's games by their tags and replay (Read) only those picked, without
// a reader per chunk (see the example).
//
// Cost: the tag section's, read as a Reader reads it; the movetext is not
// looked at, however long. Memory: the tags.
func (c Chunk) ReadTags() (Record, error) {
	return c.read(context.Background(), pacosako.Limits{}, true)
}

// read reads the chunk's game (Read, ReadContext), or its tag section
// (tagSection: ReadTags), with a reader of chunks from the pool.
func (c Chunk) read(ctx context.Context, lim pacosako.Limits, tagSection bool) (Record, error) {
	v := c.Untagged.known()
	pool := &chunkReaders[v]
	rr, _ := pool.Get().(*Reader)
	if rr == nil {
		rr = &Reader{def: v}
		rr.s = pgn.NewStream(context.Background(), &rr.text)
	}
	defer func() {
		rr.text.Reset(nil)
		rr.s.Reset(context.Background(), &rr.text)
		rr.s.SkipMovetext(false)
		rr.games, rr.rec, rr.err, rr.last = [2]gameReader{}, nil, nil, PacoSako // nothing read is kept
		pool.Put(rr)
	}()
	rr.text.Reset(c.Text)
	rr.s.Reset(ctx, &rr.text)
	rr.open(ctx, lim)
	rr.s.StartAt(c.Game, pgn.Pos{Line: c.Line, Column: c.Column}, c.nextTags)
	var scanned bool
	if tagSection {
		rr.SkipMovetext(true)
		if scanned = rr.s.ScanTags(); scanned {
			rr.readGame()
		}
	} else {
		scanned = rr.Scan()
	}
	if !scanned {
		if err := rr.Err(); err != nil {
			return nil, err
		}
		return nil, rr.s.Wrap(c.Game, pgn.Pos{Line: c.Line, Column: c.Column},
			&pgn.SyntaxError{Input: string(c.Text), Reason: "no game record"})
	}
	return rr.Record()
}

// chunkReaders are readers of chunks, by the game of an untagged record: a
// worker reads game after game, each reusing the memory of a reader before.
var chunkReaders [2]sync.Pool
