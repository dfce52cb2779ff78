package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
)

// replayCmd replays action histories (game_histories.tsv lines) half-move by
// half-move, in the row format of games.tsv.
type replayCmd struct {
	stdin io.Reader
	com   *common
}

func (c *replayCmd) flags(fs *flag.FlagSet) {}
func (c *replayCmd) check() error           { return nil }

// single reads the named file, or standard input without an argument.
func (c *replayCmd) single(args []string, out *bufio.Writer, stderr io.Writer) bool {
	if len(args) > 1 {
		fmt.Fprintf(stderr, "pacosako replay: want one file, got %d arguments\n", len(args))
		return false
	}
	r := c.stdin
	if len(args) == 1 {
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "pacosako replay: %v\n", err)
			return false
		}
		defer f.Close()
		r = f
	}
	return eachLine(r, stderr, func(line string) bool { ok := c.line(line, out, stderr); out.Flush(); return ok })
}

// line replays one history: <name>\t<start>\t<actions>.
func (c *replayCmd) line(line string, out *bufio.Writer, stderr io.Writer) bool {
	fields := strings.Split(line, "\t")
	if len(fields) < 2 || len(fields) > 3 {
		fmt.Fprintf(stderr, "pacosako replay: want <name>\\t<start>\\t<actions>, got %d columns: %q\n", len(fields), line)
		return false
	}
	name, start := fields[0], fields[1]
	actionText := ""
	if len(fields) == 3 {
		actionText = fields[2]
	}
	g, err := c.com.newGame(start, -1, -1)
	if err != nil {
		fmt.Fprintf(stderr, "pacosako replay: %s: %v\n", name, err)
		return false
	}
	actions, err := pacosako.ParseActions(actionText)
	if err != nil {
		fmt.Fprintf(stderr, "pacosako replay: %s: %v\n", name, err)
		return false
	}
	row := func(label, acts string, moves string, g pacosako.Game) {
		fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\n", name, label, acts, g.Position().FENIn(pacosako.FENDialect(start)), moves, g.Outcome())
	}
	row("0", "", strconv.Itoa(g.LegalMoveCount()), g)
	for i, a := range actions {
		next, err := g.Apply(a)
		if err != nil {
			fmt.Fprintf(stderr, "pacosako replay: %s: action %d (%v) in %s: %v\n", name, i+1, a, g.Position().FEN(), err)
			return false
		}
		if next.Len() > g.Len() {
			m := next.Moves()[next.Len()-1]
			row(strconv.Itoa(next.Len()), m.String(), strconv.Itoa(next.LegalMoveCount()), next)
		}
		g = next
	}
	if p := g.Pending(); len(p) > 0 {
		row("INCOMPLETE", pacosako.FormatActions(p), "-", g)
	}
	return true
}

// newGame starts a game from "new"/"start" (the standard position, repetition draws
// off as in the engine's new games) or a FEN (repetition draws on). repetition and
// noProgress override the defaults when not negative.
func (c *common) newGame(start string, repetition, noProgress int) (pacosako.Game, error) {
	var opts []pacosako.GameOption
	var p pacosako.Position
	switch start {
	case "new", "start":
		p = pacosako.StartingPosition()
		opts = append(opts, pacosako.WithRepetitionLimit(0))
	default:
		var err error
		if p, err = pacosako.ParseFEN(start); err != nil {
			return pacosako.Game{}, err
		}
	}
	if c.rules != nil {
		p = p.WithRules(*c.rules)
	}
	if repetition >= 0 {
		opts = append(opts, pacosako.WithRepetitionLimit(repetition))
	}
	if noProgress >= 0 {
		opts = append(opts, pacosako.WithNoProgressLimit(noProgress))
	}
	return pacosako.NewGame(p, opts...), nil
}
