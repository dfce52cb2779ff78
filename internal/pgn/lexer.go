package pgn

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The tokenizer: PGN's tokens with where each starts.

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokTagOpen
	tokTagClose
	tokString
	tokSymbol
	tokMoveNumber
	tokResult
	tokNAG
	tokComment
	tokOpen
	tokClose
	tokBad // text that is no token: text is its start, why says what is wrong
)

// token is one token of PGN, with where it starts.
type token struct {
	kind tokKind
	why  badReason // for tokBad: what is wrong
	// blank, for a tokTagOpen, says that an empty line stands between it and
	// the token before (a line without a token: white space only, or an escape
	// line's "%…" not counted as a token): the end of a tag section in PGN's
	// export form (Reader.readTags).
	blank bool
	text  string // a string's value, a comment's text, a symbol; for tokBad the start of the text at fault
	at    Pos
	off   int64 // the byte offset in the input where it starts
}

// describe names the token for an error message.
func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		if t.why == beforeTags {
			return "the tag section of the next game"
		}
		return "the end of the input"
	case tokTagOpen:
		return "the tag section of the next game"
	case tokResult:
		return "the result " + t.text
	}
	return strconv.Quote(t.text)
}

// keepBuf is the largest token buffer the lexer keeps between tokens: a huge
// comment's buffer is let go once read.
const keepBuf = 64 << 10

// readSize is the size of the lexer's window on its input.
const readSize = 64 << 10

// lexer splits a stream into PGN tokens, with a look-ahead of as many tokens as
// the reader asks for (two, or a run of comments among the tags).
//
// It reads its input through a window of bytes (in[pos:end] not yet read) and
// lexes runs of plain ASCII a byte class at a time (run); anything else — a
// CR, a character past ASCII, a byte that is not UTF-8 — is read a character at
// a time (readRune), so that lines, columns and the text of tokens are the same
// either way.
type lexer struct {
	src      io.Reader
	in       []byte
	pos, end int
	base     int64 // the offset in the input of in[0]
	// keep, when set, makes the window keep the input from offset keptFrom on:
	// kept holds what the window let go of (Splitter).
	keep     bool
	keptFrom int64
	kept     []byte
	srcErr   error // what src returned after its last bytes (io.EOF at the end)
	empty    int   // reads in a row that returned nothing
	at       Pos   // where the next character stands
	started  bool  // the byte-order mark has been looked for
	queue    []token
	head     int  // queue[head:] are the tokens read ahead
	number   bool // the last token lexed is a move number: dots may continue it
	// lineEnded says that the last token lexed ended with its line's end (a
	// comment from ';'): at is then at the start of the next line (blank).
	lineEnded bool
	buf       []byte
	ioErr     error
	peeks     int // how many times peek and skipToken were called: the reader's steps, which tests count
	// done (nil: never) is asked whether to stop whenever budget runs out: every
	// checkEvery characters read, a token counting tokenCost, so that a done
	// context stops a long token, comment, run of tags or of white space as
	// promptly as a run of moves. Once it has said so, stopped holds its error and
	// the lexer reads no more: what it lexes next is the end of the input.
	done    func() error
	stopped error
	budget  int
	eof     badReason // the why of the end of the input: beforeTags for a game's text split off before the next game's tags
	strs    []string  // short token texts already made, shared (text)
}

// How often the lexer asks done: after checkEvery characters read or
// checkEvery/tokenCost tokens lexed (each token also costs its characters).
const (
	checkEvery = 64 << 10
	tokenCost  = 64
)

// refill asks done, once the budget has run out, and starts a new budget; it
// reports whether the lexer is stopped (then the budget stays spent, so that
// every later read asks again and ends).
func (lx *lexer) refill() bool {
	if lx.stopped == nil {
		lx.budget = checkEvery
		if lx.done != nil {
			lx.stopped = lx.done()
		}
	}
	if lx.stopped != nil {
		lx.budget = 0
	}
	return lx.stopped != nil
}

func (lx *lexer) init(r io.Reader) {
	size := readSize
	if s, ok := r.(interface{ Len() int }); ok && s.Len() < size {
		size = s.Len() + 1 // a short text in memory (strings.Reader, bytes.Reader)
	}
	lx.src = r
	if size = max(size, 2*utf8.UTFMax); cap(lx.in) >= size {
		lx.in = lx.in[:cap(lx.in)] // a window kept by reset
	} else {
		lx.in = make([]byte, size)
	}
	lx.at = Pos{Line: 1, Column: 1}
	lx.budget = checkEvery
}

// reset makes lx read r from its start, keeping its window, buffers and table
// of texts (a full one): for short texts read one after the other.
func (lx *lexer) reset(r io.Reader) {
	in, buf, queue, strs := lx.in, lx.buf[:0], lx.queue[:0], lx.strs
	if len(strs) < internSlots {
		strs = make([]string, internSlots)
	}
	if cap(in) > readSize {
		in = nil
	}
	*lx = lexer{in: in, buf: buf, queue: queue, strs: strs}
	lx.init(r)
}

// more makes at least n bytes (n at most 2*utf8.UTFMax) stand in the window,
// reading more of the input if it has them, and reports whether at least one
// does.
func (lx *lexer) more(n int) bool {
	if lx.end-lx.pos >= n {
		return true
	}
	if lx.srcErr == nil {
		if lx.pos > 0 {
			if lx.keep {
				if from := lx.keptFrom - lx.base; from < int64(lx.pos) {
					lx.kept = append(lx.kept, lx.in[max(from, 0):lx.pos]...)
				}
			}
			lx.base += int64(lx.pos)
			lx.end = copy(lx.in, lx.in[lx.pos:lx.end])
			lx.pos = 0
		}
		for lx.end < n && lx.srcErr == nil {
			k, err := lx.src.Read(lx.in[lx.end:])
			lx.end += k
			switch {
			case err != nil:
				lx.srcErr = err
			case k > 0:
				lx.empty = 0
			default:
				if lx.empty++; lx.empty >= 100 {
					lx.srcErr = io.ErrNoProgress // as bufio gives up on a reader that returns nothing
				}
			}
		}
	}
	return lx.end > lx.pos
}

// ended reports whether the window is empty and the input has no more, taking
// an error of the input other than its end as the lexer's.
func (lx *lexer) ended() bool {
	if lx.more(1) {
		return false
	}
	if lx.srcErr != io.EOF && lx.ioErr == nil {
		lx.ioErr = lx.srcErr
	}
	return true
}

// peek returns the token i places ahead without reading it.
func (lx *lexer) peek(i int) token {
	lx.peeks++
	for len(lx.queue)-lx.head <= i {
		lx.lex()
	}
	return lx.queue[lx.head+i]
}

// next reads a token; at the end of the input it returns the end again and again.
func (lx *lexer) next() token {
	t := lx.peek(0)
	if t.kind != tokEOF {
		if len(t.text) > maxIntern {
			lx.queue[lx.head] = token{} // let go of its text, which may be long
		}
		lx.head++
		if lx.head == len(lx.queue) {
			lx.queue, lx.head = lx.queue[:0], 0 // reuse the array: no queue grows
		}
	}
	return t
}

// start skips a byte-order mark at the start of the input; it is not counted in
// columns. The mark of UTF-16 or UTF-32 stops the reading with a *SyntaxError
// naming the encoding (Reader.Err): read as UTF-8, such text is a bogus first move
// and games of NUL bytes.
func (lx *lexer) start() {
	lx.started = true
	lx.more(4)
	if head := lx.in[lx.pos:min(lx.end, lx.pos+4)]; len(head) >= 2 {
		if enc := wideEncoding(head); enc != "" {
			n := 2
			if strings.HasPrefix(enc, "UTF-32") {
				n = 4
			}
			lx.ioErr = &SyntaxError{At: Pos{Line: 1, Column: 1}, Input: string(head[:n]),
				Reason: "the input is " + enc + " (its byte-order mark is " + fmt.Sprintf("% X", head[:n]) + "); game records are read as UTF-8: convert it first (iconv -f " + strings.Fields(enc)[0] + " -t UTF-8)"}
			return
		}
	}
	if bytes.HasPrefix(lx.in[lx.pos:lx.end], bom) {
		lx.pos += len(bom)
	}
}

// bom is the UTF-8 byte-order mark, U+FEFF.
var bom = []byte("\uFEFF")

// wideEncoding names the encoding whose byte-order mark head starts with, when it
// is not UTF-8's: "UTF-16 (little-endian)" for FF FE, "UTF-16 (big-endian)" for
// FE FF, and UTF-32's FF FE 00 00 and 00 00 FE FF; else "".
func wideEncoding(head []byte) string {
	switch {
	case len(head) >= 4 && string(head[:4]) == "\xff\xfe\x00\x00":
		return "UTF-32 (little-endian)"
	case len(head) >= 4 && string(head[:4]) == "\x00\x00\xfe\xff":
		return "UTF-32 (big-endian)"
	case string(head[:2]) == "\xff\xfe":
		return "UTF-16 (little-endian)"
	case string(head[:2]) == "\xfe\xff":
		return "UTF-16 (big-endian)"
	}
	return ""
}

// decode returns the character at the reading position and its size in bytes
// (rawByte + b for a byte b that is not UTF-8), or size 0 at the end.
func (lx *lexer) decode() (rune, int) {
	if lx.ended() {
		return -1, 0
	}
	b := lx.in[lx.pos]
	if b < utf8.RuneSelf {
		return rune(b), 1
	}
	lx.more(utf8.UTFMax)
	c, size := utf8.DecodeRune(lx.in[lx.pos:lx.end])
	if c == utf8.RuneError && size == 1 {
		return rawByte + rune(b), 1
	}
	return c, size
}

// readRune reads a character and advances the position; it returns -1 at the end.
func (lx *lexer) readRune() rune {
	if !lx.started {
		lx.start()
	}
	if lx.ioErr != nil {
		return -1 // the input cannot be read further (or is not UTF-8: start)
	}
	if lx.budget--; lx.budget <= 0 && lx.refill() {
		return -1
	}
	c, size := lx.decode()
	if size == 0 {
		return -1
	}
	lx.pos += size
	if c == '\r' {
		// A line ends with LF, CR LF or (old Macs) CR alone.
		if lx.more(1) && lx.in[lx.pos] == '\n' {
			lx.pos++
		}
		c = '\n'
	}
	if c == '\n' {
		lx.at.Line++
		lx.at.Column = 1
	} else {
		lx.at.Column++
	}
	return c
}

// span returns the length of the run of bytes of class cl from the reading
// position on, when the fast paths may read it at once: the character before it
// was read by readASCII (ascii), the run ends inside the window on a byte of
// ASCII, and the budget lasts past it.
func (lx *lexer) span(cl uint8, ascii bool) (int, bool) {
	if !ascii {
		return 0, false
	}
	b := lx.in[lx.pos:lx.end]
	n := 0
	for n < len(b) && byteClass[b[n]]&cl != 0 {
		n++
	}
	return n, n < len(b) && b[n] < utf8.RuneSelf && lx.budget > n+1
}

// skip reads n bytes of ASCII on one line, which span found.
func (lx *lexer) skip(n int) {
	lx.pos += n
	lx.at.Column += n
	lx.budget -= n
}

// offset returns the offset in the input of the next byte to read.
func (lx *lexer) offset() int64 { return lx.base + int64(lx.pos) }

// readASCII is readRune for a byte of ASCII other than CR in the window: it
// returns -1 (and reads nothing) where readRune has more to do.
func (lx *lexer) readASCII() rune {
	if lx.pos == lx.end || lx.budget <= 1 || lx.stopped != nil || lx.ioErr != nil {
		return -1
	}
	c := lx.in[lx.pos]
	if c >= utf8.RuneSelf || c == '\r' {
		return -1
	}
	lx.pos++
	lx.budget--
	if c == '\n' {
		lx.at.Line++
		lx.at.Column = 1
	} else {
		lx.at.Column++
	}
	return rune(c)
}

func (lx *lexer) peekRune() rune {
	if !lx.started {
		lx.start()
	}
	if lx.stopped != nil || lx.ioErr != nil {
		return -1
	}
	c, _ := lx.decode()
	return c
}

// rawByte + b stands for a byte b that is not UTF-8: the lexer keeps such bytes
// in the text of its tokens as they came (the writers decide how to show them:
// the PGN writer as U+FFFD, the command quoted as "\x92"), where a rune would
// turn them into U+FFFD. No character compares equal to one.
const rawByte = utf8.MaxRune + 1

// appendRaw appends c, read by readRune, to buf: a byte that is not UTF-8 as
// itself.
func appendRaw(buf []byte, c rune) []byte {
	if c >= rawByte {
		return append(buf, byte(c-rawByte))
	}
	return utf8.AppendRune(buf, c)
}

// The byte classes of the lexer's fast paths: the ASCII bytes that go on a run
// of one kind, each as readRune would read it, one column each (LF a line).
// Neither CR (a line end that may be CR LF) nor a byte past ASCII is in any.
const (
	inSpace   uint8 = 1 << iota // white space between tokens: space, tab, LF, VT, FF
	inSymbol                    // a symbol's characters after its first
	inComment                   // a { comment }'s: all but }
	inLine                      // a ; comment's and an escape line's: all but LF
	inString                    // a string's: all but " and \ and LF
	inDigit                     // a NAG's digits
)

var byteClass = func() (c [256]uint8) {
	for b := 0; b < utf8.RuneSelf; b++ {
		if b != '\r' {
			c[b] = inComment | inLine | inString
		}
		if !isSymbolEnd(rune(b)) {
			c[b] |= inSymbol
		}
	}
	for _, b := range " \t\n\v\f" {
		c[b] |= inSpace
	}
	for b := '0'; b <= '9'; b++ {
		c[b] |= inDigit
	}
	c['}'] &^= inComment
	c['\n'] &^= inLine | inString
	c['"'] &^= inString
	c['\\'] &^= inString
	return c
}()

// run reads the bytes of class cl that stand in the window from the reading
// position on (ASCII only; the input beyond the window is left for the next
// call), appending them to buf if keep, and returns how many it read.
func (lx *lexer) run(cl uint8, keep bool) int {
	if lx.pos == lx.end && !lx.more(1) || lx.stopped != nil || lx.ioErr != nil {
		return 0
	}
	b := lx.in[lx.pos:lx.end]
	n := 0
	for n < len(b) && byteClass[b[n]]&cl != 0 {
		n++
	}
	if n == 0 {
		return 0
	}
	b = b[:n]
	if keep {
		if cap(lx.buf)-len(lx.buf) < n {
			// Twice the room: appending windows one after the other to a long
			// token would otherwise grow it by a window at a time.
			lx.buf = append(make([]byte, 0, 2*cap(lx.buf)+n), lx.buf...)
		}
		lx.buf = append(lx.buf, b...)
	}
	switch {
	case cl == inSpace && n <= 8:
		for _, c := range b { // a short run: a space or a line end between two tokens
			if c == '\n' {
				lx.at.Line++
				lx.at.Column = 1
			} else {
				lx.at.Column++
			}
		}
	case cl&(inSpace|inComment) != 0:
		if last := bytes.LastIndexByte(b, '\n'); last >= 0 {
			lx.at.Line += bytes.Count(b, newline)
			lx.at.Column = n - last
		} else {
			lx.at.Column += n
		}
	default:
		lx.at.Column += n
	}
	lx.pos += n
	if lx.budget -= n; lx.budget <= 0 {
		lx.refill()
	}
	return n
}

var newline = []byte{'\n'}

// The lexer keeps the last texts made of a few thousand short token texts (tag
// names and values, moves, move numbers, NAGs), so that the same text read again
// is the same string, made once: a stream of records repeats them all the time.
// A short text in memory gets a smaller table.
const internSlots = 4096

// maxIntern is the longest text the table keeps.
const maxIntern = 32

// text returns the text of b as a string: one made before for the same bytes if
// the table has it.
func (lx *lexer) text(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > maxIntern {
		return string(b)
	}
	if lx.strs == nil {
		n := 64 // a power of two, about a sixteenth of the window's bytes
		for n < internSlots && 16*n < len(lx.in) {
			n *= 2
		}
		lx.strs = make([]string, n)
	}
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	slot := &lx.strs[h&uint32(len(lx.strs)-1)]
	if *slot != string(b) {
		*slot = string(b)
	}
	return *slot
}

// push queues a token; once the lexer is stopped, the end of the input instead
// (the token may have been cut short).
func (lx *lexer) push(t token) {
	if lx.stopped != nil {
		t = token{kind: tokEOF, at: lx.at, off: lx.offset(), why: lx.eof}
	}
	lx.queue = append(lx.queue, t)
	lx.number = t.kind == tokMoveNumber
}

// lex reads the next token or tokens (a symbol may split into a move number, a
// move and its suffix) onto the queue.
func (lx *lexer) lex() {
	if cap(lx.buf) > keepBuf {
		lx.buf = nil
	}
	lx.budget -= tokenCost // asked about at the token's first character
	if !lx.started {
		lx.start()
	}
	// The line the token before ended on, and the escape lines read since: an
	// empty line stands before the token when more lines lie between (blank).
	last, escapes := lx.at.Line, 0
	if lx.lineEnded {
		last, lx.lineEnded = last-1, false
	}
	for {
		lx.run(inSpace, false)
		at, off := lx.at, lx.offset()
		c := lx.readASCII()
		ascii := c >= 0 // c is in[pos-1]
		if ascii && byteClass[c]&inSymbol != 0 && c != '%' {
			// The commonest token, a move or a move number, all in the window.
			if n, ok := lx.span(inSymbol, true); ok {
				text := lx.text(lx.in[lx.pos-1 : lx.pos+n])
				lx.skip(n)
				lx.symbol(text, at, off)
				return
			}
		}
		if !ascii {
			c = lx.readRune()
		}
		tok := func(k tokKind, text string) { lx.push(token{kind: k, text: text, at: at, off: off}) }
		lx.buf = lx.buf[:0]
		switch {
		case c < 0:
			lx.push(token{kind: tokEOF, at: at, off: off, why: lx.eof})
			return
		case c == '%' && at.Column == 1:
			lx.skipLine()
			escapes++
		case c < utf8.RuneSelf && byteClass[c]&inSpace != 0 || c == '\r' || c > utf8.RuneSelf && (c == '\uFEFF' || unicode.IsSpace(c)):
		case c == '[':
			lx.push(token{kind: tokTagOpen, text: "[", at: at, off: off, blank: at.Line-last-escapes > 1})
			return
		case c == ']':
			tok(tokTagClose, "]")
			return
		case c == '(':
			tok(tokOpen, "(")
			return
		case c == ')':
			tok(tokClose, ")")
			return
		case c == '{':
			for {
				lx.run(inComment, true)
				d := lx.readRune()
				if d < 0 {
					lx.bad(unclosedComment, "{", at, off)
					return
				}
				if d == '}' {
					break
				}
				lx.buf = appendRaw(lx.buf, d)
			}
			tok(tokComment, lx.text(lx.buf))
			return
		case c == ';':
			for {
				lx.run(inLine, true)
				d := lx.readRune()
				if d < 0 || d == '\n' {
					lx.lineEnded = d == '\n'
					break
				}
				lx.buf = appendRaw(lx.buf, d)
			}
			tok(tokComment, lx.text(lx.buf))
			return
		case c == '"':
			if n, ok := lx.span(inString, ascii); ok && lx.in[lx.pos+n] == '"' {
				tok(tokString, lx.text(lx.in[lx.pos:lx.pos+n]))
				lx.skip(n + 1)
				return
			}
			for {
				lx.run(inString, true)
				d := lx.readRune()
				switch d {
				case -1, '\n':
					lx.bad(unclosedString, "\"", at, off)
					return
				case '"':
					tok(tokString, lx.text(lx.buf))
					return
				case '\\':
					if e := lx.peekRune(); e == '"' || e == '\\' {
						d = lx.readRune()
					}
				}
				lx.buf = appendRaw(lx.buf, d)
			}
		case c == '$':
			lx.buf = append(lx.buf, '$')
			for lx.run(inDigit, true) > 0 {
			}
			tok(tokNAG, lx.text(lx.buf))
			return
		default:
			if n, ok := lx.span(inSymbol, ascii); ok {
				// The symbol is all in the window, and the byte after it ends it.
				text := lx.text(lx.in[lx.pos-1 : lx.pos+n])
				lx.skip(n)
				lx.symbol(text, at, off)
				return
			}
			lx.buf = appendRaw(lx.buf, c)
			for {
				lx.run(inSymbol, true)
				if lx.pos < lx.end && lx.in[lx.pos] < utf8.RuneSelf {
					break // an ASCII byte that does not go on a symbol ends it (CR too)
				}
				d := lx.peekRune()
				if d < 0 || isSymbolEnd(d) {
					break
				}
				lx.buf = appendRaw(lx.buf, lx.readRune())
			}
			lx.symbol(lx.text(lx.buf), at, off)
			return
		}
	}
}

// isSymbolEnd reports whether c ends a symbol: white space (VT and FF too, as
// between tokens) or a character of its own.
func isSymbolEnd(c rune) bool {
	switch c {
	case ' ', '\n', '\r', '\t', '\v', '\f', '[', ']', '(', ')', '{', '}', ';', '"', '$':
		return true
	}
	return c > 0x7f && unicode.IsSpace(c)
}

// badReason says what is wrong with the text of a tokBad (badReasons).
type badReason uint8

const (
	unclosedComment badReason = iota
	unclosedString
	// beforeTags marks the end of the text of a game split off a stream
	// (Splitter) where the next game's tag section followed: a tokEOF
	// described as that tag section.
	beforeTags
)

var badReasons = [...]string{
	unclosedComment: "a comment { is not closed",
	unclosedString:  "a string \" is not closed on its line",
}

// badRawLen is how many characters of the text at fault a tokBad keeps.
const badRawLen = 40

// bad queues a token of text that is no token: why, and the start of the text
// (opening, then the first characters read).
func (lx *lexer) bad(why badReason, opening string, at Pos, off int64) {
	raw := opening + string(lx.buf[:cutRunes(lx.buf, badRawLen+1)])
	if utf8.RuneCountInString(raw) > badRawLen {
		raw = raw[:cutRunes([]byte(raw), badRawLen)] + "…"
	}
	lx.push(token{kind: tokBad, why: why, text: raw, at: at, off: off})
}

// cutRunes returns the length in bytes of b's first n runes (all of b if shorter).
func cutRunes(b []byte, n int) int {
	i := 0
	for ; n > 0 && i < len(b); n-- {
		_, size := utf8.DecodeRune(b[i:])
		i += size
	}
	return i
}

func (lx *lexer) skipLine() {
	for {
		lx.run(inLine, false)
		if d := lx.readRune(); d < 0 || d == '\n' {
			return
		}
	}
}

// symbol queues a symbol's tokens: a result, a move number ("12.", "12...", "12"),
// a move, a move suffix ("!?"), or a move number glued to its move ("1.e4",
// "1...d5") and a move glued to its suffix ("e4!"). Dots after a move number, apart
// from it ("1. ... d5", "1 ... d5", "1 . e4", "1 ...d5"), continue the number.
func (lx *lexer) symbol(s string, at Pos, off int64) {
	if c, last := s[0], s[len(s)-1]; (c|0x20 >= 'a' && c|0x20 <= 'z') && last != '!' && last != '?' {
		lx.push(token{kind: tokSymbol, text: s, at: at, off: off}) // a move: no number, result or suffix
		return
	}
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*":
		lx.push(token{kind: tokResult, text: s, at: at, off: off})
		return
	}
	// A move number: digits, then dots (or nothing but digits); or, right after
	// one, dots.
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	if digits > 0 || lx.number {
		dots := digits
		for dots < len(s) && s[dots] == '.' {
			dots++
		}
		if dots > digits || digits > 0 && dots == len(s) {
			lx.push(token{kind: tokMoveNumber, text: s[:dots], at: at, off: off})
			at.Column += dots // digits and dots: one column each
			s, off = s[dots:], off+int64(dots)
		}
	}
	if s == "" {
		return
	}
	// A suffix after the move, or on its own.
	cut := len(s)
	for cut > 0 && (s[cut-1] == '!' || s[cut-1] == '?') {
		cut--
	}
	if cut > 0 {
		lx.push(token{kind: tokSymbol, text: s[:cut], at: at, off: off})
	}
	if cut < len(s) {
		at.Column += utf8.RuneCountInString(s[:cut])
		lx.push(token{kind: tokNAG, text: s[cut:], at: at, off: off + int64(cut)})
	}
}

// shortcuts turns on the fast paths that read a run of input without its
// tokens (fastTag, skipPlain); tests turn them off to compare.
var shortcuts = true

// tagByte marks the bytes of a tag name the fast path reads: letters, digits
// and '_' (a name that starts with a letter is a symbol, never a number or a
// result).
var tagByte = func() (t [256]bool) {
	for b := 0; b < 256; b++ {
		t[b] = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
	}
	return t
}()

// fastTag reads the next tag pair when it has the usual shape and stands whole
// in the window — white space (spaces, tabs, LFs), then [Name "Value"] on one
// line, the name starting with a letter, the value without escapes, all ASCII —
// and it does not start the next game (its name in seen after an empty line:
// readTags): the four tokens the reader would take one by one (the same tag, the
// same places), without making them. ok false (nothing read) otherwise: the
// tokens are then lexed.
func (lx *lexer) fastTag(seen *tagNames) (t Tag, ok bool) {
	if !shortcuts || lx.head != len(lx.queue) || !lx.started || lx.stopped != nil || lx.ioErr != nil {
		return t, false
	}
	in, i := lx.in[:lx.end], lx.pos
	at := lx.at
	last := at.Line // the line the token before ended on (lex)
	if lx.lineEnded {
		last--
	}
	for ; i < len(in); i++ {
		switch in[i] {
		case ' ', '\t':
			at.Column++
			continue
		case '\n':
			at.Line, at.Column = at.Line+1, 1
			continue
		}
		break
	}
	if i+1 >= len(in) || in[i] != '[' || !(in[i+1] >= 'a' && in[i+1] <= 'z' || in[i+1] >= 'A' && in[i+1] <= 'Z') {
		return t, false
	}
	open := i
	j := i + 1
	for j < len(in) && tagByte[in[j]] {
		j++
	}
	k := j
	for k < len(in) && in[k] == ' ' {
		k++
	}
	if k == j || k >= len(in) || in[k] != '"' {
		return t, false
	}
	v := k + 1
	for v < len(in) && byteClass[in[v]]&inString != 0 {
		v++
	}
	if v >= len(in) || in[v] != '"' {
		return t, false
	}
	e := v + 1
	for e < len(in) && in[e] == ' ' {
		e++
	}
	if e >= len(in) || in[e] != ']' {
		return t, false
	}
	e++
	cost := e - lx.pos + 4*tokenCost
	if lx.budget <= cost {
		return t, false
	}
	name := lx.text(in[open+1 : j])
	if at.Line-last > 1 && seen.has(name) {
		return t, false // the next game's
	}
	t = Tag{Name: name, At: at}
	if !lx.keep {
		t.Value = lx.text(in[k+1 : v]) // a Splitter needs the names only
	}
	lx.budget -= cost
	lx.pos = e
	at.Column += e - open
	lx.at = at
	lx.number, lx.lineEnded = false, false
	return t, true
}
