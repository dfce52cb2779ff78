package polyglot

import (
	"errors"
	"fmt"

	"github.com/pacosako-go/pacosako"
)

// Sentinel errors. Every error of the package wraps one of them; the structured
// types (*FormatError, *MoveError) say where and why.
var (
	// ErrInvalidBook: the bytes are not a Polyglot book: a length that is not a
	// whole number of 16-byte entries, or keys out of order (*FormatError).
	ErrInvalidBook = errors.New("polyglot: invalid book")
	// ErrIllegalMove: a book move is not legal in the position it is filed under
	// (*MoveError). It is the games' kind (pacosako.ErrIllegalMove, the same
	// value as atomic.ErrIllegalMove).
	ErrIllegalMove = pacosako.ErrIllegalMove
)

// FormatError says where a book's bytes break the format. It wraps
// ErrInvalidBook.
type FormatError struct {
	Offset int64  // the byte offset of the first bad entry (or of the partial entry at the end)
	Reason string // what is wrong there
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("%v: at byte %d: %s", ErrInvalidBook, e.Offset, e.Reason)
}

// Unwrap returns ErrInvalidBook.
func (e *FormatError) Unwrap() error { return ErrInvalidBook }

// MoveError reports a book move that is not a legal move of the position. It
// wraps ErrIllegalMove, and Is the library's error too when Err holds one.
type MoveError struct {
	Move   Move   // the move as the book has it
	FEN    string // the position
	Reason string // why it is not legal
	Err    error  // the library's error (an *atomic.MoveError or *atomic.NotationError), or nil
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("polyglot: illegal book move %s in %s: %s", e.Move, e.FEN, e.Reason)
}

// Unwrap returns ErrIllegalMove and, when there is one, the library's error.
func (e *MoveError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrIllegalMove, e.Err}
	}
	return []error{ErrIllegalMove}
}
