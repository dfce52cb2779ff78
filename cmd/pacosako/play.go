package main

import (
	"bufio"
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// playCmd plays moves (and Paco Ŝako's actions) and prints the state after the
// last one, in the columns of the game (pacoPlayed.columns, atomicPlayed.columns).
type playCmd struct {
	com        *common
	repetition int // -1: not given
	noProgress int // -1: not given

	repetitionFlag, noProgressFlag optionalInt
	bound                          // reading moves, counting the legal moves, the Ŝako tests
}

func (c *playCmd) flags(fs *flag.FlagSet) {
	c.bound.flags(fs)
	fs.Var(&c.repetitionFlag, "repetition", "draw on the `N`th occurrence of a position, 0 = off (default: Paco Ŝako 3, for its start \"new\" off, as the engine's new games; Atomic 5, a draw a player may claim at the third not claimed, as on lichess)")
	fs.Var(&c.noProgressFlag, "noprogress", "draw after `N` half-moves without progress (Paco Ŝako: a new union or a promotion; Atomic: a capture or a pawn move), 0 = off (default: Paco Ŝako 100, or its rules'; Atomic 100, as on lichess)")
}

func (c *playCmd) check() error {
	c.repetition, c.noProgress = c.repetitionFlag.value(), c.noProgressFlag.value()
	if c.repetition < -1 || c.noProgress < -1 {
		return fmt.Errorf("-repetition and -noprogress must be at least 0")
	}
	return c.bound.check()
}

// optionalInt is an int flag that may be left out (value -1 then).
type optionalInt struct {
	n   int
	set bool
}

func (o *optionalInt) String() string {
	if o == nil || !o.set {
		return ""
	}
	return strconv.Itoa(o.n)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not a whole number", s)
	}
	o.n, o.set = n, true
	return nil
}

// value is the flag's value, -1 if it was left out and -2 if it is negative.
func (o *optionalInt) value() int {
	switch {
	case !o.set:
		return -1
	case o.n < 0:
		return -2
	}
	return o.n
}

// checkArgs wants a start.
func (c *playCmd) checkArgs(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("want a FEN (one argument) or start, then actions or moves, or - to read <start>\\t<moves> lines")
	}
	return nil
}

// single: (FEN|start) [MOVE|ACTIONS...]: each argument is played in turn (see
// playArg).
func (c *playCmd) single(args []string, out *bufio.Writer, stderr reporter) bool {
	cols, err := c.play(args[0], args[1:])
	if err != nil {
		stderr.printf("%v", err)
		return false
	}
	fmt.Fprintln(out, cols)
	return true
}

// line: <FEN|start>\t<moves>, the second column's words being the arguments
// (batchArgs); the output repeats the line's two columns (or the start alone),
// each as echo shows it.
func (c *playCmd) line(line string, out *bufio.Writer, stderr reporter) bool {
	start, moves, hasMoves := strings.Cut(line, "\t")
	cols, err := c.play(start, batchArgs(moves))
	shown := echo(start, err == nil)
	if hasMoves {
		shown += "\t" + echo(moves, err == nil)
	}
	if err != nil {
		stderr.printf("%v", err)
		fmt.Fprintf(out, "%s\terror: %s\n", shown, oneLine(err.Error()))
		return false
	}
	fmt.Fprintf(out, "%s\t%s\n", shown, cols)
	return true
}

// batchArgs splits the moves column of a batch line into arguments: its words,
// separated by white space, except that white space next to a comma, or before a
// "+" or "#" suffix, stays inside a move ("Bxe4, Ne4xc3,Qc3xc6 +" is one chain).
// A chain whose steps are separated by spaces alone, which chain SAN also reads,
// is therefore several arguments here: in a batch, join the steps with commas.
func batchArgs(text string) []string {
	var args []string
	for _, w := range strings.Fields(text) {
		if n := len(args); n > 0 && (strings.HasSuffix(args[n-1], ",") || strings.ContainsRune(",+#", rune(w[0]))) {
			args[n-1] += " " + w
			continue
		}
		args = append(args, w)
	}
	return args
}

// play returns the result columns for a start and the arguments played from it,
// in the game -variant names.
func (c *playCmd) play(start string, args []string) (string, error) {
	g, err := c.com.variant().play(start, c.repetition, c.noProgress)
	if err != nil {
		return "", wrap(err, nil, "start")
	}
	ctx, cancel := c.context() // -timeout: the whole line
	defer cancel()
	for i, arg := range args {
		if err := g.play(ctx, arg, c.bound); err != nil {
			return "", &wrapped{context: fmt.Sprintf("argument %d %s", i+1, quote(arg)), err: err, inputs: []string{arg}}
		}
	}
	return g.columns(ctx, c.bound)
}
