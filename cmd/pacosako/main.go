// Command pacosako runs the pacosako library from the shell: perft counts, move
// lists and canonical FENs for Paco Ŝako positions, one position or a batch.
//
// Usage:
//
//	pacosako perft [-depth N] [-divide] [FEN|-]
//	pacosako moves [FEN|-]
//	pacosako fen [FEN|-]
//
// FEN is a position in the official engine's dialect, as one argument (quoted) or as
// its six fields; without one the start position is used. With "-" FENs are read
// from standard input, one per line (empty lines and lines starting with '#' are
// skipped), and every output line starts with the input line as read:
//
//	perft:  <fen>\t<count>
//	moves:  <fen>\t<fen after the move>\t<actions>   (one line per move)
//	fen:    <fen>\t<canonical fen>
//
// For a single FEN, perft prints the count alone, and perft -divide prints one line
// per move, <actions>\t<fen after>\t<count>, then the total. Actions are written as
// in the reference data: Lift(e2) Place(e4) Promote(Queen).
//
// A FEN that cannot be read is reported on standard error, naming the field and the
// problem; the other lines of a batch still run, and the exit status is 1. Usage
// errors exit with status 2.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pacosako-go/pacosako"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  pacosako perft [-depth N] [-divide] [FEN|-]   count move sequences (perft)
  pacosako moves [FEN|-]                        list every legal move
  pacosako fen [FEN|-]                          print the canonical FEN
FEN defaults to the start position; "-" reads one FEN per line from standard input.
`

var errUsage = errors.New("usage")

// run executes one command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	var cmd command
	switch args[0] {
	case "perft":
		cmd = &perftCmd{}
	case "moves":
		cmd = &movesCmd{}
	case "fen":
		cmd = &fenCmd{}
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "pacosako: unknown command %q\n%s", args[0], usage)
		return 2
	}
	fs := flag.NewFlagSet("pacosako "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	cmd.flags(fs)
	rest, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return 2
	}
	if err := cmd.check(); err != nil {
		fmt.Fprintf(stderr, "pacosako %s: %v\n", args[0], err)
		return 2
	}
	input := strings.Join(rest, " ")
	status := 0
	if input == "-" {
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			line := strings.TrimSuffix(sc.Text(), "\r")
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if !do(cmd, line, true, out, stderr) {
				status = 1
			}
			out.Flush()
		}
		if err := sc.Err(); err != nil {
			fmt.Fprintf(stderr, "pacosako: reading standard input: %v\n", err)
			return 1
		}
		return status
	}
	if input == "" {
		input = pacosako.StartFEN
	}
	if !do(cmd, input, false, out, stderr) {
		status = 1
	}
	return status
}

// do runs cmd on one FEN; it reports a parse error and returns false.
func do(cmd command, fen string, batch bool, out *bufio.Writer, stderr io.Writer) bool {
	p, err := pacosako.ParseFEN(fen)
	if err != nil {
		fmt.Fprintf(stderr, "pacosako: %v\n", err)
		if f, ok := cmd.(*fenCmd); ok && batch {
			f.reportError(out, fen, err)
		}
		return false
	}
	cmd.run(p, fen, batch, out)
	return true
}

// parseInterspersed parses flags anywhere among the arguments and returns the
// others in order ("-" is an argument, not a flag).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

type command interface {
	flags(fs *flag.FlagSet)
	check() error
	run(p pacosako.Position, fen string, batch bool, out *bufio.Writer)
}

type perftCmd struct {
	depth  int
	divide bool
}

func (c *perftCmd) flags(fs *flag.FlagSet) {
	fs.IntVar(&c.depth, "depth", 1, "number of full moves (plies) to count")
	fs.BoolVar(&c.divide, "divide", false, "print the count below every move")
}

func (c *perftCmd) check() error {
	if c.depth < 0 {
		return fmt.Errorf("-depth must be at least 0, got %d", c.depth)
	}
	return nil
}

func (c *perftCmd) run(p pacosako.Position, fen string, batch bool, out *bufio.Writer) {
	if !c.divide {
		n := pacosako.Perft(p, c.depth)
		if batch {
			fmt.Fprintf(out, "%s\t%d\n", fen, n)
		} else {
			fmt.Fprintf(out, "%d\n", n)
		}
		return
	}
	var total uint64
	for _, e := range pacosako.Divide(p, c.depth) {
		total += e.Count
		if batch {
			fmt.Fprintf(out, "%s\t", fen)
		}
		fmt.Fprintf(out, "%s\t%s\t%d\n", e.Move, e.Move.After().FEN(), e.Count)
	}
	if c.depth == 0 {
		total = 1
	}
	if batch {
		fmt.Fprintf(out, "%s\t%d\n", fen, total)
	} else {
		fmt.Fprintf(out, "%d\n", total)
	}
}

type movesCmd struct{}

func (c *movesCmd) flags(fs *flag.FlagSet) {}
func (c *movesCmd) check() error           { return nil }

func (c *movesCmd) run(p pacosako.Position, fen string, batch bool, out *bufio.Writer) {
	for m := range p.AllMoves() {
		fmt.Fprintf(out, "%s\t%s\t%s\n", fen, m.After().FEN(), m)
	}
}

type fenCmd struct{}

func (c *fenCmd) flags(fs *flag.FlagSet) {}
func (c *fenCmd) check() error           { return nil }

func (c *fenCmd) run(p pacosako.Position, fen string, batch bool, out *bufio.Writer) {
	if batch {
		fmt.Fprintf(out, "%s\t%s\n", fen, p.FEN())
	} else {
		fmt.Fprintln(out, p.FEN())
	}
}

// reportError keeps the batch output aligned with the input: the line says error.
func (c *fenCmd) reportError(out *bufio.Writer, fen string, err error) {
	var fe *pacosako.FENError
	if errors.As(err, &fe) {
		fmt.Fprintf(out, "%s\terror: %s: %s\n", fen, fe.Field, fe.Reason)
		return
	}
	fmt.Fprintf(out, "%s\terror: %v\n", fen, err)
}
