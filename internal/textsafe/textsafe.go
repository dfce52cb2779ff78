package textsafe

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Unsafe reports whether r must not be written raw: a C0 control (U+0000–U+001F),
// DEL (U+007F), a C1 control (U+0080–U+009F), or the line or paragraph separator
// (U+2028, U+2029), which JavaScript reads as line ends.
func Unsafe(r rune) bool {
	return r < 0x20 || r >= 0x7f && r <= 0x9f || r == 0x2028 || r == 0x2029
}

// Clean reports whether s is valid UTF-8 without an Unsafe character: text that
// every writer may copy as it is (as far as these characters go; a format's own
// syntax, such as '<' in HTML, is the writer's to escape).
func Clean(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || Unsafe(r) {
			return false
		}
		i += n
	}
	return true
}

// Spaced returns s for a format that cannot escape (HTML or XML text, an attribute
// value): every Unsafe character becomes a space, invalid UTF-8 and the
// non-characters U+FFFE and U+FFFF (which XML does not allow) become U+FFFD. Text
// that needs no change is returned as it is.
func Spaced(s string) string {
	if Clean(s) && !strings.ContainsAny(s, "\uFFFE\uFFFF") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1, r == 0xFFFE, r == 0xFFFF:
			r = utf8.RuneError
		case Unsafe(r):
			r = ' '
		}
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

// Escape returns s as one line of printable text: a character that does not print
// (strconv.IsPrint: every Unsafe character, and also, say, U+00A0 NO-BREAK SPACE)
// is written as its Go escape (\t, \x1b, \u0085, \u2028) and an invalid byte as
// \xNN (\x92), the form Quote uses inside its quotes. Text that prints is returned
// as it is, backslashes included: Escape is for messages, which are read, not
// parsed back (Quote is reversible).
func Escape(s string) string {
	if Printable(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			const hex = "0123456789abcdef"
			b.WriteString(`\x`)
			b.WriteByte(hex[s[i]>>4])
			b.WriteByte(hex[s[i]&15])
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Printable reports whether s is valid UTF-8 of characters that print
// (strconv.IsPrint, the space included): what Escape returns unchanged.
func Printable(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !strconv.IsPrint(r) {
			return false
		}
		i += n
	}
	return true
}

// Quote returns s as a Go string literal (strconv.Quote: "a\tb", "\x1b[31m",
// "\u2028", an invalid byte "\x92"), shortened when s is longer than limit bytes
// (and limit > 0) to its first limit bytes, cut at a character boundary, followed
// by "…(N bytes)" outside the quotes.
func Quote(s string, limit int) string {
	if limit <= 0 || len(s) <= limit {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:Cut(s, limit)]) + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// Cut returns the largest index i ≤ n at which s can be cut without splitting a
// UTF-8 sequence (n itself when n ≥ len(s)).
func Cut(s string, n int) int {
	if n >= len(s) {
		return len(s)
	}
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			return i
		}
	}
	return n // not UTF-8 there: any cut is as good
}
