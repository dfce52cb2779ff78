package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"

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

// checkArgs allows one file at most.
func (c *notationCmd) checkArgs(args []string) error { return oneFile(args) }

// single reads the named file, or standard input without an argument.
func (c *notationCmd) single(args []string, out *bufio.Writer, stderr reporter) bool {
	return withInput(args, c.stdin, stderr, func(r io.Reader) bool {
		return eachLine(r, stderr, func(line string) bool { ok := c.line(line, out, stderr); out.Flush(); return ok })
	})
}

// line writes one history, <name>\t<start>\t<actions>, as <name>\t<half-move>\t<labels>
// lines. The actions are played in a game as replay plays them (repetition draws
// off for "new", on for a FEN), so an action after the end of the game is refused
// as the engine refuses it; nothing is printed for a history with an illegal
// action.
func (c *notationCmd) line(line string, out *bufio.Writer, stderr reporter) bool {
	h, err := c.com.readHistoryLine(line, "actions", pacosako.ParseActions)
	if err != nil {
		stderr.printf("%v", err)
		return false
	}
	name, g, actions := h.name, h.g, h.actions
	for i, a := range actions {
		next, err := g.Apply(a)
		if err != nil {
			stderr.printf("%s: action %d: %s", quote(name), i+1, libError(err))
			return false
		}
		g = next
	}
	replay, err := pacosako.ReplayNotation(g.Start(), g.PlayedActions())
	if err != nil { // cannot happen: the game played every action
		stderr.printf("%s: %s", quote(name), libError(err))
		return false
	}
	for _, h := range replay {
		fmt.Fprintf(out, "%s\t%d\t%s\n", echo(name, false), h.HalfMove, h)
	}
	return true
}
