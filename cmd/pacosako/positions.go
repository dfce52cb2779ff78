package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"slices"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// The commands that work on one position at a time (perft, moves, fen, sako,
// solve): the arguments, or each line of standard input, are a FEN of the game
// -variant names (the start position when there are none).

// fenCommand adapts a command that works on one position.
type fenCommand struct {
	fenRunner
	com *common
}

type fenRunner interface {
	flags(fs *flag.FlagSet)
	check() error
	// run runs the command on p, read from the input fen, and reports whether it
	// served it.
	run(p position, fen string, batch bool, out *bufio.Writer) bool
}

func (c fenCommand) single(args []string, out *bufio.Writer, stderr reporter) bool {
	fen, ok := fenArgument(c.com.variant(), args, stderr)
	return ok && c.do(fen, false, out, stderr)
}

func (c fenCommand) line(line string, out *bufio.Writer, stderr reporter) bool {
	return c.do(line, true, out, stderr)
}

// do runs the command on one FEN; it reports a parse error on standard error and
// returns false. fen, whose output is a verdict per line, answers the line with
// the error too.
func (c fenCommand) do(fen string, batch bool, out *bufio.Writer, stderr reporter) bool {
	p, err := c.com.variant().position(fen)
	if err != nil {
		stderr.printf("%s", libError(err))
		if _, ok := c.fenRunner.(*fenCmd); ok && batch {
			fmt.Fprintf(out, "%s\terror: %s\n", echo(fen, false), reason(err))
		}
		return false
	}
	return c.run(p, fen, batch, out)
}

// reason shortens a FEN error of either game to its field and reason, one line
// of printable text.
func reason(err error) string {
	var fe *pacosako.FENError
	if errors.As(err, &fe) {
		return printable(fe.Field + ": " + shorten(fe.Reason))
	}
	var ae *atomic.FENError
	if errors.As(err, &ae) {
		return printable(ae.Field + ": " + shorten(ae.Reason))
	}
	return oneLine(libError(err))
}

// movesCmd prints every legal move: <fen>\t<fen after>\t<notation>\t<SAN>.
type movesCmd struct {
	bound
	stderr reporter
}

// clone makes moves run on several lines at once (parallelLines).
func (c *movesCmd) clone(stderr reporter) fenRunner {
	return &movesCmd{bound: c.bound, stderr: stderr}
}

func (c *movesCmd) run(p position, fen string, batch bool, out *bufio.Writer) bool {
	ctx, cancel := c.context()
	defer cancel()
	rows, err := p.moveRows(ctx, c.bound)
	if err != nil {
		c.stderr.printf("%s: %s", quote(fen), libError(c.wrap(err)))
		return false
	}
	in := echo(fen, true)
	for _, r := range rows {
		out.WriteString(in)
		out.WriteByte('\t')
		out.WriteString(r.after)
		out.WriteByte('\t')
		out.WriteString(r.notation)
		out.WriteByte('\t')
		out.WriteString(r.san)
		out.WriteByte('\n')
	}
	return true
}

// fenCmd prints the canonical FEN, or the FEN in another dialect (-to).
type fenCmd struct {
	to     string
	stderr reporter
	com    *common
}

func (c *fenCmd) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.to, "to", "", "dialect to write: engine, vchess or chess for Paco Ŝako (default: the input's), chess for Atomic chess")
}

func (c *fenCmd) check() error {
	if d := c.com.variant().dialects(); c.to != "" && !slices.Contains(d, c.to) {
		if c.com.atomic {
			return fmt.Errorf("-to must be chess with -variant atomic (Atomic positions are written as chess FENs), got %q", c.to)
		}
		return fmt.Errorf("-to must be engine, vchess or chess, got %q", c.to)
	}
	return nil
}

func (c *fenCmd) run(p position, fen string, batch bool, out *bufio.Writer) bool {
	s, err := p.fenIn(c.to)
	if err != nil {
		// The dialect cannot hold the position (a chess FEN has no unions, a vchess
		// FEN no hand): say why instead of dropping part of it.
		msg := libError(err)
		c.stderr.printf("%s: %s", quote(fen), msg)
		if batch {
			fmt.Fprintf(out, "%s\terror: %s\n", echo(fen, true), msg)
		}
		return false
	}
	if batch {
		fmt.Fprintf(out, "%s\t%s\n", echo(fen, true), s)
	} else {
		fmt.Fprintln(out, s)
	}
	return true
}

// sakoCmd prints who threatens the enemy king, and with what:
// <fen>\t<White 0/1>\t<Black 0/1>\t<White's squares>\t<Black's squares> (Paco
// Ŝako: gives Ŝako, the squares it threatens; Atomic: gives check, its pieces
// that give it).
type sakoCmd struct {
	bound
	stderr reporter
}

func (c *sakoCmd) run(p position, fen string, batch bool, out *bufio.Writer) bool {
	ctx, cancel := c.context()
	defer cancel()
	flags, squares, err := p.threats(ctx, c.bound)
	if err != nil {
		c.stderr.printf("%s: %s", quote(fen), libError(c.wrap(err)))
		return false
	}
	fmt.Fprintf(out, "%s\t%s\t%s\t%v\t%v\n", echo(fen, true), bit(flags[0]), bit(flags[1]), squares[0], squares[1])
	return true
}
