package pacosako

import (
	"context"
	"slices"
)

// MoveList holds the legal moves of one position at a time, for a program that
// enumerates the moves of many positions one after the other, as a game-tree
// search does: it keeps its memory from one position to the next, so that once
// it has grown to the positions at hand, listing their moves allocates nothing.
// Its moves are known by their index, in the order of Moves (move i of the list
// is p.Moves()[i], the same move with the same actions); After, IsPaco, From, To
// and PathLen describe move i as the Move methods do, and Move(i) gives it as a
// Move of its own.
//
// The zero MoveList is empty and ready to use. A MoveList must not be used by
// several goroutines at once; any number may be used at once.
type MoveList struct {
	rl    rootedList // the position and the moves' actions, reused by Reset
	moves []Move     // referring to rl.list
	lim   bounds     // ResetContext's bounds, kept here so that a call allocates none
}

// Reset makes the list hold the legal moves of p, as Moves lists them, and
// returns their number. It costs what AppendMoves costs, less the allocations.
// Like Moves it is unbounded: ResetContext bounds it for positions from
// untrusted input.
func (l *MoveList) Reset(p Position) int {
	s := getSearcher()
	defer putSearcher(s)
	l.rl.root = p
	l.rl.list.root = &l.rl.root
	if collects(&p) {
		s.collect(&l.rl.root)
		l.moves = s.collected(&l.rl, l.moves[:0])
	} else {
		s.search(&l.rl.root, nil)
		l.moves = s.movesInto(&l.rl, l.moves[:0], len(s.results))
	}
	return len(l.moves)
}

// ResetContext is Reset bounded as MovesContext is: it returns ctx.Err() if ctx
// is done when it is called or while it searches, and a *SearchLimitError when
// the search holds more than lim.MaxStates states; the list is then empty.
func (l *MoveList) ResetContext(ctx context.Context, p Position, lim Limits) (int, error) {
	if err := ctxDone(ctx); err != nil {
		l.clear(p)
		return 0, err
	}
	if lim.MaxStates <= 0 && (ctx == nil || ctx.Done() == nil) {
		return l.Reset(p), nil
	}
	s := getSearcher()
	defer putSearcher(s)
	l.lim = *newBounds(ctx, lim)
	s.lim = &l.lim
	l.rl.root = p
	s.search(&l.rl.root, nil)
	if err := l.lim.err; err != nil {
		l.clear(p)
		l.lim = bounds{}
		return 0, err
	}
	l.moves = s.movesInto(&l.rl, l.moves[:0], len(s.results))
	l.lim = bounds{} // the context is not kept
	return len(l.moves), nil
}

// clear empties the list, its position p.
func (l *MoveList) clear(p Position) {
	l.rl.root = p
	l.moves = l.moves[:0]
}

// Len returns the number of moves in the list.
func (l *MoveList) Len() int { return len(l.moves) }

// Position returns the position whose moves the list holds (the zero Position
// for the zero MoveList).
func (l *MoveList) Position() Position { return l.rl.root }

// at returns move i, or the zero Move when i is out of range.
func (l *MoveList) at(i int) Move {
	if i < 0 || i >= len(l.moves) {
		return Move{}
	}
	return l.moves[i]
}

// After returns the position move i leads to (Move.After), or the zero
// Position when i is out of range.
func (l *MoveList) After(i int) Position {
	var q Position
	l.at(i).afterInto(&q)
	return q
}

// IsPaco reports whether move i unites with the enemy king and wins
// (Move.IsPaco); false when i is out of range.
func (l *MoveList) IsPaco(i int) bool { return l.at(i).IsPaco() }

// From returns the square move i lifts first (Move.From); NoSquare when i is
// out of range.
func (l *MoveList) From(i int) Square { return l.at(i).From() }

// To returns the square of move i's last Place (Move.To); NoSquare when i is
// out of range.
func (l *MoveList) To(i int) Square { return l.at(i).To() }

// PathLen returns the number of actions of move i (Move.Len): 2 for a lift and
// a place, more for a chain or a promotion; 0 when i is out of range.
func (l *MoveList) PathLen(i int) int { return l.at(i).Len() }

// Move returns move i as a Move that stays valid however the list changes
// later: its actions are copied (one allocation). The zero Move when i is out
// of range.
func (l *MoveList) Move(i int) Move {
	m := l.at(i)
	if m.list == nil {
		return Move{}
	}
	path := m.path()
	rl := &rootedList{root: l.rl.root}
	rl.list = moveList{root: &rl.root, paths: slices.Clone(path)}
	return newMove(&rl.list, 0, len(path), m.flags())
}

// reuseActions returns an array of n actions: a's if it has room, else a new
// one, of exactly n for a new list (Moves), with room to grow for a list being
// reused (a MoveList meets larger positions now and then).
func reuseActions(a []Action, n int) []Action {
	switch {
	case cap(a) >= n:
		return a[:n]
	case cap(a) == 0:
		return make([]Action, n)
	}
	return make([]Action, n, 2*n)
}
