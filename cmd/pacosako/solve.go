package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
)

// solveCmd is "pacosako solve": the forced Paco of pacosako.Solve, one line per
// position, <fen>\t<attacker>\t<n>\t<count>\t<fens>\t<path>, and with -proof the
// proof trees below it.
type solveCmd struct {
	n         int
	chasing   bool
	colorName string
	color     *pacosako.Color // nil: the side to move attacks
	proof     bool
	maxStates int
	stderr    reporter
	failed    bool
}

func (c *solveCmd) flags(fs *flag.FlagSet) {
	fs.IntVar(&c.n, "n", 3, "the largest number of moves searched, the Paco included")
	fs.BoolVar(&c.chasing, "chasing", false, "only chasing moves: every attacking move gives Ŝako and leaves the defender none (-n 2: the engine's chasing Paco in 2)")
	fs.StringVar(&c.colorName, "color", "", "the attacker, white or black, made the side to move (default: the side to move)")
	fs.BoolVar(&c.proof, "proof", false, "print below each line the proof tree of every winning first move")
	fs.IntVar(&c.maxStates, "max-states", 0, "give up on a position whose move or threat search holds more states (0 = no limit)")
}

func (c *solveCmd) check() error {
	if c.n < 1 {
		return fmt.Errorf("-n must be at least 1, got %d", c.n)
	}
	if c.maxStates < 0 {
		return fmt.Errorf("-max-states must be at least 0, got %d", c.maxStates)
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
	sol, err := pacosako.Solve(context.Background(), p, pacosako.SolveOptions{
		MaxN: c.n, Chasing: c.chasing, Proofs: c.proof, Limits: pacosako.Limits{MaxStates: c.maxStates},
	})
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
