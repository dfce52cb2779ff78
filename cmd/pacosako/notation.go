package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pacosako-go/pacosako"
)

// notationCmd writes action histories (game_histories.tsv lines) in the official
// engine's replay notation, one line per half-move in the format of the first,
// second and fifth columns of notation.tsv.
type notationCmd struct {
	stdin io.Reader
	com   *common
}

func (c *notationCmd) flags(fs *flag.FlagSet) {}
func (c *notationCmd) check() error           { return nil }

// single reads the named file, or standard input without an argument.
func (c *notationCmd) single(args []string, out *bufio.Writer, stderr io.Writer) bool {
	if len(args) > 1 {
		fmt.Fprintf(stderr, "pacosako notation: want one file, got %d arguments\n", len(args))
		return false
	}
	r := c.stdin
	if len(args) == 1 {
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "pacosako notation: %v\n", err)
			return false
		}
		defer f.Close()
		r = f
	}
	return eachLine(r, stderr, func(line string) bool { ok := c.line(line, out, stderr); out.Flush(); return ok })
}

// line writes one history, <name>\t<start>\t<actions>, as <name>\t<half-move>\t<labels>
// lines. The actions are played in a game as replay plays them (repetition draws
// off for "new", on for a FEN), so an action after the end of the game is refused
// as the engine refuses it; nothing is printed for a history with an illegal
// action.
func (c *notationCmd) line(line string, out *bufio.Writer, stderr io.Writer) bool {
	fields := strings.Split(line, "\t")
	if len(fields) < 2 || len(fields) > 3 {
		fmt.Fprintf(stderr, "pacosako notation: want <name>\\t<start>\\t<actions>, got %d columns: %q\n", len(fields), line)
		return false
	}
	name, start := fields[0], fields[1]
	actionText := ""
	if len(fields) == 3 {
		actionText = fields[2]
	}
	g, err := c.com.newGame(start, -1, -1)
	if err != nil {
		fmt.Fprintf(stderr, "pacosako notation: %s: %v\n", name, err)
		return false
	}
	actions, err := pacosako.ParseActions(actionText)
	if err != nil {
		fmt.Fprintf(stderr, "pacosako notation: %s: %v\n", name, err)
		return false
	}
	for i, a := range actions {
		next, err := g.Apply(a)
		if err != nil {
			fmt.Fprintf(stderr, "pacosako notation: %s: action %d (%v) in %s: %v\n", name, i+1, a, g.Position().FEN(), err)
			return false
		}
		g = next
	}
	for _, h := range g.ReplayNotation() {
		fmt.Fprintf(out, "%s\t%d\t%s\n", name, h.HalfMove, h)
	}
	return true
}
