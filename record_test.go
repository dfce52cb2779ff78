package pacosako

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/pacosako-go/pacosako/internal/pgn"
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

// annotate adds comments, NAGs and variations to a record of g: a comment on the
// first move, NAGs on the second, and at every third half-move a variation made of
// another legal move there and the first reply to it, itself with a comment and a
// nested variation.
func annotate(t testing.TB, g Game) Record {
	t.Helper()
	rec := Record{Game: g, Comment: "annotated"}
	moves := g.PlayedMoves()
	rec.Notes = make([]Note, len(moves))
	for i, m := range moves {
		switch {
		case i == 0:
			rec.Notes[i].Comment = "first move"
		case i == 1:
			rec.Notes[i].NAGs = []int{1, 14}
		case i%3 == 2:
			p, _ := g.PositionAt(i)
			var alt Move
			for _, c := range p.Moves() {
				if !c.After().Equal(m.After()) {
					alt = c
					break
				}
			}
			if alt.Len() == 0 || alt.After().Outcome().IsOver() {
				continue
			}
			v := Variation{Comment: "instead", Moves: []Move{alt}, Notes: []Note{{NAGs: []int{5}}}}
			if replies := alt.After().Moves(); len(replies) > 1 {
				v.Moves = append(v.Moves, replies[0])
				v.Notes = append(v.Notes, Note{Comment: "a reply", Variations: []Variation{{Moves: []Move{replies[1]}}}})
			}
			rec.Notes[i].Variations = []Variation{v}
		}
	}
	return rec
}

// TestRecordRoundTrip writes every history of game_histories.tsv as a game record
// with comments, NAGs and nested variations, alone and all of them as one stream,
// and reads them back to the same games and the same text.
func TestRecordRoundTrip(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, hist [][]string) {
		var stream strings.Builder
		var games []Game
		variations := 0
		for _, h := range hist {
			g := historyGame(t, h)
			games = append(games, g)
			rec := annotate(t, g)
			rec.Tags = []Tag{{"Event", h[0]}, {"Round", "1"}, {"Annotator", "pacosako test"}}
			for _, n := range rec.Notes {
				variations += len(n.Variations)
			}
			text := rec.String()
			back, err := ParseRecord(text)
			if err != nil {
				t.Errorf("%s: %v\n%s", h[0], err, text)
				continue
			}
			sameGame(t, h[0], g, back.Game)
			if back.Tag("Event") != h[0] || back.Tag("Annotator") != "pacosako test" || back.Comment != "annotated" ||
				(g.Len() > 0 && back.Notes[0].Comment != "first move") {
				t.Errorf("%s: tags or comments lost: %v %q %v", h[0], back.Tags, back.Comment, back.Notes)
			}
			if back.String() != text {
				t.Errorf("%s: written twice differently:\n%s\n%s", h[0], text, back.String())
			}
			if err := WriteRecord(&stream, rec); err != nil {
				t.Fatal(err)
			}
		}
		rr := NewRecordReader(strings.NewReader(stream.String()))
		n := 0
		for rr.Scan() {
			rec, err := rr.Record()
			if err != nil {
				t.Fatalf("stream game %d: %v", n+1, err)
			}
			sameGame(t, hist[n][0], games[n], rec.Game)
			n++
		}
		if err := rr.Err(); err != nil || n != len(hist) {
			t.Errorf("stream: %d of %d games, %v", n, len(hist), err)
		}
		t.Logf("%d annotated histories (%d variations) written and read back, one by one and as one stream", n, variations)
	})
}

// TestRecordIssueInputs: the inputs of issue 12 that real PGN writers emit, each
// read as described.
func TestRecordIssueInputs(t *testing.T) {
	type game struct {
		tags    []Tag  // the record's tags (non-derived), in order
		moves   string // the main line as PlayedSAN
		outcome string
	}
	e4d5 := game{nil, "e4 d5", "Running"}
	for _, c := range []struct {
		name, text string
		want       []game
	}{
		{"byte-order mark", "\xEF\xBB\xBF[Event \"t\"]\n\n1. e4 d5 *", []game{{[]Tag{{"Event", "t"}}, "e4 d5", "Running"}}},
		{"backslash not before a quote or backslash", `[Event "a\b"]` + "\n\n1. e4 d5 *", []game{{[]Tag{{"Event", `a\b`}}, "e4 d5", "Running"}}},
		{"a Windows path", `[Event "C:\Users\me"]` + "\n\n1. e4 d5 *", []game{{[]Tag{{"Event", `C:\Users\me`}}, "e4 d5", "Running"}}},
		{"the two escapes", `[Event "say \"hi\" \\o/"]` + "\n\n1. e4 d5 *", []game{{[]Tag{{"Event", `say "hi" \o/`}}, "e4 d5", "Running"}}},
		{"a game of tags only, then another", "[Event \"g1\"]\n\n[Event \"g2\"]\n\n1. e4 d5 *",
			[]game{{[]Tag{{"Event", "g1"}}, "", "Running"}, {[]Tag{{"Event", "g2"}}, "e4 d5", "Running"}}},
		{"a blank line between tags", "[Event \"t\"]\n\n[Result \"*\"]\n\n1. e4 d5 *", []game{{[]Tag{{"Event", "t"}, {"Result", "*"}}, "e4 d5", "Running"}}},
		{"a missing result", "1. e4 f5 2. Qh5 a6 3. Qxe8", []game{{nil, "e4 f5 Qh5+ a6 Qxe8#", "PacoVictory(White)"}}},
		{"suffixes and NAGs", "1. e4! d5?! 2. exd5 $1 *", []game{{nil, "e4 d5 exd5", "Running"}}},
		{"variations", "1. e4 (1. d4 d5) 1... d5 *", []game{{nil, "e4 d5", "Running"}}},
		{"nested variations", "1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3))) 1... d5 *", []game{{nil, "e4 d5", "Running"}}},
		{"move numbers glued", "1.e4 1...d5 *", []game{e4d5}},
		{"move numbers apart", "1. e4 1... d5 *", []game{e4d5}},
		{"a number at the end of a line", "1.\ne4 1...\nd5 *", []game{e4d5}},
		{"dots apart from the number", "1. e4 1. ... d5 *", []game{e4d5}},
		{"dots apart from a bare number", "1 e4 1 ... d5 *", []game{e4d5}},
		{"one dot apart", "1 . e4 1 . d5 *", []game{e4d5}},
		{"dots apart, glued to the move", "1 .e4 1 ...d5 *", []game{e4d5}},
		{"dots apart at the end of a line", "1. e4 1.\n...\nd5 *", []game{e4d5}},
		{"Black first, dots apart", "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n1. ... d5 2. exd5 *", []game{{[]Tag{{"FEN", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}}, "d5 exd5", "Running"}}},
		{"no numbers", "e4 d5 *", []game{e4d5}},
		{"numbers from a later move", "23. e4 d5 *", []game{e4d5}},
		{"Black first", "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n1... d5 2. exd5 *",
			[]game{{[]Tag{{"FEN", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}}, "d5 exd5", "Running"}}},
		{"castling with zeros", "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -\"]\n\n1. 0-0 0-0-0 *", []game{{[]Tag{{"FEN", "r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -"}}, "O-O O-O-O", "Running"}}},
		{"a wrong check suffix", "1. e4+ d5# 2. Bb5 *", []game{{nil, "e4 d5 Bb5+", "Running"}}},
		{"comments of every kind", "{before} 1. e4 {a} {b} ; to the end\n e5 \n% an escaped line\n*", []game{{nil, "e4 e5", "Running"}}},
		{"a chain split after its commas", "[FEN \"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -\"]\n\n1. Bxe4, Ne4xc3,\nQc3xc6 *", []game{{[]Tag{{"FEN", "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"}}, "Bxe4,Ne4xc3,Qc3xc6", "Running"}}},
		{"CRLF line ends", "[Event \"t\"]\r\n\r\n1. e4 d5 *\r\n", []game{{[]Tag{{"Event", "t"}}, "e4 d5", "Running"}}},
		{"a result tag only", "[Result \"1-0\"]\n\n1. e4 d5", []game{{[]Tag{{"Result", "1-0"}}, "e4 d5", "ResignationVictory(White)"}}},
		{"two games without a blank line", "1. e4 *\n[Event \"2\"]\n1. d4 *", []game{{nil, "e4", "Running"}, {[]Tag{{"Event", "2"}}, "d4", "Running"}}},
	} {
		rr := NewRecordReader(strings.NewReader(c.text))
		var got []game
		for rr.Scan() {
			rec, err := rr.Record()
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				break
			}
			got = append(got, game{rec.Tags, strings.Join(rec.Game.PlayedSAN(), " "), rec.Game.Outcome().VictoryState()})
		}
		if rr.Err() != nil || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: read %v, %v; want %v", c.name, got, rr.Err(), c.want)
		}
	}
	// What the annotations became.
	rec, err := ParseRecord("{before} 1. e4! {a} {b} ; to the end\n e5?! $14 (1... d5 $2 {d} (1... c5)) *")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Comment != "before" || rec.Notes[0].Comment != "a b to the end" || !slices.Equal(rec.Notes[0].NAGs, []int{1}) ||
		!slices.Equal(rec.Notes[1].NAGs, []int{6, 14}) || len(rec.Notes[1].Variations) != 1 {
		t.Fatalf("annotations: %q %+v", rec.Comment, rec.Notes)
	}
	v := rec.Notes[1].Variations[0]
	if len(v.Moves) != 1 || v.Moves[0].String() != "Lift(d7) Place(d5)" || v.Notes[0].Comment != "d" || !slices.Equal(v.Notes[0].NAGs, []int{2}) ||
		len(v.Notes[0].Variations) != 1 || v.Notes[0].Variations[0].Moves[0].String() != "Lift(c7) Place(c5)" {
		t.Errorf("variation: %+v", v)
	}
	const want = "{before} 1. e4 $1 {a b to the end} 1... e5 $6 $14 (1... d5 $2 {d} (1... c5)) *\n"
	if got := rec.String(); !strings.HasSuffix(got, "\n\n"+want) {
		t.Errorf("written back:\n%s\nwant the movetext %q", got, want)
	}
}

// TestRecordErrorLocations: errors name the game, the line and the column (in
// characters, from 1; a byte-order mark not counted) of the token at fault, and
// the half-move of a main-line move.
func TestRecordErrorLocations(t *testing.T) {
	for _, c := range []struct {
		name, text         string
		sentinel           error
		line, col, half    int
		move, messagePiece string
	}{
		{"the issue's illegal e5", "[Event \"x\"]\n[Site \"y\"]\n\n1. e4\ne5\n2. e5 *", ErrIllegalMove, 6, 4, 3, "e5", "no Pawn can go to e5"},
		{"after a byte-order mark", "\xEF\xBB\xBF1. e4 e4 *", ErrIllegalMove, 1, 7, 2, "e4", "half-move 2"},
		{"columns count characters", "{Ŝako} 1. e4 e4 *", ErrIllegalMove, 1, 14, 2, "e4", "column 14"},
		{"in a variation", "1. e4 (1. d4 d4) d5 *", ErrIllegalMove, 1, 14, 0, "d4", `move "d4" in`},
		{"an unclosed comment", "1. e4 {never closed\n\n d5 *", ErrInvalidNotation, 1, 7, 0, "", "comment { is not closed"},
		{"an unclosed variation", "1. e4 (1. d4 d5 *", ErrInvalidNotation, 1, 7, 0, "", "not closed: want ) before the result *"},
		{"a ) alone", "1. e4 ) d5 *", ErrInvalidNotation, 1, 7, 0, "", "a ) without its ("},
		{"a tag without quotes", "[Event x]\n1. e4 *\n", ErrInvalidNotation, 1, 8, 0, "", "quoted string"},
		{"an unclosed string", "[Event \"x]\n1. e4 *\n", ErrInvalidNotation, 1, 8, 0, "", "not closed on its line"},
		{"a bad FEN tag", "[FEN \"nonsense\"]\n1. e4 *\n", ErrInvalidFEN, 1, 1, 0, "", "invalid FEN"},
		{"moves after the result", "1. e4 1-0 d5\n", ErrIllegalMove, 1, 11, 1, "d5", ""},
		{"a result the moves contradict", "[FEN \"8/5k2/8/8/2B5/8/8/8 w 0 - - -\"]\n1. Bxf7# 0-1\n", ErrInvalidNotation, 2, 10, 0, "", "the moves end the game 1-0"},
		{"a NAG before any move", "$1 1. e4 *", ErrInvalidNotation, 1, 1, 0, "", "follows the move"},
		{"a NAG out of range", "1. e4 $300 *", ErrInvalidNotation, 1, 7, 0, "", "0..255"},
		{"dots not after a move number", "1. e4 {c} ... d5 *", ErrInvalidNotation, 1, 11, 2, "...", `half-move 2 "..."`},
		{"a move after the dots of a number", "1. e4 1. ... d6d5 *", ErrIllegalMove, 1, 14, 2, "d6d5", `half-move 2 "d6d5"`},
	} {
		rr := NewRecordReader(strings.NewReader(c.text))
		var err error
		for rr.Scan() {
			if _, e := rr.Record(); e != nil && err == nil {
				err = e
			}
		}
		var re *RecordError
		if !errors.Is(err, c.sentinel) || !errors.As(err, &re) || re.Line != c.line || re.Column != c.col || re.HalfMove != c.half || re.MoveText != c.move {
			t.Errorf("%s: %v (%+v); want %v at line %d, column %d, half-move %d, move %q", c.name, err, re, c.sentinel, c.line, c.col, c.half, c.move)
			continue
		}
		if !strings.Contains(err.Error(), c.messagePiece) || !strings.Contains(err.Error(), fmt.Sprintf("line %d, column %d", c.line, c.col)) {
			t.Errorf("%s: message %q lacks %q or the location", c.name, err, c.messagePiece)
		}
	}
}

// TestRecordStreamGoesOn: a bad game is reported with its number, the ones around
// it are read, and the bad game's record holds what was read before the problem.
func TestRecordStreamGoesOn(t *testing.T) {
	text := "[Event \"one\"]\n\n1. e4 d5 *\n\n" +
		"[Event \"two\"]\n[Site \"bad move\"]\n\n1. e4 e5 2. Ke3 Nc6 3. d4 *\n\n" +
		"[Event \"three\"]\n\n1. d4 {unclosed (\n\n*\n\n" // the rest is the comment
	rr := NewRecordReader(strings.NewReader(text + "[Event \"four\"]\n\n1. c4 *\n"))
	var events, errs []string
	for rr.Scan() {
		rec, err := rr.Record()
		events = append(events, rec.Tag("Event")+":"+strings.Join(rec.Game.PlayedSAN(), " "))
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) {
				t.Fatalf("%v is not a *RecordError", err)
			}
			errs = append(errs, fmt.Sprintf("game %d line %d", re.Game, re.Line))
		}
	}
	if rr.Err() != nil {
		t.Fatal(rr.Err())
	}
	// Game three's comment runs to the end of the input, so game four is inside it.
	if want := []string{"one:e4 d5", "two:e4 e5", "three:d4"}; !slices.Equal(events, want) {
		t.Errorf("games %q, want %q", events, want)
	}
	if want := []string{"game 2 line 8", "game 3 line 12"}; !slices.Equal(errs, want) {
		t.Errorf("errors %q, want %q", errs, want)
	}
	// A bad tag: the game's other tags and its movetext are skipped, the next game is read.
	rr = NewRecordReader(strings.NewReader("[Event x]\n[Site \"s\"]\n\n1. e4 *\n\n[Event \"ok\"]\n\n1. d4 *\n"))
	var ok []string
	for rr.Scan() {
		if rec, err := rr.Record(); err == nil {
			ok = append(ok, rec.Tag("Event"))
		}
	}
	if !slices.Equal(ok, []string{"ok"}) {
		t.Errorf("after a bad tag: read %q", ok)
	}
	// A line end (CR or LF) inside a tag value: one bad game, not a second one
	// made of the tags after it and the movetext, without the tags before.
	for _, brk := range []string{"\r", "\n", "\r\n"} {
		text := "[Event \"A\"]\n[White \"Ada" + brk + "junk\"]\n[Black \"Bo\"]\n\n1. e4 e5 *\n\n[Event \"ok\"]\n\n1. d4 *\n"
		rr = NewRecordReader(strings.NewReader(text))
		var got []string
		for rr.Scan() {
			rec, err := rr.Record()
			var re *RecordError
			switch {
			case err == nil:
				got = append(got, rec.Tag("Event")+":"+strings.Join(rec.Game.PlayedSAN(), " "))
			case errors.As(err, &re) && re.Game == 1 && re.Line == 2 && re.Column == 8:
				got = append(got, "error")
			default:
				got = append(got, err.Error())
			}
		}
		if want := []string{"error", "ok:d4"}; !slices.Equal(got, want) {
			t.Errorf("a tag value broken by %q: read %q, want %q", brk, got, want)
		}
	}
}

// TestRecordExportForm: the writer emits PGN's export form.
func TestRecordExportForm(t *testing.T) {
	g := NewGame(mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"))
	g = playSAN(t, g, "Bxe4,Ne4xc3,Qc3xc6", "Kd8")
	rec := Record{Game: g, Tags: []Tag{{"Annotator", `a "quoted" \ name`}, {"Black", "Bo"}, {"White", "Ada"}, {"Event", "Rules page"}},
		Notes: []Note{{NAGs: []int{1}, Comment: "the chain of the rules page"}}}
	const want = `[Event "Rules page"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Ada"]
[Black "Bo"]
[Result "*"]
[Variant "Paco Ŝako"]
[SetUp "1"]
[FEN "4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -"]
[Annotator "a \"quoted\" \\ name"]

1. Bxe4,Ne4xc3,Qc3xc6 $1 {the chain of the rules page} 1... Kd8 *
`
	if got := rec.String(); got != want {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
	var two strings.Builder
	WriteRecord(&two, rec)
	WriteRecord(&two, rec)
	if two.String() != want+"\n"+want+"\n" {
		t.Errorf("two records are not separated by one empty line:\n%q", two.String())
	}
	// Long games and comments wrap at 80 characters, never inside a token.
	long := annotate(t, historyGame(t, localRows(t, "game_histories.tsv")[0]))
	long.Notes[0].Comment = strings.Repeat("a long comment that goes on and on ", 6)
	text := long.String()
	movetext := text[strings.Index(text, "\n\n")+2:]
	for _, l := range strings.Split(strings.TrimSuffix(movetext, "\n"), "\n") {
		if utf8.RuneCountInString(l) > 80 || strings.HasPrefix(l, " ") || strings.HasSuffix(l, " ") {
			t.Errorf("movetext line of %d characters: %q", utf8.RuneCountInString(l), l)
		}
	}
	if back, err := ParseRecord(text); err != nil || back.Notes[0].Comment != strings.TrimSpace(long.Notes[0].Comment) {
		t.Errorf("wrapped comment read back as %q, %v", back.Notes, err)
	}
	// Moves are numbered from a chess FEN's full-move number, as python-chess and
	// lichess number them, and the FEN tag is written in chess form to carry it
	// (issue 25); after Black's move White's is the next number. An engine FEN
	// has no number: from 1.
	h := playSAN(t, NewGame(mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 23")), "d5", "exd5", "Nf6")
	if got := (Record{Game: h}).String(); !strings.Contains(got, "\n\n23... d5 24. exd5 Nf6 *\n") ||
		!strings.Contains(got, "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 23\"]") {
		t.Errorf("numbers from a chess FEN: %s", got)
	} else if back, err := ParseRecord(got); err != nil || back.String() != got {
		t.Errorf("not a fixed point: %v", err)
	}
	for _, c := range []struct{ fen, move, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 150", "e4", "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 150\"]\n\n150. e4 *"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -", "e4", "[Result \"*\"]\n[Variant \"Paco Ŝako\"]\n\n1. e4 *"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 0 AHah - -", "e5", "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 0 AHah - -\"]\n\n1... e5 *"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 7 40", "Kd2", "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 7 40\"]\n\n40. Kd2 *"},
	} {
		g, err := NewGame(mustFEN(t, c.fen)).PlaySAN(c.move)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
		} else if got := (Record{Game: g}).String(); !strings.Contains(got, c.want) {
			t.Errorf("%s written as\n%s\nwant %q", c.fen, got, c.want)
		}
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
		text := fmt.Sprintf(base, tc.result, tc.term, tc.result)
		rec, err := ParseRecord(text)
		if err != nil {
			t.Errorf("%s: %v", tc.result, err)
			continue
		}
		if got := rec.Game.Outcome().VictoryState(); got != tc.want {
			t.Errorf("%s %s: outcome %s, want %s", tc.result, tc.term, got, tc.want)
		}
		if back, err := ParseRecord(rec.String()); err != nil || back.Game.Outcome() != rec.Game.Outcome() {
			t.Errorf("%s: result not kept on rewrite: %v", tc.result, err)
		}
	}
}

// recordSentinels are the errors a game record's reader may wrap.
var recordSentinels = []error{ErrInvalidNotation, ErrIllegalMove, ErrAmbiguousMove, ErrGameOver, ErrInvalidFEN,
	ErrInvalidRules, ErrInvalidAction, ErrIllegalAction}

// FuzzParseRecord: the reader never panics; its errors are *RecordErrors wrapping
// one of the package's sentinels; what it reads writes back to a record that reads
// to the same game and is written again identically (read → write → read gives the
// same record), also when two records are written as one stream.
func FuzzParseRecord(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. e4 d5 2. exd5 Qxd5,Pd5-d4 *\n")
	f.Add("1. e4 {c} e5 1-0\n")
	f.Add("[FEN \"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -\"]\n1. Bxe4,Ne4xc3,Qc3xc6 *")
	f.Add("[Pending \"Lift(e2)\"]\n*")
	f.Add("[Rules \"Vchess\"]\n[Repetition \"2\"]\n1. e4 d5 2. exd5 *")
	f.Add("[Result \"0-1\"]\n[Termination \"Timeout\"]\n1. d4 0-1")
	f.Add("[FEN \"8/5k2/8/8/2B5/8/8/8 w 0 - - -\"]\n1. Bxf7# 1-0\n")
	f.Add("1.e4 ; rest\n1... d5 2.exd5,  Qxd5 *\n\n1. d4 *")
	f.Add("\xEF\xBB\xBF[Event \"a\\b\"]\n\n{c} 1. e4! (1. d4 d5 (1... Nf6)) 1... d5?! $14 *")
	f.Add("[Event \"g1\"]\n\n[Event \"g2\"]\n\n1. e4 d5 *")
	f.Add("[FEN \"4k3/8/8/8/8/8/8/R3K3 w 99 - - -\"]\n\n1. Ra2 Kd8 (1... Kf8 2. Rb2) 2. Ra3 0-1") // past a draw by rule
	f.Add("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 *")
	for i, h := range localRows(f, "game_histories.tsv") {
		if i%8 == 0 {
			f.Add(annotate(f, historyGame(f, h)).String())
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err != nil {
			checkRecordError(t, err)
			return
		}
		checkRecordWrites(t, rec)
	})
}

// checkRecordError checks that err is a *RecordError located in its game and
// wrapping one of the package's sentinels.
func checkRecordError(t *testing.T, err error) {
	t.Helper()
	var re *RecordError
	if !errors.As(err, &re) || re.Game < 1 || re.Line < 1 || re.Column < 1 || re.HalfMove < 0 {
		t.Fatalf("error %v (%+v) is not a located *RecordError", err, re)
	}
	known := false
	for _, s := range recordSentinels {
		known = known || errors.Is(err, s)
	}
	if !known {
		t.Fatalf("error %v wraps none of the sentinels", err)
	}
}

// checkRecordWrites checks that a record read writes to a record that reads to the
// same game and is written again identically, also as a stream of two.
func checkRecordWrites(t *testing.T, rec Record) {
	t.Helper()
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
		r, err := rr.Record()
		if err != nil {
			t.Fatalf("streamed record %d: %v", n+1, err)
		}
		sameGame(t, "streamed record", rec.Game, r.Game)
		n++
	}
	if rr.Err() != nil || n != 2 {
		t.Fatalf("two records written as a stream read as %d: %v\n%s", n, rr.Err(), stream.String())
	}
}

// FuzzRecordShapes: the checks of FuzzParseRecord, on every game of a stream
// built from a few short parts, so that small seeds reach what broke the reader
// (issue 19): variations nested past the limit, thousands of comments in a row or
// between NAGs, of games, of tags: head, then open n times, close n times, and
// tail (n up to a little over pgn.MaxDepth, the input up to 128 KB).
func FuzzRecordShapes(f *testing.F) {
	f.Add("[Event \"t\"]\n\n1. e4 ", "(1. d4 ", ")", " d5 *\n\n[Event \"next\"]\n1. c4 *", uint16(pgn.MaxDepth+1))
	f.Add("1. e4 ", "(1. d4 ", ")", " d5 *", uint16(300))
	f.Add("1. e4 ", "{aaaaaaaaaa} ", "", "d5 *", uint16(5000))
	f.Add("1. e4 ", "$1 {a} ", "", "d5 *", uint16(3000))
	f.Add("1. e4 ", "(1. d4) {a} ", "", "d5 *", uint16(300))
	f.Add("", "[Event \"x\"]\n1. e4 {c} d5 *\n", "", "", uint16(500))
	f.Add("[Event \"t\"]\n", "{c} ", "", "[Site \"s\"]\n1. e4 *", uint16(3000))
	f.Add("[FEN \"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -\"]\n1. ", "Bxe4, ", "", "Ne4xc3 *", uint16(2000))
	f.Add("1. e4 e5 ", "2. Nf3 Nf6 3. Ng1 Ng8 ", "", "*", uint16(20))
	f.Fuzz(func(t *testing.T, head, open, close, tail string, n uint16) {
		k := int(n) % (pgn.MaxDepth + 2)
		if per := len(open) + len(close); per > 0 {
			k = min(k, (128<<10)/per)
		}
		text := head + strings.Repeat(open, k) + strings.Repeat(close, k) + tail
		rr := NewRecordReader(strings.NewReader(text))
		for games := 0; rr.Scan(); games++ {
			if games > len(text) {
				t.Fatalf("more games than bytes: the reader does not advance")
			}
			rec, err := rr.Record()
			if err != nil {
				checkRecordError(t, err)
				continue
			}
			checkRecordWrites(t, rec)
		}
		if err := rr.Err(); err != nil {
			t.Fatalf("reading a string failed: %v", err)
		}
	})
}

// TestRecordErrorMessage: an illegal move in a record names the move and the
// position once, with the reason; errors.As still reaches the *MoveError.
func TestRecordErrorMessage(t *testing.T) {
	_, err := ParseRecord("[Event \"x\"]\n\n1. e4 e5 2. Qd5 *\n")
	const fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w 2 AHah e6 -"
	want := `pacosako: game record: game 1, line 3, column 13: half-move 3 "Qd5" in ` + fen + `: illegal move: step 1: the Queen on d1 cannot go to d5 (it can go to e2, f3, g4, h5)`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || me.FEN != fen {
		t.Errorf("errors.As(*MoveError) = %v (%+v), Is(ErrIllegalMove) = %v", errors.As(err, &me), me, errors.Is(err, ErrIllegalMove))
	}
}

// TestWriteRecordRefuses: the writer refuses what it could not read back.
func TestWriteRecordRefuses(t *testing.T) {
	g := NewGame(StartingPosition())
	for _, rec := range []Record{
		{Game: g, Tags: []Tag{{"My Tag", "x"}}},
		{Game: g, Tags: []Tag{{"", "x"}}},
		{Game: playSAN(t, g, "e4"), Notes: []Note{{NAGs: []int{300}}}},
		{Game: playSAN(t, g, "e4"), Notes: []Note{{Variations: []Variation{{Moves: []Move{StartingPosition().Moves()[0]}, Notes: []Note{{NAGs: []int{-1}}}}}}}},
	} {
		var sb strings.Builder
		if err := WriteRecord(&sb, rec); !errors.Is(err, ErrInvalidNotation) || sb.Len() != 0 {
			t.Errorf("WriteRecord(%+v) = %v, wrote %q; want ErrInvalidNotation and nothing written", rec.Tags, err, sb.String())
		}
	}
}

// hostileWriterText returns n random pieces of text of the kinds that break writers:
// C0 and C1 controls (ESC, BEL, RS, CSI U+009B, NEL U+0085), DEL, U+2028 and
// U+2029, bytes that are not UTF-8, white space, and PGN's own delimiters.
func hostileWriterText(rng *rand.Rand, n int) string {
	pieces := []string{"\x1b", "\x07", "\x1e", "\x00", "\t", "\r", "\n", "\r\n", "\x7f", "\u0085", "\u009b", "\u2028", "\u2029",
		"\x80", "\x9b", "\xff", "\xc3", " ", "  ", "}", "{", "\"", "\\", "(", ")", "[", "]", "%", ";", "$1", "*", "1-0",
		"[%clk", "a", "Ŝ", "word", "\u00a0", "\ufeff"}
	var sb strings.Builder
	for range n {
		sb.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return sb.String()
}

// outputFault returns what in written text no writer may let out: a control
// character other than the line ends, U+2028, U+2029, or a byte that is not
// UTF-8; "" if there is none.
func outputFault(text string) string {
	if !utf8.ValidString(text) {
		return "a byte that is not UTF-8"
	}
	for _, c := range text {
		if c != '\n' && (c < 0x20 || c >= 0x7f && c <= 0x9f || c == 0x2028 || c == 0x2029) {
			return fmt.Sprintf("%U", c)
		}
	}
	return ""
}

// sanitizedTag is what a tag value written and read back is: a control character
// a space, each byte that is not UTF-8 U+FFFD.
func sanitizedTag(v string) string {
	var sb strings.Builder
	for _, c := range v { // a byte that is not UTF-8 comes as U+FFFD
		if c < 0x20 || c >= 0x7f && c <= 0x9f || c == 0x2028 || c == 0x2029 {
			c = ' '
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// TestRecordWriterControlCharacters: tag values and comments of random hostile
// bytes are written without control characters (issue 19 item 4) and read back:
// the tags as written with controls as spaces, the comments with the same
// characters besides white space ('}' as ')'); what was read is written again
// identically.
func TestRecordWriterControlCharacters(t *testing.T) {
	g := playSAN(t, NewGame(StartingPosition()), "e4", "d5", "exd5")
	d4 := StartingPosition().Moves()
	var alt Move
	for _, m := range d4 {
		if s, _ := StartingPosition().SAN(m); s == "d4" {
			alt = m
		}
	}
	rng := rand.New(rand.NewPCG(19, 4))
	for i := range 500 {
		rec := Record{Game: g, Comment: hostileWriterText(rng, 8),
			Tags: []Tag{{"Event", hostileWriterText(rng, 6)}, {"White", hostileWriterText(rng, 6)}, {"Annotator", hostileWriterText(rng, 10)}},
			Notes: []Note{{Comment: hostileWriterText(rng, 12), Variations: []Variation{{Comment: hostileWriterText(rng, 4), Moves: []Move{alt},
				Notes: []Note{{Comment: hostileWriterText(rng, 6)}}}}}, {}, {Comment: hostileWriterText(rng, 30)}}}
		text := rec.String()
		if f := outputFault(text); f != "" {
			t.Fatalf("case %d: %s written:\n%q", i, f, text)
		}
		back, err := ParseRecord(text)
		if err != nil {
			t.Fatalf("case %d: does not read back: %v\n%s", i, err, text)
		}
		for _, tag := range rec.Tags {
			if got, want := back.Tag(tag.Name), sanitizedTag(tag.Value); got != want {
				t.Errorf("case %d: tag %s read back as %q, want %q", i, tag.Name, got, want)
			}
		}
		// White space aside (the writer may join a lone parenthesis to its
		// neighbour), a comment reads back with its characters, controls gone.
		squeeze := func(c string) string {
			return strings.Join(strings.FieldsFunc(sanitizedTag(c), unicode.IsSpace), "")
		}
		// A variation's notes end at its last annotated move: none when its
		// comment was all controls and white space.
		varNote := func(v Variation) string {
			if len(v.Notes) == 0 {
				return ""
			}
			return v.Notes[0].Comment
		}
		for _, c := range [][2]string{{rec.Comment, back.Comment}, {rec.Notes[0].Comment, back.Notes[0].Comment},
			{rec.Notes[0].Variations[0].Comment, back.Notes[0].Variations[0].Comment},
			{varNote(rec.Notes[0].Variations[0]), varNote(back.Notes[0].Variations[0])},
			{rec.Notes[2].Comment, back.Notes[2].Comment}} {
			if want := strings.ReplaceAll(squeeze(c[0]), "}", ")"); squeeze(c[1]) != want {
				t.Errorf("case %d: comment %q read back as %q", i, c[0], c[1])
			}
		}
		if again := back.String(); again != text {
			t.Fatalf("case %d: written again differently:\n%s\nthen\n%s", i, text, again)
		}
	}
	// The issue's example: an ANSI colour sequence in a comment.
	rec, err := ParseRecord("[Event \"t\"]\n\n1. e4 {a\x1b[31mred} *\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.String(); !strings.Contains(got, "1. e4 {a [31mred} *") {
		t.Errorf("ESC in a comment written as:\n%q", got)
	}
	rec.Tags = []Tag{{"Event", "a\u009b31mb\u0085c"}}
	if got := rec.String(); !strings.Contains(got, "[Event \"a 31mb c\"]") {
		t.Errorf("CSI and NEL in a tag value written as:\n%q", got)
	}
}

// TestRecordStringNeverEmpty: what WriteRecord refuses, String leaves out with a
// comment saying so; WriteRecord names the tag it refuses and writes nothing.
func TestRecordStringNeverEmpty(t *testing.T) {
	g, err := NewGame(StartingPosition()).PlaySAN("e4")
	if err != nil {
		t.Fatal(err)
	}
	alt, err := StartingPosition().ParseSAN("d4")
	if err != nil {
		t.Fatal(err)
	}
	rec := Record{Game: g, Tags: []Tag{{"White", "Ada"}, {"Bad Name", "x"}},
		Notes: []Note{{NAGs: []int{1, 300}, Variations: []Variation{{Moves: []Move{alt}}}}}}
	var sb strings.Builder
	err = WriteRecord(&sb, rec)
	if !errors.Is(err, ErrInvalidNotation) || !strings.Contains(err.Error(), `"Bad Name"`) || sb.Len() != 0 {
		t.Errorf("WriteRecord: %v, wrote %q; want an error naming the tag and nothing written", err, sb.String())
	}
	s := rec.String()
	for _, want := range []string{`[White "Ada"]`, `{[left out: the tag "Bad Name"`, `the NAG $300 (a NAG is 0..255)]}`, "1. e4 $1 (1. d4) *"} {
		if !strings.Contains(s, want) {
			t.Errorf("String() lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Bad Name\"]") || strings.Contains(s, "$1 $300") {
		t.Errorf("String() wrote what PGN cannot hold:\n%s", s)
	}
	back, err := ParseRecord(s)
	if err != nil || back.Game.Len() != 1 {
		t.Errorf("String() does not read back: %v\n%s", err, s)
	}
	// A variation with a move that is not legal in its line, in a record built
	// in code: String cuts the variation with a comment, WriteRecord refuses.
	black, _ := g.Position().ParseSAN("e5")
	rec = Record{Game: g, Notes: []Note{{Variations: []Variation{{Moves: []Move{black}}}}}}
	if s := rec.String(); !strings.Contains(s, "left out") || !strings.HasPrefix(s, "[Event") {
		t.Errorf("String() of a record with an illegal variation move:\n%s", s)
	}
	if err := WriteRecord(&sb, rec); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("WriteRecord of an illegal variation move: %v", err)
	}
	// Bounded writing.
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := WriteRecordContext(done, &sb, Record{Game: g}, Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("WriteRecordContext with a done context: %v", err)
	}
	if err := WriteRecordContext(context.Background(), &sb, Record{Game: g}, Limits{MaxStates: 1000}); err != nil || !strings.Contains(sb.String(), "1. e4 *") {
		t.Errorf("WriteRecordContext: %v\n%s", err, sb.String())
	}
}

// TestRecordVariantTags: the Variant tag decides whether a record is Paco Ŝako's:
// none, empty and the values chess tools and vchess write are read (the game
// determines the tag: written, every record is [Variant "Paco Ŝako"], issue 25),
// an Atomic value is a *RecordError at the tag saying how to read it, any other
// value one naming what this reader reads; the game after each is read.
func TestRecordVariantTags(t *testing.T) {
	for _, c := range []struct {
		value string // "-": no tag
		err   string // "" for a game read
	}{
		{"-", ""}, {"", ""}, {"Standard", ""}, {"standard", ""}, {"From Position", ""}, {"Chess960", ""},
		{"Fischer Random", ""}, {"Paco Sako", ""}, {"Paco Ŝako", ""}, {"PACOSAKO", ""}, {"Paco S\u0302ako", ""},
		{"Atomic", "names Atomic chess: read the game with atomic.NewRecordReader"},
		{"atomic", "names Atomic chess"}, {"Atomic960", "names Atomic chess"}, {"Atomic chess", "names Atomic chess"},
		{"Crazyhouse", "names a game this module does not play"}, {"Pacosako960", "does not play"},
	} {
		tag := ""
		if c.value != "-" {
			tag = "[Variant \"" + c.value + "\"]\n"
		}
		text := "[Event \"a\"]\n" + tag + "\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n"
		rr := NewRecordReader(strings.NewReader(text))
		rr.Scan()
		rec, err := rr.Record()
		var re *RecordError
		switch {
		case c.err == "" && (err != nil || strings.Join(rec.Game.PlayedSAN(), " ") != "e4 e5" || c.value != "-" && rec.Tag("Variant") != c.value ||
			!strings.Contains(rec.String(), "[Result \"*\"]\n[Variant \"Paco Ŝako\"]\n\n")):
			t.Errorf("Variant %q: %v, %v, tags %v", c.value, rec.Game.PlayedSAN(), err, rec.Tags)
		case c.err != "" && (!errors.As(err, &re) || re.Game != 1 || re.Line != 2 || re.Column != 1 ||
			!errors.Is(err, ErrInvalidNotation) || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), fmt.Sprintf("%q", c.value))):
			t.Errorf("Variant %q: %v; want a *RecordError at line 2, column 1 with %q", c.value, err, c.err)
		}
		if !rr.Scan() {
			t.Fatalf("Variant %q: the next game was not read: %v", c.value, rr.Err())
		}
		if rec, err := rr.Record(); err != nil || rec.Tag("Event") != "b" || rec.Game.Len() != 1 {
			t.Errorf("Variant %q: the next game: %v, %v", c.value, rec.Tags, err)
		}
	}
}

// TestRecordNotationOtherReaders: what other readers write and read, in records
// too — FIDE's en passant mark glued to the move or as a word of its own, and a
// promotion without "=" in lower case (issue 25).
func TestRecordNotationOtherReaders(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"1. e4 d5 2. e5 f5 3. exf6 e.p. Nc6 *", "e4 d5 e5 f5 exf6 Nc6"},
		{"1. e4 d5 2. e5 f5 3. exf6e.p. *", "e4 d5 e5 f5 exf6"},
		{"1. e4 d5 2. e5 f5 3. exf6 e.p.! (3. exf6 e.p. Nc6) *", "e4 d5 e5 f5 exf6"},
		{"[FEN \"4k3/2P5/8/8/8/8/8/4K3 w 0 - - -\"]\n\n1. c8q *", "c8=Q+"},
		{"[FEN \"4k3/2P5/8/8/8/8/8/4K3 w 0 - - -\"]\n\n1. c8b Kd8 *", "c8=B Kd8"},
	} {
		rec, err := ParseRecord(c.text)
		if err != nil || strings.Join(rec.Game.PlayedSAN(), " ") != c.want {
			t.Errorf("%q: %q, %v; want %q", c.text, rec.Game.PlayedSAN(), err, c.want)
		}
	}
}

// TestRecordUTF16: a record saved as UTF-16 is one error naming the encoding,
// and no game (issue 25); ParseRecord says the same.
func TestRecordUTF16(t *testing.T) {
	text := "\xff\xfe" + strings.Join(strings.Split("[Event \"t\"]\n\n1. e4 d5 *\n", ""), "\x00") + "\x00"
	rr := NewRecordReader(strings.NewReader(text))
	var re *RecordError
	if rr.Scan() || !errors.As(rr.Err(), &re) || !errors.Is(rr.Err(), ErrInvalidNotation) || re.Game != 1 || re.Line != 1 || re.Column != 1 ||
		!strings.Contains(rr.Err().Error(), "UTF-16 (little-endian)") {
		t.Errorf("UTF-16 stream: Err %v", rr.Err())
	}
	if _, err := ParseRecord(text); !errors.As(err, &re) || !strings.Contains(err.Error(), "UTF-16") {
		t.Errorf("ParseRecord: %v", err)
	}
}

// TestRecordResultTagContradicts: a Result tag that says another result than the
// movetext's is a *RecordError naming both, at the token; the stream goes on
// (issue 25).
func TestRecordResultTagContradicts(t *testing.T) {
	rr := NewRecordReader(strings.NewReader("[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Result \"*\"]\n\n1. d4 *\n"))
	var got []string
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) || !errors.Is(err, ErrInvalidNotation) || re.Line != 3 || re.Column != 10 ||
				!strings.Contains(err.Error(), "the movetext ends with 0-1 but the Result tag (line 1, column 1) says 1-0") {
				t.Errorf("game %d: %v", len(got)+1, err)
			}
			got = append(got, "error")
			continue
		}
		got = append(got, strings.Join(rec.Game.PlayedSAN(), " "))
	}
	if strings.Join(got, "|") != "error|d4" || rr.Err() != nil {
		t.Errorf("read %q, %v", got, rr.Err())
	}
}
