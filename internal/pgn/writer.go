package pgn

import (
	"io"
	"strconv"
	"unicode/utf8"
)

// Roster is PGN's seven-tag roster, in the order the export form writes it first.
var Roster = [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// IsRosterTag reports whether name is a tag of the seven-tag roster.
func IsRosterTag(name string) bool {
	for _, n := range Roster {
		if n == name {
			return true
		}
	}
	return false
}

// RosterUnknown is what the export form writes for a roster tag whose value is
// unknown: "????.??.??" for Date, "?" for the others.
func RosterUnknown(name string) string {
	if name == "Date" {
		return "????.??.??"
	}
	return "?"
}

// LineWidth is the longest line of movetext the Writer writes, in characters
// (PGN's export form asks for at most 80).
const LineWidth = 80

// Writer writes a game record in PGN's export form: tag pairs, an empty line, then
// the movetext in lines of at most LineWidth characters that break only between
// tokens and between the words of a comment. The movetext is written as a stream
// of parts — moves, NAGs, comments, variations, the result — and the Writer puts
// in the move numbers: "12." before White's move, "12..." before Black's at the
// start of a line of play or after a comment or a variation. Move numbers start at
// 1, or at the number StartMovetextAt gives (a FEN's full-move number), and go up
// when White moves after Black.
//
// Text that came from the input goes out without control characters (IsControl):
// EscapeTagValue for tag values; in comments every control character and white
// space run is one space (or a line break), '}' is written as ')'.
//
// The Writer keeps a line of movetext and one small entry per open variation. It
// ignores write errors: write to a strings.Builder, or to a bufio.Writer whose
// Flush reports them.
type Writer struct {
	w     io.Writer
	line  []byte
	width int  // the line's length in characters
	glued bool // the last token is "(", which the next one follows without a space
	lines []numbering
}

// numbering is the move-number state of a line of play.
type numbering struct {
	number    int  // the number of the line's last move
	moves     int  // how many moves the line has
	white     bool // the last move was White's
	afterText bool // a comment or a variation follows the last move
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w, lines: []numbering{{number: 1}}}
}

// Tag writes a tag pair on a line of its own: [Name "Value"], the value escaped
// with EscapeTagValue. The name must be a PGN symbol (IsTagName); the caller
// checks.
func (pw *Writer) Tag(name, value string) {
	io.WriteString(pw.w, "["+name+" \""+EscapeTagValue(value)+"\"]\n")
}

// StartMovetext ends the tag section with an empty line; the main line starts, at
// move number 1.
func (pw *Writer) StartMovetext() { pw.StartMovetextAt(1) }

// StartMovetextAt is StartMovetext with the main line's first move numbered n
// (the start position's full-move number, as python-chess and lichess number a
// game from a FEN: "150. e4", "150... e5"); n below 1 is 1.
func (pw *Writer) StartMovetextAt(n int) {
	io.WriteString(pw.w, "\n")
	pw.lines = append(pw.lines[:0], numbering{number: max(n, 1)})
}

// Move writes the next move of the current line, its text as given (SAN), after
// its number when one is due; white says whether White makes it.
func (pw *Writer) Move(text string, white bool) {
	l := &pw.lines[len(pw.lines)-1]
	if l.moves > 0 && white && !l.white {
		l.number++
	}
	switch {
	case white:
		pw.token(strconv.Itoa(l.number) + ".")
	case l.moves == 0 || l.afterText:
		pw.token(strconv.Itoa(l.number) + "...")
	}
	pw.token(text)
	l.white = white
	l.moves++
	l.afterText = false
}

// NAG writes a numeric annotation glyph about the last move, as "$n".
func (pw *Writer) NAG(n int) { pw.token("$" + strconv.Itoa(n)) }

// Comment writes a comment in braces, word by word so that lines can break between
// its words (see Writer for what it replaces); a comment of nothing but white
// space is not written.
func (pw *Writer) Comment(c string) {
	words := commentWords(c)
	if len(words) == 0 {
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, word := range words {
		pw.token(word)
	}
	pw.lines[len(pw.lines)-1].afterText = true
}

// StartVariation opens a variation, an alternative to the last move written in the
// current line: the current line until EndVariation.
func (pw *Writer) StartVariation() {
	pw.token("(")
	pw.lines = append(pw.lines, numbering{number: pw.lines[len(pw.lines)-1].number})
}

// EndVariation closes the current variation.
func (pw *Writer) EndVariation() {
	pw.token(")")
	if len(pw.lines) > 1 {
		pw.lines = pw.lines[:len(pw.lines)-1]
	}
	pw.lines[len(pw.lines)-1].afterText = true
}

// Result writes the result token and ends the movetext's last line.
func (pw *Writer) Result(token string) {
	pw.token(token)
	pw.flush()
}

// token adds a token to the line, starting a new line when it would be too long.
// "(" is glued to the token after it, ")" to the one before (a comment's words
// too, as the writer always did: "a } b" is written "{a) b}").
func (pw *Writer) token(s string) {
	if pw.glued {
		pw.glued = false
		s = "(" + s
	} else if s == "(" {
		pw.glued = true
		return
	}
	n := utf8.RuneCountInString(s)
	if s == ")" && len(pw.line) > 0 && pw.width+1 <= LineWidth {
		pw.line = append(pw.line, ')')
		pw.width++
		return
	}
	if len(pw.line) > 0 && pw.width+1+n > LineWidth {
		pw.flush()
	}
	if len(pw.line) > 0 {
		pw.line = append(pw.line, ' ')
		pw.width++
	}
	pw.line = append(pw.line, s...)
	pw.width += n
}

// flush writes the line.
func (pw *Writer) flush() {
	if len(pw.line) > 0 {
		pw.line = append(pw.line, '\n')
		pw.w.Write(pw.line)
		pw.line = pw.line[:0]
		pw.width = 0
	}
}
