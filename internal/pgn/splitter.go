package pgn

import (
	"context"
	"io"
)

// Splitting a stream into the text of each game, for reading games in
// parallel: the games end where Reader ends them (found as SkipGame finds them,
// the movetext skipped), and each keeps where its text starts, so that a game
// read from its text alone (Stream.StartAt) names the stream's game number, line
// and column in its errors.

// Splitter splits a stream of game records into the text of each game: the
// bytes from the game's first token up to the next game's first token, or to
// the end of the input (the white space, escape lines and comments after a
// game's result are the end of its text).
type Splitter struct {
	pr       *Reader
	done     func() error
	game     int
	at       Pos
	text     []byte
	nextTags bool
	err      error
}

// NewSplitter returns a splitter of the games of r, stopped when ctx is done
// (nil: never), its Err asked as NewStream asks it: before each game and while
// one is split.
func NewSplitter(ctx context.Context, r io.Reader) *Splitter {
	s := &Splitter{pr: NewReader(r), done: doneOf(ctx)}
	s.pr.lx.done = s.done
	s.pr.lx.keep = true
	return s
}

// Scan splits off the next game; false at the end of the input, when it cannot
// be read (Err), or when done said to stop (Err: done's error).
func (s *Splitter) Scan() bool {
	if s.err == nil && s.done != nil {
		s.err = s.done()
	}
	if s.err != nil || !s.pr.More() {
		if s.err == nil {
			s.err = s.pr.Err()
		}
		return false
	}
	lx := &s.pr.lx
	first := lx.peek(0)
	lx.keepFrom(first.off)
	if err := s.pr.SkipGame(discardTags{}); err != nil {
		if stop, ok := err.(*stopError); ok {
			s.err = stop.err
			return false
		}
	}
	end := lx.offset()
	s.nextTags = false
	if s.pr.More() {
		end = lx.peek(0).off
		s.nextTags = lx.peek(0).kind == tokTagOpen
	}
	s.game++
	s.at = first.at
	s.text = lx.cut(end)
	return true
}

// Game returns the number of the game split off by the last Scan (from 1).
func (s *Splitter) Game() int { return s.game }

// At returns where the text of the game split off by the last Scan starts.
func (s *Splitter) At() Pos { return s.at }

// Text returns the text of the game split off by the last Scan; it is the
// caller's.
func (s *Splitter) Text() []byte { return s.text }

// NextTags reports whether the next game's tag section follows the text of the
// game split off by the last Scan (StartAt's nextTags).
func (s *Splitter) NextTags() bool { return s.nextTags }

// Pos returns where the reading stands: after the last character read.
func (s *Splitter) Pos() Pos { return s.pr.Pos() }

// Err returns the error that stopped the splitting (an I/O error, a
// *SyntaxError for input that is not UTF-8 text, done's error), or nil.
func (s *Splitter) Err() error {
	if s.err == nil {
		return s.pr.Err()
	}
	return s.err
}

// discardTags is a tag handler that keeps nothing.
type discardTags struct{}

func (discardTags) Tag(Tag)        {}
func (discardTags) Comment(string) {}

// keepFrom makes the lexer keep the input from offset from on, which it has
// read already or is about to (from is at least the offset kept from before).
func (lx *lexer) keepFrom(from int64) {
	if from < lx.base {
		n := copy(lx.kept, lx.kept[from-lx.keptFrom:])
		lx.kept = lx.kept[:n]
	} else {
		lx.kept = lx.kept[:0]
	}
	if cap(lx.kept) > keepBuf && len(lx.kept) < keepBuf/2 {
		lx.kept = append([]byte(nil), lx.kept...) // a long game's buffer is let go
	}
	lx.keptFrom = from
}

// cut returns the input from the offset kept from up to offset to, which the
// lexer has read, and keeps from to on.
func (lx *lexer) cut(to int64) []byte {
	var out []byte
	if to <= lx.base {
		k := int(to - lx.keptFrom)
		out = append([]byte(nil), lx.kept[:k]...)
		lx.keepFrom(to)
		return out
	}
	out = make([]byte, 0, int(to-lx.keptFrom))
	out = append(out, lx.kept...)
	out = append(out, lx.in[max(lx.keptFrom-lx.base, 0):to-lx.base]...)
	lx.kept = lx.kept[:0]
	lx.keptFrom = to
	return out
}
