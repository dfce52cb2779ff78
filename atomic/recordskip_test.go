package atomic

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// skipInputs are streams of records for the tags-only reading: the vectors'
// games and records shaped to test where a game ends.
func skipInputs(t *testing.T) map[string]string {
	t.Helper()
	inputs := map[string]string{
		"ends": "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {a [comment with] 1-0 inside} e5 ; [a line comment\n% [an escape line\n2. Nf3 \"a [string\" (2. d4 1-0) 2... Nc6 1-0 {after the result} ; after\n" +
			"[Event \"b\"]\n\n1. e4 *\n[Event \"c\"] [Variant \"Paco Ŝako\"]\n\n1. e4 *\n\n[Event \"d\"]\n[Site \"unclosed\n1. e4 *\n\n[Event \"e\"]\n[FEN \"not a FEN\"]\n\n1. e4 *\n" +
			"[Event \"f\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n[Event \"g\"]\n\n1. e4 e5 e4\u00a01-0\u3000[Event \"h\"] 1. d4 *",
	}
	for _, path := range []string{"testdata/games.pgn", filepath.Join(sharedTestdata, "games.pgn")} {
		b, err := os.ReadFile(path)
		switch {
		case err == nil:
			inputs[path] = string(b)
		case path != "testdata/games.pgn":
			t.Logf("%s absent: the package's games only", path)
		default:
			t.Fatal(err)
		}
	}
	return inputs
}

// TestRecordReaderSkipMovetext: reading only the tags finds every game the
// whole reading finds, with the same numbers, every tag as written (those the
// whole record keeps among them, in order, and the derived ones too), and the
// same errors of the tag sections; no moves.
func TestRecordReaderSkipMovetext(t *testing.T) {
	for name, text := range skipInputs(t) {
		full := NewRecordReader(strings.NewReader(text))
		skip := NewRecordReader(strings.NewReader(text))
		skip.SkipMovetext(true)
		games := 0
		for full.Scan() {
			games++
			if !skip.Scan() {
				t.Fatalf("%s: game %d: read whole, not when skipping", name, games)
			}
			frec, ferr := full.Record()
			srec, serr := skip.Record()
			var re *RecordError
			if serr != nil && (ferr == nil || serr.Error() != ferr.Error() || !errors.As(serr, &re) || re.Game != games) {
				t.Errorf("%s: game %d: skipping: %v; whole: %v", name, games, serr, ferr)
			}
			i := 0 // the whole record's tags are among the skipped one's, in order
			for _, tag := range srec.Tags {
				if i < len(frec.Tags) && tag == frec.Tags[i] {
					i++
				}
			}
			if i < len(frec.Tags) || srec.Game.Len() != 0 || srec.Notes != nil {
				t.Errorf("%s: game %d: skipped %v, whole %v", name, games, srec.Tags, frec.Tags)
			}
			if r := srec.Tag("Result"); ferr == nil && r != "" && r != frec.Game.Outcome().Result() {
				t.Errorf("%s: game %d: the Result tag %q, the game %v", name, games, srec.Tag("Result"), frec.Game.Outcome())
			}
		}
		if skip.Scan() || full.Err() != nil || skip.Err() != nil {
			t.Errorf("%s: after %d games: skipping goes on, or errors %v %v", name, games, full.Err(), skip.Err())
		}
		if name == "ends" && games != 9 {
			t.Errorf("%d games, want 9 (a variation's result ends its game)", games)
		}
	}
	// Back to whole games in the middle of a stream.
	rr := NewRecordReader(strings.NewReader("[Event \"1\"]\n1. e4 *\n[Event \"2\"]\n1. d4 *\n"))
	rr.SkipMovetext(true)
	rr.Scan()
	first, _ := rr.Record()
	rr.SkipMovetext(false)
	rr.Scan()
	second, err := rr.Record()
	if first.Game.Len() != 0 || first.Tag("Event") != "1" || err != nil || strings.Join(second.Game.PlayedSAN(), " ") != "d4" {
		t.Errorf("switching back: %v, then %v %v", first, second.Game.PlayedSAN(), err)
	}
}

// BenchmarkRecordReaderTagsAtomic reads games.pgn ×40 with the movetext skipped
// (SkipMovetext): MB/s of input (issue 26, item 4: at least 150 MB/s of CPU).
func BenchmarkRecordReaderTagsAtomic(b *testing.B) {
	data, _ := benchGames(b, 40)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		rr := NewRecordReader(bytes.NewReader(data))
		rr.SkipMovetext(true)
		for rr.Scan() {
			if _, err := rr.Record(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
