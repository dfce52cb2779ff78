package atomic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/errtext"
)

// Sentinel errors. Every error returned by this package wraps one of them, so
// callers test with errors.Is; the structured types (errors.As: *FENError,
// *NotationError, *MoveError, *PositionError) say where and why. Every message
// starts with "atomic: " once, names the input (quoted, and shortened when long)
// and says what was wrong and, where it can, what would be right.
//
// An error a player's input causes (a move, a move's text, an ending recorded or
// a draw claimed) also has a Message method: the report for the player, without
// the package prefix, the position's FEN or Go names; errors.As(err, &pm) with pm
// of type interface{ Message() string } finds it, as in package pacosako.
//
// The kinds both games have are the root package's values under the same names
// (ErrIllegalMove is pacosako.ErrIllegalMove), so one errors.Is answers for an
// error of either game; their text is the kind alone, after "atomic: ".
var (
	// ErrInvalidFEN: a FEN could not be read (see *FENError for the field and why).
	ErrInvalidFEN = pacosako.ErrInvalidFEN
	// ErrInvalidSetup: a Setup has a field out of range, or a Chess960 number is
	// outside 0..959.
	ErrInvalidSetup = pacosako.ErrInvalidSetup
	// ErrInvalidPosition: a position could not arise in a game (see
	// *PositionError for every reason; Position.Validate).
	ErrInvalidPosition = pacosako.ErrInvalidPosition
	// ErrInvalidNotation: a move's text is not SAN or UCI at all, or a record not PGN (see
	// *NotationError for where and why).
	ErrInvalidNotation = pacosako.ErrInvalidNotation
	// ErrIllegalMove: the move is not legal in the position (see *MoveError).
	ErrIllegalMove = pacosako.ErrIllegalMove
	// ErrAmbiguousMove: the text names more than one legal move (see *MoveError
	// for the candidates).
	ErrAmbiguousMove = pacosako.ErrAmbiguousMove
	// ErrGameOver: the game has ended (or the Game is the zero Game); no move can
	// be played and no other ending recorded.
	ErrGameOver = pacosako.ErrGameOver
	// ErrInvalidPly: a half-move number is outside the game.
	ErrInvalidPly = pacosako.ErrInvalidPly
	// ErrInvalidColor: a colour is neither White nor Black.
	ErrInvalidColor = pacosako.ErrInvalidColor
	// ErrSearchLimit: Solve held more positions than its Limits.MaxStates (see
	// *SearchLimitError).
	ErrSearchLimit = pacosako.ErrSearchLimit
	// ErrPerftDepth: PerftContext was asked to count deeper than MaxPerftDepth.
	ErrPerftDepth = pacosako.ErrPerftDepth
)

// The kinds of Atomic chess alone; their text starts with "atomic: ".
var (
	// ErrNoDrawClaim: a draw was claimed (Game.ClaimDraw) where the rules give
	// none: the position has not occurred often enough and the half-move clock
	// has not reached the claim.
	ErrNoDrawClaim = errors.New("atomic: no draw to claim")
)

// prefix starts every message of the package (the sentinels of its game alone
// carry it; head adds it to the others).
const prefix = "atomic: "

// head is how the package's message of the sentinel kind starts: "atomic: " and
// the kind ("atomic: illegal move", "atomic: no draw to claim").
func head(kind error) string { return errtext.Head(prefix, kind) }

// shorten keeps long inputs readable in error messages.
func shorten(s string) string { return errtext.Shorten(s) }

// FENError says why a FEN could not be read. It wraps ErrInvalidFEN.
type FENError struct {
	FEN string // the input
	// Field names the part of the FEN: "fields" (their number) or, in the order of
	// the fields, "board", "side to move", "castling", "en passant", "half-move
	// clock" and "full-move number".
	Field  string
	Reason string // what is wrong, naming the rank, square or character where it applies
}

func (e *FENError) Error() string {
	return fmt.Sprintf("%s %q: %s: %s", head(ErrInvalidFEN), shorten(e.FEN), e.Field, shorten(e.Reason))
}

// Unwrap returns ErrInvalidFEN.
func (e *FENError) Unwrap() error { return ErrInvalidFEN }

// NotationError reports text that is not a move in the notation at all (a syntax
// error; a well-formed move that is not legal is a *MoveError). It wraps
// ErrInvalidNotation.
type NotationError struct {
	Notation string // "SAN", "UCI", "move" for ParseMove (text that is neither), or "record" inside a *RecordError
	Input    string // the text
	Offset   int    // byte offset in Input where the problem starts
	Reason   string // what is wrong
}

func (e *NotationError) Error() string {
	return prefix + errtext.Notation(e.Notation, e.Input, e.Offset, e.Reason)
}

// Message returns the error for a player, without the package prefix: "invalid
// SAN notation "Nf" at offset 2: want a target square such as e4".
func (e *NotationError) Message() string {
	return errtext.Notation(e.Notation, e.Input, e.Offset, e.Reason)
}

// Unwrap returns ErrInvalidNotation.
func (e *NotationError) Unwrap() error { return ErrInvalidNotation }

// MoveError reports a move that cannot be played in a position: Err is
// ErrIllegalMove (no legal move matches; Reason says why where it can),
// ErrAmbiguousMove (Candidates are the legal moves the text could mean), or
// ErrGameOver when a Game has ended (Reason names its result). It wraps Err.
//
// Its message reads "atomic: illegal move "a6" in <FEN>: Black is in check and
// a6 leaves the king in check", "atomic: ambiguous move "Nd2" in <FEN>: 2
// candidates: Nbd2, Nfd2" or "atomic: game over: "e4" in <FEN>: the game has ended
// (White's king exploded)", for logs; Message gives the same without the package
// prefix and the FEN, for a player, as the root package's MoveError does.
type MoveError struct {
	Input  string // the text read, or the move's UCI for Play
	FEN    string // the position the move was tried in
	Err    error  // ErrIllegalMove, ErrAmbiguousMove, or for a Game ErrGameOver
	Reason string // why no legal move matches, where it can say ("" for an ambiguous move)
	// Candidates are the legal moves an ambiguous text could mean, in the order of
	// Moves.
	Candidates []Move
	// CandidateSANs are the Candidates in SAN, in the same order, when the error
	// comes from reading a move (ParseSAN, ParseMove, game records); nil otherwise.
	CandidateSANs []string
}

func (e *MoveError) Error() string { return e.head() + " in " + e.FEN + e.detailSuffix() }

// Message returns the error for a player, without the package prefix and the
// position: "ambiguous move "Nd2": 2 candidates: Nbd2, Nfd2", "illegal move
// "Nf4": no legal knight move to f4", "game over: "e4": the game has ended
// (White's king exploded)". The input is quoted as in Error.
func (e *MoveError) Message() string {
	return strings.TrimPrefix(e.head(), prefix) + e.detailSuffix()
}

// head is the sentinel's text and the quoted input.
func (e *MoveError) head() string {
	msg := head(e.Err)
	if errors.Is(e.Err, ErrGameOver) {
		msg += ":"
	}
	if e.Input != "" {
		msg += " " + strconv.Quote(shorten(e.Input))
	}
	return msg
}

// detailSuffix is what the message says after the input and the position: the
// reason and the candidates (in SAN when CandidateSANs has them, else in UCI).
func (e *MoveError) detailSuffix() string {
	msg := ""
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if len(e.Candidates) > 0 {
		names := e.CandidateSANs
		if len(names) != len(e.Candidates) {
			names = make([]string, len(e.Candidates))
			for i, m := range e.Candidates {
				names[i] = m.UCI()
			}
		}
		msg += ": " + errtext.Candidates(names)
	}
	return msg
}

// Unwrap returns Err.
func (e *MoveError) Unwrap() error { return e.Err }
