package pacosako

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPacoplayMatch13103 reads the shared match state of the real game 13103: its
// replay is the game's rows of games.tsv, Black's clock ran out, the players and
// the move times become tags and %emt comments, and the record writes back.
func TestPacoplayMatch13103(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "pacoplay", "13103.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParsePacoplayMatch(data)
	if err != nil {
		t.Fatal(err)
	}
	g := rec.Game
	if g.Len() != 53 || g.Outcome().VictoryState() != "TimeoutVictory(White)" || g.Position().Turn() != Black || len(g.PendingActions()) != 0 {
		t.Fatalf("replay: %d half-moves, %v, %v to act, pending %v", g.Len(), g.Outcome(), g.Position().Turn(), g.PendingActions())
	}
	var rows int
	for _, r := range localRows(t, "games.tsv") {
		if r[0] != "testdata::REPLAY_13103" {
			continue
		}
		rows++
		var n int
		fmt.Sscan(r[1], &n)
		p, err := g.PositionAt(n)
		if err != nil || p.FEN() != r[3] {
			t.Errorf("half-move %s: %s, want %s (games.tsv)", r[1], p.FEN(), r[3])
		}
	}
	if rows != 54 {
		t.Errorf("%d rows of games.tsv checked, want 54", rows)
	}
	for _, want := range []Tag{{"Site", "pacoplay.com"}, {"GameId", "13103"}, {"White", "Player A"}, {"Date", "2023.04.02"}} {
		if got := rec.Tag(want.Name); got != want.Value {
			t.Errorf("tag %s = %q, want %q", want.Name, got, want.Value)
		}
	}
	if rec.Tag("Black") != "" || len(rec.Notes) != 53 {
		t.Errorf("Black %q, %d notes", rec.Tag("Black"), len(rec.Notes))
	}
	// Half-move 1: 19:30:02.500 to 19:30:06.462; half-move 2: to 19:30:18.772.
	if rec.Notes[0].Comment != "[%emt 0:00:04.0]" || rec.Notes[1].Comment != "[%emt 0:00:12.3]" {
		t.Errorf("move times %q, %q", rec.Notes[0].Comment, rec.Notes[1].Comment)
	}
	text := rec.String()
	back, err := ParseRecord(text)
	if err != nil || back.String() != text || back.Game.Outcome() != g.Outcome() || back.Notes[52].Comment != rec.Notes[52].Comment {
		t.Errorf("written record reads back as %v, %v", back.Game.Outcome(), err)
	}
	if !strings.Contains(text, "[Termination \"Timeout\"]") || !strings.Contains(text, "[Result \"1-0\"]") {
		t.Errorf("record lacks the timeout:\n%s", text)
	}
}

// matchState builds a match state from a history: its actions a second apart.
func matchState(t *testing.T, start *string, repetitions int, actions string, victory any, controlling string) []byte {
	t.Helper()
	acts := mustActions(t, actions)
	var list []map[string]any
	at := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	for _, a := range acts {
		b, _ := json.Marshal(a)
		var m map[string]any
		json.Unmarshal(b, &m)
		m["timestamp"] = at.Format(time.RFC3339Nano)
		at = at.Add(1500 * time.Millisecond)
		list = append(list, m)
	}
	if list == nil {
		list = []map[string]any{}
	}
	out, err := json.Marshal(map[string]any{
		"key": "7", "actions": list, "is_rollback": false, "timer": nil,
		"setup_options":      map[string]any{"safe_mode": true, "draw_after_n_repetitions": repetitions, "starting_fen": start},
		"victory_state":      victory,
		"controlling_player": controlling,
		"white_player":       map[string]any{"name": "Ada", "avatar": "x"},
		"black_player":       nil,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPacoplayMatchHistories turns every history of game_histories.tsv into a match
// state with the victory state and controlling player of its last games.tsv row,
// and reads it back to the same game.
func TestPacoplayMatchHistories(t *testing.T) {
	last := map[string][]string{}
	for _, r := range localRows(t, "games.tsv") {
		last[r[0]] = r
	}
	n := 0
	for _, h := range localRows(t, "game_histories.tsv") {
		g := historyGame(t, h)
		var start *string
		repetitions := 0
		if h[1] != "new" {
			start, repetitions = &h[1], 3
		}
		var victory any = g.Outcome().VictoryState()
		switch o := g.Outcome(); o.Termination {
		case Paco:
			victory = map[string]string{"PacoVictory": o.Winner.String()}
		case NoProgress, Repetition, Running:
		default:
			t.Fatalf("%s: %v", h[0], o)
		}
		if r := last[h[0]]; r == nil || (r[5] != g.Outcome().VictoryState()) {
			t.Fatalf("%s: games.tsv ends %v, the history %v", h[0], r, g.Outcome())
		}
		rec, err := ParsePacoplayMatch(matchState(t, start, repetitions, h[2], victory, g.Position().Turn().String()))
		if err != nil {
			t.Errorf("%s: %v", h[0], err)
			continue
		}
		sameGame(t, h[0], g, rec.Game)
		if len(rec.Notes) != g.Len() {
			t.Errorf("%s: %d move times for %d half-moves", h[0], len(rec.Notes), g.Len())
		}
		n++
	}
	t.Logf("%d histories read back from match states", n)
}

func TestPacoplayMatchErrors(t *testing.T) {
	std := "Lift(e2) Place(e4) Lift(d7) Place(d5)"
	fischer := "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w 0 FHfh - -"
	badFEN := "nonsense"
	for _, c := range []struct {
		name string
		data []byte
		want error
		msg  string
	}{
		{"not JSON", []byte("{"), ErrInvalidNotation, "not a match-state JSON object"},
		{"an array", []byte("[]"), ErrInvalidNotation, "not a match-state JSON object"},
		{"missing fields", []byte(`{"key":"1"}`), ErrInvalidNotation, "a match state has key, actions"},
		{"two objects", append(matchState(t, nil, 3, std, "Running", "White"), []byte(" {}")...), ErrInvalidNotation, "text after the match object"},
		{"Black said to have won", matchState(t, nil, 3, "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(f1) Place(b5) Lift(d5) Place(e4) Lift(b5) Place(e8)",
			map[string]string{"PacoVictory": "Black"}, "Black"), ErrInvalidNotation, "victory_state says PacoVictory(Black), but the replay ends PacoVictory(White)"},
		{"said to be running", matchState(t, nil, 3, "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(f1) Place(b5) Lift(d5) Place(e4) Lift(b5) Place(e8)",
			"Running", "Black"), ErrInvalidNotation, "victory_state says Running, but the replay ends PacoVictory(White)"},
		{"the wrong side to act", matchState(t, nil, 3, std, "Running", "Black"), ErrInvalidNotation, "controlling_player says Black, but after the replay White is to act"},
		{"an unknown victory state", matchState(t, nil, 3, std, "Won", "White"), ErrInvalidNotation, `victory_state "Won"`},
		{"an illegal action", matchState(t, nil, 3, "Lift(e2) Place(e5)", "Running", "White"), ErrIllegalAction, "entry 1: illegal action: Place(e5)"},
		{"a bad start", matchState(t, &badFEN, 3, "", "Running", "White"), ErrInvalidFEN, "invalid FEN"},
		{"a bad timestamp", []byte(strings.Replace(string(matchState(t, nil, 3, std, "Running", "White")), "2026-11-30T12:00:01.5Z", "yesterday", 1)), ErrInvalidAction, `timestamp "yesterday"`},
	} {
		_, err := ParsePacoplayMatch(c.data)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v; want %v containing %q", c.name, err, c.want, c.msg)
		}
	}
	// A Fischer-random start, the repetition rule off, a timeout of a running game,
	// an unfinished half-move.
	rec, err := ParsePacoplayMatch(matchState(t, &fischer, 0, "Lift(e2) Place(e4) Lift(d7)", map[string]string{"TimeoutVictory": "White"}, "Black"))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Game.Start().FEN() != fischer || rec.Game.RepetitionLimit() != 0 || rec.Game.Outcome().VictoryState() != "TimeoutVictory(White)" ||
		FormatActions(rec.Game.PendingActions()) != "Lift(d7)" || len(rec.Notes) != 1 || rec.Notes[0].Comment != "[%emt 0:00:01.5]" {
		t.Errorf("Fischer random: %s, repetition %d, %v, pending %v, notes %v", rec.Game.Start().FEN(), rec.Game.RepetitionLimit(),
			rec.Game.Outcome(), rec.Game.PendingActions(), rec.Notes)
	}
}

func TestElapsed(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{0, "0:00:00.0"}, {3962 * time.Millisecond, "0:00:04.0"}, {61*time.Second + 449*time.Millisecond, "0:01:01.4"},
		{3*time.Hour + 25*time.Minute + 7*time.Second + 50*time.Millisecond, "3:25:07.1"}, {-time.Second, "0:00:00.0"}} {
		if got := elapsed(c.d); got != c.want {
			t.Errorf("elapsed(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// TestPacoplayErrorQuotesOnce: a match that is not one is quoted once in the
// message, not a quoted quotation.
func TestPacoplayErrorQuotesOnce(t *testing.T) {
	_, err := ParsePacoplayMatch([]byte(`{"key":"x","actions":[1]}`))
	if err == nil || strings.Contains(err.Error(), `\"key\\\"`) || !strings.Contains(err.Error(), `"{\"key\":\"x\",`) {
		t.Errorf("ParsePacoplayMatch: %v", err)
	}
}
