package uci

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Config says how to start an engine.
type Config struct {
	Path string   // the engine's executable
	Args []string // its arguments
	Dir  string   // its working directory ("": the caller's)
	Env  []string // its environment (nil: the caller's)
	// Timeout bounds every exchange in which the engine must answer at once:
	// the handshake, isready, the answer to stop, quit; and a search, beyond
	// the time its limits give it. Default 10 s.
	Timeout time.Duration
	// StartTimeout bounds Start: the handshake and the engine's readiness
	// after it has selected Atomic chess, for engines slow to load. Default
	// Timeout.
	StartTimeout time.Duration
	// AssumeAtomic lets an engine without a UCI_Variant option be used: it is
	// taken to play Atomic chess already. Otherwise such an engine is refused.
	AssumeAtomic bool
	Stderr       io.Writer // receives a copy of the engine's standard error (nil: none)
	Log          io.Writer // receives every line, "> " sent, "< " read (nil: none)
	MaxLine      int       // the longest line read from the engine, in bytes (default 1 MiB); a longer one is ErrProtocol
}

// Engine is a running UCI engine that plays Atomic chess, driven over its
// standard input and output, as python-chess's chess.engine drives one. Start
// makes one; its methods are the protocol's exchanges, each bounded by the
// caller's context and by Config.Timeout, and Close ends it.
//
// One call runs at a time (the others wait); Stop and Close may be called from
// any goroutine. An engine that crashes, stops answering, or breaks the
// protocol where an answer is due is killed and its process reaped at once: the
// call returns an *EngineError (ErrCrashed, ErrTimeout, ErrProtocol) and every
// later call ErrClosed. A call ended by its context kills the engine too,
// except Go, which asks the engine to stop and keeps it when it answers in time.
type Engine struct {
	cfg          Config
	proc         *process
	name, author string
	options      []Option
	chess960     bool // UCI_Chess960 as set

	mu      sync.Mutex    // one exchange at a time
	wmu     sync.Mutex    // one write at a time
	stopReq chan struct{} // Stop's request to the running search

	smu    sync.Mutex // guards broken and closed
	broken error      // why the engine was killed, once it was
	closed bool       // Close was called
}

// Start starts the engine, makes the handshake (uci … uciok: its name,
// author and options), selects Atomic chess (setoption name UCI_Variant value
// atomic) and waits until it is ready. It fails, leaving no process behind,
// when the engine cannot be started (the exec error), does not answer in time
// (ErrTimeout), exits (ErrCrashed), or has no UCI_Variant with the value
// atomic (ErrUnsupported, unless AssumeAtomic).
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.MaxLine <= 0 {
		cfg.MaxLine = 1 << 20
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = cfg.Timeout
	}
	proc, err := startProcess(cfg)
	if err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, proc: proc, stopReq: make(chan struct{}, 1)}
	e.cfg.Timeout = cfg.StartTimeout // for the handshake and the first isready
	defer func() { e.cfg.Timeout = cfg.Timeout }()
	if err := e.handshake(ctx); err != nil {
		e.kill(err)
		return nil, err
	}
	v, ok := e.Option("UCI_Variant")
	switch {
	case ok && v.Type == Combo && slices.ContainsFunc(v.Vars, func(s string) bool { return strings.EqualFold(s, "atomic") }):
		err = e.SetOption(ctx, "UCI_Variant", "atomic")
	case ok && v.Type == String:
		err = e.SetOption(ctx, "UCI_Variant", "atomic")
	case !ok && cfg.AssumeAtomic:
		err = e.IsReady(ctx)
	case ok:
		err = &OptionError{Name: "UCI_Variant", Value: "atomic", Reason: "the engine does not offer atomic among its variants", Err: ErrUnsupported}
	default:
		err = &OptionError{Name: "UCI_Variant", Reason: "the engine has no UCI_Variant option, so it plays standard chess (Config.AssumeAtomic overrides)", Err: ErrUnsupported}
	}
	if err != nil {
		e.kill(err)
		return nil, err
	}
	return e, nil
}

// handshake sends "uci" and reads the engine's id and options up to "uciok".
// An option line that does not read is skipped (and logged).
func (e *Engine) handshake(ctx context.Context) error {
	const op = "handshake"
	if err := e.send(op, "uci"); err != nil {
		return err
	}
	timer := time.NewTimer(e.cfg.Timeout)
	defer timer.Stop()
	for {
		line, err := e.next(ctx, timer.C, op)
		if err != nil {
			return err
		}
		word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch word {
		case "uciok":
			for _, o := range e.options {
				if strings.EqualFold(o.Name, "UCI_Chess960") {
					e.chess960 = o.Default == "true"
				}
			}
			return nil
		case "id":
			k, v, _ := strings.Cut(strings.TrimSpace(rest), " ")
			switch k {
			case "name":
				e.name = strings.TrimSpace(v)
			case "author":
				e.author = strings.TrimSpace(v)
			}
		case "option":
			o, err := ParseOption(line)
			if err != nil {
				e.logf("# skipped: %v", err)
				continue
			}
			if _, dup := e.Option(o.Name); !dup {
				e.options = append(e.options, o)
			}
		}
	}
}

// Name returns the engine's name ("id name"), "" when it gave none.
func (e *Engine) Name() string { return e.name }

// Author returns the engine's author ("id author"), "" when it gave none.
func (e *Engine) Author() string { return e.author }

// Options returns the options the engine declared, in its order.
func (e *Engine) Options() []Option { return slices.Clone(e.options) }

// Option returns the engine's option of that name, compared without case as
// engines compare them.
func (e *Engine) Option(name string) (Option, bool) {
	for _, o := range e.options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// SetOption sets one of the engine's options (a button with value ""), checked
// against its declaration (Option.Validate), and waits until the engine is
// ready again. The error is an *OptionError (ErrUnknownOption,
// ErrInvalidOption) before anything is sent, or IsReady's.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	o, ok := e.Option(name)
	if !ok {
		return &OptionError{Name: name, Value: value, Err: ErrUnknownOption, Reason: "the engine declared no such option"}
	}
	v, err := o.Validate(value)
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.usable("setoption"); err != nil {
		return err
	}
	return e.setOption(ctx, o, v)
}

// setOption sends a checked value and waits for readyok; e.mu is held.
func (e *Engine) setOption(ctx context.Context, o Option, v string) error {
	line := "setoption name " + o.Name
	if o.Type != Button {
		line += " value " + v
	}
	if err := e.send("setoption", line); err != nil {
		return err
	}
	if err := e.ready(ctx, "setoption"); err != nil {
		return err
	}
	if strings.EqualFold(o.Name, "UCI_Chess960") {
		e.chess960 = v == "true"
	}
	return nil
}

// IsReady sends "isready" and waits for "readyok".
func (e *Engine) IsReady(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.usable("isready"); err != nil {
		return err
	}
	return e.ready(ctx, "isready")
}

// NewGame tells the engine that the next search is of another game
// ("ucinewgame") and waits until it is ready.
func (e *Engine) NewGame(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.usable("ucinewgame"); err != nil {
		return err
	}
	if err := e.send("ucinewgame", "ucinewgame"); err != nil {
		return err
	}
	return e.ready(ctx, "ucinewgame")
}

// ready sends isready and reads up to readyok; e.mu is held.
func (e *Engine) ready(ctx context.Context, op string) error {
	if err := e.send(op, "isready"); err != nil {
		return err
	}
	timer := time.NewTimer(e.cfg.Timeout)
	defer timer.Stop()
	for {
		line, err := e.next(ctx, timer.C, op)
		if err != nil {
			return e.fail(err)
		}
		if strings.TrimSpace(line) == "readyok" {
			return nil
		}
	}
}

// Result is an engine's answer to a search.
type Result struct {
	BestMove atomic.Move // the move chosen; zero when the position has no legal move
	Ponder   atomic.Move // the reply it expects, zero when it gave none
	// Lines are the last info of each principal variation that had a PV:
	// Lines[k] is MultiPV k+1's (an info without multipv is the first's).
	Lines []Info
	// Depth, SelDepth, Nodes and Time are the last values the engine gave.
	Depth, SelDepth int
	Nodes           int64
	Time            time.Duration
	Elapsed         time.Duration // from go to bestmove, by the client's clock
	// BadInfo holds the info lines that did not read (*ParseError), skipped
	// (at most 16).
	BadInfo []error
}

// Score returns the score of the first line, and whether there is one.
func (r Result) Score() (Score, bool) {
	if len(r.Lines) == 0 || !r.Lines[0].Has(HasScore) {
		return Score{}, false
	}
	return r.Lines[0].Score, true
}

// Go asks the engine for its move in g's position: it sends the game's start
// and moves ("position startpos|fen … moves …"; UCI_Chess960 is set first when
// the start needs it), then "go" with the limits, and reads the engine's info
// lines, passing each that reads to onInfo (if not nil), until its bestmove.
// Every move is checked against the library before it is returned: the best
// move and the ponder move, each info's currmove and PV.
//
// The wait is bounded by ctx and, when the limits give the engine a time (a
// movetime, or the mover's clock), by that time plus Config.Timeout; a search
// by depth or nodes alone, or an infinite one, only by ctx. Stop, from another
// goroutine, ends the search with the engine's answer. When ctx ends, the
// engine is told to stop, and the error wraps ctx's error (with the Result of
// the answer, if it came in time).
//
// Errors: ErrInvalidLimits (nothing sent); atomic.ErrGameOver when the game is
// over; *IllegalMoveError (wrapping ErrIllegalMove) for a move that is not
// legal, naming it and the position (the engine is stopped and kept); a
// bestmove that does not read, or none where a move is legal, ErrProtocol; and
// the engine's failures as *EngineError (ErrTimeout, ErrCrashed, ErrClosed).
func (e *Engine) Go(ctx context.Context, g atomic.Game, lim Limits, onInfo func(Info)) (Result, error) {
	const op = "go"
	root := g.Position()
	if err := lim.check(root); err != nil {
		return Result{}, err
	}
	if o := g.Outcome(); o.IsOver() {
		return Result{}, fmt.Errorf("atomic: %w: %s", atomic.ErrGameOver, o)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.usable(op); err != nil {
		return Result{}, err
	}
	if needs960(g.Start()) && !e.chess960 {
		o, ok := e.Option("UCI_Chess960")
		if !ok || o.Type != Check {
			return Result{}, &OptionError{Name: "UCI_Chess960", Value: "true", Err: ErrUnsupported, Reason: "the game starts from a Chess960 position"}
		}
		if err := e.setOption(ctx, o, "true"); err != nil {
			return Result{}, err
		}
	}
	select { // a Stop before this search is not for it
	case <-e.stopReq:
	default:
	}
	if err := e.send(op, positionCommand(g, e.chess960)); err != nil {
		return Result{}, err
	}
	if err := e.send(op, lim.command(e.chess960)); err != nil {
		return Result{}, err
	}
	began := time.Now()
	var deadline <-chan time.Time
	if budget, ok := lim.budget(root.Turn()); ok {
		t := time.NewTimer(budget + e.cfg.Timeout)
		defer t.Stop()
		deadline = t.C
	}
	var res Result
	var stopped bool  // stop sent
	var failure error // an illegal move in an info: returned once the engine has answered
	stop := func(why error) error {
		if !stopped {
			stopped = true
			if err := e.send(op, "stop"); err != nil {
				return err
			}
			t := time.NewTimer(e.cfg.Timeout)
			deadline = t.C
		}
		if failure == nil {
			failure = why
		}
		return nil
	}
	done := ctx.Done()
	for {
		var line string
		select {
		case <-e.stopReq:
			if err := stop(nil); err != nil {
				return res, err
			}
			continue
		case <-done:
			done = nil // from here the engine's answer to stop is awaited
			if err := stop(&EngineError{Op: op, Err: ctx.Err(), Detail: "the search was stopped"}); err != nil {
				return res, err
			}
			continue
		case l, ok := <-e.proc.lines:
			if !ok {
				return res, e.fail(e.gone(op))
			}
			e.logf("< %s", l)
			line = l
		case <-deadline:
			return res, e.fail(&EngineError{Op: op, Err: ErrTimeout, Detail: "no bestmove " + waited(stopped, time.Since(began))})
		case <-e.proc.closing:
			return res, &EngineError{Op: op, Err: ErrClosed}
		}
		word, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch word {
		case "info":
			info, err := ParseInfo(root, line)
			var ime *IllegalMoveError
			switch {
			case errors.As(err, &ime):
				if err := stop(err); err != nil {
					return res, err
				}
			case err != nil:
				if len(res.BadInfo) < 16 {
					res.BadInfo = append(res.BadInfo, err)
				}
			default:
				res.add(info)
				if onInfo != nil && failure == nil {
					onInfo(info)
				}
			}
		case "bestmove":
			res.Elapsed = time.Since(began)
			best, ponder, err := ParseBestMove(root, line)
			if err != nil {
				if failure != nil {
					return res, failure
				}
				return res, err
			}
			res.BestMove, res.Ponder = best, ponder
			if failure != nil {
				return res, failure
			}
			if best.IsZero() && root.MoveCount() > 0 {
				return res, &EngineError{Op: op, Err: ErrProtocol, Detail: "the engine gave no move (" + strings.TrimSpace(line) + ") where " + root.FEN() + " has legal moves"}
			}
			return res, nil
		}
	}
}

func waited(stopped bool, d time.Duration) string {
	if stopped {
		return "after stop (" + d.Round(time.Millisecond).String() + " in all)"
	}
	return "within the search's time and the timeout (" + d.Round(time.Millisecond).String() + ")"
}

// add keeps what an info says.
func (r *Result) add(info Info) {
	if info.Has(HasDepth) {
		r.Depth = info.Depth
	}
	if info.Has(HasSelDepth) {
		r.SelDepth = info.SelDepth
	}
	if info.Has(HasNodes) {
		r.Nodes = info.Nodes
	}
	if info.Has(HasTime) {
		r.Time = info.Time
	}
	if !info.Has(HasPV) || len(info.PV) == 0 {
		return
	}
	k := 0
	if info.Has(HasMultiPV) {
		k = info.MultiPV - 1
	}
	if k >= 500 {
		return // beyond any MultiPV an engine offers
	}
	for len(r.Lines) <= k {
		r.Lines = append(r.Lines, Info{})
	}
	r.Lines[k] = info
	// Lines the engine did not fill this time are dropped: only the full
	// ones, in order, are kept.
	for i, l := range r.Lines {
		if l.Fields == 0 {
			r.Lines = r.Lines[:i]
			break
		}
	}
}

// ParseBestMove reads an engine's "bestmove" line for a search of root: the
// move and the optional ponder move, both checked ("(none)" and "0000" give a
// zero move: the engine saw no legal move). The error is a *ParseError for a
// line without a move, an *IllegalMoveError for a move that is not legal (the
// ponder move in the position after the best move).
func ParseBestMove(root atomic.Position, line string) (best, ponder atomic.Move, err error) {
	words := strings.Fields(line)
	if len(words) < 2 || words[0] != "bestmove" {
		return best, ponder, &ParseError{Line: line, Reason: "want bestmove and a move"}
	}
	if words[1] == "(none)" || words[1] == "0000" {
		return best, ponder, nil
	}
	best, err = root.ParseUCI(words[1])
	if err != nil {
		return atomic.Move{}, ponder, &IllegalMoveError{Move: words[1], FEN: root.FEN(), Where: "bestmove", Err: err}
	}
	if len(words) >= 4 && words[2] == "ponder" && words[3] != "(none)" && words[3] != "0000" {
		after, _ := root.Play(best)
		ponder, err = after.ParseUCI(words[3])
		if err != nil {
			return best, atomic.Move{}, &IllegalMoveError{Move: words[3], FEN: after.FEN(), Where: "ponder", Err: err}
		}
	}
	return best, ponder, nil
}

// Stop asks a running Go to end its search now; Go then returns the engine's
// answer as usual. Without a search running it does nothing.
func (e *Engine) Stop() {
	select {
	case e.stopReq <- struct{}{}:
	default:
	}
}

// Close ends the engine: it sends "quit", waits up to Config.Timeout for the
// process to exit, kills it otherwise, and reaps it. A Go running meanwhile
// returns ErrClosed. Close returns nil when the engine exited when asked (or
// had already been killed after a failure), else an *EngineError saying it was
// killed; later calls return nil.
func (e *Engine) Close() error {
	e.smu.Lock()
	first := !e.closed
	e.closed = true
	e.smu.Unlock()
	if !first || e.proc == nil {
		return nil
	}
	if !e.proc.signalClosing() {
		return nil // killed before
	}
	_ = e.send("quit", "quit")
	select {
	case <-e.proc.exited:
		e.proc.release()
		return nil
	case <-time.After(e.cfg.Timeout):
		e.proc.kill()
		return &EngineError{Op: "quit", Err: ErrTimeout, Detail: "the engine did not exit when asked and was killed"}
	}
}

// usable returns the error of a call to an engine that was closed, killed or
// never started.
func (e *Engine) usable(op string) error {
	e.smu.Lock()
	defer e.smu.Unlock()
	switch {
	case e.proc == nil:
		return &EngineError{Op: op, Err: ErrClosed, Detail: "the engine was never started (an Engine comes from Start)"}
	case e.broken != nil:
		return &EngineError{Op: op, Err: ErrClosed, Detail: "the engine was killed after an earlier failure: " + e.broken.Error()}
	case e.closed:
		return &EngineError{Op: op, Err: ErrClosed}
	}
	return nil
}

// fail kills the engine after err, which it returns.
func (e *Engine) fail(err error) error {
	e.kill(err)
	return err
}

func (e *Engine) kill(err error) {
	e.smu.Lock()
	if e.broken == nil {
		e.broken = err
	}
	e.smu.Unlock()
	e.proc.signalClosing()
	e.proc.kill()
}

// send writes one line to the engine, within Config.Timeout.
func (e *Engine) send(op, line string) error {
	e.wmu.Lock()
	defer e.wmu.Unlock()
	e.logf("> %s", line)
	if err := e.proc.write(line+"\n", e.cfg.Timeout); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			err = &EngineError{Op: op, Err: ErrTimeout, Detail: "the engine does not read its input"}
		} else {
			err = e.gone(op)
		}
		e.kill(err)
		return err
	}
	return nil
}

// next returns the engine's next line, or an error when ctx ends, timer fires,
// the engine closes or its output ends.
func (e *Engine) next(ctx context.Context, timer <-chan time.Time, op string) (string, error) {
	select {
	case l, ok := <-e.proc.lines:
		if !ok {
			return "", e.gone(op)
		}
		e.logf("< %s", l)
		return l, nil
	case <-ctx.Done():
		return "", &EngineError{Op: op, Err: ctx.Err()}
	case <-timer:
		return "", &EngineError{Op: op, Err: ErrTimeout, Detail: fmt.Sprintf("no answer in %v", e.cfg.Timeout)}
	case <-e.proc.closing:
		return "", &EngineError{Op: op, Err: ErrClosed}
	}
}

// gone describes why the engine's output ended: a line too long, or the
// process exited (its status and the end of its standard error).
func (e *Engine) gone(op string) error {
	if err := e.proc.readErr(); errors.Is(err, errLineTooLong) {
		return &EngineError{Op: op, Err: ErrProtocol, Detail: fmt.Sprintf("a line longer than %d bytes", e.cfg.MaxLine)}
	}
	select {
	case <-e.proc.exited:
	case <-time.After(e.cfg.Timeout):
		e.proc.kill() // it closed its output but lives on
	}
	return &EngineError{Op: op, Err: ErrCrashed, Detail: e.proc.status(), Stderr: e.proc.stderrTail()}
}

func (e *Engine) logf(format string, args ...any) {
	if e.cfg.Log != nil {
		fmt.Fprintf(e.cfg.Log, format+"\n", args...)
	}
}

// positionCommand is the "position" line of g: its start (startpos for the
// standard one) and its moves.
func positionCommand(g atomic.Game, chess960 bool) string {
	var b strings.Builder
	start := g.Start()
	if start.FEN() == atomic.StartFEN {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + start.FEN())
	}
	if moves := g.PlayedMoves(); len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteString(" " + MoveText(m, chess960))
		}
	}
	return b.String()
}

// needs960 reports whether p has a castling right that standard chess does not
// have: a king off the e-file or a rook off the a- and h-files.
func needs960(p atomic.Position) bool {
	cr := p.Castling()
	for _, c := range []pacosako.Color{pacosako.White, pacosako.Black} {
		for _, side := range []pacosako.CastlingSide{pacosako.QueenSide, pacosako.KingSide} {
			if !cr.Has(c, side) {
				continue
			}
			want := 0
			if side == pacosako.KingSide {
				want = 7
			}
			if cr.KingFile(c) != 4 || cr.Rook(c, side).File() != want {
				return true
			}
		}
	}
	return false
}

// readLines reads r's lines into lines until r ends or done closes; a line over
// max bytes ends it with errLineTooLong.
func readLines(r io.Reader, max int, lines chan<- string, done <-chan struct{}) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf bytes.Buffer
	for {
		buf.Reset()
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			buf.Write(chunk)
			if buf.Len() > max+1 {
				return errLineTooLong
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if buf.Len() > 0 {
			line := strings.TrimRight(buf.String(), "\r\n")
			select {
			case lines <- line:
			case <-done:
				return nil
			}
		}
		if err != nil {
			return err
		}
	}
}

var errLineTooLong = errors.New("line too long")
