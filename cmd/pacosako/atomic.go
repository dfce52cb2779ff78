package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Atomic chess (package atomic) in the command: -variant atomic after perft,
// moves, fen, play or validate runs the command on Atomic positions, with the
// same inputs (a chess FEN, "start" or "new", "-" for one per line, where a line
// may be "start" or "new" too), batch behaviour,
// messages and exit statuses, and the same columns where the game allows:
//
//	perft:    <count>, or <fen>\t<count> per line; -divide <uci>\t<fen after>\t<count> per move, then the total
//	moves:    <fen>\t<fen after>\t<uci>\t<san> per move
//	fen:      the FEN as python-chess writes it (-to chess, the only dialect)
//	play:     <fen>\t<legal moves in UCI, sorted, or ->\t<their number>\t<state> <result>\t<in check 0/1>
//	validate: <fen>\tok, or <fen>\t<reason>,<reason>,… (what ParseFEN reads as absent, as ParseFENStrict words it, first)
//
// play reads each move as UCI when it is a legal move in UCI, else as SAN
// (atomic.Position.ParseMove). The state is
// "running", "checkmate", "stalemate", "insufficient material" or "White's king
// exploded" / "Black's king exploded", the result 1-0, 0-1, 1/2-1/2 or *.
// -variant pacosako is the default. -rules names Paco Ŝako's rule sets and is an
// error with -variant atomic, as is -max-states (Atomic's moves need no bound).
// play plays the moves as an atomic.Game: the fifth occurrence of a position
// (-repetition N: the Nth; 0 = off) and 150 half-moves without a capture or pawn
// move (-noprogress N; 0 = off) draw ("repetition 1/2-1/2", "no progress
// 1/2-1/2"), as the game's defaults; the draws a player may claim at the third
// occurrence and at 100 half-moves are not claimed (the game plays on, as on
// lichess).

// atomicCommands are the commands -variant atomic serves.
var atomicCommands = []string{"perft", "moves", "fen", "play", "validate"}

// variant reads -variant from a command line (args[0] is the command; convert,
// which reads both games, has its own flag and is left alone): for
// "pacosako" (the default) it returns the arguments without it, for the command to
// run as always; for "atomic" it runs the command on Atomic chess and returns its
// exit status with handled set; any other value is a usage error (status 2).
func variant(args []string, stdin io.Reader, stdout, stderrW io.Writer) (rest []string, status int, handled bool) {
	if args[0] == "svg" || args[0] == "convert" {
		// svg draws both games with the same flags (svg.go), convert reads both games'
		// records (convert.go): each reads -variant itself.
		return args, 0, false
	}
	name, found := "", false
	rest = []string{args[0]}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		flagName, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || flagName != "variant" {
			rest = append(rest, a)
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				newReporter(stderrW, args[0]).printf("flag needs an argument: -variant (pacosako or atomic)")
				return nil, 2, true
			}
			i++
			value = args[i]
		}
		name, found = value, true
	}
	switch {
	case !found || name == "pacosako":
		return rest, 0, false
	case name == "atomic":
		return nil, runAtomic(rest, stdin, stdout, stderrW), true
	}
	newReporter(stderrW, args[0]).printf("-variant %s is not a game: want pacosako (the default) or atomic", quote(name))
	return nil, 2, true
}

// atomicCmd is one of perft, moves, fen, play and validate on Atomic chess.
type atomicCmd struct {
	name   string
	stderr reporter
	// flags
	depth                  int
	divide, parallel       bool
	maxStates              int
	to, rules              string
	repetition, noProgress optionalInt
	warned                 bool // perft's -depth warning was written
}

// runAtomic runs args (the command and its arguments, -variant taken out) on
// Atomic chess and returns the exit status.
func runAtomic(args []string, stdin io.Reader, stdout, stderrW io.Writer) int {
	c := &atomicCmd{name: args[0], stderr: newReporter(stderrW, args[0])}
	known := false
	for _, n := range atomicCommands {
		known = known || n == c.name
	}
	if !known {
		c.stderr.printf("-variant atomic goes with %s, not %s", strings.Join(atomicCommands, ", "), quote(c.name))
		return 2
	}
	fs := flag.NewFlagSet("pacosako "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.rules, "rules", "", "Paco Ŝako's rule sets; not with -variant atomic")
	switch c.name {
	case "perft":
		fs.IntVar(&c.depth, "depth", 1, "number of moves to look ahead (each move is one side's turn)")
		fs.BoolVar(&c.divide, "divide", false, "print the count below every move")
		fs.BoolVar(&c.parallel, "parallel", false, "count on every core (progress on standard error if it is a terminal)")
		fs.IntVar(&c.maxStates, "max-states", 0, "Paco Ŝako's search bound; not with -variant atomic")
	case "moves":
		fs.IntVar(&c.maxStates, "max-states", 0, "Paco Ŝako's search bound; not with -variant atomic")
	case "fen":
		fs.StringVar(&c.to, "to", "chess", "dialect to write: chess, the only one of Atomic")
	case "play":
		fs.Var(&c.repetition, "repetition", "draw on the `N`th occurrence of a position, 0 = off (default 5; a draw may be claimed at the third)")
		fs.Var(&c.noProgress, "noprogress", "draw after `N` half-moves without a capture or pawn move, 0 = off (default 150; a draw may be claimed at 100)")
	}
	rest, err := parseInterspersed(fs, args[1:])
	if err != nil {
		if err == flag.ErrHelp {
			fs.SetOutput(stderrW)
			fs.PrintDefaults()
			return 0
		}
		c.stderr.printf("%v", err)
		return 2
	}
	if err := c.check(rest); err != nil {
		c.stderr.printf("%v", err)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	ok := true
	switch {
	case c.name == "validate" && len(rest) == 1 && rest[0] == "-":
		// One verdict per input line, blank and comment lines echoed, as validate does.
		ok = eachRawLine(stdin, c.stderr, func(line string) bool {
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
				fmt.Fprintln(out, echo(line, true))
				return true
			}
			ok := c.validate(line, out)
			out.Flush()
			return ok
		})
	case len(rest) == 1 && rest[0] == "-":
		ok = eachLine(stdin, c.stderr, func(line string) bool { ok := c.line(line, true, out); out.Flush(); return ok })
	case c.name == "play":
		cols, err := c.play(rest[0], rest[1:])
		if err != nil {
			c.stderr.printf("%v", err)
			return 1
		}
		fmt.Fprintln(out, cols)
	default:
		fen, good := fenArgument(rest, c.stderr)
		if good && fen == pacosako.StartFEN { // none or "start": Atomic's start
			fen = atomic.StartFEN
		}
		ok = good && c.line(fen, false, out)
	}
	if !ok {
		return 1
	}
	return 0
}

// check refuses what does not go with -variant atomic, before anything runs.
func (c *atomicCmd) check(args []string) error {
	switch {
	case c.rules != "":
		return fmt.Errorf("-rules %s names a Paco Ŝako rule set; Atomic chess has one rule set (lichess's), so -rules does not go with -variant atomic", quote(c.rules))
	case c.maxStates != 0:
		return errors.New("-max-states bounds Paco Ŝako's move search; Atomic's moves need no bound, so it does not go with -variant atomic")
	case c.repetition.value() == -2 || c.noProgress.value() == -2:
		return errors.New("-repetition and -noprogress must be at least 0")
	case c.depth < 0 || c.depth > atomic.MaxPerftDepth:
		return fmt.Errorf("-depth must be from 0 to %d, got %d", atomic.MaxPerftDepth, c.depth)
	case c.name == "fen" && c.to != "chess":
		return fmt.Errorf("-to must be chess with -variant atomic (Atomic positions are written as chess FENs), got %q", c.to)
	case len(args) > 1 && args[0] == "-":
		return fmt.Errorf("\"-\" (read standard input) is the only argument when given, got %d arguments", len(args))
	case c.name == "play" && len(args) == 0:
		return errors.New("want a FEN (one argument) or start, then moves, or - to read <start>\\t<moves> lines")
	}
	return nil
}

// atomicError is an error of package atomic without its "atomic: " prefix, for
// embedding after the command's own.
func atomicError(err error) string { return strings.TrimPrefix(err.Error(), "atomic: ") }

// atomicReason shortens an error of package atomic to one line of printable text:
// a FEN error to its field and reason.
func atomicReason(err error) string {
	var fe *atomic.FENError
	if errors.As(err, &fe) {
		return printable(fe.Field + ": " + shorten(fe.Reason))
	}
	return oneLine(atomicError(err))
}

// atomicPosition reads an input as every command reads a FEN: the word "start"
// (or "new"), with spaces around it, is Atomic's start position.
func atomicPosition(fen string) (atomic.Position, error) {
	if t := strings.TrimSpace(fen); t == "start" || t == "new" {
		fen = atomic.StartFEN
	}
	return atomic.ParseFEN(fen)
}

// line runs the command on one input (a FEN or "start"; for play
// <start>\t<moves>).
func (c *atomicCmd) line(in string, batch bool, out *bufio.Writer) bool {
	switch c.name {
	case "play":
		return c.playLine(in, out)
	case "validate":
		return c.validate(in, out)
	}
	p, err := atomicPosition(in)
	if err != nil {
		c.stderr.printf("%s", atomicError(err))
		if c.name == "fen" && batch {
			fmt.Fprintf(out, "%s\terror: %s\n", echo(in, false), atomicReason(err))
		}
		return false
	}
	shown := echo(in, true)
	switch c.name {
	case "perft":
		c.perft(p, shown, batch, out)
	case "moves":
		moves := p.Moves()
		sans, _ := p.SANs(moves) // p's own moves: no error
		for i, m := range moves {
			after, _ := p.Play(m)
			fmt.Fprintf(out, "%s\t%s\t%s\t%s\n", shown, after.FEN(), m.UCI(), sans[i])
		}
	case "fen":
		if batch {
			fmt.Fprintf(out, "%s\t%s\n", shown, p.FEN())
		} else {
			fmt.Fprintln(out, p.FEN())
		}
	}
	return true
}

// perft writes perft(p, -depth), or with -divide the count below every move and
// the total.
func (c *atomicCmd) perft(p atomic.Position, shown string, batch bool, out *bufio.Writer) {
	if !c.warned {
		c.warned = true
		if w := c.depthWarning(runtime.GOMAXPROCS(0)); w != "" {
			c.stderr.printf("%s", w)
		}
	}
	prefix := ""
	if batch {
		prefix = shown + "\t"
	}
	if !c.divide || c.depth == 0 {
		fmt.Fprintf(out, "%s%d\n", prefix, c.count(p, c.depth))
		return
	}
	var total uint64
	for _, m := range p.Moves() {
		after, _ := p.Play(m)
		n := c.count(after, c.depth-1)
		total += n
		fmt.Fprintf(out, "%s%s\t%s\t%d\n", prefix, m.UCI(), after.FEN(), n)
	}
	fmt.Fprintf(out, "%s%d\n", prefix, total)
}

// count is Perft, or PerftContext on every core with -parallel (with its progress
// on a terminal).
func (c *atomicCmd) count(p atomic.Position, depth int) uint64 {
	if !c.parallel {
		return atomic.Perft(p, depth)
	}
	opt := atomic.PerftOptions{}
	if isTerminal(c.stderr.w) {
		pr := newProgress(c.stderr, 0)
		defer pr.finish()
		opt.Progress = pr.update
	}
	n, _ := atomic.PerftContext(context.Background(), p, depth, opt) // never cancelled
	return n
}

// The -depth warning for Atomic, estimated from the start position measured
// single-threaded on a 2-core machine: perft(start, 6) = 118,926,425 in 1.2 s
// (docs/benchmarks.md, Atomic); each depth takes about 25 times longer.
const (
	atomicStart6Seconds = 1.2
	atomicDepthGrowth   = 25
)

// depthWarning returns the warning for a -depth whose count from the start would
// take more than warnSeconds on the cores perft uses (one, or every core with
// -parallel), or "".
func (c *atomicCmd) depthWarning(cores int) string {
	on := 1
	if c.parallel {
		on = max(cores, 1)
	}
	seconds := atomicStart6Seconds * math.Pow(atomicDepthGrowth, float64(c.depth-6)) / float64(on)
	if seconds <= warnSeconds {
		return ""
	}
	return fmt.Sprintf("-depth %d takes %s from the Atomic start position on %d of %d cores (each depth about %d times longer); counting anyway",
		c.depth, estimate(seconds), on, cores, atomicDepthGrowth)
}

// playLine: <start>\t<moves>, the second column's words being the moves; the
// output repeats the line's two columns.
func (c *atomicCmd) playLine(line string, out *bufio.Writer) bool {
	start, moves, hasMoves := strings.Cut(line, "\t")
	cols, err := c.play(start, strings.Fields(moves))
	shown := echo(start, err == nil)
	if hasMoves {
		shown += "\t" + echo(moves, err == nil)
	}
	if err != nil {
		c.stderr.printf("%v", err)
		fmt.Fprintf(out, "%s\terror: %s\n", shown, oneLine(err.Error()))
		return false
	}
	fmt.Fprintf(out, "%s\t%s\n", shown, cols)
	return true
}

// play returns the result columns for a start (a FEN or "start") and the moves
// played from it, each UCI when it reads as a legal move in UCI, else SAN.
func (c *atomicCmd) play(start string, moves []string) (string, error) {
	p, err := atomicPosition(start)
	if err != nil {
		return "", fmt.Errorf("start: %s", atomicError(err))
	}
	var opts []atomic.GameOption
	if n := c.repetition.value(); n >= 0 {
		opts = append(opts, atomic.WithRepetitionLimit(n))
	}
	if n := c.noProgress.value(); n >= 0 {
		opts = append(opts, atomic.WithNoProgressLimit(n))
	}
	g := atomic.NewGame(p, opts...)
	for i, text := range moves {
		next, err := g.PlayMove(text)
		if err != nil {
			return "", fmt.Errorf("argument %d %s: %v", i+1, quote(text), &atomicMoveError{err})
		}
		g = next
	}
	p = g.Position()
	legal := g.LegalMoves()
	ucis := make([]string, len(legal))
	for i, m := range legal {
		ucis[i] = m.UCI()
	}
	slices.Sort(ucis)
	list := strings.Join(ucis, " ")
	if list == "" {
		list = "-"
	}
	o := g.Outcome()
	return fmt.Sprintf("%s\t%s\t%d\t%v %s\t%s", p.FEN(), list, len(legal), o, o.Result(), bit(p.InCheck())), nil
}

// readAtomicMove reads a move of p as atomic.Position.ParseMove reads it: UCI
// when the text is a legal move in UCI, else SAN (play's moves, svg's -move). The
// error's message is the library's reason without its "atomic: "; it unwraps to
// the library's error.
func readAtomicMove(p atomic.Position, text string) (atomic.Move, error) {
	m, err := p.ParseMove(text)
	if err != nil {
		return m, &atomicMoveError{err}
	}
	return m, nil
}

// atomicMoveError is readAtomicMove's error: the library's reason without its
// prefix.
type atomicMoveError struct{ err error }

func (e *atomicMoveError) Error() string { return atomicError(e.err) }
func (e *atomicMoveError) Unwrap() error { return e.err }

// validate writes fen's verdict line ("start" is the start position) and reports
// whether it is valid.
func (c *atomicCmd) validate(fen string, out *bufio.Writer) bool {
	p, err := atomicPosition(fen)
	if err != nil {
		fmt.Fprintf(out, "%s\t%s\n", echo(fen, false), oneReason("invalid FEN: "+atomicReason(err)))
		return false
	}
	shown := echo(fen, true)
	var reasons []string
	if t := strings.TrimSpace(fen); t != "start" && t != "new" {
		if _, err := atomic.ParseFENStrict(fen); err != nil {
			reasons = append(reasons, strictReason(err)) // a field read as absent
		}
	}
	var pe *atomic.PositionError
	if err := p.Validate(); errors.As(err, &pe) {
		reasons = append(reasons, pe.Reasons()...)
	}
	if len(reasons) > 0 {
		writeReasons(out, shown, reasons)
		return false
	}
	fmt.Fprintf(out, "%s\tok\n", shown)
	return true
}
