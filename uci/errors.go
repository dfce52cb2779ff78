package uci

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/errtext"
)

// Sentinel errors. Every error of the package wraps one of them (and, for a
// call ended by its context, the context's error too); the structured types
// say where and why.
var (
	// ErrTimeout: the engine did not answer within the call's timeout (an
	// *EngineError; the engine has been killed).
	ErrTimeout = errors.New("uci: engine did not answer in time")
	// ErrCrashed: the engine's process ended without being asked to (an
	// *EngineError with its exit status and the end of its standard error).
	ErrCrashed = errors.New("uci: engine exited")
	// ErrClosed: the engine was closed (Close, or after an earlier failure), or
	// never started (a zero Engine, not one from Start).
	ErrClosed = errors.New("uci: engine closed")
	// ErrProtocol: the engine wrote something the protocol does not allow where
	// an answer was due (a *ParseError or an *EngineError).
	ErrProtocol = errors.New("uci: protocol error")
	// ErrIllegalMove: the engine gave a move that is not legal, or a search was
	// to be restricted to one (an *IllegalMoveError naming the move and the
	// position). It is the games' kind (pacosako.ErrIllegalMove, the same value
	// as atomic.ErrIllegalMove): errors.As with *IllegalMoveError tells the
	// engine's move from one of the library's callers.
	ErrIllegalMove = pacosako.ErrIllegalMove
	// ErrUnknownOption: the engine declared no option of that name.
	ErrUnknownOption = errors.New("uci: unknown option")
	// ErrInvalidOption: the value does not fit the option's type.
	ErrInvalidOption = errors.New("uci: invalid option value")
	// ErrUnsupported: the engine lacks what the call needs (Atomic chess as a
	// UCI_Variant, UCI_Chess960 for a Chess960 position).
	ErrUnsupported = errors.New("uci: not supported by the engine")
	// ErrInvalidLimits: the limits of a search are negative, give the engine
	// no way to stop, or name a move that is not legal.
	ErrInvalidLimits = errors.New("uci: invalid search limits")
)

// EngineError reports a failed exchange with the engine: Op names the call
// ("handshake", "isready", "go" …), Err the sentinel (ErrTimeout, ErrCrashed,
// ErrProtocol, ErrClosed) or the context's error. It wraps Err.
type EngineError struct {
	Op     string
	Err    error
	Detail string // more about it: the line that broke the protocol, the exit status
	Stderr string // the end of the engine's standard error, when it crashed
}

func (e *EngineError) Error() string {
	msg := "uci: " + e.Op + ": " + e.Err.Error()
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if e.Stderr != "" {
		msg += "; its standard error ends " + strconv.Quote(e.Stderr)
	}
	return msg
}

// Unwrap returns Err.
func (e *EngineError) Unwrap() error { return e.Err }

// ParseError reports a line that does not read as the protocol says. It wraps
// ErrProtocol.
type ParseError struct {
	Line   string
	Reason string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%v: %s: %s", ErrProtocol, strconv.Quote(errtext.Shorten(e.Line)), e.Reason)
}

// Unwrap returns ErrProtocol.
func (e *ParseError) Unwrap() error { return ErrProtocol }

// IllegalMoveError reports a move from the engine that is not legal where it
// stands: the best move, the ponder move or a move of a principal variation
// (Where says which, and for a PV the move's index in it). It wraps
// ErrIllegalMove and the library's error (Err: an *atomic.MoveError or
// *atomic.NotationError; nil for a move of Limits.SearchMoves).
type IllegalMoveError struct {
	Move  string // as the engine wrote it
	FEN   string // the position it was played in
	Where string // "bestmove", "ponder", "pv 3" (the fourth move of a PV), "currmove", "searchmoves"
	Err   error
}

func (e *IllegalMoveError) Error() string {
	msg := fmt.Sprintf("uci: illegal move from engine: %s %s in %s", e.Where, strconv.Quote(errtext.Shorten(e.Move)), e.FEN)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns ErrIllegalMove and the library's error.
func (e *IllegalMoveError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrIllegalMove, e.Err}
	}
	return []error{ErrIllegalMove}
}

// OptionError reports an option that cannot be set: Err is ErrUnknownOption or
// ErrInvalidOption.
type OptionError struct {
	Name, Value string
	Reason      string
	Err         error
}

func (e *OptionError) Error() string {
	msg := fmt.Sprintf("%v: %s", e.Err, strconv.Quote(errtext.Shorten(e.Name)))
	if e.Err == ErrInvalidOption {
		msg += " = " + strconv.Quote(errtext.Shorten(e.Value))
	}
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg
}

// Unwrap returns Err.
func (e *OptionError) Unwrap() error { return e.Err }
