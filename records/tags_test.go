package records

import (
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// tagsStream is a stream of both games' records with the tags a game determines
// (Result, Variant, SetUp, FEN, Rules, Repetition, NoProgress, Termination,
// Pending), a Termination word the game has no name for, records without a
// Result tag, and records a game refuses.
const tagsStream = `[Event "atomic win"]
[Result "1-0"]
[Variant "Atomic"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[NoProgress "120"]
[Termination "Normal"]

1. Nf3 a6 2. Ng5 a5 3. Nxf7 1-0

[Event "atomic flag"]
[Result "0-1"]
[Variant "atomic chess"]
[Termination "Time forfeit"]

1. e4 e5 0-1

[Event "paco resigned"]
[Result "1-0"]
[Variant "Paco Sako"]
[Rules "Pacoplay"]
[Repetition "3"]
[Termination "Resignation"]

1. e4 d5 1-0

[Event "paco untagged, no Result tag"]

1. d4 d5 2. c4 *

[Event "paco pending"]
[Pending "Lift(e7)"]

1. d4 *

[Event "paco refused"]
[Result "1-0"]
[Variant "Standard"]

1. e4 e5 2. Kd8 1-0

[Event "refused tag"]
[Variant "Crazyhouse"]
[Result "0-1"]

1. e4 0-1
`

// wantTags are the tags of each record of tagsStream as written.
var wantTags = [][][2]string{
	{{"Event", "atomic win"}, {"Result", "1-0"}, {"Variant", "Atomic"}, {"SetUp", "1"}, {"FEN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, {"NoProgress", "120"}, {"Termination", "Normal"}},
	{{"Event", "atomic flag"}, {"Result", "0-1"}, {"Variant", "atomic chess"}, {"Termination", "Time forfeit"}},
	{{"Event", "paco resigned"}, {"Result", "1-0"}, {"Variant", "Paco Sako"}, {"Rules", "Pacoplay"}, {"Repetition", "3"}, {"Termination", "Resignation"}},
	{{"Event", "paco untagged, no Result tag"}},
	{{"Event", "paco pending"}, {"Pending", "Lift(e7)"}},
	{{"Event", "paco refused"}, {"Result", "1-0"}, {"Variant", "Standard"}},
	{{"Event", "refused tag"}, {"Variant", "Crazyhouse"}, {"Result", "0-1"}},
}

// tagsOf describes a record's tags, and what Tag says of every name the
// stream's records have.
func tagsOf(rec Record) string {
	var tags []pacosako.Tag
	switch rec := rec.(type) {
	case pacosako.Record:
		tags = rec.Tags
	case atomic.Record:
		tags = rec.Tags
	case nil:
		return "no record"
	}
	var sb strings.Builder
	for _, t := range tags {
		sb.WriteString("[" + t.Name + " " + t.Value + "]")
	}
	for _, name := range []string{"Event", "Result", "Variant", "SetUp", "FEN", "NoProgress", "Rules", "Repetition", "Termination", "Pending", "Site"} {
		sb.WriteString(" " + name + "=" + rec.Tag(name))
	}
	return sb.String()
}

// wantTagsOf describes the tags of tagsStream's record i as tagsOf does.
func wantTagsOf(i int) string {
	var sb strings.Builder
	for _, t := range wantTags[i] {
		sb.WriteString("[" + t[0] + " " + t[1] + "]")
	}
	for _, name := range []string{"Event", "Result", "Variant", "SetUp", "FEN", "NoProgress", "Rules", "Repetition", "Termination", "Pending", "Site"} {
		v := ""
		for _, t := range wantTags[i] {
			if t[0] == name {
				v = t[1]
			}
		}
		sb.WriteString(" " + name + "=" + v)
	}
	return sb.String()
}

// TestTagOnEveryPath: a record's tags are its tags as written — Result, Variant,
// FEN and every other tag a game determines included — whichever way it is read:
// whole or its tags only, by package records' Reader or a Splitter's Chunk
// (Read, ReadTags), by
// each game's own reader, read without an error or refused for its moves; the
// game's outcome is the Game's.
func TestTagOnEveryPath(t *testing.T) {
	check := func(path string, i int, rec Record) {
		t.Helper()
		if i >= len(wantTags) {
			t.Fatalf("%s: more than %d records", path, len(wantTags))
		}
		if got, want := tagsOf(rec), wantTagsOf(i); got != want {
			t.Errorf("%s, record %d:\n got %s\nwant %s", path, i+1, got, want)
		}
	}
	for _, skip := range []bool{false, true} {
		path := map[bool]string{false: "Reader", true: "Reader.SkipMovetext"}[skip]
		rr := NewReader(strings.NewReader(tagsStream), PacoSako)
		rr.SkipMovetext(skip)
		i := 0
		for ; rr.Scan(); i++ {
			rec, _ := rr.Record()
			check(path, i, rec)
		}
		if rr.Err() != nil || i != len(wantTags) {
			t.Errorf("%s: %d records, %v", path, i, rr.Err())
		}
	}
	sp := NewSplitter(strings.NewReader(tagsStream), PacoSako)
	for i := 0; sp.Scan(); i++ {
		rec, err := sp.Chunk().Read()
		check("Chunk.Read", i, rec)
		tags, terr := sp.Chunk().ReadTags()
		check("Chunk.ReadTags", i, tags)
		if (err == nil) != (terr == nil) && i != 5 { // record 6 is refused for a move
			t.Errorf("record %d: Chunk.Read: %v; Chunk.ReadTags: %v", i+1, err, terr)
		}
	}
	// The games' own readers: each its game's records.
	for _, skip := range []bool{false, true} {
		path := map[bool]string{false: "", true: ".SkipMovetext"}[skip]
		prr := pacosako.NewRecordReader(strings.NewReader(tagsStream))
		prr.SkipMovetext(skip)
		for i := 0; prr.Scan(); i++ {
			if rec, err := prr.Record(); i >= 2 || err == nil {
				check("pacosako.RecordReader"+path, i, rec)
			}
		}
		arr := atomic.NewRecordReader(strings.NewReader(tagsStream))
		arr.SkipMovetext(skip)
		for i := 0; arr.Scan() && i < 2; i++ {
			rec, err := arr.Record()
			if err != nil {
				t.Fatalf("atomic.RecordReader%s: %v", path, err)
			}
			check("atomic.RecordReader"+path, i, rec)
		}
	}
}

// TestTagAndOutcome: the Result tag is the record's word, the outcome the
// game's: a record without a Result tag has none, and its Game says how it
// ended.
func TestTagAndOutcome(t *testing.T) {
	rr := NewReader(strings.NewReader(tagsStream), PacoSako)
	var got []string
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			continue
		}
		switch rec := rec.(type) {
		case pacosako.Record:
			got = append(got, rec.Tag("Result")+"/"+rec.Game.Outcome().Result())
		case atomic.Record:
			got = append(got, rec.Tag("Result")+"/"+rec.Game.Outcome().Result()+" "+rec.Game.Outcome().Termination.String())
		}
	}
	want := []string{"1-0/1-0 KingExploded", "0-1/0-1 Timeout", "1-0/1-0", "/*", "/*"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}
