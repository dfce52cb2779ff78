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
func (p Position) ParseMove(text string) (Move, error) {
	m, errUCI := p.ParseUCI(text)
	if errUCI == nil {
		return m, nil
	}
	m, errSAN := p.ParseSAN(text)
	switch {
	case errSAN == nil:
		return m, nil
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
