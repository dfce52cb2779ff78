package atomic

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/pgn"
)

// Game records in PGN, as lichess and python-chess write Atomic games: a
// [Variant "Atomic"] tag, the moves in SAN. They are read and written by the same
// PGN layer as the root package's Paco Ŝako records (internal/pgn: tags,
// movetext tokens, comments, NAGs, variations, results, the export form), so the
// two games' records behave alike; this file and recordreader.go add only what a
// move and a start position are in Atomic chess.
//
//	[Event "atomic-complete-18"]
//	[Site "python-chess random playout"]
//	[Date "????.??.??"]
//	[Round "?"]
//	[White "?"]
//	[Black "?"]
//	[Result "0-1"]
//	[Variant "Atomic"]
//
//	1. Na3 Nf6 2. Nh3 Ng4 3. Rb1 Nxf2# 0-1

// Tag is one tag pair of a game record, [Name "Value"]: the root package's Tag,
// since a tag pair is the same in both games' records.
type Tag = pacosako.Tag

// Record is a game record of Atomic chess, as the root package's Record is one
// of Paco Ŝako: the tags, the main line played in a Game, and the record's
// annotations of the moves (comments, NAGs, variations). Read records with
// NewRecordReader or ParseRecord, write them with WriteRecord or String; for a
// game played in code, Game alone (with the players' and event's Tags) makes a
// record:
//
//	fmt.Print(atomic.Record{Game: g, Tags: []atomic.Tag{{Name: "White", Value: "Ada"}}})
type Record struct {
	// Tags holds the record's tag pairs in their order, as the root package's
	// Record.Tags: a record read holds every tag as written, on every path, the
	// ones the Game determines included (Result, Variant, SetUp, FEN, Repetition,
	// NoProgress, RepetitionClaim, NoProgressClaim, Termination: the reader turns
	// them into the Game). The writer writes those tags from the Game, not from
	// Tags; only a Termination word of the record's own (such as lichess's
	// "Normal" or "Time forfeit") is kept where the Game's ending allows it.
	Tags []Tag
	Game Game // the main line
	// Comment is the text of the comments before the first move.
	Comment string
	// Notes annotate the main line: Notes[i] the half-move Game.PlayedMoves()[i];
	// half-moves past the end of Notes have none.
	Notes []Note

	ended pgn.RuleEnd[Outcome] // where the record went on after its game ended by rule (EndedByRule)
}

// Note annotates one half-move of a record, as the root package's Note does.
type Note struct {
	NAGs []int // numeric annotation glyphs, 0..255 (the suffixes ! ? !! ?? !? ?! read as 1 to 6, written as $1 …)
	// Comment is the comments after the half-move, joined by one space, with runs
	// of white space inside them made one space.
	Comment    string
	Variations []Variation // alternatives to the half-move, played from the position before it
}

// Variation is a line of a record played instead of a half-move, from the
// position before it.
type Variation struct {
	Comment string // the comments before its first move
	Moves   []Move // its half-moves, each a legal move after the one before
	// Notes annotate Moves, as Record.Notes the Game's; as in the root package,
	// the reader makes them only up to the last annotated move.
	Notes []Note
}

// Tag returns the value of the tag name as the record has it (Tags), or "" if
// it has none.
func (r Record) Tag(name string) string { return pgn.TagValue(r.Tags, name) }

// EndedByRule reports whether the record went on after its game had ended by a
// rule, and where: after ply half-moves of the main line (0: at the start) the
// game had ended with outcome o, a draw in a position with moves left (a dead or
// closed position, no progress, repetition), and the record has moves after
// it, or states a win there. python-chess, chessops and engine harnesses play
// on past the endings lichess applies; the reader reads such a record whole:
// Game holds every move, its Outcome is its last position's (Game.UndoTo(ply)
// gives the game where it ended), or the win the record states, which a Game
// then holds over a draw by rule. ok is false for a record read otherwise, and
// for one built in code.
func (r Record) EndedByRule() (ply int, o Outcome, ok bool) { return r.ended.Get() }

// RecordError reports a game of a record stream that cannot be read, where and why:
// malformed text (ErrInvalidNotation, with what was expected), a tag that does not
// fit (ErrInvalidFEN for a bad FEN tag; ErrInvalidNotation for a Variant tag of
// another game, a bad Repetition or NoProgress), or a move that is not legal or is
// ambiguous in its position (ErrIllegalMove, ErrAmbiguousMove, ErrGameOver). Game
// counts the games of the input from 1; Line and Column (from 1, columns in
// characters, a byte-order mark not counted) locate the token at fault; HalfMove
// (from 1 in the main line, 0 when the error is not about a main-line move) and
// MoveText name the move, FEN the position it was read in.
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
	detail := strings.TrimPrefix(e.Err.Error(), prefix)
	var me *MoveError
	if errors.As(e.Err, &me) && me.FEN == e.FEN {
		detail = strings.TrimPrefix(me.Err.Error(), prefix) + me.detailSuffix() // the move and the position are said once
	}
	return pgn.ErrorText(prefix, e.Game, e.Line, e.Column, e.HalfMove, e.MoveText, e.FEN, detail, shorten)
}

// Unwrap returns Err.
func (e *RecordError) Unwrap() error { return e.Err }

// ---- writing

// isDerivedTag reports whether the game determines the tag name: the writer
// derives it from the Game, and the reader turns it into the Game
// (pgn.Determines: Result, Variant, SetUp, FEN, Repetition, NoProgress,
// RepetitionClaim, NoProgressClaim, Termination).
func isDerivedTag(name string) bool { return pgn.Determines(pgn.Atomic, name) }

// The Game's limits as records carry them: a tag per limit, written when the
// Game's differs from NewGame's default (a number; 0 = never).
var limitTags = []struct {
	tag, what string
	deflt     int
	option    func(int) GameOption
	of        func(Game) int
}{
	{"Repetition", "a number of occurrences", defaultRepetitions, WithRepetitionLimit, Game.RepetitionLimit},
	{"NoProgress", "a number of half-moves", defaultNoProgress, WithNoProgressLimit, Game.NoProgressLimit},
	{"RepetitionClaim", "a number of occurrences", defaultRepetitionClaim, WithRepetitionClaim, Game.RepetitionClaim},
	{"NoProgressClaim", "a number of half-moves", defaultNoProgressClaim, WithNoProgressClaim, Game.NoProgressClaim},
}

// terminationWord is the Termination tag's word for a termination the players
// decided: its name, and Timeout's for a draw on time (the result tells them
// apart, as lichess's "Time forfeit" with 1/2-1/2).
func terminationWord(t Termination) string {
	if t == TimeoutDraw {
		return Timeout.String()
	}
	return t.String()
}

// String writes the record in PGN's export form, as WriteRecord does, without the
// empty line that separates records. What WriteRecord refuses, String leaves out
// and says so in the comment before the first move: a tag whose name PGN cannot
// hold, a NAG outside 0..255, and a variation's moves from the first that is not
// legal in its line (a comment there says so). It never returns "".
//
// Cost: each move is written as Position.SAN writes it (microseconds); the stack is
// the same however deeply variations nest.
func (r Record) String() string {
	var sb strings.Builder
	_ = r.write(&sb, true) // a strings.Builder does not fail, and lenient writing skips what it cannot write
	return sb.String()
}

// WriteRecord writes r to w in PGN's export form followed by an empty line, as
// the root package's WriteRecord does: the seven-tag roster, Variant "Atomic",
// SetUp and FEN for another start, the Game's limits when not NewGame's,
// Termination for an ending the moves do not show, the other tags, and the moves
// in SAN numbered from the start's full-move number. Errors: one wrapping
// ErrInvalidNotation, with nothing written, for a tag name that is not a PGN
// symbol or a NAG outside 0..255; a *MoveError for an illegal variation move.
func WriteRecord(w io.Writer, r Record) error {
	var sb strings.Builder // nothing is written unless all of it can be
	if err := r.write(&sb, false); err != nil {
		return err
	}
	sb.WriteString("\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// write writes the record through the shared writer (pgn.WriteRecord); lenient
// (String) leaves out what it cannot write and says so in comments, where
// otherwise it is an error.
func (r Record) write(w io.Writer, lenient bool) error {
	g := r.Game
	start := g.Start()
	o := g.Outcome()
	derived := []pgn.Tag{{Name: "Result", Value: o.Result()}, {Name: "Variant", Value: "Atomic"}}
	if fen := start.FEN(); fen != StartFEN {
		derived = append(derived, pgn.Tag{Name: "SetUp", Value: "1"}, pgn.Tag{Name: "FEN", Value: fen})
	}
	for _, l := range limitTags {
		if n := l.of(g); n != l.deflt && g.cfg != nil {
			derived = append(derived, pgn.Tag{Name: l.tag, Value: strconv.Itoa(n)})
		}
	}
	derived = append(derived, pgn.Tag{Name: "Termination", Value: pgn.TerminationTag(r.Tag("Termination"), terminationWord(o.Termination), o.Result())})
	return pgn.WriteRecord(w, noteShape{}, sanWriting{}, pgn.Out[Position, Move, Note]{
		Derived: derived, Tags: pgn.TagsOf(r.Tags), Determined: isDerivedTag, Refuse: recordNotation,
		Lead: r.Comment, Start: start, FirstMove: start.FullMoveNumber(), Moves: g.PlayedMoves(), Notes: r.Notes, Result: o.Result(),
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

// sanWriting writes moves for the shared writer in SAN.
type sanWriting struct{}

func (sanWriting) SAN(p Position, m Move) (string, error) { return p.SAN(m) }
func (sanWriting) After(p Position, m Move) Position      { return p.play(m) }
func (sanWriting) White(p Position) bool                  { return p.Turn() == pacosako.White }
func (sanWriting) Illegal(err error) bool                 { return errors.Is(err, ErrIllegalMove) }
func (sanWriting) Name(m Move) string                     { return m.UCI() }
