package pacosako

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako/internal/pgn"
)

// Game records in PGN, the Portable Game Notation of chess, with the moves in chain
// SAN. The writer emits PGN's export form; the reader takes what PGN writers emit.
//
//	[Event "Casual game"]
//	[Site "pacoplay.com"]
//	[Date "2026.11.29"]
//	[Round "?"]
//	[White "Ada"]
//	[Black "Bo"]
//	[Result "1-0"]
//	[SetUp "1"]
//	[FEN "4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -"]
//
//	1. Bxe4,Ne4xc3,Qc3xc6 $1 {the rules-page chain} (1. Kg2 Kd8) 1... Kd8 1-0

// Tag is one tag pair of a game record: [Name "Value"].
type Tag struct {
	Name  string
	Value string
}

// Record is one game as a PGN record: its tag pairs, the main line as a Game (start
// position, half-moves, an unfinished half-move, the result), and what the record
// says about the moves — comments, numeric annotation glyphs (NAGs) and variations.
// NewRecordReader and ParseRecord read records; WriteRecord and String write them.
//
// A record built in code needs only Game (and Tags for the players and the event):
//
//	rec := pacosako.Record{Game: g, Tags: []pacosako.Tag{{Name: "White", Value: "Ada"}}}
//	fmt.Print(rec)
type Record struct {
	// Tags are the tag pairs in the order they were read or are to be written. A
	// record read holds every tag as written, on every path (NewRecordReader,
	// SkipMovetext, ParseRecord, package records), the ones the game determines
	// included: Result, Variant, SetUp, FEN, Rules, Repetition, Termination and
	// Pending, which the reader turns into Game. So Tag("Result") is the record's
	// word and Game.Outcome() the game's, "" and running for a record without a
	// Result tag and result token. The writer writes those tags from Game, not
	// from Tags; only a Termination word of the record's own (such as lichess's
	// "Normal") is kept where the Game's ending allows it.
	Tags []Tag
	// Game is the main line.
	Game Game
	// Comment is the comment before the first move (and before any move number).
	Comment string
	// Notes[i] is what the record says about Game.PlayedMoves()[i]; Notes may be
	// shorter than the game (the later half-moves have none): the reader makes
	// them up to the last half-move the record says something about, none for a
	// record of moves alone.
	Notes []Note

	ended pgn.RuleEnd[Outcome] // where the record went on after its game ended by rule (EndedByRule)
}

// Note is what a game record says about one half-move besides the move itself.
type Note struct {
	// NAGs are the numeric annotation glyphs after the move, in order, 0..255. The
	// move suffixes read as NAGs: "!" is 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6;
	// they are written back as "$1" … (PGN's export form).
	NAGs []int
	// Comment is the comment after the move; several comments in a row, and a
	// comment before the next move, are joined by a space. White space inside is
	// reduced to single spaces.
	Comment string
	// Variations are alternatives to this half-move (PGN's "(…)"), each starting in
	// the position before it.
	Variations []Variation
}

// Variation is an alternative line of a game record: half-moves played from the
// position before the half-move it is an alternative to.
type Variation struct {
	Comment string // the comment before its first move
	Moves   []Move // each legal in the position the one before it led to (Move.After)
	// Notes[i] is about Moves[i], as Record.Notes; Notes may be shorter than
	// Moves: the reader makes them up to the last move the record says something
	// about (none for a variation without comments, NAGs or variations after its
	// moves), so that a variation costs little more than its moves.
	Notes []Note
}

// Tag returns the value of the tag name as the record has it (Tags), or "" if
// it has none.
func (r Record) Tag(name string) string { return pgn.TagValue(r.Tags, name) }

// EndedByRule reports whether the record went on after its game had ended by a
// rule, and where: after ply completed half-moves of the main line (0: at the
// start) the game had ended with outcome o, a draw in a position with moves
// left (no progress, repetition, the rulebook's all-united and kings-united
// draws), and the record has moves after it, or states a win there. The reader
// reads such a record whole, as it reads Atomic chess's that go on past the
// endings lichess applies: Game holds every move, its Outcome is its last
// position's (Game.UndoTo(ply) gives the game where it ended), or the win the
// record states, which a Game then holds over a draw by rule. ok is false for a
// record read otherwise, and for one built in code.
func (r Record) EndedByRule() (ply int, o Outcome, ok bool) { return r.ended.Get() }

// RecordError reports a game of a record stream that cannot be read, where and why:
// malformed text (ErrInvalidNotation, with what was expected), a tag that does not
// fit (ErrInvalidFEN for a bad FEN tag, ErrInvalidRules …), or a move that is not
// legal or is ambiguous in its position (ErrIllegalMove, ErrAmbiguousMove,
// ErrGameOver). Game counts the games of the input from 1; Line and Column (from 1,
// columns in characters, a byte-order mark not counted) locate the token at fault;
// HalfMove (from 1 in the main line, 0 when the error is not about a main-line move)
// and MoveText name the move, FEN the position it was read in.
type RecordError struct {
	Game     int
	Line     int
	Column   int
	HalfMove int
	MoveText string
	FEN      string
	Err      error
}

func (e *RecordError) Error() string {
	detail := bare(e.Err)
	var me *MoveError
	if errors.As(e.Err, &me) && me.FEN == e.FEN {
		detail = strings.TrimPrefix(me.detail(), prefix) // the move and the position are said once
	}
	return pgn.ErrorText(prefix, e.Game, e.Line, e.Column, e.HalfMove, e.MoveText, e.FEN, detail, shorten)
}

// Unwrap returns Err.
func (e *RecordError) Unwrap() error { return e.Err }

// ---- writing

// isDerivedTag reports whether the game determines the tag name: the writer
// derives it from the Game, and the reader turns it into the Game
// (pgn.Determines: Result, Variant, SetUp, FEN, Rules, Repetition, Termination,
// Pending).
func isDerivedTag(name string) bool { return pgn.Determines(pgn.PacoSako, name) }

// variantName is the value of the Variant tag WriteRecord gives every Paco Ŝako
// record, so that no reader takes it for another game's (atomic.NewRecordReader
// refuses it, records.NewReader reads it as Paco Ŝako).
const variantName = "Paco Ŝako"

// String writes the record in PGN's export form, as WriteRecord does, without the
// empty line that separates records. What WriteRecord refuses, String leaves out
// and says so in the comment before the first move: a tag whose name PGN cannot
// hold, a NAG outside 0..255, and a variation's moves from the first that is not
// legal in its line (a comment there says so). It never returns "".
//
// Cost: each move is written as Position.SAN writes it (usually microseconds); the
// stack is the same however deeply variations nest.
func (r Record) String() string {
	var sb strings.Builder
	_ = r.write(&sb, nil, true) // a strings.Builder does not fail, and lenient writing skips what it cannot write
	return sb.String()
}

// WriteRecord writes r to w in PGN's export form followed by an empty line, so
// that records written in turn form a stream NewRecordReader reads: the seven-tag
// roster, then Variant "Paco Ŝako" and the tags the game determines (SetUp, FEN,
// Rules, Repetition, Termination, Pending), the other tags, and the movetext in
// chain SAN numbered from the start's full-move number, in lines of at most 80
// characters, with no control character of the input. Errors: one wrapping
// ErrInvalidNotation, with nothing written, for what a reader could not read back
// (a tag name that is not a PGN symbol, a NAG outside 0..255); else the writer's.
// WriteRecordContext bounds the moves' writing.
func WriteRecord(w io.Writer, r Record) error { return writeRecord(w, r, nil) }

// WriteRecordContext is WriteRecord with each move's SAN written by
// Position.SANContext: it returns ctx.Err() if ctx is done when it is called or
// while it writes a move, and a *SearchLimitError when a search holds more than
// lim.MaxStates states; nothing is written then. A nil ctx is never done.
func WriteRecordContext(ctx context.Context, w io.Writer, r Record, lim Limits) error {
	if err := ctxDone(ctx); err != nil {
		return err
	}
	return writeRecord(w, r, newBounds(ctx, lim))
}

func writeRecord(w io.Writer, r Record, lim *bounds) error {
	var sb strings.Builder // nothing is written unless all of it can be
	if err := r.write(&sb, lim, false); err != nil {
		return err
	}
	sb.WriteString("\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// write writes the record through the shared writer (pgn.WriteRecord); lenient
// (String) leaves out what it cannot write and says so in comments, where
// otherwise it is an error.
func (r Record) write(w io.Writer, lim *bounds, lenient bool) error {
	g := r.Game
	start := g.Start()
	o := g.Outcome()
	derived := []pgn.Tag{{Name: "Result", Value: o.Result()}, {Name: "Variant", Value: variantName}}
	fen, first := startTag(start)
	if fen != StartFEN {
		derived = append(derived, pgn.Tag{Name: "SetUp", Value: "1"}, pgn.Tag{Name: "FEN", Value: fen})
	}
	if rules := start.Rules(); rules != Pacoplay {
		derived = append(derived, pgn.Tag{Name: "Rules", Value: rules.String()})
	}
	if g.cfg != nil && g.cfg.repetitions != 3 {
		derived = append(derived, pgn.Tag{Name: "Repetition", Value: strconv.Itoa(g.cfg.repetitions)})
	}
	derived = append(derived, pgn.Tag{Name: "Termination", Value: pgn.TerminationTag(r.Tag("Termination"), o.Termination.String(), o.Result())})
	if p := g.PendingActions(); len(p) > 0 {
		derived = append(derived, pgn.Tag{Name: "Pending", Value: FormatActions(p)})
	}
	return pgn.WriteRecord(w, noteShape{}, sanWriting{lim}, pgn.Out[Position, Move, Note]{
		Derived: derived, Tags: pgn.TagsOf(r.Tags), Determined: isDerivedTag, Refuse: recordNotation,
		Lead: r.Comment, Start: start, FirstMove: first, Moves: g.PlayedMoves(), Notes: r.Notes, Result: o.Result(),
	}, lenient)
}

// noteShape gives the shared record code Note's and Variation's fields.
type noteShape struct{}

func (noteShape) NoteFields(n *Note) (*[]int, *string, *[]Variation) {
	return &n.NAGs, &n.Comment, &n.Variations
}

func (noteShape) VariationFields(v *Variation) (*string, *[]Move, *[]Note) {
	return &v.Comment, &v.Moves, &v.Notes
}

// sanWriting writes moves for the shared writer in chain SAN, under lim (nil:
// unbounded).
type sanWriting struct{ lim *bounds }

func (s sanWriting) SAN(p Position, m Move) (string, error) {
	p.resume() // a record's move after a draw by rule: the reader played on from it
	return p.sanWithin(m, s.lim)
}
func (sanWriting) After(_ Position, m Move) Position { return m.After() }
func (sanWriting) White(p Position) bool             { return p.turn == White }
func (sanWriting) Illegal(err error) bool            { return errors.Is(err, ErrIllegalMove) }
func (sanWriting) Name(m Move) string                { return m.String() }

// startTag is the FEN tag of a start position and the number of its first move,
// as a reader of the tag numbers it: the engine dialect (numbered from 1), unless
// that loses what the position's rules keep (startFEN: vchess's dialect, whose
// half-moves played number it) or the start's full-move number is past 1, then a
// chess FEN, which carries it, when it holds the position.
func startTag(start Position) (string, int) {
	fen := startFEN(start)
	if n := start.FullMoveNumber(); n > 1 && DetectFENDialect(fen) == EngineDialect {
		if c, err := start.FENIn(ChessDialect); err == nil {
			if back, err := ParseFEN(c); err == nil && back.WithRules(start.rules).Equal(start) && back.FullMoveNumber() == n {
				return c, n
			}
		}
	}
	back, err := ParseFEN(fen)
	if err != nil {
		return fen, 1 // not reached: the package's own FENs read back
	}
	return fen, back.FullMoveNumber()
}

// startFEN is the FEN tag of a start position: the engine dialect, unless that
// loses what the position's rules keep (vchess's pawn file flags and ko move),
// then vchess's dialect.
func startFEN(start Position) string {
	fen := start.FEN()
	if start.rules.switches&(PawnFileFlags|Ko) != 0 {
		if back, err := ParseFEN(fen); err != nil || !back.WithRules(start.rules).Equal(start) {
			if v, err := start.FENIn(VchessDialect); err == nil {
				return v
			}
		}
	}
	return fen
}
