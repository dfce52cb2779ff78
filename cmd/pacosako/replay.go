package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/pacosako-go/pacosako"
)

// replayCmd replays action histories (game_histories.tsv lines) half-move by
// half-move, in the row format of games.tsv.
type replayCmd struct {
	stdin io.Reader
	com   *common
	bound // each legal-move count
}

// checkArgs allows one file at most.
func (c *replayCmd) checkArgs(args []string) error { return oneFile(args) }

// single reads the named file, or standard input without an argument.
func (c *replayCmd) single(args []string, out *bufio.Writer, stderr reporter) bool {
	return withInput(args, c.stdin, stderr, func(r io.Reader) bool {
		return eachLine(r, stderr, func(line string) bool { ok := c.line(line, out, stderr); out.Flush(); return ok })
	})
}

// line replays one history: <name>\t<start>\t<actions>.
func (c *replayCmd) line(line string, out *bufio.Writer, stderr reporter) bool {
	h, err := c.com.readHistoryLine(line, "actions", pacosako.ParseActions)
	if err != nil {
		stderr.printf("%v", err)
		return false
	}
	name, start, g, actions := h.name, h.start, h.g, h.actions
	ctx, cancel := c.context() // -timeout: the whole history
	defer cancel()
	// row writes one row; a count over -max-states stops the game (the rows before
	// it are written).
	row := func(label, acts string, g pacosako.Game, settled bool) bool {
		moves := "-"
		if settled {
			n, err := legalMoveCount(ctx, g, c.bound)
			if err != nil {
				stderr.printf("%s: half-move %s: legal moves: %s", quote(name), label, libError(err))
				return false
			}
			moves = strconv.Itoa(n)
		}
		fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\n", echo(name, false), label, acts, fenIn(g.Position(), outputDialect(start)), moves, g.Outcome().VictoryState())
		return true
	}
	if !row("0", "", g, true) {
		return false
	}
	for i, a := range actions {
		next, err := g.Apply(a)
		if err != nil {
			stderr.printf("%s: action %d: %s", quote(name), i+1, libError(err))
			return false
		}
		if next.Len() > g.Len() {
			m := next.PlayedMoves()[next.Len()-1]
			if !row(strconv.Itoa(next.Len()), m.String(), next, true) {
				return false
			}
		}
		g = next
	}
	if p := g.PendingActions(); len(p) > 0 {
		row("INCOMPLETE", pacosako.FormatActions(p), g, false)
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
	case "new": // the engine's DenseBoard::new(): no repetition draw
		p = pacosako.StartingPosition()
		opts = append(opts, pacosako.WithRepetitionLimit(0))
	case "start": // the start position, as its FEN: the third repetition draws
		p = pacosako.StartingPosition()
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
		p = p.WithRules(p.Rules().WithNoProgressLimit(noProgress))
	}
	return pacosako.NewGame(p, opts...), nil
}
