package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/pgn"
	"github.com/pacosako-go/pacosako/records"
	"github.com/pacosako-go/pacosako/replaypage"
)

// convertCmd reads games in one notation and writes them in another, validating
// every move on the way.
//
// Input formats (-from; detected from the first line when left out):
//
//	record   game records (tag pairs and movetext), many per file, of either game
//	history  <name>\t<start>\t<actions>, one game per line (game_histories.tsv)
//	json     <name>\t<start>\t<pacoplay JSON action log>, one game per line
//	pacoplay pacoplay.com's match states: JSON objects, one per file or one per line
//
// Output formats (-to):
//
//	record   game records (the default)
//	history  <name>\t<start>\t<actions>
//	json     <name>\t<start>\t<pacoplay JSON action log>
//	san      <name>\t<start>\t<half-moves in chain SAN, space separated>
//	coord    <name>\t<start>\t<half-moves in coordinate notation, space separated>
//	uci      the same columns with Atomic's half-moves in UCI
//	replay   <name>\t<half-move>\t<labels> (the engine's replay notation)
//	tags     <name>\t[Tag "value"] [Tag "value"] …: every tag of a game on one
//	         line (a record's read without its movetext: SkipMovetext)
//	html     a replay page per game (package replaypage), a file in -o DIR
//	         (default: the current directory) named after the game; its path
//	         is printed when the file is complete
//	html-embed  the games as embeddable replays, a <div> and a <script> each
//	gif      an animated GIF per game (svg.GameGIF; gifout.go),
//	         a frame a half-move, -size pixels wide, the files as html's
//
// start is "new" for the standard start position with repetition draws off, as
// the engine's new games, or "start" or a FEN, read with them on. Written, it
// carries the game's rules where a FEN dialect can (lineStart): the engine's
// FEN for Pacoplay, vchess's for Vchess and VchessPacoplay; a game by rules no
// FEN carries, or whose repetition limit decides its ending where the column's
// would not, is reported (-to record keeps both; -rules names the rules of the
// lines written and to be read).
//
// Records of Atomic chess are read too: the Variant tag of each record picks its
// game ("Atomic", "Atomic960", "Atomic chess": Atomic; none or Paco Ŝako's values:
// Paco Ŝako), so one stream may mix the games; -variant atomic makes a record
// without a Variant tag Atomic (input from chess tools that write none). An
// Atomic game is written as a record (its Variant tag "Atomic"), san (SAN),
// coord or uci (UCI: Atomic's coordinate notation is UCI, so coord writes each
// game's own and suits a mixed stream; uci refuses a Paco Ŝako game, whose
// chains UCI cannot write), its start column a chess FEN, or as a replay page
// (html, html-embed: replaypage.Write, WriteEmbed), or as a GIF (gif:
// svg.GameGIF), as a Paco Ŝako game is, with the same calls. It has no
// actions (history, json, replay): those are reported for the game, as an
// unreadable game is, and the others converted.
// A game that cannot be read is reported on standard error with its number, the
// half-move and the position; the other games still run (with -to html, each
// game read has its page) and the exit status is 1.
//
// Records are read and written by -j workers at once (parallelOutput: the
// outputs written to standard output), split off the input by records.Splitter
// and written in the input's order, each game's output and messages as one
// worker would write them (convertjobs.go).
type convertCmd struct {
	com      *common
	stdin    io.Reader
	from, to string
	dir      string // -o: where -to html writes its pages, -to gif its GIFs
	pages    pages
	jobs     int // -j: the workers
	bound        // reading and writing moves

	gif gifFlags // -to gif's pictures (gifout.go)
}

func (c *convertCmd) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.from, "from", "", "input format: record, history, json or pacoplay (default: detected)")
	fs.StringVar(&c.to, "to", "record", "output format: record, history, json, san, coord, uci, replay, tags, html, html-embed or gif")
	fs.StringVar(&c.dir, "o", "", "the directory -to html writes its pages to, -to gif its GIFs (default: the current directory; made if absent)")
	c.gif.flags(fs)
	fs.IntVar(&c.jobs, "j", min(runtime.NumCPU(), maxJobs), "read and write records with `N` workers at once (one per CPU unless set, at most 256), written in the input's order")
	c.bound.maxStatesFlag(fs)
}

func (c *convertCmd) check() error {
	switch c.from {
	case "", "record", "history", "json", "pacoplay":
	default:
		return fmt.Errorf("-from must be record, history, json or pacoplay, got %q", c.from)
	}
	switch c.to {
	case "record", "history", "json", "san", "coord", "uci", "replay", "tags", "html", "html-embed", "gif":
	default:
		return fmt.Errorf("-to must be record, history, json, san, coord, uci, replay, tags, html, html-embed or gif, got %q", c.to)
	}
	if c.jobs < 1 {
		return fmt.Errorf("-j must be at least 1, got %d", c.jobs)
	}
	if c.jobs > maxJobs {
		return fmt.Errorf("-j must be at most %d, got %d", maxJobs, c.jobs)
	}
	if c.com.atomic && c.from != "" && c.from != "record" {
		return fmt.Errorf("-variant atomic reads records: -from %s is a Paco Ŝako format", c.from)
	}
	if c.dir != "" && c.to != "html" && c.to != "gif" {
		return fmt.Errorf("-o %s: only -to html and -to gif write files (-to %s writes to standard output)", quote(c.dir), c.to)
	}
	if err := c.gif.check(c.to); err != nil {
		return err
	}
	c.pages.dir = c.dir
	if c.to == "gif" {
		c.pages.ext = ".gif"
	}
	return c.bound.check()
}

// checkArgs allows one file at most.
func (c *convertCmd) checkArgs(args []string) error { return oneFile(args) }

// single reads the named file, or standard input without an argument.
func (c *convertCmd) single(args []string, out *bufio.Writer, stderr reporter) bool {
	return withInput(args, c.stdin, stderr, func(r io.Reader) bool { return c.convert(r, out, stderr) })
}

// line converts a single line of the history or json formats.
func (c *convertCmd) line(line string, out *bufio.Writer, stderr reporter) bool {
	return c.convert(strings.NewReader(line+"\n"), out, stderr)
}

// game is one game read, with a name: a Paco Ŝako game (g, and rec when it was
// read from a record) or an Atomic record (rec, and start, its start as the
// line formats write it).
type game struct {
	name  string
	start string
	g     pacosako.Game
	rec   records.Record // the record the game was read from, if any (a pacosako.Record or an atomic.Record): its tags and annotations
}

func (c *convertCmd) convert(r io.Reader, out *bufio.Writer, stderr reporter) bool {
	br := bufio.NewReaderSize(r, 64*1024)
	from := c.from
	switch {
	case from == "" && c.com.atomic:
		from = "record"
	case from == "":
		from = detect(br)
	}
	if (c.to == "html" || c.to == "gif") && c.dir != "" {
		if err := os.MkdirAll(c.dir, 0o755); err != nil {
			stderr.printf("-o: %s", fileError(err))
			return false
		}
	}
	ok := true
	emit := func(gm game) {
		msg := c.emit(gm, out)
		out.Flush() // the game's output, then its message: in place on one stream, as the workers write them
		if msg != "" {
			stderr.printf("%s", msg)
			ok = false
		}
	}
	switch from {
	case "pacoplay":
		// Match states: JSON objects one after the other (one per line, or one
		// spread over many lines); a bad one is reported and the others converted.
		dec := json.NewDecoder(br)
		for n := 1; ; n++ {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err == io.EOF {
				break
			} else if err != nil {
				stderr.printf("match %d: not JSON: %s", n, oneLine(err.Error()))
				ok = false
				break
			}
			rec, err := pacosako.ParsePacoplayMatch(raw)
			if err != nil {
				stderr.printf("match %d: %s", n, libError(err))
				ok = false
				continue
			}
			name := "pacoplay " + rec.Tag("GameId")
			rec.Tags = append([]pacosako.Tag{{Name: "Event", Value: name}}, rec.Tags...)
			emit(game{name: name, g: rec.Game, rec: rec})
		}
	case "record":
		// Each record is read by the game its Variant tag names (package records);
		// a game that cannot be read is reported, the others are converted.
		untagged := records.PacoSako // -variant: the game of a record without a Variant tag
		if c.com.atomic {
			untagged = records.Atomic
		}
		if c.jobs > 1 && c.parallelOutput() {
			return c.convertParallel(br, untagged, out, stderr)
		}
		rr := records.NewReaderContext(context.Background(), br, untagged, pacosako.Limits{MaxStates: c.maxStates})
		rr.SkipMovetext(c.to == "tags")
		for n := 1; rr.Scan(); n++ {
			rec, err := rr.Record()
			if err != nil {
				stderr.printf("%s", libError(c.wrap(err)))
				ok = false
				continue
			}
			emit(recordGame(n, rec))
		}
		if err := rr.Err(); err != nil {
			stderr.printf("%s", libError(err))
			ok = false
		}
	default:
		n := 0
		eachLine(br, stderr, func(line string) bool {
			n++
			gm, err := c.readLine(line, from)
			if err != nil {
				stderr.printf("game %d: %v", n, err)
				ok = false
				return false
			}
			emit(gm)
			return true
		})
	}
	return ok
}

// recordGame is the game of record rec, the nth of its stream: named after its
// Event tag, else "game n".
func recordGame(n int, rec records.Record) game {
	name := rec.Tag("Event")
	if name == "" || name == "?" {
		name = "game " + strconv.Itoa(n)
	}
	switch r := rec.(type) {
	case pacosako.Record:
		return game{name: name, g: r.Game, rec: r}
	case atomic.Record:
		return game{name: name, start: r.Game.Start().FEN(), rec: r}
	}
	return game{name: name}
}

// emit writes one game in the output format to out and returns the message
// that reports why it could not, or "".
func (c *convertCmd) emit(gm game, out *bufio.Writer) string {
	if err := c.writeGame(gm, out); err != nil {
		return quote(gm.name) + ": " + libError(err)
	}
	return ""
}

// writeGame writes one game in the output format: the formats of a record of
// either game (html, html-embed, gif, tags) with the one call of the library
// that serves both, the others as the game writes them (write, writeAtomic).
func (c *convertCmd) writeGame(gm game, out *bufio.Writer) error {
	switch c.to {
	case "html":
		return c.pages.write(gm.name, out, func(w io.Writer) error { return replaypage.Write(w, gm.pageRecord()) })
	case "html-embed":
		return replaypage.WriteEmbed(out, gm.pageRecord())
	case "gif":
		return c.writeGIF(gm, out)
	case "tags":
		writeTags(out, gm.name, tagsOf(gm.record()))
		return nil
	}
	if rec, ok := gm.rec.(atomic.Record); ok {
		return c.writeAtomic(gm.name, gm.start, rec, out)
	}
	return c.write(gm, out)
}

// lineStart is a game's start column in the line formats (history, json, san,
// coord), written so that reading the line back plays the same game: "new" for
// the standard position without repetition draws, else the start's FEN in the
// dialect that carries its rules — the engine's for Pacoplay, vchess's for Vchess
// (six fields) and VchessPacoplay (five) — read with the third repetition
// drawing. Other rules no column carries: the game is an error, unless -rules
// names them. With -rules, every line is to be read with -rules too: a game by
// other rules is an error. A repetition limit other than the column's is an error
// only when it shows: when the game's actions, replayed under the column's limit,
// end in a draw by repetition where the game has none, or the other way round.
func (c *convertCmd) lineStart(g pacosako.Game) (string, error) {
	start := g.Start()
	rules := start.Rules()
	told := c.com.rules != nil
	if told && *c.com.rules != rules {
		return "", fmt.Errorf("the game's rules, %s, are not the ones -rules %s names, with which the line is to be read: convert it without -rules, or -to record (its Rules tag keeps them)", rules, c.com.rulesName)
	}
	fen := ""
	if rules == pacosako.Vchess || rules == pacosako.VchessPacoplay {
		if v, err := start.FENIn(pacosako.VchessDialect); err == nil {
			if back, err := pacosako.ParseFEN(v); err == nil && back.Rules() == rules && back.Equal(start) {
				fen = v
			}
		}
	}
	switch {
	case fen != "":
	case rules == pacosako.Pacoplay || told:
		fen = start.FEN()
	default:
		how := "-to record keeps them (its Rules tag)"
		if preset := rules.String(); !strings.Contains(preset, "(") {
			how += ", or -rules " + strings.ToLower(preset) + " writes the FEN for a reader given -rules " + strings.ToLower(preset) + " too"
		}
		return "", fmt.Errorf("the game's rules, %s, cannot be written in -to %s's start column (an engine FEN there is read with the Pacoplay rules, a vchess FEN with vchess's): %s", rules, c.to, how)
	}
	if fen == pacosako.StartFEN && g.RepetitionLimit() == 0 {
		return "new", nil
	}
	const read = 3 // a FEN column's repetition limit, as newGame reads it
	if n := g.RepetitionLimit(); n != read && repetitionShows(g, read) {
		return "", fmt.Errorf("the game's repetition limit, %d, cannot be written in -to %s's start column (a FEN there is read with %d, \"new\" with 0 for the standard start), and it decides how the game ends: -to record keeps it (its Repetition tag)", n, c.to, read)
	}
	return fen, nil
}

// repetitionShows reports whether g's actions, replayed from its start with the
// repetition limit n, make a game that ends by repetition differently: a draw by
// repetition before its last action, or at its end where g has none, or none
// where g has one.
func repetitionShows(g pacosako.Game, n int) bool {
	h, err := pacosako.NewGame(g.Start(), pacosako.WithRepetitionLimit(n)).ApplyAll(append(g.PlayedActions(), g.PendingActions()...))
	if err != nil {
		return true // over before the end: a draw by repetition
	}
	return (h.Outcome().Termination == pacosako.Repetition) != (g.Outcome().Termination == pacosako.Repetition)
}

// wholeInput marks a command that reads "-" (standard input) as one stream.
func (c *convertCmd) wholeInput() {}

// detect guesses the input format from the first line that is not empty or a '#'
// comment, leaving the input unread. A line is judged whole (a JSON log's "[{"
// may stand after a long name and FEN), unless it is longer than 64 KB.
func detect(br *bufio.Reader) string {
	if b, _ := br.Peek(2); string(b) == "\xff\xfe" || string(b) == "\xfe\xff" {
		return "record" // UTF-16, which the record reader names in its error
	}
	for n := 64; n <= 64*1024; n *= 4 {
		b, _ := br.Peek(n)
		ls := strings.Split(string(b), "\n")
		if len(b) == n && n < 64*1024 {
			ls = ls[:len(ls)-1] // cut short: looked at again with more
		}
		for _, l := range ls {
			l = strings.TrimSpace(l)
			switch {
			case l == "" || strings.HasPrefix(l, "#"):
				continue
			case strings.HasPrefix(l, "[{"), strings.HasPrefix(l, "[]"):
				return "json"
			case strings.HasPrefix(l, "{"):
				return "pacoplay"
			case strings.HasPrefix(l, "["):
				return "record"
			case strings.Count(l, "\t") >= 2 && strings.Contains(l, "[{"):
				return "json"
			case strings.Count(l, "\t") >= 1:
				return "history"
			default:
				return "record"
			}
		}
		if len(b) < n {
			break
		}
	}
	return "record"
}

// readLine reads one game of the history or json line formats.
func (c *convertCmd) readLine(line, from string) (game, error) {
	switch {
	case from == "json" && !strings.Contains(line, "\t"):
		line = "game\tnew\t" + line // a bare action log
	case from == "json" && strings.Count(line, "\t") == 1:
		return game{}, fmt.Errorf("want <name>\\t<start>\\t<JSON action log>, got 2 columns: %s", quote(line))
	}
	what, parse := "actions", pacosako.ParseActions
	if from == "json" {
		what, parse = "JSON action log", func(s string) ([]pacosako.Action, error) { return pacosako.ParseActionLog([]byte(s)) }
	}
	h, err := c.com.readHistoryLine(line, what, parse)
	if err != nil {
		return game{}, err
	}
	name, g, actions := h.name, h.g, h.actions
	for i, a := range actions {
		next, err := g.Apply(a)
		if err != nil {
			return game{}, wrap(err, nil, "%s: action %d, half-move %d", quote(name), i+1, g.Len()+1)
		}
		g = next
	}
	return game{name: name, g: g}, nil
}

// write writes one game in the output format.
func (c *convertCmd) write(gm game, out *bufio.Writer) error {
	g := gm.g
	switch c.to {
	case "record":
		return c.wrap(pacosako.WriteRecordContext(context.Background(), out, gm.pacoRecord(), c.limits()))
	case "history", "json":
		start, err := c.lineStart(g)
		if err != nil {
			return err
		}
		text := pacosako.FormatActions(g.PlayedActions())
		if c.to == "json" {
			text = string(g.ActionLog())
		}
		fmt.Fprintf(out, "%s\t%s\t%s\n", echo(gm.name, false), start, text)
	case "uci":
		return errors.New("UCI writes chess moves, not Paco Ŝako's chains: -to coord writes them in coordinate notation")
	case "san", "coord":
		if pending := g.PendingActions(); len(pending) > 0 {
			return fmt.Errorf("the unfinished half-move %v cannot be written in %s: it is not a move", pacosako.FormatActions(pending), map[string]string{"san": "chain SAN", "coord": "coordinate notation"}[c.to])
		}
		start, err := c.lineStart(g)
		if err != nil {
			return err
		}
		var words []string
		if c.to == "san" {
			var err error
			if words, err = playedSAN(context.Background(), g, c.bound); err != nil {
				return err
			}
		} else {
			for _, m := range g.PlayedMoves() {
				words = append(words, m.Coordinate())
			}
		}
		fmt.Fprintf(out, "%s\t%s\t%s\n", echo(gm.name, false), start, strings.Join(words, " "))
	case "replay":
		replay, err := pacosako.ReplayNotation(g.Start(), g.PlayedActions())
		if err != nil {
			return err // a game's own actions always replay
		}
		for _, h := range replay {
			fmt.Fprintf(out, "%s\t%d\t%s\n", echo(gm.name, false), h.HalfMove, h)
		}
	}
	return nil
}

// writeAtomic writes the Atomic game rec, named name, in the output format: a
// record, SAN, or UCI (for -to coord too, Atomic's coordinate notation), in the
// columns of the Paco Ŝako game's (start its start column); the formats of
// actions are refused.
func (c *convertCmd) writeAtomic(name, start string, rec atomic.Record, out *bufio.Writer) error {
	g := rec.Game
	var words []string
	switch c.to {
	case "record":
		return atomic.WriteRecord(out, rec)
	case "san":
		words = g.PlayedSAN()
	case "coord", "uci":
		words = g.PlayedUCI()
	default:
		return fmt.Errorf("an Atomic game has no actions (-to %s writes Paco Ŝako's): -to record, san, coord, uci, tags, html, html-embed or gif write it", c.to)
	}
	fmt.Fprintf(out, "%s\t%s\t%s\n", echo(name, false), start, strings.Join(words, " "))
	return nil
}

// writeTags writes a game's line of -to tags: its name, then every tag as PGN
// writes a tag pair (its value cleaned as in a record: pgn.EscapeTagValue).
func writeTags(out *bufio.Writer, name string, tags []pacosako.Tag) {
	out.WriteString(echo(name, false))
	for i, t := range tags {
		sep := " "
		if i == 0 {
			sep = "\t"
		}
		out.WriteString(sep + "[" + t.Name + " \"" + pgn.EscapeTagValue(t.Value) + "\"]")
	}
	out.WriteString("\n")
}
