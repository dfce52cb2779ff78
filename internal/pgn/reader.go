package pgn

import (
	"errors"
	"io"
	"strconv"
	"strings"
)

// Pos is where a token starts in the input: Line and Column from 1, columns in
// characters (a byte-order mark at the start not counted); a line ends with LF,
// CR LF or CR.
type Pos struct {
	Line, Column int
}

// Tag is a tag pair as read: its name, its value with the escapes \" and \\ undone,
// and where its "[" stands.
type Tag struct {
	Name  string
	Value string
	At    Pos
	// Index is where the Reader puts the tag among its tag section's names, from
	// 0 (the first time each name stands); a name the section already has comes
	// with the index of its first place, and replaces the tag there (AddTag).
	Index int
}

// SyntaxError reports text that is not PGN: where it starts, the text at fault
// (the token, or the start of an unclosed comment or string) and what was wrong,
// saying what would be right.
type SyntaxError struct {
	At     Pos
	Input  string
	Reason string
}

func (e *SyntaxError) Error() string {
	return "pgn: line " + strconv.Itoa(e.At.Line) + ", column " + strconv.Itoa(e.At.Column) + ": " + strconv.Quote(e.Input) + ": " + e.Reason
}

// MaxDepth is how deep variations may nest: a "(" that opens a variation deeper
// than this is a *SyntaxError, and the game ends there. The reader keeps an
// explicit stack (24 bytes per open variation), never the Go stack, so any depth
// is safe; the limit bounds what a Handler builds along one line of nesting (a
// few hundred bytes per open variation, more than the 8 bytes of "(1. d4 ") on
// hostile input. Real records nest a few levels, rarely a few dozen.
const MaxDepth = 10000

// MaxVariationSize is how much the variations of one game may hold: their
// half-moves and the variations themselves (an empty one too) together. A game
// with more is a *SyntaxError at the "(" or the move past the limit, and the game
// ends there. It bounds what a Handler builds from the variations of one game
// (a few dozen to a few hundred bytes per half-move and variation, while a
// variation may be written in 8 bytes, "(1. d4) "); the main line is not
// limited. An annotated game holds a few hundred, a deeply analysed one a few
// thousand.
const MaxVariationSize = 100_000

// Handler is what a game does with the parts of a game record, called in the order
// they stand in the input. The current line is the main line, or the variation
// opened last and not yet closed.
//
// An error returned by StartMovetext, Move, StartVariation or End ends the game: ReadGame
// returns it as it is and skips the rest of the game.
type Handler interface {
	// Tag is a tag pair of the game's tag section, in order.
	Tag(t Tag)
	// StartMovetext is called once, when the tag section is over (also when there
	// is none: a game of movetext only).
	StartMovetext() error
	// Comment is a comment, its text as written between the braces or after the
	// semicolon: about the last move of the current line, or, before the line's
	// first move, about the line (for the main line: about the game; comments
	// among the tags are the game's too, and come before StartMovetext). Join a
	// place's comments with a Text.
	Comment(text string)
	// Move is the next move of the current line: its text (symbols split after
	// a comma, as in "Bxe4, Ne4xc3", are joined: "Bxe4,Ne4xc3") and where it starts.
	Move(text string, at Pos) error
	// NAG is a numeric annotation glyph about the last move of the current line:
	// 0..255; the move suffixes "!", "?", "!!", "??", "!?", "?!" are 1 to 6.
	NAG(n int)
	// StartVariation opens a variation, an alternative to the last move of the
	// current line (played from the position before it); it is the current line
	// until EndVariation. at is where its "(" stands.
	StartVariation(at Pos) error
	// EndVariation closes the current variation.
	EndVariation()
	// End ends the main line: result is its result token ("1-0", "0-1",
	// "1/2-1/2", "*") and at where it stands, or "" and where the game ended
	// (the next game's tag section, the end of the input) when it has none.
	// Comments right after the result token came before, about the main line.
	End(result string, at Pos) error
}

// Reader reads PGN game records one after the other from a stream, handing the
// parts of each to a Handler. Reading costs time linear in the input; its memory
// is the current token, an explicit stack of 24 bytes per open variation (up to
// MaxDepth), and the tokens read ahead (two, or a run of comments among the tags).
// A game's variations may hold up to MaxVariationSize half-moves and variations.
//
// Games are separated by their tag sections: a game ends at its result token, at
// the first tag after its movetext, or at a tag whose name its own tag section
// already has after an empty line (the end of a tag section in PGN's export
// form: so a game of tags and no moves, such as a bye, is followed by the next
// game). A name repeated without an empty line before it stays in its section
// (lichess's API example once repeated Event, its studies repeat FEN): the
// Handler gets the tag again, its Index that of the name's first place, and a
// game keeps the later value there (AddTag), as python-chess and chessops read
// it. Comments among the tags do not end a tag section.
type Reader struct {
	lx lexer
	// stack holds, per open variation, where its "(" stands and whether it has a
	// move yet; stack[0] is the main line.
	stack []lineState
	// variationSize is how many variations and half-moves of variations the game
	// being read has had (MaxVariationSize).
	variationSize int
	// seen holds the names of the tags of the game being read.
	seen tagNames
	// ended says that the game being read was read to its end (its result and
	// the comments after it, or up to the next game): an error of End skips
	// nothing more.
	ended bool
}

// tagNames is a set of tag names with the order in which they came (a name's
// Index): a list while it is short (a game's tag section usually holds the
// roster and a few more), a map past that.
type tagNames struct {
	list []string
	many map[string]int
}

const fewTags = 16

// reset empties the set, letting a large one's memory go.
func (s *tagNames) reset() {
	clear(s.list)
	s.list, s.many = s.list[:0], nil
}

func (s *tagNames) len() int { return len(s.list) + len(s.many) }

func (s *tagNames) has(name string) bool {
	_, ok := s.index(name)
	return ok
}

// index returns name's index, if the set has it.
func (s *tagNames) index(name string) (int, bool) {
	if s.many != nil {
		i, ok := s.many[name]
		return i, ok
	}
	for i, n := range s.list {
		if n == name {
			return i, true
		}
	}
	return 0, false
}

// add adds name, if the set does not have it, and returns its index.
func (s *tagNames) add(name string) int {
	if i, ok := s.index(name); ok {
		return i
	}
	n := s.len()
	switch {
	case s.many != nil:
		s.many[name] = n
	case n < fewTags:
		s.list = append(s.list, name)
	default:
		s.many = make(map[string]int, 2*fewTags)
		for i, x := range s.list {
			s.many[x] = i
		}
		s.many[name] = n
		clear(s.list)
		s.list = s.list[:0]
	}
	return n
}

type lineState struct {
	open    Pos
	hasMove bool
}

// NewReader returns a reader of the game records in r.
func NewReader(r io.Reader) *Reader {
	pr := &Reader{}
	pr.lx.init(r)
	return pr
}

// More reports whether there is more than white space, escape lines and a
// byte-order mark ahead: another game to read.
func (pr *Reader) More() bool { return pr.lx.peek(0).kind != tokEOF }

// Next returns the text of the next token (for a string its value, for a comment
// its text) and where it stands, without reading it; "" at the end of the input.
func (pr *Reader) Next() (string, Pos) {
	t := pr.lx.peek(0)
	return t.text, t.at
}

// Pos returns where the reading stands: after the last character read.
func (pr *Reader) Pos() Pos { return pr.lx.at }

// Err returns the error that stopped the reading of the stream itself (an I/O
// error, or the error of the context of NewStream), or nil.
func (pr *Reader) Err() error {
	if pr.lx.ioErr != nil {
		return pr.lx.ioErr
	}
	return pr.lx.stopped
}

// stopError is ReadGame's error for a game cut short because the done function
// (NewStream's context) said to stop: where the reading stood, and done's error.
type stopError struct {
	at  Pos
	err error
}

func (e *stopError) Error() string { return "pgn: reading stopped: " + e.err.Error() }
func (e *stopError) Unwrap() error { return e.err }

// ReadGame reads the next game, calling h for its parts in order. It returns nil
// for a game read to its end, a *SyntaxError for text that is not PGN, or the first
// error h returned; after an error the rest of the game is skipped (skipGame): the
// rest of its tag section, then its movetext up to its result token (and the
// comments right after it) or the next game's tag section. An error of End, the
// game read to its end, skips nothing more: the next game starts where the game
// ends, as after a game without errors. When the done function (NewStream's context) says to stop, ReadGame returns
// at once with an error wrapping done's (unless h's error already wraps it), and
// the reader reads no more.
func (pr *Reader) ReadGame(h Handler) error {
	if err := pr.readTagsOf(h); err != nil {
		return err
	}
	return pr.readMovetextOf(h, nil)
}

// readTagsOf reads the next game's tag section, handing its tags and the
// comments among them to c, as ReadGame reads it: after an error (a
// *SyntaxError, or done's wrapped) the game is skipped to its end as ReadGame
// skips it; without one, its movetext is next (readMovetextOf).
func (pr *Reader) readTagsOf(c tagHandler) error {
	seen := &pr.seen
	seen.reset()
	pr.ended = false
	err := pr.readTags(c, seen)
	if err != nil {
		pr.skipGame(false, seen)
	}
	return pr.stopped(err)
}

// readMovetextOf reads the rest of the game whose tag section readTagsOf read,
// as ReadGame reads it: h's StartMovetext (unless the tag section named two
// games, tagErr: the same error), then the movetext, handed to h; after an
// error the rest of the game is skipped as ReadGame skips it.
func (pr *Reader) readMovetextOf(h Handler, tagErr error) error {
	err := tagErr
	if err == nil {
		err = h.StartMovetext()
	}
	if err == nil {
		err = pr.movetext(h)
	}
	if err != nil && !pr.ended {
		pr.skipGame(true, &pr.seen)
	}
	return pr.stopped(err)
}

// stopped returns err, or when the done function said to stop while the game
// was read, the error of a game cut short (unless err already wraps done's).
func (pr *Reader) stopped(err error) error {
	if stop := pr.lx.stopped; stop != nil && !errors.Is(err, stop) {
		return pr.stopError()
	}
	return err
}

// stopError is the error of a game cut short by done.
func (pr *Reader) stopError() error { return &stopError{at: pr.lx.at, err: pr.lx.stopped} }

// syntax returns a *SyntaxError at token t.
func syntax(t token, reason string) error {
	if t.kind == tokBad {
		return &SyntaxError{At: t.at, Input: t.text, Reason: badReasons[t.why]}
	}
	return &SyntaxError{At: t.at, Input: t.text, Reason: reason}
}

// tagHandler is what reading a tag section hands its parts to: a Handler, or
// the tags-only reading's collector (SkipGame).
type tagHandler interface {
	Tag(t Tag)
	Comment(text string)
}

// readTags reads a game's tag section, keeping the names of its tags in seen:
// the tags up to the first token that is neither a tag nor a comment, or to a
// tag the section has after an empty line (nextGame).
func (pr *Reader) readTags(h tagHandler, seen *tagNames) error {
	lx := &pr.lx
	for {
		if t, ok := lx.fastTag(seen); ok {
			t.Index = seen.add(t.Name)
			h.Tag(t)
			continue
		}
		if seen.len() > 0 && lx.peek(0).kind == tokComment && pr.headerContinues(seen) {
			// Comments among the tags: the game's.
			for lx.peek(0).kind == tokComment {
				h.Comment(lx.next().text)
			}
		}
		if lx.peek(0).kind != tokTagOpen || pr.nextGame(0, seen) {
			break
		}
		open := lx.next()
		name := lx.next()
		if name.kind != tokSymbol || !IsTagName(name.text) {
			return syntax(name, "want a tag name after [ (a letter or digit, then letters, digits and _ + # = : -), as in [Event \"…\"]")
		}
		value := lx.next()
		if value.kind != tokString {
			return syntax(value, "want the tag's value as a quoted string, as in [Event \"…\"]")
		}
		if end := lx.next(); end.kind != tokTagClose {
			return syntax(end, "want ] to close the tag pair")
		}
		h.Tag(Tag{Name: name.text, Value: value.text, At: open.at, Index: seen.add(name.text)})
	}
	if lx.stopped != nil {
		return pr.stopError() // the tag section was cut short
	}
	return nil
}

// nextGame reports whether the tag ahead at i (its "[" there) starts the next
// game: its name is one the tag section being read has (seen) and an empty line
// stands before it.
func (pr *Reader) nextGame(i int, seen *tagNames) bool {
	lx := &pr.lx
	if !lx.peek(i).blank {
		return false
	}
	name := lx.peek(i + 1)
	return name.kind == tokSymbol && seen.has(name.text)
}

// headerContinues reports whether the comments ahead are followed by another tag of
// the tag section being read (one that does not start the next game). It reads
// them ahead once: the caller then reads them all.
func (pr *Reader) headerContinues(seen *tagNames) bool {
	lx := &pr.lx
	i := 0
	for lx.peek(i).kind == tokComment {
		i++
	}
	return lx.peek(i).kind == tokTagOpen && !pr.nextGame(i, seen)
}

// movetext reads the movetext: the moves of the main line with their comments,
// NAGs and variations, up to the end of the game (its result token, the next tag
// section, the end of the input).
func (pr *Reader) movetext(h Handler) error {
	lx := &pr.lx
	pr.stack = append(pr.stack[:0], lineState{})
	pr.variationSize = 0
	tooBig := func(t token) error {
		return syntax(t, "the game's variations hold more than "+strconv.Itoa(MaxVariationSize)+" half-moves and variations together: the reader's limit")
	}
	defer func() {
		if cap(pr.stack) > 1024 {
			pr.stack = nil // a deep game's stack is not kept for the next
		}
	}()
	for {
		line := &pr.stack[len(pr.stack)-1]
		t := lx.peek(0)
		switch t.kind {
		case tokEOF, tokTagOpen, tokResult:
			if lx.stopped != nil {
				return pr.stopError() // the game was cut short: no end
			}
			if len(pr.stack) > 1 {
				return syntax(token{text: "(", at: line.open}, "this variation ( is not closed: want ) before "+t.describe())
			}
			pr.ended = true
			if t.kind != tokResult {
				return h.End("", t.at)
			}
			lx.next()
			for lx.peek(0).kind == tokComment {
				h.Comment(lx.next().text) // a comment right after the result is still the game's
			}
			return h.End(t.text, t.at)
		case tokClose:
			lx.next()
			if len(pr.stack) == 1 {
				return syntax(t, "a ) without its (")
			}
			pr.stack = pr.stack[:len(pr.stack)-1]
			h.EndVariation()
		case tokMoveNumber:
			lx.next()
		case tokComment:
			lx.next()
			h.Comment(t.text)
		case tokNAG:
			lx.next()
			if !line.hasMove {
				return syntax(t, "a NAG or move suffix follows the move it is about")
			}
			n, err := nagValue(t.text)
			if err != nil {
				return syntax(t, err.Error())
			}
			h.NAG(n)
		case tokOpen:
			lx.next()
			if !line.hasMove {
				return syntax(t, "a variation ( follows the move it is an alternative to")
			}
			if len(pr.stack) > MaxDepth {
				return syntax(t, "variations nested more than "+strconv.Itoa(MaxDepth)+" deep: the reader's limit")
			}
			if pr.variationSize++; pr.variationSize > MaxVariationSize {
				return tooBig(t)
			}
			if err := h.StartVariation(t.at); err != nil {
				return err
			}
			pr.stack = append(pr.stack, lineState{open: t.at})
		case tokSymbol:
			if len(pr.stack) > 1 {
				if pr.variationSize++; pr.variationSize > MaxVariationSize {
					lx.next()
					return tooBig(t)
				}
			}
			text, at := pr.moveText()
			if err := h.Move(text, at); err != nil {
				return err
			}
			line.hasMove = true
		default:
			lx.next()
			if len(pr.stack) > 1 {
				return syntax(t, "want a move, a move number, a comment, a NAG, a variation or )")
			}
			return syntax(t, "want a move, a move number, a comment, a NAG, a variation or the result")
		}
	}
}

// moveText reads a move's text: one symbol, or several when it was split after
// the commas of a chain ("Bxe4, Ne4xc3"), joined once.
func (pr *Reader) moveText() (string, Pos) {
	lx := &pr.lx
	t := lx.next()
	if !strings.HasSuffix(t.text, ",") || lx.peek(0).kind != tokSymbol {
		return t.text, t.at
	}
	var sb strings.Builder
	sb.WriteString(t.text)
	for last := t.text; strings.HasSuffix(last, ",") && lx.peek(0).kind == tokSymbol; {
		last = lx.next().text
		sb.WriteString(last)
	}
	return sb.String(), t.at
}

// skipGame skips the rest of a game that could not be read: its movetext up to
// its result token (and the comments right after it) or the next tag section.
//
// After an error in the tag section (movetext false) the rest of the tag section
// is skipped first, and what is left of the bad tag: a tag value broken by a line
// end leaves its end ("…rest"]") on the next line, which must not end the game,
// or the tags after it would start a game of their own, without the ones before.
// So a tag there starts the next game only when the movetext has begun (a move
// number has been skipped) or, as between games read without an error, its
// name is one the game already has (seen) and an empty line stands before it.
func (pr *Reader) skipGame(movetext bool, seen *tagNames) {
	lx := &pr.lx
	for !movetext {
		switch t := lx.peek(0); t.kind {
		case tokEOF, tokResult:
			movetext = true
		case tokMoveNumber:
			movetext = true
			lx.next()
		case tokTagOpen:
			if pr.nextGame(0, seen) {
				return // the next game's tag section
			}
			if name := lx.peek(1); name.kind == tokSymbol {
				seen.add(name.text)
			}
			lx.next()
		default:
			lx.next()
		}
	}
	for {
		switch lx.peek(0).kind {
		case tokEOF, tokTagOpen:
			return
		case tokResult:
			lx.next()
			for lx.peek(0).kind == tokComment {
				lx.next() // a comment after the result is still the game's
			}
			return
		}
		lx.next()
	}
}

// nagValue reads "$n" or a move suffix.
func nagValue(s string) (int, error) {
	switch s {
	case "!":
		return 1, nil
	case "?":
		return 2, nil
	case "!!":
		return 3, nil
	case "??":
		return 4, nil
	case "!?":
		return 5, nil
	case "?!":
		return 6, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(s, "$"))
	if err != nil || !strings.HasPrefix(s, "$") || n < 0 || n > 255 {
		return 0, errors.New("want a NAG ($ and a number 0..255) or one of the suffixes !, ?, !!, ??, !?, ?! after the move")
	}
	return n, nil
}

// IsTagName reports whether s is a PGN symbol, as a tag name must be: a letter or
// digit, then letters, digits and the characters _ + # = : -.
func IsTagName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case i > 0 && strings.ContainsRune("_+#=:-", c):
		default:
			return false
		}
	}
	return true
}
