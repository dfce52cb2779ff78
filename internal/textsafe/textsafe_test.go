package textsafe

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestUnsafe(t *testing.T) {
	for r := rune(0); r <= 0x10FFFF; r++ {
		want := r <= 0x1f || r >= 0x7f && r <= 0x9f || r == 0x2028 || r == 0x2029
		if Unsafe(r) != want {
			t.Fatalf("Unsafe(%U) = %v, want %v", r, !want, want)
		}
		if Unsafe(r) && strconv.IsPrint(r) {
			t.Fatalf("%U is unsafe but strconv.IsPrint: Escape would keep it", r)
		}
	}
}

func TestSpaced(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain <b> & \"text\" Ŝako", "plain <b> & \"text\" Ŝako"},
		{"a\tb\nc\rd", "a b c d"},
		{"\x1b[31mred\x07", " [31mred "},
		{"csi\u009bnel\u0085del\x7f", "csi nel del "},
		{"ls\u2028ps\u2029", "ls ps "},
		{"bad \xff\xfe utf-8 \xc3", "bad \uFFFD\uFFFD utf-8 \uFFFD"},
		{"non-char \uFFFE\uFFFF", "non-char \uFFFD\uFFFD"},
		{"", ""},
	} {
		if got := Spaced(c.in); got != c.want {
			t.Errorf("Spaced(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`plain "text" \ Ŝako`, `plain "text" \ Ŝako`},
		{"a\tb\nc", `a\tb\nc`},
		{"\x00\x1b[31m\x7f", `\x00\x1b[31m\x7f`},
		{"\u0085\u009b\u2028\u2029\u00a0", `\u0085\u009b\u2028\u2029\u00a0`},
		{"\x92 and \xff", `\x92 and \xff`},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestQuote(t *testing.T) {
	for _, c := range []struct {
		in    string
		limit int
		want  string
	}{
		{"a\x1b\x92\u2028", 100, `"a\x1b\x92\u2028"`},
		{strings.Repeat("a", 10), 10, `"aaaaaaaaaa"`},
		{strings.Repeat("a", 11), 10, `"aaaaaaaaaa"…(11 bytes)`},
		{"aaaaaaaaaŜ", 10, `"aaaaaaaaa"…(11 bytes)`}, // not inside Ŝ
		{"anything", 0, `"anything"`},
	} {
		if got := Quote(c.in, c.limit); got != c.want {
			t.Errorf("Quote(%q, %d) = %q, want %q", c.in, c.limit, got, c.want)
		}
	}
}

// TestRandom checks the three forms on random bytes: Spaced and Escape leave
// nothing Unsafe and give valid UTF-8, Spaced keeps the number of characters,
// Quote reads back.
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"\x00", "\t", "\n", "\r", "\x1b", "\x7f", "\u0085", "\u009b", "\u2028", "\u2029", "\x92", "\xff", "\xc3", "a", "Ŝ", "<", "&", `"`, `\`, "\uFFFE", " "}
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		sp, esc := Spaced(s), Escape(s)
		for _, out := range []string{sp, esc} {
			if !Clean(out) {
				t.Fatalf("%q: %q is not clean", s, out)
			}
		}
		if !Printable(esc) {
			t.Fatalf("Escape(%q) = %q does not print", s, esc)
		}
		if utf8.RuneCountInString(sp) != utf8.RuneCountInString(s) {
			t.Fatalf("Spaced(%q) = %q changes the number of characters", s, sp)
		}
		if back, err := strconv.Unquote(Quote(s, 0)); err != nil || back != s || !Printable(Quote(s, 0)) {
			t.Fatalf("Quote(%q) = %q does not read back (%v)", s, Quote(s, 0), err)
		}
	}
}
