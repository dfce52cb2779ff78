package pacosako

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RecordReader reads PGN game records one after the other from a stream, in the
// manner of bufio.Scanner. A game that cannot be read is reported and the reading
// goes on with the next one:
//
//	rr := pacosako.NewRecordReader(f)
//	for rr.Scan() {
//		rec, err := rr.Record()
//		if err != nil {
//			log.Print(err) // a *RecordError: game, line, column, why
//			continue
//		}
//		…
//	}
//	if err := rr.Err(); err != nil { … } // the stream itself could not be read
//
// It reads what PGN writers emit, in import form: a UTF-8 byte-order mark; tag pairs
// with the escapes \" and \\ (any other backslash is itself), blank lines between
// them; move numbers in every form ("1.e4", "1. e4", "1...d5", "1... d5", a number
// at the end of a line and its move on the next; numbers are not checked, so a game
// may start at any number or with Black); castling as O-O or 0-0; a check or Paco
// suffix ("+", "#"), right or not; the move suffixes "!", "?", "!!", "??", "!?",
// "?!" and NAGs ("$1"); comments in braces (over several lines, several in a row)
// and from ';' to the end of the line; lines starting with '%' (ignored);
// variations in parentheses, nested too; and the result token, which may be missing
// (the game then ends where its moves end, or with the Result tag). A game's moves
// are in chain SAN (Position.ParseSAN), a move split after its commas ("Bxe4,
// Ne4xc3") included.
//
// Games are separated by their tag sections: a game ends at its result token, at
// the first tag after its movetext, or at a tag whose name its own tag section
// already has (so a game of tags and no moves is followed by the next game). The
// start position comes from the FEN tag (any dialect ParseFEN reads; SetUp is not
// required), the rules from a Rules tag (else the FEN's), the repetition limit from
// a Repetition tag, and a result the moves do not show from Result and Termination:
// "Timeout" or PGN's "time forfeit" is a timeout, any other word (or none) a
// resignation for a win and an agreement for a draw ("Agreement" with a win, or
// "Resignation" or a timeout with a draw, is an error); a Termination word other
// than the library's own ("Normal", "abandoned") stays among the tags. The moves of the main line are played with
// Game.Play, those of variations with Position.Play from the position before the
// move they replace; every one must be legal.
type RecordReader struct {
	lx    recordLexer
	game  int
	rec   Record
	err   error // the last game's error
	ioErr error
}

// NewRecordReader returns a reader of the game records in r.
//
// Cost: each move is read as Position.ParseSAN reads it (usually microseconds).
func NewRecordReader(r io.Reader) *RecordReader {
	rr := &RecordReader{}
	rr.lx.r = bufio.NewReaderSize(r, 64*1024)
	rr.lx.line, rr.lx.col = 1, 1
	return rr
}

// Scan reads the next game; it returns false at the end of the input, or when the
// input cannot be read (Err). A game that is not a valid record still counts: Scan
// returns true and Record returns its error.
func (rr *RecordReader) Scan() bool {
	if rr.ioErr != nil {
		return false
	}
	if rr.lx.peek(0).kind == tokEOF {
		rr.ioErr = rr.lx.ioErr
		return false
	}
	rr.game++
	rr.rec, rr.err = rr.readGame()
	if rr.lx.ioErr != nil {
		rr.ioErr = rr.lx.ioErr
	}
	return true
}

// Record returns the game read by the last Scan. When it could not be read, the
// error is a *RecordError (game, line, column, why) and the record holds what was
// read before the problem: the tags, and the main line up to the move at fault.
func (rr *RecordReader) Record() (Record, error) { return rr.rec, rr.err }

// Err returns the error that stopped the reading of the stream itself (an I/O
// error), or nil at a clean end. Games that could not be read are Record's errors.
func (rr *RecordReader) Err() error {
	if rr.ioErr == nil {
		return nil
	}
	return &RecordError{Game: rr.game, Line: rr.lx.line, Column: rr.lx.col, Err: rr.ioErr}
}

// ParseRecord reads exactly one game record from text (see RecordReader for what
// it reads). The errors are *RecordError values; text with no game or more than
// one is an error wrapping ErrInvalidNotation.
//
// Cost: each move is read as Position.ParseSAN reads it (usually microseconds).
func ParseRecord(text string) (Record, error) {
	rr := NewRecordReader(strings.NewReader(text))
	if !rr.Scan() {
		if err := rr.Err(); err != nil {
			return Record{}, err
		}
		return Record{}, &RecordError{Game: 1, Line: rr.lx.line, Column: rr.lx.col, Err: &NotationError{Notation: "record", Input: text, Reason: "no game record"}}
	}
	rec, err := rr.Record()
	if err != nil {
		return rec, err
	}
	if t := rr.lx.peek(0); t.kind != tokEOF {
		return Record{}, &RecordError{Game: 2, Line: t.line, Column: t.col, Err: &NotationError{Notation: "record", Input: t.text, Reason: "more than one game record (NewRecordReader reads a stream of them)"}}
	}
	return rec, nil
}

// ---- the game parser

// gameReader reads one game from the lexer.
type gameReader struct {
	rr       *RecordReader
	lx       *recordLexer
	rec      Record
	game     Game
	movetext bool // the tag section is over
}

func (rr *RecordReader) readGame() (Record, error) {
	gr := &gameReader{rr: rr, lx: &rr.lx}
	err := gr.read()
	gr.rec.Game = gr.game
	if err != nil {
		gr.skipGame()
		return gr.rec, err
	}
	return gr.rec, nil
}

// fail returns a *RecordError at token t.
func (gr *gameReader) fail(t recordToken, err error) error {
	return &RecordError{Game: gr.rr.game, Line: t.line, Column: t.col, Err: err}
}

// syntax returns a *RecordError for text that is not PGN at token t.
func (gr *gameReader) syntax(t recordToken, reason string) error {
	input := t.text
	if t.kind == tokBad {
		reason, input = t.text, t.raw
	}
	return gr.fail(t, &NotationError{Notation: "record", Input: input, Reason: reason})
}

func (gr *gameReader) read() error {
	// The tag section.
	seen := map[string]bool{}
	var tagTok = map[string]recordToken{}
	for {
		for len(seen) > 0 && gr.lx.peek(0).kind == tokComment && gr.headerContinues(seen) {
			// A comment among the tags: the game's comment.
			gr.rec.Comment = joinComment(gr.rec.Comment, gr.lx.next().text)
		}
		if gr.lx.peek(0).kind != tokTagOpen {
			break
		}
		if name := gr.lx.peek(1); name.kind == tokSymbol && seen[name.text] {
			break // the same tag again: the next game's
		}
		open := gr.lx.next()
		name := gr.lx.next()
		if name.kind != tokSymbol || !isTagName(name.text) {
			return gr.syntax(name, "want a tag name after [ (a letter or digit, then letters, digits and _ + # = : -), as in [Event \"…\"]")
		}
		value := gr.lx.next()
		if value.kind != tokString {
			return gr.syntax(value, "want the tag's value as a quoted string, as in [Event \"…\"]")
		}
		if end := gr.lx.next(); end.kind != tokTagClose {
			return gr.syntax(end, "want ] to close the tag pair")
		}
		seen[name.text] = true
		tagTok[name.text] = open
		gr.rec.Tags = append(gr.rec.Tags, Tag{Name: name.text, Value: value.text})
	}
	start, opts, err := gr.startFromTags(tagTok)
	if err != nil {
		return err
	}
	gr.game = NewGame(start, opts...)
	// The movetext.
	gr.movetext = true
	result, resultTok, err := gr.mainLine()
	if err != nil {
		return err
	}
	if err := gr.pending(tagTok); err != nil {
		return err
	}
	if err := gr.settleResult(result, resultTok, tagTok); err != nil {
		return err
	}
	// Keep only the tags that the game does not determine.
	kept := gr.rec.Tags[:0:0]
	for _, t := range gr.rec.Tags {
		if !isDerivedTag(t.Name) || t.Name == "Termination" && t.Value != gr.game.Outcome().Termination.String() {
			kept = append(kept, t)
		}
	}
	gr.rec.Tags = kept
	return nil
}

// headerContinues reports whether the comments ahead are followed by another tag of
// the tag section being read (a tag it does not have yet).
func (gr *gameReader) headerContinues(seen map[string]bool) bool {
	i := 0
	for gr.lx.peek(i).kind == tokComment {
		i++
	}
	return gr.lx.peek(i).kind == tokTagOpen && !(gr.lx.peek(i+1).kind == tokSymbol && seen[gr.lx.peek(i+1).text])
}

// startFromTags reads the start position, the rules and the repetition limit.
func (gr *gameReader) startFromTags(at map[string]recordToken) (Position, []GameOption, error) {
	start := StartingPosition()
	var opts []GameOption
	if fen := gr.rec.Tag("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			return start, nil, gr.fail(at["FEN"], err)
		}
		start = p
	}
	if v := gr.rec.Tag("Rules"); v != "" {
		r, err := ParseRules(v)
		if err != nil {
			return start, nil, gr.fail(at["Rules"], err)
		}
		start = start.WithRules(r)
	}
	if v := gr.rec.Tag("Repetition"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return start, nil, gr.fail(at["Repetition"], &NotationError{Notation: "record", Input: v, Reason: "Repetition is a number of occurrences (0 = off)"})
		}
		opts = append(opts, WithRepetitionLimit(n))
	}
	return start, opts, nil
}

// playLine is a line of play being read: the main line, played in the game, or a
// variation, played from a position.
type playLine struct {
	comment *string // the comment before the line's first move
	notes   *[]Note // a note per move read
	// before is the position before the i-th move of the line (from 0).
	before func(i int) Position
	// play reads a move's text and plays it.
	play func(text string, at recordToken) error
	// open is the "(" of a variation; the main line has none.
	open *recordToken
}

// mainLine reads the main line's movetext up to its end and returns the result
// token ("" when there is none) and where it stands.
func (gr *gameReader) mainLine() (string, recordToken, error) {
	return gr.readLine(&playLine{
		comment: &gr.rec.Comment,
		notes:   &gr.rec.Notes,
		before:  func(i int) Position { p, _ := gr.game.PositionAt(i); return p },
		play:    gr.play,
	})
}

// variation reads a variation after its "(", played from p.
func (gr *gameReader) variation(p Position, open recordToken) (Variation, error) {
	var v Variation
	before := func(i int) Position {
		if i == 0 {
			return p
		}
		return v.Moves[i-1].After()
	}
	_, _, err := gr.readLine(&playLine{
		comment: &v.Comment,
		notes:   &v.Notes,
		before:  before,
		play: func(text string, at recordToken) error {
			q := before(len(v.Moves))
			m, err := q.ParseSAN(text)
			if err != nil {
				return &RecordError{Game: gr.rr.game, Line: at.line, Column: at.col, MoveText: text, FEN: q.FEN(), Err: err}
			}
			v.Moves = append(v.Moves, m)
			return nil
		},
		open: &open,
	})
	return v, err
}

// readLine reads the moves of a line with their comments, NAGs and variations: up
// to the end of the game for the main line (its result token, the next tag section,
// the end of the input), up to ")" for a variation.
func (gr *gameReader) readLine(l *playLine) (string, recordToken, error) {
	var last *Note // the note of the last move read
	comment := func(text string) {
		if last != nil {
			last.Comment = joinComment(last.Comment, text)
		} else {
			*l.comment = joinComment(*l.comment, text)
		}
	}
	for {
		t := gr.lx.peek(0)
		switch t.kind {
		case tokEOF, tokTagOpen, tokResult:
			if l.open != nil {
				return "", t, gr.syntax(*l.open, "this variation ( is not closed: want ) before "+t.describe())
			}
			if t.kind != tokResult {
				return "", t, nil
			}
			gr.lx.next()
			for gr.lx.peek(0).kind == tokComment {
				comment(gr.lx.next().text) // a comment right after the result is still the game's
			}
			return t.text, t, nil
		case tokClose:
			gr.lx.next()
			if l.open == nil {
				return "", t, gr.syntax(t, "a ) without its (")
			}
			return "", t, nil
		case tokMoveNumber:
			gr.lx.next()
		case tokComment:
			gr.lx.next()
			comment(t.text)
		case tokNAG:
			gr.lx.next()
			if last == nil {
				return "", t, gr.syntax(t, "a NAG or move suffix follows the move it is about")
			}
			n, err := nagValue(t.text)
			if err != nil {
				return "", t, gr.syntax(t, err.Error())
			}
			last.NAGs = append(last.NAGs, n)
		case tokOpen:
			gr.lx.next()
			if last == nil {
				return "", t, gr.syntax(t, "a variation ( follows the move it is an alternative to")
			}
			v, err := gr.variation(l.before(len(*l.notes)-1), t)
			if err != nil {
				return "", t, err
			}
			last.Variations = append(last.Variations, v)
		case tokSymbol:
			text, at := gr.moveText()
			if err := l.play(text, at); err != nil {
				return "", at, err
			}
			*l.notes = append(*l.notes, Note{})
			last = &(*l.notes)[len(*l.notes)-1]
		default:
			gr.lx.next()
			if l.open != nil {
				return "", t, gr.syntax(t, "want a move, a move number, a comment, a NAG, a variation or )")
			}
			return "", t, gr.syntax(t, "want a move, a move number, a comment, a NAG, a variation or the result")
		}
	}
}

// moveText reads a move's text: one symbol, or several when it was split after
// the commas of a chain ("Bxe4, Ne4xc3").
func (gr *gameReader) moveText() (string, recordToken) {
	t := gr.lx.next()
	text := t.text
	for strings.HasSuffix(text, ",") && gr.lx.peek(0).kind == tokSymbol {
		text += gr.lx.next().text
	}
	return text, t
}

// play reads a main-line move and plays it.
func (gr *gameReader) play(text string, at recordToken) error {
	half := gr.game.Len() + 1
	fail := func(err error) error {
		return &RecordError{Game: gr.rr.game, Line: at.line, Column: at.col, HalfMove: half, MoveText: text, FEN: gr.game.Position().FEN(), Err: err}
	}
	if err := gr.game.gameOver(text); err != nil {
		return fail(err) // a game that ended by repetition: the position does not know it
	}
	m, err := gr.game.Position().ParseSAN(text)
	if err != nil {
		return fail(err)
	}
	gr.game = gr.game.playLegal(m)
	return nil
}

// pending applies the Pending tag: the actions of an unfinished half-move.
func (gr *gameReader) pending(at map[string]recordToken) error {
	v := gr.rec.Tag("Pending")
	if v == "" {
		return nil
	}
	g := gr.game
	acts, err := ParseActions(v)
	if err == nil {
		var next Game
		if next, err = g.ApplyAll(acts); err == nil && next.Len() != g.Len() {
			err = &NotationError{Notation: "record", Input: v, Reason: "Pending completes a half-move; write it in the movetext"}
		}
		g = next
	}
	if err != nil {
		t := at["Pending"]
		return &RecordError{Game: gr.rr.game, Line: t.line, Column: t.col, Err: err} // the action error names the position
	}
	gr.game = g
	return nil
}

// settleResult checks the result against the moves and records an ending the moves
// do not show.
func (gr *gameReader) settleResult(result string, at recordToken, tags map[string]recordToken) error {
	g := gr.game
	if tagResult := gr.rec.Tag("Result"); tagResult != "" && result == "" {
		result, at = tagResult, tags["Result"]
	}
	switch result {
	case "", "*":
		return nil // the moves end the game, or nothing says how it ended
	case "1-0", "0-1", "1/2-1/2":
	default:
		return gr.fail(at, &NotationError{Notation: "record", Input: result, Reason: "a result is 1-0, 0-1, 1/2-1/2 or *"})
	}
	if g.Outcome().IsOver() {
		if want := g.Outcome().Result(); result != want {
			return gr.fail(at, &NotationError{Notation: "record", Input: result, Reason: "the moves end the game " + want + " (" + g.Outcome().String() + ")"})
		}
		return nil
	}
	term := gr.rec.Tag("Termination")
	lower := strings.ToLower(strings.TrimSpace(term))
	if t, ok := tags["Termination"]; ok && (lower == "agreement" && result != "1/2-1/2" ||
		(lower == "resignation" || lower == "timeout" || lower == "time forfeit") && result == "1/2-1/2") {
		return gr.fail(t, &NotationError{Notation: "record", Input: term, Reason: "Termination " + strconv.Quote(term) + " does not fit the result " + result})
	}
	loser := Black
	if result == "0-1" {
		loser = White
	}
	var err error
	switch readTermination(term, result) {
	case Agreement:
		g, err = g.AgreeDraw()
	case Timeout:
		g, err = g.Timeout(loser)
	default:
		g, err = g.Resign(loser)
	}
	if err != nil {
		return gr.fail(at, err)
	}
	gr.game = g
	return nil
}

// skipGame skips the rest of a game that could not be read: in its tag section,
// the rest of the bad tag's line and the tag lines after it; then its movetext up
// to its result token or the next tag section.
func (gr *gameReader) skipGame() {
	if !gr.movetext {
		line := gr.lx.last.line
		for t := gr.lx.peek(0); t.kind != tokEOF && t.line == line; t = gr.lx.peek(0) {
			gr.lx.next()
		}
		for t := gr.lx.peek(0); t.kind == tokTagOpen; t = gr.lx.peek(0) {
			for u := t; u.kind != tokEOF && u.line == t.line; u = gr.lx.peek(0) {
				gr.lx.next()
			}
		}
	}
	for {
		switch gr.lx.peek(0).kind {
		case tokEOF, tokTagOpen:
			return
		case tokResult:
			gr.lx.next()
			for gr.lx.peek(0).kind == tokComment {
				gr.lx.next() // a comment after the result is still the game's
			}
			return
		}
		gr.lx.next()
	}
}

// joinComment adds a comment to the ones before it, with white space reduced to
// single spaces.
func joinComment(have, c string) string {
	c = strings.Join(strings.Fields(c), " ")
	switch {
	case c == "":
		return have
	case have == "":
		return c
	}
	return have + " " + c
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

// ---- the lexer

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokTagOpen
	tokTagClose
	tokString
	tokSymbol
	tokMoveNumber
	tokResult
	tokNAG
	tokComment
	tokOpen
	tokClose
	tokBad // text that is no token; text says why
)

// recordToken is one token of PGN, with where it starts (line and column from 1,
// columns in characters).
type recordToken struct {
	kind      tokKind
	text      string // a string's value, a comment's text, a symbol; for tokBad why
	raw       string // for tokBad: the start of the text at fault
	line, col int
}

// describe names the token for an error message.
func (t recordToken) describe() string {
	switch t.kind {
	case tokEOF:
		return "the end of the input"
	case tokTagOpen:
		return "the tag section of the next game"
	case tokResult:
		return "the result " + t.text
	}
	return strconv.Quote(t.text)
}

// recordLexer splits a stream into PGN tokens, with a look-ahead of a few tokens.
type recordLexer struct {
	r         *bufio.Reader
	line, col int
	started   bool // the byte-order mark has been looked for
	queue     []recordToken
	last      recordToken // the token next returned last
	buf       []byte      // the text of the token being read
	ioErr     error
}

// peek returns the token i places ahead without reading it.
func (lx *recordLexer) peek(i int) recordToken {
	for len(lx.queue) <= i {
		lx.lex()
	}
	return lx.queue[i]
}

// next reads a token.
func (lx *recordLexer) next() recordToken {
	t := lx.peek(0)
	if t.kind != tokEOF {
		lx.queue = lx.queue[1:]
	}
	lx.last = t
	return t
}

// start skips a byte-order mark at the start of the input; it is not counted in
// columns.
func (lx *recordLexer) start() {
	lx.started = true
	if c, _, err := lx.r.ReadRune(); err == nil && c != '\uFEFF' {
		lx.r.UnreadRune()
	}
}

// readRune reads a rune and advances the position; it returns -1 at the end.
func (lx *recordLexer) readRune() rune {
	if !lx.started {
		lx.start()
	}
	c, _, err := lx.r.ReadRune()
	if err != nil {
		if err != io.EOF && lx.ioErr == nil {
			lx.ioErr = err
		}
		return -1
	}
	if c == '\r' {
		// A line ends with LF, CR LF or (old Macs) CR alone.
		if d, _, err := lx.r.ReadRune(); err == nil && d != '\n' {
			lx.r.UnreadRune()
		}
		c = '\n'
	}
	if c == '\n' {
		lx.line++
		lx.col = 1
	} else {
		lx.col++
	}
	return c
}

func (lx *recordLexer) peekRune() rune {
	if !lx.started {
		lx.start()
	}
	c, _, err := lx.r.ReadRune()
	if err != nil {
		return -1
	}
	lx.r.UnreadRune()
	return c
}

// lex reads the next token or tokens (a symbol may split into a move number, a
// move and its suffix) onto the queue.
func (lx *recordLexer) lex() {
	for {
		line, col := lx.line, lx.col
		c := lx.readRune()
		tok := func(k tokKind, text string) {
			lx.queue = append(lx.queue, recordToken{kind: k, text: text, line: line, col: col})
		}
		lx.buf = lx.buf[:0]
		switch {
		case c < 0:
			tok(tokEOF, "")
			return
		case c == '%' && col == 1:
			lx.skipLine()
		case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\uFEFF' || unicode.IsSpace(c):
		case c == '[':
			tok(tokTagOpen, "[")
			return
		case c == ']':
			tok(tokTagClose, "]")
			return
		case c == '(':
			tok(tokOpen, "(")
			return
		case c == ')':
			tok(tokClose, ")")
			return
		case c == '{':
			for {
				d := lx.readRune()
				if d < 0 {
					lx.bad("a comment { is not closed", "{", line, col)
					return
				}
				if d == '}' {
					break
				}
				lx.buf = utf8.AppendRune(lx.buf, d)
			}
			tok(tokComment, string(lx.buf))
			return
		case c == ';':
			for d := lx.readRune(); d >= 0 && d != '\n'; d = lx.readRune() {
				lx.buf = utf8.AppendRune(lx.buf, d)
			}
			tok(tokComment, string(lx.buf))
			return
		case c == '"':
			for {
				d := lx.readRune()
				switch d {
				case -1, '\n':
					lx.bad("a string \" is not closed on its line", "\"", line, col)
					return
				case '"':
					tok(tokString, string(lx.buf))
					return
				case '\\':
					if e := lx.peekRune(); e == '"' || e == '\\' {
						d = lx.readRune()
					}
				}
				lx.buf = utf8.AppendRune(lx.buf, d)
			}
		case c == '$':
			lx.buf = append(lx.buf, '$')
			for d := lx.peekRune(); d >= '0' && d <= '9'; d = lx.peekRune() {
				lx.buf = utf8.AppendRune(lx.buf, lx.readRune())
			}
			tok(tokNAG, string(lx.buf))
			return
		default:
			lx.buf = utf8.AppendRune(lx.buf, c)
			for d := lx.peekRune(); d >= 0 && !isSymbolEnd(d); d = lx.peekRune() {
				lx.buf = utf8.AppendRune(lx.buf, lx.readRune())
			}
			lx.queue = appendSymbol(lx.queue, string(lx.buf), line, col)
			return
		}
	}
}

// isSymbolEnd reports whether c ends a symbol: white space or a character of its own.
func isSymbolEnd(c rune) bool {
	switch c {
	case ' ', '\n', '\r', '\t', '[', ']', '(', ')', '{', '}', ';', '"', '$':
		return true
	}
	return c > 0x7f && unicode.IsSpace(c)
}

// bad queues a token of text that is no token: why, and the start of the text
// (opening, then the first characters read).
func (lx *recordLexer) bad(why, opening string, line, col int) {
	raw := opening + string(lx.buf)
	if utf8.RuneCountInString(raw) > 40 {
		raw = string([]rune(raw)[:40]) + "…"
	}
	lx.queue = append(lx.queue, recordToken{kind: tokBad, text: why, raw: raw, line: line, col: col})
}

func (lx *recordLexer) skipLine() {
	for d := lx.readRune(); d >= 0 && d != '\n'; d = lx.readRune() {
	}
}

// appendSymbol appends a symbol's tokens: a result, a move number ("12.",
// "12..."), a move, a move suffix ("!?"), or a move number glued to its move
// ("1.e4", "1...d5") and a move glued to its suffix ("e4!").
func appendSymbol(out []recordToken, s string, line, col int) []recordToken {
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*":
		return append(out, recordToken{kind: tokResult, text: s, line: line, col: col})
	}
	// A move number: digits, then dots (or nothing but digits).
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	if digits > 0 {
		dots := digits
		for dots < len(s) && s[dots] == '.' {
			dots++
		}
		if dots > digits || dots == len(s) {
			out = append(out, recordToken{kind: tokMoveNumber, text: s[:dots], line: line, col: col})
			col += utf8.RuneCountInString(s[:dots])
			s = s[dots:]
		}
	}
	if s == "" {
		return out
	}
	// A suffix after the move, or on its own.
	cut := len(s)
	for cut > 0 && (s[cut-1] == '!' || s[cut-1] == '?') {
		cut--
	}
	if cut > 0 {
		out = append(out, recordToken{kind: tokSymbol, text: s[:cut], line: line, col: col})
		col += utf8.RuneCountInString(s[:cut])
	}
	if cut < len(s) {
		out = append(out, recordToken{kind: tokNAG, text: s[cut:], line: line, col: col})
	}
	return out
}
