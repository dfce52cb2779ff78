package engine

import (
	"context"
	"sync"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// atomicGame is Atomic chess for the search: a stack of positions and their
// move lists.
type atomicGame struct {
	pos   [MaxPly + 2]atomic.Position
	bd    [MaxPly + 2]atomicPos // each position's board as the evaluation reads it, set with the position (setBoard)
	moves [MaxPly + 1][]atomic.Move
}

func (g *atomicGame) hash(ply int) uint64 { return g.pos[ply].Hash() }
func (g *atomicGame) clock(ply int) int   { return g.pos[ply].HalfMoveClock() }
func (g *atomicGame) side(ply int) int    { return g.bd[ply].turn }

// terminal: a king exploded, lichess's dead positions and 100 half-moves
// without a capture or a pawn move end the game (checkmate and stalemate are
// found by the move generation: noMoves).
func (g *atomicGame) terminal(ply int) outcome {
	b := &g.bd[ply]
	switch kings := b.pieces[5]; {
	case kings&b.colour(b.turn) == 0:
		return lost
	case kings&b.colour(1-b.turn) == 0:
		return won
	case g.pos[ply].HalfMoveClock() >= 100 || g.pos[ply].IsDeadPosition():
		return drawn
	}
	return running
}

func (g *atomicGame) inCheck(ply int) bool    { return g.pos[ply].InCheck() }
func (g *atomicGame) threatened(ply int) bool { return g.pos[ply].InCheck() }
func (g *atomicGame) leafWin(int) bool        { return false }
func (g *atomicGame) winning(int) int         { return -1 }

func (g *atomicGame) noMoves(ply int) outcome {
	if g.pos[ply].InCheck() {
		return lost
	}
	return drawn
}

func (g *atomicGame) generate(ply int, tactical bool) (int, bool) {
	if cap(g.moves[ply]) == 0 {
		g.moves[ply] = make([]atomic.Move, 0, 256)
	}
	if tactical {
		g.moves[ply] = g.pos[ply].AppendCaptures(g.moves[ply][:0])
	} else {
		g.moves[ply] = g.pos[ply].AppendMoves(g.moves[ply][:0])
	}
	return len(g.moves[ply]), true
}

func (g *atomicGame) play(ply, i int) {
	if testPlayChecked {
		g.playChecked(ply, i)
		return
	}
	g.pos[ply+1] = g.pos[ply].PlayUnchecked(g.moves[ply][i])
	g.setBoard(ply + 1)
}

// testPlayChecked, when a benchmark sets it, makes the search play each move
// as atomic.Position.Play did before PlayUnchecked: after finding it among
// every legal move (BenchmarkSearchAtomicCheckedPlay).
var testPlayChecked bool

// playChecked plays move i at ply the checked way (testPlayChecked).
func (g *atomicGame) playChecked(ply, i int) {
	var buf [256]atomic.Move
	m := g.moves[ply][i]
	for _, l := range g.pos[ply].AppendMoves(buf[:0]) {
		if l == m {
			break
		}
	}
	g.pos[ply+1] = g.pos[ply].PlayUnchecked(m)
	g.setBoard(ply + 1)
}

func (g *atomicGame) playNull(ply int) bool {
	g.pos[ply+1] = g.pos[ply].PlayNull()
	b := &g.bd[ply+1]
	*b = g.bd[ply]
	b.turn ^= 1
	b.material = atomicMaterial(b)
	return true
}

func (g *atomicGame) key(ply, i int) int {
	m := g.moves[ply][i]
	return int(m.From())<<6 | int(m.To())
}

func (g *atomicGame) prunes() pruning {
	return pruning{nullMove: true, futility: true, lmr: true, lazy: atomicLazy, evasions: 8}
}

// order: a capture scores what its explosion takes from each side (exploding
// the enemy king first of all), a promotion the piece it makes; quiet moves 0.
func (g *atomicGame) order(ply int, scores []int32, tactical []bool, keys []int32) {
	b := &g.bd[ply]
	own, enemy := b.colour(b.turn), b.colour(1-b.turn)
	var ours, theirs [6]uint64
	for r, bb := range b.pieces {
		ours[r], theirs[r] = bb&own, bb&enemy
	}
	moves := g.moves[ply]
	scores, tactical = scores[:len(moves)], tactical[:len(moves)]
	for i, m := range moves {
		switch {
		case m.IsCapture():
			scores[i], tactical[i] = 1<<24+int32(blastGain(uint64(m.Explosion()), &ours, &theirs)), true
		case m.Promotion() != pacosako.NoRole:
			scores[i], tactical[i] = 1<<24+int32(atomicValue[m.Promotion()-1]), true
		default:
			scores[i], tactical[i] = 0, false
		}
		if keys != nil {
			keys[i] = int32(m.From())<<6 | int32(m.To())
		}
	}
}

// tactical: a capture or a promotion.
func (g *atomicGame) tactical(ply, i int) bool {
	m := g.moves[ply][i]
	return m.IsCapture() || m.Promotion() != pacosako.NoRole
}

// blastGain is the material an explosion takes from the enemy less what it takes
// from the mover: the enemy king's loss outweighs everything.
func blastGain(blast uint64, ours, theirs *[6]uint64) int {
	if blast&theirs[5] != 0 {
		return 1 << 20
	}
	v := 0
	for r := range 5 {
		v += atomicValue[r] * (popcount(blast&theirs[r]) - popcount(blast&ours[r]))
	}
	return v + 1<<16
}

// atomicGames keeps games between searches (their move lists grown).
var atomicGames = sync.Pool{New: func() any { return new(atomicGame) }}

// searchAtomic searches an Atomic position.
func searchAtomic(ctx context.Context, p atomic.Position, lim *Limits) (Result[atomic.Move], error) {
	var r Result[atomic.Move]
	moves := p.Moves()
	if len(moves) == 0 || p.IsDeadPosition() {
		o := p.Outcome()
		err := &NoMoveError{FEN: p.FEN(), Reason: "the game has ended (" + o.String() + ")", over: true}
		return r, err
	}
	g := atomicGames.Get().(*atomicGame)
	defer atomicGames.Put(g)
	g.pos[0] = p
	g.setBoard(0)
	n, _ := g.generate(0, false)
	s := newSearcher(ctx, g, lim)
	defer s.release()
	lineOf := func(l line) Line[atomic.Move] {
		out := Line[atomic.Move]{Score: Score(l.score), Depth: l.depth}
		q := p
		for _, i := range l.moves {
			ms := q.Moves()
			if int(i) >= len(ms) {
				break
			}
			out.PV = append(out.PV, ms[i])
			q = q.PlayUnchecked(ms[i])
		}
		out.Move = out.PV[0]
		return out
	}
	return finish(s, g, n, lim, lineOf, atomic.Move.UCI, func(i int) atomic.Move { return moves[i] }), nil
}
