package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
)

// playCmd plays actions and moves and prints the state after the last one.
type playCmd struct {
	com        *common
	repetition int // -1: not given
	noProgress int // -1: not given

	repetitionFlag, noProgressFlag optionalInt
	bound                          // reading moves, counting the legal moves, the Ŝako tests
}

func (c *playCmd) flags(fs *flag.FlagSet) {
	c.bound.flags(fs)
	fs.Var(&c.repetitionFlag, "repetition", "draw on the `N`th repetition, 0 = off, as the engine's new games (default: 3; off for new)")
	fs.Var(&c.noProgressFlag, "noprogress", "no-progress limit `N` in half-moves, 0 = off (default: the rules', 100)")
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

// play returns the result columns for a start and the arguments played from it.
func (c *playCmd) play(start string, args []string) (string, error) {
	g, err := c.com.newGame(strings.TrimSpace(start), c.repetition, c.noProgress)
	if err != nil {
		return "", wrap(err, nil, "start")
	}
	ctx := context.Background()
	for i, arg := range args {
		if g, err = playArg(ctx, g, arg, c.bound); err != nil {
			return "", &wrapped{context: fmt.Sprintf("argument %d %s", i+1, quote(arg)), err: err, inputs: []string{arg}}
		}
	}
	p := g.Position()
	moves := "-"
	if g.Outcome().IsOver() {
		moves = "0"
	} else if p.IsSettled() {
		n, err := legalMoveCount(ctx, g, c.bound)
		if err != nil {
			return "", wrap(err, nil, "counting the legal moves")
		}
		moves = strconv.Itoa(n)
	}
	white, black := false, false
	if !g.Outcome().IsOver() {
		if white, black, err = givesSako(ctx, p, c.bound); err != nil {
			return "", wrap(err, nil, "the Ŝako test")
		}
	}
	return fmt.Sprintf("%s\t%s\t%s\t%v\t%s\t%s", fenIn(p, outputDialect(start)), actionsByName(g.LegalActions()), moves, g.Outcome(), bit(white), bit(black)), nil
}

// playArg plays one argument of play. Text with a parenthesis is actions
// (Lift(e2), Place(e4), Promote(Queen), one or several separated by white space;
// no move notation has a parenthesis), applied one by one at the action level, as
// the official engine checks them: a place into a dead end is accepted. Other
// text is one move, read and played by Game.PlayMoveContext (chain SAN, else
// coordinate notation), bounded by -max-states. In the middle of a half-move, a
// move is the rest of it ("e4", "Pe2-e4" or "-e4" after Lift(e2)). Blank text
// plays nothing.
//
// The error is the library's: that of the notation that came closest, its reason
// starting with the notation's name ("chain SAN: step 1: …"), or, for text no
// notation reads, both notations' reasons.
func playArg(ctx context.Context, g pacosako.Game, text string, b bound) (pacosako.Game, error) {
	switch {
	case strings.TrimSpace(text) == "":
		return g, nil
	case strings.Contains(text, "("):
		actions, err := pacosako.ParseActions(text)
		if err != nil {
			return g, err
		}
		for i, a := range actions {
			next, err := g.Apply(a)
			if err != nil {
				if len(actions) > 1 {
					err = wrap(err, nil, "action %d", i+1)
				}
				return g, err
			}
			g = next
		}
		return g, nil
	}
	next, err := g.PlayMoveContext(ctx, text, b.limits())
	return next, b.wrap(err)
}

// actionsByName lists a set of actions sorted by square name (a1, a2, … h8, as the
// reference data sorts squares), promotions in role order; "-" if empty.
func actionsByName(set pacosako.ActionSet) string {
	var parts []string
	for file := 0; file < 8; file++ {
		for rank := 0; rank < 8; rank++ {
			sq := pacosako.NewSquare(file, rank)
			if set.Squares().Has(sq) {
				parts = append(parts, pacosako.Action{Kind: set.Kind(), Square: sq}.String())
			}
		}
	}
	for a := range set.All() {
		if a.Kind == pacosako.PromoteKind {
			parts = append(parts, a.String())
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}
