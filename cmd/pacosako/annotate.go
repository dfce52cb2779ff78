package main

import (
	"bufio"
	"io"
	"runtime"
	"sync"
)

// annotateCmd writes games half-move by half-move, one line a game as its input:
// for Paco Ŝako action histories (game_histories.tsv lines), annotated as the
// official engine annotates a replay, in the thirteen columns of notation.tsv
// (pacoGame.annotate); for Atomic chess <name>\t<start>\t<moves> lines, with
// each half-move's SAN, UCI, check, explosion and state (atomicGame.annotate).
type annotateCmd struct {
	stdin io.Reader
	com   *common
	bound // each search of Annotate
}

// checkArgs allows one file at most.
func (c *annotateCmd) checkArgs(args []string) error { return oneFile(args) }

// wholeInput marks a command that reads "-" (standard input) as one stream.
func (c *annotateCmd) wholeInput() {}

// single reads the named file, or standard input without an argument. The games
// are annotated on every core, and written in their order.
func (c *annotateCmd) single(args []string, out *bufio.Writer, stderr reporter) bool {
	return withInput(args, c.stdin, stderr, func(r io.Reader) bool {
		var lines []string
		if !eachLine(r, stderr, func(line string) bool { lines = append(lines, line); return true }) {
			return false
		}
		results := make([]annotated, len(lines))
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < runtime.GOMAXPROCS(0); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					results[i] = c.annotate(lines[i])
				}
			}()
		}
		for i := range lines {
			next <- i
		}
		close(next)
		wg.Wait()
		ok := true
		for _, res := range results {
			if res.err != "" {
				stderr.printf("%s", res.err)
				ok = false
				continue
			}
			out.WriteString(res.text)
		}
		return ok
	})
}

// line annotates one history line.
func (c *annotateCmd) line(line string, out *bufio.Writer, stderr reporter) bool {
	res := c.annotate(line)
	if res.err != "" {
		stderr.printf("%s", res.err)
		return false
	}
	out.WriteString(res.text)
	return true
}

// annotated is one game's output lines, or why it has none.
type annotated struct {
	text string
	err  string
}

// annotate annotates one line in the game -variant names.
func (c *annotateCmd) annotate(line string) annotated { return c.com.variant().annotate(line, c.bound) }
