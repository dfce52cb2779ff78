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
	lists [MaxPly + 1]pacosako.MoveList
	ctx   context.Context // bounds the enumeration of large move lists
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

func (g *pacoGame) inCheck(int) bool { return false }

// leafWin: the side to move has a Paco (CanPaco, without listing the moves).
func (g *pacoGame) leafWin(ply int) bool { return g.pos[ply].CanPaco() }

// noMoves: having no move is no result in Paco Ŝako (the game stays running,
// the side stuck): a draw for the search.
func (g *pacoGame) noMoves(int) outcome { return drawn }

func (g *pacoGame) generate(ply int, tactical bool) (int, bool) {
	if tactical {
		return 0, true
	}
	p := g.pos[ply]
	l := &g.lists[ply]
	if bits.OnesCount64(uint64(p.Board().Unions())) < heavyUnions {
		return l.Reset(p), true
	}
	n, err := l.ResetContext(g.ctx, p, pacosako.Limits{MaxStates: heavyStates})
	return n, err == nil
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
	g.stm[ply+1] = g.stm[ply].Other()
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
	g.stm[ply+1] = g.stm[ply].Other()
	return true
}

func (g *pacoGame) key(ply, i int) int {
	l := &g.lists[ply]
	return int(l.From(i)&63)<<6 | int(l.To(i)&63)
}

func (g *pacoGame) prunes() pruning { return pruning{lmr: true} }

// order: a Paco first, then chains (takeovers) and moves that form a union
// (the more valuable the enemy piece united, the earlier) and promotions; the
// other moves are quiet.
func (g *pacoGame) order(ply int, scores []int32, tactical []bool) {
	l := &g.lists[ply]
	b := g.pos[ply].Board()
	them := g.stm[ply].Other()
	for i := range scores {
		var v int32
		switch {
		case l.IsPaco(i):
			v = 1 << 28
		case l.PathLen(i) > 2:
			v = 1<<24 + int32(l.PathLen(i))
		default:
			to := l.To(i)
			if c := b.Cell(to); to.IsValid() && c.Role(them) != pacosako.NoRole {
				from := l.From(i)
				v = 1<<24 + int32(pacoValue[c.Role(them)]) - int32(pacoValue[b.Cell(from).Role(g.stm[ply])])/10
			}
		}
		scores[i], tactical[i] = v, v != 0
	}
}

// pacoGames keeps games between searches (their move lists grown).
var pacoGames = sync.Pool{New: func() any { return new(pacoGame) }}

// searchPaco searches a Paco Ŝako position.
func searchPaco(ctx context.Context, p pacosako.Position, lim *Limits) (Result[pacosako.Move], error) {
	var r Result[pacosako.Move]
	if o := p.Outcome(); o.IsOver() {
		return r, &NoMoveError{FEN: p.FEN(), Reason: "the game has ended (" + o.String() + ")", over: pacosako.ErrGameOver}
	}
	g := pacoGames.Get().(*pacoGame)
	defer pacoGames.Put(g)
	g.ctx = ctx
	g.pos[0], g.stm[0] = p, p.Turn()
	// The root's moves, whatever the context says (a stopped search still
	// answers with a move), within a bound of states: beyond it the search
	// answers with the first move found, unsearched.
	n, err := g.lists[0].ResetContext(context.Background(), p, pacosako.Limits{MaxStates: rootStates})
	if err != nil {
		for m := range p.AllMoves() {
			r.Move, r.PV, r.Score = m, []pacosako.Move{m}, Score(pacoEval(&p, p.Turn()))
			r.Lines = []Line[pacosako.Move]{{Move: m, PV: r.PV, Score: r.Score}}
			return r, nil
		}
		n = 0
	}
	if n == 0 {
		return r, &NoMoveError{FEN: p.FEN(), Reason: "no legal move (the side to move is stuck)"}
	}
	s := newSearcher(ctx, g, lim)
	defer s.release()
	if !s.hard.IsZero() {
		var cancel context.CancelFunc
		g.ctx, cancel = context.WithDeadline(ctx, s.hard)
		defer cancel()
	}
	lineOf := func(l line) Line[pacosako.Move] {
		out := Line[pacosako.Move]{Score: Score(l.score), Depth: l.depth}
		var ml pacosako.MoveList
		q := p
		for _, i := range l.moves {
			if int(i) >= ml.Reset(q) {
				break
			}
			out.PV = append(out.PV, ml.Move(int(i)))
			q = ml.After(int(i))
		}
		out.Move = out.PV[0]
		return out
	}
	if lim.Progress != nil {
		s.report = func(lines []line, depth int) {
			for k, l := range lines {
				ln := lineOf(l)
				pv := make([]string, len(ln.PV))
				for j, m := range ln.PV {
					pv[j] = m.Coordinate()
				}
				lim.Progress(s.info(depth, k, l.score, pv))
			}
		}
	}
	lines, depth := s.run(n)
	r.Depth, r.SelDepth, r.Nodes, r.Time = depth, s.seldepth, s.nodes, s.elapsed()
	for _, l := range lines {
		r.Lines = append(r.Lines, lineOf(l))
	}
	if len(r.Lines) == 0 {
		m := g.lists[0].Move(int(s.fallback))
		r.Lines = []Line[pacosako.Move]{{Move: m, PV: []pacosako.Move{m}, Score: Score(g.eval(0))}}
	}
	r.Move, r.Score, r.PV = r.Lines[0].Move, r.Lines[0].Score, r.Lines[0].PV
	return r, nil
}
