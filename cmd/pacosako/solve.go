package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako"
)

// solveCmd is "pacosako solve": the shortest forced win of the game's Solve
// (pacosako.Solve: a Paco; atomic.Solve: the enemy king exploded or mated), one
// line per position, <fen>\t<attacker>\t<n>\t<count>\t<fens>\t<moves>, and with
// -proof the proof trees below it.
type solveCmd struct {
	n         int
	chasing   bool
	colorName string
	color     *pacosako.Color // nil: the side to move attacks
	proof     bool
	bound     // every move and threat search (Atomic: the table); -timeout each position
	stderr    reporter
	// terminal reports whether stderr is a terminal (replaced in tests).
	terminal func(w io.Writer) bool
	// progressAfter is how long a search runs before its progress is shown.
	progressAfter time.Duration
}

// defaultSolveTimeout is -timeout when it is not given.
const defaultSolveTimeout = time.Minute

func (c *solveCmd) flags(fs *flag.FlagSet) {
	fs.IntVar(&c.n, "n", 3, "the largest number of moves searched, the winning one included")
	fs.BoolVar(&c.chasing, "chasing", false, "only chasing moves: every attacking move but the last gives Ŝako and leaves the defender none (-n 2: the engine's chasing Paco in 2); Atomic: gives check")
	fs.StringVar(&c.colorName, "color", "", "the attacker, white or black, made the side to move (default: the side to move)")
	fs.BoolVar(&c.proof, "proof", false, "print below each line the proof tree of every winning first move")
	c.timeout = defaultSolveTimeout
	c.bound.flags(fs)
}

func (c *solveCmd) check() error {
	if c.n < 1 {
		return fmt.Errorf("-n must be at least 1, got %d", c.n)
	}
	if err := c.bound.check(); err != nil {
		return err
	}
	if c.colorName != "" {
		col, err := pacosako.ParseColor(c.colorName)
		if err != nil || len(c.colorName) == 1 {
			return fmt.Errorf("-color must be white or black, got %s", quote(c.colorName))
		}
		c.color = &col
	}
	return nil
}

func (c *solveCmd) run(p position, fen string, batch bool, out *bufio.Writer) bool {
	fail := func(msg string) bool {
		c.stderr.printf("%s: %s", quote(fen), msg)
		return false
	}
	if c.color != nil {
		q, err := p.withTurn(*c.color)
		if err != nil {
			return fail(libError(err))
		}
		p = q
	}
	sol, err := c.solve(p)
	if err != nil {
		return fail(libError(err))
	}
	n, fens, moves := "-", "-", "-"
	if sol.n > 0 {
		n, fens, moves = strconv.Itoa(sol.n), strings.Join(sol.fens, " | "), sol.moves
	}
	fmt.Fprintf(out, "%s\t%v\t%s\t%d\t%s\t%s\n", echo(fen, true), p.turn(), n, len(sol.fens), fens, moves)
	for _, pr := range sol.proofs {
		writeLines(out, pr, "  ")
	}
	return true
}

// solve runs the game's Solve under -max-states and -timeout, showing its
// progress on standard error when that is a terminal and the search takes more
// than a second (as perft -parallel does).
func (c *solveCmd) solve(p position) (solution, error) {
	ctx, cancel := c.context()
	defer cancel()
	var last solveStage // for the message when the time is up
	isTerm := c.terminal
	if isTerm == nil {
		isTerm = isTerminal
	}
	var pr *progress
	if isTerm(c.stderr.w) {
		pr = newProgress(c.stderr, c.progressAfter)
		defer pr.finish()
	}
	sol, err := p.solve(ctx, solveOptions{n: c.n, chasing: c.chasing, proof: c.proof, bound: c.bound,
		progress: func(st solveStage) {
			last = st
			if pr != nil {
				pr.show(false, func() string { return st.String() })
			}
		},
	})
	if errors.Is(err, context.DeadlineExceeded) {
		def := ""
		if !c.timeoutSet {
			def = ", the default"
		}
		return sol, fmt.Errorf("stopped after -timeout %v%s, %s; -timeout 0 lifts the limit", c.timeout, def, last)
	}
	return sol, c.wrap(err)
}

// String says how far a solve has come: "no forced win in up to 4 moves,
// searching 5, 1234567 positions searched".
func (st solveStage) String() string {
	var at string
	switch {
	case st.proving:
		at = fmt.Sprintf("a forced win in %d found, building the proofs", st.n)
	case st.n > 1:
		at = fmt.Sprintf("no forced win in up to %d moves, searching %d", st.n-1, st.n)
	default:
		at = "searching 1 move"
	}
	return fmt.Sprintf("%s, %d positions searched", at, st.nodes)
}
