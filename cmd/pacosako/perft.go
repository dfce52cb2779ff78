package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/pacosako-go/pacosako"
)

// perftCmd is "pacosako perft".
type perftCmd struct {
	depth    int
	divide   bool
	parallel bool
	bound
	stderr reporter
	failed bool
	warned bool // the -depth warning was written
	// terminal reports whether stderr is a terminal (replaced in tests).
	terminal func(w io.Writer) bool
	// progressAfter is how long a count runs before its progress is shown.
	progressAfter time.Duration
}

func (c *perftCmd) flags(fs *flag.FlagSet) {
	fs.IntVar(&c.depth, "depth", 1, "number of moves to look ahead (each move is one side's turn)")
	fs.BoolVar(&c.divide, "divide", false, "print the count below every move")
	fs.BoolVar(&c.parallel, "parallel", false, "count on every core (progress on standard error if it is a terminal)")
	c.bound.flags(fs)
}

func (c *perftCmd) check() error {
	if c.depth < 0 || c.depth > pacosako.MaxPerftDepth {
		return fmt.Errorf("-depth must be from 0 to %d, got %d", pacosako.MaxPerftDepth, c.depth)
	}
	return c.bound.check()
}

// failedLast reports whether the last run failed (see fenCommand.do).
func (c *perftCmd) failedLast() bool { f := c.failed; c.failed = false; return f }

func (c *perftCmd) run(p pacosako.Position, fen string, d pacosako.FENDialect, batch bool, out *bufio.Writer) {
	if !c.warned {
		c.warned = true
		if w := c.depthWarning(runtime.GOMAXPROCS(0)); w != "" {
			c.stderr.printf("%s", w)
		}
	}
	if !c.divide {
		n, err := c.count(p)
		if err != nil {
			c.fail(fen, err)
			return
		}
		if batch {
			fmt.Fprintf(out, "%s\t%d\n", echo(fen, true), n)
		} else {
			fmt.Fprintf(out, "%d\n", n)
		}
		return
	}
	var total uint64
	if c.depth == 0 {
		total = 1
	} else {
		moves, err := p.MovesContext(context.Background(), c.limits())
		if err != nil {
			c.fail(fen, err)
			return
		}
		for _, m := range moves {
			n, err := c.countBelow(m.After())
			if err != nil {
				c.fail(fen, err)
				return
			}
			total += n
			if batch {
				fmt.Fprintf(out, "%s\t", echo(fen, true))
			}
			fmt.Fprintf(out, "%s\t%s\t%d\n", m, fenIn(m.After(), d), n)
		}
	}
	if batch {
		fmt.Fprintf(out, "%s\t%d\n", echo(fen, true), total)
	} else {
		fmt.Fprintf(out, "%d\n", total)
	}
}

// The -depth warning is estimated from the start position, measured single-threaded
// on a 2-core machine: perft(start, 5) = 4,901,417 in 52 ms, perft(start, 6) =
// 121,230,696 in 1.4 s (docs/benchmarks.md), perft(start, 7) = 3,302,355,455 in
// 40 s; perft(start, 8) = 89,823,602,732 took 936 s of processor time with
// -parallel (the estimate below says 19 min). The count grows 25 to 28 times per
// depth, and the time with it. -parallel divides the time by the number of cores at
// best (2.1 times on 2 cores).
const (
	start7Seconds = 40   // perft(start, 7) on one core
	depthGrowth   = 28   // time factor per depth from 7 on
	warnSeconds   = 30.0 // warn when the estimate is longer
)

// depthWarning returns the warning for a -depth whose count from the start
// position would take more than warnSeconds on the cores perft uses (cores with
// -parallel, else one), or "" if it would not.
func (c *perftCmd) depthWarning(cores int) string {
	workers := 1
	if c.parallel {
		workers = max(cores, 1)
	}
	seconds := start7Seconds * math.Pow(depthGrowth, float64(c.depth-7)) / float64(workers)
	if seconds <= warnSeconds {
		return ""
	}
	on := "1 core"
	if workers > 1 {
		on = strconv.Itoa(workers) + " cores"
	}
	msg := fmt.Sprintf("-depth %d takes %s from the start position on %s (each depth about %d times longer; positions with more moves take longer); counting anyway",
		c.depth, estimate(seconds), on, depthGrowth)
	if !c.parallel && cores > 1 {
		msg += fmt.Sprintf(" (-parallel counts on all %d cores)", cores)
	}
	return msg
}

// estimate says how long a count of the given seconds takes: "about 3 min", or,
// for a depth so large that the estimate overflows, a sentence rather than
// "+Inf years".
func estimate(seconds float64) string {
	if seconds > 1e100 {
		return "longer than the universe will last"
	}
	return "about " + roughDuration(seconds)
}

// roughDuration writes a time estimate in its largest sensible unit.
func roughDuration(seconds float64) string {
	switch {
	case seconds < 90:
		return fmt.Sprintf("%.0f s", seconds)
	case seconds < 90*60:
		return fmt.Sprintf("%.0f min", seconds/60)
	case seconds < 48*3600:
		return fmt.Sprintf("%.0f h", seconds/3600)
	case seconds < 2*365*86400:
		return fmt.Sprintf("%.0f days", seconds/86400)
	}
	return fmt.Sprintf("%.2g years", seconds/(365*86400))
}

func (c *perftCmd) fail(fen string, err error) {
	c.stderr.printf("%s: %s", quote(fen), libError(c.wrap(err)))
	c.failed = true
}

// count returns perft(p, depth): the bounded PerftContext on one core (as fast as
// Perft), on every core with -parallel, the plain Perft with -max-states 0.
func (c *perftCmd) count(p pacosako.Position) (uint64, error) {
	return c.perft(p, c.depth)
}

// countBelow returns perft(p, depth-1), for -divide.
func (c *perftCmd) countBelow(p pacosako.Position) (uint64, error) {
	return c.perft(p, c.depth-1)
}

func (c *perftCmd) perft(p pacosako.Position, depth int) (uint64, error) {
	if !c.parallel && c.maxStates == 0 {
		return pacosako.Perft(p, depth), nil
	}
	opt := pacosako.PerftOptions{Workers: 1, Limits: c.limits()}
	if c.parallel {
		opt.Workers = 0 // every core
		isTerm := c.terminal
		if isTerm == nil {
			isTerm = isTerminal
		}
		if isTerm(c.stderr.w) {
			pr := newProgress(c.stderr, c.progressAfter)
			defer pr.finish()
			opt.Progress = pr.update
		}
	}
	return pacosako.PerftContext(context.Background(), p, depth, opt)
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progress shows a long count's progress on one terminal line, rewritten in place
// at most ten times a second, from after a delay on.
type progress struct {
	w     reporter
	start time.Time
	after time.Duration
	last  time.Time
	shown bool
}

func newProgress(w reporter, after time.Duration) *progress {
	if after == 0 {
		after = time.Second
	}
	return &progress{w: w, start: time.Now(), after: after}
}

func (pr *progress) update(done, total int) {
	pr.show(done >= total, func() string {
		return fmt.Sprintf("%d/%d subtrees (%.0f%%)", done, total, 100*float64(done)/float64(total))
	})
}

// show rewrites the progress line with text() and the time so far, unless the
// delay has not passed or the line was written less than 0.1 s ago (and the
// update is not the last).
func (pr *progress) show(last bool, text func() string) {
	now := time.Now()
	if now.Sub(pr.start) < pr.after || (now.Sub(pr.last) < 100*time.Millisecond && !last) {
		return
	}
	pr.last, pr.shown = now, true
	fmt.Fprintf(pr.w.w, "\r%s%s, %.1fs\033[K", pr.w.prefix, text(), now.Sub(pr.start).Seconds())
}

// finish clears the progress line, if one was shown.
func (pr *progress) finish() {
	if pr.shown {
		fmt.Fprint(pr.w.w, "\r\033[K")
	}
}
