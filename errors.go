package pacosako

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pacosako-go/pacosako/internal/errtext"
)

// Sentinel errors. Every error returned by this package wraps one of them, so
// callers test with errors.Is; the structured types (errors.As: *FENError,
// *NotationError, *ActionError, *MoveError, *PositionError, *ActionLogError,
// *RecordError, *SearchLimitError) say where and why. Every message starts with
// "pacosako: " once, names the input (quoted, and shortened when long) and says what
// was wrong and, where it can, what would be right.
//
// An error a player's input causes (a move, an action, a move or action text, an
// ending recorded after the game ended) also has a Message method: the report
// for the player, without the package prefix, the position's FEN or Go names;
// errors.As(err, &pm) with pm of type interface{ Message() string } finds it, as in
// package atomic.
//
// The kinds both games have come first: package atomic exports these same values
// (atomic.ErrIllegalMove is ErrIllegalMove, as os.ErrNotExist is fs.ErrNotExist),
// so one errors.Is answers for an error of either game. Their text is the kind
// alone; each package's messages add its prefix ("pacosako: illegal move …").
var (
	// ErrInvalidFEN: a FEN could not be read (see *FENError for the field and why).
	ErrInvalidFEN = errors.New("invalid FEN")
	// ErrInvalidSetup: a Setup has a field out of range, or a Chess960 number is
	// outside 0..959.
	ErrInvalidSetup = errors.New("invalid setup")
	// ErrInvalidPosition: a position could not arise in a game played by its rules
	// (see *PositionError for every reason; Position.Validate).
	ErrInvalidPosition = errors.New("invalid position")
	// ErrInvalidNotation: a move, action list or game record could not be read (see
	// *NotationError for where and why). It is a syntax error: the text is not a move
	// in that notation at all.
	ErrInvalidNotation = errors.New("invalid notation")
	// ErrIllegalMove: the move is not legal in the position (see *MoveError).
	ErrIllegalMove = errors.New("illegal move")
	// ErrAmbiguousMove: the text names more than one legal move (see *MoveError for
	// the candidates).
	ErrAmbiguousMove = errors.New("ambiguous move")
	// ErrGameOver: the game has ended (or the Game is the zero Game); no action or
	// move is legal any more and no other ending can be recorded.
	ErrGameOver = errors.New("game over")
	// ErrInvalidPly: a half-move number is outside the game.
	ErrInvalidPly = errors.New("no such half-move")
	// ErrInvalidColor: a colour is neither White nor Black (or its name is not w, b,
	// White or Black).
	ErrInvalidColor = errors.New("invalid color")
	// ErrSearchLimit: a search was stopped by Limits.MaxStates (see
	// *SearchLimitError).
	ErrSearchLimit = errors.New("search limit reached")
	// ErrPerftDepth: PerftContext was asked to count deeper than MaxPerftDepth.
	ErrPerftDepth = errors.New("perft depth over MaxPerftDepth (64)")
)

// The kinds of Paco Ŝako alone; their text starts with "pacosako: ".
var (
	// ErrFENDialect: a position cannot be written in the FEN dialect asked for
	// (Position.FENIn: a chess FEN cannot hold unions, a vchess FEN no hand, …).
	ErrFENDialect = errors.New("pacosako: cannot write the position in this FEN dialect")
	// ErrInvalidRules: a rule set's name could not be read.
	ErrInvalidRules = errors.New("pacosako: invalid rules")
	// ErrInvalidSquare: a square name is not a1..h8.
	ErrInvalidSquare = errors.New("pacosako: invalid square")
	// ErrInvalidRole: a role name or letter is not a piece type.
	ErrInvalidRole = errors.New("pacosako: invalid role")
	// ErrInvalidAction: an action's text could not be read.
	ErrInvalidAction = errors.New("pacosako: invalid action")
	// ErrIllegalAction: the action is not legal in the position (see *ActionError).
	ErrIllegalAction = errors.New("pacosako: illegal action")
)

// FENError says why a FEN could not be read. It wraps ErrInvalidFEN.
type FENError struct {
	FEN string // the input
	// Field names the part of the FEN: "fields" (their number) or, in the order of
	// the fields, "board", "hand" (engine), "side to move", "no-progress counter"
	// (engine), "plies" (vchess), "castling", "en passant", "half-move clock" and
	// "full-move number" (chess), "last field" (engine), "ko move" (vchess).
	Field  string
	Reason string // what is wrong, naming the rank, square or character where it applies
}

func (e *FENError) Error() string {
	return fmt.Sprintf("%s %q: %s: %s", head(ErrInvalidFEN), shorten(e.FEN), e.Field, shorten(e.Reason)) // a reason quotes the field (%q)
}

// prefix starts every message of the package (the sentinels of its game alone
// carry it; head adds it to the others).
const prefix = "pacosako: "

// head is how the package's message of the sentinel kind starts: "pacosako: " and
// the kind ("pacosako: illegal move", "pacosako: illegal action").
func head(kind error) string { return errtext.Head(prefix, kind) }

// bare is err's message without the package's prefix, for a message that names err
// after its own prefix.
func bare(err error) string { return strings.TrimPrefix(err.Error(), prefix) }

// shorten keeps long inputs readable in error messages (a FEN is under 100 bytes;
// a much longer input is shown by its start, cut at a character boundary, and its
// length). The messages quote input with %q (strconv.Quote), so that no control
// character, U+2028, U+2029 or invalid byte of it reaches a message raw; shorten
// only cuts.
func shorten(s string) string { return errtext.Shorten(s) }

// Unwrap returns ErrInvalidFEN.
func (e *FENError) Unwrap() error { return ErrInvalidFEN }

// NotationError reports text that is not valid notation. It wraps
// ErrInvalidNotation.
type NotationError struct {
	Notation string // which notation: "SAN", "coordinate", "replay", "actions", "record", …
	Input    string // the text
	Offset   int    // byte offset in Input where the problem starts
	Reason   string // what is wrong
}

func (e *NotationError) Error() string {
	return prefix + errtext.Notation(e.Notation, e.Input, e.Offset, e.Reason)
}

// Message returns the error for a player, without the package prefix: "invalid
// SAN notation "Nz9" at offset 1: want a target square such as e4".
func (e *NotationError) Message() string {
	return errtext.Notation(e.Notation, e.Input, e.Offset, e.Reason)
}

// Unwrap returns ErrInvalidNotation.
func (e *NotationError) Unwrap() error { return ErrInvalidNotation }
