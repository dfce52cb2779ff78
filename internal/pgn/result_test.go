package pgn

import (
	"strings"
	"testing"
)

// TestSettle: what a result token, the Result tag and the Termination tag make of
// a game, for both games' readers; and the Termination tag their writers give.
func TestSettle(t *testing.T) {
	at := Pos{Line: 9, Column: 5}
	tag := func(name, value string) Tag { return Tag{Name: name, Value: value, At: Pos{Line: 2, Column: 1}} }
	for _, c := range []struct {
		token string
		tags  []Tag
		over  bool
		want  Settled
		err   string
	}{
		{"*", nil, false, Settled{}, ""},
		{"", nil, false, Settled{}, ""},
		{"", []Tag{tag("Result", "*")}, false, Settled{}, ""},
		{"1-0", nil, false, Settled{Resignation, true}, ""},
		{"0-1", nil, false, Settled{Ending: Resignation}, ""},
		{"", []Tag{tag("Result", "0-1")}, false, Settled{Ending: Resignation}, ""},
		{"1/2-1/2", nil, false, Settled{Ending: Agreement}, ""},
		{"0-1", []Tag{tag("Termination", "Time forfeit")}, false, Settled{Ending: Timeout}, ""},
		{"1-0", []Tag{tag("Termination", "Black lost on time")}, false, Settled{Timeout, true}, ""},
		{"1-0", []Tag{tag("Termination", "Normal")}, false, Settled{Resignation, true}, ""},
		{"0-1", nil, true, Settled{}, ""},
		{"1-0", nil, true, Settled{}, "line 9, column 5: \"1-0\": the moves end the game 0-1 (checkmate)"},
		{"", []Tag{tag("Result", "2-0")}, false, Settled{}, "line 2, column 1: \"2-0\": a result is 1-0, 0-1, 1/2-1/2 or *"},
		{"1-0", []Tag{tag("Termination", "Agreement")}, false, Settled{}, "line 2, column 1: \"Agreement\": Termination \"Agreement\" does not fit the result 1-0"},
		{"1/2-1/2", []Tag{tag("Termination", "timeout")}, false, Settled{}, "does not fit the result 1/2-1/2"},
	} {
		got, err := Settle(c.token, at, c.tags, c.over, "0-1", "checkmate")
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q %v over=%v: %+v, %v; want %+v", c.token, c.tags, c.over, got, err, c.want)
		case c.err != "":
			se, ok := err.(*SyntaxError)
			if !ok || !strings.Contains(se.Error(), c.err) {
				t.Errorf("%q %v: %v; want %q", c.token, c.tags, err, c.err)
			}
		}
	}
	for _, c := range []struct{ own, name, result, want string }{
		{"", "Resignation", "1-0", "Resignation"},
		{"won by resignation", "Resignation", "1-0", "won by resignation"},
		{"time forfeit", "Resignation", "1-0", "Resignation"},
		{"time forfeit", "Timeout", "0-1", "time forfeit"},
		{"Normal", "Agreement", "1/2-1/2", "Normal"},
		{"Normal", "Checkmate", "1-0", "Normal"},
		{"", "Paco", "1-0", ""},
	} {
		if got := TerminationTag(c.own, c.name, c.result); got != c.want {
			t.Errorf("TerminationTag(%q, %q, %q) = %q, want %q", c.own, c.name, c.result, got, c.want)
		}
	}
}
