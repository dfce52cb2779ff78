package pacosako

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// Tests of pacoplay's JSON action logs (issue 4, item 4): the form of one action,
// the errors, every history of game_histories.tsv through JSON and back into a
// game, and a fuzz test.

func TestActionJSON(t *testing.T) {
	tests := []struct {
		action Action
		json   string
	}{
		{Lift(A1), `{"Lift":0}`},
		{Lift(E2), `{"Lift":12}`},
		{Place(E4), `{"Place":28}`},
		{Place(H8), `{"Place":63}`},
		{Promote(Knight), `{"Promote":"Knight"}`},
		{Promote(Bishop), `{"Promote":"Bishop"}`},
		{Promote(Rook), `{"Promote":"Rook"}`},
		{Promote(Queen), `{"Promote":"Queen"}`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(tc.action)
		if err != nil || string(b) != tc.json {
			t.Errorf("Marshal(%v) = %s, %v; want %s", tc.action, b, err, tc.json)
		}
		var a Action
		if err := json.Unmarshal([]byte(tc.json), &a); err != nil || a != tc.action {
			t.Errorf("Unmarshal(%s) = %v, %v; want %v", tc.json, a, err, tc.action)
		}
	}
	// White space is JSON's business.
	var a Action
	if err := json.Unmarshal([]byte(" { \"Place\" :\n28 } "), &a); err != nil || a != Place(E4) {
		t.Errorf("with spaces: %v, %v", a, err)
	}
	// The example of RULES.md §5, as a slice.
	log := `[{"Lift":12},{"Place":28},{"Promote":"Queen"}]`
	var acts []Action
	if err := json.Unmarshal([]byte(log), &acts); err != nil || FormatActions(acts) != "Lift(e2) Place(e4) Promote(Queen)" {
		t.Errorf("Unmarshal(%s) = %v, %v", log, acts, err)
	}
	if b, err := json.Marshal(acts); err != nil || string(b) != log {
		t.Errorf("Marshal(%v) = %s, %v", acts, b, err)
	}
	// As a field of a struct, by value and by pointer.
	type wrapper struct {
		A Action
		P *Action
	}
	var w wrapper
	if err := json.Unmarshal([]byte(`{"A":{"Lift":1},"P":{"Promote":"Rook"}}`), &w); err != nil || w.A != Lift(B1) || w.P == nil || *w.P != Promote(Rook) {
		t.Errorf("wrapper: %+v, %v", w, err)
	}
	if b, err := json.Marshal(w); err != nil || string(b) != `{"A":{"Lift":1},"P":{"Promote":"Rook"}}` {
		t.Errorf("wrapper: %s, %v", b, err)
	}
}

func TestActionJSONErrors(t *testing.T) {
	tests := []struct {
		json, reason string
	}{
		{`{"Lift":64}`, "outside 0..63"},
		{`{"Lift":-1}`, "outside 0..63"},
		{`{"Place":1000}`, "outside 0..63"},
		{`{"Lift":99999999999999999999999}`, "integer"},
		{`{"Lift":1.5}`, "integer"},
		{`{"Lift":12.0}`, "integer"},
		{`{"Lift":1e1}`, "integer"},
		{`{"Lift":"e2"}`, `got "e2"`},
		{`{"Lift":"12"}`, `got "12"`},
		{`{"Lift":null}`, "got null"},
		{`{"Lift":true}`, "got true"},
		{`{"Lift":[12]}`, "got an array"},
		{`{"Lift":{}}`, "got an object"},
		{`{"Promote":"King"}`, `"King"`},
		{`{"Promote":"Pawn"}`, `"Pawn"`},
		{`{"Promote":"queen"}`, `"queen"`},
		{`{"Promote":"Q"}`, `"Q"`},
		{`{"Promote":5}`, "got 5"},
		{`{"Jump":1}`, `unknown member "Jump"`},
		{`{"lift":1}`, `unknown member "lift"`},
		{`{"LIFT":1}`, `unknown member "LIFT"`},
		{`{}`, "empty object"},
		{`{"Lift":1,"Place":2}`, "more than one member"},
		{`{"Lift":1,"Lift":1}`, "more than one member"},
		{`{"Promote":"Queen","Lift":1}`, "more than one member"},
		{`null`, "not an object"},
		{`12`, "not an object"},
		{`"Lift"`, "not an object"},
		{`[]`, "not an object"},
		{`[{"Lift":12}]`, "not an object"},
	}
	for _, tc := range tests {
		var a Action
		err := json.Unmarshal([]byte(tc.json), &a)
		if !errors.Is(err, ErrInvalidAction) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("Unmarshal(%s): %v; want an error wrapping ErrInvalidAction saying %q", tc.json, err, tc.reason)
		}
		if a != (Action{}) {
			t.Errorf("Unmarshal(%s) changed the action to %v", tc.json, a)
		}
	}
	// Called directly (not through json.Unmarshal, which checks the syntax first).
	for _, s := range []string{``, ` `, `{`, `{"Lift"`, `{"Lift":`, `{"Lift":1`, `{"Lift":1,`, `{"Lift":1}x`, `{"Lift":1}{}`, `{"Lift":1}}`, `{"Lift" 1}`, `{1:2}`, `{"Promote":"Queen"`, "\xff"} {
		a := Place(C3)
		err := a.UnmarshalJSON([]byte(s))
		if !errors.Is(err, ErrInvalidAction) {
			t.Errorf("UnmarshalJSON(%q) = %v, want an error wrapping ErrInvalidAction", s, err)
		}
		if a != Place(C3) {
			t.Errorf("UnmarshalJSON(%q) changed the action to %v", s, a)
		}
	}
	// Actions that have no JSON form.
	for _, a := range []Action{{}, Lift(NoSquare), Place(Square(200)), Promote(King), Promote(Pawn), Promote(NoRole), {Kind: 7, Square: E2}} {
		if b, err := json.Marshal(a); !errors.Is(err, ErrInvalidAction) {
			t.Errorf("Marshal(%#v) = %s, %v; want an error wrapping ErrInvalidAction", a, b, err)
		}
		if b, err := json.Marshal([]Action{Lift(E2), a}); !errors.Is(err, ErrInvalidAction) {
			t.Errorf("Marshal([Lift(e2) %#v]) = %s, %v; want an error wrapping ErrInvalidAction", a, b, err)
		}
	}
}

func TestParseActionLogErrors(t *testing.T) {
	tests := []struct {
		log   string
		index int
		want  error
	}{
		{``, -1, ErrInvalidAction},
		{`null`, -1, ErrInvalidAction},
		{`{"Lift":12}`, -1, ErrInvalidAction},
		{`[`, -1, ErrInvalidAction},
		{`[{"Lift":12}`, -1, ErrInvalidAction},
		{`[{"Lift":12}]x`, -1, ErrInvalidAction},
		{`[{"Lift":12}][]`, -1, ErrInvalidAction},
		{`[{"Lift":64}]`, 0, ErrInvalidAction},
		{`[{"Lift":12},{"Place":28},{"Jump":1}]`, 2, ErrInvalidAction},
		{`[{"Lift":12},{}]`, 1, ErrInvalidAction},
		{`[{"Lift":12} {"Place":28}]`, 1, ErrInvalidAction},
		{`[{"Lift":12},]`, 1, ErrInvalidAction},
		{`[{"Lift":12},{"Place":28]`, 1, ErrInvalidAction},
		{`[{"Lift":12},null]`, 1, ErrInvalidAction},
	}
	for _, tc := range tests {
		_, err := ParseActionLog([]byte(tc.log))
		var le *ActionLogError
		if !errors.As(err, &le) || !errors.Is(err, tc.want) || le.Index != tc.index {
			t.Errorf("ParseActionLog(%s) = %v; want an *ActionLogError for index %d wrapping %v", tc.log, err, tc.index, tc.want)
		}
		if _, err2 := GameFromActionLog(StartingPosition(), []byte(tc.log)); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("GameFromActionLog(%s) = %v, want %v", tc.log, err2, err)
		}
	}
	acts, err := ParseActionLog([]byte(" [ ] "))
	if err != nil || acts == nil || len(acts) != 0 {
		t.Errorf("empty log: %v, %v", acts, err)
	}
}

func TestGameFromActionLogIllegal(t *testing.T) {
	tests := []struct {
		log   string
		index int
		want  error
		msg   string
	}{
		{`[{"Lift":28}]`, 0, ErrIllegalAction, "pacosako: pacoplay action log: entry 0: illegal action: Lift(e4) in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -: legal are Lift(b1) Lift(g1) Lift(a2)"},
		{`[{"Lift":12},{"Place":36}]`, 1, ErrIllegalAction, "entry 1: illegal action: Place(e5) in rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -: legal are Place(e3) Place(e4)"},
		{`[{"Lift":12},{"Place":28},{"Lift":28}]`, 2, ErrIllegalAction, "entry 2: illegal action: Lift(e4) in "},
		{`[{"Promote":"Queen"}]`, 0, ErrIllegalAction, "entry 0: illegal action: Promote(Queen) in "},
		// lib::test_white_victory_after_pacosako, then one action too many.
		{`[{"Lift":12},{"Place":28},{"Lift":51},{"Place":35},{"Lift":5},{"Place":33},{"Lift":35},{"Place":28},{"Lift":33},{"Place":60},{"Lift":52}]`, 10, ErrGameOver, "entry 10: game over: Lift(e7) in rnbqXbnr/ppp1pppp/8/8/4a3/8/PPPP1PPP/RNBQK1NR b 0 AHah - -: the game has ended (White wins by Paco)"},
	}
	for _, tc := range tests {
		_, err := GameFromActionLog(StartingPosition(), []byte(tc.log), WithRepetitionLimit(0))
		var le *ActionLogError
		var ae *ActionError
		if !errors.As(err, &le) || le.Index != tc.index || !errors.Is(err, tc.want) || !errors.As(err, &ae) || ae.Index != tc.index {
			t.Errorf("%s: %v; want entry %d wrapping %v", tc.log, err, tc.index, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: %q, want it to contain %q", tc.log, err, tc.msg)
		}
	}
}

// TestActionLogHistories sends every history of game_histories.tsv through JSON:
// the actions are marshalled and unmarshalled back to the same actions, and
// GameFromActionLog replays them to the positions, results and pending actions of a
// Game built with Apply; the game's ActionLog gives the log back byte for byte.
func TestActionLogHistories(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, hist [][]string) {
		halfMoves, actions := 0, 0
		for _, h := range hist {
			name, start, text := h[0], h[1], h[2]
			acts, err := ParseActions(text)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			pos, opts := StartingPosition(), []GameOption{WithRepetitionLimit(0)}
			if start != "new" {
				pos, opts = mustFEN(t, start), nil
			}

			log, err := json.Marshal(acts)
			if err != nil {
				t.Fatalf("%s: Marshal: %v", name, err)
			}
			var back []Action
			if err := json.Unmarshal(log, &back); err != nil || !slices.Equal(back, acts) {
				t.Errorf("%s: Unmarshal(Marshal) = %v, %v", name, FormatActions(back), err)
			}
			if parsed, err := ParseActionLog(log); err != nil || !slices.Equal(parsed, acts) {
				t.Errorf("%s: ParseActionLog = %v, %v", name, FormatActions(parsed), err)
			}

			want := NewGame(pos, opts...)
			for i, a := range acts {
				if want, err = want.Apply(a); err != nil {
					t.Fatalf("%s: action %d (%v): %v", name, i, a, err)
				}
			}
			got, err := GameFromActionLog(pos, log, opts...)
			if err != nil {
				t.Errorf("%s: GameFromActionLog: %v", name, err)
				continue
			}
			if got.Len() != want.Len() || got.Outcome() != want.Outcome() || !slices.Equal(got.PendingActions(), want.PendingActions()) ||
				!got.Position().Equal(want.Position()) || got.Position().FEN() != want.Position().FEN() {
				t.Errorf("%s: got %d half-moves, %v, pending %v, %s; want %d, %v, %v, %s", name,
					got.Len(), got.Outcome(), got.PendingActions(), got.Position().FEN(),
					want.Len(), want.Outcome(), want.PendingActions(), want.Position().FEN())
				continue
			}
			gm, wm := got.PlayedMoves(), want.PlayedMoves()
			for i := 0; i <= want.Len(); i++ {
				gp, _ := got.PositionAt(i)
				wp, _ := want.PositionAt(i)
				if !gp.Equal(wp) || gp.FEN() != wp.FEN() {
					t.Errorf("%s: half-move %d: %s, want %s", name, i, gp.FEN(), wp.FEN())
				}
				if i > 0 && !slices.Equal(gm[i-1].Actions(), wm[i-1].Actions()) {
					t.Errorf("%s: half-move %d: %v, want %v", name, i, gm[i-1], wm[i-1])
				}
			}
			if !slices.Equal(got.PlayedActions(), acts) {
				t.Errorf("%s: PlayedActions %v", name, FormatActions(got.PlayedActions()))
			}
			if out := got.ActionLog(); !bytes.Equal(out, log) {
				t.Errorf("%s: ActionLog\n%s\nwant\n%s", name, out, log)
			}
			halfMoves += want.Len()
			actions += len(acts)
		}
		t.Logf("%d histories (%d actions, %d half-moves) round-tripped through JSON", len(hist), actions, halfMoves)
	})
}

// A game's log holds the unfinished half-move too, and a game that did not start
// with the log (Play, Undo) writes what it holds.
func TestGameActionLog(t *testing.T) {
	g := NewGame(StartingPosition())
	if got := string(g.ActionLog()); got != "[]" {
		t.Errorf("new game: %s", got)
	}
	g, err := g.Play(mustCoordinate(t, g.Position(), "e2e4"))
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.Apply(Lift(D7))
	if err != nil {
		t.Fatal(err)
	}
	const want = `[{"Lift":12},{"Place":28},{"Lift":51}]`
	if got := string(g.ActionLog()); got != want {
		t.Errorf("ActionLog = %s, want %s", got, want)
	}
	h, err := GameFromActionLog(StartingPosition(), []byte(want))
	if err != nil || h.Len() != 1 || !slices.Equal(h.PendingActions(), []Action{Lift(D7)}) || !h.Position().Equal(g.Position()) {
		t.Errorf("GameFromActionLog(%s) = %d half-moves, pending %v, %v", want, h.Len(), h.PendingActions(), err)
	}
	if got := string(g.Rollback().ActionLog()); got != `[{"Lift":12},{"Place":28}]` {
		t.Errorf("after Rollback: %s", got)
	}
}

// FuzzActionJSON checks that reading JSON as an action or an action log never
// panics, that every error is typed, and that what reads is written back in the
// canonical form, which reads as the same actions (a fixed point).
func FuzzActionJSON(f *testing.F) {
	for _, s := range []string{`{"Lift":12}`, `{"Place":28}`, `{"Promote":"Queen"}`, `{"Lift":64}`, `{"Lift":-1}`,
		`{"Promote":"King"}`, `{"Jump":1}`, `{}`, `{"Lift":1,"Place":2}`, `null`, ` {"Place" : 0 } `, `{"Lift":1e1}`,
		`[{"Lift":12},{"Place":28},{"Promote":"Queen"}]`, `[{"Lift":12},{"Place":28},{"Lift":51},{"Place":35},{"Lift":28}]`,
		`[]`, `[`, `{"Lift":-0}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var a Action
		if err := json.Unmarshal(data, &a); err != nil {
			if !errors.Is(err, ErrInvalidAction) {
				var se *json.SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("Unmarshal(%q): untyped error %v", data, err)
				}
			}
		} else {
			out, err := json.Marshal(a)
			if err != nil {
				t.Fatalf("Marshal(%v) after Unmarshal(%q): %v", a, data, err)
			}
			var b Action
			if err := json.Unmarshal(out, &b); err != nil || b != a {
				t.Fatalf("%q -> %v -> %s -> %v, %v", data, a, out, b, err)
			}
			if out2, _ := json.Marshal(b); !bytes.Equal(out, out2) {
				t.Fatalf("%s is not a fixed point: %s", out, out2)
			}
		}
		var direct Action
		if err := direct.UnmarshalJSON(data); err != nil && !errors.Is(err, ErrInvalidAction) {
			t.Fatalf("UnmarshalJSON(%q): untyped error %v", data, err)
		}

		acts, err := ParseActionLog(data)
		if err != nil {
			var le *ActionLogError
			if !errors.As(err, &le) || !errors.Is(err, ErrInvalidAction) || le.Index < -1 {
				t.Fatalf("ParseActionLog(%q): bad error %v", data, err)
			}
			return
		}
		out, err := json.Marshal(append([]Action{}, acts...)) // "[]", not "null", for none
		if err != nil {
			t.Fatalf("Marshal(%v): %v", acts, err)
		}
		again, err := ParseActionLog(out)
		if err != nil || !slices.Equal(again, acts) {
			t.Fatalf("%q -> %v -> %s -> %v, %v", data, acts, out, again, err)
		}
		g, err := GameFromActionLog(StartingPosition(), data)
		if err != nil {
			var le *ActionLogError
			if !errors.As(err, &le) || le.Index < 0 || le.Index >= len(acts) || !(errors.Is(err, ErrIllegalAction) || errors.Is(err, ErrGameOver)) {
				t.Fatalf("GameFromActionLog(%q): bad error %v", data, err)
			}
			return
		}
		if !bytes.Equal(g.ActionLog(), out) {
			t.Fatalf("GameFromActionLog(%q).ActionLog() = %s, want %s", data, g.ActionLog(), out)
		}
	})
}
