package atomic

import (
	"errors"
	"fmt"
)

// ParseMove reads a move of p in either of the package's notations: as UCI when
// text is a legal move in UCI ("e2e4", "e1h1"), else as SAN ("e4", "Nxb7",
// "O-O"), as the root package's ParseMove reads any of its notations. Text in the
// shape of one notation gets that notation's error: a *MoveError wrapping
// ErrGameOver, ErrIllegalMove or ErrAmbiguousMove (UCI's first when the text has UCI's shape);
// text that is neither is a *NotationError (Notation "move") wrapping
// ErrInvalidNotation whose Reason says why each reading failed.
func (p Position) ParseMove(text string) (Move, error) { return p.parseMove(text) }

// parseMove is ParseMove on a position not copied.
func (p *Position) parseMove(text string) (Move, error) {
	var errUCI error
	if uciShape(text) {
		m, err := p.parseUCI(text)
		if err == nil {
			return m, nil
		}
		errUCI = err
	}
	m, errSAN := p.parseSAN(text)
	if errSAN == nil {
		return m, nil
	}
	if errUCI == nil {
		_, errUCI = p.parseUCI(text) // not UCI's shape: the notation error that says why
	}
	switch {
	case !errors.Is(errUCI, ErrInvalidNotation):
		return Move{}, errUCI // the text has UCI's shape: UCI's reason
	case !errors.Is(errSAN, ErrInvalidNotation):
		return Move{}, errSAN
	}
	var ue, se *NotationError
	errors.As(errUCI, &ue)
	errors.As(errSAN, &se)
	return Move{}, &NotationError{Notation: "move", Input: text,
		Reason: fmt.Sprintf("neither UCI (at offset %d: %s) nor SAN (at offset %d: %s)", ue.Offset, ue.Reason, se.Offset, se.Reason)}
}

// uciShape reports whether text could be a UCI move (ParseUCI reads nothing
// else): two squares and at most a promotion letter.
func uciShape(text string) bool {
	if len(text) != 4 && len(text) != 5 {
		return false
	}
	for i := 0; i < 4; i++ {
		if c := text[i]; i%2 == 0 && (c < 'a' || c > 'h') || i%2 == 1 && (c < '1' || c > '8') {
			return false
		}
	}
	if len(text) == 5 {
		switch text[4] | 0x20 {
		case 'n', 'b', 'r', 'q':
		default:
			return false
		}
	}
	return true
}
