package uci

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/ucifake"
)

// The test binary is also the fake engine: started again with ucifake.Env set,
// it plays the fake instead of running the tests.
func TestMain(m *testing.M) {
	if mode := ucifake.Mode(os.Args[1:]); mode != "" {
		os.Exit(ucifake.Run(mode, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// fakeConfig starts the fake in mode with a short timeout, and a long one for
// its start (a test binary built with -race starts slowly on a loaded machine).
func fakeConfig(mode string, timeout time.Duration) Config {
	return Config{Path: os.Args[0], Env: append(os.Environ(), ucifake.Env+"="+mode), Timeout: timeout, StartTimeout: time.Minute}
}

// children lists the processes this one has started and not reaped (Linux), so
// that a test can check that none is left behind, running or a zombie.
func children(t *testing.T) []string {
	t.Helper()
	if runtime.GOOS != "linux" {
		return nil
	}
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	var out []string
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		out = append(out, strings.Fields(string(b))...)
	}
	return out
}

// noChildren fails t when a child process is left, after a moment for the
// reaping goroutine.
func noChildren(t *testing.T) {
	t.Helper()
	for range 50 {
		if len(children(t)) == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("child processes left: %v", children(t))
}

func startFake(t *testing.T, mode string, timeout time.Duration) *Engine {
	t.Helper()
	e, err := Start(context.Background(), fakeConfig(mode, timeout))
	if err != nil {
		t.Fatalf("Start(%s): %v", mode, err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func TestGoodEngine(t *testing.T) {
	ctx := context.Background()
	var log bytes.Buffer
	cfg := fakeConfig("good", 5*time.Second)
	var mu sync.Mutex
	cfg.Log = lockedWriter{&mu, &log}
	e, err := Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name() != "ucifake good" || e.Author() != "the pacosako tests" {
		t.Errorf("id %q %q", e.Name(), e.Author())
	}
	hash, ok := e.Option("hash")
	if !ok || hash.Type != Spin || hash.Min != 1 || hash.Max != 1024 || hash.Default != "16" {
		t.Errorf("Hash = %+v, %v", hash, ok)
	}
	if dl, ok := e.Option("Debug Log File"); !ok || dl.Type != String || dl.Default != "" {
		t.Errorf("Debug Log File = %+v", dl)
	}
	if len(e.Options()) != 7 {
		t.Errorf("%d options: %v", len(e.Options()), e.Options())
	}
	for _, tc := range []struct {
		name, value string
		want        error
	}{
		{"Hash", "32", nil},
		{"Hash", "5000", ErrInvalidOption},
		{"Hash", "x", ErrInvalidOption},
		{"Skill Level", "-5", nil},
		{"UCI_Chess960", "maybe", ErrInvalidOption},
		{"Clear Hash", "", nil},
		{"Clear Hash", "now", ErrInvalidOption},
		{"UCI_Variant", "ATOMIC", nil},
		{"UCI_Variant", "shogi", ErrInvalidOption},
		{"Nope", "1", ErrUnknownOption},
		{"Debug Log File", "a\nquit", ErrInvalidOption},
	} {
		if err := e.SetOption(ctx, tc.name, tc.value); !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
			t.Errorf("SetOption(%q, %q) = %v, want %v", tc.name, tc.value, err, tc.want)
		}
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.SetOption(ctx, "MultiPV", "3"); err != nil {
		t.Fatal(err)
	}
	g := atomic.NewGame(atomic.StartingPosition())
	for _, m := range []string{"e2e4", "d7d5"} {
		g, _ = g.PlayUCI(m)
	}
	var infos []Info
	res, err := e.Go(ctx, g, Limits{Depth: 2}, func(i Info) { infos = append(infos, i) })
	if err != nil {
		t.Fatal(err)
	}
	root := g.Position()
	if !root.IsLegal(res.BestMove) || len(res.Lines) != 3 || len(infos) != 6 || res.Depth != 2 || res.SelDepth != 3 || res.Nodes != 40 {
		t.Fatalf("result %+v, %d infos", res, len(infos))
	}
	if res.Lines[0].PV[0] != res.BestMove || len(res.Lines[0].PV) != 2 {
		t.Errorf("first line %v, best %v", res.Lines[0].PV, res.BestMove)
	}
	if s, ok := res.Score(); !ok || s != CP(20) {
		t.Errorf("Score = %v, %v", s, ok)
	}
	for k, l := range res.Lines {
		if l.MultiPV != k+1 {
			t.Errorf("line %d has multipv %d", k, l.MultiPV)
		}
	}
	mu.Lock()
	sent := log.String()
	mu.Unlock()
	for _, want := range []string{"> uci\n", "> setoption name UCI_Variant value atomic\n", "> setoption name Hash value 32\n",
		"> setoption name Clear Hash\n", "> position startpos moves e2e4 d7d5\n", "> go depth 2\n", "< bestmove "} {
		if !strings.Contains(sent, want) {
			t.Errorf("log lacks %q:\n%s", want, sent)
		}
	}
	if strings.Contains(sent, "Nope") || strings.Contains(sent, "5000") {
		t.Errorf("a refused option was sent:\n%s", sent)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	noChildren(t)
	if _, err := e.Go(ctx, g, Limits{Depth: 1}, nil); !errors.Is(err, ErrClosed) {
		t.Errorf("Go after Close: %v", err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// An illegal best move or PV move is an error naming the move and the position;
// the engine stays usable.
func TestIllegalMoves(t *testing.T) {
	ctx := context.Background()
	g := atomic.NewGame(atomic.StartingPosition())
	for _, tc := range []struct{ mode, where, move string }{
		{"illegal", "bestmove", "a7a8"},
		{"illegalpv", "pv 1", "a1a1"},
	} {
		e := startFake(t, tc.mode, 5*time.Second)
		res, err := e.Go(ctx, g, Limits{MoveTime: 10 * time.Millisecond}, nil)
		var ime *IllegalMoveError
		if !errors.As(err, &ime) || !errors.Is(err, ErrIllegalMove) || ime.Where != tc.where || ime.Move != tc.move {
			t.Fatalf("%s: %v (%+v), want an illegal %s %s", tc.mode, err, res, tc.where, tc.move)
		}
		if tc.where == "bestmove" && (ime.FEN != atomic.StartFEN || !errors.Is(err, atomic.ErrIllegalMove)) {
			t.Errorf("%s: FEN %q, %v", tc.mode, ime.FEN, err)
		}
		if !strings.Contains(err.Error(), tc.move) || !strings.Contains(err.Error(), ime.FEN) {
			t.Errorf("message %q lacks the move or the position", err)
		}
		// The engine's illegal move is the games' kind, and no other kind.
		if !errors.Is(err, pacosako.ErrIllegalMove) || errors.Is(err, ErrProtocol) || errors.Is(err, atomic.ErrInvalidNotation) ||
			!strings.HasPrefix(err.Error(), "uci: illegal move from engine: "+tc.where+" ") {
			t.Errorf("%s: %q: want the kind illegal move, from the engine", tc.mode, err)
		}
		if err := e.IsReady(ctx); err != nil {
			t.Errorf("%s: the engine is not usable after an illegal move: %v", tc.mode, err)
		}
		e.Close()
	}
	noChildren(t)
}

// Info lines that do not read are skipped and kept in BadInfo; an option line
// that does not read is skipped; the answer comes through.
func TestGarbageInfo(t *testing.T) {
	e := startFake(t, "garbage", 5*time.Second)
	if _, ok := e.Option("Broken"); ok {
		t.Error("the broken option was kept")
	}
	var infos []Info
	res, err := e.Go(context.Background(), atomic.NewGame(atomic.StartingPosition()), Limits{Nodes: 100}, func(i Info) { infos = append(infos, i) })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.BadInfo) != 3 || !errors.Is(res.BadInfo[0], ErrProtocol) {
		t.Errorf("BadInfo = %v", res.BadInfo)
	}
	if len(infos) != 3 || infos[0].Text != "garbage follows" || res.BestMove.IsZero() {
		t.Errorf("infos %+v, best %v", infos, res.BestMove)
	}
}

// A slow engine times out, is killed and reaped, and refuses further calls.
func TestSlowEngine(t *testing.T) {
	e := startFake(t, "slow", 300*time.Millisecond)
	began := time.Now()
	_, err := e.Go(context.Background(), atomic.NewGame(atomic.StartingPosition()), Limits{MoveTime: 50 * time.Millisecond}, nil)
	var ee *EngineError
	if !errors.As(err, &ee) || !errors.Is(err, ErrTimeout) || ee.Op != "go" {
		t.Fatalf("Go: %v", err)
	}
	if d := time.Since(began); d < 350*time.Millisecond || d > 2*time.Second {
		t.Errorf("timed out after %v, want 350 ms", d)
	}
	noChildren(t)
	if err := e.IsReady(context.Background()); !errors.Is(err, ErrClosed) || !strings.Contains(err.Error(), "earlier failure") {
		t.Errorf("IsReady after the timeout: %v", err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("Close after the kill: %v", err)
	}
}

// Engines that do not start properly leave no process behind.
func TestStartFailures(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		mode string
		want error
	}{
		{"silent", ErrTimeout},
		{"crashstart", ErrCrashed},
		{"noatomic", ErrUnsupported},
		{"novariant", ErrUnsupported},
	} {
		cfg := fakeConfig(tc.mode, 300*time.Millisecond)
		if tc.mode == "silent" {
			cfg.StartTimeout = 0 // Timeout
		}
		e, err := Start(ctx, cfg)
		if !errors.Is(err, tc.want) || e != nil {
			t.Errorf("%s: %v, want %v", tc.mode, err, tc.want)
		}
		noChildren(t)
	}
	// AssumeAtomic takes an engine without UCI_Variant.
	cfg := fakeConfig("novariant", time.Second)
	cfg.AssumeAtomic = true
	e, err := Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
	// The context bounds the handshake too.
	dctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if _, err := Start(dctx, fakeConfig("silent", 10*time.Second)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("silent with a deadline: %v", err)
	}
	if _, err := Start(ctx, Config{Path: filepath.Join(t.TempDir(), "no-such-engine")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing executable: %v", err)
	}
	noChildren(t)
}

// A crash is ErrCrashed with the exit status and the end of standard error.
func TestCrash(t *testing.T) {
	e := startFake(t, "crash@2", 2*time.Second)
	g := atomic.NewGame(atomic.StartingPosition())
	if _, err := e.Go(context.Background(), g, Limits{Depth: 1}, nil); err != nil {
		t.Fatalf("first search: %v", err)
	}
	_, err := e.Go(context.Background(), g, Limits{Depth: 1}, nil)
	var ee *EngineError
	if !errors.As(err, &ee) || !errors.Is(err, ErrCrashed) || !strings.Contains(ee.Detail, "exit status 3") ||
		!strings.Contains(ee.Stderr, "segmentation violation") {
		t.Fatalf("Go: %v", err)
	}
	noChildren(t)
}

func TestLongLine(t *testing.T) {
	e := startFake(t, "longline", 2*time.Second)
	_, err := e.Go(context.Background(), atomic.NewGame(atomic.StartingPosition()), Limits{Depth: 1}, nil)
	if !errors.Is(err, ErrProtocol) || !strings.Contains(err.Error(), "longer than") {
		t.Fatalf("Go: %v", err)
	}
	noChildren(t)
}

func TestNoMove(t *testing.T) {
	e := startFake(t, "none", 2*time.Second)
	_, err := e.Go(context.Background(), atomic.NewGame(atomic.StartingPosition()), Limits{Depth: 1}, nil)
	if !errors.Is(err, ErrProtocol) || !strings.Contains(err.Error(), "no move") {
		t.Fatalf("Go: %v", err)
	}
}

// An infinite search ends with Stop, with the engine's answer; a cancelled
// context ends it with the context's error and keeps the engine.
func TestStopAndCancel(t *testing.T) {
	e := startFake(t, "good", 2*time.Second)
	g := atomic.NewGame(atomic.StartingPosition())
	time.AfterFunc(50*time.Millisecond, e.Stop)
	res, err := e.Go(context.Background(), g, Limits{Infinite: true}, nil)
	if err != nil || res.BestMove.IsZero() || res.Elapsed < 40*time.Millisecond {
		t.Fatalf("stopped search: %+v, %v", res, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err = e.Go(ctx, g, Limits{Infinite: true}, nil)
	if !errors.Is(err, context.DeadlineExceeded) || res.BestMove.IsZero() {
		t.Fatalf("cancelled search: %+v, %v", res, err)
	}
	if _, err := e.Go(context.Background(), g, Limits{Depth: 1}, nil); err != nil {
		t.Fatalf("search after the cancelled one: %v", err)
	}
	// An engine that does not answer stop is killed.
	n := startFake(t, "nostop", 200*time.Millisecond)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	if _, err := n.Go(ctx2, g, Limits{Infinite: true}, nil); !errors.Is(err, ErrTimeout) {
		t.Fatalf("nostop: %v", err)
	}
	// Close ends a running search.
	c := startFake(t, "good", 2*time.Second)
	time.AfterFunc(50*time.Millisecond, func() { c.Close() })
	if _, err := c.Go(context.Background(), g, Limits{Infinite: true}, nil); !errors.Is(err, ErrClosed) {
		t.Fatalf("closed during a search: %v", err)
	}
	e.Close()
	noChildren(t)
}

// An engine that ignores quit is killed by Close.
func TestIgnoreQuit(t *testing.T) {
	e := startFake(t, "ignorequit", 200*time.Millisecond)
	if err := e.Close(); !errors.Is(err, ErrTimeout) {
		t.Fatalf("Close: %v", err)
	}
	noChildren(t)
}

// A Chess960 game sets UCI_Chess960 and writes castling king takes rook.
func TestChess960(t *testing.T) {
	var log bytes.Buffer
	var mu sync.Mutex
	cfg := fakeConfig("good", 2*time.Second)
	cfg.Log = lockedWriter{&mu, &log}
	e, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	start := atomic.MustParseFEN("1r3kr1/6p1/8/8/8/8/6P1/1R3KR1 w GBgb - 0 1")
	g := atomic.NewGame(start)
	for _, m := range []string{"f1g1", "f8e7"} {
		if g, err = g.PlayUCI(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.Go(context.Background(), g, Limits{Depth: 1}, nil); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	sent := log.String()
	mu.Unlock()
	for _, want := range []string{"> setoption name UCI_Chess960 value true\n", "> position fen " + start.FEN() + " moves f1g1 f8e7\n"} {
		if !strings.Contains(sent, want) {
			t.Errorf("log lacks %q:\n%s", want, sent)
		}
	}
}

func TestGoRefuses(t *testing.T) {
	e := startFake(t, "good", 2*time.Second)
	ctx := context.Background()
	start := atomic.NewGame(atomic.StartingPosition())
	other := atomic.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	castle, _ := other.ParseUCI("e1g1")
	for _, tc := range []struct {
		lim  Limits
		want error
	}{
		{Limits{}, ErrInvalidLimits},
		{Limits{Depth: -1}, ErrInvalidLimits},
		{Limits{MoveTime: -time.Second}, ErrInvalidLimits},
		{Limits{Depth: 1, SearchMoves: []atomic.Move{castle}}, ErrIllegalMove},
	} {
		if _, err := e.Go(ctx, start, tc.lim, nil); !errors.Is(err, tc.want) {
			t.Errorf("Go(%+v) = %v, want %v", tc.lim, err, tc.want)
		}
	}
	over := atomic.NewGame(atomic.MustParseFEN("8/8/8/8/8/8/8/K6k w - - 0 1")) // insufficient material
	if _, err := e.Go(ctx, over, Limits{Depth: 1}, nil); !errors.Is(err, atomic.ErrGameOver) {
		t.Errorf("Go on a finished game: %v", err)
	}
	if err := e.IsReady(ctx); err != nil {
		t.Errorf("refusals broke the engine: %v", err)
	}
}

func TestLimitsCommand(t *testing.T) {
	p := atomic.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	castle, _ := p.ParseUCI("e1g1")
	step, _ := p.ParseUCI("a1a2")
	for _, tc := range []struct {
		lim  Limits
		c960 bool
		want string
	}{
		{Limits{Depth: 5}, false, "go depth 5"},
		{Limits{WTime: time.Minute, BTime: 30 * time.Second, WInc: time.Second, BInc: 500 * time.Microsecond, MovesToGo: 20}, false,
			"go wtime 60000 btime 30000 winc 1000 binc 1 movestogo 20"},
		{Limits{MoveTime: 100 * time.Millisecond, Nodes: 5000}, false, "go movetime 100 nodes 5000"},
		{Limits{Infinite: true, SearchMoves: []atomic.Move{castle, step}}, false, "go infinite searchmoves e1g1 a1a2"},
		{Limits{Infinite: true, SearchMoves: []atomic.Move{castle}}, true, "go infinite searchmoves e1h1"},
	} {
		if got := tc.lim.command(tc.c960); got != tc.want {
			t.Errorf("command = %q, want %q", got, tc.want)
		}
	}
}

// pidGone reports whether no process has the id (Unix).
func pidGone(pid int) bool { return syscall.Kill(pid, 0) == syscall.ESRCH }

// Close reaps the process: its id is free afterwards.
func TestCloseReaps(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix process ids")
	}
	e := startFake(t, "good", 2*time.Second)
	pid := e.proc.pid()
	if pidGone(pid) {
		t.Fatal("the engine is not running")
	}
	e.Close()
	if !pidGone(pid) {
		t.Fatalf("process %d still exists after Close", pid)
	}
}

func TestParseBestMove(t *testing.T) {
	start := atomic.StartingPosition()
	best, ponder, err := ParseBestMove(start, "bestmove e2e4 ponder e7e5")
	if err != nil || best.UCI() != "e2e4" || ponder.UCI() != "e7e5" {
		t.Fatalf("%v %v %v", best, ponder, err)
	}
	for _, none := range []string{"bestmove (none)", "bestmove 0000"} {
		if b, p, err := ParseBestMove(start, none); err != nil || !b.IsZero() || !p.IsZero() {
			t.Errorf("%q: %v %v %v", none, b, p, err)
		}
	}
	if _, _, err := ParseBestMove(start, "bestmove"); !errors.Is(err, ErrProtocol) {
		t.Errorf("bestmove alone: %v", err)
	}
	_, _, err = ParseBestMove(start, "bestmove e2e4 ponder e2e4")
	var ime *IllegalMoveError
	if !errors.As(err, &ime) || ime.Where != "ponder" || !strings.HasPrefix(ime.FEN, "rnbqkbnr/pppppppp/8/8/4P3/") {
		t.Errorf("illegal ponder: %v", err)
	}
}

// TestZeroEngine: an Engine not from Start answers every call with ErrClosed
// (SetOption: it declared no option; Close and Stop: nothing), never a panic.
func TestZeroEngine(t *testing.T) {
	var e Engine
	ctx := context.Background()
	if err := e.SetOption(ctx, "Hash", "16"); !errors.Is(err, ErrUnknownOption) {
		t.Errorf("SetOption: %v, want ErrUnknownOption", err)
	}
	for name, f := range map[string]func() error{
		"IsReady": func() error { return e.IsReady(ctx) },
		"NewGame": func() error { return e.NewGame(ctx) },
		"Go": func() error {
			_, err := e.Go(ctx, atomic.NewGame(atomic.StartingPosition()), Limits{Depth: 1}, nil)
			return err
		},
	} {
		err := f()
		var ee *EngineError
		if !errors.Is(err, ErrClosed) || !errors.As(err, &ee) || !strings.Contains(ee.Error(), "never started") {
			t.Errorf("%s: %v, want ErrClosed saying the engine was never started", name, err)
		}
	}
	e.Stop()
	if err := e.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}
