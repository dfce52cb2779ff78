package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/engine"
	"github.com/pacosako-go/pacosako/internal/uciserver"
	"github.com/pacosako-go/pacosako/uci"
)

// uciCmd is "pacosako uci": the engine's search for Atomic chess over the UCI
// protocol on standard input and output (internal/uciserver; docs/engine.md),
// until quit or the end of the input.
type uciCmd struct {
	stdin   io.Reader
	variant string
}

func (c *uciCmd) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.variant, "variant", "atomic", "the game: atomic only (Paco Ŝako has no UCI)")
}

func (c *uciCmd) check() error {
	if !strings.EqualFold(c.variant, "atomic") {
		return fmt.Errorf("-variant %q: uci serves Atomic chess only (Paco Ŝako has no UCI protocol)", c.variant)
	}
	return nil
}

func (c *uciCmd) checkArgs(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("uci takes no arguments (it reads UCI commands from standard input), got %d", len(args))
	}
	return nil
}

// wholeInput: standard input is the session.
func (c *uciCmd) wholeInput() {}

func (c *uciCmd) single(_ []string, out *bufio.Writer, stderr reporter) bool {
	srv := uciserver.New("pacosako", "the pacosako authors", newUCISearch(), uint64(time.Now().UnixNano()))
	if err := srv.Serve(context.Background(), c.stdin, out); err != nil {
		stderr.printf("%v", err)
		return false
	}
	return true
}

func (c *uciCmd) line(string, *bufio.Writer, reporter) bool { return false } // never: wholeInput

// uciSearch serves the engine package's search to the UCI server, with one
// transposition table for the session (Hash).
type uciSearch struct {
	mu    sync.Mutex
	table *engine.Table
}

func newUCISearch() *uciSearch { return &uciSearch{table: engine.NewTable(16)} }

func (s *uciSearch) NewGame() {
	s.mu.Lock()
	t := s.table
	s.mu.Unlock()
	t.Clear()
}

func (s *uciSearch) SetHash(mb int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.table = engine.NewTable(mb)
}

// Search searches g's position with the game's earlier positions as its
// history (repetitions draw), until the limits or ctx's deadline.
func (s *uciSearch) Search(ctx context.Context, g atomic.Game, lim uciserver.Limits, progress func(uci.Info)) (uciserver.Result, error) {
	s.mu.Lock()
	table := s.table
	s.mu.Unlock()
	history := make([]uint64, 0, g.Len())
	p := g.Start()
	for _, m := range g.PlayedMoves() {
		history = append(history, p.Hash())
		p, _ = p.Play(m)
	}
	root := g.Position()
	el := engine.Limits{Depth: min(lim.Depth, engine.MaxDepth), Nodes: lim.Nodes, MultiPV: lim.MultiPV, Table: table, History: history,
		Progress: func(i engine.Info) { progress(uciInfo(root, i)) }}
	if d, ok := ctx.Deadline(); ok {
		el.Deadline = d
	}
	res, err := engine.Search(ctx, root, el)
	if err != nil {
		return uciserver.Result{}, err
	}
	out := uciserver.Result{Best: res.Move}
	for k, l := range res.Lines {
		out.Lines = append(out.Lines, uci.Info{Fields: uci.HasDepth | uci.HasMultiPV | uci.HasScore | uci.HasPV,
			Depth: l.Depth, MultiPV: k + 1, Score: uciScore(l.Score), PV: l.PV})
	}
	return out, nil
}

// uciScore is the engine's score as UCI writes it: mate in moves, or
// centipawns.
func uciScore(s engine.Score) uci.Score {
	if s.IsMate() && s.Mate() != 0 {
		return uci.MateIn(s.Mate())
	}
	return uci.CP(s.Centipawns())
}

// uciInfo is one of the engine's progress reports as an info line; its PV,
// in UCI, is read back into moves from root (and cut where one does not read,
// which the engine never gives).
func uciInfo(root atomic.Position, i engine.Info) uci.Info {
	out := uci.Info{Fields: uci.HasDepth | uci.HasSelDepth | uci.HasMultiPV | uci.HasScore | uci.HasNodes | uci.HasNPS | uci.HasTime | uci.HasPV,
		Depth: i.Depth, SelDepth: i.SelDepth, MultiPV: max(i.MultiPV, 1), Score: uciScore(i.Score), Nodes: i.Nodes, NPS: i.NPS, Time: i.Time}
	p := root
	for _, text := range i.PV {
		m, err := p.ParseUCI(text)
		if err != nil {
			break
		}
		out.PV = append(out.PV, m)
		p, _ = p.Play(m)
	}
	return out
}
