package pacosako

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"
)

// pacoplayMatch is the part of pacoplay.com's match state that a record keeps.
type pacoplayMatch struct {
	Key          *string           `json:"key"`
	Actions      []json.RawMessage `json:"actions"`
	SetupOptions *struct {
		DrawAfterNRepetitions *int    `json:"draw_after_n_repetitions"`
		StartingFEN           *string `json:"starting_fen"`
	} `json:"setup_options"`
	VictoryState      json.RawMessage `json:"victory_state"`
	ControllingPlayer *string         `json:"controlling_player"`
	WhitePlayer       *pacoplayPlayer `json:"white_player"`
	BlackPlayer       *pacoplayPlayer `json:"black_player"`
}

type pacoplayPlayer struct {
	Name string `json:"name"`
}

// ParsePacoplayMatch reads a game in pacoplay.com's match-state JSON (its game
// files: key, players, setup_options, actions with timestamps, victory_state,
// controlling_player) and returns it as a Record with the tags Site, GameId,
// White, Black and Date and each half-move's time as an "[%emt …]" comment; the
// replay must agree with victory_state (a TimeoutVictory over a running game is
// recorded as a timeout). Errors: a *NotationError (Notation "pacoplay match",
// ErrInvalidNotation) for bad JSON, a missing field or a contradiction; a
// *FENError for a bad starting_fen; an *ActionLogError naming the entry of an
// action that cannot be played.
func ParsePacoplayMatch(data []byte) (Record, error) {
	fail := func(format string, args ...any) (Record, error) {
		return Record{}, &NotationError{Notation: "pacoplay match", Input: cutJSON(data), Reason: fmt.Sprintf(format, args...)}
	}
	var m pacoplayMatch
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&m); err != nil {
		return fail("not a match-state JSON object: %s", jsonReason(err))
	}
	if dec.More() {
		return fail("text after the match object")
	}
	if m.Key == nil || m.Actions == nil || m.SetupOptions == nil || m.VictoryState == nil || m.ControllingPlayer == nil {
		return fail("a match state has key, actions, setup_options, victory_state and controlling_player")
	}
	rec := Record{Tags: []Tag{{"Site", "pacoplay.com"}, {"GameId", *m.Key}}}
	for _, p := range []struct {
		tag    string
		player *pacoplayPlayer
	}{{"White", m.WhitePlayer}, {"Black", m.BlackPlayer}} {
		if p.player != nil && p.player.Name != "" {
			rec.Tags = append(rec.Tags, Tag{p.tag, p.player.Name})
		}
	}
	start := StartingPosition()
	if f := m.SetupOptions.StartingFEN; f != nil {
		p, err := ParseFEN(*f)
		if err != nil {
			return Record{}, err
		}
		start = p
	}
	repetitions := 0
	if n := m.SetupOptions.DrawAfterNRepetitions; n != nil {
		if *n < 0 {
			return fail("draw_after_n_repetitions is %d: want 0 (off) or more", *n)
		}
		repetitions = *n
	}
	g := NewGame(start, WithRepetitionLimit(repetitions))
	var times []string // the %emt comment of each completed half-move
	var last time.Time // the last action of the half-move before (at first: the first action)
	for i, raw := range m.Actions {
		a, at, err := pacoplayAction(raw)
		if err != nil {
			return Record{}, &ActionLogError{Index: i, Err: err}
		}
		if i == 0 {
			rec.Tags = append(rec.Tags, Tag{"Date", at.UTC().Format("2006.01.02")})
			last = at
		}
		n := g.Len()
		next, err := g.Apply(a)
		if err != nil {
			if ae, ok := err.(*ActionError); ok {
				ae.Index = i
			}
			return Record{}, &ActionLogError{Index: i, Err: err}
		}
		g = next
		if g.Len() > n {
			times = append(times, "[%emt "+elapsed(at.Sub(last))+"]")
			last = at
		}
	}
	for _, c := range times {
		rec.Notes = append(rec.Notes, Note{Comment: c})
	}
	// The end state must be the replay's.
	state, err := pacoplayVictory(m.VictoryState)
	if err != nil {
		return fail("%s", err)
	}
	got := g.Outcome()
	switch {
	case state.Termination == Timeout && !got.IsOver():
		g, _ = g.Timeout(state.Winner.Other())
	case state != got:
		return fail("victory_state says %s, but the replay ends %s", state.VictoryState(), got.VictoryState()) // in the JSON's terms
	}
	player, err := ParseColor(*m.ControllingPlayer)
	if err != nil || len(*m.ControllingPlayer) == 1 {
		return fail("controlling_player is %q: want \"White\" or \"Black\"", *m.ControllingPlayer)
	}
	if turn := g.Position().Turn(); player != turn {
		return fail("controlling_player says %v, but after the replay %v is to act", player, turn)
	}
	rec.Game = g
	return rec, nil
}

// pacoplayAction reads one entry of a match state's actions: an action in
// pacoplay's form and its timestamp.
func pacoplayAction(raw json.RawMessage) (Action, time.Time, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return Action{}, time.Time{}, fmt.Errorf("%w: JSON %s: want an object with Lift, Place or Promote and timestamp", ErrInvalidAction, abbreviateJSON(raw))
	}
	ts, ok := fields["timestamp"]
	var at time.Time
	var s string
	if !ok || json.Unmarshal(ts, &s) != nil {
		return Action{}, time.Time{}, fmt.Errorf("%w: JSON %s: want a \"timestamp\" string", ErrInvalidAction, abbreviateJSON(raw))
	}
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return Action{}, time.Time{}, fmt.Errorf("%w: timestamp %q: want an RFC 3339 time such as 2023-04-02T19:30:02.500Z", ErrInvalidAction, shorten(s))
	}
	delete(fields, "timestamp")
	action, err := json.Marshal(fields)
	if err != nil {
		return Action{}, time.Time{}, err
	}
	var a Action
	if err := a.UnmarshalJSON(action); err != nil {
		return Action{}, time.Time{}, err
	}
	return a, at, nil
}

// pacoplayVictory reads a victory_state.
func pacoplayVictory(raw json.RawMessage) (Outcome, error) {
	var name string
	if json.Unmarshal(raw, &name) == nil {
		switch name {
		case "Running":
			return Outcome{}, nil
		case "NoProgressDraw":
			return Outcome{Termination: NoProgress}, nil
		case "RepetitionDraw":
			return Outcome{Termination: Repetition}, nil
		}
		return Outcome{}, fmt.Errorf("victory_state %q: want Running, NoProgressDraw, RepetitionDraw or an object such as {\"PacoVictory\":\"White\"}", shorten(name))
	}
	var won map[string]string
	if json.Unmarshal(raw, &won) == nil && len(won) == 1 {
		for kind, winner := range won {
			c, err := ParseColor(winner)
			if err != nil || len(winner) == 1 {
				break
			}
			switch kind {
			case "PacoVictory":
				return Outcome{Termination: Paco, Winner: c}, nil
			case "TimeoutVictory":
				return Outcome{Termination: Timeout, Winner: c}, nil
			}
		}
	}
	return Outcome{}, fmt.Errorf("victory_state %s: want Running, NoProgressDraw, RepetitionDraw, {\"PacoVictory\":\"White\"} or {\"TimeoutVictory\":\"Black\"}", abbreviateJSON(raw))
}

// elapsed writes a duration as PGN's clock comments do: h:mm:ss.s, rounded to a
// tenth of a second (a negative duration, from clocks out of order, as 0).
func elapsed(d time.Duration) string {
	tenths := int64(math.Round(d.Seconds() * 10))
	if tenths < 0 {
		tenths = 0
	}
	s := tenths / 10
	return strconv.FormatInt(s/3600, 10) + fmt.Sprintf(":%02d:%02d.%d", s/60%60, s%60, tenths%10)
}
