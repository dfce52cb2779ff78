package pgn

import (
	"context"
	"errors"
	"io"
)

// Stream is a stream of game records read game by game in two steps: Scan reads
// the next game's tag section, then a Games made over the Stream reads the rest
// of the game with its game's handler (Games.Scan). A game's own reader (a
// Games made over an io.Reader) takes both steps itself. Package records makes
// one Stream and a Games of each game over it (the games' public readers, given
// the Stream as their io.Reader): it reads each tag section, chooses the game
// its Variant tag names, and has that game's reader read the rest, so that the
// PGN reader calls the game's handler directly.
//
// The Stream's own errors (I/O, the context's end, input that is not UTF-8
// text) are made by the wrap of the first Games made over it (NewGames): package
// records makes the untagged game's reader first.
type Stream struct {
	pr    *Reader
	done  func() error // nil: never done
	game  int
	ioErr error
	wrap  func(game int, at Pos, err error) error
	skip  bool // Scan reads only the tag section and skips the movetext (SkipMovetext)

	// The game Scan read: its tags as a Builder keeps them (AddTag), the
	// comments among them joined, the tag section's error (the game then
	// skipped to its end), and what is left to read of it.
	collected tagCollector
	comments  Text
	err       error
	left      int // one of the constants below
}

// What of the game Scan read is left for a Games to read.
const (
	leftNothing  = iota // no game, or one handed to a Games already
	leftTags            // the game was read to its end (or its tag section only): its record is the tags'
	leftMovetext        // the game's movetext is next
)

// NewStream returns a stream of the game records in r, stopped when ctx is done
// (nil, context.Background and context.TODO: never): ctx's Err is asked before
// each game and while one is read, every 64 KB of input and every 1,024 tokens
// (so a long token, comment, tag section or run of white space is cut short
// too), and the game being read then ends with ctx's error, wrapped, as its
// error; Scan stops and Err returns that error, wrapped.
func NewStream(ctx context.Context, r io.Reader) *Stream {
	s := &Stream{pr: NewReader(r), done: doneOf(ctx)}
	s.pr.lx.done = s.done
	return s
}

// doneOf is the function the lexer asks whether to stop: ctx's Err, nil for a
// context never done.
func doneOf(ctx context.Context) func() error {
	if ctx == nil || ctx == context.Background() || ctx == context.TODO() {
		return nil
	}
	return ctx.Err
}

// errStreamRead is the error of reading a Stream as an io.Reader.
var errStreamRead = errors.New("pgn: a Stream is read by the Games made over it, not as an io.Reader")

// Read is not to be called: a Stream is an io.Reader only so that a game's
// public record reader, which takes an io.Reader, can be made over it (NewGames).
func (s *Stream) Read([]byte) (int, error) { return 0, errStreamRead }

// Scan reads the next game's tag section (with SkipMovetext, the whole game: its
// movetext skipped); it returns false at the end of the input, or when the
// input cannot be read (Err). A Games made over the Stream then reads the rest
// of the game (Games.Scan). A tag section that is not PGN still counts: the
// game is skipped to its end and its error is the Games'.
func (s *Stream) Scan() bool { return s.scan(false) }

// ScanTags reads the next game's tag section as Scan does after SkipMovetext,
// but stops there: the movetext is not read, and the reading is not meant to go
// on (for the text of one game split off a stream: Splitter, StartAt). Its cost
// is the tag section's, however long the movetext.
func (s *Stream) ScanTags() bool { return s.scan(true) }

// scan is Scan, or ScanTags (tagSection).
func (s *Stream) scan(tagSection bool) bool {
	s.left = leftNothing
	if s.ioErr != nil {
		return false
	}
	if s.done != nil {
		if err := s.done(); err != nil {
			s.ioErr = err
			return false
		}
	}
	if !s.pr.More() {
		s.ioErr = s.pr.Err()
		return false
	}
	s.game++
	c := &s.collected
	if cap(c.tags) > 1024 {
		c.tags = nil // a huge tag section's array is not kept
	}
	clear(c.tags)
	c.tags, c.err, c.comments = c.tags[:0], nil, nil
	s.comments.Reset()
	switch {
	case tagSection:
		s.err, s.left = s.pr.readTagSection(c), leftTags
	case s.skip:
		s.err, s.left = s.pr.SkipGame(c), leftTags
	default:
		c.comments = &s.comments
		s.err = s.pr.readTagsOf(c)
		s.left = leftMovetext
		if s.err != nil {
			s.left = leftTags // skipped to its end: the tags' record, and the error, are a handler's
		}
	}
	return true
}

// SkipMovetext makes every Scan from then on read only the game's tag section
// and skip its movetext (skip true), as Reader.SkipGame does, or read whole
// games again (false).
func (s *Stream) SkipMovetext(skip bool) { s.skip = skip }

// Game returns the number of the game read by the last Scan (from 1).
func (s *Stream) Game() int { return s.game }

// Tag returns the value of the tag name of the game read by the last Scan, as
// its record keeps it (AddTag: the later value of a repeated tag), or "".
func (s *Stream) Tag(name string) string {
	t, _ := Find(s.collected.tags, name)
	return t.Value
}

// More reports whether another game stands ahead (Reader.More).
func (s *Stream) More() bool { return s.pr.More() }

// Next returns the text of the next token and where it stands (Reader.Next).
func (s *Stream) Next() (string, Pos) { return s.pr.Next() }

// Pos returns where the reading stands (Reader.Pos).
func (s *Stream) Pos() Pos { return s.pr.Pos() }

// Err returns the error that stopped the reading of the stream itself (an I/O
// error, the context's, or a *SyntaxError for input that is not UTF-8 text,
// such as UTF-16), wrapped as the game being read reports it (game 1 before
// any) by the first Games made over the Stream, or nil at a clean end.
func (s *Stream) Err() error {
	if s.ioErr == nil {
		return nil
	}
	at := s.pr.Pos()
	if se, ok := s.ioErr.(*SyntaxError); ok {
		at = se.At
	}
	return s.wrap(max(s.game, 1), at, s.ioErr)
}

// Wrap returns err at place at of game n as the first Games made over the Stream
// reports an error of the stream: its game's record error.
func (s *Stream) Wrap(n int, at Pos, err error) error { return s.wrap(n, at, err) }

// Reset makes s read r from its start as NewStream makes it (ctx as there),
// keeping the memory it has grown and its wrap: for reading one short text after
// another, such as the games a Splitter split off, each with StartAt.
func (s *Stream) Reset(ctx context.Context, r io.Reader) {
	s.done, s.game, s.ioErr, s.left, s.err = doneOf(ctx), 0, nil, leftNothing, nil
	pr := s.pr
	pr.lx.reset(r)
	pr.lx.done = s.done
	pr.stack, pr.variationSize, pr.ended = pr.stack[:0], 0, false
	pr.seen.reset()
	clear(s.collected.tags)
}

// StartAt makes the reading start with game number game (the next Scan's) at
// place at: for the text of one game split off a stream (Splitter), so that its
// record and errors name the stream's game, line and column; nextTags says that
// the next game's tag section followed the text in the stream (Splitter.NextTags:
// an error names it where it names the end of the input). The text is read as
// the middle of a stream is: no byte-order mark is looked for. Call it before
// the first Scan.
func (s *Stream) StartAt(game int, at Pos, nextTags bool) {
	s.game = game - 1
	s.pr.lx.at = at
	s.pr.lx.started = true
	if nextTags {
		s.pr.lx.eof = beforeTags
	}
}

// Single reads exactly one game record from a stream holding text: scan reads
// it (a Games' Scan, or package records' reading of either game), record
// returns it. Text with no game, or more than one, is an error made by notation
// (the text at fault and why), wrapped as the game numbered 1 or 2 reports it
// (Stream.Wrap).
func Single[R any](s *Stream, text string, notation func(input, reason string) error, scan func() bool, record func() (R, error)) (R, error) {
	var zero R
	if !scan() {
		if err := s.Err(); err != nil {
			return zero, err
		}
		return zero, s.wrap(1, s.pr.Pos(), notation(text, "no game record"))
	}
	rec, err := record()
	if err != nil {
		return rec, err
	}
	if s.pr.More() {
		next, at := s.pr.Next()
		return zero, s.wrap(2, at, notation(next, "more than one game record (NewRecordReader reads a stream of them)"))
	}
	return rec, nil
}

// finish reads the rest of the game Scan read with the handler handler makes
// for it (see Games.Scan) and returns its record and error; tags, when set,
// makes the record of the tags alone (SkipMovetext). It reports false when
// there is no game left to read.
func finish[R any](s *Stream, handler func(game int) GameHandler[R], tags func(game int, tags []Tag, err error) (R, error)) (R, error, bool) {
	var rec R
	left := s.left
	if left == leftNothing {
		return rec, nil, false
	}
	s.left = leftNothing
	c := &s.collected
	err := s.err
	if tags != nil {
		if stop, ok := err.(*stopError); ok {
			err = s.wrap(s.game, stop.at, stop.err)
		} else if err == nil {
			err = c.err // the tag section named two games, as reading it whole says
		}
		rec, err = tags(s.game, c.tags, err)
	} else {
		h := handler(s.game)
		setTags(h, c.tags)
		if s.comments.Len() > 0 {
			h.Comment(s.comments.String()) // joined as Text joins them: as the handler would
		}
		if left == leftMovetext {
			err = s.pr.readMovetextOf(h, c.err)
		}
		if stop, ok := err.(*stopError); ok {
			err = s.wrap(s.game, stop.at, stop.err) // the game's own error type, as its handler's errors
		}
		rec, err = h.Done(err)
	}
	if ioErr := s.pr.Err(); ioErr != nil {
		s.ioErr = ioErr
	}
	return rec, err, true
}

// setTags hands a tag section to h: at once when it takes it so (a Builder's
// SetTags, which keeps the array until the game is done), else tag by tag.
func setTags(h Handler, tags []Tag) {
	if s, ok := h.(interface{ SetTags([]Tag) }); ok {
		s.SetTags(tags)
		return
	}
	for _, t := range tags {
		h.Tag(t)
	}
}
