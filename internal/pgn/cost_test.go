package pgn

import (
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako/internal/testkit"
)

// joiner is a Handler as a game's is, minus the moves: it joins the comments of
// each place with a Text and keeps the NAGs.
type joiner struct {
	places []Text // per open line, its current place's comments
	kept   int    // bytes of comments kept
	nags   []int
}

func (j *joiner) Tag(Tag)              {}
func (j *joiner) StartMovetext() error { j.places = append(j.places[:0], Text{}); return nil }
func (j *joiner) Comment(c string) {
	if len(j.places) == 0 {
		j.places = append(j.places, Text{})
	}
	j.places[len(j.places)-1].Add(c)
}
func (j *joiner) flush() {
	p := &j.places[len(j.places)-1]
	j.kept += len(p.String())
	p.Reset()
}
func (j *joiner) Move(string, Pos) error { j.flush(); return nil }
func (j *joiner) NAG(n int)              { j.nags = append(j.nags, n) }
func (j *joiner) StartVariation(Pos) error {
	j.places = append(j.places, Text{})
	return nil
}
func (j *joiner) EndVariation() { j.flush(); j.places = j.places[:len(j.places)-1] }
func (j *joiner) End(string, Pos) error {
	j.flush()
	return nil
}

// readCount reads every game of text with a joiner and returns how many games
// and errors there were, and how many steps the reader took (looks at a token).
func readCount(text string) (games, errs, steps int) {
	r := NewReader(strings.NewReader(text))
	for r.More() {
		games++
		if r.ReadGame(&joiner{}) != nil {
			errs++
		}
	}
	return games, errs, r.lx.peeks
}

// allocBytes returns the bytes f allocates, the least of three runs.
func allocBytes(f func()) uint64 { return testkit.Allocated(f) }

// shapes are the inputs hostile to a reader that is not linear, each as a
// function of its size n: long runs of one thing.
var shapes = []struct {
	name string
	n    int
	text func(n int) string
}{
	{"comments in a row", 20000, func(n int) string { return "e4 " + strings.Repeat("{aaaaaaaaaa} ", n) + "d5 *" }},
	{"comments between NAGs", 20000, func(n int) string { return "e4 " + strings.Repeat("$1 {aaaaaaaaaa} ", n) + "d5 *" }},
	{"comments in a variation", 20000, func(n int) string { return "e4 (d4 " + strings.Repeat("{a} (c4) ", n) + ") *" }},
	{"comments among tags", 20000, func(n int) string { return "[A \"1\"]\n" + strings.Repeat("{c} ", n) + "\n[B \"2\"]\n*" }},
	{"comments after the tags", 20000, func(n int) string { return "[A \"1\"]\n" + strings.Repeat("{c} ", n) + "\ne4 *" }},
	{"comments after the result", 20000, func(n int) string { return "e4 * " + strings.Repeat("{c} ", n) }},
	{"NAGs", 20000, func(n int) string { return "e4 " + strings.Repeat("$1 ", n) + "*" }},
	{"games", 5000, func(n int) string { return strings.Repeat("[Event \"x\"]\n\n1. e4 {c} e5 *\n\n", n) }},
	{"tags", 5000, func(n int) string {
		var sb strings.Builder
		for i := range n {
			sb.WriteString("[T" + strconv.Itoa(i) + " \"v\"]\n")
		}
		return sb.String() + "*"
	}},
	{"a long comment", 200000, func(n int) string { return "e4 {" + strings.Repeat("a", n) + "} *" }},
	{"a long unclosed comment", 200000, func(n int) string { return "e4 {" + strings.Repeat("a ", n) }},
	{"a long symbol", 200000, func(n int) string { return strings.Repeat("a", n) + " *" }},
	{"a long tag value", 200000, func(n int) string { return "[A \"" + strings.Repeat("\\\"", n) + "\"] *" }},
	{"a chain split after its commas", 20000, func(n int) string { return strings.Repeat("Nc3, ", n) + "Nd5 *" }},
	{"a long line of moves", 20000, func(n int) string { return "1. " + strings.Repeat("e4 ", n) + "*" }},
	{"nested variations", 4000, func(n int) string { return "e4 " + strings.Repeat("(d4 ", n) + strings.Repeat(")", n) + " *" }},
	{"nested beyond the limit", 20000, func(n int) string {
		return "e4 " + strings.Repeat("(d4 ", MaxDepth+n) + strings.Repeat(")", MaxDepth+n) + " *\nc4 *"
	}},
	{"sibling variations", 20000, func(n int) string { return "e4 " + strings.Repeat("(d4) ", n) + "*" }},
	{"escape lines", 20000, func(n int) string { return strings.Repeat("% x\n", n) + "e4 *" }},
}

// TestReaderLinear: reading each shape of size 2n takes about twice the steps
// (looks at a token) and allocates about twice the bytes that size n does (a
// quadratic join, as the comments' was, allocates four times; a look-ahead over
// the same comments again and again, as among the tags, takes four times the
// steps).
func TestReaderLinear(t *testing.T) {
	for _, s := range shapes {
		small, large := s.text(s.n), s.text(2*s.n)
		g1, e1, s1 := readCount(small)
		g2, e2, s2 := readCount(large)
		if s.name == "games" {
			g1 *= 2
		}
		if g1 != g2 || e1 != e2 {
			t.Errorf("%s: %d games (%d errors) at n, %d (%d) at 2n", s.name, g1, e1, g2, e2)
		}
		if ratio := float64(s2) / float64(s1); ratio > 2.2 {
			t.Errorf("%s: %d steps at n = %d, %d at 2n: %.2f×, not linear", s.name, s1, s.n, s2, ratio)
		}
		a := allocBytes(func() { readCount(small) })
		b := allocBytes(func() { readCount(large) })
		if ratio := float64(b) / float64(a); ratio > 2.6 {
			t.Errorf("%s: %d bytes allocated at n = %d, %d at 2n: %.2f×, not linear", s.name, a, s.n, b, ratio)
		} else {
			t.Logf("%s: n = %d: %d bytes allocated for %d bytes of input, 2n: %.2f×", s.name, s.n, a, len(small), ratio)
		}
	}
}

// TestSkipLinear: reading only the tags of each shape (SkipGame) takes about
// twice the steps and allocates about twice the bytes at 2n as at n, and finds
// the games ReadGame finds.
func TestSkipLinear(t *testing.T) {
	count := func(text string) (games, steps int) {
		r := NewReader(strings.NewReader(text))
		for r.More() {
			games++
			r.SkipGame(&tagsOnly{})
		}
		return games, r.lx.peeks
	}
	for _, s := range shapes {
		small, large := s.text(s.n), s.text(2*s.n)
		g1, s1 := count(small)
		g2, s2 := count(large)
		if s.name == "games" {
			g1 *= 2
		}
		if full, _, _ := readCount(large); g1 != g2 || g2 != full {
			t.Errorf("%s: %d games at n, %d at 2n, %d read whole at 2n", s.name, g1, g2, full)
		}
		if ratio := float64(s2) / float64(s1); ratio > 2.2 {
			t.Errorf("%s: %d steps at n = %d, %d at 2n: %.2f×, not linear", s.name, s1, s.n, s2, ratio)
		}
		a := allocBytes(func() { count(small) })
		b := allocBytes(func() { count(large) })
		if ratio := float64(b) / float64(a); ratio > 2.6 {
			t.Errorf("%s: %d bytes allocated at n = %d, %d at 2n: %.2f×, not linear", s.name, a, s.n, b, ratio)
		}
	}
}

// TestWriterLinear: writing a comment with a run of words after "[%" that never
// closes, and a long line of moves, allocates about twice as much at 2n as at n.
func TestWriterLinear(t *testing.T) {
	write := func(n int) func() {
		comment := "[%clk" + strings.Repeat(" a", n)
		return func() {
			w := NewWriter(io.Discard)
			w.StartMovetext()
			w.Comment(comment)
			for i := range n {
				w.Move("e4", i%2 == 0)
			}
			w.Result("*")
		}
	}
	a, b := allocBytes(write(20000)), allocBytes(write(40000))
	if ratio := float64(b) / float64(a); ratio > 2.6 {
		t.Errorf("writing: %d bytes allocated at n, %d at 2n: %.2f×, not linear", a, b, ratio)
	}
}

// BenchmarkReaderShapes reads each shape at its size n; MB/s is input read.
func BenchmarkReaderShapes(b *testing.B) {
	for _, s := range shapes {
		text := s.text(s.n)
		b.Run(strings.ReplaceAll(s.name, " ", "-"), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for range b.N {
				readCount(text)
			}
		})
	}
}

// TestSplitterLinear: splitting each shape into its games' texts (Splitter)
// takes about twice the steps and allocates about twice the bytes at 2n as at
// n, finds the games ReadGame finds, and its texts joined are the input from
// the first game's first token on.
func TestSplitterLinear(t *testing.T) {
	split := func(text string) (games, steps int, joined string) {
		s := NewSplitter(context.Background(), strings.NewReader(text))
		var sb strings.Builder
		for s.Scan() {
			games++
			sb.Write(s.Text())
		}
		return games, s.pr.lx.peeks, sb.String()
	}
	for _, s := range shapes {
		small, large := s.text(s.n), s.text(2*s.n)
		g1, s1, _ := split(small)
		g2, s2, joined := split(large)
		if s.name == "games" {
			g1 *= 2
		}
		if full, _, _ := readCount(large); g1 != g2 || g2 != full {
			t.Errorf("%s: %d games at n, %d at 2n, %d read whole at 2n", s.name, g1, g2, full)
		}
		if !strings.HasSuffix(large, joined) || g2 > 0 && joined == "" {
			t.Errorf("%s: the texts joined are %d bytes, not the end of the input's %d", s.name, len(joined), len(large))
		}
		if ratio := float64(s2) / float64(s1); ratio > 2.2 {
			t.Errorf("%s: %d steps at n = %d, %d at 2n: %.2f×, not linear", s.name, s1, s.n, s2, ratio)
		}
		a := allocBytes(func() { split(small) })
		b := allocBytes(func() { split(large) })
		if ratio := float64(b) / float64(a); ratio > 2.6 {
			t.Errorf("%s: %d bytes allocated at n = %d, %d at 2n: %.2f×, not linear", s.name, a, s.n, b, ratio)
		}
	}
}
