package pacosako

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako/internal/pgn"
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
// them; move numbers in every form ("1.e4", "1. e4", "1...d5", "1... d5", "1. ...
// d5", "1 ... d5", "1 . e4", a number at the end of a line and its move on the
// next; numbers are not checked, so a game may start at any number or with Black);
// castling as O-O or 0-0; a check or Paco suffix ("+", "#"), right or not; the move
// suffixes "!", "?", "!!", "??", "!?", "?!" and NAGs ("$1"); comments in braces
// (over several lines, several in a row) and from ';' to the end of the line; lines
// starting with '%' (ignored); variations in parentheses, nested up to 10,000 deep
// (a deeper one is an error for its game); and the result token, which may be
// missing (the game then ends where its moves end, or with the Result tag). A
// game's moves are in chain SAN (Position.ParseSAN), a move split after its commas
// ("Bxe4, Ne4xc3") included.
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
// than the library's own ("Normal", "abandoned") stays among the tags. The moves of
// the main line are played with Game.Play, those of variations with Position.Play
// from the position before the move they replace; every one must be legal.
//
// Cost: reading takes time linear in the input besides the moves (each read as
// Position.ParseSAN reads it, usually microseconds), whatever its shape (comments
// in a row, NAGs, games, tags, long lines and tokens), and stack independent of
// how deeply variations nest. Memory is what the record holds (a few hundred bytes
// per move read, for variations too) and, while a game is read, a few hundred bytes
// per open variation. For input from strangers, NewRecordReaderContext bounds the
// reading of each move.
type RecordReader struct {
	pr    *pgn.Reader
	ctx   context.Context // nil: never done
	lim   Limits
	game  int
	rec   Record
	err   error // the last game's error
	ioErr error
}

// NewRecordReader returns a reader of the game records in r.
//
// Cost: see RecordReader; each move is read as Position.ParseSAN reads it
// (usually microseconds).
func NewRecordReader(r io.Reader) *RecordReader {
	return &RecordReader{pr: pgn.NewReader(r)}
}

// NewRecordReaderContext is NewRecordReader, bounded: each move is read under lim
// (a move whose reading holds more than lim.MaxStates states is a *RecordError
// wrapping a *SearchLimitError, and the reading goes on with the next game), and
// when ctx is done the game being read ends with a *RecordError wrapping ctx.Err()
// and Scan stops (Err returns the same). A nil ctx is never done.
func NewRecordReaderContext(ctx context.Context, r io.Reader, lim Limits) *RecordReader {
	rr := NewRecordReader(r)
	if ctx != context.Background() && ctx != context.TODO() {
		rr.ctx = ctx
	}
	rr.lim = lim
	return rr
}

// Scan reads the next game; it returns false at the end of the input, or when the
// input cannot be read (Err). A game that is not a valid record still counts: Scan
// returns true and Record returns its error.
func (rr *RecordReader) Scan() bool {
	if rr.ioErr != nil {
		return false
	}
	if err := ctxDone(rr.ctx); err != nil {
		rr.ioErr = err
		return false
	}
	if !rr.pr.More() {
		rr.ioErr = rr.pr.Err()
		return false
	}
	rr.game++
	rr.rec, rr.err = rr.readGame()
	if err := rr.pr.Err(); err != nil {
		rr.ioErr = err
	}
	return true
}

// Record returns the game read by the last Scan. When it could not be read, the
// error is a *RecordError (game, line, column, why) and the record holds what was
// read before the problem: the tags, and the main line up to the move at fault.
func (rr *RecordReader) Record() (Record, error) { return rr.rec, rr.err }

// Err returns the error that stopped the reading of the stream itself (an I/O
// error, or for NewRecordReaderContext the context's error), or nil at a clean
// end. Games that could not be read are Record's errors.
func (rr *RecordReader) Err() error {
	if rr.ioErr == nil {
		return nil
	}
	at := rr.pr.Pos()
	return &RecordError{Game: rr.game, Line: at.Line, Column: at.Column, Err: rr.ioErr}
}

// ParseRecord reads exactly one game record from text (see RecordReader for what
// it reads). The errors are *RecordError values; text with no game or more than
// one is an error wrapping ErrInvalidNotation.
//
// Cost: see RecordReader; each move is read as Position.ParseSAN reads it
// (usually microseconds).
func ParseRecord(text string) (Record, error) {
	return parseRecord(NewRecordReader(strings.NewReader(text)), text)
}

// ParseRecordContext is ParseRecord, bounded as NewRecordReaderContext bounds a
// stream: each move is read under lim, and ctx's end stops the reading with a
// *RecordError wrapping ctx.Err(). A nil ctx is never done.
func ParseRecordContext(ctx context.Context, text string, lim Limits) (Record, error) {
	return parseRecord(NewRecordReaderContext(ctx, strings.NewReader(text), lim), text)
}

func parseRecord(rr *RecordReader, text string) (Record, error) {
	if !rr.Scan() {
		if err := rr.Err(); err != nil {
			return Record{}, err
		}
		at := rr.pr.Pos()
		return Record{}, &RecordError{Game: 1, Line: at.Line, Column: at.Column, Err: &NotationError{Notation: "record", Input: text, Reason: "no game record"}}
	}
	rec, err := rr.Record()
	if err != nil {
		return rec, err
	}
	if rr.pr.More() {
		next, at := rr.pr.Next()
		return Record{}, &RecordError{Game: 2, Line: at.Line, Column: at.Column, Err: &NotationError{Notation: "record", Input: next, Reason: "more than one game record (NewRecordReader reads a stream of them)"}}
	}
	return rec, nil
}

// ---- what a game record's parts do in Paco Ŝako (the syntax is internal/pgn's)

// readGame reads one game.
func (rr *RecordReader) readGame() (Record, error) {
	b := &recordBuilder{rr: rr, tagAt: map[string]pgn.Pos{}, lines: []lineFrame{{}}}
	err := rr.pr.ReadGame(b)
	if err != nil {
		b.flush(0) // the comments read before the problem
		if se, ok := err.(*pgn.SyntaxError); ok {
			err = b.fail(se.At, &NotationError{Notation: "record", Input: se.Input, Reason: se.Reason})
		}
	}
	b.rec.Game = b.game
	return b.rec, err
}

// recordBuilder builds a Record from the parts of a game record (a pgn.Handler):
// it plays the moves of the main line in a Game and those of variations from
// their positions, and keeps the comments, NAGs and variations in Notes.
type recordBuilder struct {
	rr    *RecordReader
	rec   Record
	game  Game
	tagAt map[string]pgn.Pos // where each tag stands
	// lines are the lines of play being read: lines[0] the main line (its moves
	// are game's, its notes rec's), then the open variations, the innermost last.
	lines []lineFrame
}

// lineFrame is a line of play being read.
type lineFrame struct {
	v       Variation // a variation's comment, moves and notes
	comment pgn.Text  // the comments about the line's current place: its start, then its last move
	before  Position  // a variation's position before its last move
	after   Position  // a variation's position after its last move (before its first: its start)
}

// fail returns a *RecordError at a place.
func (b *recordBuilder) fail(at pgn.Pos, err error) error {
	return &RecordError{Game: b.rr.game, Line: at.Line, Column: at.Column, Err: err}
}

// notes returns the notes of line i.
func (b *recordBuilder) notes(i int) *[]Note {
	if i == 0 {
		return &b.rec.Notes
	}
	return &b.lines[i].v.Notes
}

// flush stores the comments about line i's current place: its last move's note, or
// before its first move the line's comment.
func (b *recordBuilder) flush(i int) {
	f := &b.lines[i]
	if f.comment.Len() == 0 {
		return
	}
	switch notes := b.notes(i); {
	case len(*notes) > 0:
		(*notes)[len(*notes)-1].Comment = f.comment.String()
	case i == 0:
		b.rec.Comment = f.comment.String()
	default:
		f.v.Comment = f.comment.String()
	}
	f.comment.Reset()
}

func (b *recordBuilder) Tag(t pgn.Tag) {
	b.rec.Tags = append(b.rec.Tags, Tag{Name: t.Name, Value: t.Value})
	b.tagAt[t.Name] = t.At
}

func (b *recordBuilder) Comment(text string) { b.lines[len(b.lines)-1].comment.Add(text) }

// StartMovetext reads the start position, the rules and the repetition limit from
// the tags and starts the game.
func (b *recordBuilder) StartMovetext() error {
	start := StartingPosition()
	var opts []GameOption
	if fen := b.rec.Tag("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			return b.fail(b.tagAt["FEN"], err)
		}
		start = p
	}
	if v := b.rec.Tag("Rules"); v != "" {
		r, err := ParseRules(v)
		if err != nil {
			return b.fail(b.tagAt["Rules"], err)
		}
		start = start.WithRules(r)
	}
	if v := b.rec.Tag("Repetition"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return b.fail(b.tagAt["Repetition"], &NotationError{Notation: "record", Input: v, Reason: "Repetition is a number of occurrences (0 = off)"})
		}
		opts = append(opts, WithRepetitionLimit(n))
	}
	b.game = NewGame(start, opts...)
	return nil
}

// Move reads a move of the current line and plays it: in the game for the main
// line, from the variation's position for a variation.
func (b *recordBuilder) Move(text string, at pgn.Pos) error {
	i := len(b.lines) - 1
	b.flush(i)
	if i == 0 {
		if err := b.playMain(text, at); err != nil {
			return err
		}
		b.rec.Notes = append(b.rec.Notes, Note{})
		return nil
	}
	f := &b.lines[i]
	m, err := parseSANBounded(f.after, b.rr.ctx, text, b.rr.lim)
	if err != nil {
		return &RecordError{Game: b.rr.game, Line: at.Line, Column: at.Column, MoveText: text, FEN: f.after.FEN(), Err: err}
	}
	f.v.Moves = append(f.v.Moves, m)
	f.v.Notes = append(f.v.Notes, Note{})
	f.before, f.after = f.after, m.After()
	return nil
}

// playMain reads a main-line move and plays it.
func (b *recordBuilder) playMain(text string, at pgn.Pos) error {
	fail := func(err error) error {
		return &RecordError{Game: b.rr.game, Line: at.Line, Column: at.Column, HalfMove: b.game.Len() + 1, MoveText: text, FEN: b.game.Position().FEN(), Err: err}
	}
	if err := b.game.gameOver(text); err != nil {
		return fail(err) // a game that ended by repetition: the position does not know it
	}
	m, err := parseSANBounded(b.game.Position(), b.rr.ctx, text, b.rr.lim)
	if err != nil {
		return fail(err)
	}
	b.game = b.game.playLegal(m)
	return nil
}

// parseSANBounded reads a move as Position.ParseSAN does, bounded by ctx (nil:
// never done) and lim.
func parseSANBounded(p Position, ctx context.Context, text string, lim Limits) (Move, error) {
	if err := ctxDone(ctx); err != nil {
		return Move{}, err
	}
	if ctx == nil && lim.MaxStates <= 0 {
		return p.parseSANWithin(text, nil)
	}
	return p.parseSANWithin(text, newBounds(ctx, lim))
}

func (b *recordBuilder) NAG(n int) {
	notes := b.notes(len(b.lines) - 1)
	last := &(*notes)[len(*notes)-1]
	last.NAGs = append(last.NAGs, n)
}

// StartVariation opens a variation of the current line's last move, played from
// the position before it.
func (b *recordBuilder) StartVariation(pgn.Pos) error {
	var start Position
	if i := len(b.lines) - 1; i == 0 {
		start, _ = b.game.PositionAt(b.game.Len() - 1)
	} else {
		start = b.lines[i].before
	}
	b.lines = append(b.lines, lineFrame{after: start})
	return nil
}

// EndVariation closes the current variation: it joins the alternatives to the last
// move of the line around it.
func (b *recordBuilder) EndVariation() {
	i := len(b.lines) - 1
	b.flush(i)
	v := b.lines[i].v
	b.lines[i] = lineFrame{}
	b.lines = b.lines[:i]
	notes := b.notes(i - 1)
	last := &(*notes)[len(*notes)-1]
	last.Variations = append(last.Variations, v)
}

// End ends the main line: the Pending tag's actions are played, the result is
// settled, and the tags the game determines are dropped.
func (b *recordBuilder) End(result string, at pgn.Pos) error {
	b.flush(0)
	if err := b.pending(); err != nil {
		return err
	}
	if err := b.settleResult(result, at); err != nil {
		return err
	}
	// Keep only the tags that the game does not determine.
	kept := b.rec.Tags[:0:0]
	for _, t := range b.rec.Tags {
		if !isDerivedTag(t.Name) || t.Name == "Termination" && t.Value != b.game.Outcome().Termination.String() {
			kept = append(kept, t)
		}
	}
	b.rec.Tags = kept
	return nil
}

// pending applies the Pending tag: the actions of an unfinished half-move.
func (b *recordBuilder) pending() error {
	v := b.rec.Tag("Pending")
	if v == "" {
		return nil
	}
	g := b.game
	acts, err := ParseActions(v)
	if err == nil {
		var next Game
		if next, err = g.ApplyAll(acts); err == nil && next.Len() != g.Len() {
			err = &NotationError{Notation: "record", Input: v, Reason: "Pending completes a half-move; write it in the movetext"}
		}
		g = next
	}
	if err != nil {
		return b.fail(b.tagAt["Pending"], err) // the action error names the position
	}
	b.game = g
	return nil
}

// settleResult checks the result against the moves and records an ending the moves
// do not show.
func (b *recordBuilder) settleResult(result string, at pgn.Pos) error {
	g := b.game
	if tagResult := b.rec.Tag("Result"); tagResult != "" && result == "" {
		result, at = tagResult, b.tagAt["Result"]
	}
	switch result {
	case "", "*":
		return nil // the moves end the game, or nothing says how it ended
	case "1-0", "0-1", "1/2-1/2":
	default:
		return b.fail(at, &NotationError{Notation: "record", Input: result, Reason: "a result is 1-0, 0-1, 1/2-1/2 or *"})
	}
	if g.Outcome().IsOver() {
		if want := g.Outcome().Result(); result != want {
			return b.fail(at, &NotationError{Notation: "record", Input: result, Reason: "the moves end the game " + want + " (" + g.Outcome().String() + ")"})
		}
		return nil
	}
	term := b.rec.Tag("Termination")
	lower := strings.ToLower(strings.TrimSpace(term))
	if t, ok := b.tagAt["Termination"]; ok && (lower == "agreement" && result != "1/2-1/2" ||
		(lower == "resignation" || lower == "timeout" || lower == "time forfeit") && result == "1/2-1/2") {
		return b.fail(t, &NotationError{Notation: "record", Input: term, Reason: "Termination " + strconv.Quote(term) + " does not fit the result " + result})
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
		return b.fail(at, err)
	}
	b.game = g
	return nil
}
