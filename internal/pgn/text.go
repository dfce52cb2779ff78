package pgn

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text joins the comments about one place of a game record (a move, the start of
// a line) as readers of this package keep them: runs of white space inside become
// single spaces, and comments in a row are joined by a space. Adding costs time
// linear in the text added, however many comments there are. The zero Text is
// empty.
type Text struct {
	b []byte
}

// Add adds a comment.
func (t *Text) Add(comment string) {
	space := len(t.b) > 0 // a word of this comment follows the ones before
	for i := 0; i < len(comment); {
		c, size := rune(comment[i]), 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRuneInString(comment[i:])
		}
		if isSpace(c) {
			space = len(t.b) > 0
		} else {
			if space {
				t.b = append(t.b, ' ')
				space = false
			}
			t.b = append(t.b, comment[i:i+size]...)
		}
		i += size
	}
}

// String returns the comments joined.
func (t *Text) String() string { return string(t.b) }

// Len returns the length in bytes of the comments joined.
func (t *Text) Len() int { return len(t.b) }

// Reset empties t, keeping its memory for the next place's comments.
func (t *Text) Reset() { t.b = t.b[:0] }

func isSpace(c rune) bool {
	if c < utf8.RuneSelf {
		return c == ' ' || c >= '\t' && c <= '\r'
	}
	return unicode.IsSpace(c)
}

// IsControl reports whether c is a character no writer of this module lets
// through from its input: a C0 control (tab, CR and LF included), DEL, a C1
// control (U+0080 to U+009F), or the line and paragraph separators U+2028, U+2029.
func IsControl(c rune) bool {
	return c < 0x20 || c >= 0x7f && c <= 0x9f || c == 0x2028 || c == 0x2029
}

// EscapeTagValue returns v as a PGN string's inside holds it: '"' and '\' escaped
// with a backslash (the only escapes PGN has), a control character (IsControl) as
// a space, and a byte that is not UTF-8 as U+FFFD.
func EscapeTagValue(v string) string {
	clean := true
	for i := 0; i < len(v) && clean; i++ {
		c := v[i]
		clean = c >= 0x20 && c < 0x7f && c != '"' && c != '\\'
	}
	if clean {
		return v
	}
	var sb strings.Builder
	sb.Grow(len(v) + 2)
	for _, c := range v {
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(c)
		case IsControl(c):
			sb.WriteByte(' ')
		default:
			sb.WriteRune(c) // an invalid byte came as utf8.RuneError: U+FFFD
		}
	}
	return sb.String()
}

// commentWords splits a comment into the words a line may break between, keeping
// an embedded command such as "[%emt 0:00:04.0]" or "[%clk 0:05:00]" whole. What
// a PGN comment cannot hold is replaced: a control character (IsControl: a tab, CR
// or LF included) by a space, '}' (which would end it) by ')', a byte that is not
// UTF-8 by U+FFFD.
func commentWords(c string) []string {
	words := strings.FieldsFunc(cleanComment(c), isSpace)
	out := words[:0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "[%") && !strings.HasSuffix(w, "]") {
			j := i + 1
			for j < len(words)-1 && !strings.HasSuffix(words[j], "]") {
				j++
			}
			if j < len(words) {
				w = strings.Join(words[i:j+1], " ")
				i = j
			}
		}
		out = append(out, w)
	}
	return out
}

// cleanComment returns c with what a PGN comment cannot hold replaced (see
// commentWords).
func cleanComment(c string) string {
	clean := true
	for i := 0; i < len(c) && clean; i++ {
		b := c[i]
		clean = b >= 0x20 && b < 0x7f && b != '}'
	}
	if clean {
		return c
	}
	var sb strings.Builder
	sb.Grow(len(c))
	for _, r := range c {
		switch {
		case r == '}':
			sb.WriteByte(')')
		case IsControl(r):
			sb.WriteByte(' ')
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}
