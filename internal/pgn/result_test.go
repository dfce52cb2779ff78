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
		{"1/2-1/2", []Tag{tag("Termination", "Resignation")}, false, Settled{}, "does not fit the result 1/2-1/2"},
		// A Result tag that says another result than the movetext (issue 25):
		// an error at the token naming both; agreeing ones are one result.
		{"0-1", []Tag{tag("Result", "1-0")}, false, Settled{}, "line 9, column 5: \"0-1\": the movetext ends with 0-1 but the Result tag (line 2, column 1) says 1-0"},
		{"*", []Tag{tag("Result", "1-0")}, false, Settled{}, "the movetext ends with * but the Result tag (line 2, column 1) says 1-0"},
		{"1-0", []Tag{tag("Result", "*")}, false, Settled{}, "the movetext ends with 1-0 but the Result tag (line 2, column 1) says *"},
		{"0-1", []Tag{tag("Result", "0-1")}, true, Settled{}, ""},
		{"1-0", []Tag{tag("Result", "?")}, false, Settled{Resignation, true}, ""},
	} {
		got, err := Settle(c.token, at, c.tags, Judged{Over: c.over, Result: "0-1", Ending: "checkmate"})
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
		// A record read keeps its Termination tag: the game's own name for an
		// ending its moves show is not written again; for an ending the players
		// decided it is the name.
		{"Paco", "Paco", "1-0", ""},
		{"Checkmate", "Checkmate", "0-1", ""},
		{"Resignation", "Resignation", "1-0", "Resignation"},
		{"Timeout", "Timeout", "1/2-1/2", "Timeout"},
	} {
		if got := TerminationTag(c.own, c.name, c.result); got != c.want {
			t.Errorf("TerminationTag(%q, %q, %q) = %q, want %q", c.own, c.name, c.result, got, c.want)
		}
	}
}

// TestSettleLichess: every Termination value lichess writes, with every result it
// writes them with, reads for a game that has draw claims and draws on time
// (Atomic chess): a draw on time for "Time forfeit" with 1/2-1/2, the claim for
// a draw at a claimable position, an agreement elsewhere, a timeout or a
// resignation for a win; "*" leaves the game running (issue 25).
func TestSettleLichess(t *testing.T) {
	at := Pos{Line: 9, Column: 5}
	for _, c := range []struct {
		term, result string
		claimable    bool
		want         Settled
	}{
		{"Normal", "1-0", false, Settled{Resignation, true}},
		{"Normal", "0-1", false, Settled{Ending: Resignation}},
		{"Normal", "1/2-1/2", false, Settled{Ending: Agreement}},
		{"Normal", "1/2-1/2", true, Settled{Ending: Claim}},
		{"Normal", "*", false, Settled{}},
		{"Time forfeit", "1-0", false, Settled{Timeout, true}},
		{"Time forfeit", "0-1", true, Settled{Ending: Timeout}},
		{"Time forfeit", "1/2-1/2", false, Settled{Ending: TimeoutDraw}},
		{"Time forfeit", "1/2-1/2", true, Settled{Ending: TimeoutDraw}},
		{"Abandoned", "1-0", false, Settled{Resignation, true}},
		{"Abandoned", "1/2-1/2", false, Settled{Ending: Agreement}},
		{"Abandoned", "*", false, Settled{}},
		{"Rules infraction", "0-1", false, Settled{Ending: Resignation}},
		{"Rules infraction", "1/2-1/2", true, Settled{Ending: Claim}},
		{"Unterminated", "*", false, Settled{}},
		{"Unterminated", "1/2-1/2", false, Settled{Ending: Agreement}},
		{"Agreement", "1/2-1/2", true, Settled{Ending: Agreement}},
		{"", "1/2-1/2", true, Settled{Ending: Claim}},
	} {
		tags := []Tag{{Name: "Result", Value: c.result}}
		if c.term != "" {
			tags = append(tags, Tag{Name: "Termination", Value: c.term})
		}
		got, err := Settle(c.result, at, tags, Judged{Claimable: c.claimable, TimeoutDraws: true})
		if err != nil || got != c.want {
			t.Errorf("%q %s claimable=%v: %+v, %v; want %+v", c.term, c.result, c.claimable, got, err, c.want)
		}
	}
	// A game without draws on time (Paco Ŝako) refuses a draw on time.
	if _, err := Settle("1/2-1/2", at, []Tag{{Name: "Termination", Value: "Time forfeit"}}, Judged{}); err == nil {
		t.Error("a draw on time read by a game without them")
	}
	for _, c := range []struct{ own, name, result, want string }{
		{"Time forfeit", "Timeout", "1/2-1/2", "Time forfeit"},
		{"Normal", "Timeout", "1/2-1/2", "Timeout"},
		{"Normal", "Repetition", "1/2-1/2", "Normal"},
	} {
		if got := TerminationTag(c.own, c.name, c.result); got != c.want {
			t.Errorf("TerminationTag(%q, %q, %q) = %q, want %q", c.own, c.name, c.result, got, c.want)
		}
	}
}

// TestSettlePastEnd: a game its moves ended by a rule that records play past (a
// draw with moves left: Judged.Passable) keeps a win its record states, as a
// resignation or a timeout, and the same draw as the moves'; a game ended
// otherwise refuses a result other than its own (issue 32).
func TestSettlePastEnd(t *testing.T) {
	at := Pos{Line: 9, Column: 5}
	draw := Judged{Over: true, Result: "1/2-1/2", Ending: "no progress", Passable: true}
	for _, c := range []struct {
		term, result string
		moves        Judged
		want         Settled
		err          string
	}{
		{"", "1-0", draw, Settled{Resignation, true}, ""},
		{"Time forfeit", "0-1", draw, Settled{Ending: Timeout}, ""},
		{"Normal", "1/2-1/2", draw, Settled{}, ""},
		{"", "*", draw, Settled{}, ""},
		{"Agreement", "1-0", draw, Settled{}, "does not fit the result 1-0"},
		{"", "1-0", Judged{Over: true, Result: "1/2-1/2", Ending: "stalemate"}, Settled{}, "the moves end the game 1/2-1/2 (stalemate)"},
	} {
		tags := []Tag{{Name: "Result", Value: c.result}}
		if c.term != "" {
			tags = append(tags, Tag{Name: "Termination", Value: c.term})
		}
		got, err := Settle(c.result, at, tags, c.moves)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q %s %+v: %+v, %v; want %+v", c.term, c.result, c.moves, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q %s %+v: %v; want %q", c.term, c.result, c.moves, err, c.err)
		}
	}
}
