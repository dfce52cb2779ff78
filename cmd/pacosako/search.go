package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako/engine"
)

// searchCmd is "pacosako search": the engine's best moves (package engine), one
// line per line of -multipv: <fen>\t<rank>\t<depth>\t<score>\t<move in the
// game's coordinates>\t<move in SAN>\t<line in coordinates>\t<line in SAN>.
type searchCmd struct {
	depth    int
	nodes    int64
	moveTime time.Duration
	multiPV  int
	timeout  time.Duration // the longest one position is searched; 0: no limit
	stderr   reporter
	table    *engine.Table // one for the whole run, cleared for each position
}

// defaultSearchTime is -movetime when no limit is given.
const defaultSearchTime = time.Second

// searchTableMB is the size of the command's transposition table.
const searchTableMB = 64

func (c *searchCmd) flags(fs *flag.FlagSet) {
	fs.IntVar(&c.depth, "depth", 0, fmt.Sprintf("search `N` half-moves deep (1 to %d)", engine.MaxDepth))
	fs.Int64Var(&c.nodes, "nodes", 0, "search `N` positions")
	fs.DurationVar(&c.moveTime, "movetime", 0, "search for `D` (default 1s when neither -depth nor -nodes is given)")
	fs.IntVar(&c.multiPV, "multipv", 1, "find the `N` best moves, each with its score and line")
	fs.DurationVar(&c.timeout, "timeout", time.Minute, "give up on a position searched longer than `D`, answering with the deepest depth done (0 = no limit)")
}

func (c *searchCmd) check() error {
	switch {
	case c.depth < 0 || c.depth > engine.MaxDepth:
		return fmt.Errorf("-depth must be from 1 to %d, got %d", engine.MaxDepth, c.depth)
	case c.nodes < 0:
		return fmt.Errorf("-nodes must be at least 1, got %d", c.nodes)
	case c.moveTime < 0:
		return fmt.Errorf("-movetime must be positive, got %v", c.moveTime)
	case c.multiPV < 1 || c.multiPV > 256:
		return fmt.Errorf("-multipv must be from 1 to 256, got %d", c.multiPV)
	case c.timeout < 0:
		return fmt.Errorf("-timeout must be at least 0, got %v", c.timeout)
	}
	if c.depth == 0 && c.nodes == 0 && c.moveTime == 0 {
		c.moveTime = defaultSearchTime
	}
	return nil
}

// searched is one line of a search's answer, in the game's notations.
type searched struct {
	depth              int
	score              engine.Score
	coord, san         string
	coordLine, sanLine []string
}

// sanPosition is what search needs of a game's position: the engine's
// Position, and its moves written in SAN.
type sanPosition[M engine.Move] interface {
	engine.Position[M]
	SAN(m M) (string, error)
}

// searchLines is position.search for p, a position of either game: the
// engine's lines, each move in the game's coordinate notation (coord) and in
// SAN, the line's moves played in turn by play.
func searchLines[P sanPosition[M], M engine.Move](ctx context.Context, p P, lim engine.Limits, coord func(M) string, play func(P, M) P) ([]searched, error) {
	res, err := engine.Search[P, M](ctx, p, lim)
	if err != nil {
		return nil, err
	}
	out := make([]searched, len(res.Lines))
	for k, l := range res.Lines {
		s := searched{depth: l.Depth, score: l.Score}
		q := p
		for _, m := range l.PV {
			san, err := q.SAN(m)
			if err != nil {
				return nil, err
			}
			s.coordLine, s.sanLine = append(s.coordLine, coord(m)), append(s.sanLine, san)
			q = play(q, m)
		}
		s.coord, s.san = s.coordLine[0], s.sanLine[0]
		out[k] = s
	}
	return out, nil
}

func (c *searchCmd) run(p position, fen string, _ bool, out *bufio.Writer) bool {
	if c.table == nil {
		c.table = engine.NewTable(searchTableMB)
	} else {
		c.table.Clear() // each position as if searched alone
	}
	ctx := context.Background()
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	lines, err := p.search(ctx, engine.Limits{Depth: c.depth, Nodes: c.nodes, MoveTime: c.moveTime, MultiPV: c.multiPV, Table: c.table})
	if err != nil {
		var nm *engine.NoMoveError
		if errors.As(err, &nm) { // the position is the input's
			c.stderr.printf("%s: no move to search: %s", quote(fen), nm.Reason)
		} else {
			c.stderr.printf("%s: %s", quote(fen), libError(err))
		}
		return false
	}
	for k, l := range lines {
		fmt.Fprintf(out, "%s\t%d\t%d\t%v\t%s\t%s\t%s\t%s\n", echo(fen, true), k+1, l.depth, l.score, l.coord, l.san,
			strings.Join(l.coordLine, " "), strings.Join(l.sanLine, " "))
	}
	// The search stops at the deadline by its own clock, maybe a moment before
	// the context's timer says so.
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		c.stderr.printf("%s: stopped after -timeout %v at depth %d; -timeout 0 lifts the limit", quote(fen), c.timeout, lines[0].depth)
		return false
	}
	return true
}
