package pacosako

import (
	"context"
	"errors"
	"fmt"
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
	// Tags are the tag pairs in the order they were read or are to be written, except
	// the ones the game determines, which the writer derives from Game and the reader
	// turns into it: Result, SetUp, FEN, Rules, Repetition, Termination and Pending.
	Tags []Tag
	// Game is the main line.
	Game Game
	// Comment is the comment before the first move (and before any move number).
	Comment string
	// Notes[i] is what the record says about Game.PlayedMoves()[i]; Notes may be
	// shorter than the game (the later half-moves have none).
	Notes []Note
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
	Notes   []Note // Notes[i] is about Moves[i], as Record.Notes
}

// Tag returns the value of the tag name, or "" if the record has none.
func (r Record) Tag(name string) string {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

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
	where := fmt.Sprintf("%sgame record: game %d, line %d, column %d", prefix, e.Game, e.Line, e.Column)
	if e.MoveText != "" && e.FEN != "" {
		what := "move"
		if e.HalfMove > 0 {
			what = fmt.Sprintf("half-move %d", e.HalfMove)
		}
		var me *MoveError
		if errors.As(e.Err, &me) && me.FEN == e.FEN {
			// The move error names the move and the position again: say them once.
			return fmt.Sprintf("%s: %s %q in %s: %s", where, what, shorten(e.MoveText), e.FEN, strings.TrimPrefix(me.detail(), prefix))
		}
		return fmt.Sprintf("%s: %s %q in %s: %s", where, what, shorten(e.MoveText), e.FEN, bare(e.Err))
	}
	return where + ": " + bare(e.Err)
}

// Unwrap returns Err.
func (e *RecordError) Unwrap() error { return e.Err }

// ---- writing

// derivedTags are the tags the writer derives from the game, in the order it writes
// them after the seven-tag roster's Result.
var derivedTags = []string{"SetUp", "FEN", "Rules", "Repetition", "Termination", "Pending"}

func isDerivedTag(name string) bool {
	return name == "Result" || name == "SetUp" || name == "FEN" || name == "Rules" ||
		name == "Repetition" || name == "Termination" || name == "Pending"
}

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

// WriteRecord writes r to w in PGN's export form, followed by an empty line, so that
// records written one after the other form a stream NewRecordReader reads:
//
//   - the seven-tag roster first, in its order (Event, Site, Date, Round, White,
//     Black, Result; "?" or "????.??.??" for a tag the record does not have), then
//     SetUp "1" and FEN (in the engine dialect) for a start other than the standard
//     one, Rules when the start position's rules are not the default, Repetition
//     when the game's repetition limit is not 3, Termination when the game ended in
//     a way the moves do not show (Resignation, Agreement, Timeout), Pending for
//     the actions of an unfinished half-move, then the other tags in their order;
//     inside a tag's value '"' and '\' are escaped with a backslash, and a control
//     character is written as a space;
//   - an empty line, then the movetext: move numbers ("12." before White's move,
//     "12..." before Black's after a comment, a variation or at the start of a line
//     of play), every half-move in chain SAN with its suffix as Position.SAN writes
//     it, NAGs as "$n", comments in braces, variations in parentheses, and the
//     result token ("1-0", "0-1", "1/2-1/2" or "*"), in lines of at most 80
//     characters that break only between tokens and between the words of a comment.
//
// Move numbers start at 1, as the FEN tag (in the engine dialect, or vchess's when
// the engine's would lose the start's pawn file flags or ko move) carries none.
// Text from the record goes out without control characters: in a comment a run of
// white space and control characters (a tab, CR or LF, ESC, …) is one space or a
// line break, and a '}', which PGN cannot hold in a comment, is written as ')';
// in a tag value a control character is a space. Control characters are C0 and C1
// controls, DEL, U+2028 and U+2029; a byte that is not UTF-8 is written as U+FFFD.
// The error wraps ErrInvalidNotation, and nothing is written, for what a PGN reader
// could not read back: a tag name that is not a PGN symbol (a letter or digit, then
// letters, digits and _ + # = : -), a NAG outside 0..255.
//
// Cost: each move is written as Position.SAN writes it (usually microseconds);
// WriteRecordContext bounds that.
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

// write writes the record; lenient (String) leaves out what it cannot write and
// says so in comments, where otherwise it is an error.
func (r Record) write(w io.Writer, lim *bounds, lenient bool) error {
	var left []string // what lenient writing left out, for the leading comment
	if lenient {
		r, left = r.writable()
	} else if err := r.check(); err != nil {
		return err
	}
	g := r.Game
	start := g.Start()
	derived := map[string]string{"Result": g.Outcome().Result()}
	if fen := startFEN(start); fen != StartFEN {
		derived["SetUp"] = "1"
		derived["FEN"] = fen
	}
	if rules := start.Rules(); rules != Pacoplay {
		derived["Rules"] = rules.String()
	}
	if g.cfg != nil && g.cfg.repetitions != 3 {
		derived["Repetition"] = strconv.Itoa(g.cfg.repetitions)
	}
	switch o := g.Outcome(); o.Termination {
	case Resignation, Agreement, Timeout:
		// The record's own word for the ending, when it reads as this ending.
		derived["Termination"] = o.Termination.String()
		if t := r.Tag("Termination"); t != "" && readTermination(t, o.Result()) == o.Termination {
			derived["Termination"] = t
		}
	default:
		if t := r.Tag("Termination"); t != "" {
			derived["Termination"] = t // a word the game cannot hold ("Normal")
		}
	}
	if p := g.PendingActions(); len(p) > 0 {
		derived["Pending"] = FormatActions(p)
	}
	pw := pgn.NewWriter(w)
	for _, name := range pgn.Roster {
		v, ok := derived[name]
		if !ok {
			v = r.Tag(name)
		}
		if v == "" {
			v = pgn.RosterUnknown(name)
		}
		pw.Tag(name, v)
	}
	for _, name := range derivedTags {
		if v, ok := derived[name]; ok {
			pw.Tag(name, v)
		}
	}
	for _, t := range r.Tags {
		if !isDerivedTag(t.Name) && !pgn.IsRosterTag(t.Name) {
			pw.Tag(t.Name, t.Value)
		}
	}
	pw.StartMovetext()
	comment := r.Comment
	if len(left) > 0 {
		comment = strings.TrimSpace(comment + " [left out: " + strings.Join(left, "; ") + "]")
	}
	pw.Comment(comment)
	if err := writeMoves(pw, start, g.PlayedMoves(), r.Notes, lim, lenient); err != nil {
		return err
	}
	pw.Result(derived["Result"])
	return nil
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

// writable returns r without what the writer cannot write so that it reads back
// (see check): the tags whose names PGN cannot hold and the NAGs outside 0..255,
// with a description of each thing left out. The notes are copied where a NAG is
// dropped; r's own are not changed.
func (r Record) writable() (Record, []string) {
	var left []string
	var tags []Tag
	for _, t := range r.Tags {
		if pgn.IsTagName(t.Name) {
			tags = append(tags, t)
		} else {
			left = append(left, "the tag "+strconv.Quote(t.Name)+" (a tag name is a letter or digit, then letters, digits and _ + # = : -)")
		}
	}
	r.Tags = tags
	// Copy the notes with an explicit stack, dropping bad NAGs.
	type place struct {
		src []Note
		dst *[]Note
	}
	var out []Note
	stack := []place{{r.Notes, &out}}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		*top.dst = make([]Note, len(top.src))
		for i, n := range top.src {
			c := Note{Comment: n.Comment}
			for _, nag := range n.NAGs {
				if nag < 0 || nag > 255 {
					left = append(left, "the NAG $"+strconv.Itoa(nag)+" (a NAG is 0..255)")
				} else {
					c.NAGs = append(c.NAGs, nag)
				}
			}
			if len(n.Variations) > 0 {
				c.Variations = make([]Variation, len(n.Variations))
				for k, v := range n.Variations {
					c.Variations[k] = Variation{Comment: v.Comment, Moves: v.Moves}
					stack = append(stack, place{v.Notes, &c.Variations[k].Notes})
				}
			}
			(*top.dst)[i] = c
		}
	}
	r.Notes = out
	return r, left
}

// check reports what the writer cannot write so that it reads back: a tag name that
// is not a PGN symbol (letters, digits and '_'), a NAG outside 0..255 (the first
// in the order the record is written). Variations are walked with an explicit
// stack, not the Go stack.
func (r Record) check() error {
	bad := func(input, reason string) error {
		return &NotationError{Notation: "record", Input: input, Reason: reason}
	}
	for _, t := range r.Tags {
		if !pgn.IsTagName(t.Name) {
			return bad(t.Name, "a tag name is a letter or digit, then letters, digits and _ + # = : -")
		}
	}
	// Each entry: notes, the note being checked, and its next variation (-1: its
	// NAGs not yet checked).
	type place struct {
		notes   []Note
		i, next int
	}
	stack := []place{{notes: r.Notes, next: -1}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == len(top.notes) {
			stack = stack[:len(stack)-1]
			continue
		}
		n := top.notes[top.i]
		if top.next < 0 {
			for _, nag := range n.NAGs {
				if nag < 0 || nag > 255 {
					return bad("$"+strconv.Itoa(nag), "a NAG is 0..255")
				}
			}
			top.next = 0
		}
		if top.next < len(n.Variations) {
			top.next++
			stack = append(stack, place{notes: n.Variations[top.next-1].Notes, next: -1})
			continue
		}
		top.i, top.next = top.i+1, -1
	}
	return nil
}

// writeMoves writes the half-moves played from start with their notes, and the
// variations in them, in the order they stand, walking them with an explicit
// stack (the Go stack does not grow with the nesting).
func writeMoves(pw *pgn.Writer, start Position, moves []Move, notes []Note, lim *bounds, lenient bool) error {
	// Each entry is a line of play: its moves and notes, the position before move
	// i, and the next variation of move i to write (-1: move i not yet written).
	type line struct {
		p     Position
		moves []Move
		notes []Note
		i, v  int
	}
	stack := []line{{p: start, moves: moves, notes: notes, v: -1}}
	for len(stack) > 0 {
		l := &stack[len(stack)-1]
		if l.i == len(l.moves) {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				pw.EndVariation()
			}
			continue
		}
		m := l.moves[l.i]
		var n Note
		if l.i < len(l.notes) {
			n = l.notes[l.i]
		}
		if l.v < 0 {
			s, err := l.p.sanWithin(m, lim)
			if err != nil && lenient && len(stack) > 1 && errors.Is(err, ErrIllegalMove) {
				// A variation built in code with a move its line cannot play.
				pw.Comment("the rest of this variation is left out: " + m.String() + " is not a legal move here")
				l.i = len(l.moves)
				continue
			}
			if err != nil {
				return err
			}
			pw.Move(s, l.p.turn == White)
			for _, nag := range n.NAGs {
				pw.NAG(nag)
			}
			pw.Comment(n.Comment)
			l.v = 0
		}
		if l.v < len(n.Variations) {
			v := n.Variations[l.v]
			l.v++
			pw.StartVariation()
			pw.Comment(v.Comment)
			stack = append(stack, line{p: l.p, moves: v.Moves, notes: v.Notes, v: -1})
			continue
		}
		l.p, l.i, l.v = m.After(), l.i+1, -1
	}
	return nil
}

// readTermination is the ending a Termination tag gives a result the moves do not
// show: a timeout for "Timeout" or PGN's "time forfeit" (any case), an agreement
// for a draw and a resignation for a win otherwise, whatever the words ("Normal",
// "Resignation", "won by resignation", PGN's "normal", "abandoned" …).
func readTermination(term, result string) Termination {
	switch t := strings.ToLower(strings.TrimSpace(term)); {
	case result == "1/2-1/2":
		return Agreement
	case t == "timeout" || t == "time forfeit" || strings.Contains(t, "on time"):
		return Timeout
	}
	return Resignation
}
