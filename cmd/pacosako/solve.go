package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako"
)

// solveCmd is "pacosako solve": the forced Paco of pacosako.Solve, one line per
// position, <fen>\t<attacker>\t<n>\t<count>\t<fens>\t<path>, and with -proof the
// proof trees below it.
type solveCmd struct {
	n          int
	chasing    bool
	colorName  string
	color      *pacosako.Color // nil: the side to move attacks
	proof      bool
	bound                    // every move and threat search
	timeout    time.Duration // -timeout: the longest one position is searched; 0: no limit
	timeoutSet bool          // -timeout was given
	stderr     reporter
	failed     bool
	// terminal reports whether stderr is a terminal (replaced in tests).
	terminal func(w io.Writer) bool
	// progressAfter is how long a search runs before its progress is shown.
	progressAfter time.Duration
}

// defaultSolveTimeout is -timeout when it is not given.
const defaultSolveTimeout = time.Minute

func (c *solveCmd) flags(fs *flag.FlagSet) {
	fs.IntVar(&c.n, "n", 3, "the largest number of moves searched, the Paco included")
	fs.BoolVar(&c.chasing, "chasing", false, "only chasing moves: every attacking move gives Ŝako and leaves the defender none (-n 2: the engine's chasing Paco in 2)")
	fs.StringVar(&c.colorName, "color", "", "the attacker, white or black, made the side to move (default: the side to move)")
	fs.BoolVar(&c.proof, "proof", false, "print below each line the proof tree of every winning first move")
	c.bound.flags(fs)
	c.timeout = defaultSolveTimeout
	fs.Func("timeout", "give up on a position searched longer than `D` (0 = no limit; default 1m0s)", func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("%q is not a duration such as 30s or 2m", v)
		}
		c.timeout, c.timeoutSet = d, true
		return nil
	})
}

func (c *solveCmd) check() error {
	if c.n < 1 {
		return fmt.Errorf("-n must be at least 1, got %d", c.n)
	}
	if err := c.bound.check(); err != nil {
		return err
	}
	if c.timeout < 0 {
		return fmt.Errorf("-timeout must be at least 0, got %v", c.timeout)
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

// failedLast reports whether the last run failed (see fenCommand.do).
func (c *solveCmd) failedLast() bool { f := c.failed; c.failed = false; return f }

func (c *solveCmd) run(p pacosako.Position, fen string, d pacosako.FENDialect, batch bool, out *bufio.Writer) {
	fail := func(msg string) {
		c.stderr.printf("%s: %s", quote(fen), msg)
		c.failed = true
	}
	if c.color != nil && *c.color != p.Turn() {
		if !p.Hand().IsEmpty() {
			fail(fmt.Sprintf("-color %s: a move of %v is in progress (a piece in the hand); the side to move can change only between moves", strings.ToLower(c.color.String()), p.Turn()))
			return
		}
		s := p.Setup()
		s.Turn = *c.color
		q, err := s.Position()
		if err != nil {
			fail(libError(err))
			return
		}
		p = q
	}
	sol, err := c.solve(p)
	if err != nil {
		fail(libError(err))
		return
	}
	n, fens, path := "-", "-", "-"
	if sol.N > 0 {
		n = strconv.Itoa(sol.N)
		list := make([]string, len(sol.Moves))
		best := sol.Moves[0]
		for i, m := range sol.Moves {
			list[i] = m.After().FEN()
			if m.Len() < best.Len() || m.Len() == best.Len() && m.String() < best.String() {
				best = m
			}
		}
		slices.Sort(list)
		fens, path = strings.Join(list, " | "), best.String()
	}
	fmt.Fprintf(out, "%s\t%v\t%s\t%d\t%s\t%s\n", echo(fen, true), p.Turn(), n, len(sol.Moves), fens, path)
	for _, pr := range sol.Proofs {
		for _, l := range strings.SplitAfter(pr.String(), "\n") {
			if l != "" {
				out.WriteString("  " + l)
			}
		}
	}
}

// solve runs pacosako.Solve under -max-states and -timeout, showing its progress
// on standard error when that is a terminal and the search takes more than a
// second (as perft -parallel does).
func (c *solveCmd) solve(p pacosako.Position) (pacosako.Solution, error) {
	ctx := context.Background()
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	var last pacosako.SolveProgress // for the message when the time is up
	isTerm := c.terminal
	if isTerm == nil {
		isTerm = isTerminal
	}
	var pr *progress
	if isTerm(c.stderr.w) {
		pr = newProgress(c.stderr, c.progressAfter)
		defer pr.finish()
	}
	sol, err := pacosako.Solve(ctx, p, pacosako.SolveOptions{
		MaxN: c.n, Chasing: c.chasing, Proofs: c.proof, Limits: c.limits(),
		Progress: func(sp pacosako.SolveProgress) {
			last = sp
			if pr != nil {
				pr.show(false, func() string { return solveStage(sp) })
			}
		},
	})
	if errors.Is(err, context.DeadlineExceeded) {
		def := ""
		if !c.timeoutSet {
			def = ", the default"
		}
		return sol, fmt.Errorf("stopped after -timeout %v%s, %s; -timeout 0 lifts the limit", c.timeout, def, solveStage(last))
	}
	return sol, c.wrap(err)
}

// solveStage says how far a solve has come: "no forced Paco in up to 4 moves,
// searching 5, 1234567 positions searched".
func solveStage(sp pacosako.SolveProgress) string {
	var at string
	switch {
	case sp.Proving:
		at = fmt.Sprintf("a forced Paco in %d found, building the proofs", sp.N)
	case sp.N > 1:
		at = fmt.Sprintf("no forced Paco in up to %d moves, searching %d", sp.N-1, sp.N)
	default:
		at = "searching 1 move"
	}
	return fmt.Sprintf("%s, %d positions searched", at, sp.Nodes)
}
