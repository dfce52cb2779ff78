package pacosako

import (
	"errors"
	"strings"
	"testing"
)

// historyGame replays one line of game_histories.tsv into a Game.
func historyGame(t testing.TB, h []string) Game {
	t.Helper()
	g := NewGame(StartingPosition(), WithRepetitionLimit(0))
	if h[1] != "new" {
		g = NewGame(mustFEN(t, h[1]))
	}
	acts, err := ParseActions(h[2])
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.ApplyAll(acts)
	if err != nil {
		t.Fatalf("%s: %v", h[0], err)
	}
	return g
}

func sameGame(t *testing.T, name string, want, got Game) {
	t.Helper()
	if got.Len() != want.Len() || got.Outcome() != want.Outcome() || !got.Position().Equal(want.Position()) ||
		FormatActions(got.PendingActions()) != FormatActions(want.PendingActions()) {
		t.Errorf("%s: read back %d half-moves, %v, %s, pending %v; want %d, %v, %s, pending %v", name,
			got.Len(), got.Outcome(), got.Position().FEN(), got.PendingActions(), want.Len(), want.Outcome(), want.Position().FEN(), want.PendingActions())
		return
	}
	for i := 0; i <= want.Len(); i++ {
		a, _ := want.PositionAt(i)
		b, _ := got.PositionAt(i)
		if !a.Equal(b) {
			t.Errorf("%s: position after %d half-moves differs: %s vs %s", name, i, b.FEN(), a.FEN())
			return
		}
	}
}

// TestRecordRoundTrip writes every history of game_histories.tsv as a game record,
// all of them into one stream, and reads them back.
func TestRecordRoundTrip(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, hist [][]string) {
		var stream strings.Builder
		var games []Game
		for i, h := range hist {
			g := historyGame(t, h)
			games = append(games, g)
			rec := Record{Game: g, Tags: []Tag{{"Event", h[0]}, {"Round", "1"}, {"Annotator", "pacosako test"}},
				Comments: map[int]string{0: "start", g.Len(): "end of " + h[0]}}
			text := rec.String()
			back, err := ParseRecord(text)
			if err != nil {
				t.Errorf("%s: %v\n%s", h[0], err, text)
				continue
			}
			sameGame(t, h[0], g, back.Game)
			if back.Tag("Event") != h[0] || back.Tag("Annotator") != "pacosako test" || back.Comments[g.Len()] != "end of "+h[0] {
				t.Errorf("%s: tags or comments lost: %v %v", h[0], back.Tags, back.Comments)
			}
			if back.String() != text {
				t.Errorf("%s: written twice differently:\n%s\n%s", h[0], text, back.String())
			}
			if i > 0 {
				stream.WriteString("\n")
			}
			stream.WriteString(text)
		}
		rr := NewRecordReader(strings.NewReader(stream.String()))
		n := 0
		for rr.Scan() {
			sameGame(t, hist[n][0], games[n], rr.Record().Game)
			n++
		}
		if err := rr.Err(); err != nil || n != len(hist) {
			t.Errorf("stream: %d of %d games, %v", n, len(hist), err)
		}
		t.Logf("%d histories written and read back, one by one and as one stream", n)
	})
}

func TestRecordExample(t *testing.T) {
	const text = `[Event "Rules page"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -"]

1. Bxe4,Ne4xc3,Qc3xc6 {the chain of the rules page} 1... Kd8 *
`
	rec, err := ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Game.Len() != 2 || rec.Comments[1] != "the chain of the rules page" {
		t.Errorf("read %d half-moves, comments %v", rec.Game.Len(), rec.Comments)
	}
	if got := rec.String(); got != text {
		t.Errorf("written back:\n%s\nwant:\n%s", got, text)
	}
	// Lenient movetext: glued numbers, spaces inside a chain, ';' comments.
	loose := "[FEN \"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -\"]\n\n1.Bxe4, Ne4xc3, Qc3xc6 ; rest of line\n1... Kd8 *\n"
	if rec2, err := ParseRecord(loose); err != nil || !rec2.Game.Position().Equal(rec.Game.Position()) {
		t.Errorf("lenient record: %v", err)
	}
}

func TestRecordResults(t *testing.T) {
	base := "[Event \"x\"]\n[Result \"%s\"]\n%s\n1. e4 d5 %s\n"
	for _, tc := range []struct {
		result, term string
		want         string
	}{
		{"1-0", "", "ResignationVictory(White)"},
		{"0-1", "[Termination \"Timeout\"]", "TimeoutVictory(Black)"},
		{"1/2-1/2", "", "AgreementDraw"},
		{"*", "", "Running"},
	} {
		text := strings.Replace(strings.Replace(strings.Replace(base, "%s", tc.result, 1), "%s", tc.term, 1), "%s", tc.result, 1)
		rec, err := ParseRecord(text)
		if err != nil {
			t.Errorf("%s: %v", tc.result, err)
			continue
		}
		if got := rec.Game.Outcome().String(); got != tc.want {
			t.Errorf("%s %s: outcome %s, want %s", tc.result, tc.term, got, tc.want)
		}
		if back, err := ParseRecord(rec.String()); err != nil || back.Game.Outcome() != rec.Game.Outcome() {
			t.Errorf("%s: result not kept on rewrite: %v", tc.result, err)
		}
	}
}

func TestRecordErrors(t *testing.T) {
	for _, tc := range []struct {
		text     string
		sentinel error
		halfMove int
	}{
		{"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Ke7 3. Qh5 *\n", ErrIllegalMove, 5},
		{"1. e4 e4 *\n", ErrIllegalMove, 2},
		{"1. e4 {unclosed *\n", ErrInvalidNotation, 0},
		{"[Event x]\n1. e4 *\n", ErrInvalidNotation, 0},
		{"[FEN \"nonsense\"]\n1. e4 *\n", ErrInvalidFEN, 0},
		{"1. e4 1-0 d5\n", ErrInvalidNotation, 2},
		// The moves end the game in a Paco for White; the tag claims otherwise.
		{"[FEN \"8/5k2/8/8/2B5/8/8/8 w 0 - - -\"]\n1. Bxf7# 0-1\n", ErrInvalidNotation, 0},
	} {
		_, err := ParseRecord(tc.text)
		var re *RecordError
		if !errors.Is(err, tc.sentinel) || !errors.As(err, &re) || re.HalfMove != tc.halfMove {
			t.Errorf("ParseRecord(%q) = %v; want %v at half-move %d", tc.text, err, tc.sentinel, tc.halfMove)
		}
	}
	// The reader stops at the first bad game and says which.
	rr := NewRecordReader(strings.NewReader("1. e4 *\n\n1. e5 *\n\n1. d4 *\n"))
	n := 0
	for rr.Scan() {
		n++
	}
	var re *RecordError
	if n != 1 || !errors.As(rr.Err(), &re) || re.Game != 2 || re.HalfMove != 1 || re.Line != 3 {
		t.Errorf("stream: %d games, error %v; want 1 game, then game 2 half-move 1 on line 3", n, rr.Err())
	}
}

// recordSentinels are the errors a game record's reader may wrap.
var recordSentinels = []error{ErrInvalidNotation, ErrIllegalMove, ErrAmbiguousMove, ErrGameOver, ErrInvalidFEN,
	ErrInvalidRules, ErrInvalidAction, ErrIllegalAction}

// FuzzParseRecord: the reader never panics; its errors are *RecordErrors wrapping
// one of the package's sentinels; what it reads writes back to a record that reads
// to the same game, half-move by half-move, and is written again identically (a
// fixed point), also when two records are written as one stream.
func FuzzParseRecord(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. e4 d5 2. exd5 Qxd5,Pd5-d4 *\n")
	f.Add("1. e4 {c} e5 1-0\n")
	f.Add("[FEN \"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -\"]\n1. Bxe4,Ne4xc3,Qc3xc6 *")
	f.Add("[Pending \"Lift(e2)\"]\n*")
	f.Add("[Rules \"Vchess\"]\n[Repetition \"2\"]\n[Draws \"KingsUnited\"]\n1. e4 d5 2. exd5 *")
	f.Add("[Result \"0-1\"]\n[Termination \"Timeout\"]\n1. d4 0-1")
	f.Add("[FEN \"8/5k2/8/8/2B5/8/8/8 w 0 - - -\"]\n1. Bxf7# 1-0\n")
	f.Add("1.e4 ; rest\n1... d5 2.exd5,  Qxd5 *\n\n1. d4 *")
	for i, h := range localRows(f, "game_histories.tsv") {
		if i%8 == 0 {
			f.Add(Record{Game: historyGame(f, h), Comments: map[int]string{1: "first"}}.String())
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) || re.Game < 1 || re.Line < 0 || re.HalfMove < 0 {
				t.Fatalf("error %v is not a *RecordError", err)
			}
			known := false
			for _, s := range recordSentinels {
				known = known || errors.Is(err, s)
			}
			if !known {
				t.Fatalf("error %v wraps none of the sentinels", err)
			}
			return
		}
		written := rec.String()
		back, err := ParseRecord(written)
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%s", err, written)
		}
		sameGame(t, "written record", rec.Game, back.Game)
		if back.Game.Outcome() != rec.Game.Outcome() || back.Game.Start().Rules() != rec.Game.Start().Rules() ||
			back.Game.RepetitionLimit() != rec.Game.RepetitionLimit() {
			t.Fatalf("written record reads to another game (%v, %v):\n%s", back.Game.Outcome(), back.Game.Start().Rules(), written)
		}
		if again := back.String(); again != written {
			t.Fatalf("record not a fixed point:\n%s\nthen\n%s", written, again)
		}
		var stream strings.Builder
		for range 2 {
			if err := WriteRecord(&stream, rec); err != nil {
				t.Fatalf("WriteRecord: %v", err)
			}
		}
		rr := NewRecordReader(strings.NewReader(stream.String()))
		n := 0
		for rr.Scan() {
			sameGame(t, "streamed record", rec.Game, rr.Record().Game)
			n++
		}
		if rr.Err() != nil || n != 2 {
			t.Fatalf("two records written as a stream read as %d: %v\n%s", n, rr.Err(), stream.String())
		}
	})
}

// TestRecordErrorMessage: an illegal move in a record names the move and the
// position once, with the reason; errors.As still reaches the *MoveError.
func TestRecordErrorMessage(t *testing.T) {
	_, err := ParseRecord("[Event \"x\"]\n\n1. e4 e5 2. Qd5 *\n")
	const fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w 2 AHah e6 -"
	want := `pacosako: game record: game 1, line 2: half-move 3 "Qd5" in ` + fen + `: illegal move: step 1: the Queen on d1 cannot go to d5 (it can go to e2, f3, g4, h5)`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || me.FEN != fen {
		t.Errorf("errors.As(*MoveError) = %v (%+v), Is(ErrIllegalMove) = %v", errors.As(err, &me), me, errors.Is(err, ErrIllegalMove))
	}
}
