package pacosako

import (
	"fmt"
	"strings"
)

// coordForm is the shape of a coordinate text, given by its first byte.
type coordForm uint8

const (
	coordFresh        coordForm = iota // starts with the lift square
	coordOwed                          // "=": a promotion owed at the start of the turn
	coordContinuation                  // "-": completes a move in progress
)

// promoLetter returns the coordinate letter of a promotion role, 0 for any other.
func promoLetter(r Role) byte {
	switch r {
	case Knight:
		return 'n'
	case Bishop:
		return 'b'
	case Rook:
		return 'r'
	case Queen:
		return 'q'
	}
	return 0
}

// promoRole returns the role of a coordinate promotion letter, NoRole for any other.
func promoRole(c byte) Role {
	if c < 'a' || c > 'z' {
		return NoRole // lower case only
	}
	if r := roleFromLetter(c); r != Pawn && r != King {
		return r
	}
	return NoRole
}

// Coordinate returns the move in coordinate notation: "e2e4", "f3e4c3c6",
// "c7c8q", "=nh1h8g6", or for a move that completes a move in progress "-c3c6",
// "-q" (the notation is described under Position.ParseCoordinate, which reads it
// back to the same move). The text names the move's own action path. The zero Move
// gives "".
func (m Move) Coordinate() string {
	if len(m.path()) == 0 {
		return ""
	}
	form := coordFormOf(m.path())
	if len(m.path()) == 1 && m.path()[0].Kind == PromoteKind {
		// A move that is only a promotion is the end of a move in progress
		// (requirePromoteThenFinish): an owed start-of-turn promotion is always
		// followed by a lift in the same move.
		form = coordContinuation
	}
	s, err := appendCoordinate(nil, m.path(), form)
	if err != nil {
		// Moves come from the move generator and always have the shape of a move.
		return ""
	}
	return string(s)
}

// formatCoordinate writes the actions of one move, or of the start of one, in
// coordinate notation; the form follows from the actions (coordFormOf). The error
// wraps ErrInvalidAction or ErrInvalidNotation when the list is not the shape of
// one move.
func formatCoordinate(actions []Action) (string, error) {
	if len(actions) == 0 {
		return "", nil
	}
	s, err := appendCoordinate(nil, actions, coordFormOf(actions))
	if err != nil {
		return "", err
	}
	return string(s), nil
}

// coordFormOf chooses the form of an action list from its first actions.
func coordFormOf(actions []Action) coordForm {
	switch {
	case len(actions) == 0 || actions[0].Kind == LiftKind:
		return coordFresh
	case actions[0].Kind == PromoteKind && (len(actions) == 1 || actions[1].Kind == LiftKind):
		return coordOwed
	}
	return coordContinuation
}

// appendCoordinate writes actions in the given form, checking the shape: the Lift,
// if any, comes first (fresh) or right after the owed Promote (owed), a continuation
// has none, and a Promote follows a Place (or opens an owed promotion or a
// continuation).
func appendCoordinate(dst []byte, actions []Action, form coordForm) ([]byte, error) {
	liftAt := -1 // the index where the Lift must be
	switch form {
	case coordFresh:
		liftAt = 0
	case coordOwed:
		dst = append(dst, '=')
		liftAt = 1
	case coordContinuation:
		dst = append(dst, '-')
	}
	prev := noAction
	for i, a := range actions {
		switch a.Kind {
		case LiftKind, PlaceKind:
			if !a.Square.IsValid() {
				return dst, fmt.Errorf("%w: %v: the square is not a1..h8", ErrInvalidAction, a)
			}
			if a.Kind == LiftKind && i != liftAt {
				return dst, fmt.Errorf(prefix+"%w: coordinate: action %d, %v: a move has one Lift, at its start (after an owed promotion)", ErrInvalidNotation, i+1, a)
			}
			dst = append(dst, "abcdefgh"[a.Square.File()], "12345678"[a.Square.Rank()])
		case PromoteKind:
			l := promoLetter(a.Role)
			if l == 0 {
				return dst, fmt.Errorf("%w: %v: a pawn promotes to Knight, Bishop, Rook or Queen", ErrInvalidAction, a)
			}
			if prev == LiftKind || prev == PromoteKind {
				return dst, fmt.Errorf(prefix+"%w: coordinate: action %d, %v, follows a %v: a promotion follows a Place", ErrInvalidNotation, i+1, a, prev)
			}
			dst = append(dst, l)
		default:
			return dst, fmt.Errorf("%w: action %d is not a Lift, Place or Promote (kind %d)", ErrInvalidAction, i+1, a.Kind)
		}
		if i == liftAt && a.Kind != LiftKind {
			return dst, fmt.Errorf(prefix+"%w: coordinate: action %d, %v: want the Lift that starts the move", ErrInvalidNotation, i+1, a)
		}
		prev = a.Kind
	}
	return dst, nil
}

// noAction is the zero ActionKind: "no previous action".
const noAction ActionKind = 0

// parseCoordinate reads coordinate notation (grammar under Position.ParseCoordinate)
// into the actions it names and the form it has, checking the shape only.
func parseCoordinate(s string) ([]Action, coordForm, error) {
	fail := func(off int, format string, args ...any) ([]Action, coordForm, error) {
		return nil, coordFresh, &NotationError{Notation: "coordinate", Input: s, Offset: off, Reason: fmt.Sprintf(format, args...)}
	}
	if s == "" {
		return fail(0, "empty: want a move such as e2e4")
	}
	form, i := coordFresh, 0
	actions := make([]Action, 0, len(s)/2+1)
	switch s[0] {
	case '=':
		form, i = coordOwed, 1
		r := NoRole
		if len(s) > 1 {
			r = promoRole(s[1])
		}
		if r == NoRole {
			return fail(1, "want a promotion letter (n, b, r or q) after \"=\", got %s", describeByte(s, 1))
		}
		actions = append(actions, Promote(r))
		i = 2
	case '-':
		form, i = coordContinuation, 1
		if len(s) == 1 {
			return fail(1, "\"-\" must be followed by a promotion letter or a square")
		}
	}
	liftAt := -1 // the index in actions where the Lift is
	switch form {
	case coordFresh:
		liftAt = 0
	case coordOwed:
		liftAt = 1
	}
	prev := noAction
	if len(actions) > 0 {
		prev = PromoteKind
	}
	for i < len(s) {
		c := s[i]
		if c >= 'a' && c <= 'h' && i+1 < len(s) && s[i+1] >= '1' && s[i+1] <= '8' {
			sq := Square(int(s[i+1]-'1')*8 + int(c-'a'))
			if len(actions) == liftAt {
				actions = append(actions, Lift(sq))
				prev = LiftKind
			} else {
				actions = append(actions, Place(sq))
				prev = PlaceKind
			}
			i += 2
			continue
		}
		if r := promoRole(c); r != NoRole {
			switch {
			case prev == noAction && form == coordFresh:
				return fail(i, "a move starts with its lift square (a1..h8), got %s", describeByte(s, i))
			case prev == LiftKind:
				return fail(i, "a promotion letter follows a place square, not the lift square")
			case prev == PromoteKind:
				return fail(i, "two promotions in a row")
			}
			actions = append(actions, Promote(r))
			prev = PromoteKind
			i++
			continue
		}
		switch {
		case c >= 'a' && c <= 'h':
			return fail(i+1, "want a rank digit 1-8 after file %q, got %s", c, describeByte(s, i+1))
		case c == 'N' || c == 'B' || c == 'R' || c == 'Q':
			return fail(i, "promotion letters are lower case: want %q", c+'a'-'A')
		case c >= 'A' && c <= 'H':
			return fail(i, "file letters are lower case: want %q", c+'a'-'A')
		case prev == noAction && form == coordFresh:
			return fail(i, "want a square (a1..h8), or \"=\" or \"-\", to start a move, got %s", describeByte(s, i))
		}
		return fail(i, "want a square (a1..h8) or a promotion letter (n, b, r, q), got %s", describeByte(s, i))
	}
	return actions, form, nil
}

// describeByte names the byte at s[i] for an error message.
func describeByte(s string, i int) string {
	if i >= len(s) {
		return "the end of the text"
	}
	c := s[i]
	if c > ' ' && c < 0x7f {
		return fmt.Sprintf("%q", c)
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// ParseCoordinate reads a move of p in coordinate notation — the squares of the
// move's Lift and Places in order, a promotion's letter after its square, "=" and
// the letter first for a promotion owed, "-" for the rest of a move in progress:
// "e2e4", "f3e4c3c6", "c7c8q", "=nh1h8g6", "-c3c6" (grammar: "Notations" in the
// package doc) — and returns the legal move it names. Move.Coordinate writes it.
// Errors: a *NotationError (ErrInvalidNotation, with the byte offset) for text
// that is not coordinate notation; a *MoveError wrapping ErrIllegalMove (the form
// does not fit p, an action is illegal, the move is incomplete, text follows it)
// or ErrGameOver. It searches only the lifted piece's moves (ParseMoveContext
// bounds that).
func (p Position) ParseCoordinate(s string) (Move, error) { return p.parseCoordinateWithin(s, nil) }

func (p *Position) parseCoordinateWithin(s string, lim *bounds) (Move, error) {
	actions, form, err := parseCoordinate(s)
	if err != nil {
		return Move{}, err
	}
	if p.res.IsOver() {
		return Move{}, p.gameOverError(s)
	}
	switch want := coordFormFor(p.step); {
	case form == want:
	case want == coordFresh:
		return Move{}, p.illegalText(s, "the position waits for a lift: write the move from its lift square, as in e2e4")
	case want == coordOwed:
		return Move{}, p.illegalText(s, "the side to move owes a promotion first: write it as \"=\" and the letter, as in =qh1h8")
	default:
		return Move{}, p.illegalText(s, fmt.Sprintf("a move is in progress (it needs %s): write the rest of it after \"-\", as in -c3c6", p.step.words()))
	}
	return p.moveOfActions(s, actions, lim)
}

// illegalText is the *MoveError for text that names no legal move of p, and why.
func (p *Position) illegalText(input, reason string) error {
	return &MoveError{Input: input, FEN: p.FEN(), Err: ErrIllegalMove, Reason: reason}
}

// moveOfActions returns the legal move of p that the actions make (input is their
// text, for errors), with the path Moves gives it: the actions must be legal one
// after the other and complete the move.
func (p *Position) moveOfActions(input string, actions []Action, lim *bounds) (Move, error) {
	if p.res.IsOver() {
		return Move{}, p.gameOverError(input)
	}
	q := *p
	for i, a := range actions {
		if !q.actions().Contains(a) {
			if w := q.wrongSide(a.Square); i == 0 && a.Kind == LiftKind && q.step == requireLift && w != "" {
				return Move{}, p.illegalText(input, fmt.Sprintf("action 1, %v: %s", a, w))
			}
			return Move{}, p.illegalText(input, fmt.Sprintf("action %d, %v, is not legal (legal: %v)", i+1, a, abbreviate(q.actions().String())))
		}
		q.apply(a)
		if q.endsMoveFrom(p) && i < len(actions)-1 {
			return Move{}, p.illegalText(input, fmt.Sprintf("the move ends after action %d, %v; %q follows it", i+1, a, abbreviate(FormatActions(actions[i+1:]))))
		}
	}
	if !q.endsMoveFrom(p) {
		return Move{}, p.illegalText(input, "the move is not complete: the next action is one of "+abbreviate(q.actions().String()))
	}
	var origin Bitboard
	if o, ok := firstLift(actions); ok {
		origin = o.bit()
	}
	found, err := p.movesTo([]Position{q}, []Bitboard{origin}, lim)
	if err != nil {
		return Move{}, err
	}
	if found[0].list == nil {
		// Every complete action path leads to a position of Moves, unless the
		// Rulebook's Ŝako rule forbids it.
		return Move{}, p.illegalText(input, "it leaves the own king in Ŝako, which these rules forbid while another move avoids it ("+sakoAnswers(*p, lim)+")")
	}
	return found[0], nil
}

// coordFormFor is the form of a move that starts in a position waiting for step.
func coordFormFor(step requiredAction) coordForm {
	switch step {
	case requireLift:
		return coordFresh
	case requirePromoteThenLift:
		return coordOwed
	}
	return coordContinuation
}

// abbreviate shortens a long list of actions for an error message.
func abbreviate(s string) string {
	if s == "" {
		return "none"
	}
	const max = 120
	if len(s) <= max {
		return s
	}
	cut := strings.LastIndexByte(s[:max], ' ')
	if cut < 0 {
		cut = max
	}
	return s[:cut] + " …"
}
