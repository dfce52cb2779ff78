package pacosako

import (
	"context"
	"errors"
	"io"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako/internal/pgn"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// The inputs of issue 19 that broke the record reader, at sizes the test suite
// reads quickly: variations nested past the limit (the process died of a stack
// overflow from about 450,000 levels and took 1.3 GB at 400,000) and comments in a
// row (quadratic: 200,000 took 47 s).

// nestedRecord is the nested-variation input with n levels.
func nestedRecord(n int) string {
	return "[Event \"t\"]\n\n1. e4 " + strings.Repeat("(1. d4 ", n) + strings.Repeat(")", n) + " d5 *\n"
}

// commentRecord is the comment input with n comments in a row.
func commentRecord(n int) string {
	return "[Event \"t\"]\n\n1. e4 " + strings.Repeat("{aaaaaaaaaa} ", n) + "d5 *\n"
}

// allocated returns the bytes f allocates, the least of three runs.
func allocated(f func()) uint64 { return testkit.Allocated(f) }

// TestRecordDeepNesting: variations nested pgn.MaxDepth deep read on a goroutine
// stack of at most 512 KB (the recursive reader needed megabytes, and a stack
// overflow is fatal, not a panic); 100,000 levels are a *RecordError at the first
// "(" too deep, the next game is read, and reading them allocates no more than
// reading the levels up to the limit does.
func TestRecordDeepNesting(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(512 << 10))
	deep := nestedRecord(pgn.MaxDepth)
	rec, err := ParseRecord(deep)
	if err != nil {
		t.Fatal(err)
	}
	depth := func(rec Record) int {
		d := 0
		for notes := rec.Notes; len(notes) > 0 && len(notes[0].Variations) > 0; notes = notes[0].Variations[0].Notes {
			d++ // the innermost variation has no notes: nothing is said about its move
		}
		return d
	}
	if d := depth(rec); d != pgn.MaxDepth || strings.Join(rec.Game.PlayedSAN(), " ") != "e4 d5" {
		t.Errorf("read %d levels, main line %v", d, rec.Game.PlayedSAN())
	}
	// Written (and checked) on the same small stack, and read back.
	written := rec.String()
	if !strings.Contains(written, "\n\n1. e4 (1. d4 (1. d4 (1. d4") || !strings.HasSuffix(written, ")) 1... d5 *\n") {
		t.Errorf("written as %.100q … %q", written, written[len(written)-40:])
	}
	if back, err := ParseRecord(written); err != nil || depth(back) != pgn.MaxDepth || back.String() != written {
		t.Errorf("written record read back: %v", err)
	}

	tooDeep := nestedRecord(100_000) + "\n[Event \"next\"]\n\n1. c4 *\n"
	rr := NewRecordReader(strings.NewReader(tooDeep))
	var events []string
	for rr.Scan() {
		rec, err := rr.Record()
		var re *RecordError
		switch {
		case err == nil:
			events = append(events, rec.Tag("Event")+":"+strings.Join(rec.Game.PlayedSAN(), " "))
		case errors.As(err, &re) && errors.Is(err, ErrInvalidNotation) && re.Line == 3 && re.Column == 7+7*pgn.MaxDepth &&
			strings.Contains(err.Error(), "nested more than 10000 deep"):
			events = append(events, "error")
		default:
			t.Errorf("100,000 levels: %v", err)
		}
	}
	if rr.Err() != nil || strings.Join(events, ",") != "error,next:c4" {
		t.Errorf("100,000 levels then a game: %q, %v", events, rr.Err())
	}
	limit := allocated(func() { ParseRecord(deep) })
	past := allocated(func() { ParseRecord(tooDeep) })
	if past > limit+limit/10 {
		t.Errorf("100,000 levels allocate %d bytes, %d levels %d", past, pgn.MaxDepth, limit)
	}
	t.Logf("%d levels: %d bytes allocated (%d a level); 100,000 levels: %d", pgn.MaxDepth, limit, limit/pgn.MaxDepth, past)
}

// TestRecordReaderLinear: reading records of size 2n allocates about twice what
// size n does, for the comments in a row and the other runs that were
// quadratic (a comment rebuilt for each one added: four times as much).
func TestRecordReaderLinear(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		text func(n int) string
	}{
		{"comments in a row", 10000, commentRecord},
		{"comments between NAGs", 10000, func(n int) string { return "1. e4 " + strings.Repeat("$1 {aaaaaaaaaa} ", n) + "d5 *" }},
		{"comments around variations", 1000, func(n int) string { return "1. e4 " + strings.Repeat("{aaaaaaaaaa} (1. d4) ", n) + "d5 *" }},
		{"comments in a variation", 10000, func(n int) string { return "1. e4 (1. d4 " + strings.Repeat("{aaaaaaaaaa} ", n) + ") d5 *" }},
		{"comments among tags", 10000, func(n int) string {
			return "[Event \"t\"]\n" + strings.Repeat("{aaaaaaaaaa} ", n) + "\n[Site \"s\"]\n\n1. e4 *"
		}},
		{"games", 1000, func(n int) string { return strings.Repeat("[Event \"t\"]\n\n1. e4 {c} d5 *\n\n", n) }},
	} {
		small, large := c.text(c.n), c.text(2*c.n)
		if _, err := ParseRecord(small); err != nil && c.name != "games" {
			t.Fatalf("%s: %v", c.name, err)
		}
		read := func(text string) func() {
			return func() {
				rr := NewRecordReader(strings.NewReader(text))
				for rr.Scan() {
				}
			}
		}
		a, b := allocated(read(small)), allocated(read(large))
		if ratio := float64(b) / float64(a); ratio > 2.6 {
			t.Errorf("%s: %d bytes allocated at n = %d, %d at 2n: %.2f×, not linear", c.name, a, c.n, b, ratio)
		}
	}
	// The comments are joined as before: white space runs as one space.
	rec, err := ParseRecord("1. e4 {a  b} $1 {\tc\n} (1. d4 {x} {y}) {d} 1... d5 *")
	if err != nil || rec.Notes[0].Comment != "a b c d" || rec.Notes[0].Variations[0].Notes[0].Comment != "x y" {
		t.Errorf("joined as %+v, %v", rec.Notes, err)
	}
}

// TestRecordReaderContext: the bounded reader stops when its context is done, with
// the context's error, and otherwise reads as the unbounded one does.
func TestRecordReaderContext(t *testing.T) {
	text := "[Event \"1\"]\n\n1. e4 d5 *\n\n[Event \"2\"]\n\n1. d4 *\n"
	rec, err := ParseRecordContext(context.Background(), "1. e4 (1. d4) d5 *", Limits{MaxStates: 100_000})
	if err != nil || strings.Join(rec.Game.PlayedSAN(), " ") != "e4 d5" {
		t.Errorf("ParseRecordContext: %v, %v", rec.Game.PlayedSAN(), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	rr := NewRecordReaderContext(ctx, strings.NewReader(text), Limits{})
	if !rr.Scan() {
		t.Fatal(rr.Err())
	}
	if _, err := rr.Record(); err != nil {
		t.Fatal(err)
	}
	cancel()
	var re *RecordError
	if rr.Scan() || !errors.Is(rr.Err(), context.Canceled) || !errors.As(rr.Err(), &re) || re.Game != 1 {
		t.Errorf("after cancel: Scan goes on or Err is %v", rr.Err())
	}
	done, stop := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer stop()
	if _, err := ParseRecordContext(done, text, Limits{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("ParseRecordContext with a done context: %v", err)
	}
}

// liveBytes returns the bytes of heap that what f returns keeps alive. (Two
// collections empty the sync.Pool of move searchers, which is not the record's.)
func liveBytes[T any](f func() T) int64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&a)
	v := f()
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&b)
	runtime.KeepAlive(v)
	return int64(b.HeapAlloc) - int64(a.HeapAlloc)
}

// TestRecordVariationMemory: a record of many short sibling variations (the
// issue's "(1. d4) " repeated, 8 bytes each) keeps a few dozen bytes per
// variation, not the ~370 of a Move as the search makes it (a copy of its
// position, a list and a block of 16 actions) and an empty Note; the moves of one
// position share one copy of it, in one line or alternating between lines.
// Variations past MaxVariationSize end the game with a *RecordError, and the
// next game is read.
func TestRecordVariationMemory(t *testing.T) {
	const n = 10_000
	// The move searchers the package keeps for reuse are made by the first read.
	if _, err := ParseRecord("1. e4 (1. d4) *"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		variation string
		most      int64 // bytes kept per variation
	}{
		{"(1. d4) ", 120},
		{"(1. d4 d5) ", 160},
		{"(1. d4 d5 2. c4) ", 200},
	} {
		// What 2n variations keep beyond what n keep: the record's own bytes,
		// not the reader's caches.
		kept := func(n int) int64 {
			text := "[Event \"t\"]\n\n1. e4 " + strings.Repeat(c.variation, n) + "*\n"
			return liveBytes(func() Record {
				rec, err := ParseRecord(text)
				if err != nil {
					t.Fatal(err)
				}
				return rec
			})
		}
		if per := (kept(2*n) - kept(n)) / n; per > c.most {
			t.Errorf("%q: %d bytes kept per variation; want at most %d", c.variation, per, c.most)
		} else {
			t.Logf("%q: %d bytes kept per variation", c.variation, per)
		}
	}
	// The moves kept read and write as read: blocks of actions past 4,096
	// actions, positions alternating between the lists.
	text := "[Event \"t\"]\n\n1. e4 " + strings.Repeat("(1. d4 d5 2. c4) ", 3000) + "*\n"
	rec, err := ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range rec.Notes[0].Variations {
		p := StartingPosition()
		var sans []string
		for _, m := range v.Moves {
			san, err := p.SAN(m)
			if err != nil {
				t.Fatalf("variation %d: %v", i, err)
			}
			sans = append(sans, san)
			p = m.After()
		}
		if got := strings.Join(sans, " "); got != "d4 d5 c4" {
			t.Fatalf("variation %d reads back as %q", i, got)
		}
	}
	written := rec.String()
	if back, err := ParseRecord(written); err != nil || len(back.Notes[0].Variations) != 3000 || back.String() != written {
		t.Errorf("written as %.200q, read back: %v", written, err)
	}
	// The input, past the limit: 8 bytes a variation.
	big := "[Event \"t\"]\n\n1. e4 " + strings.Repeat("(1. d4) ", pgn.MaxVariationSize+10) + "*\n\n[Event \"next\"]\n\n1. c4 *\n"
	rr := NewRecordReader(strings.NewReader(big))
	var events []string
	for rr.Scan() {
		rec, err := rr.Record()
		var re *RecordError
		switch {
		case err == nil:
			events = append(events, rec.Tag("Event")+":"+strings.Join(rec.Game.PlayedSAN(), " "))
		case errors.As(err, &re) && errors.Is(err, ErrInvalidNotation) && re.Line == 3 && re.Column == 7+8*pgn.MaxVariationSize/2 &&
			strings.Contains(err.Error(), "more than 100000 half-moves and variations"):
			events = append(events, "error")
		default:
			t.Errorf("past the limit: %v", err)
		}
	}
	if rr.Err() != nil || strings.Join(events, ",") != "error,next:c4" {
		t.Errorf("past the limit, then a game: %q, %v", events, rr.Err())
	}
}

// TestRecordTagsMemory: a tag section is kept once: the builder keeps the ones
// the record keeps in the array it read them into. 100,000 tags of 14 bytes
// allocate about 390 bytes each, mostly the growth of the one slice (the three
// copies took 944). Package records, which keeps a game's tags until it knows the
// game, hands them over at once: its own test.
func TestRecordTagsMemory(t *testing.T) {
	const n = 100_000
	var sb strings.Builder
	for i := range n {
		sb.WriteString("[T" + strconv.Itoa(i) + " \"v\"]\n")
	}
	text := sb.String() + "\n1. e4 *\n"
	for _, c := range []struct {
		name string
		read func() (any, error)
	}{
		{"RecordReader", func() (any, error) { return ParseRecord(text) }},
	} {
		rec, err := c.read()
		if r, ok := rec.(Record); err != nil || !ok || len(r.Tags) != n || r.Tags[n-1] != (Tag{"T" + strconv.Itoa(n-1), "v"}) {
			t.Fatalf("%s: %d tags, %v", c.name, len(rec.(Record).Tags), err)
		}
		if per := allocated(func() { c.read() }) / n; per > 500 {
			t.Errorf("%s: %d bytes allocated per tag; want at most 500", c.name, per)
		}
	}
}

// cancelReader delivers r's bytes, counting them, and cancels a context once more
// than limit have been delivered: a deadline that passes while the input streams
// in, measured in bytes rather than time.
type cancelReader struct {
	r        io.Reader
	n, limit int
	cancel   context.CancelFunc
}

func (c *cancelReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if c.n += k; c.n > c.limit {
		c.cancel()
	}
	return k, err
}

// TestRecordReaderContextInsideAGame: a context done while one game is read stops
// it soon, whatever the game is made of — the 5M tags, 100 MB comment,
// token and tag value went on for seconds past a 300 ms deadline, as the context
// was looked at only before a move. Here 8 MB of each: the reading stops within
// 256 KB of the cancellation (the reader's buffer and the reader's check every 64
// KB), the game's error is a *RecordError wrapping context.Canceled, Scan stops
// and Err returns the same.
func TestRecordReaderContextInsideAGame(t *testing.T) {
	const size, limit, slack = 8 << 20, 256 << 10, 256 << 10
	repeat := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	var tags strings.Builder
	for i := 0; tags.Len() < size; i++ {
		tags.WriteString("[T" + strconv.Itoa(i) + " \"v\"]\n")
	}
	for _, c := range []struct{ name, text string }{
		{"tags", tags.String() + "\n1. e4 *\n"},
		{"a comment", "[Event \"t\"]\n\n1. e4 {" + repeat("a") + "} *\n"},
		{"a token", "[Event \"t\"]\n\n1. e4 " + repeat("a") + " *\n"},
		{"a tag value", "[Event \"" + repeat("a") + "\"]\n\n1. e4 *\n"},
		{"white space", "[Event \"t\"]\n\n1. e4 " + repeat("\n") + "*\n"},
		{"sibling variations", "[Event \"t\"]\n\n1. e4 " + repeat("(1. d4) ") + "*\n"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cr := &cancelReader{r: strings.NewReader(c.text), limit: limit, cancel: cancel}
		rr := NewRecordReaderContext(ctx, cr, Limits{})
		games := 0
		var last error
		for rr.Scan() {
			games++
			_, last = rr.Record()
		}
		cancel()
		var re *RecordError
		if games != 1 || !errors.As(last, &re) || !errors.Is(last, context.Canceled) {
			t.Errorf("%s: %d games, the last one's error %v; want one game, a *RecordError wrapping context.Canceled", c.name, games, last)
		}
		if !errors.As(rr.Err(), &re) || !errors.Is(rr.Err(), context.Canceled) {
			t.Errorf("%s: Err() = %v", c.name, rr.Err())
		}
		if cr.n > limit+slack {
			t.Errorf("%s: %d bytes read, %d after the context was cancelled", c.name, cr.n, cr.n-limit)
		}
	}
}

// BenchmarkRecordReaderHostile reads the inputs at a tenth of their size:
// 40,000 nested variations (past the limit) and 20,000 comments in a row.
func BenchmarkRecordReaderHostile(b *testing.B) {
	for _, c := range []struct {
		name string
		text string
	}{
		{"nested-40000", nestedRecord(40_000)},
		{"comments-20000", commentRecord(20_000)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for range b.N {
				rr := NewRecordReader(strings.NewReader(c.text))
				for rr.Scan() {
				}
			}
		})
	}
}
