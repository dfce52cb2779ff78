package uciserver

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	syncatomic "sync/atomic"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/ucipos"
	"github.com/pacosako-go/pacosako/polyglot"
	"github.com/pacosako-go/pacosako/uci"
)

// Searcher is the search the server drives.
type Searcher interface {
	// Search searches the position of g (whose history tells repetitions)
	// within lim until ctx ends, calling progress with what it has found at
	// each depth it completes (an info line's fields: depth, score, nodes,
	// PV …, one per line of MultiPV), and returns its best move with the
	// principal variation (Lines[0].PV). It returns a legal move whenever the
	// position has one, also when ctx ended early.
	Search(ctx context.Context, g atomic.Game, lim Limits, progress func(uci.Info)) (Result, error)
	// NewGame forgets what earlier searches learnt (ucinewgame).
	NewGame()
	// SetHash sizes the search's table, in MiB.
	SetHash(mb int)
}

// Limits are a search's limits as the server gives them: a depth, a number
// of nodes, the lines to report; zero means no limit. The time to stop is the
// context's deadline (a search should begin no new depth once it is unlikely
// to complete it).
type Limits struct {
	Depth   int
	Nodes   int64
	MultiPV int
}

// Result is a search's answer.
type Result struct {
	Best  atomic.Move
	Lines []uci.Info // the final info of each line, Lines[0] the best
}

// Options of the server, with their declarations.
var declared = []uci.Option{
	{Name: "UCI_Variant", Type: uci.Combo, Default: "atomic", Vars: []string{"atomic"}},
	{Name: "UCI_Chess960", Type: uci.Check, Default: "false"},
	{Name: "Hash", Type: uci.Spin, Default: "16", Min: 1, Max: 4096},
	{Name: "MultiPV", Type: uci.Spin, Default: "1", Min: 1, Max: 64},
	{Name: "Move Overhead", Type: uci.Spin, Default: "20", Min: 0, Max: 5000},
	{Name: "OwnBook", Type: uci.Check, Default: "false"},
	{Name: "BookFile", Type: uci.String, Default: ""},
	{Name: "Clear Hash", Type: uci.Button},
}

// defaultOverhead is Move Overhead's default: the time kept back from every
// move for the GUI's and the operating system's delays.
const defaultOverhead = 20 * time.Millisecond

// Server is one UCI session.
type Server struct {
	name, author string
	searcher     Searcher
	rng          *rand.Rand // the book's choices

	mu  sync.Mutex // guards out
	out *bufio.Writer
	fl  interface{ Flush() error } // the caller's writer, when it buffers too

	game     atomic.Game
	chess960 bool
	multiPV  int
	overhead time.Duration
	ownBook  bool
	book     *polyglot.Book

	search *running // the search in progress, or nil
}

// running is a search in progress.
type running struct {
	cancel   context.CancelFunc
	stop     chan struct{} // closed by stop: an infinite search may answer
	done     chan struct{} // closed when its bestmove has been written
	stopOnce sync.Once
	answered syncatomic.Bool // set before its bestmove is written
}

// New returns a server named name (its "id name") by author, searching with s;
// seed seeds the book's random choices.
func New(name, author string, s Searcher, seed uint64) *Server {
	return &Server{name: name, author: author, searcher: s, rng: rand.New(rand.NewPCG(seed, 0x75636931)),
		game: atomic.NewGame(atomic.StartingPosition()), multiPV: 1, overhead: defaultOverhead}
}

// Serve reads commands from in and answers on out until "quit" or the end of
// in (a search then running is stopped, and its bestmove written), or until
// ctx ends. It returns in's read error, or out's first write error.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	s.out = bufio.NewWriter(out)
	s.fl, _ = out.(interface{ Flush() error })
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 16<<20) // a position with many moves is a long line
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		defer close(lines)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
	}()
	defer s.stopSearch()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				s.stopSearch()
				return <-readErr
			}
			if !s.command(ctx, line) {
				return nil
			}
		}
	}
}

// send writes lines, each a whole line, and flushes them.
func (s *Server) send(lines ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, l := range lines {
		s.out.WriteString(l)
		s.out.WriteByte('\n')
	}
	s.out.Flush()
	if s.fl != nil {
		s.fl.Flush()
	}
}

// say answers with "info string".
func (s *Server) say(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.send("info string " + strings.NewReplacer("\n", " ", "\r", " ").Replace(msg))
}

// command runs one line; false ends the session.
func (s *Server) command(ctx context.Context, line string) bool {
	s.finished()
	words := strings.Fields(line)
	if len(words) == 0 {
		return true
	}
	switch words[0] {
	case "uci":
		out := []string{"id name " + s.name, "id author " + s.author}
		for _, o := range declared {
			out = append(out, o.String())
		}
		s.send(append(out, "uciok")...)
	case "isready":
		s.send("readyok")
	case "debug", "register":
	case "setoption":
		s.setOption(line)
	case "ucinewgame":
		s.stopSearch()
		s.searcher.NewGame()
		s.game = atomic.NewGame(atomic.StartingPosition())
	case "position":
		s.position(words[1:])
	case "go":
		s.goSearch(ctx, words[1:])
	case "stop":
		s.stopSearch()
	case "ponderhit":
		s.say("ponderhit refused: this engine does not ponder (it offers no Ponder option)")
	case "quit":
		return false
	default:
		s.say("unknown command %q", truncate(words[0]))
	}
	return true
}

func truncate(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// setOption reads "setoption name N [value V]".
func (s *Server) setOption(line string) {
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "setoption"))
	rest, ok := strings.CutPrefix(rest, "name ")
	if !ok {
		s.say("setoption wants: setoption name NAME [value VALUE]")
		return
	}
	name, value, _ := strings.Cut(rest, " value ")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if v, ok := strings.CutSuffix(name, " value"); ok { // "value" with nothing after it
		name = strings.TrimSpace(v)
	}
	var opt uci.Option
	found := false
	for _, o := range declared {
		if strings.EqualFold(o.Name, name) {
			opt, found = o, true
		}
	}
	if !found {
		s.say("unknown option %q", truncate(name))
		return
	}
	v, err := opt.Validate(value)
	if err != nil {
		s.say("%v", err)
		return
	}
	switch opt.Name {
	case "UCI_Chess960":
		s.chess960 = v == "true"
	case "Hash":
		n, _ := strconv.Atoi(v)
		s.searcher.SetHash(n)
	case "MultiPV":
		s.multiPV, _ = strconv.Atoi(v)
	case "Move Overhead":
		n, _ := strconv.Atoi(v)
		s.overhead = time.Duration(n) * time.Millisecond
	case "OwnBook":
		s.ownBook = v == "true"
	case "BookFile":
		if v == "" {
			s.book = nil
			return
		}
		b, err := polyglot.ReadFile(v)
		if err != nil {
			s.say("book %q not loaded: %v", truncate(v), err)
			return
		}
		s.book = b
		s.say("book %s: %d entries", truncate(v), b.Len())
	case "Clear Hash":
		s.searcher.NewGame()
	}
}

// position reads "position startpos|fen FEN [moves M…]"; on any error the
// position is left as it was.
func (s *Server) position(args []string) {
	g, err := ucipos.Read(args)
	if err != nil {
		s.say("position unchanged: %v", err)
		return
	}
	s.game = g
}

// goArgs are the arguments of go.
type goArgs struct {
	wtime, btime, winc, binc time.Duration
	movesToGo, depth         int
	nodes                    int64
	moveTime                 time.Duration
	infinite, ponder, clock  bool
	searchMoves              bool
}

// parseGo reads go's arguments; an error says what does not read.
func (s *Server) parseGo(args []string) (goArgs, error) {
	var a goArgs
	root := s.game.Position()
	for i := 0; i < len(args); i++ {
		key := args[i]
		num := func() (int64, error) {
			if i+1 >= len(args) {
				return 0, fmt.Errorf("%s wants a number", key)
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil {
				return 0, fmt.Errorf("%s %q is not a number", key, truncate(args[i]))
			}
			return n, nil
		}
		ms := func() (time.Duration, error) {
			n, err := num()
			n = min(max(n, -1<<40), 1<<40) // a clock may be negative; neither overflows
			return time.Duration(n) * time.Millisecond, err
		}
		var err error
		switch key {
		case "wtime":
			a.wtime, err = ms()
			a.clock = true
		case "btime":
			a.btime, err = ms()
			a.clock = true
		case "winc":
			a.winc, err = ms()
		case "binc":
			a.binc, err = ms()
		case "movetime":
			a.moveTime, err = ms()
		case "movestogo", "depth", "mate":
			var n int64
			n, err = num()
			n = min(max(n, 0), 1<<20)
			switch key {
			case "movestogo":
				a.movesToGo = int(n)
			case "depth":
				a.depth = int(n)
			case "mate": // a mate in n moves is found within 2n half-moves
				a.depth = int(2 * n)
			}
		case "nodes":
			a.nodes, err = num()
			a.nodes = max(a.nodes, 0)
		case "infinite":
			a.infinite = true
		case "ponder":
			a.ponder = true
		case "searchmoves":
			for i+1 < len(args) {
				if _, merr := root.ParseUCI(args[i+1]); merr != nil {
					break
				}
				a.searchMoves = true
				i++
			}
		default:
			err = fmt.Errorf("unknown go argument %q", truncate(key))
		}
		if err != nil {
			return a, err
		}
	}
	return a, nil
}

// budget is the time management: the time the side to move may spend on its
// move, from its clock. It never spends more than a third of what is left
// after the move overhead, so that a game with no increment never runs out:
// every move leaves at least two thirds of the time for the rest.
func budget(left, inc time.Duration, movesToGo int, overhead time.Duration) time.Duration {
	avail := left - overhead
	if avail < left/4 {
		avail = left / 4 // the overhead is most of what is left: spend little
	}
	if avail <= 0 {
		return time.Millisecond
	}
	mtg := 25 // Atomic games are short
	if movesToGo > 0 {
		mtg = min(movesToGo, 25)
	}
	hard := avail/time.Duration(mtg) + inc*3/4
	hard = min(hard, avail/3)
	return max(hard, time.Millisecond)
}

// goSearch starts a search.
func (s *Server) goSearch(ctx context.Context, args []string) {
	if s.search != nil {
		s.say("go ignored: a search is running (send stop first)")
		return
	}
	a, err := s.parseGo(args)
	if err != nil {
		s.say("go ignored: %v", err)
		return
	}
	if a.ponder {
		s.say("go ponder refused: this engine does not ponder")
		return
	}
	g := s.game
	root := g.Position()
	if g.Outcome().IsOver() || root.MoveCount() == 0 {
		s.say("the game is over: %v", g.Outcome())
		s.send("bestmove (none)")
		return
	}
	if a.searchMoves {
		s.say("searchmoves is not supported: every move is searched")
	}
	if s.ownBook && s.book != nil && !a.infinite && !a.searchMoves {
		if bm, ok := s.book.Choose(root, s.rng); ok {
			s.say("book move %s (weight %d)", uci.MoveText(bm.Move, s.chess960), bm.Weight)
			s.send("bestmove " + uci.MoveText(bm.Move, s.chess960))
			return
		}
	}
	lim := Limits{Depth: a.depth, Nodes: a.nodes, MultiPV: s.multiPV}
	var hard time.Duration
	switch {
	case a.infinite:
	case a.moveTime > 0:
		hard = max(a.moveTime-s.overhead, a.moveTime/2, time.Millisecond)
	case a.clock:
		left, inc := a.wtime, a.winc
		if root.Turn() != 0 {
			left, inc = a.btime, a.binc
		}
		hard = budget(left, inc, a.movesToGo, s.overhead)
	}
	sctx, cancel := context.WithCancel(ctx)
	if hard > 0 {
		sctx, cancel = context.WithTimeout(ctx, hard)
	}
	r := &running{cancel: cancel, stop: make(chan struct{}), done: make(chan struct{})}
	s.search = r
	began := time.Now()
	c960 := s.chess960
	go func() {
		defer close(r.done)
		defer cancel()
		res, err := s.searcher.Search(sctx, g, lim, func(info uci.Info) {
			if !info.Has(uci.HasTime) {
				info.Time, info.Fields = time.Since(began), info.Fields|uci.HasTime
			}
			s.send(info.Line(c960))
		})
		if err != nil {
			s.say("search: %v", err)
		}
		best := res.Best
		if best.IsZero() || !root.IsLegal(best) { // never an illegal or no move where one is legal
			if !best.IsZero() {
				s.say("the search gave the illegal move %v; playing a legal one", best)
			}
			best = root.Moves()[0]
		}
		if a.infinite { // the protocol: no bestmove before stop
			select {
			case <-r.stop:
			case <-ctx.Done():
			}
		}
		line := "bestmove " + uci.MoveText(best, c960)
		if len(res.Lines) > 0 && len(res.Lines[0].PV) > 1 && res.Lines[0].PV[0] == best {
			line += " ponder " + uci.MoveText(res.Lines[0].PV[1], c960)
		}
		r.answered.Store(true) // before the GUI can see it and send another go
		s.send(line)
	}()
}

// stopSearch stops the search in progress, if any, and waits for its
// bestmove.
func (s *Server) stopSearch() {
	if r := s.search; r != nil {
		r.stopOnce.Do(func() { close(r.stop) })
		r.cancel()
		<-r.done
		s.search = nil
	}
}

// finished forgets a search that has written its bestmove on its own (or is
// writing it: its goroutine ends at once).
func (s *Server) finished() {
	if r := s.search; r != nil && r.answered.Load() {
		<-r.done
		s.search = nil
	}
}
