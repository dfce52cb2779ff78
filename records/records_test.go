package records

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// bothGames is a stream of both games' records, tagged and untagged, and of
// records a game refuses at its tags or its moves.
const bothGames = `[Event "a"]
{among the tags}
[Variant "Atomic"]

1. e4 d5 2. exd5 Nf6 *

[Event "b"]

1. e4 d5 2. exd5 Nf6 *

[Event "c"]
[Variant "Paco Sako"]

1. d4 1-0

[Event "d"]
[Variant "Crazyhouse"]

1. c4 *

[Event "e"]
[Variant "atomic960"]
[FEN "8/8/8/8/8/8/8/8 x - - 0 1"]

1. e4 *

[Event "f"]
[Variant "Standard"]

1. e4 e5 2. Kd8 *
`

// TestReaderBothGames: each record of a mixed stream is read by the game its
// Variant tag names and handed back as that game's record, with that game's
// errors; an untagged record is the caller's game; a value of no game of the
// module is refused by the caller's game's reader; the reading goes on.
func TestReaderBothGames(t *testing.T) {
	for _, c := range []struct {
		untagged Variant
		want     []string
	}{
		{PacoSako, []string{
			"Atomic a: e4 d5 exd5 Nf6 {among the tags}",
			"Paco Ŝako b: e4 d5 exd5 Nf6",
			"Paco Ŝako c: d4",
			"Paco Ŝako error: pacosako: game record: game 4, line 17, column 1: invalid record notation \"Crazyhouse\" at offset 0: the Variant tag names a game this module does not play",
			"Atomic error: atomic: game record: game 5, line 23, column 1: invalid FEN",
			"Paco Ŝako error: pacosako: game record: game 6, line 30, column 13: half-move 3 \"Kd8\"",
		}},
		{Atomic, []string{
			"Atomic a: e4 d5 exd5 Nf6 {among the tags}",
			"Atomic b: e4 d5 exd5 Nf6",
			"Paco Ŝako c: d4",
			"Atomic error: atomic: game record: game 4, line 17, column 1: invalid record notation \"Crazyhouse\" at offset 0: the Variant tag names a game this module does not play",
			"Atomic error: atomic: game record: game 5",
			"Paco Ŝako error: pacosako: game record: game 6",
		}},
	} {
		rr := NewReader(strings.NewReader(bothGames), c.untagged)
		var got []string
		for rr.Scan() {
			rec, err := rr.Record()
			var pe *pacosako.RecordError
			var ae *atomic.RecordError
			switch {
			case err != nil && (rr.Variant() == PacoSako && errors.As(err, &pe) || rr.Variant() == Atomic && errors.As(err, &ae)):
				got = append(got, rr.Variant().String()+" error: "+err.Error())
			case err != nil:
				got = append(got, "wrong error type "+err.Error())
			default:
				switch rec := rec.(type) {
				case pacosako.Record:
					got = append(got, rr.Variant().String()+" "+rec.Tag("Event")+": "+strings.Join(rec.Game.PlayedSAN(), " "))
				case atomic.Record:
					got = append(got, rr.Variant().String()+" "+rec.Tag("Event")+": "+strings.Join(rec.Game.PlayedSAN(), " ")+" {"+rec.Comment+"}")
				default:
					got = append(got, "a record of no game")
				}
			}
		}
		if rr.Err() != nil || len(got) != len(c.want) {
			t.Fatalf("untagged %v: %d games %q, %v", c.untagged, len(got), got, rr.Err())
		}
		for i := range got {
			if !strings.HasPrefix(got[i], c.want[i]) {
				t.Errorf("untagged %v, game %d:\n got %q\nwant %q…", c.untagged, i+1, got[i], c.want[i])
			}
		}
	}
}

// TestReaderSameAsGames: the records of the shared Atomic games and of the Paco
// Ŝako record corpus read through this package exactly as through their games'
// own readers: the same records, written identically, the same errors; only the
// corpus's Atomic records, which the Paco Ŝako reader refuses at their Variant
// tag, are read here, as Atomic.
func TestReaderSameAsGames(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "records", "*.pgn"))
	if err != nil || len(files) < 20 {
		t.Fatalf("the record corpus: %d files, %v", len(files), err)
	}
	files = append(files, filepath.Join("..", "atomic", "testdata", "games.pgn"))
	if fileExists(sharedAtomicGames) {
		files = append(files, sharedAtomicGames)
	} else {
		t.Logf("%s absent: the module's records only", sharedAtomicGames)
	}
	games := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		atomicFile := strings.HasSuffix(name, "games.pgn")
		var want []string
		if atomicFile {
			rr := atomic.NewRecordReader(strings.NewReader(text))
			for rr.Scan() {
				rec, err := rr.Record()
				want = append(want, outcome(rec, err))
			}
		} else {
			rr := pacosako.NewRecordReader(strings.NewReader(text))
			for rr.Scan() {
				rec, err := rr.Record()
				want = append(want, outcome(rec, err))
			}
		}
		var got []string
		untagged := PacoSako
		if atomicFile {
			untagged = Atomic
		}
		rr := NewReader(strings.NewReader(text), untagged)
		for rr.Scan() {
			rec, err := rr.Record()
			got = append(got, outcome(rec, err))
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d games, its game's reader %d", name, len(got), len(want))
			continue
		}
		for i := range got {
			if strings.Contains(want[i], "the Variant tag names Atomic chess") {
				if !strings.HasPrefix(got[i], "[Event") || !strings.Contains(got[i], "[Variant \"Atomic\"]") {
					t.Errorf("%s, game %d: an Atomic record read as %s", name, i+1, got[i])
				}
				continue
			}
			if got[i] != want[i] {
				t.Errorf("%s, game %d: read as\n%s\nits game's reader\n%s", name, i+1, got[i], want[i])
			}
		}
		games += len(got)
	}
	t.Logf("%d files, %d games read alike", len(files), games)
}

// outcome writes a record read, or its error, for comparison: the error's
// message where the game's reader refuses the game (an Atomic record in the Paco
// Ŝako corpus is refused there, read here: both are compared as they come).
func outcome(rec Record, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return rec.String()
}

func fileExists(name string) bool { _, err := os.Stat(name); return err == nil }

// sharedAtomicGames is the Atomic vectors' games in the folder shared beside the
// module, through the module's link testdata/shared so that go test's cache
// keys on it (see the root package's sharedTestdata); absent on a user's clone.
const sharedAtomicGames = "../testdata/shared/testdata/atomic/games.pgn"

// TestParse: one record of either game; none or two are an error.
func TestParse(t *testing.T) {
	rec, err := Parse("[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *", PacoSako)
	if a, ok := rec.(atomic.Record); err != nil || !ok || a.Game.Len() != 3 {
		t.Errorf("an Atomic record: %T, %v", rec, err)
	}
	rec, err = Parse("1. e4 d5 2. exd5 *", PacoSako)
	if p, ok := rec.(pacosako.Record); err != nil || !ok || p.Game.Len() != 3 {
		t.Errorf("an untagged record: %T, %v", rec, err)
	}
	var ae *atomic.RecordError
	if _, err := Parse("", Atomic); !errors.As(err, &ae) || !errors.Is(err, atomic.ErrInvalidNotation) || !strings.Contains(err.Error(), "no game record") {
		t.Errorf("no record: %v", err)
	}
	var pe *pacosako.RecordError
	if _, err := Parse("1. e4 *\n\n1. d4 *", PacoSako); !errors.As(err, &pe) || !strings.Contains(err.Error(), "more than one game record") {
		t.Errorf("two records: %v", err)
	}
}

// TestReaderStream: the stream's own errors — UTF-16, a done context — are the
// untagged game's *RecordError from Err; a Paco Ŝako move past the search bound
// is its game's error and the reading goes on.
func TestReaderStream(t *testing.T) {
	utf16 := "\xff\xfe" + strings.Join(strings.Split("[Variant \"Atomic\"]\n\n1. e4 *\n", ""), "\x00") + "\x00"
	rr := NewReader(strings.NewReader(utf16), Atomic)
	var ae *atomic.RecordError
	if rr.Scan() || !errors.As(rr.Err(), &ae) || !strings.Contains(rr.Err().Error(), "UTF-16") {
		t.Errorf("UTF-16: %v", rr.Err())
	}
	ctx, cancel := context.WithCancel(context.Background())
	rr = NewReaderContext(ctx, strings.NewReader("1. e4 *\n\n[Variant \"Atomic\"]\n\n1. d4 *\n"), PacoSako, pacosako.Limits{})
	if !rr.Scan() {
		t.Fatal(rr.Err())
	}
	cancel()
	var pe *pacosako.RecordError
	if rr.Scan() || !errors.Is(rr.Err(), context.Canceled) || !errors.As(rr.Err(), &pe) {
		t.Errorf("after cancel: %v", rr.Err())
	}
	rr = NewReaderContext(context.Background(), strings.NewReader("1. e4 *\n\n1. d4 *\n"), PacoSako, pacosako.Limits{MaxStates: 1})
	n := 0
	for rr.Scan() {
		if _, err := rr.Record(); !errors.Is(err, pacosako.ErrSearchLimit) {
			t.Errorf("game %d: %v, want the search limit", n+1, err)
		}
		n++
	}
	if n != 2 || rr.Err() != nil {
		t.Errorf("%d games, %v", n, rr.Err())
	}
	if (&Reader{}).Variant() != PacoSako || Atomic.String() != "Atomic" || PacoSako.String() != "Paco Ŝako" {
		t.Error("Game names")
	}
}

// TestReaderTagsMemory: a tag section is kept once: the reader keeps a game's
// tags until it knows the game, then hands them to the game's builder at once,
// which keeps them in the same array (100,000 tags of 14 bytes: about 390 bytes
// each, as the game's own reader; three copies took 944).
func TestReaderTagsMemory(t *testing.T) {
	const n = 100_000
	var sb strings.Builder
	for i := range n {
		sb.WriteString("[T" + strconv.Itoa(i) + " \"v\"]\n")
	}
	text := sb.String() + "\n1. e4 *\n"
	read := func() (Record, error) {
		rr := NewReader(strings.NewReader(text), PacoSako)
		rr.Scan()
		return rr.Record()
	}
	rec, err := read()
	if r, ok := rec.(pacosako.Record); err != nil || !ok || len(r.Tags) != n || r.Tags[n-1] != (pacosako.Tag{Name: "T" + strconv.Itoa(n-1), Value: "v"}) {
		t.Fatalf("%T, %v", rec, err)
	}
	if per := testkit.Allocated(func() { read() }) / n; per > 500 {
		t.Errorf("%d bytes allocated per tag; want at most 500", per)
	}
}

// TestReaderSkipMovetext: reading only the tags of the mixed stream gives each
// record as its game's with every tag as written, the game Game names, and the
// errors of tag sections (a Variant of no game of the module) as reading whole
// records does; the FEN and the moves are not checked.
func TestReaderSkipMovetext(t *testing.T) {
	for _, untagged := range []Variant{PacoSako, Atomic} {
		rr := NewReader(strings.NewReader(bothGames), untagged)
		rr.SkipMovetext(true)
		var got []string
		for rr.Scan() {
			rec, err := rr.Record()
			kind := "no game"
			switch rec := rec.(type) {
			case pacosako.Record:
				kind = "Paco Ŝako"
				if rec.Game.Len() != 0 {
					kind += " with moves"
				}
			case atomic.Record:
				kind = "Atomic"
				if rec.Game.Len() != 0 {
					kind += " with moves"
				}
			}
			s := rr.Variant().String() + " " + kind + " " + rec.Tag("Event") + " " + rec.Tag("Variant")
			if err != nil {
				s = rr.Variant().String() + " error: " + strings.SplitN(err.Error(), ", column", 2)[0]
			}
			got = append(got, s)
		}
		want := []string{
			"Atomic Atomic a Atomic",
			untagged.String() + " " + untagged.String() + " b ",
			"Paco Ŝako Paco Ŝako c Paco Sako",
			untagged.String() + " error: " + map[Variant]string{PacoSako: "pacosako", Atomic: "atomic"}[untagged] + ": game record: game 4, line 17",
			"Atomic Atomic e atomic960",
			"Paco Ŝako Paco Ŝako f Standard",
		}
		if rr.Err() != nil || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("untagged %v:\n got %q\nwant %q", untagged, got, want)
		}
	}
}

// TestReaderOneKindForBothGames: a reader of both games' records tests each kind
// of error once: an illegal move, a move after the end, text that is not PGN and
// a bad FEN tag are the same sentinel whichever game's record has them, and no
// other kind.
func TestReaderOneKindForBothGames(t *testing.T) {
	const stream = `[Variant "Paco Sako"]

1. e4 e5 2. Ke3 *

[Variant "Atomic"]

1. e4 e5 2. Ke3 *

[Variant "Paco Sako"]
[FEN "k7/8/8/8/8/8/8/R3K3 w 0 - - -"]

1. Rxa8# Kb7 *

[Variant "Atomic"]
[FEN "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"]

1. Nxf7# e5 *

[Variant "Paco Sako"]
[FEN "8/8 w"]

*

[Variant "Atomic"]
[FEN "8/8 w"]

*
`
	kinds := []error{pacosako.ErrIllegalMove, pacosako.ErrGameOver, pacosako.ErrInvalidFEN, pacosako.ErrInvalidNotation, pacosako.ErrAmbiguousMove}
	want := []struct {
		game Variant
		kind error
	}{
		{PacoSako, pacosako.ErrIllegalMove}, {Atomic, pacosako.ErrIllegalMove},
		{PacoSako, pacosako.ErrGameOver}, {Atomic, pacosako.ErrGameOver},
		{PacoSako, pacosako.ErrInvalidFEN}, {Atomic, pacosako.ErrInvalidFEN},
	}
	rr := NewReader(strings.NewReader(stream), PacoSako)
	i := 0
	for ; rr.Scan(); i++ {
		_, err := rr.Record()
		if i >= len(want) {
			t.Fatalf("record %d: more records than written: %v", i+1, err)
		}
		if rr.Variant() != want[i].game || err == nil {
			t.Fatalf("record %d: %v, %v; want an error of %v", i+1, rr.Variant(), err, want[i].game)
		}
		for _, k := range kinds {
			if errors.Is(err, k) != (k == want[i].kind) {
				t.Errorf("record %d (%v): errors.Is(%q, %q) = %v", i+1, rr.Variant(), err, k, !(k == want[i].kind))
			}
		}
	}
	if rr.Err() != nil || i != len(want) {
		t.Errorf("%d records, %v; want %d", i, rr.Err(), len(want))
	}
}
