package pacosako

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/pacosako-go/pacosako/internal/errtext"
	"github.com/pacosako-go/pacosako/internal/history"
)

// Game is a game record: a start position, the half-moves played since (the last
// perhaps unfinished) and the result. It applies the repetition draw
// (WithRepetitionLimit) on top of the endings the position knows, and records
// the players' endings (Resign, AgreeDraw, Timeout). Play moves with Play,
// PlaySAN or, action by action, Apply; go back with Undo and UndoTo. A Game is a
// persistent value, safe for concurrent use: every method returns a new Game and
// leaves the receiver usable. Its memory and the repetition rule's cost are in
// docs/cost.md. The zero Game has no start position; use NewGame.
type Game struct {
	cfg     *gameConfig
	hist    gameHistory // the completed half-moves
	at      Position    // the position after them, where an unfinished half-move started
	cur     Position    // the position now (mid-move if pending is not empty)
	pending []Action    // actions of the unfinished half-move; never appended in place
	mid     history.Record
	hasMid  bool    // the unfinished half-move recorded the position after its start-of-turn promotion: mid
	count   int32   // how often cur has been recorded since the last progress, when cur is the position recorded last; else 0
	result  Outcome // an ending the position does not know: repetition, rulebook draw, or recorded by the caller
}

// gameConfig is fixed for a game and shared by all its values.
type gameConfig struct {
	start       Position
	repetitions int                      // draw when a position is recorded this often; 0 = off
	reps        *history.Index[Position] // finds the earlier records of a position (draw.go)
}

// A GameOption configures NewGame. The rules a game is played by, draws included,
// are those of its start position (Position.Rules, Position.WithRules); the options
// set what only a game record knows.
type GameOption func(*gameConfig)

// WithRepetitionLimit sets after how many occurrences of the same settled position
// the game is drawn (catalogue §10.2); 0 (or less) turns the rule off. The default is 3.
func WithRepetitionLimit(n int) GameOption {
	return func(c *gameConfig) { c.repetitions = max(n, 0) }
}

// NewGame starts a game from start (StartingPosition, ParseFEN,
// FischerRandomPosition, Setup.Position …), played by start's rules: the
// no-progress limit (100 half-moves in Pacoplay; Rules.WithNoProgressLimit) and the
// optional draws (the AllUnitedDraw and KingsUnitedDraw switches) come from
// there. By default the third occurrence of a position draws (WithRepetitionLimit).
//
// The official engine turns the repetition rule off for games it creates from
// scratch and on for games read from a FEN; games.tsv of the reference data follows
// that. Pass WithRepetitionLimit(0) to play without it.
func NewGame(start Position, opts ...GameOption) Game {
	cfg := &gameConfig{repetitions: 3, start: start, reps: newRepetitionIndex()}
	for _, o := range opts {
		o(cfg)
	}
	return Game{cfg: cfg, at: start, cur: start}
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
func (g Game) Len() int { return g.hist.Len() }

// PlayedMoves returns the completed half-moves in order, each with the position it
// led to (Move.After). A half-move ends when the turn passes or the game ends (so a
// start-of-turn promotion belongs to the half-move of the pawn's owner, catalogue
// §1). The actions of an unfinished half-move are PendingActions.
func (g Game) PlayedMoves() []Move {
	n := g.Len()
	out := make([]Move, 0, n)
	roots := make([]Position, n) // apart from the lists: no pointers for the collector to scan
	lists := make([]moveList, n)
	var block []Action // the moves' actions, in blocks that are never reallocated
	g.hist.Each(0, playPacked, func(k int, before *Position, move []byte, flags uint8) bool {
		if len(block)+len(move) > cap(block) {
			block = make([]Action, 0, max(3*(n-k+1), len(move)))
		}
		start := len(block)
		block = unpackActions(block, move)
		roots[k-1] = *before
		lists[k-1] = moveList{root: &roots[k-1], paths: block[start:len(block):len(block)]}
		out = append(out, newMove(&lists[k-1], 0, len(move), plyFlags(flags)))
		return true
	})
	return out
}

// plyFlags are the Move flags of a half-move with the history's flags.
func plyFlags(flags uint8) moveFlags {
	var f moveFlags
	if flags&plyPaco != 0 {
		f |= movePaco
	}
	if flags&plyCanonical != 0 {
		f |= moveCanonical
	}
	return f
}

// eachPlayed calls f with every completed half-move in order: its number (from
// 1), the position before it and its Move, which refer to memory valid only
// during the call.
func (g Game) eachPlayed(f func(k int, before *Position, m Move)) {
	var acts []Action
	var list moveList
	g.hist.Each(0, playPacked, func(k int, before *Position, move []byte, flags uint8) bool {
		acts = unpackActions(acts[:0], move)
		list = moveList{root: before, paths: acts}
		f(k, before, newMove(&list, 0, len(acts), plyFlags(flags)))
		return true
	})
}

// PlayedSAN returns the completed half-moves in chain SAN, one string per half-move,
// each written as Position.SAN writes it in the position before it
// ("Bxe4,Ne4xc3,Qc3xc6"). An unfinished half-move has no SAN and is left out.
//
// Cost: that of Position.SAN per half-move (usually microseconds; the half-moves
// played from a parsed or enumerated move are written without a search for
// their path).
func (g Game) PlayedSAN() []string {
	var buf []byte
	ends := make([]int, 0, g.Len())
	g.eachPlayed(func(_ int, before *Position, m Move) {
		var err error
		if buf, err = before.appendSANWithin(buf, m, nil); err != nil {
			panic("pacosako: a played move is not legal in its position: " + err.Error()) // cannot happen: Apply checked every action
		}
		ends = append(ends, len(buf))
	})
	text := string(buf) // one allocation for all the strings
	out := make([]string, len(ends))
	start := 0
	for i, end := range ends {
		out[i], start = text[start:end], end
	}
	return out
}

// PositionAt returns the position after n completed half-moves (0: the start). The
// error wraps ErrInvalidPly if n is outside 0..Len().
//
// Cost: replaying at most 31 half-moves from the position the game keeps before
// them.
func (g Game) PositionAt(n int) (Position, error) {
	if err := g.checkPly(n); err != nil {
		return Position{}, err
	}
	switch n {
	case 0:
		return g.Start(), nil
	case g.Len():
		return g.at, nil
	}
	return g.hist.PositionAt(n, playPacked), nil
}

// RepetitionLimit returns after how many occurrences of a position the game is
// drawn (0: the rule is off).
func (g Game) RepetitionLimit() int {
	if g.cfg == nil {
		return 0
	}
	return g.cfg.repetitions
}

// PendingActions returns the actions of the unfinished half-move, in order; none
// between half-moves.
func (g Game) PendingActions() []Action { return slices.Clone(g.pending) }

// Outcome returns the result of the game: Running, or how it ended
// (g.Outcome().IsOver() tells whether it has). The game of a record that states
// a win where a rule had drawn it holds that win (Record.EndedByRule).
func (g Game) Outcome() Outcome {
	if g.result.IsOver() {
		return g.result // a result is recorded only in a running game, or by a record over a draw by rule
	}
	return g.cur.res.Outcome()
}

// ruleDraw returns the ending by rule the game has reached that records may
// play past: a draw by no progress, repetition or a rulebook switch, between
// half-moves, and true; false for any other state.
func (g *Game) ruleDraw() (Outcome, bool) {
	if g.cfg == nil || len(g.pending) > 0 {
		return Outcome{}, false
	}
	switch o := g.Outcome(); o.Termination {
	case NoProgress, Repetition, AllUnited, KingsUnited:
		return o, true
	}
	return Outcome{}, false
}

// resumed returns g, ended by a rule (ruleDraw), with that ending set aside:
// a running game in the same position, from which a record read plays on. Only
// a reader makes one; the history replays the positions played on from as
// running (playPacked).
func (g Game) resumed() Game {
	g.at.resume()
	g.cur.resume()
	if g.result.Termination == Repetition {
		g.result = Outcome{}
	}
	return g
}

func (g Game) over() bool { return g.cur.res.IsOver() || g.result.IsOver() }

// LegalMoves returns the legal moves now (Position.Moves), none once the game is
// over, also when it ended by a rule the position does not know (repetition).
//
// Cost: that of Position.Moves (bounded form: g.Position().MovesContext).
func (g Game) LegalMoves() []Move {
	if g.over() {
		return nil
	}
	return g.cur.Moves()
}

// LegalMoveCount returns len(LegalMoves()) without building the moves.
//
// Cost: that of Position.MoveCount (bounded form: g.Position().MoveCountContext).
func (g Game) LegalMoveCount() int {
	if g.over() {
		return 0
	}
	return g.cur.MoveCount()
}

// LegalActions returns the legal actions now (Position.Actions), none once the game
// is over.
func (g Game) LegalActions() ActionSet {
	if g.over() {
		return ActionSet{}
	}
	return g.cur.Actions()
}

// Play plays a complete move (from LegalMoves, a parser such as
// Position.ParseSAN, or any move whose actions are legal here and complete the
// half-move) and returns the new game; the receiver is unchanged. The error is a
// *MoveError that names the position: wrapping ErrGameOver once the game has
// ended (naming its result), else ErrIllegalMove with why the move is not legal
// there.
func (g Game) Play(m Move) (Game, error) {
	if err := g.gameOver(m.String()); err != nil {
		return g, err
	}
	n := g.Len()
	h, err := g.ApplyAll(m.path())
	if err != nil || len(m.path()) == 0 || h.Len() != n+1 || len(h.pending) != 0 {
		return g, g.cur.illegalMove(m)
	}
	return h, nil
}

// PlaySAN reads a move in chain SAN in the current position (Position.ParseSAN)
// and plays it (Play): python-chess's push_san. The errors are those of ParseSAN
// (*NotationError for text that is not chain SAN, *MoveError for an illegal or
// ambiguous move) and of Play.
//
// Cost: that of Position.ParseSAN; PlaySANContext bounds it.
func (g Game) PlaySAN(text string) (Game, error) { return g.playSANWithin(text, nil) }

// PlaySANContext is PlaySAN with the move read by Position.ParseSANContext: it
// returns ctx.Err() if ctx is done when it is called or while it searches, and a
// *SearchLimitError when a search holds more than lim.MaxStates states; the
// receiver is unchanged then. A nil ctx is never done.
func (g Game) PlaySANContext(ctx context.Context, text string, lim Limits) (Game, error) {
	if err := ctxDone(ctx); err != nil {
		return g, err
	}
	return g.playSANWithin(text, newBounds(ctx, lim))
}

func (g Game) playSANWithin(text string, lim *bounds) (Game, error) {
	if err := g.gameOver(text); err != nil {
		return g, err
	}
	m, err := g.cur.parseSANWithin(text, lim)
	if err != nil {
		return g, err
	}
	return g.playLegal(m), nil
}

// gameOver returns nil while the game runs, else a *MoveError wrapping ErrGameOver
// for input (a move or its text) that names the result.
func (g Game) gameOver(input string) error {
	switch {
	case g.cfg == nil:
		return &MoveError{Input: input, FEN: g.cur.FEN(), Err: ErrGameOver, Reason: "the zero Game has not started (use NewGame)"}
	case g.over():
		return &MoveError{Input: input, FEN: g.cur.FEN(), Err: ErrGameOver, Reason: "the game has ended (" + g.Outcome().String() + ")"}
	}
	return nil
}

// Apply plays one action (Position.Apply) and returns the new game. When the action
// completes a half-move the history rules are applied. The error is an
// *ActionError (the position and the legal actions there) wrapping ErrGameOver once
// the game has ended, else ErrIllegalAction; the receiver is unchanged.
func (g Game) Apply(a Action) (Game, error) {
	if g.cfg == nil || g.result.IsOver() {
		return g, g.cur.actionError(a, 0, g.Outcome())
	}
	before := g.cur
	q, err := before.Apply(a)
	if err != nil {
		return g, err
	}
	if (q.turn != before.turn || q.res.IsOver()) && q.rules.switches&SakoIllegal != 0 {
		// The half-move is complete: under SakoIllegal it must be one of the moves.
		if r := q; !g.at.allows(&r) { // (a copy: q stays on the stack)
			e := before.actionError(a, 0, Outcome{})
			e.reason = "it completes a move that leaves the own king in Ŝako, which these rules forbid while another move avoids it"
			return g, e
		}
	}
	return g.advance(&before, &q, a), nil
}

// advance records the action a, which led from before to q, and applies the
// history rules when it completes a half-move.
func (g Game) advance(before, q *Position, a Action) Game {
	g.cur = *q
	g.pending = append(g.pending[:len(g.pending):len(g.pending)], a)
	g.count = 0
	switch {
	case q.turn != before.turn || q.res.IsOver():
		// The half-move is complete.
		g.complete(g.pending, 0)
	case a.Kind == PromoteKind && before.step == requirePromoteThenLift:
		// The engine records the position after a start-of-turn promotion.
		g.recordPromotion()
	}
	return g
}

// playLegal plays m, a legal move of the current position (from its own move
// search: ParseSAN, Moves), without checking its actions again, as one
// half-move: the actions are not kept one by one as Apply keeps them.
func (g Game) playLegal(m Move) Game {
	path := m.path()
	var flags uint8
	if len(g.pending) == 0 && m.of(&g.cur) {
		flags = plyCanonical
	}
	for i, a := range path {
		promotion := i == 0 && a.Kind == PromoteKind && g.cur.step == requirePromoteThenLift
		turn := g.cur.turn
		g.cur.apply(a)
		if promotion && g.cur.turn == turn && !g.cur.res.IsOver() {
			g.recordPromotion() // as advance does
		}
	}
	g.count = 0
	if len(g.pending) > 0 {
		path = append(slices.Clip(g.pending), path...)
	}
	g.complete(path, flags)
	return g
}

// ApplyAll applies actions in order. On the first action that cannot be applied it
// returns the receiver unchanged and that action's *ActionError, whose Index says
// which action of the list failed.
func (g Game) ApplyAll(actions []Action) (Game, error) {
	h := g
	for i, a := range actions {
		next, err := h.Apply(a)
		if err != nil {
			var e *ActionError
			if errors.As(err, &e) {
				e.Index = i
			}
			return g, err
		}
		h = next
	}
	return h, nil
}

// Undo takes back the last completed half-move, as a chess program's undo does,
// together with the actions of an unfinished half-move after it and any result
// recorded since (a resignation, say): the game is as it was after Len()-1
// half-moves. A Paco or a draw can be taken back too. To take back only a result
// the players recorded after the last half-move (a resignation, an agreed draw),
// use UndoTo(g.Len()). The error wraps ErrInvalidPly when no half-move has been
// completed (Rollback drops an unfinished first one).
func (g Game) Undo() (Game, error) {
	if g.Len() == 0 {
		return g, fmt.Errorf(prefix+"%w: no completed half-move to take back", ErrInvalidPly)
	}
	return g.UndoTo(g.Len() - 1)
}

// UndoTo returns the game as it was after n completed half-moves (0: the start),
// without the later half-moves, any unfinished one and any result recorded after
// it: UndoTo(Len()-1) is Undo, UndoTo(Len()) drops only an unfinished half-move and
// a result recorded after the last one. The error wraps ErrInvalidPly if n is
// outside 0..Len().
func (g Game) UndoTo(n int) (Game, error) {
	if err := g.checkPly(n); err != nil {
		return g, err
	}
	if n == 0 {
		return Game{cfg: g.cfg, at: g.Start(), cur: g.Start()}, nil
	}
	h := Game{cfg: g.cfg, hist: g.hist.Truncate(n)}
	if n == g.Len() {
		h.at = g.at
	} else {
		h.at = h.hist.PositionAt(n, playPacked)
	}
	h.cur = h.at
	move, _, recs := h.hist.Last()
	if k := len(recs) - 1; k >= 0 && int(recs[k].At) == len(move) {
		h.count = recs[k].Count // the position after the half-move was recorded
		h.judge()
	}
	return h, nil
}

// Rollback drops the actions of an unfinished half-move, returning to the last
// position where the turn passed, as pacoplay's undo button does (the engine's
// find_last_checkpoint_index). A game without an unfinished half-move, or one that
// has ended, is returned unchanged: a winning move is taken back with Undo.
func (g Game) Rollback() Game {
	if g.over() || len(g.pending) == 0 {
		return g
	}
	h, _ := g.UndoTo(g.Len())
	return h
}

// keep trims what g holds for playing on, for a game that will be kept, as a
// record read is: its history's last chunk to the bytes it uses, and the
// repetition index's window, which the next move played rebuilds.
func (g Game) keep() {
	if g.cfg != nil {
		g.hist.Compact()
		g.cfg.reps.Release()
	}
}

// checkPly returns an error wrapping ErrInvalidPly if n is not a number of
// completed half-moves of g.
func (g Game) checkPly(n int) error {
	if n < 0 || n > g.Len() {
		return fmt.Errorf(prefix+"%w: half-move %d is outside 0..%d (the game has %d completed half-moves)", ErrInvalidPly, n, g.Len(), g.Len())
	}
	return nil
}

// Resign ends the game: loser resigns, the other side wins. The error wraps
// ErrGameOver, naming the result, if the game has already ended (or is the zero
// Game), and ErrInvalidColor if loser is neither White nor Black; g is then
// unchanged.
func (g Game) Resign(loser Color) (Game, error) {
	if loser > Black {
		return g, fmt.Errorf(prefix+"%w: %v cannot resign (want White or Black)", ErrInvalidColor, loser)
	}
	return g.end(Outcome{Termination: Resignation, Winner: loser.Other()}, loser.String()+" cannot resign")
}

// AgreeDraw ends the game in a draw by agreement. The error wraps ErrGameOver,
// naming the result, if the game has already ended.
func (g Game) AgreeDraw() (Game, error) {
	return g.end(Outcome{Termination: Agreement}, "no draw can be agreed")
}

// Timeout records that loser ran out of time: the other side wins. The errors are
// those of Resign.
func (g Game) Timeout(loser Color) (Game, error) {
	if loser > Black {
		return g, fmt.Errorf(prefix+"%w: %v cannot run out of time (want White or Black)", ErrInvalidColor, loser)
	}
	return g.end(Outcome{Termination: Timeout, Winner: loser.Other()}, loser.String()+" cannot run out of time")
}

func (g Game) end(o Outcome, refusal string) (Game, error) {
	switch {
	case g.cfg == nil:
		return g, &errtext.Player{Err: ErrGameOver, Prefix: prefix, Text: refusal + ": the zero Game has not started (use NewGame)"}
	case g.over():
		return g, &errtext.Player{Err: ErrGameOver, Prefix: prefix, Text: refusal + ": the game already ended (" + g.Outcome().String() + ")"}
	}
	g.result = o
	return g, nil
}
