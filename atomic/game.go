package atomic

import (
	"fmt"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/repetition"
)

// Game is a game of Atomic chess: a start position, the half-moves played since,
// and the result. It applies the endings that need the history as FIDE and
// lichess have them (ATOMIC.md §1.10): the fifth occurrence of a position
// (WithRepetitionLimit) and 150 half-moves without a capture or a pawn move
// (WithNoProgressLimit) end the game; the third occurrence and 100 half-moves
// are draws a player may claim (WithRepetitionClaim, WithNoProgressClaim;
// CanClaimDraw, ClaimDraw), at the position that reaches the count. On top of
// those it applies the ones the position knows (Position.Outcome: a king
// exploded, checkmate, stalemate, lichess's insufficient material), and records
// the endings players decide: resignation, agreement, timeout. It has the root
// package's Game's names for the same tasks.
//
// Play a move with Play (a Move from LegalMoves or a parser), PlaySAN, PlayUCI,
// or PlayMove (either notation); take back the last half-move with Undo, or go
// back to any earlier one with UndoTo. The history is PlayedMoves, PlayedSAN and
// PlayedUCI; Outcome says whether and how the game ended.
//
// A Game is a persistent value: every method returns a new Game and leaves the
// receiver unchanged and usable, so a program can branch from any earlier game
// freely; games share the history they have in common. A Game may be used from
// several goroutines.
//
// Every method takes bounded time: reading and playing a move costs a move
// generation (microseconds), and judging a repetition costs O(1) amortised, however
// long the game runs without a capture or a pawn move: an index of the positions
// since the last one, shared by the values of a game, finds the earlier
// occurrences of the new position (internal/repetition). Playing from a value
// other than the one the game last went on from (after Undo, or to branch) first
// moves the index there, costing the half-moves between the two, and at most the
// positions since the last capture or pawn move. So the Game has no Context
// forms, unlike the root package's, whose chains of moves can need unbounded
// searches. The index keeps alive the history the game last went on from until
// the next move.
//
// The zero Game has no start position; use NewGame.
type Game struct {
	cfg    *gameConfig
	tip    *ply    // the last half-move; nil at the start
	result Outcome // an ending the players recorded after the last half-move
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
	// The start position's occurrence, first in every history of the game, and
	// the index that counts the occurrences of the positions after it (draw.go).
	startRep repetition.Node[Position]
	reps     *repetition.Index[Position]
}

// ply is one half-move and the position it led to.
type ply struct {
	parent *ply
	n      int // 1-based
	move   Move
	result Outcome                   // the history's ending this half-move reached (NoProgress, Repetition), or Running
	rep    repetition.Node[Position] // the position it led to (rep.Value) and its occurrences
}

// after returns the position the half-move led to.
func (p *ply) after() *Position { return &p.rep.Value }

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
// drawn automatically; 0 (or less) turns the rule off. The default is 150 (FIDE's
// seventy-five-move rule, python-chess's is_seventyfive_moves). The claim comes
// earlier: WithNoProgressClaim.
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
// rule; lichess's games end there with a draw).
func WithNoProgressClaim(n int) GameOption {
	return func(c *gameConfig) { c.claimNoProgress = max(n, 0) }
}

// NewGame starts a game from start (StartingPosition, ParseFEN,
// FischerRandomPosition, Setup.Position …). By default the fifth occurrence of a
// position and 150 half-moves without a capture or pawn move draw
// (WithRepetitionLimit, WithNoProgressLimit), and the third and 100 may be
// claimed (WithRepetitionClaim, WithNoProgressClaim); a start whose half-move
// clock has already reached the no-progress limit is drawn at once, and one whose
// clock has reached the claim may be claimed at once. A start that is over (a king
// missing, checkmate, stalemate, insufficient material) is a game that has ended.
func NewGame(start Position, opts ...GameOption) Game {
	cfg := &gameConfig{start: start, repetitions: 5, noProgress: 150, claimRepetitions: 3, claimNoProgress: 100,
		reps: newRepetitionIndex()}
	for _, o := range opts {
		o(cfg)
	}
	cfg.reps.Add(&cfg.startRep, nil, start, start.repetitionHash(), true)
	if cfg.noProgress > 0 && int(start.halfMove) >= cfg.noProgress {
		cfg.startResult = Outcome{Termination: NoProgress}
	}
	return Game{cfg: cfg}
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
func (g Game) Position() Position { return *g.position() }

// position returns the position now, not to be changed.
func (g *Game) position() *Position {
	switch {
	case g.tip != nil:
		return g.tip.after()
	case g.cfg != nil:
		return &g.cfg.start
	}
	return &noPosition
}

// noPosition is the zero Game's position, read only.
var noPosition Position

// Len returns how many half-moves have been played.
func (g Game) Len() int {
	if g.tip == nil {
		return 0
	}
	return g.tip.n
}

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
	out := make([]Move, g.Len())
	for p := g.tip; p != nil; p = p.parent {
		out[p.n-1] = p.move
	}
	return out
}

// PlayedSAN returns the half-moves played in SAN, each written as Position.SAN
// writes it in the position before it.
func (g Game) PlayedSAN() []string {
	out := make([]string, 0, g.Len())
	p := g.Start()
	for _, m := range g.PlayedMoves() {
		var buf [maxMoves]Move
		out = append(out, string(p.appendSAN(nil, m, p.appendMoves(buf[:0]))))
		p = p.play(m)
	}
	return out
}

// PlayedUCI returns the half-moves played in UCI (Move.UCI).
func (g Game) PlayedUCI() []string {
	out := make([]string, g.Len())
	for p := g.tip; p != nil; p = p.parent {
		out[p.n-1] = p.move.UCI()
	}
	return out
}

// PositionAt returns the position after n half-moves, the start for 0; n outside
// 0..Len() is an error wrapping ErrInvalidPly.
func (g Game) PositionAt(n int) (Position, error) {
	h, err := g.UndoTo(n)
	return h.Position(), err
}

// Outcome returns the result of the game: Running, or how it ended. The position's
// own endings come first (Position.Outcome: a king exploded, checkmate, stalemate,
// insufficient material), then the history's (no progress, then repetition, as
// python-chess tests them), then the one the players recorded.
func (g Game) Outcome() Outcome {
	if g.cfg == nil {
		return Outcome{}
	}
	if o := g.Position().Outcome(); o.IsOver() {
		return o
	}
	switch {
	case g.tip != nil && g.tip.result.IsOver():
		return g.tip.result
	case g.tip == nil && g.cfg.startResult.IsOver():
		return g.cfg.startResult
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
	return g.Position().Moves()
}

// LegalMoveCount returns len(LegalMoves()) without building the moves.
func (g Game) LegalMoveCount() int {
	if g.Outcome().IsOver() {
		return 0
	}
	return g.Position().MoveCount()
}

// Play plays m (from LegalMoves, or a parser on the current position) and returns
// the new game; the receiver is unchanged. The error is a *MoveError that names the
// position: wrapping ErrGameOver once the game has ended (naming its result), else
// ErrIllegalMove.
func (g Game) Play(m Move) (Game, error) {
	if err := g.gameOver(m.UCI()); err != nil {
		return g, err
	}
	p := g.Position()
	if _, err := p.Play(m); err != nil {
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
	m, err := parse(g.Position(), text)
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
func (g Game) mayPlay() bool {
	if g.cfg == nil {
		return false
	}
	p := g.position()
	if p.pieces[king]&p.colors[0] == 0 || p.pieces[king]&p.colors[1] == 0 || p.IsDeadPosition() {
		return false
	}
	switch {
	case g.tip != nil && g.tip.result.IsOver():
		return false
	case g.tip == nil && g.cfg.startResult.IsOver():
		return false
	}
	return !g.result.IsOver()
}

// gameOver returns nil while the game runs, else a *MoveError wrapping ErrGameOver
// for input (a move or its text) that names the result.
func (g Game) gameOver(input string) error {
	switch {
	case g.cfg == nil:
		return &MoveError{Input: input, FEN: Position{}.FEN(), Err: ErrGameOver, Reason: "the zero Game has not started (use NewGame)"}
	case g.Outcome().IsOver():
		return &MoveError{Input: input, FEN: g.Position().FEN(), Err: ErrGameOver, Reason: "the game has ended (" + g.Outcome().String() + ")"}
	}
	return nil
}

// push plays m, a legal move of the current position, and judges the endings of
// the history.
func (g Game) push(m Move) Game {
	before := g.Position()
	after := before.play(m)
	p := &ply{parent: g.tip, n: g.Len() + 1, move: m}
	parent := &g.cfg.startRep
	if g.tip != nil {
		parent = &g.tip.rep
	}
	g.cfg.reps.Add(&p.rep, parent, after, after.repetitionHash(), after.halfMove == 0)
	g.tip, g.result = p, Outcome{}
	p.result = g.judge()
	return g
}

// Undo is UndoTo(Len()-1): the last half-move is taken back, with a result the
// players recorded after it. At the start it is an error wrapping ErrInvalidPly.
func (g Game) Undo() (Game, error) {
	if g.tip == nil {
		return g, fmt.Errorf("%w: there is no half-move to take back", ErrInvalidPly)
	}
	return g.UndoTo(g.tip.n - 1)
}

// UndoTo returns the game after its first n half-moves (0: the start), dropping
// the later ones and a result the players recorded after them, so UndoTo(Len())
// takes back only such a result. n outside 0..Len() is an error wrapping
// ErrInvalidPly; g is returned unchanged then.
func (g Game) UndoTo(n int) (Game, error) {
	if last := g.Len(); n < 0 || n > last {
		return g, fmt.Errorf("%w: %d is not a half-move of this game (0..%d)", ErrInvalidPly, n, last)
	}
	h := Game{cfg: g.cfg, tip: g.tip}
	for h.tip != nil && h.tip.n > n {
		h.tip = h.tip.parent
	}
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
	case c.claimNoProgress > 0 && int(g.Position().halfMove) >= c.claimNoProgress:
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
			return g, fmt.Errorf("%w: cannot claim a draw: %s", ErrGameOver, err.(*MoveError).Reason)
		}
		return g, fmt.Errorf("%w: the position has occurred %d times (a claim at %d) and the half-move clock is %d (a claim at %d)",
			ErrNoDrawClaim, g.RepetitionCount(), g.cfg.claimRepetitions, g.Position().halfMove, g.cfg.claimNoProgress)
	}
	return g.record(t, pacosako.White, "claim a draw")
}

// Timeout records that loser's time ran out: the other colour wins (Timeout),
// unless it has nothing but its king, which cannot win: then the game is drawn
// (TimeoutDraw), as lichess rules (ATOMIC.md §1.10). The errors are Resign's.
func (g Game) Timeout(loser pacosako.Color) (Game, error) {
	if loser == pacosako.White || loser == pacosako.Black {
		if p := g.Position(); p.colors[loser^1]&^p.pieces[king] == 0 {
			return g.record(TimeoutDraw, loser, "run out of time")
		}
	}
	return g.record(Timeout, loser, "run out of time")
}

// record ends a running game with an ending the players decided (t); loser loses
// a win.
func (g Game) record(t Termination, loser pacosako.Color, what string) (Game, error) {
	if loser != pacosako.White && loser != pacosako.Black {
		return g, fmt.Errorf("%w: %v cannot %s: a colour is White or Black", ErrInvalidColor, loser, what)
	}
	if err := g.gameOver(what); err != nil {
		return g, fmt.Errorf("%w: cannot %s: %s", ErrGameOver, what, err.(*MoveError).Reason)
	}
	g.result = Outcome{Termination: t}
	if !t.IsDraw() {
		g.result.Winner = loser.Other()
	}
	return g, nil
}
