package pacosako

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrUnsearchable: a position cannot be searched for a forced Paco: a piece is in
// the hand where a settled position is needed, the defender's king is missing, or a
// king stands in a union (the game is over there).
var ErrUnsearchable = errors.New("pacosako: position cannot be searched for a Paco")

// ChasingPacoIn2 returns the official engine's "chasing Paco in 2" for attacker A
// in p (docs/analysis.md §2): with A to move, the moves after which A threatens
// the defender's king, the defender does not threaten A's, and every defence
// leaves the threat; empty when A has a Paco in 1. Each is a legal move of p with
// A to move, in the order of Moves. Errors: ErrUnsearchable when p is mid-move, a
// king is missing or in a union; ErrInvalidColor for another attacker.
// ChasingPacoIn2Context bounds its time.
func (p Position) ChasingPacoIn2(attacker Color) ([]Move, error) {
	return p.chasingWithin(attacker, nil)
}

// ChasingPacoIn2Context is ChasingPacoIn2, bounded like MovesContext: it returns
// ctx.Err() if ctx is done when it is called or while it searches, and a
// *SearchLimitError when a search (each move search and threat search on its own)
// holds more than lim.MaxStates states; then no moves. A nil ctx is never done.
func (p Position) ChasingPacoIn2Context(ctx context.Context, attacker Color, lim Limits) ([]Move, error) {
	if err := ctxDone(ctx); err != nil {
		return nil, err
	}
	return p.chasingWithin(attacker, newBounds(ctx, lim))
}

func (p *Position) chasingWithin(attacker Color, lim *bounds) ([]Move, error) {
	if attacker > Black {
		return nil, fmt.Errorf(prefix+"%w: %v: want White or Black", ErrInvalidColor, attacker)
	}
	if err := p.searchable(attacker); err != nil {
		return nil, err
	}
	q := p.withSideToMove(attacker)
	if q.canPacoWithin(lim) {
		return nil, nil
	}
	var out []Move
	q.walkMoves(0, lim, func(m Move, after *Position) bool {
		if q.chases(after, attacker, lim) {
			out = append(out, m)
		}
		return !lim.interrupted()
	})
	if lim.failed() {
		return nil, lim.err
	}
	return out, nil
}

// searchable reports why p cannot be searched for a Paco by attacker, if it cannot.
func (p *Position) searchable(attacker Color) error {
	fail := func(why string) error { return fmt.Errorf("%w: %s in %s", ErrUnsearchable, why, p.FEN()) }
	switch {
	case p.handOwn != NoRole || p.step == requirePlace || p.step == requirePromoteThenPlace || p.step == requirePromoteThenFinish:
		return fail("a move is in progress (a settled position is needed)")
	case p.board.kings[attacker.Other()] == 0:
		return fail(attacker.Other().String() + "'s king is missing")
	case p.board.kings[White]&p.board.unions() != 0 || p.board.kings[Black]&p.board.unions() != 0:
		return fail("a king stands in a union (the game is over there)")
	}
	return nil
}

// withSideToMove returns p with c to move and nothing else changed (a promotion
// owed at the start of a turn stays the pawn owner's: it is played first when c
// owns it).
func (p Position) withSideToMove(c Color) Position {
	p.turn = c
	return p
}

// chases reports whether r, the position after a move of attacker, is a chase: the
// game goes on, attacker threatens the defender's king, the defender does not
// threaten attacker's, and no defence removes the threat.
func (p *Position) chases(r *Position, attacker Color, lim *bounds) bool {
	if r.res.IsOver() || !r.givesSakoWithin(attacker, lim) || r.givesSakoWithin(attacker.Other(), lim) {
		return false
	}
	escape := false
	r.walkMoves(0, lim, func(_ Move, d *Position) bool {
		escape = !d.givesSakoWithin(attacker, lim)
		return !escape && !lim.interrupted()
	})
	return !escape && !lim.failed()
}

// AnnotatedHalfMove is one half-move of a game in the official engine's replay
// notation with the engine's five annotations (docs/analysis.md §1–2; the flag columns
// of the reference data's notation.tsv). For a half-move by M from position before
// to position after:
//
//   - GivesSako: after it M threatens the opponent's king (after.GivesSako(M));
//   - MissedPaco: M could have united with the opponent's king (before.GivesSako(M))
//     and the game went on;
//   - GivesOpponentPacoOpportunity: after it the opponent threatens M's king, and
//     could not before;
//
// all three false when the half-move is unfinished or ends the game; and, for every
// half-move, with S = before.ChasingPacoIn2(M):
//
//   - PacoIn2Found: S is not empty and after is one of S;
//   - PacoIn2Missed: S is not empty and after is none of S.
type AnnotatedHalfMove struct {
	ReplayHalfMove
	// SAN is the half-move in chain SAN as Game.PlayedSAN writes it ("Bxe4,
	// Ne4xc3,Qc3xc6"), "" for an unfinished half-move.
	SAN                          string
	GivesSako                    bool
	MissedPaco                   bool
	GivesOpponentPacoOpportunity bool
	PacoIn2Found                 bool
	PacoIn2Missed                bool
}

// Annotation is the official engine's analysis of a game: every half-move with its
// replay notation and annotations, and the name of the opening.
type Annotation struct {
	HalfMoves []AnnotatedHalfMove
	// Opening names the opening the game played (docs/analysis.md §3): "Swedish Knights"
	// (white knights on c3 and f4 before the 11th lift of the game), "Double Rai"
	// (exactly two white rooks on the 3rd rank before the 13th lift), "Rai" (a white
	// rook on h3 before the 7th lift, then within the next four lifts a white rook on
	// e3 without a white pawn on e4, or else on f3 without one on f4), joined by ", "
	// with Double Rai hiding Rai, or "" for none. Only a game from the standard start
	// (White to move, every castling right, no en passant square, no-progress
	// counter 0) has one; pieces count wherever they stand, alone or in a union, after
	// every action of either player.
	Opening string
}

// Annotate replays actions from start as ReplayNotation does and annotates every
// half-move as the official engine does when it replays a game (docs/analysis.md
// §1–3; the reference data's notation.tsv, all thirteen columns). The errors are those of ReplayNotation.
//
// Cost: a Ŝako test per half-move and side, and the chasing Paco-in-2 search of
// every half-move (Position.ChasingPacoIn2); AnnotateContext bounds them.
func Annotate(start Position, actions []Action) (Annotation, error) {
	return annotateWithin(start, actions, nil)
}

// Annotate annotates the game's history (its start and every action played,
// an unfinished half-move included) as the package-level Annotate does.
func (g Game) Annotate() (Annotation, error) {
	return annotateWithin(g.Start(), g.PlayedActions(), nil)
}

// AnnotateContext is Game.Annotate, bounded like the package-level
// AnnotateContext.
func (g Game) AnnotateContext(ctx context.Context, lim Limits) (Annotation, error) {
	return AnnotateContext(ctx, g.Start(), g.PlayedActions(), lim)
}

// AnnotateContext is Annotate with its searches bounded like MovesContext (each
// search of each half-move by lim): it returns ctx.Err() if ctx is done when it is
// called or while it searches, and a *SearchLimitError when a search holds more
// than lim.MaxStates states. A nil ctx is never done.
func AnnotateContext(ctx context.Context, start Position, actions []Action, lim Limits) (Annotation, error) {
	if err := ctxDone(ctx); err != nil {
		return Annotation{}, err
	}
	return annotateWithin(start, actions, newBounds(ctx, lim))
}

func annotateWithin(start Position, actions []Action, lim *bounds) (Annotation, error) {
	an := annotator{openings: newOpenings(start), lim: lim}
	half, err := replayNotation(start, actions, &an)
	if err == nil && lim.failed() {
		err = lim.err
	}
	if err != nil {
		return Annotation{}, err
	}
	out := Annotation{HalfMoves: make([]AnnotatedHalfMove, len(half)), Opening: an.openings.name()}
	for i, h := range half {
		out.HalfMoves[i] = an.flags[i]
		out.HalfMoves[i].ReplayHalfMove = h
	}
	return out, nil
}

// annotator computes the flags of every half-move and follows the openings during
// the replay.
type annotator struct {
	flags    []AnnotatedHalfMove
	openings openings
	lim      *bounds // nil: unbounded; once it has failed, no more searches
}

func (an *annotator) action(i int, a Action, after *Position) { an.openings.see(a, after) }

func (an *annotator) halfMove(h *ReplayHalfMove, before, after *Position) {
	var f AnnotatedHalfMove
	m, o := h.Player, h.Player.Other()
	if h.Complete {
		if mv, err := before.moveOfActions("", h.Actions, an.lim); err == nil {
			f.SAN, _ = before.sanWithin(mv, an.lim)
		}
	}
	if h.Complete && !after.res.IsOver() {
		f.GivesSako = after.givesSakoWithin(m, an.lim)
		f.MissedPaco = before.givesSakoWithin(m, an.lim)
		f.GivesOpponentPacoOpportunity = after.givesSakoWithin(o, an.lim) && !before.givesSakoWithin(o, an.lim)
	}
	if an.lim.failed() {
		an.flags = append(an.flags, f)
		return
	}
	if chases, err := before.chasingWithin(m, an.lim); err == nil && len(chases) > 0 {
		f.PacoIn2Missed = true
		for _, c := range chases {
			if ca := c.After(); sameState(&ca, after) && ca.noProgress == after.noProgress && ca.res == after.res {
				f.PacoIn2Found, f.PacoIn2Missed = true, false
				break
			}
		}
	}
	an.flags = append(an.flags, f)
}

// openings follows the three openings of docs/analysis.md §3 through a replay.
type openings struct {
	on             bool // the start is the standard one
	lifts          int  // Lift actions so far
	swedishKnights bool
	doubleRai      bool
	rai            int // 0: looking for a rook on h3; 1: then for e3/f3; 2: Rai; 3: no Rai
	raiLifts       int // lifts since the rook stood on h3
}

func newOpenings(start Position) openings {
	return openings{on: start.FEN() == StartFEN && !start.res.IsOver()}
}

func (o *openings) see(a Action, p *Position) {
	if !o.on {
		return
	}
	if a.Kind == LiftKind {
		o.lifts++
		if o.rai == 1 {
			o.raiLifts++
		}
	}
	rooks, knights, pawns := p.board.Pieces(White, Rook), p.board.Pieces(White, Knight), p.board.pawns[White]
	if o.lifts < 11 && knights.Has(C3) && knights.Has(F4) {
		o.swedishKnights = true
	}
	if o.lifts < 13 && (rooks&(rank1BB<<16)).Count() == 2 {
		o.doubleRai = true
	}
	switch {
	case o.rai == 1 && o.raiLifts < 5 && rooks.Has(E3):
		o.rai = 3
		if !pawns.Has(E4) {
			o.rai = 2
		}
	case o.rai == 1 && o.raiLifts < 5 && rooks.Has(F3):
		o.rai = 3
		if !pawns.Has(F4) {
			o.rai = 2
		}
	case o.rai == 0 && o.lifts < 7 && rooks.Has(H3):
		o.rai = 1 // phase 2 starts with the next action
	}
}

func (o *openings) name() string {
	var names []string
	if o.swedishKnights {
		names = append(names, "Swedish Knights")
	}
	switch {
	case o.doubleRai:
		names = append(names, "Double Rai")
	case o.rai == 2:
		names = append(names, "Rai")
	}
	return strings.Join(names, ", ")
}
