package atomic

import (
	"context"
	"fmt"
	"strings"
	"sync"
	syncatomic "sync/atomic"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/parallel"
)

// Forced win in N, the Atomic counterpart of the root package's forced Paco in N
// (pacosako.Solve; docs/analysis.md §4 with Atomic's wins). For the attacker a, to
// move in P:
//
//	forced(P, 1)     ⟺ some move of a explodes the enemy king or checkmates;
//	forced(P, n ≥ 2) ⟺ forced(P, 1), or some move of a leads to a running
//	                   position A in which no move of the defender refutes.
//
// A defence refutes when it wins (it explodes the attacker's king, or mates it),
// ends the game in a draw (stalemate, insufficient material: Position.Outcome),
// or leads to a position D where forced(D, n−1) does not hold. A position's
// history is not consulted: the draws of a Game (repetition, no progress) do not
// refute. forced is monotone in n, so the smallest n is found by iterative
// deepening.

// SearchLimitError reports that Solve's table of positions grew past
// Limits.MaxStates. It wraps ErrSearchLimit.
type SearchLimitError struct {
	Limit int // the MaxStates that was exceeded
}

// Error says which limit was exceeded and what to do.
func (e *SearchLimitError) Error() string {
	return fmt.Sprintf("%v: the search held more than %d positions (Limits.MaxStates); raise the limit or refuse the position", head(ErrSearchLimit), e.Limit)
}

// Unwrap returns ErrSearchLimit.
func (e *SearchLimitError) Unwrap() error { return ErrSearchLimit }

// SolveOptions configures Solve, with the fields of the root package's
// pacosako.SolveOptions that Atomic chess has. The zero value searches for a
// forced win in up to 3 moves, on every core, without bounds.
type SolveOptions struct {
	// MaxN is the largest number of attacking moves searched, the winning move
	// included (a win in 1 is the explosion or the mate itself); 0 or less
	// means 3.
	MaxN int
	// Chasing restricts the attacker to checks: every attacking move but the
	// winning one must give check (the root's chasing moves give Ŝako).
	Chasing bool
	// Limits bounds the search: Limits.MaxStates is the most positions its table
	// may hold (a few hundred bytes each: docs/benchmarks.md), 0 or less for no
	// limit. A search that needs more stops with a *SearchLimitError.
	// Atomic's move generation itself needs no bound (at most a few hundred
	// moves a position).
	Limits pacosako.Limits
	// Workers is the number of goroutines that search the first moves; 0 or less
	// means runtime.GOMAXPROCS(0), more than 256 means 256. The solution does
	// not depend on it.
	Workers int
	// Proofs makes Solve build the proof of every winning first move
	// (Solution.Proofs).
	Proofs bool
	// Progress, if not nil, is told how far the search has come: when it starts
	// searching lines of n moves, when it starts building the proofs, and every
	// 4,096 positions searched in between. Calls are serialised; they run on
	// the searching goroutines, so Progress must return quickly.
	Progress func(SolveProgress)
}

// SolveProgress is how far a Solve has come (SolveOptions.Progress), as the root
// package's pacosako.SolveProgress says it.
type SolveProgress struct {
	// N is the number of moves searched for: lines of up to N attacking moves,
	// the shorter ones having forced no win (while proving, the solution's N).
	N int
	// Nodes is the number of positions searched so far: positions whose moves
	// were generated.
	Nodes int64
	// Proving is true once the solution is found and its proofs are being built.
	Proving bool
}

// Solution is the answer of Solve.
type Solution struct {
	// N is the smallest n in 1..MaxN for which the attacker forces a win in n
	// moves (the winning move included); 0 when there is none within MaxN.
	N int
	// Moves are every first move of the attacker that forces the win in N moves,
	// in the order of Position.Moves; none when N is 0.
	Moves []Move
	// Proofs, with SolveOptions.Proofs, holds the proof of each of Moves:
	// Proofs[i] proves Moves[i]. Otherwise it is nil.
	Proofs []Proof
}

// Sound reports whether the solution makes a sound puzzle: exactly one first move
// forces the win in the smallest number of moves.
func (s Solution) Sound() bool { return len(s.Moves) == 1 }

// Proof is a proof tree that an attacking move forces a win: the move, and under
// it every move the defender has after it, each with the attacker's winning
// reply, down to the explosion or the mate. A reply is one that wins in the
// fewest moves, the first in the order of Position.Moves among those.
type Proof struct {
	Move Move   // the attacking move
	SAN  string // Move in SAN, in the position it is played in
	// Defences are every legal move of the defender after Move, in the order of
	// Position.Moves: none when Move wins (the enemy king exploded or mated).
	Defences []Defence
}

// Defence is one move of the defender in a Proof, with the attacker's winning
// reply to it.
type Defence struct {
	Move  Move   // the defender's move
	SAN   string // Move in SAN, in the position it is played in
	Reply Proof  // the attacker's winning reply and the rest of the proof
}

// String writes the proof in SAN, one move a line ending in "\n": the attacking
// move, under it every defence indented two spaces, under each defence its
// winning reply indented two more, and so on down to the win ("#"), as the root
// package's Proof.String writes chain SAN.
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
// win — the enemy king exploded or mated — every first move that does, and with
// opt.Proofs a proof tree for each: pacosako.Solve for Atomic chess. A finished
// game (Position.Outcome) has no solution (N = 0). Errors, with the zero
// Solution: a *SearchLimitError when its table grows past opt.Limits.MaxStates;
// ctx.Err() (a nil ctx is never done).
func Solve(ctx context.Context, p Position, opt SolveOptions) (Solution, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return Solution{}, err
	}
	if p.IsOver() {
		return Solution{}, nil
	}
	s := &solver{chasing: opt.Chasing, maxN: opt.MaxN, limit: max(opt.Limits.MaxStates, 0), progress: opt.Progress, ctx: ctx}
	if s.maxN <= 0 {
		s.maxN = 3
	}
	for i := range s.shards {
		s.shards[i].m = map[solveKey]solveEntry{}
	}
	defer context.AfterFunc(ctx, func() { s.stop.Store(true) })()
	moves := p.Moves()
	workers := parallel.Workers(opt.Workers)
	sol := Solution{}
	for n := 1; n <= s.maxN && len(sol.Moves) == 0; n++ {
		s.report(n, false)
		wins := make([]bool, len(moves))
		if err := s.each(len(moves), workers, func(w *solveWorker, i int) { wins[i] = w.wins(&p, moves[i], n) }); err != nil {
			return Solution{}, err
		}
		for i, m := range moves {
			if wins[i] {
				sol.Moves = append(sol.Moves, m)
			}
		}
		sol.N = n
	}
	if len(sol.Moves) == 0 {
		return Solution{}, nil
	}
	if opt.Proofs {
		s.report(sol.N, true)
		sol.Proofs = make([]Proof, len(sol.Moves))
		if err := s.each(len(sol.Moves), workers, func(w *solveWorker, i int) { sol.Proofs[i] = w.prove(&p, sol.Moves[i], sol.N) }); err != nil {
			return Solution{}, err
		}
	}
	return sol, nil
}

// solver is what the goroutines of one Solve share.
type solver struct {
	chasing bool
	maxN    int
	limit   int // the most table entries; 0: no limit
	ctx     context.Context

	shards  [64]solveShard
	entries syncatomic.Int64 // table entries
	nodes   syncatomic.Int64 // positions whose moves were generated

	stop    syncatomic.Bool // the search must end: ctx is done or the limit was hit
	errOnce sync.Once
	err     error

	progress   func(SolveProgress)
	progressMu sync.Mutex
	stage      syncatomic.Int64 // the N searched for, negative while proving
}

// each runs f on tasks 0..n-1 on workers goroutines, each with its own worker,
// and returns why the search stopped, if it did.
func (s *solver) each(n, workers int, f func(w *solveWorker, i int)) error {
	_, err := parallel.Sum(n, workers, func() func(int) (uint64, error) {
		w := s.newWorker()
		return func(i int) (uint64, error) {
			f(w, i)
			return 0, s.failure()
		}
	}, nil)
	if err == nil {
		err = s.failure()
	}
	return err
}

// solveProgressEvery is how many positions pass between two calls of
// SolveOptions.Progress (a power of two).
const solveProgressEvery = 4096

// fail records why the search stops (the first reason counts).
func (s *solver) fail(err error) {
	s.errOnce.Do(func() { s.err = err })
	s.stop.Store(true)
}

// failure returns why the search stopped, or nil while it runs.
func (s *solver) failure() error {
	if !s.stop.Load() {
		return nil
	}
	s.errOnce.Do(func() { s.err = s.ctx.Err() })
	if s.err == nil { // stopped by the context, recorded before it said why
		return context.Canceled
	}
	return s.err
}

// report records that the search is at n moves (proving: building the proofs)
// and tells Progress.
func (s *solver) report(n int, proving bool) {
	if s.progress == nil {
		return
	}
	if proving {
		n = -n
	}
	s.stage.Store(int64(n))
	s.tell()
}

func (s *solver) tell() {
	s.progressMu.Lock()
	defer s.progressMu.Unlock()
	n := s.stage.Load()
	s.progress(SolveProgress{N: int(max(n, -n)), Nodes: s.nodes.Load(), Proving: n < 0})
}

// solveKey is what Equal compares of a position: Equal positions have equal keys.
type solveKey struct {
	pieces   [6]uint64
	colors   [2]uint64
	castling uint64
	ep, turn uint8
}

func keyOf(p *Position) solveKey {
	return solveKey{pieces: p.pieces, colors: p.colors, castling: p.castlingRights(), ep: p.legalEnPassant(), turn: p.turn}
}

// solveEntry is what the search knows of a position for its side to move: a win
// is forced in won moves (0: not known), none in up to lost moves.
type solveEntry struct{ won, lost int32 }

type solveShard struct {
	mu sync.Mutex
	m  map[solveKey]solveEntry
}

func (s *solver) shard(k *solveKey) *solveShard {
	h := (k.colors[0]*0x9E3779B97F4A7C15 ^ k.colors[1]*0xC2B2AE3D27D4EB4F ^ k.pieces[pawn]) >> 58
	return &s.shards[h]
}

// known returns the entry of k.
func (s *solver) known(k *solveKey) solveEntry {
	sh := s.shard(k)
	sh.mu.Lock()
	e := sh.m[*k]
	sh.mu.Unlock()
	return e
}

// learn records that a win is (or is not) forced from k in n moves.
func (s *solver) learn(k *solveKey, n int, won bool) {
	sh := s.shard(k)
	sh.mu.Lock()
	e, ok := sh.m[*k]
	switch {
	case won && (e.won == 0 || int(e.won) > n):
		e.won = int32(n)
	case !won && int(e.lost) < n:
		e.lost = int32(n)
	}
	sh.m[*k] = e
	sh.mu.Unlock()
	if !ok && s.entries.Add(1) > int64(s.limit) && s.limit > 0 {
		s.fail(&SearchLimitError{Limit: s.limit})
	}
}

// solveWorker is one goroutine's state: the defence that refuted last at each
// depth, tried first.
type solveWorker struct {
	s      *solver
	killer []Move // by the number of moves left
}

func (s *solver) newWorker() *solveWorker { return &solveWorker{s: s, killer: make([]Move, s.maxN+1)} }

// visit counts a position whose moves are generated, telling Progress every
// solveProgressEvery positions; it reports whether the search goes on.
func (w *solveWorker) visit() bool {
	n := w.s.nodes.Add(1)
	if n%solveProgressEvery == 0 && w.s.progress != nil {
		w.s.tell()
	}
	return !w.s.stop.Load()
}

// winsAtOnce reports whether m, a legal move of p, wins: its blast reaches the
// enemy king, or it checkmates.
func winsAtOnce(p *Position, m Move) bool {
	if m.blast&p.pieces[king]&p.colors[p.turn^1] != 0 {
		return true
	}
	q := p.play(m)
	var g gen
	return g.init(&q) && g.checked && !q.hasMoves()
}

// wins reports whether m, a legal move of p, forces a win in n moves.
func (w *solveWorker) wins(p *Position, m Move, n int) bool {
	if winsAtOnce(p, m) {
		return true
	}
	if n < 2 {
		return false
	}
	a := p.play(m)
	return w.holds(&a, n)
}

// forced reports whether the side to move in p forces a win in n moves.
func (w *solveWorker) forced(p *Position, n int) bool {
	if p.IsInsufficientMaterial() {
		return false // drawn at once
	}
	k := keyOf(p)
	if e := w.s.known(&k); e.won != 0 && int(e.won) <= n {
		return true
	} else if int(e.lost) >= n {
		return false
	}
	if !w.visit() {
		return false
	}
	var buf [maxMoves]Move
	moves := p.appendMoves(buf[:0])
	for _, m := range moves {
		if winsAtOnce(p, m) {
			w.s.learn(&k, 1, true)
			return true
		}
	}
	if n >= 2 {
		for _, m := range moves {
			a := p.play(m)
			if w.holds(&a, n) {
				if !w.s.stop.Load() {
					w.s.learn(&k, n, true)
				}
				return true
			}
		}
	}
	if !w.s.stop.Load() {
		w.s.learn(&k, n, false)
	}
	return false
}

// holds reports whether no defence refutes in a, the position after an
// attacking move that did not win at once: after every move of the defender
// (to move in a) the attacker forces a win in n−1 moves.
func (w *solveWorker) holds(a *Position, n int) bool {
	var g gen
	if !g.init(a) || w.s.chasing && !g.checked || a.IsInsufficientMaterial() {
		return false
	}
	if !w.visit() {
		return false
	}
	var buf [maxMoves]Move
	defences := a.appendMoves(buf[:0])
	if len(defences) == 0 {
		return false // stalemate (a mate won at once)
	}
	if k := w.killer[n]; !k.IsZero() {
		for i, d := range defences {
			if d == k {
				defences[0], defences[i] = defences[i], defences[0]
				break
			}
		}
	}
	for _, d := range defences {
		dp := a.play(d)
		if w.refutes(&dp, n-1) {
			w.killer[n] = d
			return false
		}
	}
	return !w.s.stop.Load()
}

// refutes reports whether the defence that led to d (the attacker to move)
// refutes: it exploded the attacker's king, or the attacker is mated,
// stalemated or drawn by insufficient material, or it forces no win in k moves.
func (w *solveWorker) refutes(d *Position, k int) bool {
	if d.pieces[king]&d.colors[d.turn] == 0 {
		return true
	}
	return !w.forced(d, k) // no move: mated or stalemated, forced says false
}

// prove builds the proof that m, a legal move of p, forces a win in n moves.
func (w *solveWorker) prove(p *Position, m Move, n int) Proof {
	pr := Proof{Move: m, SAN: p.sanOf(m)}
	if winsAtOnce(p, m) || w.s.stop.Load() {
		return pr
	}
	a := p.play(m)
	for _, d := range a.Moves() {
		dp := a.play(d)
		pr.Defences = append(pr.Defences, Defence{Move: d, SAN: a.sanOf(d), Reply: w.reply(&dp, n-1)})
	}
	return pr
}

// reply returns the proof of the attacker's reply in p that wins in the fewest
// moves (at most n), the first in the order of Moves among those.
func (w *solveWorker) reply(p *Position, n int) Proof {
	moves := p.Moves()
	for k := 1; k <= n; k++ {
		for _, m := range moves {
			if w.wins(p, m, k) {
				return w.prove(p, m, k)
			}
		}
	}
	return Proof{} // not reached unless the search was stopped
}

// sanOf is the SAN of m, a legal move of p.
func (p *Position) sanOf(m Move) string {
	var buf [maxMoves]Move
	return string(p.appendSAN(nil, m, p.appendMoves(buf[:0])))
}
