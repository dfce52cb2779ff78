package atomic

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/pgn"
)

// RecordReader reads Atomic chess's PGN records one after the other from a
// stream, in the manner of bufio.Scanner (Scan, Record, Err), with the root
// package's PGN reader: the same forms and the same bounds on hostile input. A
// record without a Variant tag or with an Atomic one ("Atomic", "Atomic960") is
// Atomic's; another game's is a *RecordError at its tag, and the reading goes on.
// The start comes from the FEN tag, the Game's limits from Repetition,
// NoProgress, RepetitionClaim and NoProgressClaim tags; moves are SAN or UCI
// (Position.ParseMove). A result the moves do not show is read as lichess writes
// it with its Termination tag; a record that plays on past lichess's automatic
// draws reads whole (Record.EndedByRule). Details: docs/records.md.
type RecordReader struct {
	gs *pgn.Games[Record]
}

// NewRecordReader returns a reader of the game records in r.
func NewRecordReader(r io.Reader) *RecordReader {
	return NewRecordReaderContext(context.Background(), r)
}

// NewRecordReaderContext is NewRecordReader, stopped by ctx: when ctx is done the
// game being read ends with a *RecordError wrapping ctx.Err() and Scan stops (Err
// returns the same). The context is looked at before each move and after every 64
// KB of input and 1,024 tokens, as the root package's reader does, so a long
// comment or token or a run of tags stops too. A nil ctx is never done. Unlike
// the root package's, it takes no Limits: reading an Atomic move needs no search
// to bound.
func NewRecordReaderContext(ctx context.Context, r io.Reader) *RecordReader {
	var done func() error // the builders look at it before each move
	if ctx != nil && ctx != context.Background() && ctx != context.TODO() {
		done = ctx.Err
	}
	handler := func(game int) pgn.GameHandler[Record] { return newRecordBuilder(game, done) }
	return &RecordReader{gs: pgn.NewGames(ctx, r, handler, recordError)}
}

// recordError is err at a place of game n.
func recordError(n int, at pgn.Pos, err error) error {
	if se, ok := err.(*pgn.SyntaxError); ok {
		err = recordNotation(se.Input, se.Reason) // the stream's text is no record (UTF-16)
	}
	return &RecordError{Game: n, Line: at.Line, Column: at.Column, Err: err}
}

// Scan moves to the next game and reports whether there was one: false at the end
// of the input or when it could not be read further (see Err). A game with errors
// is still a game: Record says what was wrong with it.
func (rr *RecordReader) Scan() bool { return rr.gs.Scan() }

// Record returns the game Scan moved to, and for a game that could not be read its
// *RecordError (game, line, column, the half-move) with the part read before the
// problem: its tags and its main line up to the move at fault.
func (rr *RecordReader) Record() (Record, error) { return rr.gs.Record() }

// Err returns why the stream could not be read to its end (an I/O error, the
// context's error), as a *RecordError, or nil. Errors of single games are
// Record's.
func (rr *RecordReader) Err() error { return rr.gs.Err() }

// SkipMovetext makes every Scan from then on read only the game's tags (skip
// true), or whole games again (false), as the root package's
// RecordReader.SkipMovetext does: the tag section is read (its syntax and its
// Variant tag checked: a record of another game is the same *RecordError as
// when reading it whole) and the movetext skipped to the end of the game, where
// the reader reading it whole would end it. Record then returns the record's
// tags as reading it whole gives them (every tag as written, the ones a Game
// determines — Result, Variant, FEN, SetUp, Termination, the limits — included)
// and nothing else: a zero Game, no comment or notes. Not checked: the FEN and the limit tags, the movetext's syntax, the
// moves, the result. It is much faster than a whole reading, to pick games by
// their tags before reading them whole.
func (rr *RecordReader) SkipMovetext(skip bool) {
	if !skip {
		rr.gs.SkipMovetext(nil)
		return
	}
	rr.gs.SkipMovetext(pgn.TagsRecord(pgn.Atomic, tagsRecord, recordError))
}

// tagsRecord is a record of tags alone, all of them (SkipMovetext).
func tagsRecord(tags []pgn.Tag) Record { return Record{Tags: pgn.TagsAs[Tag](tags)} }

// ParseRecord reads text holding exactly one game record, as RecordReader reads
// each game of a stream; text without a game, or with more than one, is a
// *RecordError wrapping ErrInvalidNotation.
func ParseRecord(text string) (Record, error) {
	return NewRecordReader(strings.NewReader(text)).gs.Single(text, recordNotation)
}

// recordNotation is text that is not a record, and why.
func recordNotation(input, reason string) error {
	return &NotationError{Notation: "record", Input: input, Reason: reason}
}

// ---- what a game record's parts do in Atomic chess (the syntax and the notes
// are internal/pgn's)

// recordBuilder builds a Record from the parts of a game record (a
// pgn.GameHandler): the shared pgn.Builder keeps the tags, comments, NAGs and
// variations; it plays the moves of the main line in a Game and reads those of
// variations from their positions.
type recordBuilder struct {
	*pgn.Builder[Position, Move, Note, Variation]
	n      int          // the game's number in the stream
	done   func() error // the reader's context's Err; nil: never done
	game   Game
	before Position             // the position before the main line's last move
	ended  pgn.RuleEnd[Outcome] // where the main line went on past an ending by rule
}

func newRecordBuilder(n int, done func() error) *recordBuilder {
	b := &recordBuilder{n: n, done: done}
	b.Builder = pgn.NewBuilder[Position, Move, Note, Variation](noteShape{}, b)
	return b
}

// Done returns the record read, the main line up to a problem, and the game's
// error as a *RecordError.
func (b *recordBuilder) Done(err error) (Record, error) {
	if err != nil {
		b.EndMain() // the comments read before the problem
		if se, ok := err.(*pgn.SyntaxError); ok {
			err = recordError(b.n, se.At, recordNotation(se.Input, se.Reason))
		}
	}
	return Record{Tags: pgn.TagsAs[Tag](b.Tags()), Game: b.game.settle(), Comment: b.Lead(), Notes: b.Notes(), ended: b.ended}, err
}

// StartMovetext checks the Variant tag, reads the start position and the limits
// from the tags and starts the game.
func (b *recordBuilder) StartMovetext() error {
	if err := b.CheckVariant(pgn.Atomic); err != nil {
		return err
	}
	start := StartingPosition()
	if fen, at := b.TagValue("FEN"); fen != "" && fen != StartFEN {
		p, err := ParseFEN(fen)
		if err != nil {
			return recordError(b.n, at, err)
		}
		start = p
	}
	var opts []GameOption
	for _, limit := range limitTags {
		if v, at := b.TagValue(limit.tag); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return recordError(b.n, at, recordNotation(v, limit.tag+" is "+limit.what+" (0 = off)"))
			}
			opts = append(opts, limit.option(n))
		}
	}
	b.game = NewGame(start, opts...)
	return nil
}

// readMove reads a move's text in p, after checking the reader's context.
func (b *recordBuilder) readMove(p *Position, text string) (Move, error) {
	if b.done != nil {
		if err := b.done(); err != nil {
			return Move{}, err
		}
	}
	return p.parseMove(text)
}

// Main reads a main-line move and plays it, as Game.playText plays a move read:
// the game's ending, if it has one, is the error, but for an ending by rule that
// records play past (Game.ruleDraw), which is set aside and noted
// (Record.EndedByRule).
func (b *recordBuilder) Main(text string, at pgn.Pos) error {
	g := &b.game
	var m Move
	var err error
	var ended Outcome
	may, past := g.mayPlay(), false
	if !may {
		ended, past = g.ruleDraw()
		g.onward, may = past, past
	}
	if !may {
		err = g.gameOver(text)
	} else if m, err = b.readMove(&g.pos, text); err != nil {
		if over := g.gameOver(text); over != nil {
			err = over
		}
	}
	if err != nil {
		g.onward = false // the game read ends where it ended
		return &RecordError{Game: b.n, Line: at.Line, Column: at.Column, HalfMove: g.Len() + 1, MoveText: text, FEN: g.pos.FEN(), Err: err}
	}
	if past {
		b.ended.Note(g.Len(), ended)
	}
	b.before = g.pos
	g.advance(m)
	return nil
}

// Before returns the position before the main line's last move.
func (b *recordBuilder) Before() Position { return b.before }

// Variation reads a variation's move in its position.
func (b *recordBuilder) Variation(p Position, text string, at pgn.Pos) (Move, Position, error) {
	m, err := b.readMove(&p, text)
	if err != nil {
		return Move{}, p, &RecordError{Game: b.n, Line: at.Line, Column: at.Column, MoveText: text, FEN: p.FEN(), Err: err}
	}
	return m, p.play(m), nil
}

// End ends the main line: the result is checked against the moves and an ending
// they do not show recorded (pgn.Settle); the tags stay as written. A record
// says what happened: a draw at a position where a draw may be claimed is the
// claim (records of lichess go on after a threefold repetition), and a flag
// fall is the result's, a win or a draw on time, whatever the material (a
// timeout draw with material on the board is lichess's too: an opponent who left).
func (b *recordBuilder) End(result string, at pgn.Pos) error {
	b.EndMain()
	g := b.game
	o := g.Outcome()
	_, passable := g.ruleDraw()
	s, err := pgn.Settle(result, at, b.Tags(), pgn.Judged{Over: o.IsOver(), Result: o.Result(), Ending: o.String(),
		Claimable: g.CanClaimDraw(), TimeoutDraws: true, Passable: passable})
	if err != nil {
		return err
	}
	if o.IsOver() && s.Ending != pgn.NoEnding {
		// A win the record states where a rule had drawn the game: the record's.
		b.ended.Note(g.Len(), o)
		g.onward = true
	}
	loser := pacosako.White
	if s.BlackLost {
		loser = pacosako.Black
	}
	switch s.Ending {
	case pgn.Resignation:
		g, err = g.record(Resignation, loser, "resign")
	case pgn.Agreement:
		g, err = g.AgreeDraw()
	case pgn.Timeout:
		g, err = g.record(Timeout, loser, "run out of time")
	case pgn.TimeoutDraw:
		g, err = g.record(TimeoutDraw, loser, "run out of time")
	case pgn.Claim:
		g, err = g.ClaimDraw()
	}
	if err != nil {
		return recordError(b.n, at, err)
	}
	b.game = g
	return nil
}
