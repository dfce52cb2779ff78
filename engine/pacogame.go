package engine

import (
	"context"
	"math/bits"
	"sync"

	"github.com/pacosako-go/pacosako"
)

// pacoGame is Paco Ŝako for the search: a stack of positions and their move
// lists (pacosako.MoveList: no allocation once grown).
type pacoGame struct {
	pos   [MaxPly + 2]pacosako.Position
	stm   [MaxPly + 2]pacosako.Color // the side to move at each ply (the root's, then alternating)
	heavy [MaxPly + 2]bool           // heavy(&pos[ply]), set with the position (setPos)
	lists [MaxPly + 1]pacosako.MoveList
	pv    pacosako.MoveList // lists the moves of a line's positions (lineOf)
	ctx   context.Context   // bounds the enumeration of large move lists
}

// heavyUnions is the number of unions from which a position's moves are listed
// under a bound (heavyStates): chains through many unions can make millions.
const (
	heavyUnions = 7
	heavyStates = 200_000
	rootStates  = 1_000_000 // the root's bound
)

func (g *pacoGame) hash(ply int) uint64 { return g.pos[ply].Hash() }
func (g *pacoGame) clock(ply int) int   { return g.pos[ply].NoProgressCounter() }
func (g *pacoGame) side(ply int) int    { return int(g.stm[ply]) }

// terminal: a Paco, or a draw reached by play (no progress; the rules' options).
func (g *pacoGame) terminal(ply int) outcome {
	o := g.pos[ply].Outcome()
	switch {
	case !o.IsOver():
		return running
	case o.Termination == pacosako.Paco && o.Winner == g.stm[ply]:
		return won
	case o.Termination == pacosako.Paco:
		return lost
	}
	return drawn
}

// inCheck: in the quiescence search too, a side in Ŝako answers (every move,
// each answer's leaf looking for the opponent's Paco), in its first two
// half-moves (mutual Ŝako would make the answers' tree grow without end).
func (g *pacoGame) inCheck(ply int) bool { return g.threatened(ply) }

// threatened: the side to move is in Ŝako (the opponent threatens a Paco):
// the main search looks a half-move deeper for the answer (in a heavy
// position under the bounds of the move lists, unknown counting as not).
func (g *pacoGame) threatened(ply int) bool {
	p := &g.pos[ply]
	if !g.heavy[ply] {
		return p.InSako(g.stm[ply])
	}
	sako, err := p.GivesSakoContext(g.ctx, g.stm[ply].Other(), pacosako.Limits{MaxStates: heavyStates})
	return sako && err == nil
}

// leafWin: the side to move has a Paco (CanPaco, without listing the moves;
// in a heavy position under the bounds of the move lists, unknown counting as
// none).
func (g *pacoGame) leafWin(ply int) bool {
	p := &g.pos[ply]
	if !g.heavy[ply] {
		return p.CanPaco()
	}
	win, err := p.GivesSakoContext(g.ctx, g.stm[ply], pacosako.Limits{MaxStates: heavyStates})
	return win && err == nil
}

// noMoves: having no move is no result in Paco Ŝako (the game stays running,
// the side stuck): a draw for the search.
func (g *pacoGame) noMoves(int) outcome { return drawn }

func (g *pacoGame) generate(ply int, tactical bool) (int, bool) {
	if tactical {
		return 0, true
	}
	l := &g.lists[ply]
	if !g.heavy[ply] {
		return l.Reset(g.pos[ply]), true
	}
	n, err := l.ResetContext(g.ctx, g.pos[ply], pacosako.Limits{MaxStates: heavyStates})
	return n, err == nil
}

// heavy reports whether p's chains may be too many to search without a bound:
// many unions, or promotions owed (each a choice of four).
func heavy(p *pacosako.Position) bool {
	return bits.OnesCount64(uint64(p.Board().Unions())) >= heavyUnions || p.PendingPromotion() != pacosako.NoSquare || !p.IsSettled()
}

func (g *pacoGame) winning(ply int) int {
	l := &g.lists[ply]
	for i := range l.Len() {
		if l.IsPaco(i) {
			return i
		}
	}
	return -1
}

func (g *pacoGame) play(ply, i int) {
	g.pos[ply+1] = g.lists[ply].After(i)
	g.setPos(ply + 1)
}

// setPos completes the position just written at ply: its side to move (the
// other of the ply before's) and whether it is heavy, asked once here rather
// than by each question the search asks of the position.
func (g *pacoGame) setPos(ply int) {
	g.stm[ply] = g.stm[ply-1].Other()
	g.heavy[ply] = heavy(&g.pos[ply])
}

// playNull passes the turn of a settled position (the game has no such move: a
// search tests with it whether the side to move is far enough ahead to pass).
func (g *pacoGame) playNull(ply int) bool {
	p := &g.pos[ply]
	if !p.IsSettled() || p.PendingPromotion() != pacosako.NoSquare {
		return false
	}
	s := p.Setup()
	s.Turn = s.Turn.Other()
	s.EnPassant = pacosako.NoSquare
	q, err := s.Position()
	if err != nil {
		return false
	}
	g.pos[ply+1] = q
	g.setPos(ply + 1)
	return true
}

func (g *pacoGame) key(ply, i int) int {
	l := &g.lists[ply]
	return int(l.From(i)&63)<<6 | int(l.To(i)&63)
}

func (g *pacoGame) prunes() pruning { return pruning{lmr: true, evasions: 2} }

// order: a Paco first, then chains (takeovers) and moves that form a union
// (the more valuable the enemy piece united, the earlier) and promotions; the
// other moves are quiet.
func (g *pacoGame) order(ply int, scores []int32, tactical []bool, keys []int32) {
	l := &g.lists[ply]
	b := g.pos[ply].Board()
	them := g.stm[ply].Other()
	enemy := b.ByColor(them) // where a move forms a union (each Cell asked copies the board)
	for i := range scores {
		var v int32
		from, to := l.From(i), l.To(i)
		switch {
		case l.IsPaco(i):
			v = 1 << 28
		case l.PathLen(i) > 2:
			v = 1<<24 + int32(l.PathLen(i))
		case enemy.Has(to):
			v = 1<<24 + int32(pacoValue[b.Cell(to).Role(them)]) - int32(pacoValue[b.Cell(from).Role(g.stm[ply])])/10
		}
		scores[i], tactical[i] = v, v != 0
		if keys != nil {
			keys[i] = int32(from&63)<<6 | int32(to&63)
		}
	}
}

// anyMove returns a legal move of p without listing its moves: action after
// action, the first that leads on to a complete move (CompletableActions), as
// a game plays them; failing that (a chain going round in circles, the
// Rulebook's Ŝako rule refusing the move made), the first move the lazy search
// finds. false when p has no move.
func anyMove(p pacosako.Position) (pacosako.Move, bool) {
	g := pacosako.NewGame(p)
	for step := 0; step < maxAnyMoveActions && g.Len() == 0; step++ {
		var next pacosako.Action
		found := false
		cur := g.Position()
		for a := range cur.Actions().All() {
			// A promotion never leads into a dead end: the first is taken
			// without asking CompletableActions, which would search the
			// promotions still owed after it.
			next, found = a, a.Kind == pacosako.PromoteKind
			break
		}
		if !found {
			for a := range cur.CompletableActions().All() {
				next, found = a, true
				break
			}
		}
		if !found {
			break
		}
		h, err := g.Apply(next)
		if err != nil {
			break
		}
		g = h
	}
	if ms := g.PlayedMoves(); len(ms) == 1 {
		if q, err := p.Play(ms[0]); err == nil && q.Turn() != p.Turn() {
			return ms[0], true
		}
	}
	for m := range p.AllMoves() {
		return m, true
	}
	return pacosako.Move{}, false
}

// maxAnyMoveActions bounds the actions anyMove takes.
const maxAnyMoveActions = 256

// pacoGames keeps games between searches (their move lists grown).
var pacoGames = sync.Pool{New: func() any { return new(pacoGame) }}

// tactical: a Paco, a chain, a promotion, or a move that forms a union (order's
// tactical moves).
func (g *pacoGame) tactical(ply, i int) bool {
	l := &g.lists[ply]
	if l.IsPaco(i) || l.PathLen(i) > 2 {
		return true
	}
	return g.pos[ply].Board().ByColor(g.stm[ply].Other()).Has(l.To(i))
}

// searchPaco searches a Paco Ŝako position.
func searchPaco(ctx context.Context, p pacosako.Position, lim *Limits) (Result[pacosako.Move], error) {
	var r Result[pacosako.Move]
	if o := p.Outcome(); o.IsOver() {
		return r, &NoMoveError{FEN: p.FEN(), Reason: "the game has ended (" + o.String() + ")", over: true}
	}
	g := pacoGames.Get().(*pacoGame)
	defer pacoGames.Put(g)
	g.pos[0], g.stm[0], g.heavy[0] = p, p.Turn(), heavy(&p)
	s := newSearcher(ctx, g, lim)
	defer s.release()
	// Move lists too large to list at once are listed under a bound of states
	// and the search's deadline.
	g.ctx = ctx
	if !s.hard.IsZero() {
		var cancel context.CancelFunc
		g.ctx, cancel = context.WithDeadline(ctx, s.hard)
		defer cancel()
	}
	// The root's moves. A root whose moves cannot be listed within the bound
	// and the time (or once the context is done) is answered with its first
	// move found, unsearched: a stopped search still answers with a move.
	n, err := g.lists[0].ResetContext(g.ctx, p, pacosako.Limits{MaxStates: rootStates})
	if err != nil {
		m, ok := anyMove(p)
		if !ok {
			return r, &NoMoveError{FEN: p.FEN(), Reason: "no legal move (the side to move is stuck)"}
		}
		r.Move, r.PV, r.Score = m, []pacosako.Move{m}, Score(pacoEval(&p, p.Turn()))
		r.Lines = []Line[pacosako.Move]{{Move: m, PV: r.PV, Score: r.Score}}
		return r, nil
	}
	if n == 0 {
		return r, &NoMoveError{FEN: p.FEN(), Reason: "no legal move (the side to move is stuck)"}
	}
	// A line's moves: the root's from its list, the others listed again (each
	// was listed by the search within its bounds).
	lineOf := func(l line) Line[pacosako.Move] {
		root := &g.lists[0]
		out := Line[pacosako.Move]{Score: Score(l.score), Depth: l.depth, Move: root.Move(int(l.moves[0]))}
		out.PV = []pacosako.Move{out.Move}
		ml := &g.pv
		q := root.After(int(l.moves[0]))
		for _, i := range l.moves[1:] {
			if int(i) >= ml.Reset(q) {
				break
			}
			out.PV = append(out.PV, ml.Move(int(i)))
			q = ml.After(int(i))
		}
		return out
	}
	return finish(s, g, n, lim, lineOf, pacosako.Move.Coordinate, g.lists[0].Move), nil
}
