package pacosako

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako/internal/pgn"
)

// RecordReader reads Paco Ŝako's PGN records one after the other from a stream,
// in the manner of bufio.Scanner: Scan, then Record (a *RecordError — game, line,
// column, why — for a game that cannot be read; the reading goes on), then Err
// for the stream. It reads every form "Game records" in the package doc lists; a
// record without a Variant tag, or with one chess tools write ("Standard",
// "Chess960", "Paco Sako"), is Paco Ŝako's, an Atomic record is an error at its
// tag (package records reads both). Main-line moves are played in a Game, those
// of variations from their position; a record that plays on after a rule's draw
// reads whole (Record.EndedByRule). Time is linear in the input and the stack
// independent of nesting; NewRecordReaderContext bounds each move and stops at
// its context.
type RecordReader struct {
	gs *pgn.Games[Record]
}

// NewRecordReader returns a reader of the game records in r.
//
// Cost: see RecordReader; each move is read as Position.ParseSAN reads it
// (usually microseconds).
func NewRecordReader(r io.Reader) *RecordReader {
	return newRecordReader(context.Background(), r, Limits{})
}

// NewRecordReaderContext is NewRecordReader, bounded: each move is read under lim
// (a move whose reading holds more than lim.MaxStates states is a *RecordError
// wrapping a *SearchLimitError, and the reading goes on with the next game), and
// when ctx is done the game being read ends with a *RecordError wrapping ctx.Err()
// and Scan stops (Err returns the same). The context is looked at before each move
// and, whatever the input is made of (a long comment, token or tag value, a run of
// tags or of white space), after every 64 KB read and every 1,024 tokens, so the
// reading stops within that much input of the context's end. A nil ctx is never
// done.
func NewRecordReaderContext(ctx context.Context, r io.Reader, lim Limits) *RecordReader {
	return newRecordReader(ctx, r, lim)
}

func newRecordReader(ctx context.Context, r io.Reader, lim Limits) *RecordReader {
	handler := func(game int) pgn.GameHandler[Record] { return newRecordBuilder(game, ctx, lim) }
	return &RecordReader{gs: pgn.NewGames(ctx, r, handler, recordError)}
}

// recordError is err at a place of game n.
func recordError(n int, at pgn.Pos, err error) error {
	if se, ok := err.(*pgn.SyntaxError); ok {
		err = recordNotation(se.Input, se.Reason) // the stream's text is no record (UTF-16)
	}
	return &RecordError{Game: n, Line: at.Line, Column: at.Column, Err: err}
}

// Scan reads the next game; it returns false at the end of the input, or when the
// input cannot be read (Err). A game that is not a valid record still counts: Scan
// returns true and Record returns its error.
func (rr *RecordReader) Scan() bool { return rr.gs.Scan() }

// Record returns the game read by the last Scan. When it could not be read, the
// error is a *RecordError (game, line, column, why) and the record holds what was
// read before the problem: the tags, and the main line up to the move at fault.
func (rr *RecordReader) Record() (Record, error) { return rr.gs.Record() }

// Err returns the error that stopped the reading of the stream itself (an I/O
// error, or for NewRecordReaderContext the context's error), or nil at a clean
// end. Games that could not be read are Record's errors.
func (rr *RecordReader) Err() error { return rr.gs.Err() }

// ParseRecord reads exactly one game record from text (see RecordReader for what
// it reads). The errors are *RecordError values; text with no game or more than
// one is an error wrapping ErrInvalidNotation.
//
// Cost: see RecordReader; each move is read as Position.ParseSAN reads it
// (usually microseconds).
func ParseRecord(text string) (Record, error) {
	return NewRecordReader(strings.NewReader(text)).gs.Single(text, recordNotation)
}

// ParseRecordContext is ParseRecord, bounded as NewRecordReaderContext bounds a
// stream: each move is read under lim, and ctx's end stops the reading with a
// *RecordError wrapping ctx.Err(). A nil ctx is never done.
func ParseRecordContext(ctx context.Context, text string, lim Limits) (Record, error) {
	return NewRecordReaderContext(ctx, strings.NewReader(text), lim).gs.Single(text, recordNotation)
}

// recordNotation is text that is not a record, and why.
func recordNotation(input, reason string) error {
	return &NotationError{Notation: "record", Input: input, Reason: reason}
}

// ---- what a game record's parts do in Paco Ŝako (the syntax and the notes are
// internal/pgn's)

// recordBuilder builds a Record from the parts of a game record (a
// pgn.GameHandler): the shared pgn.Builder keeps the tags, comments, NAGs and
// variations; it plays the moves of the main line in a Game and reads those of
// variations from their positions.
type recordBuilder struct {
	*pgn.Builder[Position, Move, Note, Variation]
	n       int             // the game's number in the stream
	ctx     context.Context // nil: never done
	lim     Limits
	game    Game
	moves   moveStore            // the variations' moves
	scratch moveScratch          // the move read last, played at once (main line) or kept in moves
	ended   pgn.RuleEnd[Outcome] // where the main line went on past an ending by rule
}

// newRecordBuilder returns the builder of game n of a stream, its moves read under
// ctx (nil or Background: never done) and lim.
func newRecordBuilder(n int, ctx context.Context, lim Limits) *recordBuilder {
	if ctx == context.Background() || ctx == context.TODO() {
		ctx = nil
	}
	b := &recordBuilder{n: n, ctx: ctx, lim: lim}
	b.Builder = pgn.NewBuilder[Position, Move, Note, Variation](noteShape{}, b)
	return b
}

// fail returns a *RecordError at a place.
func (b *recordBuilder) fail(at pgn.Pos, err error) error { return recordError(b.n, at, err) }

// Done returns the record read, the main line up to a problem, and the game's
// error as a *RecordError.
func (b *recordBuilder) Done(err error) (Record, error) {
	if err != nil {
		b.EndMain() // the comments read before the problem
		if se, ok := err.(*pgn.SyntaxError); ok {
			err = b.fail(se.At, recordNotation(se.Input, se.Reason))
		}
	}
	b.game.keep()
	return Record{Tags: pgn.TagsAs[Tag](b.Tags()), Game: b.game, Comment: b.Lead(), Notes: saidNotes(b.Notes()), ended: b.ended}, err
}

// saidNotes returns the notes of the main line up to the last half-move the
// record says something about (Record.Notes), in a slice of their own when that
// leaves much of notes unused: a record of plain moves keeps none, not 64 bytes
// of empty Note per half-move.
func saidNotes(notes []Note) []Note {
	n := len(notes)
	for n > 0 && len(notes[n-1].NAGs) == 0 && notes[n-1].Comment == "" && len(notes[n-1].Variations) == 0 {
		n--
	}
	switch {
	case n == 0:
		return nil
	case n <= cap(notes)*3/4:
		return slices.Clone(notes[:n])
	}
	return notes[:n]
}

// StartMovetext checks the Variant tag, reads the start position, the rules and
// the repetition limit from the tags and starts the game.
func (b *recordBuilder) StartMovetext() error {
	if err := b.CheckVariant(pgn.PacoSako); err != nil {
		return err
	}
	start := StartingPosition()
	var opts []GameOption
	if fen, at := b.TagValue("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			return b.fail(at, err)
		}
		start = p
	}
	if v, at := b.TagValue("Rules"); v != "" {
		r, err := ParseRules(v)
		if err != nil {
			return b.fail(at, err)
		}
		start = start.WithRules(r)
	}
	if v, at := b.TagValue("Repetition"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return b.fail(at, recordNotation(v, "Repetition is a number of occurrences (0 = off)"))
		}
		opts = append(opts, WithRepetitionLimit(n))
	}
	b.game = NewGame(start, opts...)
	return nil
}

// Main reads a main-line move and plays it. The game's ending, if it has one,
// is the error, but for a draw by rule that records play past (Game.ruleDraw),
// which is set aside and noted (Record.EndedByRule).
func (b *recordBuilder) Main(text string, at pgn.Pos) error {
	fail := func(err error) error {
		return &RecordError{Game: b.n, Line: at.Line, Column: at.Column, HalfMove: b.game.Len() + 1, MoveText: text, FEN: b.game.Position().FEN(), Err: err}
	}
	g := b.game
	ended, past := g.ruleDraw()
	if past {
		g = g.resumed()
	}
	if err := g.gameOver(text); err != nil {
		return fail(err) // a game that ended by repetition: the position does not know it
	}
	m, err := parseSANBounded(g.Position(), b.ctx, text, b.lim, &b.scratch)
	if err != nil {
		return fail(err)
	}
	if past {
		b.ended.Note(g.Len(), ended)
	}
	b.game = g.playLegal(m)
	return nil
}

// Before returns the position before the main line's last move, running: the
// move was played from it (after an ending by rule, too).
func (b *recordBuilder) Before() Position {
	p, _ := b.game.PositionAt(b.game.Len() - 1)
	p.resume()
	return p
}

// Variation reads a variation's move in its position, played on from a draw
// by rule as the main line is (Position.resume).
func (b *recordBuilder) Variation(p Position, text string, at pgn.Pos) (Move, Position, error) {
	p.resume()
	m, err := parseSANBounded(p, b.ctx, text, b.lim, &b.scratch)
	if err != nil {
		return Move{}, p, &RecordError{Game: b.n, Line: at.Line, Column: at.Column, MoveText: text, FEN: p.FEN(), Err: err}
	}
	m = b.moves.keep(m)
	return m, m.After(), nil
}

// moveStore keeps the moves of a record's variations compactly. A move as the
// search finds it holds the search's allocations: a copy of its position and a
// block of 16 actions with its list, about 240 bytes, which a record of many
// short variations ("(1. d4) (1. d4) …", 8 bytes each) would keep per move.
// Kept here, moves of one position share one copy of it (the positions of the
// last few lists are compared, which catches sibling variations) and their
// actions fill blocks to the end: a move of a position seen last costs its
// actions, a move of another position that position, a list and its actions.
type moveStore struct {
	recent [4]keptList // the lists filled last, the newest first; list nil: none
}

// keptList is a list of actions the store fills, and how much of it is used.
type keptList struct {
	list *moveList
	used int
}

// keep returns m, a move of some position, with its actions in the store's lists.
func (s *moveStore) keep(m Move) Move {
	path := m.path()
	if m.list == nil || len(path) == 0 {
		return m
	}
	root := m.list.root
	i := 0
	for ; i < len(s.recent) && s.recent[i].list != nil && *s.recent[i].list.root != *root; i++ {
	}
	var k keptList
	switch {
	case i == len(s.recent) || s.recent[i].list == nil:
		// A new position: its own copy (the search's may share an allocation
		// with all its moves' actions) and a list of exactly this move's.
		i = min(i, len(s.recent)-1)
		r := new(Position)
		*r = *root
		k.list = &moveList{root: r, paths: make([]Action, len(path))}
	case s.recent[i].used+len(path) > len(s.recent[i].list.paths):
		// The position again, its list full: a longer one, the copy shared.
		// Lists are never reallocated, as Move values point into them.
		old := s.recent[i].list
		size := min(max(2*len(old.paths), 16), 4096)
		k.list = &moveList{root: old.root, paths: make([]Action, max(size, len(path)))}
	default:
		k = s.recent[i]
	}
	copy(s.recent[1:i+1], s.recent[:i]) // k first
	copy(k.list.paths[k.used:], path)
	kept := newMove(k.list, k.used, len(path), m.flags())
	k.used += len(path)
	s.recent[0] = k
	return kept
}

// parseSANBounded reads a move as Position.ParseSAN does, bounded by ctx (nil:
// never done) and lim, possibly into sc (moveScratch: valid until the next read).
func parseSANBounded(p Position, ctx context.Context, text string, lim Limits, sc *moveScratch) (Move, error) {
	if err := ctxDone(ctx); err != nil {
		return Move{}, err
	}
	if ctx == nil && lim.MaxStates <= 0 {
		return p.parseSANTo(text, nil, sc)
	}
	return p.parseSANTo(text, newBounds(ctx, lim), sc)
}

// End ends the main line: the Pending tag's actions are played and the result is
// settled.
func (b *recordBuilder) End(result string, at pgn.Pos) error {
	b.EndMain()
	if err := b.pending(); err != nil {
		return err
	}
	if err := b.settleResult(result, at); err != nil {
		return err
	}
	return nil
}

// pending applies the Pending tag: the actions of an unfinished half-move.
func (b *recordBuilder) pending() error {
	v, at := b.TagValue("Pending")
	if v == "" {
		return nil
	}
	g := b.game
	acts, err := ParseActions(v)
	if err == nil {
		var next Game
		if next, err = g.ApplyAll(acts); err == nil && next.Len() != g.Len() {
			err = recordNotation(v, "Pending completes a half-move; write it in the movetext")
		}
		g = next
	}
	if err != nil {
		return b.fail(at, err) // the action error names the position
	}
	b.game = g
	return nil
}

// settleResult checks the result against the moves and records an ending the moves
// do not show (pgn.Settle). The tags stay as written (Record.Tags).
func (b *recordBuilder) settleResult(result string, at pgn.Pos) error {
	o := b.game.Outcome()
	_, passable := b.game.ruleDraw()
	s, err := pgn.Settle(result, at, b.Tags(), pgn.Judged{Over: o.IsOver(), Result: o.Result(), Ending: o.String(), Passable: passable})
	if err != nil {
		return err
	}
	g := b.game
	past := o.IsOver() && s.Ending != pgn.NoEnding // a win the record states where a rule had drawn the game
	if past {
		b.ended.Note(g.Len(), o)
		g = g.resumed()
	}
	g, err = pgn.Apply(g, s, White, Black)
	if err != nil {
		return b.fail(at, err)
	}
	if past {
		g.at, g.cur = b.game.at, b.game.cur // the positions as the rule left them; the win is the game's result
	}
	b.game = g
	return nil
}
