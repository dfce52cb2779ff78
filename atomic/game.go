package atomic

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/errtext"
	"github.com/pacosako-go/pacosako/internal/history"
)

// Game is a game of Atomic chess: a start position, the half-moves played since
// and the result. It ends games as lichess does — the fifth occurrence of a
// position and 100 half-moves without a capture or pawn move (WithRepetitionLimit,
// WithNoProgressLimit), with the third occurrence a draw a player may claim
// (ClaimDraw) — on top of Position.Outcome's endings, and records the players'
// (Resign, AgreeDraw, Timeout). Play with Play, PlaySAN, PlayUCI or PlayMove; go
// back with Undo and UndoTo. A Game is a persistent value, safe for concurrent
// use; every method takes bounded time, so there are no Context forms (memory
// and cost: docs/cost.md). The zero Game has no start position; use NewGame.
type Game struct {
	cfg    *gameConfig
	hist   gameHistory // the half-moves played (history.go)
	count  int32       // the occurrences of pos in its window, once a half-move is played (RepetitionCount)
	pos    Position    // the position now
	result Outcome     // an ending the players recorded after the last half-move
	// onward sets aside the ending by rule reached here (a draw with moves
	// left), which a record read went on past (ruleDraw): only a reader makes
	// such a value, to play its next move or hold the win it states.
	onward bool
}

// gameConfig is fixed for a game and shared by all its values.
type gameConfig struct {
	start       Position
	startResult Outcome // the history's ending at the start: a half-move clock at the no-progress limit
	repetitions int     // draw when a position occurs this often; 0 = off
	noProgress  int     // draw when the half-move clock reaches this; 0 = off
	// A player may claim a draw when a position occurs this often, and when the
	// half-move clock reaches this; 0 = never.
	claimRepetitions, claimNoProgress int
	// idx is the index that counts the occurrences of positions (draw.go),
	// made when the game first goes on (under mu) and dropped once a record's
	// game is read.
	mu  sync.Mutex
	idx atomic.Pointer[history.Index[Position]]
}

// index returns the game's repetition index, making it if it has none.
func (c *gameConfig) index() *history.Index[Position] {
	if x := c.idx.Load(); x != nil {
		return x
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	x := c.idx.Load()
	if x == nil {
		x = spareIndexes.Get().(*history.Index[Position])
		c.idx.Store(x)
	}
	return x
}

// spareIndexes are the repetition indexes of records read: a reader reads game
// after game, each needing one while it is read.
var spareIndexes = sync.Pool{New: func() any { return newRepetitionIndex() }}

// NewGame's limits: lichess's automatic endings, and FIDE's claims.
const (
	defaultRepetitions     = 5   // the fifth occurrence ends the game
	defaultNoProgress      = 100 // as do 100 half-moves without a capture or a pawn move
	defaultRepetitionClaim = 3   // the third occurrence may be claimed
	defaultNoProgressClaim = 100 // and 100 half-moves, under a later limit
)

// A GameOption configures NewGame.
type GameOption func(*gameConfig)

// WithRepetitionLimit sets after how many occurrences of the same position (as
// Position.Equal compares them: the pieces, the side to move, the castling rights
// and an en passant square where an en passant capture is legal) the game is
// drawn automatically; the start position counts, as in chess. 0 (or less) turns
// the rule off. The default is 5: the fifth occurrence draws (FIDE, python-chess's
// is_fivefold_repetition). The claim comes earlier: WithRepetitionClaim.
func WithRepetitionLimit(n int) GameOption {
	return func(c *gameConfig) { c.repetitions = max(n, 0) }
}

// WithNoProgressLimit sets after how many half-moves without a capture or a pawn
// move (the position's HalfMoveClock, which a FEN start may bring) the game is
// drawn automatically; 0 (or less) turns the rule off. The default is 100, as
// lichess ends every Atomic game. 150 is FIDE's seventy-five-move rule
// (python-chess's is_seventyfive_moves), with the claim at 100 before it
// (WithNoProgressClaim).
func WithNoProgressLimit(n int) GameOption {
	return func(c *gameConfig) { c.noProgress = max(n, 0) }
}

// WithRepetitionClaim sets at which occurrence of the same position (counted as
// for WithRepetitionLimit) a player may claim a draw (CanClaimDraw, ClaimDraw):
// in the position that reaches the count, as lichess offers it. 0 (or less):
// never. The default is 3: the third occurrence (FIDE's threefold repetition,
// python-chess's can_claim_threefold_repetition, less its claim one move early).
func WithRepetitionClaim(n int) GameOption {
	return func(c *gameConfig) { c.claimRepetitions = max(n, 0) }
}

// WithNoProgressClaim sets after how many half-moves without a capture or a pawn
// move a player may claim a draw (CanClaimDraw, ClaimDraw), in the position that
// reaches the count. 0 (or less): never. The default is 100 (FIDE's fifty-move
// rule), which matters only under a later no-progress limit: by default the
// game ends there (WithNoProgressLimit).
func WithNoProgressClaim(n int) GameOption {
	return func(c *gameConfig) { c.claimNoProgress = max(n, 0) }
}

// NewGame starts a game from start (StartingPosition, ParseFEN,
// FischerRandomPosition, Setup.Position …). By default, as on lichess, the fifth
// occurrence of a position and 100 half-moves without a capture or pawn move
// draw (WithRepetitionLimit, WithNoProgressLimit), and the third occurrence may
// be claimed (WithRepetitionClaim; the claim at 100 half-moves,
// WithNoProgressClaim, comes into play under a later limit); a start whose
// half-move clock has already reached the no-progress limit is drawn at once, and
// one whose clock has reached the claim may be claimed at once. A start that is
// over (a king missing, checkmate, stalemate, insufficient material) is a game
// that has ended.
func NewGame(start Position, opts ...GameOption) Game {
	cfg := &gameConfig{start: start, repetitions: defaultRepetitions, noProgress: defaultNoProgress,
		claimRepetitions: defaultRepetitionClaim, claimNoProgress: defaultNoProgressClaim}
	for _, o := range opts {
		o(cfg)
	}
	if cfg.noProgress > 0 && int(start.halfMove) >= cfg.noProgress {
		cfg.startResult = Outcome{Termination: NoProgress}
	}
	return Game{cfg: cfg, pos: start}
}

// Start returns the position the game started from (the zero Position for the
// zero Game).
func (g Game) Start() Position {
	if g.cfg == nil {
		return Position{}
	}
	return g.cfg.start
}

// Position returns the position now.
func (g Game) Position() Position { return g.pos }

// Len returns how many half-moves have been played.
func (g Game) Len() int { return g.hist.Len() }

// RepetitionLimit returns the occurrence of a position that draws (0: never).
func (g Game) RepetitionLimit() int {
	if g.cfg == nil {
		return 0
	}
	return g.cfg.repetitions
}

// NoProgressLimit returns the half-move clock that draws (0: never).
func (g Game) NoProgressLimit() int {
	if g.cfg == nil {
		return 0
	}
	return g.cfg.noProgress
}

// RepetitionClaim returns the occurrence of a position at which a draw may be
// claimed (0: never).
func (g Game) RepetitionClaim() int {
	if g.cfg == nil {
		return 0
	}
	return g.cfg.claimRepetitions
}

// NoProgressClaim returns the half-move clock at which a draw may be claimed (0:
// never).
func (g Game) NoProgressClaim() int {
	if g.cfg == nil {
		return 0
	}
	return g.cfg.claimNoProgress
}

// PlayedMoves returns the half-moves played, in order.
func (g Game) PlayedMoves() []Move {
	out := make([]Move, 0, g.Len())
	g.hist.Walk(0, playCompact, func(_ int, p *Position, move []byte, _ uint8) bool {
		m := p.expand(compactOf(move)) // eachMove's work in the loop: a reader's program takes every record's moves
		out = append(out, m)
		*p = p.play(m)
		return true
	})
	return out
}

// PlayedSAN returns the half-moves played in SAN, each written as Position.SAN
// writes it in the position before it.
func (g Game) PlayedSAN() []string {
	out := make([]string, 0, g.Len())
	var buf []byte
	g.eachMove(func(p *Position, m Move) {
		buf = p.appendSANOf(buf[:0], m)
		out = append(out, string(buf))
	})
	return out
}

// PlayedUCI returns the half-moves played in UCI (Move.UCI).
func (g Game) PlayedUCI() []string {
	out := make([]string, 0, g.Len())
	g.eachMove(func(_ *Position, m Move) { out = append(out, m.UCI()) })
	return out
}

// PositionAt returns the position after n half-moves, the start for 0; n outside
// 0..Len() is an error wrapping ErrInvalidPly. It plays at most 64 half-moves
// from the position kept before them.
func (g Game) PositionAt(n int) (Position, error) {
	h, err := g.UndoTo(n)
	return h.pos, err
}

// Outcome returns the result of the game: Running, or how it ended. The position's
// own endings come first (Position.Outcome: a king exploded, checkmate, stalemate,
// insufficient material), then the history's (no progress, then repetition, as
// python-chess tests them), then the one the players recorded. The game of a
// record that states a win where a rule had drawn it holds that win
// (Record.EndedByRule).
func (g Game) Outcome() Outcome {
	if g.cfg == nil {
		return Outcome{}
	}
	if g.onward {
		return g.result
	}
	if o := g.pos.Outcome(); o.IsOver() {
		return o
	}
	if o := g.history(); o.IsOver() {
		return o
	}
	return g.result
}

// LegalMoves returns the legal moves now (Position.Moves), none once the game is
// over, also when it ended by a rule the position does not know (repetition, no
// progress) or by the players.
func (g Game) LegalMoves() []Move {
	if g.cfg == nil || g.Outcome().IsOver() {
		return nil
	}
	return g.pos.Moves()
}

// LegalMoveCount returns len(LegalMoves()) without building the moves.
func (g Game) LegalMoveCount() int {
	if g.Outcome().IsOver() {
		return 0
	}
	return g.pos.MoveCount()
}

// Play plays m (from LegalMoves, or a parser on the current position) and returns
// the new game; the receiver is unchanged. The error is a *MoveError that names the
// position: wrapping ErrGameOver once the game has ended (naming its result), else
// ErrIllegalMove.
func (g Game) Play(m Move) (Game, error) {
	if !g.mayPlay() {
		return g, g.gameOver(m.UCI())
	}
	if !g.pos.isLegal(m) {
		if over := g.gameOver(m.UCI()); over != nil {
			return g, over
		}
		_, err := g.pos.Play(m) // why not
		return g, err
	}
	return g.push(m), nil
}

// PlaySAN reads a move in SAN in the current position (Position.ParseSAN) and
// plays it: python-chess's push_san. The errors are those of ParseSAN and of Play.
func (g Game) PlaySAN(text string) (Game, error) { return g.playText(text, Position.ParseSAN) }

// PlayUCI reads a move in UCI in the current position (Position.ParseUCI) and
// plays it: python-chess's push_uci. The errors are those of ParseUCI and of Play.
func (g Game) PlayUCI(text string) (Game, error) { return g.playText(text, Position.ParseUCI) }

// PlayMove reads a move in UCI or SAN in the current position
// (Position.ParseMove) and plays it. The errors are those of ParseMove and of Play.
func (g Game) PlayMove(text string) (Game, error) { return g.playText(text, Position.ParseMove) }

func (g Game) playText(text string, parse func(Position, string) (Move, error)) (Game, error) {
	if !g.mayPlay() {
		return g, g.gameOver(text)
	}
	m, err := parse(g.pos, text)
	if err != nil {
		if over := g.gameOver(text); over != nil {
			return g, over // the game has ended: that is the error, as before reading
		}
		return g, err
	}
	return g.push(m), nil
}

// mayPlay reports whether the game may go on as far as the endings that a move
// read in the current position does not rule out tell: false once a king is
// gone, the position is dead (IsDeadPosition), a history's ending was reached or
// the players ended the game. Checkmate and stalemate, the costly ones (they
// need every move), are ruled out by the move itself: a position with a legal
// move has neither. So a reader asks mayPlay, reads the move, and only when the
// move does not read asks gameOver, whose ending then comes first, as it would
// have before the reading.
func (g *Game) mayPlay() bool {
	if g.cfg == nil {
		return false
	}
	if g.onward {
		return !g.result.IsOver()
	}
	p := &g.pos
	if p.pieces[king]&p.colors[0] == 0 || p.pieces[king]&p.colors[1] == 0 || p.IsDeadPosition() {
		return false
	}
	return !g.history().IsOver() && !g.result.IsOver()
}

// gameOver returns nil while the game runs, else a *MoveError wrapping ErrGameOver
// for input (a move or its text) that names the result.
func (g Game) gameOver(input string) error {
	switch {
	case g.cfg == nil:
		return &MoveError{Input: input, FEN: Position{}.FEN(), Err: ErrGameOver, Reason: "the zero Game has not started (use NewGame)"}
	case g.Outcome().IsOver():
		return &MoveError{Input: input, FEN: g.pos.FEN(), Err: ErrGameOver, Reason: "the game has ended (" + g.Outcome().String() + ")"}
	}
	return nil
}

// push plays m, a legal move of the current position: the position after it
// and its occurrences (the repetition index) go into the history.
func (g Game) push(m Move) Game {
	g.advance(m)
	return g
}

// advance is push on g itself, a value no one else holds (a reader's): the
// position after m is counted (draw.go) and recorded with the half-move in the
// history, and with the first the start, before its bytes.
func (g *Game) advance(m Move) {
	after := g.pos.play(m)
	progress := after.halfMove == 0
	hash := after.repetitionHash()
	move := compactBytes(m)
	x := g.cfg.index()
	if g.hist.Len() > 0 {
		g.count = x.AppendCounted(&g.hist, &g.pos, move[:], 0, &after, hash, progress)
	} else {
		s := history.Record{Hash: g.pos.repetitionHash(), Count: 1, Progress: g.pos.halfMove == 0, At: 0}
		pend := [1]history.Pending[Position]{{Pos: &g.pos, Hash: s.Hash, Count: 1, Progress: s.Progress}}
		g.count = x.Count(g.hist, pend[:], &after, hash, progress)
		recs := [2]history.Record{s, {Hash: hash, Count: g.count, Progress: progress, At: -1}}
		g.hist = x.Append(g.hist, &g.pos, move[:], 0, recs[:])
	}
	g.pos, g.result, g.onward = after, Outcome{}, false
}

// ruleDraw returns the ending by rule the game has reached that records play
// past (python-chess, chessops and engine harnesses do): a draw in a position
// with moves left — a dead position, no progress, repetition — and true; false
// for any other state. Setting onward sets it aside (recordBuilder).
func (g *Game) ruleDraw() (Outcome, bool) {
	if g.cfg == nil || g.onward || g.result.IsOver() {
		return Outcome{}, false
	}
	switch o := g.Outcome(); o.Termination {
	case InsufficientMaterial, NoProgress, Repetition:
		return o, true
	}
	return Outcome{}, false
}

// settle makes g, a record's game read to its end, cheap to keep: its last
// chunk without room to spare, and no repetition index (the reader holds the
// game's only value, so nothing else shares them).
func (g Game) settle() Game {
	if g.cfg == nil {
		return g
	}
	if x := g.cfg.idx.Swap(nil); x != nil {
		x.Reset()
		spareIndexes.Put(x)
	}
	g.hist.Compact()
	return g
}

// Undo is UndoTo(Len()-1): the last half-move is taken back, with a result the
// players recorded after it. At the start it is an error wrapping ErrInvalidPly.
func (g Game) Undo() (Game, error) {
	if g.Len() == 0 {
		return g, fmt.Errorf(prefix+"%w: there is no half-move to take back", ErrInvalidPly)
	}
	return g.UndoTo(g.Len() - 1)
}

// UndoTo returns the game after its first n half-moves (0: the start), dropping
// the later ones and a result the players recorded after them, so UndoTo(Len())
// takes back only such a result. n outside 0..Len() is an error wrapping
// ErrInvalidPly; g is returned unchanged then. It plays at most 64 half-moves
// from the position kept before them.
func (g Game) UndoTo(n int) (Game, error) {
	switch {
	case n < 0 || n > g.Len():
		return g, fmt.Errorf(prefix+"%w: %d is not a half-move of this game (0..%d)", ErrInvalidPly, n, g.Len())
	case n == g.Len():
		g.result, g.onward = Outcome{}, false
		return g, nil
	case n == 0:
		return Game{cfg: g.cfg, pos: g.cfg.start}, nil
	}
	h := Game{cfg: g.cfg, hist: g.hist.Truncate(n)}
	h.pos = h.hist.PositionAt(n, playCompact)
	_, _, recs := h.hist.Last()
	h.count = recs[len(recs)-1].Count // the record of the position after it
	return h, nil
}

// Resign records that loser gave up: the other colour wins. A game that is over
// (or the zero Game) is an error wrapping ErrGameOver that says how it ended; a
// loser other than White or Black is one wrapping ErrInvalidColor. g is returned
// unchanged on error.
func (g Game) Resign(loser pacosako.Color) (Game, error) {
	return g.record(Resignation, loser, "resign")
}

// AgreeDraw records a draw the players agreed; the errors are Resign's.
func (g Game) AgreeDraw() (Game, error) { return g.record(Agreement, pacosako.White, "agree a draw") }

// CanClaimDraw reports whether the player to move may claim a draw now
// (ClaimDraw): the game runs, and the half-move clock has reached the
// no-progress claim (NoProgressClaim, 100 by default) or the current position's
// occurrence the repetition claim (RepetitionClaim, the third by default). The
// claim is offered in the position that reaches the count, as lichess offers it,
// not before the move that would reach it (python-chess's can_claim_draw also
// looks one move ahead).
func (g Game) CanClaimDraw() bool { return g.claimable() != Running }

// claimable returns the draw a player may claim now (NoProgress before
// Repetition, as Outcome tests the automatic ones), or Running.
func (g Game) claimable() Termination {
	if g.cfg == nil || g.Outcome().IsOver() {
		return Running
	}
	switch c := g.cfg; {
	case c.claimNoProgress > 0 && int(g.pos.halfMove) >= c.claimNoProgress:
		return NoProgress
	case c.claimRepetitions > 0 && g.RepetitionCount() >= c.claimRepetitions:
		return Repetition
	}
	return Running
}

// ClaimDraw takes the draw a player may claim now (CanClaimDraw): the game ends
// drawn by NoProgress or Repetition (NoProgress when both may be claimed). A
// game that is over is an error wrapping ErrGameOver; a position without a claim
// one wrapping ErrNoDrawClaim, saying the counts. g is returned unchanged on
// error; UndoTo(Len()) takes the claim back.
func (g Game) ClaimDraw() (Game, error) {
	t := g.claimable()
	if t == Running {
		if err := g.gameOver("claim a draw"); err != nil {
			return g, &errtext.Player{Err: ErrGameOver, Prefix: prefix, Text: "cannot claim a draw: " + err.(*MoveError).Reason}
		}
		return g, &errtext.Player{Err: ErrNoDrawClaim, Prefix: prefix, Text: fmt.Sprintf("the position has occurred %d times (a claim at %d) and the half-move clock is %d (a claim at %d)",
			g.RepetitionCount(), g.cfg.claimRepetitions, g.pos.halfMove, g.cfg.claimNoProgress)}
	}
	return g.record(t, pacosako.White, "claim a draw")
}

// Timeout records that loser's time ran out: the other colour wins (Timeout),
// unless it has nothing but its king, which cannot win: then the game is drawn
// (TimeoutDraw), as lichess rules. The errors are Resign's.
func (g Game) Timeout(loser pacosako.Color) (Game, error) {
	if loser == pacosako.White || loser == pacosako.Black {
		if p := &g.pos; p.colors[loser^1]&^p.pieces[king] == 0 {
			return g.record(TimeoutDraw, loser, "run out of time")
		}
	}
	return g.record(Timeout, loser, "run out of time")
}

// record ends a running game with an ending the players decided (t); loser loses
// a win.
func (g Game) record(t Termination, loser pacosako.Color, what string) (Game, error) {
	if loser != pacosako.White && loser != pacosako.Black {
		return g, fmt.Errorf(prefix+"%w: %v cannot %s: a colour is White or Black", ErrInvalidColor, loser, what)
	}
	if err := g.gameOver(what); err != nil {
		return g, &errtext.Player{Err: ErrGameOver, Prefix: prefix, Text: "cannot " + what + ": " + err.(*MoveError).Reason}
	}
	g.result = Outcome{Termination: t}
	if !t.IsDraw() {
		g.result.Winner = loser.Other()
	}
	return g, nil
}
