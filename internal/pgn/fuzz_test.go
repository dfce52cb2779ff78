package pgn

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// normal is a game as a list of items that reading it back must give again: tag
// pairs with their values as the writer cleans them, the moves' texts, NAGs,
// variations, the result, and the comments of each place joined, cleaned and
// without white space (the writer may glue a lone parenthesis to its neighbour);
// positions left out.
type normal struct {
	items    []string
	places   []Text // per open line, its current place's comments
	writable bool   // every move text is one the writer writes back as it is
}

func (n *normal) add(s string) { n.items = append(n.items, s) }

func (n *normal) flush() {
	p := &n.places[len(n.places)-1]
	if words := commentWords(p.String()); len(words) > 0 {
		n.add("{" + strings.Join(words, "") + "}")
	}
	p.Reset()
}

func (n *normal) Tag(t Tag) {
	n.add("[" + t.Name + " " + strings.Map(func(c rune) rune {
		if IsControl(c) {
			return ' '
		}
		return c
	}, t.Value) + "]")
}
func (n *normal) StartMovetext() error { return nil }
func (n *normal) Comment(c string)     { n.places[len(n.places)-1].Add(c) }
func (n *normal) Move(text string, _ Pos) error {
	// A text that the writer's output would read differently: one that ends in a
	// comma (the next move would join it), starts with '%' (at the start of a
	// line, an escape), or is not one symbol after a move number ("0", ".e4").
	if strings.HasSuffix(text, ",") || strings.HasPrefix(text, "%") || !lexesAsMove(text) {
		n.writable = false
	}
	n.flush()
	n.add(text)
	return nil
}
func (n *normal) NAG(v int) { n.add("$" + strconv.Itoa(v)) }
func (n *normal) StartVariation(Pos) error {
	n.add("(")
	n.places = append(n.places, Text{})
	return nil
}
func (n *normal) EndVariation() {
	n.flush()
	n.places = n.places[:len(n.places)-1]
	n.add(")")
}
func (n *normal) End(result string, _ Pos) error {
	n.flush()
	if result == "" {
		result = "*" // the writer writes the end of the game as "*"
	}
	n.add(result)
	return nil
}

// lexesAsMove reports whether text after a move number is read as one symbol, the
// text itself.
func lexesAsMove(text string) bool {
	var lx lexer
	lx.init(strings.NewReader("1. " + text))
	a, b, c := lx.next(), lx.next(), lx.next()
	return a.kind == tokMoveNumber && b.kind == tokSymbol && b.text == text && c.kind == tokEOF
}

// write writes a game's items with a Writer.
func write(items []string) string {
	var sb strings.Builder
	w := NewWriter(&sb)
	moves := []int{0} // per open line, its moves so far
	started := false
	for _, it := range items {
		if !started && !strings.HasPrefix(it, "[") {
			w.StartMovetext()
			started = true
		}
		switch {
		case strings.HasPrefix(it, "["):
			name, value, _ := strings.Cut(it[1:len(it)-1], " ")
			w.Tag(name, value)
		case strings.HasPrefix(it, "{"):
			w.Comment(it[1 : len(it)-1])
		case strings.HasPrefix(it, "$"):
			v, _ := strconv.Atoi(it[1:])
			w.NAG(v)
		case it == "(":
			w.StartVariation()
			moves = append(moves, moves[len(moves)-1]-1)
		case it == ")":
			w.EndVariation()
			moves = moves[:len(moves)-1]
		case it == "1-0" || it == "0-1" || it == "1/2-1/2" || it == "*":
			w.Result(it)
		default:
			w.Move(it, moves[len(moves)-1]%2 == 0)
			moves[len(moves)-1]++
		}
	}
	return sb.String()
}

// checkReader reads every game of text and checks what the Reader promises: no
// panic, every error a *SyntaxError at a place in the input, every game's
// variations closed when it is read to its end, the reading advancing; and that
// a game read to its end, written by a Writer, reads back to the same items.
func checkReader(t *testing.T, text string) {
	r := NewReader(strings.NewReader(text))
	lines := strings.Count(text, "\n") + strings.Count(text, "\r") + 1
	for games := 0; r.More(); games++ {
		if games > len(text) {
			t.Fatalf("more games than bytes: the reader does not advance")
		}
		n := &normal{places: []Text{{}}, writable: true}
		err := r.ReadGame(n)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.At.Line < 1 || se.At.Line > lines || se.At.Column < 1 || se.Reason == "" {
				t.Fatalf("error %v (%+v) is not a located *SyntaxError", err, se)
			}
			continue
		}
		if len(n.places) != 1 {
			t.Fatalf("a game read to its end left %d variations open", len(n.places)-1)
		}
		if !n.writable {
			continue
		}
		written := write(n.items)
		back := NewReader(strings.NewReader(written))
		m := &normal{places: []Text{{}}, writable: true}
		if err := back.ReadGame(m); err != nil || back.More() {
			t.Fatalf("written game does not read back as one game (%v):\n%s", err, written)
		}
		if a, b := strings.Join(n.items, " "), strings.Join(m.items, " "); a != b {
			t.Fatalf("written game reads back differently:\n%s\nread as %q\nwas     %q", written, b, a)
		}
	}
}

// FuzzReader: the Reader never panics, fails only with located *SyntaxErrors,
// and what it reads, written by the Writer, reads back the same.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 2. Nf3 {c} (2. d4 $1 (2. c4)) 2... Nc6 *\n",
		"\uFEFF{a} 1.e4 1...d5 2 . Nf3 2 ... Nc6 ; rest\n% escape\n1-0 {after}\n\n[E \"2\"]\n*",
		"[A \"1\"] {c} [B \"2\"] {d} [A \"3\"] e4! d5?! Bxe4, Ne4xc3,\nQc3xc6 $14 1/2-1/2",
		"e4 (d4 (c4 (b4 (a4)))) {x}} ) $256 [\"",
		"[Event \"a\\\"b\\\\c\\x\"] \"unclosed\n{unclosed",
		"e4 ... d5 0-0 0-0-0 e8=Q+ *",
		"1. e4 d5 2. e5 f5 3. exf6 e.p. exf6e.p. 4. c8q *",
		"\xff\xfe[\x00E\x00 \x00\"\x00x\x00\"\x00]\x00",
		"\xfe\xff\x00e\x004",
	} {
		f.Add(s)
	}
	f.Fuzz(checkReader)
}

// FuzzReaderShapes: the same for inputs built from a few short parts, so that the
// fuzzer reaches deep nesting, long runs of comments, NAGs, tags or games from
// small seeds: head, then open n times, close n times, and tail (n up to a little
// over MaxDepth, the input up to 256 KB).
func FuzzReaderShapes(f *testing.F) {
	f.Add("e4 ", "(d4 ", ")", " e5 *", uint16(MaxDepth+1))
	f.Add("e4 ", "(d4 ", ")", " e5 *\nc4 *", uint16(3000))
	f.Add("e4 ", "{aaaaaaaaaa} ", "", "d5 *", uint16(5000))
	f.Add("e4 ", "$1 {a} ", "", "*", uint16(5000))
	f.Add("", "[Event \"x\"]\n1. e4 *\n", "", "", uint16(3000))
	f.Add("[A \"1\"]\n", "{c} ", "", "[B \"2\"] *", uint16(5000))
	f.Add("1. ", "Nc3, ", "", "d5 *", uint16(3000))
	f.Add("e4 ", "(d4) ", "", "*", uint16(3000))
	f.Add("e4 {", "a ", "", "", uint16(5000))
	f.Fuzz(func(t *testing.T, head, open, close, tail string, n uint16) {
		k := int(n) % (MaxDepth + 2)
		if per := len(open) + len(close); per > 0 {
			k = min(k, (256<<10)/per)
		}
		checkReader(t, head+strings.Repeat(open, k)+strings.Repeat(close, k)+tail)
	})
}

// shortReads delivers at most 3 bytes a read, so that tokens straddle the
// lexer's window.
type shortReads struct{ r io.Reader }

func (s shortReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), 3)]) }

// tagsOnly keeps the tags a Reader hands over, as events writes them.
type tagsOnly struct{ list []string }

func (c *tagsOnly) Tag(t Tag)      { c.list = append(c.list, "["+t.Name+"="+t.Value+at(t.At)+"]") }
func (c *tagsOnly) Comment(string) {}

// checkSkip reads text game by game with ReadGame and with SkipGame (whole and
// a few bytes a read) and checks that skipping the movetext finds the same
// games: the same tags, the same next token at the same place after each game,
// and the same errors of tag sections.
func checkSkip(t *testing.T, text string) {
	for _, src := range []io.Reader{strings.NewReader(text), shortReads{strings.NewReader(text)}} {
		full := NewReader(strings.NewReader(text))
		skip := NewReader(src)
		for games := 0; ; games++ {
			if games > len(text)+1 {
				t.Fatalf("more games than bytes")
			}
			if fm, sm := full.More(), skip.More(); fm != sm {
				t.Fatalf("game %d: More() %v reading it whole, %v skipping movetext", games+1, fm, sm)
			} else if !fm {
				break
			}
			var e events
			ferr := full.ReadGame(&e)
			var c tagsOnly
			serr := skip.SkipGame(&c)
			var tags []string
			for _, ev := range e.list {
				if strings.HasPrefix(ev, "[") {
					tags = append(tags, ev)
				}
			}
			ft, fp := full.Next()
			st, sp := skip.Next()
			if !slices.Equal(tags, c.list) || ft != st || fp != sp {
				t.Fatalf("game %d: tags %q, then %q at %v reading it whole; %q, then %q at %v skipping movetext", games+1, tags, ft, fp, c.list, st, sp)
			}
			if serr != nil && (ferr == nil || ferr.Error() != serr.Error()) {
				t.Fatalf("game %d: skipping movetext: %v; reading it whole: %v", games+1, serr, ferr)
			}
		}
		if fe, se := full.Err(), skip.Err(); (fe == nil) != (se == nil) {
			t.Fatalf("Err() %v reading whole games, %v skipping movetext", fe, se)
		}
	}
}

// FuzzSkipGame: SkipGame ends every game where ReadGame ends it.
func FuzzSkipGame(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 2. Nf3 {c [x] 1-0} (2. d4 $1 (2. c4)) 2... Nc6 *\n[E \"2\"] e4 1-0 {a} ; b\n{c} [E \"3\"]",
		"\uFEFF{a} 1.e4 1...d5 2 . Nf3 ; [rest\n% escape [\n1-0 {after}\n\n[E \"2\"]\n*",
		"[A \"1\"] {c} [B \"2\"] {d} [A \"3\"] e4! \"a [b\" \"c\\\"[d\" \"e\nf\" 1/2-1/2 [C \"4\"]",
		"e4 (d4 1-0) e5 {unclosed [A \"1\"]",
		"e4\u00a01-0\u3000[A \"1\"] 0-1x * *\r\n%x\r\n[B \"2\"]\r[C \"3\"] 1.* *",
		"[Event \"a\\\"b\"] e4 $12[A \"1\"] ]( ) } ; x\r[B \"2\"] 1-0e",
		"\xff\xfe[\x00E\x00",
		"[A \"1\"]\n[B \"2\"]\n[A \"3\"]\n\n[B \"4\"]\n \n[B \"5\"] ; x\n\n[B \"6\"]\n%e\n[B \"7\"] e4 *",
		"[A \"1\"\n[A \"2\"]\n\n[A \"3\"] 1. e4 *\n[A \"4\"] [A x] \r\r[A \"5\"]",
		"e4\v\fe5 \f*\"a\" [A \"1\"] *", // VT and FF between tokens
	} {
		f.Add(s)
	}
	f.Fuzz(checkSkip)
}

// FuzzShortcuts: the reader's fast paths (a tag pair of the usual shape read at
// once, a run of plain movetext skipped at once) read every input as the token
// by token reading does: the same events with their places, the same errors,
// the same games skipped.
func FuzzShortcuts(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n[Site  \"y\" ]\n\t[Date \"z\"]\n[Event \"next\"]\n1. e4 e5 *\n\n[A_1 \"v\"][B \"w\"]e4 1-0",
		"[1x \"v\"] [a \"\\\"\"] [b \"é\"] [c \"d\"\n{c}\n[c \"e\"] % x\n[d \"f\"] *",
		"[A \"1\"] e4 e5 Nf3 1-0x 1-0 {a} [B \"2\"]\n%e\n1.e4 0-1",
		"[A \"1\"]\n[A \"2\"]\n\n[A \"3\"]\n\t \n[A \"4\"] ; c\n[A \"5\"] ; d\n\n[A \"6\"]\n%e\n\n[A \"7\"] *",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		read := func() (out []string) {
			r := NewReader(strings.NewReader(text))
			for games := 0; r.More() && games <= len(text); games++ {
				var e events
				err := r.ReadGame(&e)
				out = append(out, strings.Join(e.list, " "), fmt.Sprint(err))
			}
			return out
		}
		skip := func() (out []string) {
			r := NewReader(strings.NewReader(text))
			for games := 0; r.More() && games <= len(text); games++ {
				var c tagsOnly
				err := r.SkipGame(&c)
				next, at := r.Next()
				out = append(out, strings.Join(c.list, " "), fmt.Sprint(err), next, fmt.Sprint(at))
			}
			return out
		}
		fast, fastSkip := read(), skip()
		shortcuts = false
		slow, slowSkip := read(), skip()
		shortcuts = true
		if !slices.Equal(fast, slow) {
			t.Fatalf("read with the shortcuts %q\nwithout %q", fast, slow)
		}
		if !slices.Equal(fastSkip, slowSkip) {
			t.Fatalf("skipped with the shortcuts %q\nwithout %q", fastSkip, slowSkip)
		}
	})
}
