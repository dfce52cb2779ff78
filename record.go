package pacosako

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Game records in a text format in the spirit of PGN:
//
//	[Event "Casual game"]
//	[Site "pacoplay.com"]
//	[Date "2026.11.29"]
//	[White "Ada"]
//	[Black "Bo"]
//	[Result "1-0"]
//	[FEN "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"]
//
//	1. Bxe4,Ne4xc3,Qc3xc6 {the rules-page chain} Kd8 2. … 1-0
//
// Tag pairs come first, one per line: the seven of PGN (Event, Site, Date, Round,
// White, Black, Result) in that order, then FEN for a start other than the
// standard one, Rules when the rules are not the default (the rulebook's optional
// draws are switches of the rules: "Pacoplay(+AllUnitedDraw)"), Repetition when the
// repetition limit is not 3, Termination when the game ended in a way the
// moves do not show (Resignation, Agreement, Timeout), Pending for the actions of
// an unfinished half-move ("Lift(e2)"), then any other tags in their order. The
// movetext follows after an empty line: move numbers ("1.", and "1..." when Black
// moves first; a number counts a White half-move and the Black one after it), every
// half-move in chain SAN, comments in braces, and the result token: "1-0", "0-1",
// "1/2-1/2" or "*".

// Tag is one tag pair of a game record.
type Tag struct {
	Name  string
	Value string
}

// Record is one game with its tags and comments.
type Record struct {
	Tags     []Tag          // tag pairs other than the ones derived from Game (see Record.String)
	Game     Game           // start position, half-moves, result
	Comments map[int]string // comment after half-move n (0: before the first move)
}

// Tag returns the value of the tag name, or "" if the record has none.
func (r Record) Tag(name string) string {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// RecordError reports a game record that cannot be read: malformed text
// (ErrInvalidNotation) or a move that is not legal or is ambiguous in its position
// (ErrIllegalMove, ErrAmbiguousMove). Line is 1-based in the input; HalfMove (1-based,
// 0 if not about a move) and MoveText say which move; FEN is the position it was read
// in.
type RecordError struct {
	Game     int // 1-based number of the game in the input
	Line     int
	HalfMove int
	MoveText string
	FEN      string
	Err      error
}

func (e *RecordError) Error() string {
	if e.HalfMove > 0 {
		var me *MoveError
		if errors.As(e.Err, &me) && me.FEN == e.FEN {
			// The move error names the move and the position again: say them once.
			return fmt.Sprintf("%sgame record: game %d, line %d: half-move %d %q in %s: %s", prefix, e.Game, e.Line, e.HalfMove, shorten(e.MoveText), e.FEN, strings.TrimPrefix(me.detail(), prefix))
		}
		return fmt.Sprintf("%sgame record: game %d, line %d: half-move %d %q in %s: %s", prefix, e.Game, e.Line, e.HalfMove, shorten(e.MoveText), e.FEN, bare(e.Err))
	}
	return fmt.Sprintf("%sgame record: game %d, line %d: %s", prefix, e.Game, e.Line, bare(e.Err))
}

// Unwrap returns Err.
func (e *RecordError) Unwrap() error { return e.Err }

// String writes the record: tags (those of Tags plus the ones the game determines:
// Result, FEN, Rules, Repetition, Termination, Pending), an empty line and
// the movetext in chain SAN, in lines of at most 80 characters, ending in a newline.
//
// Cost: each move is written as Position.SAN writes it (usually microseconds).
func (r Record) String() string {
	var sb strings.Builder
	_ = r.write(&sb)
	return sb.String()
}

// WriteRecord writes r to w as Record.String does, followed by an empty line, so
// that records written one after the other form a stream NewRecordReader reads.
func WriteRecord(w io.Writer, r Record) error {
	bw := bufio.NewWriter(w)
	if err := r.write(bw); err != nil {
		return err
	}
	bw.WriteString("\n")
	return bw.Flush()
}

type stringWriter interface {
	io.Writer
	WriteString(string) (int, error)
}

func (r Record) write(w stringWriter) error {
	g := r.Game
	derived := map[string]string{"Result": g.Outcome().Result()}
	if start := g.Start(); start.FEN() != StartFEN {
		derived["FEN"] = start.FEN()
	}
	if rules := g.Start().Rules(); rules != Pacoplay {
		derived["Rules"] = rules.String()
	}
	if g.cfg != nil && g.cfg.repetitions != 3 {
		derived["Repetition"] = strconv.Itoa(g.cfg.repetitions)
	}
	switch g.Outcome().Termination {
	case Resignation, Agreement, Timeout:
		derived["Termination"] = g.Outcome().Termination.String()
	}
	if p := g.PendingActions(); len(p) > 0 {
		derived["Pending"] = FormatActions(p)
	}
	tag := func(name, value string) {
		w.WriteString("[" + name + " " + strconv.Quote(value) + "]\n")
	}
	for _, name := range []string{"Event", "Site", "Date", "Round", "White", "Black"} {
		v := r.Tag(name)
		if v == "" {
			v = "?"
			if name == "Date" {
				v = "????.??.??"
			}
		}
		tag(name, v)
	}
	for _, name := range []string{"Result", "FEN", "Rules", "Repetition", "Termination", "Pending"} {
		if v, ok := derived[name]; ok {
			tag(name, v)
		}
	}
	for _, t := range r.Tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "Rules", "Repetition", "Termination", "Pending":
			continue
		}
		tag(t.Name, t.Value)
	}
	w.WriteString("\n")

	// Movetext.
	var line strings.Builder
	flush := func() {
		if line.Len() > 0 {
			w.WriteString(line.String() + "\n")
			line.Reset()
		}
	}
	word := func(s string) {
		if line.Len() > 0 && line.Len()+1+len(s) > 80 {
			flush()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(s)
	}
	comment := func(n int) {
		if c, ok := r.Comments[n]; ok && c != "" {
			word("{" + strings.ReplaceAll(c, "}", ")") + "}")
		}
	}
	comment(0)
	p := g.Start()
	number := 1
	moves := g.PlayedMoves()
	for i, m := range moves {
		switch {
		case p.turn == White:
			word(strconv.Itoa(number) + ".")
		case i == 0 || r.Comments[i] != "":
			word(strconv.Itoa(number) + "...")
		}
		s, err := p.SAN(m)
		if err != nil {
			return err
		}
		word(s)
		comment(i + 1)
		p = m.After()
		if p.turn == White {
			number++
		}
	}
	word(derived["Result"])
	flush()
	return nil
}

// RecordReader reads game records one after the other from a stream, in the manner
// of bufio.Scanner:
//
//	rr := pacosako.NewRecordReader(f)
//	for rr.Scan() {
//		rec := rr.Record()
//		…
//	}
//	if err := rr.Err(); err != nil { … }
//
// A record that cannot be read stops the reader; Err returns a *RecordError that
// says which game, line and half-move, and why.
type RecordReader struct {
	sc     *bufio.Scanner
	line   int
	game   int
	rec    Record
	err    error
	peeked *string
}

// NewRecordReader returns a reader of the game records in r.
//
// Cost: each move is read as Position.ParseSAN reads it (usually microseconds).
func NewRecordReader(r io.Reader) *RecordReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	return &RecordReader{sc: sc}
}

// Record returns the record read by the last successful Scan.
func (rr *RecordReader) Record() Record { return rr.rec }

// Err returns the error that stopped the reader, or nil at a clean end.
func (rr *RecordReader) Err() error { return rr.err }

func (rr *RecordReader) next() (string, bool) {
	if rr.peeked != nil {
		s := *rr.peeked
		rr.peeked = nil
		return s, true
	}
	if !rr.sc.Scan() {
		if err := rr.sc.Err(); err != nil && rr.err == nil {
			rr.err = &RecordError{Game: rr.game, Line: rr.line, Err: err}
		}
		return "", false
	}
	rr.line++
	return strings.TrimSuffix(rr.sc.Text(), "\r"), true
}

func (rr *RecordReader) unread(s string) { rr.peeked = &s }

// Scan reads the next record; it returns false at the end of the input or on an
// error (see Err).
func (rr *RecordReader) Scan() bool {
	if rr.err != nil {
		return false
	}
	// Skip blank lines and lines starting with '%' (PGN's escape) before a record.
	var line string
	for {
		l, ok := rr.next()
		if !ok {
			return false
		}
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "%") {
			continue
		}
		line = t
		break
	}
	rr.game++
	startLine := rr.line
	fail := func(err error) bool {
		rr.err = &RecordError{Game: rr.game, Line: rr.line, Err: err}
		return false
	}
	var tags []Tag
	for strings.HasPrefix(line, "[") {
		tag, err := parseTag(line)
		if err != nil {
			return fail(err)
		}
		tags = append(tags, tag)
		l, ok := rr.next()
		if !ok {
			line = ""
			break
		}
		line = strings.TrimSpace(l)
	}
	// Movetext: up to the result token, or an empty line, or the next tag section.
	var text strings.Builder
	textLine := rr.line
	for {
		if strings.HasPrefix(line, "[") && text.Len() > 0 {
			rr.unread(line)
			rr.line--
			break
		}
		if line != "" || text.Len() > 0 {
			if text.Len() > 0 {
				text.WriteByte('\n')
			}
			text.WriteString(line)
		}
		if endsWithResult(line) {
			break
		}
		l, ok := rr.next()
		if !ok {
			break
		}
		line = strings.TrimSpace(l)
		if line == "" && text.Len() > 0 {
			break
		}
	}
	rec, err := buildRecord(tags, text.String(), rr.game, textLine)
	if err != nil {
		rr.err = err
		if re, ok := err.(*RecordError); ok && re.Line == 0 {
			re.Line = startLine
		}
		return false
	}
	rr.rec = rec
	return true
}

func endsWithResult(line string) bool {
	for _, r := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
		if strings.HasSuffix(line, r) && (len(line) == len(r) || line[len(line)-len(r)-1] == ' ' || line[len(line)-len(r)-1] == '}') {
			return true
		}
	}
	return false
}

func parseTag(line string) (Tag, error) {
	bad := func(reason string) (Tag, error) {
		return Tag{}, &NotationError{Notation: "record", Input: line, Reason: reason}
	}
	if !strings.HasSuffix(line, "]") {
		return bad("a tag pair ends with ]")
	}
	body := strings.TrimSpace(line[1 : len(line)-1])
	name, rest, ok := strings.Cut(body, " ")
	if !ok || name == "" {
		return bad("want [Name \"value\"]")
	}
	value, err := strconv.Unquote(strings.TrimSpace(rest))
	if err != nil {
		return bad("the value must be a quoted string")
	}
	return Tag{Name: name, Value: value}, nil
}

// ParseRecord reads exactly one game record from text.
//
// Cost: each move is read as Position.ParseSAN reads it (usually microseconds).
func ParseRecord(text string) (Record, error) {
	rr := NewRecordReader(strings.NewReader(text))
	if !rr.Scan() {
		if rr.Err() != nil {
			return Record{}, rr.Err()
		}
		return Record{}, &RecordError{Game: 1, Err: &NotationError{Notation: "record", Input: text, Reason: "no game record"}}
	}
	rec := rr.Record()
	if rr.Scan() {
		return Record{}, &RecordError{Game: 2, Line: rr.line, Err: &NotationError{Notation: "record", Input: text, Reason: "more than one game record"}}
	}
	if rr.Err() != nil {
		return Record{}, rr.Err()
	}
	return rec, nil
}

// buildRecord replays the movetext from the start the tags give.
func buildRecord(tags []Tag, text string, game, line int) (Record, error) {
	rec := Record{Tags: tags, Comments: map[int]string{}}
	fail := func(half int, moveText, fen string, err error) (Record, error) {
		return Record{}, &RecordError{Game: game, Line: line, HalfMove: half, MoveText: moveText, FEN: fen, Err: err}
	}
	start := StartingPosition()
	if fen := rec.Tag("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			return fail(0, "", "", err)
		}
		start = p
	}
	var opts []GameOption
	if v := rec.Tag("Rules"); v != "" {
		r, err := ParseRules(v)
		if err != nil {
			return fail(0, "", "", err)
		}
		start = start.WithRules(r)
	}
	if v := rec.Tag("Repetition"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fail(0, "", "", &NotationError{Notation: "record", Input: v, Reason: "Repetition is a number of occurrences (0 = off)"})
		}
		opts = append(opts, WithRepetitionLimit(n))
	}
	g := NewGame(start, opts...)
	result := "*"
	tokens, err := movetextTokens(text)
	if err != nil {
		return fail(0, "", "", err)
	}
	for i := 0; i < len(tokens); i++ {
		tok := tokens[i]
		switch {
		case strings.HasPrefix(tok, "{"):
			rec.Comments[g.Len()] = strings.TrimSpace(tok[1 : len(tok)-1])
			continue
		case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
			result = tok
			if i != len(tokens)-1 {
				return fail(g.Len()+1, tokens[i+1], g.Position().FEN(), &NotationError{Notation: "record", Input: text, Reason: "moves after the result"})
			}
			continue
		case isMoveNumber(tok):
			continue
		}
		// A move may have been split at spaces after its commas: rejoin.
		for strings.HasSuffix(tok, ",") && i+1 < len(tokens) {
			i++
			tok += tokens[i]
		}
		m, err := g.Position().ParseSAN(tok)
		if err != nil {
			return fail(g.Len()+1, tok, g.Position().FEN(), err)
		}
		next, err := g.Play(m)
		if err != nil {
			return fail(g.Len()+1, tok, g.Position().FEN(), err)
		}
		g = next
	}
	if v := rec.Tag("Pending"); v != "" {
		acts, err := ParseActions(v)
		if err != nil {
			return fail(g.Len()+1, v, g.Position().FEN(), err)
		}
		next, err := g.ApplyAll(acts)
		if err != nil || next.Len() != g.Len() {
			if err == nil {
				err = &NotationError{Notation: "record", Input: v, Reason: "Pending completes a half-move; write it in the movetext"}
			}
			return fail(g.Len()+1, v, g.Position().FEN(), err)
		}
		g = next
	}
	// The result: the moves decide Paco and the draws; other endings come from tags.
	if tagResult := rec.Tag("Result"); tagResult != "" && tagResult != result && result == "*" {
		result = tagResult
	}
	if want := g.Outcome().Result(); g.Outcome().IsOver() && result != want {
		return fail(0, "", g.Position().FEN(), &NotationError{Notation: "record", Input: result, Reason: "the moves end the game " + want + " (" + g.Outcome().String() + ")"})
	}
	if !g.Outcome().IsOver() && result != "*" {
		term := rec.Tag("Termination")
		var err error
		switch {
		case result == "1/2-1/2" && (term == "" || term == "Agreement"):
			g, err = g.AgreeDraw()
		case (result == "1-0" || result == "0-1") && (term == "" || term == "Resignation" || term == "Timeout"):
			loser := Black
			if result == "0-1" {
				loser = White
			}
			if term == "Timeout" {
				g, err = g.Timeout(loser)
			} else {
				g, err = g.Resign(loser)
			}
		default:
			err = &NotationError{Notation: "record", Input: term, Reason: "Termination does not fit the result " + result}
		}
		if err != nil {
			return fail(0, "", g.Position().FEN(), err)
		}
	}
	rec.Game = g
	// Keep only the tags that the game does not determine.
	var kept []Tag
	for _, t := range rec.Tags {
		switch t.Name {
		case "Result", "FEN", "Rules", "Repetition", "Termination", "Pending":
			continue
		}
		kept = append(kept, t)
	}
	rec.Tags = kept
	return rec, nil
}

func isMoveNumber(tok string) bool {
	digits := strings.TrimRight(tok, ".")
	if digits == tok || digits == "" {
		return false
	}
	_, err := strconv.Atoi(digits)
	return err == nil
}

// movetextTokens splits movetext at white space, keeping comments whole.
func movetextTokens(text string) ([]string, error) {
	var out []string
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return nil, &NotationError{Notation: "record", Input: text, Offset: i, Reason: "a comment { is not closed"}
			}
			out = append(out, text[i:i+end+1])
			i += end + 1
		case c == ';': // comment to the end of the line
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			i += end
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \n\t\r{", rune(text[j])) {
				j++
			}
			tok := text[i:j]
			// "1.e4" is number and move glued together.
			if k := strings.IndexByte(tok, '.'); k > 0 && isMoveNumber(tok[:k+1]) {
				dots := k
				for dots < len(tok) && tok[dots] == '.' {
					dots++
				}
				out = append(out, tok[:dots])
				tok = tok[dots:]
			}
			if tok != "" {
				out = append(out, tok)
			}
			i = j
		}
	}
	return out, nil
}
