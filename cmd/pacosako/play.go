package main

import (
	"bufio"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
)

// playCmd applies actions one by one and prints the state after the last one.
type playCmd struct {
	com        *common
	repetition int // -1: not given
	noProgress int // -1: not given

	repetitionFlag, noProgressFlag optionalInt
}

func (c *playCmd) flags(fs *flag.FlagSet) {
	fs.Var(&c.repetitionFlag, "repetition", "draw on the `N`th repetition, 0 = off (default: off for start, 3 for a FEN)")
	fs.Var(&c.noProgressFlag, "noprogress", "no-progress limit `N` in half-moves, 0 = off (default: the rules', 100)")
}

func (c *playCmd) check() error {
	c.repetition, c.noProgress = c.repetitionFlag.value(), c.noProgressFlag.value()
	if c.repetition < -1 || c.noProgress < -1 {
		return fmt.Errorf("-repetition and -noprogress must be at least 0")
	}
	return nil
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
		return fmt.Errorf("want a FEN (one argument) or start, then actions, or - to read <start>\\t<actions> lines")
	}
	return nil
}

// single: (FEN|start) [ACTION...]; the actions may also come as one argument.
func (c *playCmd) single(args []string, out *bufio.Writer, stderr reporter) bool {
	cols, err := c.play(args[0], strings.Join(args[1:], " "))
	if err != nil {
		stderr.printf("%v", err)
		return false
	}
	fmt.Fprintln(out, cols)
	return true
}

// line: <FEN|start>\t<actions>; the output repeats the line's two columns (or
// the start alone), each as echo shows it.
func (c *playCmd) line(line string, out *bufio.Writer, stderr reporter) bool {
	start, actions, hasActions := strings.Cut(line, "\t")
	cols, err := c.play(start, actions)
	shown := echo(start, err == nil)
	if hasActions {
		shown += "\t" + echo(actions, err == nil)
	}
	if err != nil {
		stderr.printf("%v", err)
		fmt.Fprintf(out, "%s\terror: %s\n", shown, oneLine(err.Error()))
		return false
	}
	fmt.Fprintf(out, "%s\t%s\n", shown, cols)
	return true
}

// play returns the result columns for a start and its actions.
func (c *playCmd) play(start, actionText string) (string, error) {
	g, err := c.com.newGame(strings.TrimSpace(start), c.repetition, c.noProgress)
	if err != nil {
		return "", wrap(err, nil, "start")
	}
	actions, err := pacosako.ParseActions(actionText)
	if err != nil {
		return "", wrap(err, []string{actionText}, "actions")
	}
	for i, a := range actions {
		next, err := g.Apply(a)
		if err != nil {
			return "", wrap(err, nil, "action %d", i+1)
		}
		g = next
	}
	p := g.Position()
	moves := "-"
	if g.Outcome().IsOver() {
		moves = "0"
	} else if p.IsSettled() {
		moves = strconv.Itoa(g.LegalMoveCount())
	}
	white, black := "0", "0"
	if !g.Outcome().IsOver() {
		white, black = bit(p.GivesSako(pacosako.White)), bit(p.GivesSako(pacosako.Black))
	}
	return fmt.Sprintf("%s\t%s\t%s\t%v\t%s\t%s", fenIn(p, outputDialect(start)), actionsByName(g.LegalActions()), moves, g.Outcome(), white, black), nil
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
