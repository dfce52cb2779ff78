package records

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// shortReads delivers at most 3 bytes a read.
type shortReads struct{ r io.Reader }

func (s shortReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), 3)]) }

// splitAndRead reads text game by game through a Reader and through a
// Splitter's chunks (the splitter reading a few bytes at a time when short), and
// returns what each gives: every game's record written out (or the type of its
// zero record) and its error, then the stream's error; then the tags of every
// game and their error, read by the Reader's SkipMovetext and by each chunk's
// ReadTags.
func splitAndRead(text string, untagged Variant, short bool) (whole, split []string) {
	rr := NewReader(strings.NewReader(text), untagged)
	for rr.Scan() {
		rec, err := rr.Record()
		whole = append(whole, describe(rec, err))
	}
	whole = append(whole, fmt.Sprint(rr.Err()))
	rr = NewReader(strings.NewReader(text), untagged)
	rr.SkipMovetext(true)
	for rr.Scan() {
		rec, err := rr.Record()
		whole = append(whole, describeTags(rec, err))
	}
	var src io.Reader = strings.NewReader(text)
	if short {
		src = shortReads{src}
	}
	sp := NewSplitter(src, untagged)
	var chunks []Chunk
	for sp.Scan() {
		rec, err := sp.Chunk().Read()
		split = append(split, describe(rec, err))
		chunks = append(chunks, sp.Chunk())
	}
	split = append(split, fmt.Sprint(sp.Err()))
	for _, c := range chunks {
		rec, err := c.ReadTags()
		split = append(split, describeTags(rec, err))
	}
	return whole, split
}

// describeTags describes a record of tags alone: its type, tags and error.
func describeTags(rec Record, err error) string {
	var tags []pacosako.Tag
	switch rec := rec.(type) {
	case pacosako.Record:
		tags = rec.Tags
	case atomic.Record:
		tags = rec.Tags
	}
	return fmt.Sprintf("%T %q: %v", rec, tags, err)
}

func describe(rec Record, err error) string {
	if err != nil {
		return fmt.Sprintf("%T: %v", rec, err)
	}
	return rec.String()
}

// TestSplitter: the chunks a Splitter splits off read as the whole reading
// reads the stream — the same records, the same errors with the same game
// numbers, lines and columns — for the mixed stream, the record corpus and the
// Atomic vectors' games; and they hold the stream's text, game after game.
func TestSplitter(t *testing.T) {
	inputs := map[string]string{"both games": bothGames, "UTF-16": "\xff\xfe[\x00", "empty": "", "blank": " \n% x\n",
		"a wrong result, then a game without tags": "[Result \"1-0\"]\n\n1. e4 0-1\n\n1. d4 *\n[Result \"1-0\"]\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1 e4 *"}
	paths, _ := filepath.Glob("../testdata/records/*.pgn")
	paths = append(paths, "../atomic/testdata/games.pgn", sharedAtomicGames)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		switch {
		case err == nil:
			inputs[p] = string(b)
		case p == sharedAtomicGames:
			t.Logf("%s absent: the module's records only", p)
		default:
			t.Fatal(err)
		}
	}
	if len(inputs) < 10 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	for name, text := range inputs {
		for _, untagged := range []Variant{PacoSako, Atomic} {
			for _, short := range []bool{false, true} {
				whole, split := splitAndRead(text, untagged, short)
				if !slices.Equal(whole, split) {
					t.Errorf("%s (untagged %v, short reads %v):\nwhole %q\nsplit %q", name, untagged, short, whole, split)
				}
			}
		}
		var joined strings.Builder
		sp := NewSplitter(strings.NewReader(text), PacoSako)
		for sp.Scan() {
			joined.Write(sp.Chunk().Text)
		}
		if got := joined.String(); sp.Err() == nil && !strings.HasSuffix(text, got) {
			t.Errorf("%s: the chunks joined are not the stream's text after its start", name)
		}
	}
}

// FuzzSplitter: for any stream, reading the chunks gives what reading the
// stream gives.
func FuzzSplitter(f *testing.F) {
	for _, s := range []string{
		bothGames,
		"[Event \"a\"] e4 {c [x] 1-0} 1-0 {after} ; x\n% y\n[Event \"b\"] 1. e4 (1. d4 *) e5 *",
		"\uFEFF1. e4 *\r\n\r\n[A \"1\"]\r[B \"2\"]\n1.e4 \"s\" e5\u00a01-0\u3000x",
		"[Result \"1-0\"]\n\n1. e4 0-1\n\n1. d4 *\n",
		lichessExample + studyFEN + "[Variant \"Atomic\"]\n[Variant \"Standard\"]\n1. e4 *\n[E \"1\"]\n\n[E \"2\"] ; c\n[E \"3\"]\n\n1. d4 *",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, short := range []bool{false, true} {
			if whole, split := splitAndRead(text, PacoSako, short); !slices.Equal(whole, split) {
				t.Fatalf("short reads %v:\nwhole %q\nsplit %q", short, whole, split)
			}
		}
	})
}

// doneAfter is a context whose Err is nil for its first n calls, then
// context.Canceled: a context cancelled while a reading runs.
type doneAfter struct {
	context.Context
	n int
}

func (d *doneAfter) Err() error {
	if d.n--; d.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestSplitterContext: a Splitter of NewSplitterContext stops when its context
// is done — at once for a context done before, within the stream for one done
// while it splits — and Err gives the context's error as the untagged game's
// *RecordError, naming where it stopped.
func TestSplitterContext(t *testing.T) {
	stream := strings.Repeat("[Event \"x\"]\n\n1. e4 {"+strings.Repeat("a", 1000)+"} e5 *\n\n", 1000) // about 1 MB
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name       string
		ctx        context.Context
		untagged   Variant
		max        int // games split off at most
		wantAtomic bool
	}{
		{"done before", done, PacoSako, 0, false},
		{"done while splitting", &doneAfter{context.Background(), 3}, Atomic, 999, true},
	} {
		sp := NewSplitterContext(c.ctx, strings.NewReader(stream), c.untagged)
		n := 0
		for sp.Scan() {
			n++
		}
		err := sp.Err()
		if n > c.max || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %d games split off, Err %v; want at most %d and context.Canceled", c.name, n, err, c.max)
		}
		var pe *pacosako.RecordError
		var ae *atomic.RecordError
		if c.wantAtomic && !errors.As(err, &ae) || !c.wantAtomic && !errors.As(err, &pe) {
			t.Errorf("%s: Err %T, want the untagged game's *RecordError", c.name, err)
		}
	}
	// A context never done splits what NewSplitter splits.
	sp := NewSplitterContext(context.Background(), strings.NewReader(stream), PacoSako)
	n := 0
	for sp.Scan() {
		n++
	}
	if n != 1000 || sp.Err() != nil {
		t.Errorf("a context never done: %d games, Err %v; want 1000, nil", n, sp.Err())
	}
}
