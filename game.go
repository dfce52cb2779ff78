package pacosako

import (
	"fmt"
	"slices"
)

// Game is a game record: a start position, the half-moves played since, an
// unfinished half-move if any, and the result. It applies the rules that need the
// history (repetition, see draw.go) on top of those the position knows (Paco, the
// no-progress limit).
//
// A Game is a persistent value: Play, Apply, Undo and the other methods return a new
// Game and leave the receiver unchanged and usable, so a program can branch from any
// earlier game freely; games share the history they have in common. A Game may be
// used from several goroutines.
//
// The zero Game has no start position; use NewGame.
type Game struct {
	cfg     *gameConfig
	tip     *ply     // last completed half-move; nil at the start
	cur     Position // the position now (mid-move if pending is not empty)
	pending []Action // actions of the unfinished half-move; never appended in place
	rec     *record  // positions recorded for repetition, up to cur
	result  Outcome  // an ending the position does not know: repetition, rulebook draw, or recorded by the caller
}

// gameConfig is fixed for a game and shared by all its values.
type gameConfig struct {
	start           Position
	repetitions     int    // draw when a position is recorded this often; 0 = off
	noProgress      int    // -1: keep the start position's rules
	switchesOn      Switch // rule switches the options turn on
	kingsUnitedDraw bool
}

// ply is one completed half-move: the turn passed or the game ended.
type ply struct {
	parent *ply
	n      int  // 1-based
	move   Move // its actions and the position after it
	rec    *record
	result Outcome // a history-based ending reached by this half-move
}

// A GameOption configures NewGame.
type GameOption func(*gameConfig)

// WithRepetitionLimit sets after how many occurrences of the same settled position
// the game is drawn (catalogue §10.2); 0 (or less) turns the rule off. The default is 3.
func WithRepetitionLimit(n int) GameOption {
	return func(c *gameConfig) { c.repetitions = max(n, 0) }
}

// WithNoProgressLimit sets the number of half-moves without progress after which the
// game is drawn (catalogue §10.1); 0 (or less) turns the rule off. It replaces the limit of the
// start position's Rules (100 by default).
func WithNoProgressLimit(n int) GameOption {
	return func(c *gameConfig) { c.noProgress = max(n, 0) }
}

// WithAllUnitedDraw makes the game a draw as soon as every piece but the kings
// stands in a union (a rulebook rule, off in Pacoplay; catalogue §10.3): it turns on
// the AllUnitedDraw switch of the start position's rules.
func WithAllUnitedDraw() GameOption {
	return func(c *gameConfig) { c.switchesOn |= AllUnitedDraw }
}

// WithKingsUnitedDraw makes the game a draw when the two kings stand in one union
// (a rulebook rule, off in Pacoplay, where kings never unite; it matters under rules
// that let a king join unions, catalogue §5).
func WithKingsUnitedDraw() GameOption {
	return func(c *gameConfig) { c.kingsUnitedDraw = true }
}

// NewGame starts a game from start (StartingPosition, a position read from a FEN,
// FischerRandomPosition …). By default a position repeated three times draws and
// the no-progress limit is that of the start position's rules (100 in Pacoplay).
//
// The official engine turns the repetition rule off for games it creates from
// scratch and on for games read from a FEN; games.tsv of the reference data follows
// that. Pass WithRepetitionLimit(0) to play without it.
func NewGame(start Position, opts ...GameOption) Game {
	cfg := &gameConfig{repetitions: 3, noProgress: -1}
	for _, o := range opts {
		o(cfg)
	}
	if cfg.noProgress >= 0 {
		start.rules = start.rules.WithNoProgressLimit(cfg.noProgress)
	}
	start.rules = start.rules.With(cfg.switchesOn, true)
	cfg.start = start
	return Game{cfg: cfg, cur: start}
}

// Start returns the start position.
func (g Game) Start() Position {
	if g.cfg == nil {
		return Position{}
	}
	return g.cfg.start
}

// Position returns the position now; in the middle of a half-move it shows the hand.
func (g Game) Position() Position { return g.cur }

// Len returns the number of completed half-moves.
func (g Game) Len() int {
	if g.tip == nil {
		return 0
	}
	return g.tip.n
}

// Moves returns the completed half-moves in order. A half-move ends when the turn
// passes or the game ends (so a start-of-turn promotion belongs to the half-move of
// the pawn's owner, catalogue §1).
func (g Game) Moves() []Move {
	out := make([]Move, g.Len())
	for p := g.tip; p != nil; p = p.parent {
		out[p.n-1] = p.move
	}
	return out
}

// PositionAt returns the position after n completed half-moves (0: the start). The
// error wraps ErrInvalidPly if n is outside 0..Len().
func (g Game) PositionAt(n int) (Position, error) {
	p, err := g.plyAt(n)
	if err != nil {
		return Position{}, err
	}
	if p == nil {
		return g.Start(), nil
	}
	return p.move.After(), nil
}

// RepetitionLimit returns after how many occurrences of a position the game is
// drawn (0: the rule is off).
func (g Game) RepetitionLimit() int {
	if g.cfg == nil {
		return 0
	}
	return g.cfg.repetitions
}

// Pending returns the actions of the unfinished half-move (none between moves).
func (g Game) Pending() []Action { return slices.Clone(g.pending) }

// Outcome returns the result of the game: Running, or how it ended.
func (g Game) Outcome() Outcome {
	if g.cur.res.IsOver() {
		return g.cur.res.Outcome()
	}
	return g.result
}

// IsOver reports whether the game has ended.
func (g Game) IsOver() bool { return g.Outcome().IsOver() }

// LegalMoves returns the legal moves now (Position.Moves), none once the game is
// over, also when it ended by a rule the position does not know (repetition).
//
// Cost: that of Position.Moves (bounded form: g.Position().MovesContext).
func (g Game) LegalMoves() []Move {
	if g.IsOver() {
		return nil
	}
	return g.cur.Moves()
}

// LegalMoveCount returns len(LegalMoves()) without building the moves.
//
// Cost: that of Position.MoveCount (bounded form: g.Position().MoveCountContext).
func (g Game) LegalMoveCount() int {
	if g.IsOver() {
		return 0
	}
	return g.cur.MoveCount()
}

// LegalActions returns the legal actions now (Position.Actions), none once the game
// is over.
func (g Game) LegalActions() ActionSet {
	if g.IsOver() {
		return ActionSet{}
	}
	return g.cur.Actions()
}

// Play plays a complete move (from LegalMoves, or any move whose actions are legal
// here and complete the half-move) and returns the new game. The error wraps
// ErrGameOver once the game has ended, else ErrIllegalMove; the receiver is
// unchanged either way.
func (g Game) Play(m Move) (Game, error) {
	if g.IsOver() {
		return g, fmt.Errorf("%w: %v", ErrGameOver, m)
	}
	n := g.Len()
	h, err := g.ApplyAll(m.actions)
	if err != nil || len(m.actions) == 0 || h.Len() != n+1 || len(h.pending) != 0 {
		return g, fmt.Errorf("%w: %v", ErrIllegalMove, m)
	}
	return h, nil
}

// Apply plays one action (Position.Apply) and returns the new game. When the action
// completes a half-move the history rules are applied. The error wraps ErrGameOver
// once the game has ended, else ErrIllegalAction; the receiver is unchanged.
func (g Game) Apply(a Action) (Game, error) {
	if g.cfg == nil {
		return g, &ActionError{Action: a, Err: ErrIllegalAction}
	}
	if g.IsOver() {
		return g, &ActionError{Action: a, Err: ErrGameOver}
	}
	before := g.cur
	q, err := before.Apply(a)
	if err != nil {
		return g, err
	}
	if (q.turn != before.turn || q.res.IsOver()) && q.rules.switches&SakoIllegal != 0 {
		// The half-move is complete: under SakoIllegal it must be one of the moves.
		start := g.Start()
		if g.tip != nil {
			start = g.tip.move.After()
		}
		if !start.allows(&q) {
			return g, &ActionError{Action: a, Err: ErrIllegalAction}
		}
	}
	g.cur = q
	g.pending = append(g.pending[:len(g.pending):len(g.pending)], a)
	switch {
	case q.turn != before.turn || q.res.IsOver():
		// The half-move is complete.
		if q.step != RequirePromoteThenLift {
			g.record()
		}
		g.judge()
		after := q
		g.tip = &ply{parent: g.tip, n: g.Len() + 1, move: Move{actions: g.pending, after: &after}, rec: g.rec, result: g.result}
		g.pending = nil
	case a.Kind == PromoteKind && before.step == RequirePromoteThenLift:
		// The engine records the position after a start-of-turn promotion.
		g.record()
	}
	return g, nil
}

// ApplyAll applies actions in order. On the first illegal action it returns the
// receiver unchanged and an *ActionError whose Index says which action failed.
func (g Game) ApplyAll(actions []Action) (Game, error) {
	h := g
	for i, a := range actions {
		next, err := h.Apply(a)
		if err != nil {
			e := &ActionError{Action: a, Index: i, Err: ErrIllegalAction}
			if h.IsOver() {
				e.Err = ErrGameOver
			}
			return g, e
		}
		h = next
	}
	return h, nil
}

// Undo returns the game as it was after n completed half-moves (0: the start),
// without the later half-moves, any unfinished one and any result recorded after
// it. The error wraps ErrInvalidPly if n is outside 0..Len().
func (g Game) Undo(n int) (Game, error) {
	p, err := g.plyAt(n)
	if err != nil {
		return g, err
	}
	h := Game{cfg: g.cfg, tip: p, cur: g.Start()}
	if p != nil {
		h.cur, h.rec, h.result = p.move.After(), p.rec, p.result
	}
	return h, nil
}

// Rollback drops the actions of an unfinished half-move, returning to the last
// position where the turn passed, as pacoplay's undo does (the engine's
// find_last_checkpoint_index). A finished game is returned unchanged: a winning move
// cannot be taken back this way.
func (g Game) Rollback() Game {
	if g.IsOver() || len(g.pending) == 0 {
		return g
	}
	h, _ := g.Undo(g.Len())
	return h
}

func (g Game) plyAt(n int) (*ply, error) {
	if n < 0 || n > g.Len() {
		return nil, fmt.Errorf("%w: %d is outside 0..%d", ErrInvalidPly, n, g.Len())
	}
	p := g.tip
	for p != nil && p.n > n {
		p = p.parent
	}
	return p, nil
}

// Resign ends the game: loser resigns, the other side wins. The error wraps
// ErrGameOver if the game has already ended (or is the zero Game), ErrInvalidColor
// if loser is neither White nor Black; g is then unchanged.
func (g Game) Resign(loser Color) (Game, error) {
	if loser > Black {
		return g, fmt.Errorf("%w: %v", ErrInvalidColor, loser)
	}
	return g.end(Outcome{Termination: Resignation, Winner: loser.Other()})
}

// AgreeDraw ends the game in a draw by agreement. The error wraps ErrGameOver if the
// game has already ended.
func (g Game) AgreeDraw() (Game, error) { return g.end(Outcome{Termination: Agreement}) }

// Timeout records that loser ran out of time: the other side wins. The errors are
// those of Resign.
func (g Game) Timeout(loser Color) (Game, error) {
	if loser > Black {
		return g, fmt.Errorf("%w: %v", ErrInvalidColor, loser)
	}
	return g.end(Outcome{Termination: Timeout, Winner: loser.Other()})
}

func (g Game) end(o Outcome) (Game, error) {
	if g.cfg == nil {
		return g, fmt.Errorf("%w: the zero Game has not started (use NewGame)", ErrGameOver)
	}
	if g.IsOver() {
		return g, fmt.Errorf("%w: cannot end it again (%v)", ErrGameOver, o)
	}
	if o.Winner > Black {
		return g, fmt.Errorf("%w: %v", ErrInvalidColor, o.Winner)
	}
	g.result = o
	return g, nil
}
