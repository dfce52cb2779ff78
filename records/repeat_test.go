package records

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Repeated tags (issue 32): the same tag name twice in one tag section, as
// lichess's API documentation once printed its example game (its last tag
// repeating Event), and as lichess studies export a position's FEN tag twice.
// A repeated tag stays in its record, its later value counting (as python-chess
// and chessops read it); only after an empty line does a tag the section
// already has start the next game (a game of tags alone, such as a bye, whose
// result token is missing). A Variant tag repeated with a value that names
// another game is an error for its record.

// lichessExample is the shape of lichess's API example of a game's PGN (its
// first version repeated Event as its last tag), with an Atomic game.
const lichessExample = `[Event "Rated Atomic game"]
[Site "https://lichess.org/fY44h4OY"]
[Date "2018.03.29"]
[Round "-"]
[White "pveldman"]
[Black "thibault"]
[Result "1-0"]
[UTCDate "2018.03.29"]
[UTCTime "01:38:15"]
[WhiteElo "1610"]
[BlackElo "1601"]
[Variant "Atomic"]
[TimeControl "180+0"]
[ECO "?"]
[Termination "Normal"]
[Event "U1700 SuperBlitz Arena"]

1. c3 b5 2. Nf3 Bb7 3. d3 e6 4. h4 c5 5. Qd2 Bc6 6. Ng1 h6 7. Qxh6 Ke7 8. Bf4 Rh5 9. g3 Bxh1 10. Bxb8 Rxh4 11. b3 d5 12. Na3 e5 13. Nxb5 Qa8 14. O-O-O e4 15. Kb1 Qb8 16. dxe4 Qxb3 17. Kb2 Ke6 18. Ka1 c4 19. Rxd5# 1-0

`

// studyFEN is the shape of a lichess study chapter's export, the FEN tag twice
// (lichess-org/lila#18426), of an Atomic position.
const studyFEN = `[Event "Study: Chapter 1"]
[Date "2025.10.16"]
[Result "*"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[Variant "Atomic"]
[ECO "?"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[SetUp "1"]

1... d5 2. exd5 *

`

// repeatedTags is a stream of records with repeated tags, and what each path
// reads of it: the game, the Event tag and the moves (or the error's start).
var repeatedTags = []struct {
	name, text string
	want       []string
}{
	{"lichess's API example", lichessExample, []string{"Atomic U1700 SuperBlitz Arena Atomic 37"}},
	{"a study's FEN twice", studyFEN, []string{"Atomic Study: Chapter 1 Atomic 2"}},
	{"a bye: a game of tags, an empty line, the next game", `[Event "Open"]
[White "Ada"]
[Black "BYE"]
[Result "1-0"]

[Event "Open"]
[White "Bo"]
[Black "Cy"]
[Variant "Atomic"]

1. e4 d5 2. exd5 *
`, []string{"Paco Ŝako Open  0", "Atomic Open Atomic 3"}},
	{"a repeated tag, a comment, the same game", "[Event \"a\"]\n[Variant \"Atomic\"]\n{note}\n[Event \"b\"]\n\n1. e4 d5 2. exd5 *\n",
		[]string{"Atomic b Atomic 3"}},
	{"the same game named twice", "[Variant \"Atomic\"]\n[Event \"e\"]\n[Variant \"atomic\"]\n\n1. e4 d5 2. exd5 *\n",
		[]string{"Atomic e atomic 3"}},
	{"two games named: an error for the record", "[Event \"x\"]\n[Variant \"Atomic\"]\n[Variant \"Standard\"]\n\n1. e4 d5 2. exd5 *\n\n[Event \"next\"]\n\n1. d4 *\n",
		[]string{
			"Paco Ŝako error: pacosako: game record: game 1, line 3, column 1: invalid record notation \"Standard\" at offset 0: the Variant tag again, naming another game than \"Atomic\" (line 2, column 1): a record is of one game",
			"Paco Ŝako next  1",
		}},
}

// readRepeated reads text on each path a stream of records is read on and
// describes each record: the game, Event, Variant and the main line's length
// ("-" on the skip path), or the error.
func readRepeated(t *testing.T, text string) map[string][]string {
	t.Helper()
	describe := func(rec Record, err error, skip bool) string {
		game := "Paco Ŝako"
		if err != nil {
			if strings.HasPrefix(err.Error(), "atomic") {
				game = "Atomic"
			}
			return game + " error: " + err.Error()
		}
		n := 0
		switch rec := rec.(type) {
		case pacosako.Record:
			n = rec.Game.Len()
		case atomic.Record:
			game, n = "Atomic", rec.Game.Len()
		}
		moves := strconv.Itoa(n)
		if skip {
			moves = "-"
		}
		return strings.Join([]string{game, rec.Tag("Event"), rec.Tag("Variant"), moves}, " ")
	}
	paths := map[string][]string{}
	for _, skip := range []bool{false, true} {
		rr := NewReader(strings.NewReader(text), PacoSako)
		rr.SkipMovetext(skip)
		name := map[bool]string{false: "Reader", true: "Reader.SkipMovetext"}[skip]
		for rr.Scan() {
			rec, err := rr.Record()
			paths[name] = append(paths[name], describe(rec, err, skip))
		}
		if err := rr.Err(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	sp := NewSplitter(strings.NewReader(text), PacoSako)
	for sp.Scan() {
		rec, err := sp.Chunk().Read()
		paths["Chunk.Read"] = append(paths["Chunk.Read"], describe(rec, err, false))
		rec, err = sp.Chunk().ReadTags()
		paths["Chunk.ReadTags"] = append(paths["Chunk.ReadTags"], describe(rec, err, true))
	}
	if err := sp.Err(); err != nil {
		t.Fatalf("Splitter: %v", err)
	}
	return paths
}

// TestRepeatedTags: a repeated tag stays in its record on every path — the
// whole reading, the tags only, the Splitter's chunks — with its later value;
// an empty line before it starts the next game; a Variant tag naming another
// game is an error for its record, and the reading goes on.
func TestRepeatedTags(t *testing.T) {
	for _, c := range repeatedTags {
		for path, got := range readRepeated(t, c.text) {
			want := c.want
			if path == "Reader.SkipMovetext" || path == "Chunk.ReadTags" {
				want = skipWant(c.want)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s, %s:\n got %q\nwant %q", c.name, path, got, want)
			}
		}
	}
}

// skipWant is what the skip path reads where the whole reading reads want:
// the same but the moves ("-").
func skipWant(want []string) []string {
	var out []string
	for _, w := range want {
		if !strings.Contains(w, " error: ") {
			w = w[:strings.LastIndexByte(w, ' ')] + " -"
		}
		out = append(out, w)
	}
	return out
}

// TestRepeatedTagsGameReaders: the games' own readers read a repeated tag as
// package records does.
func TestRepeatedTagsGameReaders(t *testing.T) {
	rr := atomic.NewRecordReader(strings.NewReader(lichessExample + studyFEN))
	var got []string
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rec.Tag("Event")+" "+strings.Join(rec.Game.PlayedSAN()[:2], " "))
	}
	if want := []string{"U1700 SuperBlitz Arena c3 b5", "Study: Chapter 1 d5 exd5"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("atomic.RecordReader: got %q, want %q", got, want)
	}
	prr := pacosako.NewRecordReader(bytes.NewReader([]byte("[Event \"a\"]\n[Site \"s\"]\n[Event \"b\"]\n\n1. e4 d5 *\n")))
	for n := 0; prr.Scan(); n++ {
		rec, err := prr.Record()
		if n > 0 || err != nil || rec.Tag("Event") != "b" || rec.Tag("Site") != "s" || rec.Game.Len() != 2 {
			t.Errorf("pacosako.RecordReader: game %d: %v, %v", n+1, rec.Tags, err)
		}
	}
}
