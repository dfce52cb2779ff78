package pacosako

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecordReaderSkipMovetext: reading only the tags of the record corpus (and
// of the game histories' records) finds every game the whole reading finds,
// with every tag as written and the same errors of the tag sections.
func TestRecordReaderSkipMovetext(t *testing.T) {
	paths, _ := filepath.Glob("testdata/records/*.pgn")
	if len(paths) == 0 {
		t.Fatal("no records in testdata/records")
	}
	inputs := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs[p] = string(b)
	}
	var sb strings.Builder
	for _, h := range tsvRows(t, "testdata/game_histories.tsv") {
		WriteRecord(&sb, Record{Game: historyGame(t, h), Tags: []Tag{{Name: "Event", Value: h[0]}}})
	}
	inputs["histories"] = sb.String()
	total := 0
	for name, text := range inputs {
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
			if serr != nil && (ferr == nil || serr.Error() != ferr.Error()) {
				t.Errorf("%s: game %d: skipping: %v; whole: %v", name, games, serr, ferr)
			}
			i := 0
			for _, tag := range srec.Tags {
				if i < len(frec.Tags) && tag == frec.Tags[i] {
					i++
				}
			}
			if i < len(frec.Tags) || srec.Game.Len() != 0 || srec.Notes != nil {
				t.Errorf("%s: game %d: skipped %v, whole %v", name, games, srec.Tags, frec.Tags)
			}
		}
		if skip.Scan() || (full.Err() == nil) != (skip.Err() == nil) {
			t.Errorf("%s: after %d games: skipping goes on, or errors %v %v", name, games, full.Err(), skip.Err())
		}
		total += games
	}
	t.Logf("%d games", total)
}
