package uciserver

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/polyglot"
	"github.com/pacosako-go/pacosako/uci"
)

// fakeSearcher answers with the first legal move (the first castling when
// castle is set), reporting one info; with block it waits for its context.
type fakeSearcher struct {
	mu       sync.Mutex
	block    bool
	castle   bool
	illegal  bool
	calls    int
	newGames int
	hash     int
	game     atomic.Game
	lim      Limits
	deadline time.Duration // from the call to the context's deadline, 0 for none
}

func (f *fakeSearcher) Search(ctx context.Context, g atomic.Game, lim Limits, progress func(uci.Info)) (Result, error) {
	f.mu.Lock()
	f.calls++
	f.game, f.lim = g, lim
	f.deadline = 0
	if d, ok := ctx.Deadline(); ok {
		f.deadline = time.Until(d)
	}
	block, castle, illegal := f.block, f.castle, f.illegal
	f.mu.Unlock()
	p := g.Position()
	moves := p.Moves()
	best := moves[0]
	for _, m := range moves {
		if castle && m.IsCastling() {
			best = m
			break
		}
	}
	pv := []atomic.Move{best}
	if after, _ := p.Play(best); after.MoveCount() > 0 {
		pv = append(pv, after.Moves()[0])
	}
	info := uci.Info{Fields: uci.HasDepth | uci.HasScore | uci.HasNodes | uci.HasPV, Depth: 1, Score: uci.CP(12), Nodes: 100, PV: pv}
	progress(info)
	if block {
		<-ctx.Done()
	}
	if illegal {
		best = atomic.MustParseFEN("8/8/8/8/8/8/4k3/R3K3 w Q - 0 1").Moves()[0]
	}
	return Result{Best: best, Lines: []uci.Info{info}}, nil
}

func (f *fakeSearcher) NewGame()       { f.mu.Lock(); f.newGames++; f.mu.Unlock() }
func (f *fakeSearcher) SetHash(mb int) { f.mu.Lock(); f.hash = mb; f.mu.Unlock() }

func (f *fakeSearcher) state() (calls int, g atomic.Game, lim Limits, deadline time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls, f.game, f.lim, f.deadline
}

// session is a scripted UCI session with a server.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func newSession(t *testing.T, f *fakeSearcher) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	srv := New("pacosako test", "the tests", f, 1)
	go func() {
		err := srv.Serve(context.Background(), inR, outW)
		outW.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// expect reads lines up to one that starts with prefix and returns it, with
// the lines before it.
func (s *session) expect(prefix string) (string, []string) {
	s.t.Helper()
	var before []string
	timeout := time.After(5 * time.Second)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("the session ended waiting for %q after %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			s.t.Fatalf("no %q in 5 s, after %q", prefix, before)
		}
	}
}

// quiet checks that nothing is written for d.
func (s *session) quiet(d time.Duration) {
	s.t.Helper()
	select {
	case l := <-s.lines:
		s.t.Fatalf("unexpected %q", l)
	case <-time.After(d):
	}
}

func (s *session) quit() {
	s.t.Helper()
	s.send("quit")
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		s.t.Fatal("quit did not end the session")
	}
}

// A GUI's session: the handshake, options, a position with moves, a search
// whose info and bestmove read as the protocol says and are legal.
func TestSession(t *testing.T) {
	f := &fakeSearcher{}
	s := newSession(t, f)
	s.send("uci")
	_, head := s.expect("uciok")
	if head[0] != "id name pacosako test" || head[1] != "id author the tests" {
		t.Errorf("id lines %q", head[:2])
	}
	names := map[string]uci.Option{}
	for _, l := range head[2:] {
		o, err := uci.ParseOption(l)
		if err != nil {
			t.Fatalf("option line %q: %v", l, err)
		}
		names[o.Name] = o
	}
	for _, want := range []string{"UCI_Variant", "UCI_Chess960", "Hash", "MultiPV", "OwnBook", "BookFile", "Move Overhead"} {
		if _, ok := names[want]; !ok {
			t.Errorf("option %s not declared", want)
		}
	}
	if v := names["UCI_Variant"]; v.Type != uci.Combo || v.Vars[0] != "atomic" {
		t.Errorf("UCI_Variant = %+v", v)
	}
	s.send("setoption name UCI_Variant value atomic", "setoption name Hash value 64", "setoption name MultiPV value 3", "isready")
	s.expect("readyok")
	s.send("ucinewgame", "position startpos moves e2e4 e7e5", "go depth 3")
	best, infos := s.expect("bestmove ")
	_, g, lim, deadline := f.state()
	root := g.Position()
	if strings.Join(g.PlayedUCI(), " ") != "e2e4 e7e5" || lim.Depth != 3 || lim.MultiPV != 3 || deadline != 0 {
		t.Errorf("searched %v with %+v, deadline %v", g.PlayedUCI(), lim, deadline)
	}
	if len(infos) != 1 {
		t.Fatalf("info lines %q", infos)
	}
	info, err := uci.ParseInfo(root, infos[0])
	if err != nil || info.Depth != 1 || info.Score != uci.CP(12) || len(info.PV) != 2 || !info.Has(uci.HasTime) {
		t.Errorf("info %q: %+v, %v", infos[0], info, err)
	}
	m, ponder, err := uci.ParseBestMove(root, best)
	if err != nil || m != root.Moves()[0] || ponder.IsZero() {
		t.Errorf("%q: %v %v %v", best, m, ponder, err)
	}
	f.mu.Lock()
	if f.hash != 64 || f.newGames != 1 {
		t.Errorf("hash %d, new games %d", f.hash, f.newGames)
	}
	f.mu.Unlock()
	s.quit()
}

// Bad input is answered with info string and changes nothing; the session
// goes on.
func TestBadInput(t *testing.T) {
	f := &fakeSearcher{}
	s := newSession(t, f)
	s.send("position startpos moves d2d4")
	for _, tc := range []struct{ line, want string }{
		{"hello", `info string unknown command "hello"`},
		{"position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1", "info string position unchanged: atomic: invalid FEN"},
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "info string position unchanged: atomic: invalid position"},
		{"position startpos moves e2e4 e2e4", `info string position unchanged: move 2 "e2e4": atomic: illegal move`},
		{"position startpos moves e2e4 zz", `info string position unchanged: move 2 "zz"`},
		{"position sideways", `info string position unchanged: want startpos or fen, got "sideways"`},
		{"position startpos e2e4", "info string position unchanged: want moves after the position"},
		{"position", "info string position unchanged: want startpos or fen FEN"},
		{"setoption name Hash value 99999", `info string uci: invalid option value: "Hash" = "99999": want an integer from 1 to 4096`},
		{"setoption name UCI_Variant value chess", `info string uci: invalid option value: "UCI_Variant" = "chess"`},
		{"setoption name Nope value 1", `info string unknown option "Nope"`},
		{"setoption Hash 5", "info string setoption wants: setoption name NAME [value VALUE]"},
		{"setoption name BookFile value /no/such/book.bin", `info string book "/no/such/book.bin" not loaded`},
		{"go depth x", `info string go ignored: depth "x" is not a number`},
		{"go sideways", `info string go ignored: unknown go argument "sideways"`},
		{"ponderhit", "info string ponderhit refused"},
		{"go ponder", "info string go ponder refused"},
	} {
		s.send(tc.line)
		if l, _ := s.expect("info string"); !strings.HasPrefix(l, tc.want) {
			t.Errorf("%q: %q, want %q", tc.line, l, tc.want)
		}
	}
	s.send("go searchmoves e7e5 d7d5 depth 1")
	if l, _ := s.expect("info string"); l != "info string searchmoves is not supported: every move is searched" {
		t.Errorf("%q", l)
	}
	s.expect("bestmove ")
	calls, g, _, _ := f.state()
	if calls != 1 || strings.Join(g.PlayedUCI(), " ") != "d2d4" {
		t.Errorf("%d searches, the last of %v", calls, g.PlayedUCI())
	}
	s.send("isready")
	s.expect("readyok")
	s.quit()
}

// Chess960 mode reads and writes castling king takes rook.
func TestChess960Castling(t *testing.T) {
	for _, c960 := range []bool{false, true} {
		f := &fakeSearcher{castle: true}
		s := newSession(t, f)
		if c960 {
			s.send("setoption name UCI_Chess960 value true")
		}
		s.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "go depth 1")
		best, _ := s.expect("bestmove ")
		want := map[bool]string{false: "bestmove e1c1", true: "bestmove e1a1"}[c960]
		if !strings.HasPrefix(best, want) {
			t.Errorf("chess960 %v: %q, want %q", c960, best, want)
		}
		s.quit()
	}
	f := &fakeSearcher{}
	s := newSession(t, f)
	s.send("setoption name UCI_Chess960 value true", "position fen 1r3kr1/6p1/8/8/8/8/6P1/1R3KR1 w GBgb - 0 1 moves f1g1", "go depth 1")
	s.expect("bestmove ")
	if _, g, _, _ := f.state(); g.Len() != 1 || !g.PlayedMoves()[0].IsCastling() {
		t.Errorf("f1g1 read as %v", g.PlayedMoves())
	}
	s.quit()
}

// go infinite holds its bestmove until stop, even when the search ends first.
func TestInfinite(t *testing.T) {
	f := &fakeSearcher{}
	s := newSession(t, f)
	s.send("position startpos", "go infinite")
	s.expect("info depth")
	s.quiet(100 * time.Millisecond)
	s.send("isready") // answered during a search
	s.expect("readyok")
	s.send("stop")
	s.expect("bestmove ")
	// A blocking search stops at stop; a second go during a search is refused.
	f.mu.Lock()
	f.block = true
	f.mu.Unlock()
	s.send("go infinite", "go depth 2")
	if l, _ := s.expect("info string"); !strings.Contains(l, "a search is running") {
		t.Errorf("%q", l)
	}
	s.send("stop")
	s.expect("bestmove ")
	// quit during a search writes its bestmove and ends.
	s.send("go infinite")
	s.expect("info depth")
	s.send("quit")
	s.expect("bestmove ")
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

// The clock gives the search a deadline that leaves time for the rest of the
// game; movetime one just under it.
func TestClock(t *testing.T) {
	f := &fakeSearcher{block: true}
	s := newSession(t, f)
	s.send("position startpos moves e2e4", "go wtime 100000 btime 3000 winc 0 binc 0")
	began := time.Now()
	s.expect("bestmove ")
	took := time.Since(began)
	_, _, _, deadline := f.state()
	hard := budget(3000*time.Millisecond, 0, 0, defaultOverhead)
	if deadline <= 0 || deadline > hard || hard > 1000*time.Millisecond || took > hard+500*time.Millisecond {
		t.Errorf("deadline %v (budget %v), took %v", deadline, hard, took)
	}
	s.send("go movetime 300")
	s.expect("bestmove ")
	if _, _, _, deadline := f.state(); deadline <= 0 || deadline > 300*time.Millisecond-defaultOverhead {
		t.Errorf("movetime 300: deadline %v, want %v", deadline, 300*time.Millisecond-defaultOverhead)
	}
	s.quit()
}

// With no increment, spending what budget gives move after move (plus the
// overhead, spent by the GUI) never runs out of time.
func TestBudgetNeverFlags(t *testing.T) {
	for _, start := range []time.Duration{100 * time.Millisecond, time.Second, 10 * time.Second, 3 * time.Minute} {
		for _, overhead := range []time.Duration{0, 10 * time.Millisecond, 50 * time.Millisecond} {
			for _, mtg := range []int{0, 40} {
				left := start
				for move := range 300 {
					hard := budget(left, 0, max(mtg-move%40, 0), overhead)
					if hard <= 0 {
						t.Fatalf("budget(%v) = %v", left, hard)
					}
					if hard > max(left/3, time.Millisecond) {
						t.Fatalf("budget(%v) = %v: more than a third", left, hard)
					}
					spent := hard + overhead/2 // the search uses its all; the GUI's latency half the overhead
					if left <= overhead+time.Millisecond {
						break // the overhead is all that is left: no budget can keep it
					}
					if spent >= left {
						t.Fatalf("start %v overhead %v: move %d spends %v of %v", start, overhead, move, spent, left)
					}
					left -= spent
				}
			}
		}
	}
	// An increment is spent, but never more than a third of the clock.
	if hard := budget(time.Second, 2*time.Second, 0, 0); hard > time.Second/3 {
		t.Errorf("hard %v", hard)
	}
}

// A book move is played at once, without a search.
func TestBook(t *testing.T) {
	start := atomic.StartingPosition()
	e4, _ := start.ParseUCI("e2e4")
	path := filepath.Join(t.TempDir(), "book.bin")
	file, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := polyglot.Write(file, []polyglot.Entry{polyglot.EntryOf(start, e4, 5)}); err != nil {
		t.Fatal(err)
	}
	file.Close()
	f := &fakeSearcher{}
	s := newSession(t, f)
	s.send("setoption name BookFile value "+path, "setoption name OwnBook value true")
	if l, _ := s.expect("info string"); l != "info string book "+path+": 1 entries" {
		t.Errorf("%q", l)
	}
	s.send("position startpos", "go movetime 1000")
	if l, _ := s.expect("bestmove"); l != "bestmove e2e4" {
		t.Errorf("%q", l)
	}
	s.send("position startpos moves d2d4", "go depth 1") // out of book
	s.expect("bestmove")
	if calls, _, _, _ := f.state(); calls != 1 {
		t.Errorf("%d searches, want 1", calls)
	}
	s.quit()
}

// A finished game has no move; a search's illegal move is replaced by a legal
// one; the end of input ends the session.
func TestEdges(t *testing.T) {
	f := &fakeSearcher{illegal: true}
	s := newSession(t, f)
	s.send("position fen 8/8/8/8/8/8/8/K6k w - - 0 1", "go depth 1")
	if l, _ := s.expect("bestmove"); l != "bestmove (none)" {
		t.Errorf("%q", l)
	}
	s.send("position startpos", "go depth 1")
	best, before := s.expect("bestmove")
	if m, _, err := uci.ParseBestMove(atomic.StartingPosition(), best); err != nil || m.IsZero() ||
		!strings.Contains(strings.Join(before, "\n"), "illegal move") {
		t.Errorf("%q after %q: %v", best, before, err)
	}
	s.in.Close()
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

// FuzzServe: any input ends the session (quit is appended), never panics, and
// every bestmove is legal where the session's position says.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		"uci\nisready\nposition startpos moves e2e4\ngo depth 2",
		"setoption name UCI_Chess960 value true\nposition fen 1r3kr1/6p1/8/8/8/8/6P1/1R3KR1 w GBgb - 0 1 moves f1g1\ngo infinite\nstop",
		"go wtime -5 btime 10\nposition fen x\nsetoption name Hash value\nsetoption name",
		"go searchmoves e2e4 d2d4 depth 3\nucinewgame\ngo nodes 10",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		srv := New("fuzz", "fuzz", &fakeSearcher{}, 1)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var out strings.Builder
		err := srv.Serve(ctx, strings.NewReader(script+"\nstop\nquit\n"), &out)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("the session did not end: %q", script)
		}
		if err != nil && !errors.Is(err, bufio.ErrTooLong) {
			t.Fatal(err)
		}
	})
}
