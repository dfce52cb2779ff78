package pgn

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestWriterExportForm: tags, move numbers (White's, Black's after a comment, a
// variation or at the start of a line), NAGs, comments and variations.
func TestWriterExportForm(t *testing.T) {
	var sb strings.Builder
	w := NewWriter(&sb)
	w.Tag("Event", `a "quoted" \ name`)
	w.Tag("Site", "?")
	w.StartMovetext()
	w.Comment("  before  ")
	w.Move("e4", true)
	w.NAG(1)
	w.Move("e5", false)
	w.StartVariation()
	w.Comment("instead")
	w.Move("c5", false)
	w.Move("Nf3", true)
	w.StartVariation()
	w.Move("c3", true)
	w.EndVariation()
	w.EndVariation()
	w.Move("Nf3", true)
	w.Comment("a }brace")
	w.Move("Nc6", false)
	w.Move("Bb5", true)
	w.StartVariation()
	w.EndVariation()
	w.Result("*")
	const want = `[Event "a \"quoted\" \\ name"]
[Site "?"]

{before} 1. e4 $1 e5 ({instead} 1... c5 2. Nf3 (2. c3)) 2. Nf3 {a )brace} 2...
Nc6 3. Bb5 () *
`
	if got := sb.String(); got != want {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
	// What the Writer writes, the Reader reads back to the same parts.
	games, errs := readAll(t, sb.String())
	if len(games) != 1 || errs[0] != nil {
		t.Fatalf("read back: %v", errs)
	}
	var got []string
	for _, e := range games[0] {
		got = append(got, regexp.MustCompile(`@\d+:\d+`).ReplaceAllString(e, ""))
	}
	if g := strings.Join(got, " "); g != `[Event=a "quoted" \ name] [Site=?] start {before} e4 $1 e5 ( {instead} c5 Nf3 ( c3 ) ) Nf3 {a )brace} Nc6 Bb5 ( ) end:*` {
		t.Errorf("read back as %s", g)
	}
}

// TestWriterMoveNumberFrom: a game from a FEN is numbered from its full-move
// number, with White or Black first, in variations too (issue 25).
func TestWriterMoveNumberFrom(t *testing.T) {
	for _, c := range []struct {
		white bool
		want  string
	}{
		{true, "\n150. e4 e5 (150... d5) 151. Nf3 *\n"},
		{false, "\n150... e4 151. e5 (151. d5) 151... Nf3 *\n"},
	} {
		var sb strings.Builder
		w := NewWriter(&sb)
		w.StartMovetextAt(150)
		w.Move("e4", c.white)
		w.Move("e5", !c.white)
		w.StartVariation()
		w.Move("d5", !c.white)
		w.EndVariation()
		w.Move("Nf3", c.white)
		w.Result("*")
		if got := sb.String(); got != c.want {
			t.Errorf("White first %v: %q, want %q", c.white, got, c.want)
		}
	}
}

// TestWriterLines: movetext lines of at most LineWidth characters, broken only
// between tokens and between a comment's words; a "[%…]" command stays whole.
func TestWriterLines(t *testing.T) {
	var sb strings.Builder
	w := NewWriter(&sb)
	w.StartMovetext()
	for i := range 60 {
		w.Move("Nf3xe5", i%2 == 0)
		if i%7 == 0 {
			w.Comment("a comment that goes on [%clk 0:05:00] and [%cal Ge2e4,Rd7d5] ŜŜŜŜ")
		}
	}
	w.Comment(strings.Repeat("x", 100)) // a word longer than a line: a line of its own
	w.Result("1/2-1/2")
	text := sb.String()
	for _, l := range strings.Split(strings.TrimPrefix(strings.TrimSuffix(text, "\n"), "\n"), "\n") {
		if n := utf8.RuneCountInString(l); n > LineWidth && !strings.Contains(l, strings.Repeat("x", 100)) || l == "" ||
			strings.HasPrefix(l, " ") || strings.HasSuffix(l, " ") {
			t.Errorf("line of %d characters: %q", n, l)
		}
		if strings.Count(l, "[%") != strings.Count(l, "]") {
			t.Errorf("a command broken over lines: %q", l)
		}
	}
	if !strings.Contains(text, "\n{"+strings.Repeat("x", 100)+"}\n1/2-1/2\n") {
		t.Errorf("a long word:\n%s", text)
	}
}

// TestWriterCleansText: nothing of the input's control characters reaches the
// output (issue 19 item 4): in comments they are white space, '}' is ')', a byte
// that is not UTF-8 is U+FFFD; tag values escape '"' and '\' and write controls
// as spaces.
func TestWriterCleansText(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{"plain", "plain"},
		{`"\`, `\"\\`},
		{"a\x1b[31mred\x07\x1e", "a [31mred  "},
		{"csi\u009b nel\u0085 ls\u2028 ps\u2029 del\x7f", "csi  nel  ls  ps  del "},
		{"tab\tcr\rlf\n", "tab cr lf "},
		{"bad \xff\xc3 utf8", "bad \uFFFD\uFFFD utf8"},
		{"Ŝako «»", "Ŝako «»"},
	} {
		if got := EscapeTagValue(c.value); got != c.want {
			t.Errorf("EscapeTagValue(%q) = %q, want %q", c.value, got, c.want)
		}
	}
	for _, c := range []struct {
		comment string
		want    []string
	}{
		{"a\x1b[31mred", []string{"a", "[31mred"}},
		{"x\ty\r\nz\u2028w", []string{"x", "y", "z", "w"}},
		{"a}b {c}", []string{"a)b", "{c)"}},
		{"\u009b\u0085\u2029", nil},
		{"\x9b", []string{"\uFFFD"}}, // a lone byte of a C1 code, not UTF-8
		{"\xffok", []string{"\uFFFDok"}},
		{"[%clk 0:05:00] [%emt 1 2 3", []string{"[%clk 0:05:00]", "[%emt 1 2 3"}},
	} {
		got := commentWords(c.comment)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("commentWords(%q) = %q, want %q", c.comment, got, c.want)
		}
	}
}
