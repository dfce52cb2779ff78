package engine

import (
	"context"
	"math"
	"slices"
	"sync"
	"time"
)

// The search, written once for both games. A game is a stack of positions,
// ply 0 the root, which the search moves along: generate lists the moves of the
// position at a ply, play makes move i of that list the position at ply+1. Moves
// are known by their index in their position's list, whose order is the
// game's Moves order, so an index is a move wherever the position is met again
// (the table stores it) and the principal variation is a list of indices
// replayed from the root.

// game is what a game brings to the search. Scores are centipawns for the side
// to move at the ply.
type game interface {
	// hash returns the Hash of the position at ply.
	hash(ply int) uint64
	// clock returns the half-moves since the last irreversible move (capture,
	// pawn move, union formed, promotion) at ply: no earlier position can recur.
	clock(ply int) int
	// terminal reports whether the game has ended at ply, and how: win, loss
	// or draw for the side to move.
	terminal(ply int) outcome
	// inCheck reports whether the side to move at ply must answer a threat the
	// search must not stand pat on (Atomic: check), in the quiescence search.
	inCheck(ply int) bool
	// threatened reports whether the side to move at ply of the main search
	// is threatened so (Atomic: check; Paco Ŝako: Ŝako) that the node is
	// searched a half-move deeper and not pruned.
	threatened(ply int) bool
	// eval returns the static evaluation at ply.
	eval(ply int) int
	// quick returns a cheap part of eval: eval lies within prunes().lazy of
	// it (unused when lazy is 0).
	quick(ply int) int
	// leafWin reports, at a leaf of the main search, whether the side to move
	// wins at once (Paco Ŝako: a Paco in one); moves are not generated there.
	leafWin(ply int) bool
	// generate lists the moves at ply, all or (tactical) the quiescence
	// search's, and returns their number; ok false when they could not be
	// listed (a Paco Ŝako position too large to enumerate).
	generate(ply int, tactical bool) (n int, ok bool)
	// winning returns the index of a move at ply that wins at once, or -1.
	winning(ply int) int
	// noMoves returns the outcome when the side to move at ply has no move.
	noMoves(ply int) outcome
	// order writes each move's ordering score (tactical moves high, the most
	// promising first; quiet moves 0), whether it is tactical (not reduced)
	// and, if keys is not nil, its key (as key gives it).
	order(ply int, scores []int32, tactical []bool, keys []int32)
	// tactical reports whether move i at ply is tactical (order's verdict).
	tactical(ply, i int) bool
	// key returns a small identity of move i at ply for killers and history
	// (below historySize).
	key(ply, i int) int
	// play makes move i of ply's list the position at ply+1.
	play(ply, i int)
	// playNull makes the position at ply with the other side to move the one at
	// ply+1, if the game allows a null move there.
	playNull(ply int) bool
	// side returns the side to move at ply (0 or 1).
	side(ply int) int
	// reductions tells whether null move, late-move reductions and futility
	// pruning suit the game.
	prunes() pruning
}

// testPrunes, when set by a test, replaces the game's pruning.
var testPrunes *pruning

// pruning says which selective methods suit a game: null move (and reverse
// futility: the static evaluation far above beta at the last depths), futility
// (quiet moves skipped at the last depths when far below alpha), late-move
// reductions.
type pruning struct {
	nullMove, futility, lmr bool
	lazy                    int // the bound of eval - quick; 0: no lazy evaluation
	evasions                int // the quiescence search answers inCheck in its first half-moves only
}

// outcome is a game's state at a position for the side to move.
type outcome uint8

const (
	running outcome = iota
	won
	lost
	drawn
)

// historySize bounds game.key.
const historySize = 1 << 13

// line is one searched line: its score, depth and moves (indices from the
// root).
type line struct {
	score int
	depth int
	moves []int32
}

// searcher is one search's state.
type searcher struct {
	g        game
	tt       *Table
	ownTable bool // tt is the search's own, from ownTables
	start    time.Time
	// limits
	maxDepth  int
	nodeLimit int64
	hard      time.Time // zero: none
	soft      time.Time
	done      <-chan struct{}
	multiPV   int
	// state
	nodes    int64
	seldepth int
	stopped  bool
	keys     [MaxPly + 2]uint64
	pv       [MaxPly + 1][MaxPly + 1]int32
	pvLen    [MaxPly + 1]int
	killers  [MaxPly + 1][2]int32
	history  [2][historySize]int32
	scores   [MaxPly + 1][]int32
	tactical [MaxPly + 1][]bool
	moveKeys [MaxPly + 1][]int32 // each move's key (game.keys), once scoreMoves has run
	sortKeys []int64             // pick's sorting buffer
	pr       pruning             // the game's prunes()
	nulled   [MaxPly + 1]bool
	order    [MaxPly + 1][]int32 // each ply's moves in the order tried
	past     []uint64            // the game's earlier positions within the root's clock, as an open-addressing set
	// root
	rootN     int
	rootOrder []int32
	excluded  []int32 // root moves of the better lines of this depth
	lines     []line  // the lines of the last completed depth
	fallback  int32   // a root move to answer with if no depth completes
	report    func(lines []line, depth int)
}

// newSearcher prepares a search of g within lim.
func newSearcher(ctx context.Context, g game, lim *Limits) *searcher {
	s := searchers.Get().(*searcher)
	s.reset()
	s.g, s.tt, s.start, s.maxDepth, s.nodeLimit = g, lim.Table, time.Now(), lim.Depth, lim.Nodes
	s.done, s.multiPV = ctx.Done(), max(lim.MultiPV, 1)
	s.pr = g.prunes()
	if s.tt == nil {
		size := uint64(DefaultTableMB) << 20
		if lim.Nodes > 0 {
			size = min(size, uint64(lim.Nodes)*16)
		}
		s.tt, s.ownTable = ownTable(size), true
	}
	s.tt.newSearch()
	if s.maxDepth == 0 {
		s.maxDepth = MaxDepth
	}
	// The limits of time: the search's budget (MoveTime, Deadline), after half
	// of which no new depth starts, and the context's deadline, a bound only.
	if lim.MoveTime > 0 {
		s.hard = s.start.Add(lim.MoveTime)
	}
	if !lim.Deadline.IsZero() && (s.hard.IsZero() || lim.Deadline.Before(s.hard)) {
		s.hard = lim.Deadline
	}
	if !s.hard.IsZero() {
		s.soft = s.start.Add(s.hard.Sub(s.start) / 2)
	}
	if d, ok := ctx.Deadline(); ok && (s.hard.IsZero() || d.Before(s.hard)) {
		s.hard = d
	}
	s.setHistory(lim.History, g.clock(0))
	return s
}

// searchers keeps searchers between searches: a searcher's tables and buffers
// are large, and searches come one after the other.
var searchers = sync.Pool{New: func() any { return new(searcher) }}

// reset clears what one search learnt, keeping the buffers.
func (s *searcher) reset() {
	s.nodes, s.seldepth, s.stopped = 0, 0, false
	s.hard, s.soft = time.Time{}, time.Time{}
	s.killers = [MaxPly + 1][2]int32{}
	s.history = [2][historySize]int32{}
	s.nulled = [MaxPly + 1]bool{}
	s.past = nil
	s.excluded = s.excluded[:0]
	s.lines = nil
	s.report = nil
}

// release returns s, and its own table, to their pools; it must not be used
// after.
func (s *searcher) release() {
	if s.ownTable {
		ownTables.Put(s.tt)
	}
	s.g, s.tt, s.ownTable, s.done, s.report, s.past = nil, nil, false, nil, nil, nil
	searchers.Put(s)
}

// ownTables keeps the tables of searches without Limits.Table: a table taken
// from the pool is cleared (a search's result must not depend on the searches
// before it), which costs less than a new table's memory.
var ownTables sync.Pool

// ownTable returns an empty table of about size bytes.
func ownTable(size uint64) *Table {
	if t, ok := ownTables.Get().(*Table); ok {
		if uint64(t.Bytes()) == newTableBytes(size) {
			clear(t.slots) // no other search has it
			t.gen.Store(0)
			return t
		}
	}
	return newTable(size)
}

// setHistory keeps the game's last clock positions before the root (the only
// ones a position of the search can repeat) in s.past.
func (s *searcher) setHistory(h []uint64, clock int) {
	h = h[max(len(h)-clock, 0):]
	if len(h) == 0 {
		return
	}
	size := 16
	for size < 2*len(h) {
		size *= 2
	}
	s.past = make([]uint64, size)
	for _, k := range h {
		if k == 0 {
			k = 1 // 0 marks an empty slot
		}
		i := int(k) & (size - 1)
		for s.past[i] != 0 && s.past[i] != k {
			i = (i + 1) & (size - 1)
		}
		s.past[i] = k
	}
}

// inPast reports whether k is one of the game's earlier positions.
func (s *searcher) inPast(k uint64) bool {
	if s.past == nil {
		return false
	}
	if k == 0 {
		k = 1
	}
	size := len(s.past)
	for i := int(k) & (size - 1); s.past[i] != 0; i = (i + 1) & (size - 1) {
		if s.past[i] == k {
			return true
		}
	}
	return false
}

// checkEvery is how many nodes pass between two looks at the clock and the
// context (a fraction of a millisecond).
const checkEvery = 256

// visit counts a node at ply and reports whether the search must stop.
func (s *searcher) visit(ply int) bool {
	if s.stopped {
		return true
	}
	s.nodes++
	if ply > s.seldepth {
		s.seldepth = ply
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
	}
	if s.nodes%checkEvery == 0 {
		s.poll()
	}
	return s.stopped
}

// poll stops the search when its time is up or its context done.
func (s *searcher) poll() {
	if !s.hard.IsZero() && !time.Now().Before(s.hard) {
		s.stopped = true
	}
	select {
	case <-s.done:
		s.stopped = true
	default:
	}
}

// scoreOf returns the score of an outcome at ply.
func scoreOf(o outcome, ply int) int {
	switch o {
	case won:
		return winIn(ply)
	case lost:
		return lossIn(ply)
	}
	return 0
}

// toTable and fromTable convert a score between the search's (distance from the
// root) and the table's (distance from the position).
func toTable(score, ply int) int {
	switch {
	case score >= mateBound:
		return score + ply
	case score <= -mateBound:
		return score - ply
	}
	return score
}

func fromTable(score, ply int) int {
	switch {
	case score >= mateBound:
		return score - ply
	case score <= -mateBound:
		return score + ply
	}
	return score
}

const infinity = int(MateScore) + 1

// noEval marks an unknown static evaluation (in the table too: int16's least).
const noEval = -1 << 15

// repeats reports whether the position at ply repeats an earlier one of its line
// or of the game.
func (s *searcher) repeats(ply int) bool {
	k := s.keys[ply]
	clock := s.g.clock(ply)
	for i := ply - 2; i >= 0 && i >= ply-clock; i -= 2 {
		if s.keys[i] == k {
			return true
		}
	}
	return clock > ply && s.inPast(k)
}

// lmr[d][i] is the reduction of the i-th quiet move at depth d.
var lmr [MaxDepth + 1][64]int8

func init() {
	for d := 1; d <= MaxDepth; d++ {
		for i := 1; i < 64; i++ {
			lmr[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2.2)
		}
	}
}

// moveScores returns ply's ordering buffers with room for n moves.
func (s *searcher) moveScores(ply, n int) ([]int32, []bool) {
	if cap(s.scores[ply]) < n {
		s.scores[ply] = make([]int32, n, 2*n)
		s.tactical[ply] = make([]bool, n, 2*n)
		s.moveKeys[ply] = make([]int32, n, 2*n)
	}
	s.scores[ply], s.tactical[ply], s.moveKeys[ply] = s.scores[ply][:n], s.tactical[ply][:n], s.moveKeys[ply][:n]
	return s.scores[ply], s.tactical[ply]
}

// Ordering bands, above the history scores.
const (
	orderTT     = 1 << 30
	orderKiller = 1 << 20
	historyMax  = 1 << 16
)

// pick moves the best-scored move from i on to i and returns it: the first
// few by selection (a cut usually comes early), the rest sorted at once when
// the search gets that far. The sort is stable (moves of equal scores keep
// their order): each move is sorted as a key of its score and its place, all
// keys distinct, in buf.
func pick(i int, order []int32, scores []int32, buf *[]int64) int32 {
	switch {
	case i > pickSorted:
		return order[i]
	case i == pickSorted:
		rest := order[i:]
		keys := (*buf)[:0]
		for j, m := range rest {
			keys = append(keys, int64(-scores[m])<<32|int64(j))
		}
		slices.Sort(keys)
		// The moves in their new order, each read from its old place before
		// rest is written.
		for j, k := range keys {
			keys[j] = k&^0xFFFFFFFF | int64(uint32(rest[uint32(k)]))
		}
		for j, k := range keys {
			rest[j] = int32(uint32(k))
		}
		*buf = keys
		return order[i]
	}
	best, top := i, scores[order[i]]
	for j := i + 1; j < len(order); j++ {
		if v := scores[order[j]]; v > top {
			best, top = j, v
		}
	}
	order[i], order[best] = order[best], order[i]
	return order[i]
}

// pickSorted is the number of moves pick selects before it sorts the rest.
const pickSorted = 4

// search is the main alpha-beta search at ply, depth half-moves deep.
func (s *searcher) search(ply, depth, alpha, beta int) int {
	if depth <= 0 {
		return s.quiesce(ply, 0, alpha, beta)
	}
	pvNode := beta-alpha > 1
	s.pvLen[ply] = 0
	if s.visit(ply) {
		return 0
	}
	g := s.g
	s.keys[ply] = g.hash(ply)
	s.tt.prefetch(s.keys[ply])
	if ply > 0 {
		if o := g.terminal(ply); o != running {
			return scoreOf(o, ply)
		}
		if s.repeats(ply) {
			return 0
		}
		alpha, beta = max(alpha, lossIn(ply)), min(beta, winIn(ply+1))
		if alpha >= beta {
			return alpha
		}
	}
	if ply >= MaxPly-1 {
		return g.eval(ply)
	}
	// The table.
	e := s.tt.probe(s.keys[ply])
	ttMove := e.move
	if e.found && !pvNode && e.depth >= depth && ply > 0 {
		v := fromTable(e.score, ply)
		if e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha {
			return v
		}
	}
	inCheck := g.threatened(ply)
	if inCheck {
		depth++
	}
	pr := s.pr
	if testPrunes != nil {
		pr = *testPrunes
	}
	// The static evaluation, from the table or computed, when a pruning needs
	// it (noEval otherwise).
	static := noEval
	if e.found && e.eval != noEval {
		static = e.eval
	} else if !pvNode && !inCheck && (pr.nullMove || pr.futility) {
		static = g.eval(ply)
	}
	// Reverse futility and null move: the side to move is so far ahead that
	// even doing nothing keeps it above beta.
	if !pvNode && !inCheck && ply > 0 && pr.nullMove && abs(beta) < mateBound {
		if depth <= 3 && static-120*depth >= beta {
			return static
		}
		if depth >= 3 && static >= beta && !s.nulled[ply-1] && g.playNull(ply) {
			s.nulled[ply] = true
			r := 3 + depth/4
			v := -s.search(ply+1, depth-r, -beta, -beta+1)
			s.nulled[ply] = false
			if s.stopped {
				return 0
			}
			if v >= beta {
				if v >= mateBound {
					v = beta
				}
				return v
			}
		}
	}
	n, ok := g.generate(ply, false)
	if !ok {
		if static == noEval {
			static = g.eval(ply)
		}
		return static
	}
	if n == 0 {
		return scoreOf(g.noMoves(ply), ply)
	}
	if w := g.winning(ply); w >= 0 {
		v := winIn(ply + 1)
		s.pv[ply][0], s.pvLen[ply] = int32(w), 1
		s.tt.store(s.keys[ply], toTable(v, ply), static, w, depth, boundExact)
		return v
	}
	// The table's move is tried before the others are scored: when it cuts,
	// as it mostly does where it exists, their ordering is not needed.
	order := s.order[ply][:0]
	ttFirst := ttMove < n
	if ttFirst {
		order = append(order, int32(ttMove))
	}
	var scores []int32
	var tact []bool
	ttQuiet := ttFirst && !g.tactical(ply, ttMove)
	best, bestMove := -infinity, -1
	oldAlpha := alpha
	for i := range n {
		if i == len(order) {
			// Score and order the moves (the table's, tried, aside).
			scores, tact = s.moveScores(ply, n)
			s.scoreMoves(ply, scores, tact)
			for j := range n {
				if !ttFirst || j != ttMove {
					order = append(order, int32(j))
				}
			}
		}
		var m int
		if i == 0 && ttFirst {
			m = ttMove
		} else {
			m = int(pick(i, order, scores, &s.sortKeys))
		}
		quiet := ttQuiet
		if i > 0 || !ttFirst {
			quiet = !tact[m]
		}
		// Futility: a quiet move at the last depths cannot lift a hopeless
		// score to alpha. Nor can the rest: they come in order of their
		// scores, so they are quiet too (tactical moves score above every
		// quiet one), and nothing this test reads changes while moves are
		// skipped.
		if pr.futility && quiet && !pvNode && !inCheck && i > 0 && depth <= 2 && best > -mateBound && static != noEval &&
			static+150*depth+50 <= alpha {
			break
		}
		g.play(ply, m)
		var v int
		if i == 0 {
			v = -s.search(ply+1, depth-1, -beta, -alpha)
		} else {
			r := 0
			if quiet && depth >= 3 && !inCheck && i >= 2 && pr.lmr {
				r = int(lmr[min(depth, MaxDepth)][min(i, 63)])
				if pvNode {
					r--
				}
				r = min(max(r, 0), depth-2)
			}
			v = -s.search(ply+1, depth-1-r, -alpha-1, -alpha)
			if v > alpha && r > 0 {
				v = -s.search(ply+1, depth-1, -alpha-1, -alpha)
			}
			if v > alpha && v < beta {
				v = -s.search(ply+1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.setPV(ply, m)
				if v >= beta {
					if quiet {
						s.rewardQuiet(ply, m, depth, order[:i])
					}
					break
				}
			}
		}
	}
	s.order[ply] = order
	if bestMove < 0 { // every move pruned
		return best
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= oldAlpha:
		bound = boundUpper
	}
	s.tt.store(s.keys[ply], toTable(best, ply), static, bestMove, depth, bound)
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// setPV makes m followed by the child's line the line at ply.
func (s *searcher) setPV(ply, m int) {
	s.pv[ply][0] = int32(m)
	n := s.pvLen[ply+1]
	if ply+1 > MaxPly {
		n = 0
	}
	copy(s.pv[ply][1:1+n], s.pv[ply+1][:n])
	s.pvLen[ply] = n + 1
}

// scoreMoves writes the ordering scores of the moves at ply: the game's for
// tactical moves, the killers and the history table's for quiet ones.
func (s *searcher) scoreMoves(ply int, scores []int32, tact []bool) {
	g := s.g
	keys := s.moveKeys[ply]
	g.order(ply, scores, tact, keys)
	side := g.side(ply)
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	hist := &s.history[side]
	for i := range scores {
		if tact[i] {
			continue
		}
		switch key := keys[i]; key {
		case k0:
			scores[i] = orderKiller
		case k1:
			scores[i] = orderKiller - 1
		default:
			scores[i] = hist[key]
		}
	}
}

// rewardQuiet records a quiet move that cut: a killer of its ply, and in the
// history table (the quiet moves tried before it lose).
func (s *searcher) rewardQuiet(ply, m, depth int, before []int32) {
	g := s.g
	key := int32(g.key(ply, m))
	if s.killers[ply][0] != key {
		s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], key
	}
	side := g.side(ply)
	bonus := int32(min(depth*depth, 400))
	h := &s.history[side]
	h[key] += bonus - h[key]*bonus/historyMax
	tact, keys := s.tactical[ply], s.moveKeys[ply] // every move's, once a second move is tried
	for _, b := range before {
		if !tact[b] {
			k := keys[b]
			h[k] -= bonus + h[k]*bonus/historyMax
		}
	}
}

// quiesce is the quiescence search, qdepth half-moves below the main search's
// leaf: the static evaluation, unless a tactical move improves on it (Atomic:
// captures), or the side to move wins at once (Paco Ŝako: a Paco); a side that
// must answer a threat (Atomic: check; Paco Ŝako: Ŝako) in the first
// prunes().evasions half-moves tries every move instead.
func (s *searcher) quiesce(ply, qdepth, alpha, beta int) int {
	s.pvLen[ply] = 0
	if s.visit(ply) {
		return 0
	}
	g := s.g
	if ply > 0 {
		if o := g.terminal(ply); o != running {
			return scoreOf(o, ply)
		}
	}
	if ply >= MaxPly-1 {
		return g.eval(ply)
	}
	inCheck := qdepth < s.pr.evasions && g.inCheck(ply)
	best := -infinity
	if !inCheck {
		if lazy := s.pr.lazy; lazy > 0 {
			if q := g.quick(ply) - lazy; q >= beta {
				return q
			}
		}
		best = g.eval(ply)
		if best >= beta {
			return best
		}
		if g.leafWin(ply) {
			return winIn(ply + 1)
		}
		alpha = max(alpha, best)
	}
	n, ok := g.generate(ply, !inCheck)
	if !ok {
		return max(best, g.eval(ply))
	}
	if n == 0 {
		if inCheck {
			return scoreOf(g.noMoves(ply), ply)
		}
		return best
	}
	scores, tact := s.moveScores(ply, n)
	g.order(ply, scores, tact, nil)
	order := s.order[ply][:0]
	for i := range n {
		order = append(order, int32(i))
	}
	s.order[ply] = order
	for i := range n {
		m := int(pick(i, order, scores, &s.sortKeys))
		g.play(ply, m)
		v := -s.quiesce(ply+1, qdepth+1, -beta, -alpha)
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				s.setPV(ply, m)
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// run is the iterative deepening: depth after depth, each line of MultiPV in
// turn, until a limit stops it. The root's n moves are listed (ply 0). It
// returns the lines of the deepest completed depth, with that depth; a depth
// stopped part way gives its completed lines in place of the previous depth's
// (nil and 0 if not even the first line of depth 1 completed).
func (s *searcher) run(n int) (lines []line, depth int) {
	g := s.g
	s.keys[0] = g.hash(0)
	s.rootN = n
	scores, tact := s.moveScores(0, n)
	g.order(0, scores, tact, nil)
	if e := s.tt.probe(s.keys[0]); e.move < n {
		scores[e.move] = orderTT
	}
	s.rootOrder = make([]int32, n)
	for i := range s.rootOrder {
		s.rootOrder[i] = int32(i)
	}
	slices.SortStableFunc(s.rootOrder, func(a, b int32) int { return int(scores[b]) - int(scores[a]) })
	s.fallback = s.rootOrder[0]
	s.poll()
	multi := min(s.multiPV, n)
	prev := make([]int, multi)
	for d := 1; d <= s.maxDepth; d++ {
		s.excluded = s.excluded[:0]
		cur := make([]line, 0, multi)
		for k := range multi {
			v := s.aspire(d, prev[k])
			if s.stopped {
				break
			}
			l := line{score: v, depth: d, moves: slices.Clone(s.pv[0][:s.pvLen[0]])}
			if len(l.moves) == 0 { // no move reached the window's floor: the first tried
				l.moves = []int32{s.rootOrder[k]}
			}
			cur = append(cur, l)
			s.excluded = append(s.excluded, l.moves[0])
			prev[k] = v
		}
		switch {
		case len(cur) == multi:
			lines, depth = cur, d
			if s.report != nil {
				s.report(lines, d)
			}
		case lines == nil:
			lines = cur
		default:
			copy(lines, cur)
		}
		if s.stopped || lines[0].score >= mateBound && d >= lines[0].plies() ||
			lines[0].score <= -mateBound && d > lines[0].plies()+2 {
			break
		}
		if !s.soft.IsZero() && time.Now().After(s.soft) {
			break
		}
	}
	return lines, depth
}

// plies returns the distance of a forced result in half-moves (0 otherwise).
func (l line) plies() int { return Score(l.score).Plies() }

// aspire searches the root at depth d for line k within a window around the
// previous depth's score, widening it when the score falls outside.
func (s *searcher) aspire(d, prev int) int {
	delta := 30
	alpha, beta := -infinity, infinity
	if d >= 4 && abs(prev) < mateBound {
		alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
	}
	for {
		v := s.root(d, alpha, beta)
		if s.stopped {
			return v
		}
		switch {
		case v <= alpha && alpha > -infinity:
			alpha = max(alpha-delta, -infinity)
		case v >= beta && beta < infinity:
			beta = min(beta+delta, infinity)
		default:
			return v
		}
		delta *= 2
		if delta > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// root searches the root moves but the excluded ones (the better lines') at
// depth d, and moves the best to the front of the root order.
func (s *searcher) root(d, alpha, beta int) int {
	g := s.g
	s.pvLen[0] = 0
	if s.visit(0) {
		return -infinity
	}
	best := -infinity
	first := true
	oldAlpha := alpha
	bestAt := -1
	for i, m := range s.rootOrder {
		if slices.Contains(s.excluded, m) {
			continue
		}
		g.play(0, int(m))
		var v int
		if first {
			v = -s.search(1, d-1, -beta, -alpha)
		} else {
			v = -s.search(1, d-1, -alpha-1, -alpha)
			if v > alpha && v < beta {
				v = -s.search(1, d-1, -beta, -alpha)
			}
		}
		if s.stopped {
			if first || bestAt < 0 {
				return best
			}
			break
		}
		first = false
		if v > best {
			best = v
			bestAt = i
			if v > alpha {
				alpha = v
				s.setPV(0, int(m))
				if d == 1 {
					s.fallback = m
				}
				if v >= beta {
					break
				}
			}
		}
	}
	if bestAt > 0 && best > oldAlpha {
		// The new best first: it leads the next search.
		m := s.rootOrder[bestAt]
		copy(s.rootOrder[1:bestAt+1], s.rootOrder[:bestAt])
		s.rootOrder[0] = m
	}
	if best > oldAlpha && best < beta && s.pvLen[0] > 0 {
		s.tt.store(s.keys[0], toTable(best, 0), g.eval(0), int(s.pv[0][0]), d, boundExact)
	}
	return best
}

// elapsed returns the time since the search started.
func (s *searcher) elapsed() time.Duration { return time.Since(s.start) }

// info returns the progress of line k at depth.
func (s *searcher) info(depth, k, score int, pv []string) Info {
	t := s.elapsed()
	nps := int64(0)
	if t > 0 {
		nps = int64(float64(s.nodes) / t.Seconds())
	}
	return Info{Depth: depth, SelDepth: s.seldepth, MultiPV: k + 1, Score: Score(score), Nodes: s.nodes, NPS: nps, Time: t, PV: pv}
}

// finish runs the search over the root's n moves and gathers its result, the
// same for both games: each line's moves come from lineOf, the progress
// reports write each move with text, and fallback gives the root's move i
// when no depth completed (the result is then that move at its static score).
func finish[M Move](s *searcher, g game, n int, lim *Limits, lineOf func(line) Line[M], text func(M) string, fallback func(int) M) Result[M] {
	if lim.Progress != nil {
		s.report = func(lines []line, depth int) {
			for k, l := range lines {
				ln := lineOf(l)
				pv := make([]string, len(ln.PV))
				for j, m := range ln.PV {
					pv[j] = text(m)
				}
				lim.Progress(s.info(depth, k, l.score, pv))
			}
		}
	}
	var r Result[M]
	lines, depth := s.run(n)
	r.Depth, r.SelDepth, r.Nodes, r.Time = depth, s.seldepth, s.nodes, s.elapsed()
	for _, l := range lines {
		r.Lines = append(r.Lines, lineOf(l))
	}
	if len(r.Lines) == 0 {
		m := fallback(int(s.fallback))
		r.Lines = []Line[M]{{Move: m, PV: []M{m}, Score: Score(g.eval(0))}}
	}
	r.Move, r.Score, r.PV = r.Lines[0].Move, r.Lines[0].Score, r.Lines[0].PV
	return r
}
