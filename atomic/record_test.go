package atomic

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestRecordGamesRoundTrip: every game of games.pgn read by NewRecordReader has the
// moves its movetext holds (readPGN, a test oracle of its own, gives them) and
// ends as its Result says; written by WriteRecord it reads back to the same
// moves, outcome and tags, and is written again identically.
func TestRecordGamesRoundTrip(t *testing.T) {
	t.Run("local", func(t *testing.T) { testRecordRoundTrip(t, "testdata/games.pgn") })
	t.Run("shared", func(t *testing.T) { testRecordRoundTrip(t, sharedFile(t, "games.pgn")) })
}

func testRecordRoundTrip(t *testing.T, path string) {
	want := readPGN(t, path)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rr := NewRecordReader(f)
	n, results := 0, 0
	var stream strings.Builder
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			t.Fatal(err)
		}
		w := want[n]
		n++
		name := w.tags["Event"]
		if got := strings.Join(rec.Game.PlayedSAN(), " "); got != strings.Join(w.moves, " ") {
			t.Errorf("%s: moves %q, want %q", name, got, w.moves)
		}
		if got := rec.Game.Outcome().Result(); got != w.tags["Result"] {
			t.Errorf("%s: result %s (%v), want %s", name, got, rec.Game.Outcome(), w.tags["Result"])
		} else if got != "*" {
			results++
		}
		if rec.Game.Start().FEN() != w.tags["FEN"] || rec.Tag("Event") != name || rec.Tag("Variant") != w.tags["Variant"] || rec.Tag("FEN") != w.tags["FEN"] {
			t.Errorf("%s: start %s, tags %v", name, rec.Game.Start().FEN(), rec.Tags)
		}
		if err := WriteRecord(&stream, rec); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		text := rec.String()
		if !strings.Contains(text, "[Variant \"Atomic\"]\n") || strings.Contains(text, "[FEN") != (w.tags["FEN"] != StartFEN) {
			t.Errorf("%s: written as\n%s", name, text)
		}
		back, err := ParseRecord(text)
		if err != nil {
			t.Fatalf("%s: written record read back: %v\n%s", name, err, text)
		}
		if strings.Join(back.Game.PlayedUCI(), " ") != strings.Join(rec.Game.PlayedUCI(), " ") || back.Game.Outcome() != rec.Game.Outcome() ||
			back.String() != text {
			t.Errorf("%s: read back differently:\n%s\nthen\n%s", name, text, back.String())
		}
		for _, tag := range back.Tags { // the tags written are the record's (the writer leaves out a FEN of the standard start)
			if tag.Value != rec.Tag(tag.Name) && (tag.Value != "?" && tag.Value != "????.??.??" || rec.Tag(tag.Name) != "") {
				t.Errorf("%s: written with [%s %q]; the record has %q", name, tag.Name, tag.Value, rec.Tag(tag.Name))
			}
		}
	}
	if rr.Err() != nil || n != len(want) {
		t.Fatalf("%d games read of %d: %v", n, len(want), rr.Err())
	}
	// The records written one after the other form a stream that reads back.
	again := NewRecordReader(strings.NewReader(stream.String()))
	m := 0
	for again.Scan() {
		if rec, err := again.Record(); err != nil || strings.Join(rec.Game.PlayedSAN(), " ") != strings.Join(want[m].moves, " ") {
			t.Errorf("stream game %d: %v", m+1, err)
		}
		m++
	}
	if m != n {
		t.Errorf("the written stream holds %d games, want %d", m, n)
	}
	t.Logf("%s: %d games read, written and read back, %d results checked", path, n, results)
}

// TestRecordVariantTags: the Atomic reader reads games without a Variant tag or
// with an Atomic one, and refuses the values of Paco Ŝako's records and others at
// the tag, saying how to read them; the next game is read.
func TestRecordVariantTags(t *testing.T) {
	for _, c := range []struct {
		value string // "-": no tag
		err   string
	}{
		{"-", ""}, {"", ""}, {"Atomic", ""}, {"atomic", ""}, {"ATOMIC", ""}, {"Atomic960", ""}, {"Atomic chess", ""}, {"atomic-chess", ""},
		{"Standard", "names Paco Ŝako: read the game with pacosako.NewRecordReader"},
		{"Chess960", "names Paco Ŝako"}, {"From Position", "names Paco Ŝako"}, {"Paco Ŝako", "names Paco Ŝako"}, {"Pacosako", "names Paco Ŝako"},
		{"Crazyhouse", "names a game this module does not play: this reader reads Atomic chess"},
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
		case c.err == "" && (err != nil || strings.Join(rec.Game.PlayedSAN(), " ") != "e4 e5" || c.value != "-" && rec.Tag("Variant") != c.value):
			t.Errorf("Variant %q: %v, %v, tags %v", c.value, rec.Game.PlayedSAN(), err, rec.Tags)
		case c.err != "" && (!errors.As(err, &re) || re.Game != 1 || re.Line != 2 || re.Column != 1 ||
			!errors.Is(err, ErrInvalidNotation) || !strings.Contains(err.Error(), c.err) || !strings.HasPrefix(err.Error(), "atomic: game record: game 1, line 2, column 1: ")):
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

// TestRecordReading: what the Atomic reader adds to the shared syntax — moves in
// SAN or UCI, the FEN and the limits' tags, results against the Game's endings,
// the players' endings — and where its errors point.
func TestRecordReading(t *testing.T) {
	rec, err := ParseRecord(`[Event "e"]
[FEN "4k3/8/8/8/8/8/4P3/R3K3 w - - 95 60"]
[Repetition "2"]
[NoProgress "99"]
[Termination "Normal"]

{lead} 1. Ra2 {a rook move} (1. e2e4 $1 (1. Kd1) 1... Kd7) 1... Kd8 2. a2a1 $2 2... Ke8 1/2-1/2`)
	if err != nil {
		t.Fatal(err)
	}
	g := rec.Game
	if got := strings.Join(g.PlayedSAN(), " "); got != "Ra2 Kd8 Ra1 Ke8" || g.Outcome().Termination != NoProgress ||
		g.RepetitionLimit() != 2 || g.NoProgressLimit() != 99 || rec.Comment != "lead" || rec.Tag("Termination") != "Normal" {
		t.Errorf("read %q, %v, limits %d %d, comment %q, tags %v", got, g.Outcome(), g.RepetitionLimit(), g.NoProgressLimit(), rec.Comment, rec.Tags)
	}
	v := rec.Notes[0].Variations[0]
	if rec.Notes[0].Comment != "a rook move" || len(v.Moves) != 2 || v.Moves[0].UCI() != "e2e4" || v.Notes[0].NAGs[0] != 1 ||
		v.Notes[0].Variations[0].Moves[0].UCI() != "e1d1" || rec.Notes[2].NAGs[0] != 2 {
		t.Errorf("notes %+v", rec.Notes)
	}
	want := `[Event "e"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1/2-1/2"]
[Variant "Atomic"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/R3K3 w - - 95 60"]
[Repetition "2"]
[NoProgress "99"]
[Termination "Normal"]

{lead} 60. Ra2 {a rook move} (60. e4 $1 (60. Kd1) 60... Kd7) 60... Kd8 61. Ra1
$2 Ke8 1/2-1/2
`
	if got := rec.String(); got != want {
		t.Errorf("written as\n%s\nwant\n%s", got, want)
	}

	// The players' endings.
	for _, c := range []struct {
		text string
		want Outcome
	}{
		{"1. e4 1-0", Outcome{Resignation, pacosako.White}},
		{"[Termination \"time forfeit\"]\n\n1. e4 0-1", Outcome{Timeout, pacosako.Black}},
		{"1. e4 1/2-1/2", Outcome{Termination: Agreement}},
		{"[Result \"0-1\"]\n\n1. e4", Outcome{Resignation, pacosako.Black}},
		{"1. e4 *", Outcome{}},
	} {
		rec, err := ParseRecord(c.text)
		if err != nil || rec.Game.Outcome() != c.want {
			t.Errorf("%q: %v, %v; want %v", c.text, rec.Game.Outcome(), err, c.want)
		}
		if back, err := ParseRecord(rec.String()); err != nil || back.Game.Outcome() != c.want {
			t.Errorf("%q written and read back: %v, %v", c.text, back.Game.Outcome(), err)
		}
	}

	// Errors: each a *RecordError naming the game, the place and the move.
	for _, c := range []struct {
		text, err string
		is        error
	}{
		{"1. e4 e5 2. Ke3", "atomic: game record: game 1, line 1, column 13: half-move 3 \"Ke3\" in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2: illegal move: no legal king move to e3", ErrIllegalMove},
		{"1. Na3 Nf6 2. Nh3 Ng4 3. Rb1 Nxf2 4. e4", "half-move 7 \"e4\" in rnbqkb1r/pppppppp/8/8/8/N6N/PPPPP1PP/1RBQ3R w kq - 0 4: game over: the game has ended (White's king exploded)", ErrGameOver},
		{"1. Na3 Nf6 2. Nh3 Ng4 3. Rb1 Nxf2 1-0", "column 35: invalid record notation \"1-0\" at offset 0: the moves end the game 0-1 (White's king exploded)", ErrInvalidNotation},
		{"1. e4 (1. e5) *", "line 1, column 11: move \"e5\" in " + StartFEN + ": illegal move", ErrIllegalMove},
		{"[FEN \"8/8/8/8/8/8/8/8 x - - 0 1\"]\n\n1. e4 *", "line 1, column 1: invalid FEN", ErrInvalidFEN},
		{"[NoProgress \"x\"]\n\n1. e4 *", "invalid record notation \"x\" at offset 0: NoProgress is a number of half-moves (0 = off)", ErrInvalidNotation},
		{"1. e4 {open", "line 1, column 7: invalid record notation", ErrInvalidNotation},
		{"1. zz *", "half-move 1 \"zz\" in " + StartFEN + ": invalid move notation \"zz\" at offset 0: neither UCI", ErrInvalidNotation},
		{"", "game 1, line 1, column 1: invalid record notation \"\" at offset 0: no game record", ErrInvalidNotation},
		{"1. e4 *\n1. d4 *", "game 2, line 2, column 1: invalid record notation \"1.\" at offset 0: more than one game record", ErrInvalidNotation},
	} {
		_, err := ParseRecord(c.text)
		var re *RecordError
		if !errors.As(err, &re) || !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.err) || strings.Count(err.Error(), "atomic: ") != 1 {
			t.Errorf("%q: %v; want %v with %q", c.text, err, c.is, c.err)
		}
	}
}

// TestRecordWriting: what WriteRecord refuses (nothing written) String leaves out
// and says so; a record built in code gets its derived tags.
func TestRecordWriting(t *testing.T) {
	g, _ := NewGame(StartingPosition(), WithNoProgressLimit(0)).PlaySAN("e4")
	g, _ = g.Resign(pacosako.Black)
	legal, _ := StartingPosition().ParseSAN("d4")
	rec := Record{Game: g, Tags: []Tag{{Name: "White", Value: "Ada"}, {Name: "bad name", Value: "x"}},
		Notes: []Note{{NAGs: []int{300}, Variations: []Variation{{Moves: []Move{legal, legal}}}}}}
	var sb strings.Builder
	if err := WriteRecord(&sb, rec); !errors.Is(err, ErrInvalidNotation) || sb.Len() != 0 {
		t.Errorf("WriteRecord of a bad tag name: %v, wrote %q", err, sb.String())
	}
	text := rec.String()
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{`[White "Ada"]`, `[Result "1-0"]`, `[NoProgress "0"]`, `[Termination "Resignation"]`,
		`[left out: the tag "bad name"`, `the NAG $300 (a NAG is 0..255)`, `(1. d4 {the rest of this variation is left out: d2d4 is not a legal move here})`} {
		if !strings.Contains(flat, want) {
			t.Errorf("String lacks %q:\n%s", want, text)
		}
	}
	if back, err := ParseRecord(text); err != nil || back.Game.Outcome() != g.Outcome() || back.Game.NoProgressLimit() != 0 {
		t.Errorf("read back: %v, %v", back.Game.Outcome(), err)
	}
	if (Record{}).String() == "" {
		t.Error("the zero Record's String is empty")
	}
}

// TestRecordReaderContext: a done context stops the reader with its error.
func TestRecordReaderContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	rr := NewRecordReaderContext(ctx, strings.NewReader("1. e4 *\n\n1. d4 *\n"))
	if !rr.Scan() {
		t.Fatal(rr.Err())
	}
	cancel()
	var re *RecordError
	if rr.Scan() || !errors.Is(rr.Err(), context.Canceled) || !errors.As(rr.Err(), &re) || re.Game != 1 {
		t.Errorf("after cancel: Err %v", rr.Err())
	}
}

// FuzzParseRecord: no input makes ParseRecord panic; a record read is written by
// String so that it reads back to the same moves and outcome and is written again
// identically.
func FuzzParseRecord(f *testing.F) {
	for _, seed := range []string{
		"",
		"[Event \"e\"]\n[Variant \"Atomic\"]\n\n1. Na3 Nf6 2. Nh3 Ng4 3. Rb1 Nxf2# 0-1",
		"[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O (1. e1c1 O-O-O) 1... O-O-O {c} $3 *",
		"[FEN \"bbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1. g4 Ng6 2. d4 Nh4 3. O-O-O *",
		"1. e4 d5 2. exd5 (2. e5 f5 3. exf6) 2... Qd5 1/2-1/2",
		"[Variant \"Paco Ŝako\"]\n\n1. e4 *\n\n[Repetition \"2\"]\n[NoProgress \"4\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 *",
		"1. e4 {a} ; b\n% c\n(1. d4) 1... e5!? 2. Qh5?? $255 *",
		"[FEN \"8/8/6k1/p7/P7/8/2K5/8 w - - 0 57\"]\n\n57. Kd3 (57. Kb3 Kf6) 57... Kf6 58. Ke4 1-0",
		"[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 98 60\"]\n\n60. Ra2 Kd8 61. Ra3 Ke8 62. e4 Kd8 *",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) || !strings.HasPrefix(err.Error(), "atomic: ") {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		out := rec.String()
		back, err := ParseRecord(out)
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%s", err, out)
		}
		if strings.Join(back.Game.PlayedUCI(), " ") != strings.Join(rec.Game.PlayedUCI(), " ") || back.Game.Outcome() != rec.Game.Outcome() || back.String() != out {
			t.Fatalf("read back differently:\n%s\nthen\n%s", out, back.String())
		}
	})
}

// TestRecordNotationOtherReaders: FIDE's en passant mark glued to the move or as a
// word of its own, and a promotion without "=" in lower case, as records of other
// programs and hand-typed ones have them (issue 25).
func TestRecordNotationOtherReaders(t *testing.T) {
	const ep = "[FEN \"r1bqkbnr/ppp1pppp/2n5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3\"]\n\n"
	for _, c := range []struct{ text, want string }{
		{ep + "3. exd6 e.p. a6 *", "exd6 a6"},
		{ep + "3. exd6e.p. a6 *", "exd6 a6"},
		{ep + "3. exd6 e.p.+ (3. exd6 e.p. a5) 3... a6 *", "exd6 a6"},
		{"[FEN \"8/2P1k3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. c8q Kd6 *", "c8=Q Kd6"},
		{"[FEN \"8/2P1k3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. c8n *", "c8=N+"},
	} {
		rec, err := ParseRecord(c.text)
		if err != nil || strings.Join(rec.Game.PlayedSAN(), " ") != c.want {
			t.Errorf("%q: %q, %v; want %q", c.text, rec.Game.PlayedSAN(), err, c.want)
		}
	}
}

// TestRecordUTF16: a record saved as UTF-16 is one error naming the encoding,
// and no game (issue 25).
func TestRecordUTF16(t *testing.T) {
	text := "\xfe\xff" + "\x00" + strings.Join(strings.Split("[Variant \"Atomic\"]\n\n1. e4 *\n", ""), "\x00")
	rr := NewRecordReader(strings.NewReader(text))
	var re *RecordError
	if rr.Scan() || !errors.As(rr.Err(), &re) || !errors.Is(rr.Err(), ErrInvalidNotation) || re.Game != 1 ||
		!strings.Contains(rr.Err().Error(), "UTF-16 (big-endian)") || strings.Count(rr.Err().Error(), "atomic: ") != 1 {
		t.Errorf("UTF-16 stream: Err %v", rr.Err())
	}
	if _, err := ParseRecord(text); !errors.As(err, &re) || !strings.Contains(err.Error(), "UTF-16") {
		t.Errorf("ParseRecord: %v", err)
	}
}

// TestRecordResultTagContradicts: a Result tag that says another result than the
// movetext's is a *RecordError naming both; the stream goes on (issue 25).
func TestRecordResultTagContradicts(t *testing.T) {
	rr := NewRecordReader(strings.NewReader("[Variant \"Atomic\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Variant \"Atomic\"]\n\n1. d4 1-0\n"))
	var got []string
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) || !errors.Is(err, ErrInvalidNotation) || re.Line != 4 || re.Column != 10 ||
				!strings.Contains(err.Error(), "the movetext ends with 0-1 but the Result tag (line 2, column 1) says 1-0") {
				t.Errorf("game %d: %v", len(got)+1, err)
			}
			got = append(got, "error")
			continue
		}
		got = append(got, strings.Join(rec.Game.PlayedSAN(), " ")+" "+rec.Game.Outcome().Result())
	}
	if strings.Join(got, "|") != "error|d4 1-0" || rr.Err() != nil {
		t.Errorf("read %q, %v", got, rr.Err())
	}
}

// TestRecordNumbering: moves are numbered from the FEN's full-move number, as
// python-chess and lichess number them, White or Black first (issue 25).
func TestRecordNumbering(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 150\"]\n\n150. e4 e5 151. Nf3 *", "\n\n150. e4 e5 151. Nf3 *\n"},
		{"[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 150\"]\n\n150... e5 (150... d5) 151. Nf3 *", "\n\n150... e5 (150... d5) 151. Nf3 *\n"},
		{"1. e4 e5 *", "\n\n1. e4 e5 *\n"},
	} {
		rec, err := ParseRecord(c.text)
		if err != nil {
			t.Fatal(err)
		}
		if got := rec.String(); !strings.HasSuffix(got, c.want) {
			t.Errorf("%q written as\n%s\nwant …%q", c.text, got, c.want)
		}
	}
}

// TestRecordOtherGameWritten: every record the library writes names its game, so
// neither game's reader takes the other's for its own: the root package's
// record of a Paco Ŝako game is refused here at its Variant tag, and this
// package's by the root reader (issue 25: e4 d5 exd5 replayed as another game).
func TestRecordOtherGameWritten(t *testing.T) {
	paco, err := pacosako.ParseRecord("[Event \"p\"]\n\n1. e4 d5 2. exd5 Nf6 *\n")
	if err != nil {
		t.Fatal(err)
	}
	written := paco.String()
	if !strings.Contains(written, "[Variant \"Paco Ŝako\"]") {
		t.Fatalf("the root writer names no game:\n%s", written)
	}
	if _, err := ParseRecord(written); !errors.Is(err, ErrInvalidNotation) || !strings.Contains(err.Error(), "the Variant tag names Paco Ŝako") {
		t.Errorf("a Paco Ŝako record read as Atomic: %v", err)
	}
	rec, err := ParseRecord("1. e4 d5 2. exd5 Nf6 *")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pacosako.ParseRecord(rec.String()); !errors.Is(err, pacosako.ErrInvalidNotation) || !strings.Contains(err.Error(), "the Variant tag names Atomic chess") {
		t.Errorf("an Atomic record read as Paco Ŝako: %v", err)
	}
}
