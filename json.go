package pacosako

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// This file reads and writes pacoplay.com's action logs: a game as the JSON list of
// its actions, as the official engine serializes them (docs/RULES.md §5):
// [{"Lift":12},{"Place":28},{"Promote":"Queen"}]. Lift and Place carry the square
// index rank*8+file (a1 = 0, h1 = 7, a8 = 56, h8 = 63, the numbering of Square),
// Promote the role's English name.

// MarshalJSON writes the action as pacoplay's action logs do: {"Lift":12},
// {"Place":28} (the square index rank*8+file, see Square) or {"Promote":"Queen"}.
// The error wraps ErrInvalidAction for an action that is none of these: the zero
// Action, a square outside a1..h8, a promotion to anything but Knight, Bishop, Rook
// or Queen.
func (a Action) MarshalJSON() ([]byte, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	return a.appendJSON(nil), nil
}

// check reports whether a is a valid Lift, Place or Promote.
func (a Action) check() error {
	switch a.Kind {
	case LiftKind, PlaceKind:
		if !a.Square.IsValid() {
			return fmt.Errorf("%w: %v on square index %d: want 0..63", ErrInvalidAction, a.Kind, a.Square)
		}
	case PromoteKind:
		if promoLetter(a.Role) == 0 {
			return fmt.Errorf("%w: Promote(%v): a pawn promotes to Knight, Bishop, Rook or Queen", ErrInvalidAction, a.Role)
		}
	default:
		return fmt.Errorf("%w: kind %d is not Lift, Place or Promote", ErrInvalidAction, a.Kind)
	}
	return nil
}

// appendJSON writes a valid action.
func (a Action) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"`...)
	dst = append(dst, a.Kind.String()...)
	dst = append(dst, `":`...)
	if a.Kind == PromoteKind {
		dst = append(dst, '"')
		dst = append(dst, a.Role.String()...)
		return append(dst, `"}`...)
	}
	dst = strconv.AppendInt(dst, int64(a.Square), 10)
	return append(dst, '}')
}

// UnmarshalJSON reads an action in the form of pacoplay's action logs: an object
// with exactly one member, "Lift" or "Place" with a square index 0..63 written as
// an integer, or "Promote" with "Knight", "Bishop", "Rook" or "Queen". Names are
// case-sensitive. Anything else is rejected, null included, with an error wrapping
// ErrInvalidAction that says why; a on error is unchanged.
func (a *Action) UnmarshalJSON(data []byte) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: JSON %s: %s", ErrInvalidAction, abbreviateJSON(data), fmt.Sprintf(format, args...))
	}
	const want = `want {"Lift":n}, {"Place":n} or {"Promote":"Queen"}`
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return fail("%v", jsonReason(err))
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fail("not an object: %s", want)
	}
	tok, err = dec.Token()
	if err != nil {
		return fail("%v", jsonReason(err))
	}
	key, ok := tok.(string)
	if !ok {
		return fail("empty object: %s", want)
	}
	var b Action
	switch key {
	case "Lift", "Place":
		tok, err = dec.Token()
		if err != nil {
			return fail("%v", jsonReason(err))
		}
		num, ok := tok.(json.Number)
		if !ok {
			return fail("%s takes a square index 0..63 (a number), got %s", key, describeToken(tok))
		}
		n, err := strconv.Atoi(string(num))
		if err != nil {
			return fail("%s takes a square index 0..63 written as an integer, got %s", key, num)
		}
		if n < 0 || n > 63 {
			return fail("square index %d is outside 0..63", n)
		}
		b = Action{Kind: LiftKind, Square: Square(n)}
		if key == "Place" {
			b.Kind = PlaceKind
		}
	case "Promote":
		tok, err = dec.Token()
		if err != nil {
			return fail("%v", jsonReason(err))
		}
		name, ok := tok.(string)
		if !ok {
			return fail(`Promote takes "Knight", "Bishop", "Rook" or "Queen", got %s`, describeToken(tok))
		}
		r := NoRole
		for _, pr := range promotionRoles {
			if name == pr.String() {
				r = pr
			}
		}
		if r == NoRole {
			return fail(`Promote takes "Knight", "Bishop", "Rook" or "Queen", got %q`, shorten(name))
		}
		b = Promote(r)
	default:
		return fail("unknown member %q: %s", shorten(key), want)
	}
	tok, err = dec.Token()
	if err != nil {
		return fail("%v", jsonReason(err))
	}
	if d, ok := tok.(json.Delim); !ok || d != '}' {
		return fail("more than one member: an action is exactly one of Lift, Place or Promote")
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail("text after the object")
	}
	*a = b
	return nil
}

// jsonReason turns an error of the JSON tokenizer into a reason.
func jsonReason(err error) string {
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return "unexpected end of JSON"
	}
	return "malformed JSON: " + err.Error()
}

// describeToken names a JSON token for an error message.
func describeToken(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return "an object"
		}
		return "an array"
	case string:
		return strconv.Quote(t)
	case json.Number:
		return string(t)
	case bool:
		return strconv.FormatBool(t)
	case nil:
		return "null"
	}
	return fmt.Sprint(tok)
}

// abbreviateJSON quotes JSON text for an error message, shortened if long.
func abbreviateJSON(data []byte) string { return strconv.Quote(cutJSON(data)) }

// cutJSON is the start of a JSON input for an error message, unquoted (for a
// NotationError's Input, which its message quotes).
func cutJSON(data []byte) string {
	const max = 60
	if len(data) > max {
		return string(data[:max]) + "…"
	}
	return string(data)
}

// ActionLogError reports the entry of a pacoplay action log that could not be read
// or played. Index is the entry's 0-based index in the JSON array, or -1 when the
// log as a whole is not a JSON array. Err wraps ErrInvalidAction (the entry is not
// an action in pacoplay's form, or the log is not an array of them), or is an
// *ActionError wrapping ErrIllegalAction or ErrGameOver (the action cannot be played
// there), whose Index is the same.
type ActionLogError struct {
	Index int
	Err   error
}

func (e *ActionLogError) Error() string {
	if e.Index < 0 {
		return prefix + "pacoplay action log: " + bare(e.Err)
	}
	var ae *ActionError
	if errors.As(e.Err, &ae) {
		return fmt.Sprintf("%spacoplay action log: entry %d: %s", prefix, e.Index, strings.TrimPrefix(ae.message(false, true), prefix))
	}
	return fmt.Sprintf("%spacoplay action log: entry %d: %s", prefix, e.Index, bare(e.Err))
}

// Unwrap returns Err.
func (e *ActionLogError) Unwrap() error { return e.Err }

// ParseActionLog reads a pacoplay action log, a JSON array of actions in the form
// of Action.UnmarshalJSON:
//
//	[{"Lift":12},{"Place":28},{"Lift":51},{"Place":35}]
//
// It checks the form of every entry, not whether the actions can be played
// (GameFromActionLog does). The error is an *ActionLogError wrapping
// ErrInvalidAction that names the first bad entry (Index -1 when the text is not a
// JSON array, e.g. malformed JSON, null, or text after the array).
func ParseActionLog(log []byte) ([]Action, error) {
	whole := func(format string, args ...any) error {
		return &ActionLogError{Index: -1, Err: fmt.Errorf("%w: %s", ErrInvalidAction, fmt.Sprintf(format, args...))}
	}
	dec := json.NewDecoder(bytes.NewReader(log))
	tok, err := dec.Token()
	if err != nil {
		return nil, whole("%s", jsonReason(err))
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return nil, whole("want a JSON array of actions, got %s", describeToken(tok))
	}
	actions := []Action{}
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, &ActionLogError{Index: len(actions), Err: fmt.Errorf("%w: %s", ErrInvalidAction, jsonReason(err))}
		}
		var a Action
		if err := a.UnmarshalJSON(raw); err != nil {
			return nil, &ActionLogError{Index: len(actions), Err: err}
		}
		actions = append(actions, a)
	}
	if _, err := dec.Token(); err != nil { // the closing bracket
		return nil, whole("%s", jsonReason(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, whole("text after the array")
	}
	return actions, nil
}

// GameFromActionLog plays a pacoplay action log (see ParseActionLog) from start and
// returns the game record: every action is applied in order with Game.Apply, so the
// game has the log's completed half-moves (Game.PlayedMoves) and, if the log stops
// in the middle of a half-move, its actions as Game.PendingActions. The options are those of
// NewGame; note that the official engine plays games it creates from scratch
// without the repetition rule (pass WithRepetitionLimit(0) to replay those).
//
// The error is an *ActionLogError naming the first entry that is not an action in
// pacoplay's form (wrapping ErrInvalidAction) or that cannot be played (its Err is
// an *ActionError wrapping ErrIllegalAction, or ErrGameOver for an action after the
// end of the game).
func GameFromActionLog(start Position, log []byte, opts ...GameOption) (Game, error) {
	actions, err := ParseActionLog(log)
	if err != nil {
		return Game{}, err
	}
	g := NewGame(start, opts...)
	for i, a := range actions {
		next, err := g.Apply(a)
		if err != nil {
			var ae *ActionError
			if errors.As(err, &ae) {
				ae.Index = i
			}
			return Game{}, &ActionLogError{Index: i, Err: err}
		}
		g = next
	}
	return g, nil
}

// PlayedActions returns every action played in the game from its start: the
// actions of the completed half-moves (PlayedMoves) followed by those of the
// unfinished one (PendingActions). Replaying them with ApplyAll on a new game from
// Start gives the game back (without a result recorded by Resign, AgreeDraw or
// Timeout).
func (g Game) PlayedActions() []Action {
	var out []Action
	g.eachPlayed(func(_ int, _ *Position, m Move) { out = append(out, m.path()...) })
	return append(out, g.pending...)
}

// ActionLog returns the game's actions (PlayedActions) as a pacoplay action log,
// the JSON array GameFromActionLog reads: [{"Lift":12},{"Place":28}]. A game holds
// only actions it has played, all of them valid, so this cannot fail.
func (g Game) ActionLog() []byte {
	actions := g.PlayedActions()
	out := make([]byte, 0, 2+len(actions)*12)
	out = append(out, '[')
	for i, a := range actions {
		if i > 0 {
			out = append(out, ',')
		}
		out = a.appendJSON(out)
	}
	return append(out, ']')
}
