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
	com    *common // the game -variant names, for the -depth warning
	warned bool    // the -depth warning was written
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
	// Both games count at most 64 plies (pacosako.MaxPerftDepth, atomic.MaxPerftDepth).
	if c.depth < 0 || c.depth > pacosako.MaxPerftDepth {
		return fmt.Errorf("-depth must be from 0 to %d, got %d", pacosako.MaxPerftDepth, c.depth)
	}
	return c.bound.check()
}

func (c *perftCmd) run(p position, fen string, batch bool, out *bufio.Writer) bool {
	if !c.warned {
		c.warned = true
		if w := c.depthWarning(runtime.GOMAXPROCS(0)); w != "" {
			c.stderr.printf("%s", w)
		}
	}
	prefix := ""
	if batch {
		prefix = echo(fen, true) + "\t"
	}
	ctx, cancel := c.context() // -timeout: the whole count of the input
	defer cancel()
	if !c.divide || c.depth == 0 {
		n, err := c.count(ctx, p, c.depth)
		if err != nil {
			return c.fail(fen, err)
		}
		fmt.Fprintf(out, "%s%d\n", prefix, n)
		return true
	}
	children, err := p.children(ctx, c.bound)
	if err != nil {
		return c.fail(fen, err)
	}
	var total uint64
	for _, ch := range children {
		n, err := c.count(ctx, ch.after, c.depth-1)
		if err != nil {
			return c.fail(fen, err)
		}
		total += n
		fmt.Fprintf(out, "%s%s\t%s\t%d\n", prefix, ch.label, ch.after.fen(), n)
	}
	fmt.Fprintf(out, "%s%d\n", prefix, total)
	return true
}

const warnSeconds = 30.0 // warn when the estimate is longer

// depthWarning returns the warning for a -depth whose count from the game's
// start position would take more than warnSeconds on the cores perft uses
// (cores with -parallel, else one), or "" if it would not. -parallel divides
// the time by the number of cores at best (2.1 times on 2 cores).
func (c *perftCmd) depthWarning(cores int) string {
	workers := 1
	if c.parallel {
		workers = max(cores, 1)
	}
	var g variant = pacoGame{}
	if c.com != nil {
		g = c.com.variant()
	}
	d, t, growth := g.perftTime()
	seconds := t * math.Pow(growth, float64(c.depth-d)) / float64(workers)
	if seconds <= warnSeconds {
		return ""
	}
	on := "1 core"
	if workers > 1 {
		on = strconv.Itoa(workers) + " cores"
	}
	from := "the start position"
	if _, ok := g.(atomicGame); ok {
		from = "the Atomic start position"
	}
	msg := fmt.Sprintf("-depth %d takes %s from %s on %s (each depth about %.0f times longer; positions with more moves take longer); counting anyway",
		c.depth, estimate(seconds), from, on, growth)
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

func (c *perftCmd) fail(fen string, err error) bool {
	c.stderr.printf("%s: %s", quote(fen), libError(c.wrap(err)))
	return false
}

// count returns perft(p, depth) under -max-states and ctx, on every core with
// -parallel, its progress shown when standard error is a terminal.
func (c *perftCmd) count(ctx context.Context, p position, depth int) (uint64, error) {
	cnt := counting{parallel: c.parallel, bound: c.bound}
	if c.parallel {
		isTerm := c.terminal
		if isTerm == nil {
			isTerm = isTerminal
		}
		if isTerm(c.stderr.w) {
			pr := newProgress(c.stderr, c.progressAfter)
			defer pr.finish()
			cnt.progress = pr.update
		}
	}
	return p.count(ctx, depth, cnt)
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
