package main

import (
	"bufio"
	"context"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/pacosako-go/pacosako"
)

// annotateCmd writes action histories (game_histories.tsv lines) as the official
// engine annotates a replay: every half-move in its replay notation with its five
// flags and the game's opening, in the thirteen columns of notation.tsv.
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

// annotate reads <name>\t<start>\t<actions> and writes its rows. The actions are
// played in a game as replay plays them (repetition draws off for "new", on for a
// FEN), so an action after the end of the game is refused as the engine refuses it.
func (c *annotateCmd) annotate(line string) annotated {
	h, err := c.com.readHistoryLine(line, "actions", pacosako.ParseActions)
	if err != nil {
		return annotated{err: err.Error()}
	}
	g, err := h.g.ApplyAll(h.actions)
	if err != nil {
		return annotated{err: quote(h.name) + ": " + libError(err)}
	}
	an, err := annotate(context.Background(), g.Start(), g.PlayedActions(), c.bound)
	if err != nil { // a search over -max-states (the game played every action)
		return annotated{err: quote(h.name) + ": " + libError(err)}
	}
	var sb strings.Builder
	name := echo(h.name, false)
	for _, hm := range an.HalfMoves {
		sb.WriteString(name)
		sb.WriteByte('\t')
		sb.WriteString(strconv.Itoa(hm.HalfMove))
		sb.WriteByte('\t')
		sb.WriteString(strconv.Itoa(hm.MoveNumber))
		sb.WriteByte('\t')
		sb.WriteString(hm.Player.String())
		sb.WriteByte('\t')
		sb.WriteString(hm.String())
		sb.WriteByte('\t')
		for i, n := range hm.ActionIndices {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Itoa(n))
		}
		sb.WriteByte('\t')
		sb.WriteString(pacosako.FormatActions(hm.Actions))
		for _, f := range []bool{hm.GivesSako, hm.MissedPaco, hm.GivesOpponentPacoOpportunity, hm.PacoIn2Found, hm.PacoIn2Missed} {
			sb.WriteByte('\t')
			sb.WriteString(bit(f))
		}
		sb.WriteByte('\t')
		sb.WriteString(an.Opening)
		sb.WriteByte('\n')
	}
	return annotated{text: sb.String()}
}
