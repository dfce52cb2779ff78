package pgn

import (
	"errors"
	"unicode"
	"unicode/utf8"
)

// Reading only the tags of games: the tag section as ReadGame reads it, then the
// movetext skipped to the game's end without making its tokens — the end
// ReadGame finds (the first result token and the comments right after it, the
// next tag section, the end of the input), at the same line and column, within
// the same bounds (the lexer's budget, its done function), but nothing of the
// movetext is checked.

// SkipGame reads the next game's tag section, handing its tags and the comments
// among them to h, and skips its movetext to the game's end, as ReadGame would
// find it. It returns a *SyntaxError for a tag section that is not PGN (the rest
// of the game is then skipped as ReadGame skips it), and when the done function
// (NewStream's context) says to stop, an error wrapping its error.
func (pr *Reader) SkipGame(h interface {
	Tag(t Tag)
	Comment(text string)
}) error {
	seen := &pr.seen
	seen.reset()
	err := pr.readTags(h, seen)
	if err != nil {
		pr.skipGame(false, seen)
	} else {
		pr.lx.skipMovetext()
	}
	if stop := pr.lx.stopped; stop != nil && !errors.Is(err, stop) {
		return pr.stopError()
	}
	return err
}

// readTagSection reads the next game's tag section as SkipGame does, and stops
// there: its movetext is not read (Games.ScanTags).
func (pr *Reader) readTagSection(h tagHandler) error {
	seen := &pr.seen
	seen.reset()
	err := pr.readTags(h, seen)
	if stop := pr.lx.stopped; stop != nil && !errors.Is(err, stop) {
		return pr.stopError()
	}
	return err
}

// skipMovetext reads the rest of a movetext: the tokens read ahead, then the
// input a token at a time without making them (skipToken), up to the game's
// end.
func (lx *lexer) skipMovetext() {
	defer func() { lx.number, lx.lineEnded = false, false }()
	for lx.head < len(lx.queue) {
		switch lx.queue[lx.head].kind {
		case tokEOF, tokTagOpen:
			return
		case tokResult:
			lx.next()
			lx.skipComments()
			return
		}
		lx.next()
	}
	for {
		result := lx.skipPlain()
		if !result {
			switch lx.skipToken() {
			case skippedEnd:
				return
			case skippedResult:
				result = true
			}
		}
		if result {
			// The token before the comments is the result, no move number whose
			// dots the next token would continue (lx.number, left as the last
			// token lexed before the skipping set it).
			lx.number = false
			lx.skipComments()
			return
		}
	}
}

// skipPlain reads the run of plain movetext that stands in the window — spaces,
// LFs and symbols of ASCII that end in the window — as skipToken would read it
// token by token, up to the first byte of anything else (left to skipToken),
// and reports whether it read a result token (the game's end).
func (lx *lexer) skipPlain() (result bool) {
	if !shortcuts || lx.stopped != nil || lx.ioErr != nil {
		return false
	}
	in, i := lx.in[:lx.end], lx.pos
	if room := lx.pos + lx.budget - 1; room < len(in) {
		in = in[:max(room, lx.pos)] // the budget's end: skipToken asks done
	}
	line, col := lx.at.Line, lx.at.Column
	tokens := 0
	for i < len(in) {
		switch b := in[i]; {
		case b == ' ':
			i, col = i+1, col+1
			continue
		case b == '\n':
			i, line, col = i+1, line+1, 1
			continue
		case byteClass[b]&inSymbol == 0 || b == '%' && col == 1:
		default:
			j := i + 1
			for j < len(in) && byteClass[in[j]]&inSymbol != 0 {
				j++
			}
			if j == len(in) || in[j] >= utf8.RuneSelf {
				break // the symbol may go on past the window, or past ASCII
			}
			s := in[i:j]
			i, col, tokens = j, col+j-i, tokens+1
			switch string(s) {
			case "1-0", "0-1", "1/2-1/2", "*":
				result = true
			}
			if !result {
				continue
			}
		}
		break
	}
	lx.budget -= i - lx.pos + tokens*tokenCost
	lx.pos, lx.at.Line, lx.at.Column = i, line, col
	lx.peeks += tokens
	return result
}

// skipComments reads the comments right after a game's result, which are still
// the game's (Reader.movetext).
func (lx *lexer) skipComments() {
	for lx.peek(0).kind == tokComment {
		lx.next()
	}
}

// What skipToken read.
const (
	skippedToken  = iota // a token of the movetext
	skippedResult        // a result token: the movetext's end
	skippedEnd           // nothing: the end of the input, or a tag section ahead (left to lex)
)

// skipToken reads the next token as lex would read it, making nothing of it,
// and says what it was. The queue must be empty.
func (lx *lexer) skipToken() int {
	lx.peeks++
	lx.lineEnded = false
	lx.budget -= tokenCost
	if !lx.started {
		lx.start()
	}
	for {
		lx.run(inSpace, false)
		if lx.stopped != nil || lx.ioErr != nil || lx.ended() {
			return skippedEnd
		}
		b := lx.in[lx.pos]
		switch {
		case byteClass[b]&inSpace != 0:
			continue // white space the window did not hold when run looked
		case b == '[':
			return skippedEnd // the next game's tags
		case b >= utf8.RuneSelf || b == '\r':
			c := lx.readRune()
			switch {
			case c < 0:
				return skippedEnd
			case c == '\n' || c == '\uFEFF' || unicode.IsSpace(c):
				continue
			}
			lx.skipSymbol(nil) // a symbol that starts past ASCII: never a result
			return skippedToken
		case b == '%' && lx.at.Column == 1:
			if lx.readASCII() < 0 && lx.readRune() < 0 {
				return skippedEnd
			}
			lx.skipLine()
			continue
		}
		if lx.readASCII() < 0 && lx.readRune() < 0 {
			return skippedEnd // stopped when the budget ran out
		}
		switch b {
		case '{':
			for {
				lx.run(inComment, false)
				if d := lx.readRune(); d < 0 || d == '}' {
					return skippedToken
				}
			}
		case ';':
			lx.skipLine()
		case '"':
			for {
				lx.run(inString, false)
				switch lx.readRune() {
				case -1, '\n', '"':
					return skippedToken
				case '\\':
					if e := lx.peekRune(); e == '"' || e == '\\' {
						lx.readRune()
					}
				}
			}
		case '$':
			for lx.run(inDigit, false) > 0 {
			}
		case ']', '(', ')':
		default:
			head := [8]byte{b}
			if lx.skipSymbol(head[:1]) {
				return skippedResult
			}
		}
		return skippedToken
	}
}

// skipSymbol reads the rest of a symbol whose first bytes, if it started in
// ASCII, are head, and reports whether the symbol is a result token.
func (lx *lexer) skipSymbol(head []byte) (result bool) {
	for {
		b := lx.in[lx.pos:lx.end]
		n := 0
		for n < len(b) && byteClass[b[n]]&inSymbol != 0 {
			n++
		}
		if head != nil {
			if k := min(n, cap(head)-len(head)); k < n {
				head = nil // longer than any result
			} else {
				head = append(head, b[:k]...)
			}
		}
		lx.pos += n
		lx.at.Column += n
		if lx.budget -= n; lx.budget <= 0 && lx.refill() {
			break
		}
		if lx.pos < lx.end && lx.in[lx.pos] < utf8.RuneSelf {
			break // an ASCII byte that does not go on a symbol ends it
		}
		d := lx.peekRune() // the window's end, or a character past ASCII
		if d < 0 || isSymbolEnd(d) {
			break
		}
		if d >= utf8.RuneSelf {
			lx.readRune()
			head = nil // a character past ASCII: no result
		}
	}
	switch string(head) {
	case "1-0", "0-1", "1/2-1/2", "*":
		return lx.stopped == nil
	}
	return false
}

// SkipMovetext makes Scan read only the tag section of each game from then on
// (tags non-nil; nil reads whole games again), skipping its movetext as
// Reader.SkipGame does: the game's record is what tags makes of the tags read
// (which it must not keep: copy them) and the error of the tag section (nil,
// a *SyntaxError, or done's wrapped as the game's), as the game reports it. Over
// a Stream (package records), the Stream's own SkipMovetext says what its Scan
// reads, and this what the Games makes of it.
func (gs *Games[R]) SkipMovetext(tags func(game int, tags []Tag, err error) (R, error)) {
	gs.tags = tags
	if !gs.shared {
		gs.s.SkipMovetext(tags != nil)
	}
}

// tagCollector keeps the tags of a game's tag section, as a Builder keeps them
// (AddTag), and AddTag's first error; the comments among them are joined into
// comments when it is set, else not kept.
type tagCollector struct {
	tags     []Tag
	err      error
	comments *Text
}

func (c *tagCollector) Tag(t Tag) {
	var err error
	if c.tags, err = AddTag(c.tags, t); err != nil && c.err == nil {
		c.err = err
	}
}

func (c *tagCollector) Comment(text string) {
	if c.comments != nil {
		c.comments.Add(text)
	}
}

// TagsRecord returns the function SkipMovetext takes for a game whose reader
// reads reader's records (PacoSako, Atomic): record makes a record of tags, and
// wrap makes the game's error of a *SyntaxError at a place of game n; a
// Variant tag of another game is the *SyntaxError CheckVariant gives.
func TagsRecord[R any](reader Variant, record func(tags []Tag) R, wrap func(n int, at Pos, err error) error) func(int, []Tag, error) (R, error) {
	return func(n int, tags []Tag, err error) (R, error) {
		if err == nil {
			if t, ok := Find(tags, "Variant"); ok && t.Value != "" {
				if why := VariantMismatch(t.Value, reader); why != "" {
					err = &SyntaxError{At: t.At, Input: t.Value, Reason: why}
				}
			}
		}
		if se, ok := err.(*SyntaxError); ok {
			err = wrap(n, se.At, se)
		}
		return record(tags), err
	}
}
