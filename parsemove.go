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

// ParseMove reads a legal move of p written in any of the library's move
// notations, as a player or a client might send it:
//
//   - actions, as Action.String writes them ("Lift(e2) Place(e4)", separated by
//     white space; ParseActions), which must complete the move;
//   - chain SAN ("e4", "Nbd2", "Bxe4,Ne4xc3,Qc3xc6", "O-O"; ParseSAN);
//   - coordinate notation ("e2e4", "g1f3", "f3e4c3c6", "=nh1h8g6", "-c3c6";
//     ParseCoordinate).
//
// Text with a parenthesis is actions: neither other notation has one. Other text
// is tried as chain SAN, then as coordinate notation. That order never misreads:
// text that both read as a legal move names the same move in both, since a
// coordinate text is SAN only as a pawn's move written with its origin square
// ("e2e4"), which coordinate notation reads as the same lift and place.
//
// Errors are those of the notation that came closest to a move: the one whose
// syntax the text has, and when it has both, coordinate notation if its first
// square holds a piece of the side to move other than a pawn (chain SAN would read
// the text as a pawn's move: "g1f3" for the knight on g1) or, the text starting
// with two squares, a piece of the other side only ("g1f3" with Black to move: the
// error says whose turn it is), else chain SAN. A
// *MoveError's Reason then starts with the notation ("chain SAN: …",
// "coordinate notation: …", "actions: …"). Text that no notation reads is a
// *NotationError (Notation "move", wrapping ErrInvalidNotation) giving chain SAN's
// and coordinate notation's reasons; text with a parenthesis that is not actions
// gets ParseActions' error (wrapping ErrInvalidAction). After the game has ended
// the error wraps ErrGameOver.
//
// Cost: that of the notation read (ParseSAN: the moves of the pieces the text can
// mean); ParseMoveContext bounds it.
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
	return len(text) >= 4 && sansyntax.IsFile(text[2]) && sansyntax.IsRank(text[3]) && p.board.Occupied().Has(s)
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
