package pacosako

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pacosako-go/pacosako/internal/parallel"
)

// Forced Paco in N (docs/analysis.md §4). For the
// attacker a, to move in P:
//
//	forced(P, 1)     ⟺ some move of a is a Paco;
//	forced(P, n ≥ 2) ⟺ forced(P, 1), or some move of a leads to a running
//	                   position A in which no move of the defender refutes.
//
// A defence refutes when it wins (Paco), ends the game in a draw (the no-progress
// limit, a draw of the rules' options, or repetition when a game history is given),
// or leads to a position D where forced(D, n−1) does not hold; a defender without
// any move cannot refute, nor can a defence that ends the game with the attacker's
// victory (under KingUnions, the defender's king entering a union). forced is
// monotone in n (forced(P, n) implies
// forced(P, n+1)), so the smallest n is found by iterative deepening.

// SolveOptions configures Solve. The zero value searches for a forced Paco in up
// to 3 moves, on every core, without bounds and without a game history.
type SolveOptions struct {
	// MaxN is the largest number of attacking moves searched, the Paco included
	// (a Paco in 1 is the Paco itself); 0 or less means 3.
	MaxN int
	// Chasing restricts the attacker to chasing moves: every attacking move but
	// the Paco must leave the attacker threatening the defender's king
	// (Position.GivesSako) and the defender not threatening the attacker's. For
	// N = 2 this is the official engine's chasing Paco in 2
	// (Position.ChasingPacoIn2). It needs a settled position.
	Chasing bool
	// Limits bounds every move search and threat search of the solve: a
	// position whose search holds more than Limits.MaxStates states stops it
	// with a *SearchLimitError.
	Limits Limits
	// Workers is the number of goroutines that search the first moves; 0 or less
	// means runtime.GOMAXPROCS(0), more than 256 means 256, as in PerftOptions.
	// The solution does not depend on it.
	Workers int
	// Proofs makes Solve build the proof of every winning first move
	// (Solution.Proofs).
	Proofs bool
	// Game, if not nil, is the game whose current position is searched (the p
	// given to Solve must be its Position): its repetition rule then applies to
	// the lines searched, with the positions the game recorded since the last
	// progress, so that a line that repeats a position for the last time allowed
	// is drawn (a defence reaching it refutes; an attacking move reaching it does
	// not win). Without a game no line is drawn by repetition.
	Game *Game
	// Progress, if not nil, is told how far the search has come: when it starts
	// searching lines of n moves, when it starts building the proofs, and every
	// 1,024 positions searched in between. Calls are serialised; they run on the searching goroutines, so
	// Progress must return quickly.
	Progress func(SolveProgress)
}

// SolveProgress is how far a Solve has come (SolveOptions.Progress).
type SolveProgress struct {
	// N is the number of moves searched for: lines of up to N attacking moves,
	// the shorter ones having forced no Paco (while proving, the solution's N).
	N int
	// Nodes is the number of positions searched so far: positions whose moves
	// were generated.
	Nodes int64
	// Proving is true once the solution is found and its proofs are being built
	// (SolveOptions.Proofs).
	Proving bool
}

// solveProgressEvery is how many positions pass between two calls of
// SolveOptions.Progress (a power of two; a variable for the tests).
var solveProgressEvery int64 = 1024

// Solution is the answer of Solve.
type Solution struct {
	// N is the smallest n in 1..MaxN for which the attacker forces a Paco in n
	// moves (the Paco included); 0 when there is none within MaxN.
	N int
	// Moves are every first move of the attacker that forces the Paco in N moves,
	// in the order of Position.Moves; none when N is 0.
	Moves []Move
	// Proofs, with SolveOptions.Proofs, holds the proof of each of Moves:
	// Proofs[i] proves Moves[i]. Otherwise it is nil.
	Proofs []Proof
}

// Sound reports whether the solution makes a sound puzzle: exactly one first move
// forces the Paco in the smallest number of moves.
func (s Solution) Sound() bool { return len(s.Moves) == 1 }

// Proof is a proof tree that an attacking move forces a Paco: the move, and under
// it every move the defender has after it, each with the attacker's winning reply,
// down to the Paco. A reply is one that wins in the fewest moves, the first in the
// order of Position.Moves among those.
type Proof struct {
	Move Move   // the attacking move
	SAN  string // Move in chain SAN, in the position it is played in
	// Defences are every legal move of the defender after Move, in the order of
	// Position.Moves: none when Move is a Paco (or the defender cannot move).
	Defences []Defence
}

// Defence is one move of the defender in a Proof, with the attacker's winning
// reply to it.
type Defence struct {
	Move Move   // the defender's move
	SAN  string // Move in chain SAN, in the position it is played in
	// Reply is the attacker's winning reply and the rest of the proof; the zero
	// Proof when the defence itself ends the game with the attacker's victory
	// (under KingUnions, the defender's king entering a union).
	Reply Proof
}

// String writes the proof in chain SAN, one move a line ending in "\n": the
// attacking move, under it every defence indented two spaces, under each defence
// its winning reply indented two more, and so on down to the Paco ("#").
func (p Proof) String() string {
	var b strings.Builder
	p.write(&b, "")
	return b.String()
}

func (p Proof) write(b *strings.Builder, indent string) {
	b.WriteString(indent)
	b.WriteString(p.SAN)
	b.WriteByte('\n')
	for _, d := range p.Defences {
		b.WriteString(indent + "  ")
		b.WriteString(d.SAN)
		b.WriteByte('\n')
		d.Reply.write(b, indent+"    ")
	}
}

// Solve finds the smallest N ≤ opt.MaxN in which the side to move in p forces a
// Paco (docs/analysis.md §4), every first move that does, and with opt.Proofs a
// proof tree for each; a position mid-move is first completed (not in Chasing
// mode). Give the attacker the move to solve for it. A finished game has no
// solution (N = 0). Errors, with the zero Solution: ErrUnsearchable (the
// defender's king missing, a king in a union, Chasing mid-move, opt.Game not
// ending in p); a *SearchLimitError past opt.Limits.MaxStates; ctx.Err() (a nil
// ctx is never done). Its cost grows with both sides' moves over 2N−1 half-moves.
func Solve(ctx context.Context, p Position, opt SolveOptions) (Solution, error) {
	if err := ctxDone(ctx); err != nil {
		return Solution{}, err
	}
	sh, err := newSolveShared(p, opt)
	if err != nil || sh == nil {
		return Solution{}, err
	}
	sh.progress = opt.Progress
	return sh.solve(ctx, p, opt)
}

// solve is Solve once p and opt are checked; sh.nodes counts the positions whose
// moves it generated.
func (sh *solveShared) solve(ctx context.Context, p Position, opt SolveOptions) (Solution, error) {
	workers := parallel.Workers(opt.Workers)
	root := newSolveWorker(sh, newBounds(ctx, opt.Limits))
	defer func() {
		root.release()
		for _, w := range sh.pool {
			w.release()
		}
	}()
	sh.report(1, false)
	moves, ok := root.moves(&p)
	if !ok {
		return Solution{}, root.lim.err
	}
	sol := Solution{}
	for _, m := range moves {
		if m.IsPaco() {
			sol.Moves = append(sol.Moves, m)
		}
	}
	sol.N = 1
	if sh.deepened != nil {
		sh.deepened(1)
	}
	for n := 2; n <= sh.maxN && len(sol.Moves) == 0; n++ {
		sh.report(n, false)
		wins := make([]bool, len(moves))
		err := sh.parallel(ctx, root, workers, len(moves), func(w *solveWorker, i int) {
			wins[i] = w.wins(&p, moves[i], n)
		})
		if err != nil {
			return Solution{}, err
		}
		for i, m := range moves {
			if wins[i] {
				sol.Moves = append(sol.Moves, m)
			}
		}
		sol.N = n
		if sh.deepened != nil {
			sh.deepened(n)
		}
	}
	if len(sol.Moves) == 0 {
		return Solution{}, nil
	}
	if opt.Proofs {
		sh.report(sol.N, true)
		sans, err := p.sansWithin(moves, root.lim)
		if err != nil { // only root.lim's error: moves are p's own
			return Solution{}, err
		}
		sol.Proofs = make([]Proof, len(sol.Moves))
		err = sh.parallel(ctx, root, workers, len(sol.Moves), func(w *solveWorker, i int) {
			m := sol.Moves[i]
			sol.Proofs[i] = w.prove(&p, m, sans[slices.Index(moves, m)], sol.N)
		})
		if err != nil {
			return Solution{}, err
		}
	}
	return sol, nil
}

// solveShared is what the workers of one Solve share.
type solveShared struct {
	attacker Color
	chasing  bool
	maxN     int
	npLimit  int // the no-progress limit of the rules; 0: off
	repLimit int // the game's repetition limit; 0: no repetition draws
	history  []Position
	table    *solveTable
	nodes    atomic.Int64   // positions whose moves were generated
	deepened func(n int)    // if not nil, called when the search to n moves is complete (for measurements)
	pool     []*solveWorker // the workers of parallel, besides the root

	progress   func(SolveProgress) // SolveOptions.Progress
	progressMu sync.Mutex          // serialises progress
	stage      atomic.Int64        // the N searched for, negative while proving
}

// report records that the search is at n moves (proving: building the proofs)
// and tells Progress.
func (sh *solveShared) report(n int, proving bool) {
	if sh.progress == nil {
		return
	}
	if proving {
		n = -n
	}
	sh.stage.Store(int64(n))
	sh.tell()
}

// tell calls Progress with the stage and the positions searched.
func (sh *solveShared) tell() {
	sh.progressMu.Lock()
	defer sh.progressMu.Unlock()
	n := sh.stage.Load()
	sh.progress(SolveProgress{N: int(max(n, -n)), Nodes: sh.nodes.Load(), Proving: n < 0})
}

// newSolveShared checks p and opt; a nil result without an error means that there
// is nothing to search (the game is over).
func newSolveShared(p Position, opt SolveOptions) (*solveShared, error) {
	sh := &solveShared{attacker: p.turn, chasing: opt.Chasing, maxN: opt.MaxN, npLimit: p.rules.NoProgressLimit(), table: newSolveTable()}
	if sh.maxN <= 0 {
		sh.maxN = 3
	}
	if err := p.solvable(sh.attacker, opt.Chasing); err != nil {
		return nil, err
	}
	if g := opt.Game; g != nil {
		if g.cfg == nil || !sameState(&g.cur, &p) || g.cur.noProgress != p.noProgress || g.cur.res != p.res {
			return nil, fmt.Errorf("%w: %s is not the position of SolveOptions.Game", ErrUnsearchable, p.FEN())
		}
		if g.over() {
			return nil, nil
		}
		if sh.repLimit = g.cfg.repetitions; sh.repLimit > 0 {
			sh.history = g.window()
		}
	}
	return sh, nil
}

// solvable reports why p cannot be searched for a forced Paco of attacker, if it
// cannot: as searchable, but a move in progress is searched (except when chasing).
func (p *Position) solvable(attacker Color, chasing bool) error {
	if chasing {
		return p.searchable(attacker)
	}
	fail := func(why string) error { return fmt.Errorf("%w: %s in %s", ErrUnsearchable, why, p.FEN()) }
	switch {
	case p.board.kings[attacker.Other()] == 0:
		return fail(attacker.Other().String() + "'s king is missing")
	case p.board.kings[White]&p.board.unions() != 0 || p.board.kings[Black]&p.board.unions() != 0:
		return fail("a king stands in a union (the game is over there)")
	}
	return nil
}

// parallel calls f for i in 0..n-1 on up to workers goroutines, each with its own
// worker (root serves when one goroutine does; the others are kept in sh.pool from
// one call to the next, with their killers), and returns the first error of a
// bounded search; the others are then stopped.
func (sh *solveShared) parallel(ctx context.Context, root *solveWorker, workers, n int, f func(w *solveWorker, i int)) error {
	if workers <= 1 || n <= 1 {
		for i := 0; i < n && !root.failed(); i++ {
			f(root, i)
		}
		return root.lim.err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	stop := stopContext{Context: ctx, stop: new(atomic.Bool)}
	var (
		next     atomic.Int64
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	for g := range min(workers, n) {
		if g == len(sh.pool) {
			sh.pool = append(sh.pool, newSolveWorker(sh, nil))
		}
		w := sh.pool[g]
		w.lim = newBounds(stop, root.lim.limits())
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(w, i)
				if w.failed() {
					mu.Lock()
					if firstErr == nil {
						firstErr = w.lim.err
					}
					mu.Unlock()
					stop.stop.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	return firstErr
}

// stopContext is the context of the workers of a parallel solve: done when its
// parent is, or when a worker has failed and the others are to stop (Err is
// errStopped then; only the first error is reported).
type stopContext struct {
	context.Context
	stop *atomic.Bool
}

var errStopped = errors.New("pacosako: stopped: another worker failed")

func (c stopContext) Err() error {
	if c.stop.Load() {
		return errStopped
	}
	return c.Context.Err()
}

// limits returns the Limits b was made from.
func (b *bounds) limits() Limits { return Limits{MaxStates: b.maxStates} }

// solveWorker is the state of one goroutine of a Solve: its bounds, a searcher per
// level of recursion, the line searched for the repetition rule and a stack of
// candidate positions.
type solveWorker struct {
	*solveShared
	lim       *bounds
	searchers []*searcher
	depth     int
	cands     []solveCand
	// killers[d] is the action path of the last defence that refuted, or of the
	// last attacking move that won, at recursion depth d: it is tried first in the
	// next position searched at that depth.
	killers [][]Action
	budget  bounds // the bounds of guessPaco and guessSako
	// The repetition rule: the positions recorded in the game and along the line
	// searched (seg), the running sums of their hashes, and where the part since
	// the last progress starts; starts saves it for leave.
	seg    []Position
	sums   []uint64
	start  int
	starts []int
}

// solveCand is a position to search later, with the first action of the move
// that led to it (for the repetition rule) and its index among the results of
// the search that found it.
type solveCand struct {
	pos   Position
	first Action
	index int32
}

func newSolveWorker(sh *solveShared, lim *bounds) *solveWorker {
	w := &solveWorker{solveShared: sh, lim: lim, sums: []uint64{0}}
	for i := range sh.history {
		w.push(&sh.history[i])
	}
	return w
}

// release returns the worker's searchers to the free list.
func (w *solveWorker) release() {
	for _, s := range w.searchers {
		putSearcher(s)
	}
	w.searchers = nil
}

func (w *solveWorker) failed() bool { return w.lim.err != nil }

// searcher returns the searcher of the next level; done gives it back.
func (w *solveWorker) searcher() *searcher {
	if w.depth == len(w.searchers) {
		w.searchers = append(w.searchers, getSearcher())
	}
	s := w.searchers[w.depth]
	s.lim = w.lim
	w.depth++
	if w.nodes.Add(1)&(solveProgressEvery-1) == 0 && w.progress != nil {
		w.tell()
	}
	return s
}

func (w *solveWorker) done() { w.depth-- }

// moves returns every legal move of p with its actions, or false when the search
// was stopped.
func (w *solveWorker) moves(p *Position) ([]Move, bool) {
	s := w.searcher()
	defer w.done()
	s.search(p, nil)
	if w.failed() {
		return nil, false
	}
	return s.moves(p, nil, len(s.results)), true
}

// canPaco is CanPaco within the worker's bounds.
func (w *solveWorker) canPaco(p *Position) bool {
	paco, _ := w.pacoWithin(p, w.lim)
	return paco
}

// guessPaco is canPaco for a cut-off that may be skipped: with a small budget of
// states, known false when the search was too big to tell.
func (w *solveWorker) guessPaco(p *Position) (paco, known bool) {
	w.budget.err, w.budget.maxStates = nil, guessStates
	return w.pacoWithin(p, &w.budget)
}

// pacoWithin is canPaco with the threat searches bounded by lim, and whether lim
// let them finish.
func (w *solveWorker) pacoWithin(p *Position, lim *bounds) (paco, known bool) {
	if p.res.IsOver() || !p.IsSettled() {
		return false, true
	}
	if p.step == requirePromoteThenLift && p.promo1 != 0 {
		for _, r := range promotionRoles {
			q := *p
			q.promote(r)
			if paco, known := w.pacoWithin(&q, lim); paco || !known {
				return paco, known
			}
		}
		return false, true
	}
	king := p.board.kings[p.turn.Other()] &^ p.board.byColor[p.turn]
	q := *p
	return king != 0 && threatens(&q, king, lim), lim.err == nil
}

// givesSako is Position.GivesSako within the worker's bounds.
func (w *solveWorker) givesSako(p *Position, c Color) bool {
	sako, _ := w.sakoWithin(p, c, w.lim)
	return sako
}

// guessSako is givesSako for an ordering that may be skipped, as guessPaco.
func (w *solveWorker) guessSako(p *Position, c Color) (sako, known bool) {
	w.budget.err, w.budget.maxStates = nil, guessStates
	return w.sakoWithin(p, c, &w.budget)
}

// guessStates is the budget of the threat searches of guessPaco and guessSako:
// most take a few dozen states, but on boards full of unions one can take
// millions.
const guessStates = 512

func (w *solveWorker) sakoWithin(p *Position, c Color, lim *bounds) (sako, known bool) {
	if p.res.IsOver() {
		return false, true
	}
	q := *p
	if q.step.isPromotion() && q.promo1 != 0 {
		q.promote(Queen)
	}
	king := q.board.kings[c.Other()] &^ q.board.byColor[c]
	q.turn = c
	q.handOwn, q.handPart = NoRole, NoRole
	q.step = requireLift
	q.promo1 = 0
	return king != 0 && threatens(&q, king, lim), lim.err == nil
}

// threatens reports whether the side to move of q (its hand empty, at the start of
// its turn) threatens the square of target, as the threat search bounded by lim
// finds it; the compact model answers for the enemy king where it applies
// (kingThreatened), and the search is skipped when a lone piece reaches the
// square at once, and when no chain can (chainReaches).
func threatens(q *Position, target Bitboard, lim *bounds) bool {
	us := q.turn
	if target == q.board.kings[us.Other()]&^q.board.byColor[us] {
		if hit, ok := kingThreatened(q, us, lim); ok {
			return hit
		}
	}
	lone := q.board.byColor[us] &^ q.board.byColor[us.Other()] &^ q.board.kings[us]
	occ := q.board.occupied()
	for sq := range lone.All() {
		var reach Bitboard
		if r := q.board.roleAt(us, sq); r == Pawn {
			reach = pawnAttacks[us][sq]
		} else {
			reach = pieceAttacks(r, sq, occ&^sq.bit())
		}
		if reach&target != 0 {
			return true
		}
	}
	if q.ep1 == 0 && !chainReaches(q, target.First(), lone) {
		return false
	}
	return threats(q, [2]Bitboard{target, 0}, lim)&target != 0
}

// chainReaches reports whether a chain of the side to move of q (no en passant
// square) might end on the square k, as threatBound bounds it for one square: a
// chain lifts a lone piece (lone are those of the side to move) and then hovers
// only on union squares, which it leaves as unions, so the occupancy is that of
// the board without the lifted piece; from a union the released piece, whatever
// it is (a pawn may have been promoted), must reach k. Seen from k: a union must
// stand a knight's jump or a queen's line away (with every lone piece of the side
// to move taken off the board), or where a pawn of the side to move would attack
// k from.
func chainReaches(q *Position, k Square, lone Bitboard) bool {
	unions := q.board.unions()
	if unions == 0 {
		return false
	}
	o := q.board.occupied() &^ lone
	from := knightAttacks[k] | rookAttacks(k, o) | bishopAttacks(k, o) | pawnAttacks[q.turn.Other()][k]
	return from&unions != 0
}

// attackerWon reports whether the game ended in q with the attacker's victory
// (a Paco; under KingUnions also the defender's king entering a union).
func (w *solveWorker) attackerWon(q *Position) bool {
	o := q.res.Outcome()
	return o.Termination == Paco && o.Winner == w.attacker
}

// ---- the repetition rule along the line searched (as Game records and judges)

// push records q.
func (w *solveWorker) push(q *Position) {
	w.starts = append(w.starts, w.start)
	if q.noProgress == 0 {
		w.start = len(w.seg)
	}
	w.seg = append(w.seg, *q)
	w.sums = append(w.sums, w.sums[len(w.sums)-1]+q.Hash())
}

func (w *solveWorker) pop() {
	w.seg = w.seg[:len(w.seg)-1]
	w.sums = w.sums[:len(w.sums)-1]
	w.start = w.starts[len(w.starts)-1]
	w.starts = w.starts[:len(w.starts)-1]
}

// segHash identifies the positions the repetition rule counts now: 0 without the
// rule.
func (w *solveWorker) segHash() uint64 {
	if w.repLimit == 0 {
		return 0
	}
	return w.sums[len(w.seg)] - w.sums[w.start]
}

// enter plays the repetition rule for the move from before to the running position
// q whose first action is first, as a Game records it: the position after a
// start-of-turn promotion, then q unless it owes its opponent a promotion. It
// reports whether q is drawn by repetition and how many records leave must undo.
func (w *solveWorker) enter(before, q *Position, first Action) (drawn bool, records int) {
	if w.repLimit == 0 {
		return false, 0
	}
	if before.step == requirePromoteThenLift && first.Kind == PromoteKind {
		x := *before
		x.apply(first)
		w.push(&x)
		records++
	}
	if q.step == requirePromoteThenLift {
		return false, records
	}
	w.push(q)
	records++
	h, n := q.Hash(), 0
	for i := w.start; i < len(w.seg); i++ {
		if w.sums[i+1]-w.sums[i] == h && sameState(&w.seg[i], q) {
			n++
		}
	}
	return n >= w.repLimit, records
}

func (w *solveWorker) leave(records int) {
	for range records {
		w.pop()
	}
}

// killer returns the position the killer move of depth d leads to from p, if it
// is a legal move of p; not under SakoIllegal, where a move's legality depends on
// the others.
func (w *solveWorker) killer(p *Position, d int) (Position, Action, bool) {
	if d >= len(w.killers) || len(w.killers[d]) == 0 || p.rules.switches&SakoIllegal != 0 {
		return Position{}, Action{}, false
	}
	path := w.killers[d]
	q := *p
	for i, a := range path {
		if q.res.IsOver() || i > 0 && q.endsMoveFrom(p) || !w.legal(&q, a) {
			return Position{}, Action{}, false
		}
		q.apply(a)
	}
	return q, path[0], q.endsMoveFrom(p)
}

// legal reports whether a is among q.Actions(), looking only at the piece a
// lifts.
func (w *solveWorker) legal(q *Position, a Action) bool {
	if a.Kind != LiftKind || q.step != requireLift {
		return q.actionsWithin(w.lim).Contains(a)
	}
	if !a.Square.IsValid() || !q.board.byColor[q.turn].Has(a.Square) {
		return false
	}
	_, _, t := q.liftTargets(a.Square, q.board.occupied(), q.board.byColor[q.turn.Other()])
	return t != 0
}

// setKiller makes the move to result i of s the killer of depth d.
func (w *solveWorker) setKiller(s *searcher, i, d int) {
	for len(w.killers) <= d {
		w.killers = append(w.killers, nil)
	}
	n := s.pathLen(i)
	w.killers[d] = slices.Grow(w.killers[d][:0], n)[:n]
	s.writePath(w.killers[d], i)
}

// firstAction returns the first action of the path to result i.
func (s *searcher) firstAction(i int) Action {
	j := s.results[i].parent
	if j == 0 {
		return s.results[i].act
	}
	for s.nodes[j].parent > 0 {
		j = s.nodes[j].parent
	}
	return s.nodes[j].act
}

// first returns the first action of the move to result i when the repetition rule
// needs it.
func (w *solveWorker) first(s *searcher, before *Position, i int) Action {
	if w.repLimit == 0 || before.step != requirePromoteThenLift {
		return Action{}
	}
	return s.firstAction(i)
}

// ---- the search

// wins reports whether the attacking move m of p (to move) forces a Paco in n ≥ 2
// moves (m is not a Paco: those are found at n = 1).
func (w *solveWorker) wins(p *Position, m Move, n int) bool {
	var first Action
	if path := m.path(); len(path) > 0 {
		first = path[0]
	}
	a := m.After()
	return w.winsFrom(p, &a, first, n)
}

// winsFrom reports whether the attacker's move from p to a (first: its first
// action) forces a Paco in n ≥ 2 moves.
func (w *solveWorker) winsFrom(p, a *Position, first Action, n int) bool {
	if a.res.IsOver() {
		return w.attackerWon(a)
	}
	drawn, records := w.enter(p, a, first)
	defer w.leave(records)
	if drawn || !w.admits(a) {
		return false
	}
	return w.holds(a, n-1, false)
}

// admits reports whether the attacking move to the running position a can be part
// of a forced Paco of more than one move, by the cheap tests: in Chasing mode the
// attacker threatens the defender's king and the defender does not threaten the
// attacker's (the definition); else the defender cannot unite with the attacker's
// king at once, as far as a small threat search tells (a cut-off only: holds
// finds such a defence too).
func (w *solveWorker) admits(a *Position) bool {
	if w.chasing {
		return w.givesSako(a, w.attacker) && !w.givesSako(a, w.attacker.Other())
	}
	paco, known := w.guessPaco(a)
	return !paco || !known
}

// quiet reports whether the attacking move to a surely gives no Ŝako, so that it
// is tried after those that may.
func (w *solveWorker) quiet(a *Position) bool {
	sako, known := w.guessSako(a, w.attacker)
	return known && !sako
}

// win reports whether the attacker, to move in the running settled position p
// without a Paco in 1, forces a Paco within k moves. After a failed search
// (w.failed) the answer means nothing.
func (w *solveWorker) win(p *Position, k int) bool {
	if k <= 1 || w.failed() {
		return false
	}
	key := w.key(p)
	lo, hi := w.table.get(&key)
	if hi > 0 && int(hi) <= k {
		return true
	}
	if int(lo) >= k {
		return false
	}
	for j := max(2, int(lo)+1); j <= k; j++ {
		ok := w.winAt(p, j)
		if w.failed() {
			return false
		}
		w.table.put(&key, j, ok)
		if ok {
			return true
		}
	}
	return false
}

// winAt is win for exactly k ≥ 2 (win in fewer is known to fail): the killer
// move of the depth first, then the attacking moves that give Ŝako as they are
// found, then the others.
func (w *solveWorker) winAt(p *Position, k int) bool {
	d := w.depth
	if a, first, ok := w.killer(p, d); ok && w.winsFrom(p, &a, first, k) {
		return true
	}
	if w.failed() {
		return false
	}
	base := len(w.cands)
	defer func() { w.cands = w.cands[:base] }()
	found := false
	s := w.searcher()
	defer w.done()
	s.search(p, func(s *searcher, i int) bool {
		a := s.results[i].pos
		first := w.first(s, p, i)
		if a.res.IsOver() {
			found = w.attackerWon(&a)
		} else {
			drawn, records := w.enter(p, &a, first)
			// Outside Chasing mode, most attacking moves fall to the killer
			// defence: try it before the tests that order the moves.
			killed := !w.chasing && !drawn && w.killed(&a, k-1)
			switch {
			case drawn || killed || !w.admits(&a) || w.failed():
			case !w.chasing && w.quiet(&a):
				w.cands = append(w.cands, solveCand{a, first, int32(i)})
			default:
				found = w.holds(&a, k-1, !w.chasing)
			}
			w.leave(records)
		}
		if found {
			w.setKiller(s, i, d)
		}
		return !found && !w.failed()
	})
	for i := base; i < len(w.cands) && !found && !w.failed(); i++ {
		c := w.cands[i]
		drawn, records := w.enter(p, &c.pos, c.first)
		found = !drawn && w.holds(&c.pos, k-1, false)
		w.leave(records)
		if found {
			w.setKiller(s, int(c.index), d)
		}
	}
	return found && !w.failed()
}

// holds reports whether, in the running position a where the defender is to move,
// no defence refutes: every defence leaves the attacker a forced Paco within k ≥ 1
// moves. The killer defence of the depth is tried first, unless killerTried says
// that it was (killed).
func (w *solveWorker) holds(a *Position, k int, killerTried bool) bool {
	if w.failed() {
		return false
	}
	var key solveKey
	if k >= 2 {
		key = w.key(a)
		lo, hi := w.table.get(&key)
		if hi > 0 && int(hi) <= k {
			return true
		}
		if int(lo) >= k {
			return false
		}
	}
	result := func(ok bool) bool {
		if k >= 2 && !w.failed() {
			w.table.put(&key, k, ok)
		}
		return ok && !w.failed()
	}
	d := w.depth
	if !killerTried {
		if dp, first, ok := w.killer(a, d); ok && w.refutes(a, &dp, first, k) {
			return result(false)
		}
	}
	base := len(w.cands)
	defer func() { w.cands = w.cands[:base] }()
	refuted := false
	s := w.searcher()
	defer w.done()
	s.search(a, func(s *searcher, i int) bool {
		dp := s.results[i].pos
		first := w.first(s, a, i)
		if dp.res.IsOver() {
			refuted = !w.attackerWon(&dp)
		} else {
			drawn, records := w.enter(a, &dp, first)
			switch {
			case drawn:
				refuted = true
			case w.canPaco(&dp):
			case k == 1:
				refuted = true
			default:
				w.cands = append(w.cands, solveCand{dp, first, int32(i)})
			}
			w.leave(records)
		}
		if refuted {
			w.setKiller(s, i, d)
		}
		return !refuted && !w.failed()
	})
	// The defences that leave no Paco in 1: deepen over all of them at once, so
	// that one that refutes is found before the others are searched deeply.
	for j := 2; j <= k && !refuted && !w.failed(); j++ {
		kept := base
		for i := base; i < len(w.cands) && !refuted && !w.failed(); i++ {
			c := w.cands[i]
			drawn, records := w.enter(a, &c.pos, c.first)
			ok := !drawn && w.win(&c.pos, j)
			w.leave(records)
			switch {
			case ok:
			case j == k:
				refuted = true
				w.setKiller(s, int(c.index), d)
			default:
				w.cands[kept] = c
				kept++
			}
		}
		if !refuted {
			w.cands = w.cands[:kept]
		}
	}
	return result(!refuted)
}

// killed reports whether the killer defence of the depth refutes in a, where the
// defender is to move, or the table knows that some defence refutes within k.
func (w *solveWorker) killed(a *Position, k int) bool {
	if k >= 2 {
		key := w.key(a)
		if lo, _ := w.table.get(&key); int(lo) >= k {
			return true
		}
	}
	dp, first, ok := w.killer(a, w.depth)
	if !ok || !w.refutes(a, &dp, first, k) {
		return false
	}
	if k >= 2 && !w.failed() {
		key := w.key(a)
		w.table.put(&key, k, false)
	}
	return true
}

// refutes reports whether the defence from a to dp (first: its first action)
// refutes: it wins, draws, or leaves no forced Paco within k moves.
func (w *solveWorker) refutes(a, dp *Position, first Action, k int) bool {
	if dp.res.IsOver() {
		return !w.attackerWon(dp)
	}
	drawn, records := w.enter(a, dp, first)
	defer w.leave(records)
	return drawn || !w.canPaco(dp) && (k == 1 || !w.win(dp, k))
}

// ---- proofs

// prove builds the proof that the attacking move m of p, with chain SAN san, wins
// in n moves.
func (w *solveWorker) prove(p *Position, m Move, san string, n int) Proof {
	pr := Proof{Move: m, SAN: san}
	if m.IsPaco() || w.failed() {
		return pr
	}
	a := m.After()
	_, records := w.enter(p, &a, m.path()[0])
	defer w.leave(records)
	defences, ok := w.moves(&a)
	if !ok {
		return pr
	}
	sans, err := a.sansWithin(defences, w.lim)
	if err != nil {
		return pr
	}
	pr.Defences = make([]Defence, len(defences))
	for i, d := range defences {
		pr.Defences[i] = Defence{Move: d, SAN: sans[i]}
		dp := d.After()
		_, records := w.enter(&a, &dp, d.path()[0])
		replies, ok := w.moves(&dp)
		if ok {
			r, j := w.reply(&dp, replies, n-1)
			if r >= 0 {
				if san, err := dp.sanWithin(replies[r], w.lim); err == nil {
					pr.Defences[i].Reply = w.prove(&dp, replies[r], san, j)
				}
			}
		}
		w.leave(records)
		if w.failed() {
			break
		}
	}
	return pr
}

// reply returns the index among moves (those of p, the attacker to move) of the
// first move that wins in the fewest moves, at most k, and that number; -1 when
// none does (only after a failed search).
func (w *solveWorker) reply(p *Position, moves []Move, k int) (int, int) {
	for i, m := range moves {
		if m.IsPaco() {
			return i, 1
		}
	}
	for j := 2; j <= k; j++ {
		for i, m := range moves {
			if w.wins(p, m, j) {
				return i, j
			}
			if w.failed() {
				return -1, 0
			}
		}
	}
	return -1, 0
}

// ---- the table of results

// solveKey identifies a position for the table: its state, its no-progress
// counter when the limit is within reach of the search (else noCounter), and the
// positions the repetition rule counts (segHash).
type solveKey struct {
	hash    uint64
	pos     *Position
	counter uint16
	seg     uint64
}

// noCounter stands for the no-progress counter of a position from which the
// search cannot reach the limit: its results do not depend on it.
const noCounter = 0xFFFF

func (w *solveWorker) key(p *Position) solveKey {
	k := solveKey{pos: p, counter: noCounter, seg: w.segHash()}
	if w.npLimit > 0 && int(p.noProgress)+2*w.maxN >= w.npLimit {
		k.counter = p.noProgress
	}
	k.hash = p.Hash() ^ k.seg*0x9E3779B97F4A7C15 ^ uint64(k.counter)*0xC2B2AE3D27D4EB4F
	return k
}

// solveTable holds, for positions of one Solve, what is known of "the attacker
// wins within k moves" (attacker to move) or "no defence refutes within k"
// (defender to move): both are monotone in k, so an entry keeps the largest k
// known false and the smallest known true. It is shared by the workers, in
// shards with a lock each.
type solveTable struct {
	shards [solveShards]struct {
		sync.Mutex
		m map[uint64]solveEntry
	}
	n atomic.Int64
}

const (
	solveShards = 64
	// solveTableMax bounds the entries of the table (about 200 bytes each); when
	// it is full, results are no longer added.
	solveTableMax = 1 << 20
)

type solveEntry struct {
	pos     Position
	seg     uint64
	counter uint16
	lo, hi  int32 // known false for k ≤ lo; known true for k ≥ hi (0: not known)
}

func newSolveTable() *solveTable {
	t := &solveTable{}
	for i := range t.shards {
		t.shards[i].m = map[uint64]solveEntry{}
	}
	return t
}

func (e *solveEntry) is(k *solveKey) bool {
	return e.seg == k.seg && e.counter == k.counter && sameState(&e.pos, k.pos)
}

// get returns what is known of the position of k (0, 0: nothing).
func (t *solveTable) get(k *solveKey) (lo, hi int32) {
	sh := &t.shards[k.hash%solveShards]
	sh.Lock()
	e, ok := sh.m[k.hash]
	sh.Unlock()
	if !ok || !e.is(k) {
		return 0, 0
	}
	return e.lo, e.hi
}

// put records the result for the position of k and depth d.
func (t *solveTable) put(k *solveKey, d int, ok bool) {
	sh := &t.shards[k.hash%solveShards]
	sh.Lock()
	defer sh.Unlock()
	e, found := sh.m[k.hash]
	if !found || !e.is(k) {
		if !found && t.n.Load() >= solveTableMax {
			return
		}
		if !found {
			t.n.Add(1)
		}
		e = solveEntry{pos: *k.pos, seg: k.seg, counter: k.counter}
	}
	switch {
	case ok && (e.hi == 0 || int(e.hi) > d):
		e.hi = int32(d)
	case !ok && int(e.lo) < d:
		e.lo = int32(d)
	}
	sh.m[k.hash] = e
}
