package pacosako

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pacosako-go/pacosako/internal/sansyntax"
)

// Reading a move in whatever notation a player typed: chain SAN, coordinate
// notation or actions.

// ParseMove reads a legal move of p in any of the library's notations: actions
// ("Lift(e2) Place(e4)", when the text has a parenthesis), else chain SAN, else
// coordinate notation — an order that never misreads. Errors are those of the
// notation that came closest (a *MoveError's Reason starts with its name); text
// no notation reads is a *NotationError (Notation "move", ErrInvalidNotation)
// giving each one's reason; ErrGameOver after the end. ParseMoveContext bounds it.
func (p Position) ParseMove(text string) (Move, error) { return p.parseMoveWithin(text, nil) }

// ParseMoveContext is ParseMove, bounded like MovesContext: it returns ctx.Err()
// if ctx is done when it is called or while it searches, and a *SearchLimitError
// when a search holds more than lim.MaxStates states. A nil ctx is never done.
func (p Position) ParseMoveContext(ctx context.Context, text string, lim Limits) (Move, error) {
	if err := ctxDone(ctx); err != nil {
		return Move{}, err
	}
	return p.parseMoveWithin(text, newBounds(ctx, lim))
}

func (p *Position) parseMoveWithin(text string, lim *bounds) (Move, error) {
	if strings.Contains(text, "(") {
		actions, err := ParseActions(text)
		if err != nil {
			return Move{}, err
		}
		m, err := p.moveOfActions(text, actions, lim)
		return m, namedReading(err, "actions")
	}
	m, errSAN := p.parseSANWithin(text, lim)
	if errSAN == nil || errors.Is(errSAN, ErrGameOver) || lim.failed() {
		return m, errSAN
	}
	m, errCoord := p.parseCoordinateWithin(text, lim)
	if errCoord == nil || lim.failed() {
		return m, errCoord
	}
	sanSyntax, coordSyntax := !errors.Is(errSAN, ErrInvalidNotation), !errors.Is(errCoord, ErrInvalidNotation)
	switch {
	case sanSyntax && coordSyntax:
		if p.notPawnAt(text) {
			return Move{}, namedReading(errCoord, "coordinate notation")
		}
		return Move{}, namedReading(errSAN, "chain SAN")
	case sanSyntax:
		return Move{}, namedReading(errSAN, "chain SAN")
	case coordSyntax:
		return Move{}, namedReading(errCoord, "coordinate notation")
	}
	var se, ce *NotationError
	errors.As(errSAN, &se)
	errors.As(errCoord, &ce)
	reason := fmt.Sprintf("neither actions (they have parentheses) nor chain SAN (at offset %d: %s) nor coordinate notation (at offset %d: %s)", se.Offset, se.Reason, ce.Offset, ce.Reason)
	return Move{}, &NotationError{Notation: "move", Input: text, Reason: reason}
}

// notPawnAt reports whether text starts with a square on which the side to move
// has a piece other than a pawn (alone or in a union), or with two squares, the
// first holding a piece of the other side only (the other side's move, which
// coordinate notation names as such).
func (p *Position) notPawnAt(text string) bool {
	if len(text) < 2 || !sansyntax.IsFile(text[0]) || !sansyntax.IsRank(text[1]) {
		return false
	}
	s := NewSquare(int(text[0]-'a'), int(text[1]-'1'))
	if r := p.board.roleAt(p.turn, s); r != NoRole {
		return r != Pawn
	}
	return len(text) >= 4 && sansyntax.IsFile(text[2]) && sansyntax.IsRank(text[3]) && p.board.occupied().Has(s)
}

// namedReading prefixes a *MoveError's reason with the notation it was read in.
func namedReading(err error, notation string) error {
	var me *MoveError
	if errors.As(err, &me) && errors.Is(me.Err, ErrIllegalMove) && me.Reason != "" {
		me.Reason = notation + ": " + me.Reason
	}
	return err
}

// PlayMove reads a move in any of the library's notations in the current position
// (Position.ParseMove: chain SAN, coordinate notation or actions) and plays it
// (Play). The errors are those of ParseMove and of Play.
//
// Cost: that of Position.ParseMove; PlayMoveContext bounds it.
func (g Game) PlayMove(text string) (Game, error) { return g.playMoveWithin(text, nil) }

// PlayMoveContext is PlayMove with the move read by Position.ParseMoveContext: it
// returns ctx.Err() if ctx is done when it is called or while it searches, and a
// *SearchLimitError when a search holds more than lim.MaxStates states; the
// receiver is unchanged then. A nil ctx is never done.
func (g Game) PlayMoveContext(ctx context.Context, text string, lim Limits) (Game, error) {
	if err := ctxDone(ctx); err != nil {
		return g, err
	}
	return g.playMoveWithin(text, newBounds(ctx, lim))
}

func (g Game) playMoveWithin(text string, lim *bounds) (Game, error) {
	if err := g.gameOver(text); err != nil {
		return g, err
	}
	m, err := g.cur.parseMoveWithin(text, lim)
	if err != nil {
		return g, err
	}
	return g.playLegal(m), nil
}
