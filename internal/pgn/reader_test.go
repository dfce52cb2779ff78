package pgn

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// events is a Handler that writes down what it is handed, one event a string:
// "[Name=Value@line:col]", "start", "{text}", "e4@line:col", "$n", "(@line:col",
// ")", "end:result@line:col". It fails on the move "BAD" and keeps the depth.
type events struct {
	list  []string
	depth int
	max   int // the deepest nesting seen
}

func (e *events) add(s string)     { e.list = append(e.list, s) }
func at(p Pos) string              { return "@" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column) }
func (e *events) Tag(t Tag)        { e.add("[" + t.Name + "=" + t.Value + at(t.At) + "]") }
func (e *events) Comment(c string) { e.add("{" + c + "}") }
func (e *events) NAG(n int)        { e.add("$" + strconv.Itoa(n)) }
func (e *events) EndVariation()    { e.add(")"); e.depth-- }

func (e *events) StartMovetext() error {
	e.add("start")
	return nil
}

var errBadMove = errors.New("bad move")

func (e *events) Move(text string, p Pos) error {
	e.add(text + at(p))
	if text == "BAD" {
		return errBadMove
	}
	return nil
}

func (e *events) StartVariation(p Pos) error {
	e.add("(" + at(p))
	e.depth++
	e.max = max(e.max, e.depth)
	return nil
}

func (e *events) End(result string, p Pos) error {
	e.add("end:" + result + at(p))
	return nil
}

// readAll reads every game of text and returns each game's events and error.
func readAll(t testing.TB, text string) (games [][]string, errs []error) {
	t.Helper()
	r := NewReader(strings.NewReader(text))
	for r.More() {
		var e events
		err := r.ReadGame(&e)
		games = append(games, e.list)
		errs = append(errs, err)
		if len(games) > len(text)+1 {
			t.Fatalf("more games than characters: the reader does not advance")
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return games, errs
}

// TestReaderSyntax: what the reader hands a game for every form of PGN it reads;
// the syntax tests of both games' records.
func TestReaderSyntax(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string // the games' events, space-separated, one string a game
	}{
		{"tags and moves", "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 *",
			[]string{"[Event=x@1:1] [Site=y@2:1] start e4@4:4 e5@4:7 end:*@4:10"}},
		{"byte-order mark, columns in characters", "\uFEFF{Ŝako} 1. e4 *", []string{"start {Ŝako} e4@1:11 end:*@1:14"}},
		{"CRLF and CR line ends", "1. e4\r\ne5\rNf3 *", []string{"start e4@1:4 e5@2:1 Nf3@3:1 end:*@3:5"}},
		{"escapes in a tag value", `[Event "say \"hi\" \\o/ C:\x"]` + "\n*", []string{`[Event=say "hi" \o/ C:\x@1:1] start end:*@2:1`}},
		{"numbers glued and apart", "1.e4 1...d5 2. Nf3 2... Nc6 3 Bb5 *",
			[]string{"start e4@1:3 d5@1:10 Nf3@1:16 Nc6@1:25 Bb5@1:31 end:*@1:35"}},
		{"dots apart from the number", "1. ... d5 2 ... e5 3 . Nf3 4 ...Nc6 *",
			[]string{"start d5@1:8 e5@1:17 Nf3@1:24 Nc6@1:33 end:*@1:37"}},
		{"dots not after a number are a move", "e4 ... d5 *", []string{"start e4@1:1 ...@1:4 d5@1:8 end:*@1:11"}},
		{"suffixes and NAGs", "e4! d5?! Nf3 !! $14 $0 $255 *", []string{"start e4@1:1 $1 d5@1:5 $6 Nf3@1:10 $3 $14 $0 $255 end:*@1:29"}},
		{"comments of every kind", "{a} e4 {b}\n; c d\n% escaped\ne5 {} *", []string{"start {a} e4@1:5 {b} { c d} e5@4:1 {} end:*@4:7"}},
		{"comments after the result", "e4 1-0 {x} {y}", []string{"start e4@1:1 {x} {y} end:1-0@1:4"}},
		{"comments among tags", "[A \"1\"] {c}\n[B \"2\"] e4 *", []string{"[A=1@1:1] {c} [B=2@2:1] start e4@2:9 end:*@2:12"}},
		{"a comment before the tags is a game", "{c} [A \"1\"] e4 *", []string{"start {c} end:@1:5", "[A=1@1:5] start e4@1:13 end:*@1:16"}},
		{"comments before a repeated tag", "[A \"1\"] {c} [A \"2\"] *", []string{"[A=1@1:1] {c} [A=2@1:13] start end:*@1:21"}},
		// A repeated tag stays in its section, unless an empty line stands before
		// it: then it starts the next game (issue 32).
		{"a repeated tag", "[A \"1\"]\n[B \"2\"]\n[A \"3\"]\n\ne4 *", []string{"[A=1@1:1] [B=2@2:1] [A=3@3:1] start e4@5:1 end:*@5:4"}},
		{"a repeated tag after an empty line", "[A \"1\"]\n[B \"2\"]\n \t\n[A \"3\"]\n\ne4 *", []string{"[A=1@1:1] [B=2@2:1] start end:@4:1", "[A=3@4:1] start e4@6:1 end:*@6:4"}},
		{"a repeated tag after an escape line", "[A \"1\"]\n% x\n[A \"2\"] e4 *", []string{"[A=1@1:1] [A=2@3:1] start e4@3:9 end:*@3:12"}},
		{"a repeated tag after an escape line and an empty line", "[A \"1\"]\n% x\n\n[A \"2\"] e4 *", []string{"[A=1@1:1] start end:@4:1", "[A=2@4:1] start e4@4:9 end:*@4:12"}},
		{"a repeated tag after a comment to the line's end", "[A \"1\"] ; c\n[A \"2\"] e4 *", []string{"[A=1@1:1] { c} [A=2@2:1] start e4@2:9 end:*@2:12"}},
		{"a repeated tag after a comment to the line's end and an empty line", "[A \"1\"] ; c\n\n[A \"2\"] e4 *", []string{"[A=1@1:1] start { c} end:@3:1", "[A=2@3:1] start e4@3:9 end:*@3:12"}},
		{"a repeated tag after a comment over lines", "[A \"1\"] {c\n\nd}\n[A \"2\"] e4 *", []string{"[A=1@1:1] {c\n\nd} [A=2@4:1] start e4@4:9 end:*@4:12"}},
		{"a repeated tag after CR CR", "[A \"1\"]\r\r[A \"2\"] e4 *", []string{"[A=1@1:1] start end:@3:1", "[A=2@3:1] start e4@3:9 end:*@3:12"}},
		{"nested variations", "e4 (d4 d5 (c5)) (c4) e5 *",
			[]string{"start e4@1:1 (@1:4 d4@1:5 d5@1:8 (@1:11 c5@1:12 ) ) (@1:17 c4@1:18 ) e5@1:22 end:*@1:25"}},
		{"a chain split after its commas", "Bxe4, Ne4xc3,\nQc3xc6 *", []string{"start Bxe4,Ne4xc3,Qc3xc6@1:1 end:*@2:8"}},
		{"no result", "e4 e5", []string{"start e4@1:1 e5@1:4 end:@1:6"}},
		// VT and FF are white space within movetext as between tokens: the
		// skipping reader took "\f*" for one symbol and read on past the result
		// (found by CI's fuzzing of FuzzSkipGame).
		{"vertical tab and form feed", "e4\fe5\v*", []string{"start e4@1:1 e5@1:4 end:*@1:7"}},
		{"games without blank lines", "e4 *\n[E \"2\"]\nd4 *", []string{"start e4@1:1 end:*@1:4", "[E=2@2:1] start d4@3:1 end:*@3:4"}},
		{"a game of tags only", "[E \"1\"]\n\n[E \"2\"]\n\ne4 *", []string{"[E=1@1:1] start end:@3:1", "[E=2@3:1] start e4@5:1 end:*@5:4"}},
		{"white space of other scripts", "e4\u00a0e5\u3000Nf3 *", []string{"start e4@1:1 e5@1:4 Nf3@1:7 end:*@1:11"}},
	} {
		games, errs := readAll(t, c.text)
		var got []string
		for i, g := range games {
			if errs[i] != nil {
				t.Errorf("%s: game %d: %v", c.name, i+1, errs[i])
			}
			got = append(got, strings.Join(g, " "))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestReaderErrors: text that is not PGN is a *SyntaxError at the token at fault,
// saying what would be right; the rest of the game is skipped and the next read.
func TestReaderErrors(t *testing.T) {
	for _, c := range []struct {
		name, text  string
		line, col   int
		input, why  string
		nextGameEvs string // the events of the game after the bad one ("" if none)
	}{
		{"a tag without quotes", "[Event x]\n[Site \"s\"]\n1. e4 *\n[E \"n\"] d4 *", 1, 8, "x", "quoted string", "[E=n@4:1] start d4@4:9 end:*@4:12"},
		{"a tag without a name", "[\"x\"]\n*\n[E \"n\"] d4 *", 1, 2, "x", "want a tag name", "[E=n@3:1] start d4@3:9 end:*@3:12"},
		{"a tag pair without ]", "[Event \"x\" [Site \"y\"]\n*\n[E \"n\"] *", 1, 12, "[", "want ] to close", "[E=n@3:1] start end:*@3:9"},
		{"an unclosed string", "[Event \"x]\n1. e4 *\n[E \"n\"] *", 1, 8, "\"x]", "not closed on its line", "[E=n@3:1] start end:*@3:9"},
		// A value broken by a line end (CR or LF): the tags after its rest are
		// still the bad game's, not a game of their own.
		{"a tag value broken by CR", "[Event \"A\"]\n[White \"Ada\rjunk\"]\n[Black \"Bo\"]\n\n1. e4 e5 *\n[E \"n\"] *", 2, 8, "\"Ada", "not closed on its line", "[E=n@7:1] start end:*@7:9"},
		{"a tag value broken by LF", "[Event \"A\"]\n[White \"Ada\njunk\"]\n[Black \"Bo\"]\n\n1. e4 e5 *\n[E \"n\"] *", 2, 8, "\"Ada", "not closed on its line", "[E=n@7:1] start end:*@7:9"},
		{"a broken tag value, then a game without result", "[Event \"A\"]\n[White \"x\ny\"]\n\n1. e4\n\n[Site \"s\"]\n*", 2, 8, "\"x", "not closed on its line", "[Site=s@7:1] start end:*@8:1"},
		{"a broken tag value, then a game with the same tags", "[Event \"A\"]\n[White \"x\ny\"]\ne4\n\n[Event \"B\"]\n*", 2, 8, "\"x", "not closed on its line", "[Event=B@6:1] start end:*@7:1"},
		{"an unclosed comment", "e4 {never\n\nd5 *\n[E \"n\"] *", 1, 4, "{never\n\nd5 *\n[E \"n\"] *", "comment { is not closed", ""},
		{"an unclosed variation", "e4 (d4 d5 *\nd4 *", 1, 4, "(", "not closed: want ) before the result *", "start d4@2:1 end:*@2:4"},
		{"an unclosed variation at the end", "e4 (d4 (d5)", 1, 4, "(", "before the end of the input", ""},
		{"a ) alone", "e4 ) d5 *\nd4 *", 1, 4, ")", "a ) without its (", "start d4@2:1 end:*@2:4"},
		{"a variation before any move", "(e4) *", 1, 1, "(", "follows the move it is an alternative to", ""},
		{"a NAG before any move", "$1 e4 *", 1, 1, "$1", "follows the move it is about", ""},
		{"a NAG before a variation's first move", "e4 ($1 d4) *", 1, 5, "$1", "follows the move it is about", ""},
		{"a NAG out of range", "e4 $256 *", 1, 4, "$256", "0..255", ""},
		{"a $ alone", "e4 $ *", 1, 4, "$", "0..255", ""},
		{"a suffix of three", "e4 !?! *", 1, 4, "!?!", "one of the suffixes", ""},
		{"a string in the movetext", "e4 \"x\" *", 1, 4, "x", "want a move, a move number, a comment, a NAG, a variation or the result", ""},
		{"a ] in a variation", "e4 (d4 ]) *", 1, 8, "]", "a variation or )", ""},
	} {
		r := NewReader(strings.NewReader(c.text))
		var e events
		err := r.ReadGame(&e)
		var se *SyntaxError
		if !errors.As(err, &se) || se.At != (Pos{c.line, c.col}) || se.Input != c.input || !strings.Contains(se.Reason, c.why) {
			t.Errorf("%s: %v (%+v); want a *SyntaxError at %d:%d on %q: %q", c.name, err, se, c.line, c.col, c.input, c.why)
			continue
		}
		if msg := se.Error(); !strings.HasPrefix(msg, fmt.Sprintf("pgn: line %d, column %d: ", c.line, c.col)) {
			t.Errorf("%s: message %q", c.name, msg)
		}
		var next []string
		if r.More() {
			var n events
			if err := r.ReadGame(&n); err != nil {
				t.Errorf("%s: the next game: %v", c.name, err)
			}
			next = n.list
		}
		if got := strings.Join(next, " "); got != c.nextGameEvs {
			t.Errorf("%s: the next game read as %q, want %q", c.name, got, c.nextGameEvs)
		}
	}
	// The handler's error ends the game: it is returned as it is, the rest skipped.
	r := NewReader(strings.NewReader("e4 BAD (d4) e5 1-0 {after}\nd4 *"))
	var e events
	if err := r.ReadGame(&e); err != errBadMove {
		t.Errorf("the handler's error came back as %v", err)
	}
	var n events
	if err := r.ReadGame(&n); err != nil || strings.Join(n.list, " ") != "start d4@2:1 end:*@2:4" {
		t.Errorf("after the handler's error: %v, %q", err, n.list)
	}
}

// TestReaderDepth: variations nest up to MaxDepth; one deeper is a *SyntaxError at
// its "(", and the rest of the game is skipped in linear time.
func TestReaderDepth(t *testing.T) {
	nest := func(n int) string {
		return "e4 " + strings.Repeat("(d4 ", n) + strings.Repeat(")", n) + " e5 *\nc4 *"
	}
	games, errs := readAll(t, nest(MaxDepth))
	if len(games) != 2 || errs[0] != nil || errs[1] != nil {
		t.Fatalf("MaxDepth levels: %d games, %v", len(games), errs)
	}
	r := NewReader(strings.NewReader(nest(MaxDepth)))
	var e events
	if err := r.ReadGame(&e); err != nil || e.max != MaxDepth || e.depth != 0 {
		t.Errorf("MaxDepth levels: %v, deepest %d, left open %d", err, e.max, e.depth)
	}
	games, errs = readAll(t, nest(5*MaxDepth))
	var se *SyntaxError
	if len(games) != 2 || !errors.As(errs[0], &se) || se.At != (Pos{1, 4 + 4*MaxDepth}) || !strings.Contains(se.Reason, "nested more than 10000 deep") || errs[1] != nil {
		t.Errorf("5×MaxDepth levels: %d games, %v", len(games), errs)
	}
}

// TestReaderVariationSize: a game's variations hold up to MaxVariationSize
// half-moves and variations together; one more is a *SyntaxError at the move or
// "(" past the limit, the rest of the game is skipped and the next one read.
func TestReaderVariationSize(t *testing.T) {
	siblings := func(n int) string { return "e4 " + strings.Repeat("(d4) ", n) + "e5 *\nc4 *" }
	games, errs := readAll(t, siblings(MaxVariationSize/2))
	if len(games) != 2 || errs[0] != nil || errs[1] != nil {
		t.Fatalf("%d variations of a half-move each: %d games, %v", MaxVariationSize/2, len(games), errs)
	}
	for _, c := range []struct {
		name string
		text string
		col  int // where the error stands, on line 1
	}{
		// The limit's variation and move are the last in; the next "(" is out.
		{"variations", siblings(MaxVariationSize/2 + 1), 4 + 5*(MaxVariationSize/2)},
		// 1 variation and 99,999 half-moves (d4 and 99,998 d5): the next d5 is out.
		{"half-moves", "e4 (d4" + strings.Repeat(" d5", MaxVariationSize) + ") *\nc4 *", 8 + 3*(MaxVariationSize-2)},
		{"empty variations", "e4 " + strings.Repeat("() ", MaxVariationSize+1) + "*\nc4 *", 4 + 3*MaxVariationSize},
	} {
		games, errs := readAll(t, c.text)
		var se *SyntaxError
		if len(games) != 2 || !errors.As(errs[0], &se) || se.At != (Pos{1, c.col}) ||
			!strings.Contains(se.Reason, "more than 100000 half-moves and variations") || errs[1] != nil ||
			strings.Join(games[1], " ") != "start c4@2:1 end:*@2:4" {
			t.Errorf("%s past the limit: %d games, %v (%+v); want an error at 1:%d", c.name, len(games), errs, se, c.col)
		}
	}
}

// TestTextJoins: comments about one place are joined as the readers always did:
// white space runs as one space, comments in a row by a space, empty ones dropped.
func TestTextJoins(t *testing.T) {
	var x Text
	for _, c := range []string{"", "  a  b\t\nc ", "", " \u00a0 ", "d", "\u3000e\u2028f\u0085"} {
		x.Add(c)
	}
	if got := x.String(); got != "a b c d e f" || x.Len() != len(got) {
		t.Errorf("joined %q", got)
	}
	x.Reset()
	x.Add("\x1b[31m x")
	if got := x.String(); got != "\x1b[31m x" {
		t.Errorf("after Reset: %q (a reader keeps what it read; writers clean it)", got)
	}
}

// TestReaderWideEncodings: input saved as UTF-16 or UTF-32 (a byte-order mark FF
// FE, FE FF, FF FE 00 00, 00 00 FE FF) is no game, only an error naming the
// encoding; read as UTF-8 it used to be a bogus first move and a game of NUL
// bytes. A UTF-8 mark is still skipped.
func TestReaderWideEncodings(t *testing.T) {
	utf16le := "\xff\xfe" + strings.Join(strings.Split("[Event \"t\"]\n\n1. e4 *\n", ""), "\x00") + "\x00"
	for _, c := range []struct{ name, text, enc, mark string }{
		{"UTF-16 LE", utf16le, "UTF-16 (little-endian)", "FF FE"},
		{"UTF-16 BE", "\xfe\xff\x00[\x00E", "UTF-16 (big-endian)", "FE FF"},
		{"UTF-32 LE", "\xff\xfe\x00\x00[\x00\x00\x00", "UTF-32 (little-endian)", "FF FE 00 00"},
		{"UTF-32 BE", "\x00\x00\xfe\xff\x00\x00\x00[", "UTF-32 (big-endian)", "00 00 FE FF"},
		{"a mark alone", "\xff\xfe", "UTF-16 (little-endian)", "FF FE"},
	} {
		r := NewReader(strings.NewReader(c.text))
		var se *SyntaxError
		if r.More() || !errors.As(r.Err(), &se) || se.At != (Pos{1, 1}) ||
			!strings.Contains(se.Reason, c.enc) || !strings.Contains(se.Reason, c.mark) || !strings.Contains(se.Reason, "UTF-8") {
			t.Errorf("%s: More %v, Err %v; want no game and an error naming %s (%s)", c.name, r.More(), r.Err(), c.enc, c.mark)
		}
	}
	games, _ := readAll(t, "\uFEFF1. e4 *")
	if len(games) != 1 || strings.Join(games[0], " ") != "start e4@1:4 end:*@1:7" {
		t.Errorf("UTF-8 with a mark: %q", games)
	}
}

// endFails is events whose End fails, as a game's End fails for a result its
// moves or tags contradict.
type endFails struct{ events }

var errEnd = errors.New("the result is wrong")

func (e *endFails) End(result string, p Pos) error {
	e.events.End(result, p)
	return errEnd
}

// TestReaderEndError: an error of End, the game read to its end, skips nothing
// more: a game without tags right after it is a game of its own (it was
// skipped as the rest of the bad game), as after a game without errors — and as
// the Splitter, which knows nothing of results, splits the stream.
func TestReaderEndError(t *testing.T) {
	r := NewReader(strings.NewReader("[Result \"1-0\"]\n\n1. e4 0-1 {after}\n\n1. d4 *\n"))
	var bad endFails
	if err := r.ReadGame(&bad); err != errEnd || strings.Join(bad.list, " ") != "[Result=1-0@1:1] start e4@3:4 {after} end:0-1@3:7" {
		t.Fatalf("the bad game: %v %q", err, bad.list)
	}
	var next events
	if err := r.ReadGame(&next); err != nil || strings.Join(next.list, " ") != "start d4@5:4 end:*@5:7" || r.More() {
		t.Errorf("the game after it: %v %q", err, next.list)
	}
}
