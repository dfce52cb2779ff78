package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/uci"
)

// engineSpec is one player: how to start it and its options.
type engineSpec struct {
	name    string
	path    string
	args    []string
	options [][2]string // name, value, in order
}

// config is a match.
type config struct {
	engines     [2]engineSpec
	games       int    // games in all; each opening is played twice, colours swapped
	openings    string // "start" (random plies from the start position) or "chess960"
	plies       int    // random half-moves played before the engines take over
	seed        uint64
	moveTime    time.Duration // a move's time, or
	nodes       int64         // a move's nodes, or
	base, inc   time.Duration // a clock for each player
	margin      time.Duration // how much longer than its movetime a move may take
	timeout     time.Duration // the client's timeout (uci.Config.Timeout), and a move's bound with -nodes
	concurrency int
	claim       bool // a threefold repetition is claimed as a draw
	pgn         io.Writer
	progress    io.Writer
}

// ending says how a game ended beyond its Outcome: by an engine's fault.
type fault uint8

const (
	noFault fault = iota
	illegalMove
	timeLoss
	crash
)

// gameResult is one game played.
type gameResult struct {
	index   int
	white   int // the engine that had White
	record  atomic.Record
	fault   fault
	culprit int              // the engine at fault
	reason  string           // what happened, for the record and the log
	longest [2]time.Duration // each engine's longest move, by the harness's clock
	moves   [2]int           // each engine's moves
	over    [2]int           // each engine's moves longer than the movetime and 100 ms
}

// score is the points engine 0 took from the game (1, ½, 0).
func (r gameResult) score() float64 {
	o := r.record.Game.Outcome()
	w, won := o.Won()
	switch {
	case !won:
		return 0.5
	case (w == pacosako.White) == (r.white == 0):
		return 1
	}
	return 0
}

// player is an engine of a worker: restarted after it was killed.
type player struct {
	spec engineSpec
	cfg  *config
	e    *uci.Engine
}

func (p *player) start(ctx context.Context) error {
	if p.e != nil {
		return nil
	}
	args := p.spec.args
	e, err := uci.Start(ctx, uci.Config{Path: p.spec.path, Args: args, Timeout: p.cfg.timeout, StartTimeout: max(p.cfg.timeout, 30*time.Second)})
	if err != nil {
		return err
	}
	for _, o := range p.spec.options {
		if err := e.SetOption(ctx, o[0], o[1]); err != nil {
			e.Close()
			return err
		}
	}
	p.e = e
	return nil
}

// drop forgets an engine that was killed (or closes one that lives).
func (p *player) drop() {
	if p.e != nil {
		p.e.Close()
		p.e = nil
	}
}

// opening returns the start and the random half-moves of opening i: the
// standard start or a Chess960 one, then cfg.plies random moves, none ending
// the game, after which the side to move cannot win at once (drawn again
// until so, with fewer plies after many tries).
func opening(cfg *config, i int) (atomic.Position, []atomic.Move) {
	rng := rand.New(rand.NewPCG(cfg.seed, uint64(i)))
	start := atomic.StartingPosition()
	if cfg.openings == "chess960" {
		start, _ = atomic.FischerRandomPosition(rng.IntN(960))
	}
	for try := 0; ; try++ {
		plies := cfg.plies
		if try >= 100 {
			plies = cfg.plies * (200 - try) / 100 // give up plies, never the loop
		}
		p := start
		var moves []atomic.Move
		for len(moves) < plies {
			var safe []atomic.Move
			for _, m := range p.Moves() {
				after, _ := p.Play(m)
				if !after.IsOver() {
					safe = append(safe, m)
				}
			}
			if len(safe) == 0 {
				break
			}
			m := safe[rng.IntN(len(safe))]
			p, _ = p.Play(m)
			moves = append(moves, m)
		}
		if len(moves) == plies && !winsAtOnce(p) {
			return start, moves
		}
	}
}

// winsAtOnce reports whether the side to move has a move that ends the game in
// its favour.
func winsAtOnce(p atomic.Position) bool {
	for _, m := range p.Moves() {
		after, _ := p.Play(m)
		if w, ok := after.Outcome().Won(); ok && w == p.Turn() {
			return true
		}
	}
	return false
}

// newGame is a game by lichess's automatic endings: the fifth repetition and
// 100 half-moves without a capture or a pawn move (docs/atomic-rules.md rule 10).
func newGame(start atomic.Position) atomic.Game {
	return atomic.NewGame(start, atomic.WithNoProgressLimit(100))
}

// play plays game index with white (0 or 1) as White's engine.
func play(ctx context.Context, cfg *config, players [2]*player, index, white int) (gameResult, error) {
	start, moves := opening(cfg, index/2)
	g := newGame(start)
	for _, m := range moves {
		g, _ = g.Play(m)
	}
	res := gameResult{index: index, white: white}
	engineOf := func(c pacosako.Color) int { return white ^ int(c) }
	for i := range players {
		if err := players[i].start(ctx); err != nil {
			if index < 2 { // the engine never ran: the match cannot be played
				return res, fmt.Errorf("%s: %w", players[i].spec.name, err)
			}
			res.fault, res.culprit, res.reason = crash, i, players[i].spec.name+" could not be restarted: "+err.Error()
			g, _ = g.Resign(colourOf(white, i))
			res.record = recordOf(cfg, g, white, index, res.reason)
			return res, nil
		}
		if err := players[i].e.NewGame(ctx); err != nil {
			return forfeit(cfg, g, players, res, i, err), nil
		}
	}
	clock := [2]time.Duration{cfg.base, cfg.base}
	for !g.Outcome().IsOver() {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		if cfg.claim && g.CanClaimDraw() {
			g, _ = g.ClaimDraw()
			break
		}
		turn := g.Position().Turn()
		side := engineOf(turn)
		lim := uci.Limits{MoveTime: cfg.moveTime, Nodes: cfg.nodes}
		mctx, cancel := ctx, context.CancelFunc(func() {})
		if cfg.base > 0 {
			lim = uci.Limits{WTime: clock[engineOf(pacosako.White)], BTime: clock[engineOf(pacosako.Black)], WInc: cfg.inc, BInc: cfg.inc}
		} else if cfg.moveTime == 0 {
			mctx, cancel = context.WithTimeout(ctx, cfg.timeout)
		}
		r, err := players[side].e.Go(mctx, g, lim, nil)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			return forfeit(cfg, g, players, res, side, err), nil
		}
		res.longest[side] = max(res.longest[side], r.Elapsed)
		res.moves[side]++
		if cfg.moveTime > 0 && r.Elapsed > cfg.moveTime+100*time.Millisecond {
			res.over[side]++
		}
		late := false
		switch {
		case cfg.base > 0:
			clock[side] -= r.Elapsed
			late = clock[side] < 0
			clock[side] += cfg.inc
		case cfg.moveTime > 0:
			late = r.Elapsed > cfg.moveTime+cfg.margin
		}
		if late {
			res.fault, res.culprit = timeLoss, side
			res.reason = fmt.Sprintf("%s lost on time: %v for %s", players[side].spec.name, r.Elapsed.Round(time.Millisecond), MoveSAN(g.Position(), r.BestMove))
			g, _ = g.Timeout(turn)
			break
		}
		g, err = g.Play(r.BestMove)
		if err != nil { // the client checked it; never here
			return res, err
		}
	}
	res.record = recordOf(cfg, g, white, index, res.reason)
	return res, nil
}

// MoveSAN is m in SAN, or in UCI if it cannot be written.
func MoveSAN(p atomic.Position, m atomic.Move) string {
	if s, err := p.SAN(m); err == nil {
		return s
	}
	return m.UCI()
}

// forfeit ends the game lost by engine i after err: an illegal move, or a
// crash (a timeout is a loss on time); an engine that was killed is dropped to
// be restarted.
func forfeit(cfg *config, g atomic.Game, players [2]*player, res gameResult, i int, err error) gameResult {
	name := players[i].spec.name
	res.culprit = i
	switch {
	case errors.Is(err, uci.ErrIllegalMove):
		res.fault, res.reason = illegalMove, name+" played an illegal move: "+err.Error()
	case errors.Is(err, uci.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		res.fault, res.reason = timeLoss, name+" lost on time: "+err.Error()
	default:
		res.fault, res.reason = crash, name+" failed: "+err.Error()
	}
	if errors.Is(err, uci.ErrTimeout) || errors.Is(err, uci.ErrCrashed) || errors.Is(err, uci.ErrProtocol) || errors.Is(err, uci.ErrClosed) ||
		errors.Is(err, context.DeadlineExceeded) {
		players[i].drop()
	}
	loser := colourOf(res.white, i)
	if res.fault == timeLoss {
		g, _ = g.Timeout(loser)
	} else {
		g, _ = g.Resign(loser)
	}
	res.record = recordOf(cfg, g, res.white, res.index, res.reason)
	return res
}

// colourOf is the colour engine i plays when white has White.
func colourOf(white, i int) pacosako.Color {
	if i == white {
		return pacosako.White
	}
	return pacosako.Black
}

// recordOf is the game's PGN record: the players, the round, and a comment
// saying why it ended when an engine was at fault.
func recordOf(cfg *config, g atomic.Game, white, index int, reason string) atomic.Record {
	tags := []atomic.Tag{
		{Name: "Event", Value: "pacosako match"},
		{Name: "Site", Value: "?"},
		{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")},
		{Name: "Round", Value: fmt.Sprint(index + 1)},
		{Name: "White", Value: cfg.engines[white].name},
		{Name: "Black", Value: cfg.engines[white^1].name},
		{Name: "Opening", Value: fmt.Sprintf("%s %d, seed %d", cfg.openings, index/2+1, cfg.seed)},
		{Name: "TimeControl", Value: cfg.timeControl()},
	}
	r := atomic.Record{Tags: tags, Game: g}
	n := g.Len()
	r.Notes = make([]atomic.Note, n)
	if k := min(cfg.plies, n); k > 0 {
		r.Notes[k-1].Comment = "the random opening ends"
	}
	if reason != "" {
		if n == 0 {
			r.Comment = reason
		} else {
			r.Notes[n-1].Comment = strings.TrimSpace(r.Notes[n-1].Comment + " " + reason)
		}
	}
	return r
}

// timeControl says how the engines are limited, in words for the tag.
func (cfg *config) timeControl() string {
	switch {
	case cfg.base > 0:
		return fmt.Sprintf("%g+%g", cfg.base.Seconds(), cfg.inc.Seconds())
	case cfg.moveTime > 0:
		return fmt.Sprintf("%gs a move", cfg.moveTime.Seconds())
	}
	return fmt.Sprintf("%d nodes a move", cfg.nodes)
}

// runMatch plays the match on cfg.concurrency workers, each with its own pair
// of engines, writes every game to cfg.pgn in the order of the games, and
// returns the games.
func runMatch(ctx context.Context, cfg *config) ([]gameResult, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	for range max(cfg.concurrency, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			players := [2]*player{{spec: cfg.engines[0], cfg: cfg}, {spec: cfg.engines[1], cfg: cfg}}
			defer players[0].drop()
			defer players[1].drop()
			for i := range jobs {
				r, err := play(ctx, cfg, players, i, i%2)
				if err != nil {
					errOnce.Do(func() { firstErr = err; cancel() })
					continue
				}
				results <- r
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.games; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	all := make([]gameResult, 0, cfg.games)
	pending := map[int]gameResult{}
	next := 0
	var writeErr error
	for r := range results {
		pending[r.index] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			all = append(all, r)
			if cfg.pgn != nil && writeErr == nil {
				writeErr = atomic.WriteRecord(cfg.pgn, r.record)
			}
			if cfg.progress != nil {
				fmt.Fprintf(cfg.progress, "game %d/%d: %s - %s %s (%s) %d plies%s\n", r.index+1, cfg.games,
					cfg.engines[r.white].name, cfg.engines[r.white^1].name, r.record.Game.Outcome().Result(),
					r.record.Game.Outcome(), r.record.Game.Len(), suffix(r.reason))
			}
		}
	}
	if firstErr != nil {
		return all, firstErr
	}
	if writeErr != nil {
		return all, writeErr
	}
	return all, ctx.Err()
}

func suffix(reason string) string {
	if reason == "" {
		return ""
	}
	return ": " + strings.SplitN(reason, "\n", 2)[0]
}
