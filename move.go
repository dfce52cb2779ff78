package pacosako

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako/internal/errtext"
)

// Move is one complete move (a chain): the actions from the turn's first action (a
// Lift, or the Promote owed at the start of the turn) until the turn passes or the
// game ends. Two moves are the same move iff they lead to the same position
// (docs/RULES.md §2); the actions of an enumerated move are one shortest path to it.
//
// Moves come from Position.Moves, AppendMoves and AllMoves, from the parsers
// (ParseSAN, …) and from a Game's played half-moves. A Move is a small value (16
// bytes): it refers to the position it is played from and to its actions, which
// it shares with the other moves of the same enumeration and which never change;
// After rebuilds the position it leads to.
type Move struct {
	list *moveList
	span uint64 // offset of the actions in list.paths << 32 | their number << 8 | moveFlags
}

// moveList holds the position some moves are played from and their actions. paths
// is written before any Move refers to the part it reads and never changes after,
// so moves can be read from any goroutine.
type moveList struct {
	root     *Position
	paths    []Action
	complete bool // paths holds every legal move of root (Moves, AppendMoves)
}

// rootedList is a moveList with the position it refers to, in one allocation.
type rootedList struct {
	root Position
	list moveList
}

// moveFlags are what a Move knows about itself without rebuilding its position.
type moveFlags uint8

const (
	movePaco      moveFlags = 1 << iota // the move unites with the enemy king
	moveCanonical                       // its actions are the shortest path root's enumeration gives
)

// maxMovePath is the longest action path a Move can hold (24 bits).
const maxMovePath = 1<<24 - 1

// newMove returns the move of l whose actions are l.paths[off : off+n].
func newMove(l *moveList, off, n int, f moveFlags) Move {
	return Move{list: l, span: uint64(off)<<32 | uint64(n)<<8 | uint64(f)}
}

// path returns the move's actions (shared: not to be modified).
func (m Move) path() []Action {
	if m.list == nil {
		return nil
	}
	off, n := int(m.span>>32), int(m.span>>8&maxMovePath)
	return m.list.paths[off : off+n : off+n]
}

func (m Move) flags() moveFlags { return moveFlags(m.span) }

// of reports whether m is a move enumerated from p (so its path is p's canonical
// one).
func (m Move) of(p *Position) bool {
	return m.list != nil && m.flags()&moveCanonical != 0 && *m.list.root == *p
}

// Actions returns a copy of the move's actions.
func (m Move) Actions() []Action { return append([]Action(nil), m.path()...) }

// Len returns the number of actions.
func (m Move) Len() int { return int(m.span >> 8 & maxMovePath) }

// After returns the position the move leads to, rebuilt by playing its actions
// from the position it was enumerated in (about as long as finding the move took;
// keep the result when it is needed more than once). The zero Move leads to the
// zero Position.
func (m Move) After() Position {
	var q Position
	m.afterInto(&q)
	return q
}

// afterInto is After written into *q: played in place, not built aside and
// copied out (a position is 144 bytes; MoveList.After, a search's play, calls
// it for every node).
func (m Move) afterInto(q *Position) {
	if m.list == nil {
		*q = Position{}
		return
	}
	*q = *m.list.root
	for _, a := range m.path() {
		q.apply(a)
	}
}

// From returns the square of the move's Lift: where the moved piece or union
// started (e2 of "e2e4", f3 of the chain "Bxe4,Ne4xc3,Qc3xc6"). A move that
// completes one already under way has no Lift and gives NoSquare, as does the zero
// Move.
func (m Move) From() Square {
	for _, a := range m.path() {
		if a.Kind == LiftKind {
			return a.Square
		}
	}
	return NoSquare
}

// To returns the square of the move's last Place: where its chain ended (c6 of
// "Bxe4,Ne4xc3,Qc3xc6"; for castling the king's place target, g1 or c1 in the
// standard start, the rook's square in Fischer random). A move without a Place (a
// promotion that completes a move under way) gives NoSquare, as does the zero Move.
func (m Move) To() Square {
	path := m.path()
	for i := len(path) - 1; i >= 0; i-- {
		if path[i].Kind == PlaceKind {
			return path[i].Square
		}
	}
	return NoSquare
}

// IsPaco reports whether the move unites with the enemy king and wins (catalogue §5).
func (m Move) IsPaco() bool { return m.flags()&movePaco != 0 }

// String writes the actions as the reference data does: "Lift(f3) Place(e4) Place(c3)".
func (m Move) String() string { return FormatActions(m.path()) }

// Moves returns every legal move of p, one per distinct resulting position, each
// with a shortest action path (catalogue §4.4), in a fixed order: by path length,
// then as the breadth-first search meets them. In the middle of a move they are
// the ways to complete it; a position whose game is over has none. It enumerates
// ("Cost" in the package doc): MovesContext is the bounded form.
func (p Position) Moves() []Move { return p.AppendMoves(nil) }

// AppendMoves appends the moves of p, as Moves returns them, to dst and returns the
// extended slice: with room in dst, the moves cost no allocation each (the actions
// of all of them share one array).
func (p Position) AppendMoves(dst []Move) []Move {
	s := getSearcher()
	defer putSearcher(s)
	if collects(&p) {
		return s.appendCollected(&p, dst)
	}
	q := p // the full search lets its root escape (Go 1.23): p stays on the stack
	s.search(&q, nil)
	return s.moves(&q, dst, len(s.results))
}

// AllMoves yields the legal moves of p in the order of Moves, lazily: the search
// stops when the loop stops. Each move is yielded as soon as it is found; it is
// final (no later, shorter path exists). Under SakoIllegal (Rulebook) a move that
// leaves the mover's king in Ŝako is yielded only at the end of the search, and only
// if no move avoids it (catalogue §6.3).
func (p Position) AllMoves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		p.eachMove(func(m Move, _ *Position) bool { return yield(m) })
	}
}

// eachMove is AllMoves for the package's own loops: f gets each move with the
// position it leads to, which is valid only during the call.
func (p *Position) eachMove(f func(m Move, after *Position) bool) { p.walkMoves(0, nil, f) }

// eachMoveFrom is eachMove for the moves whose first action lifts a piece from a
// square of from (not 0), bounded by lim, and without the SakoIllegal filter
// (legalResult judges its results). Each move comes with the shortest path among
// the moves from those squares, which is the path Moves gives it whenever
// soleOrigin says that no other square's moves reach its position. It searches the
// chains of those pieces only.
func (p *Position) eachMoveFrom(from Bitboard, lim *bounds, f func(m Move, after *Position) bool) {
	p.walkMoves(from, lim, f)
}

// eachMoveTo is eachMoveFrom for one square, when the move sought is known to
// lead to target by a path of at most maxDepth actions: the states from which
// no path that short can reach target are not expanded. It finds target by the
// same path as eachMoveFrom (so, when soleOrigin vouches, the one Moves gives)
// whenever a path of at most maxDepth actions leads there, provided every
// action changes at most one square of the board (no en passant, no castling:
// the caller's part), so that a state differing from target on k squares is at
// least k actions from it: every state on a shortest path to target passes, and
// so does every state the unpruned search would reach it through first.
func (p *Position) eachMoveTo(from Square, target *Position, maxDepth int, lim *bounds, f func(m Move, after *Position) bool) {
	p.walk(from.bit(), target, int32(maxDepth), lim, f)
}

// walkMoves is the lazy search behind eachMove (from 0: every move, the Ŝako
// filter applied) and eachMoveFrom.
func (p *Position) walkMoves(from Bitboard, lim *bounds, f func(m Move, after *Position) bool) {
	p.walk(from, nil, 0, lim, f)
}

// walk is walkMoves, and with a target eachMoveTo.
func (p *Position) walk(from Bitboard, target *Position, maxDepth int32, lim *bounds, f func(m Move, after *Position) bool) {
	s := getSearcher()
	defer putSearcher(s)
	s.lim = lim
	s.target, s.maxDepth = target, maxDepth
	if target != nil {
		s.targetHash = target.hash()
	}
	// The root, and the first moves' list and actions, in one allocation (one
	// piece's moves, as reading a move seeks, need little room).
	first := new(struct {
		root Position
		list moveList
		acts [16]Action
	})
	first.root = *p
	root := &first.root
	var l *moveList // actions in blocks that are never reallocated (see moveList)
	used := 0
	emit := func(s *searcher, i int) bool {
		n := s.pathLen(i)
		switch {
		case l == nil && (from != 0 || target != nil) && n <= len(first.acts):
			first.list = moveList{root: root, paths: first.acts[:]}
			l, used = &first.list, 0
		case l == nil || used+n > len(l.paths):
			// A loop over every move starts with room for a typical position's.
			size := 64
			if l != nil {
				size = min(2*len(l.paths), 4096)
			}
			l = &moveList{root: root, paths: make([]Action, max(size, n))}
			used = 0
		}
		s.writePath(l.paths[used:used+n], i)
		m := newMove(l, used, n, s.resultFlags(i))
		used += n
		return f(m, &s.results[i].pos)
	}
	if from == 0 {
		s.search(root, emit)
		return
	}
	s.onlyLifts = from
	s.run(root, emit)
}

// firstLift returns the square the path's first Lift lifts (after a promotion owed
// at the start of the turn), or false when the path has none (it completes a move
// under way).
func firstLift(path []Action) (Square, bool) {
	if len(path) > 0 && path[0].Kind == PromoteKind {
		path = path[1:]
	}
	if len(path) == 0 || path[0].Kind != LiftKind {
		return NoSquare, false
	}
	return path[0].Square, true
}

// soleOrigin reports whether every action path from p to the settled state r starts
// by lifting from, given that one does. The lift takes the mover's piece or union
// off from; if r differs there, no other path reaches r, because in a move nothing
// but that lift changes such a square: pieces are placed only on empty or enemy-held
// squares, and a takeover leaves a union a union. The exceptions are excluded: the
// square en passant swaps away, and the squares castling changes besides the
// king's (catalogue §7.3) when r could be a castling's result: a castling is a
// move of the lone king, which ends with it, so a position without the king on
// its target and the rook on its own is not one. A promotion owed at the start of
// the turn changes only the role of the union its pawn stands in, which a path
// that lifts that union empties.
func (p *Position) soleOrigin(from Square, r *Position) bool {
	if !p.IsSettled() || from >= 64 {
		return false
	}
	if p.ep1 != 0 && from == Square(int(p.ep1-1)-p.turn.forward()) {
		return false
	}
	// Castling swaps its rook's square with the rook's target. It also puts the king
	// on its target, but a lone king is in the hand only when a move lifts it, and
	// then the king's own square tells that move from any other. A castling reaches
	// only a position with the king on its target and the rook on its own.
	kingInUnion := p.board.Pieces(p.turn, King)&p.board.unions() != 0
	for side := QueenSide; side <= KingSide; side++ {
		i := castlingIndex(p.turn, side)
		if p.castling.opt[i] != 0 {
			c := p.castling.rule(i)
			castled := r.board.roleAt(p.turn, c.kingTo) == King && r.board.roleAt(p.turn, c.rookTo) == Rook
			if (from == c.rookFrom || from == c.rookTo) && (castled || kingInUnion) || kingInUnion && (from == c.kingTo || from == c.placeTarget) {
				return false
			}
		}
	}
	before := p.board.cell(from)
	return before.Role(p.turn) != NoRole && r.board.cell(from) != before
}

// movesTo returns, for each settled state results[k] that an action path from p
// reaches (origins[k]: the squares such paths lifted first, 0 for a move under
// way), the move of p's enumeration that leads there, with the path Moves gives
// it, or the zero Move when no legal move does (the Rulebook's Ŝako rule). The
// moves of a piece alone are searched when soleOrigin says only its paths reach a
// state (reading a move then costs the search of its piece's chains, never the
// whole position's); the others are looked up in the lazy search of every move,
// which stops once they are found. lim bounds the searches; its error is returned.
func (p *Position) movesTo(results []Position, origins []Bitboard, lim *bounds) ([]Move, error) {
	return p.movesToWithin(results, origins, nil, lim)
}

// movesToWithin is movesTo where maxDepths[k] (if maxDepths is not nil and it is
// not 0) is the length of a path known to lead to results[k] from its origin:
// the piece's search then expands only the states from which a path that short
// can reach it (eachMoveTo), unless en passant or castling could change two
// squares at once (chainChangesOneSquareAtATime).
func (p *Position) movesToWithin(results []Position, origins []Bitboard, maxDepths []int, lim *bounds) ([]Move, error) {
	matched := make([]Move, len(results))
	// The results each origin's search seeks (those soleOrigin vouches for), by
	// origin in order of first appearance; the others the search of every move
	// seeks.
	var general []int
	var byOrigin [][]int
	var order []Square
	for k := range results {
		o := origins[k].First()
		if origins[k].Count() != 1 || !p.soleOrigin(o, &results[k]) {
			general = append(general, k)
			continue
		}
		i := slices.Index(order, o)
		if i < 0 {
			i = len(order)
			order, byOrigin = append(order, o), append(byOrigin, nil)
		}
		byOrigin[i] = append(byOrigin[i], k)
	}
	match := func(want []int) func(m Move, after *Position) bool {
		left := len(want)
		return func(m Move, after *Position) bool {
			for _, k := range want {
				if matched[k].list == nil && after.Equal(results[k]) {
					matched[k] = m
					left--
					break
				}
			}
			return left > 0
		}
	}
	legal := p.legalResultWithin(lim)
	for i, o := range order {
		want := byOrigin[i]
		if k := want[0]; len(want) == 1 && maxDepths != nil && maxDepths[k] > 0 && p.chainChangesOneSquareAtATime(o) {
			p.eachMoveTo(o, &results[k], maxDepths[k], lim, match(want))
		} else {
			p.eachMoveFrom(o.bit(), lim, match(want))
		}
		if lim.failed() {
			return nil, lim.err
		}
		for _, k := range want {
			if matched[k].list != nil && !legal(&results[k]) {
				matched[k] = Move{} // SakoIllegal: another move avoids the Ŝako it leaves
			}
		}
		if lim.failed() {
			return nil, lim.err
		}
	}
	if len(general) > 0 {
		p.walkMoves(0, lim, match(general))
		if lim.failed() {
			return nil, lim.err
		}
	}
	return matched, nil
}

// chainChangesOneSquareAtATime reports whether every action of every move of p
// that lifts the piece on from changes at most one square of the board: none
// can take en passant (which changes the square taken from too) or castle
// (which moves the rook too) — no en passant square, and neither the king
// lifted nor a king in a union, from which a chain could release it onto a
// castling target (nor kings in chains at all: KingUnions).
func (p *Position) chainChangesOneSquareAtATime(from Square) bool {
	kings := p.board.kings[p.turn]
	return p.ep1 == 0 && !kings.Has(from) && kings&p.board.unions() == 0 && p.rules.switches&KingUnions == 0
}

// moves appends the Move values of the first n results of a search from root to
// dst: one array of actions shared by all of them.
func (s *searcher) moves(root *Position, dst []Move, n int) []Move {
	return s.movesInto(&rootedList{root: *root}, dst, n)
}

// movesInto is moves with the list rl, whose root is the search's, and whose
// actions' array is reused if it has room (reuseActions).
func (s *searcher) movesInto(rl *rootedList, dst []Move, n int) []Move {
	size := 0
	for i := 0; i < n; i++ {
		size += s.pathLen(i)
	}
	l := &rl.list
	*l = moveList{root: &rl.root, paths: reuseActions(l.paths, size), complete: true}
	dst = slices.Grow(dst, n)
	off := 0
	for i := 0; i < n; i++ {
		k := s.pathLen(i)
		s.writePath(l.paths[off:off+k], i)
		dst = append(dst, newMove(l, off, k, s.resultFlags(i)))
		off += k
	}
	return dst
}

// resultFlags returns the flags of the move to result i.
func (s *searcher) resultFlags(i int) moveFlags {
	f := moveCanonical
	if s.results[i].pos.res.pacoBy(s.nodes[0].pos.turn) {
		f |= movePaco
	}
	return f
}

// MoveCount returns the number of legal moves (perft depth 1) without building them.
func (p Position) MoveCount() int {
	s := getSearcher()
	defer putSearcher(s)
	return s.count(&p)
}

// Play plays a move and returns the resulting position; p is unchanged. The move's
// actions are checked one by one against the legal actions, so a move enumerated
// from another position is accepted only if it is legal here too. The error wraps
// ErrGameOver if the game has ended (naming its result), else it is a *MoveError
// wrapping ErrIllegalMove whose Reason says which action is not legal and what is.
func (p Position) Play(m Move) (Position, error) {
	if p.res.IsOver() {
		return p, p.gameOverError(m.String())
	}
	q, err := p.ApplyAll(m.path())
	if err != nil || len(m.path()) == 0 || !q.endsMoveFrom(&p) || !p.allows(&q) {
		return p, p.illegalMove(m)
	}
	return q, nil
}

// allows reports whether a move of p that ends in q is legal under the rules that
// judge a move by all of them (SakoIllegal); the action-level checks are done.
//
// Under SakoIllegal a move that wins or leaves the mover's king out of Ŝako is
// always legal; one that leaves it in Ŝako is legal only if every move does
// (sakoFilter), which the lazy search settles at the first move that does not, so
// that playing a move rarely needs all of them.
func (p *Position) allows(q *Position) bool {
	return p.legalResultWithin(nil)(q)
}

// sakoAcceptable reports whether a move of mover that ends in r passes SakoIllegal
// on its own: it wins at once, or the mover's king is not in Ŝako after it.
func sakoAcceptable(r *Position, mover Color) bool {
	return r.res.Outcome().Termination == Paco || !r.givesSakoWithin(mover.Other(), nil)
}

// endsMoveFrom reports whether q is a settled result of a move started in p: the
// turn has passed or the game has ended.
func (q *Position) endsMoveFrom(p *Position) bool {
	return q.turn != p.turn || q.res.IsOver()
}

// ApplyAll applies actions in order and returns the final position; p is unchanged.
// On the first action that is not legal it returns p and an *ActionError (wrapping
// ErrIllegalAction or ErrGameOver) whose Index says which action failed. Like Apply
// it checks actions only: the Rulebook's Ŝako rule (SakoIllegal), which judges a
// complete move against the others, is applied by Play and by Game.Apply.
func (p Position) ApplyAll(actions []Action) (Position, error) {
	q := p
	for i, a := range actions {
		if q.res.IsOver() || !q.actions().Contains(a) {
			return p, q.actionError(a, i, Outcome{})
		}
		q.apply(a)
	}
	return q, nil
}

// CompletableActions returns the actions legal now that lie on at least one complete
// legal move: Actions without the places that lead into dead ends (and without lifts
// of pieces whose every chain dead-ends; under SakoIllegal also without those that
// lead only to moves the Ŝako rule forbids). This is what a user interface should
// offer. Each action costs a lazy search that stops at its first complete move.
func (p Position) CompletableActions() ActionSet {
	set := p.actions()
	out := set
	out.squares, out.roles = 0, 0
	legal := p.legalResult()
	for a := range set.All() {
		q := p
		q.apply(a)
		ok := false
		if q.endsMoveFrom(&p) {
			ok = legal(&q)
		} else {
			free := q
			free.rules.switches &^= SakoIllegal // the rule judges moves of p, below
			free.eachMove(func(_ Move, after *Position) bool {
				r := *after
				r.rules = p.rules
				ok = legal(&r)
				return !ok
			})
		}
		switch {
		case !ok:
		case a.Kind == PromoteKind:
			out.roles |= 1 << a.Role
		default:
			out.squares |= a.Square.bit()
		}
	}
	return out
}

// legalResult returns a test of whether a settled result of one of p's action paths
// is a legal move of p: always, except under SakoIllegal (see allows), where the
// search for a move that avoids Ŝako is made at most once.
func (p *Position) legalResult() func(r *Position) bool { return p.legalResultWithin(nil) }

// legalResultWithin is legalResult with its searches bounded by lim (a search
// stopped by lim leaves the result legal; the caller reports lim's error).
func (p *Position) legalResultWithin(lim *bounds) func(r *Position) bool {
	if p.rules.switches&SakoIllegal == 0 {
		return func(*Position) bool { return true }
	}
	searched, avoidable := false, false
	return func(r *Position) bool {
		if r.res.Outcome().Termination == Paco || !r.givesSakoWithin(p.turn.Other(), lim) {
			return true // sakoAcceptable
		}
		if !searched {
			searched = true
			free := *p
			free.rules.switches &^= SakoIllegal
			free.walkMoves(0, lim, func(_ Move, after *Position) bool {
				avoidable = sakoAcceptable(after, p.turn)
				return !avoidable
			})
		}
		return !avoidable
	}
}

// MoveError reports a move, or well-formed text, that names no legal move of a
// position, or more than one: where (the position's FEN), what (Input: the text,
// or the move's actions) and why. Err is ErrIllegalMove, ErrAmbiguousMove, or
// ErrGameOver when the game has already ended; Candidates lists the legal moves an
// ambiguous text could mean, and the message names them in chain SAN.
//
// Its message reads "pacosako: illegal move "Lift(e2) Place(e5)" in <FEN>:
// Place(e5) is not legal after Lift(e2) (legal: Place(e3) Place(e4))", "pacosako:
// ambiguous move "Nd2" in <FEN>: 2 candidates: Nbd2, Nfd2" or "pacosako: game
// over: "e4" in <FEN>: the game has ended (White wins by Paco)", for logs;
// Message gives the same without the package prefix and the FEN, for a player.
type MoveError struct {
	Input      string
	FEN        string // the position the move was tried in
	Err        error
	Reason     string // why, for a player: "step 1: no Knight can go to d2", "2 candidates: Nbd2, Nfd2"
	Candidates []Move
	// CandidateSANs are the Candidates in chain SAN, in the same order, when the
	// error comes from reading a move (ParseSAN, ParseMove, ParseCoordinate,
	// game records); nil otherwise.
	CandidateSANs []string

	reasonNames bool // Reason already names the candidates
}

func (e *MoveError) Error() string { return e.head() + " in " + e.FEN + e.detailSuffix() }

// Message returns the error for a player, without the package prefix and the
// position: "ambiguous move "Nd2": 2 candidates: Nbd2, Nfd2", "illegal move
// "Qd4": step 1: no Queen can go to d4 (no Queen can move)", "game over: "e4":
// the game has ended (White wins by Paco)". The input is quoted as in Error.
func (e *MoveError) Message() string {
	return strings.TrimPrefix(e.head(), prefix) + e.detailSuffix()
}

// head is the package's prefix, the sentinel's text and the quoted input.
func (e *MoveError) head() string {
	msg := head(e.Err)
	if errors.Is(e.Err, ErrGameOver) {
		msg += ":"
	}
	if e.Input != "" {
		msg += " " + strconv.Quote(shorten(e.Input))
	}
	return msg
}

// detail is the error without the input and position: the sentinel's text, the
// reason and the candidates (used where those are already named).
func (e *MoveError) detail() string { return head(e.Err) + e.detailSuffix() }

func (e *MoveError) detailSuffix() string {
	msg := ""
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if len(e.Candidates) > 0 && !e.reasonNames {
		names := e.CandidateSANs
		if len(names) != len(e.Candidates) {
			names = make([]string, len(e.Candidates))
			for i, m := range e.Candidates {
				names[i] = m.String()
			}
		}
		msg += ": " + candidatesText(names)
	}
	return msg
}

// candidatesText names the candidates of an ambiguous move, at most eight.
func candidatesText(names []string) string { return errtext.Candidates(names) }

// Unwrap returns Err.
func (e *MoveError) Unwrap() error { return e.Err }

// gameOverError is the error for input (a move's actions or text) given after p's
// game has ended.
func (p *Position) gameOverError(input string) *MoveError {
	return &MoveError{Input: input, FEN: p.FEN(), Err: ErrGameOver, Reason: "the game has ended (" + p.res.Outcome().String() + ")"}
}

// wrongSide says, for an error message, that the piece on s belongs to the side
// not to move ("the piece on g1 is White's; Black is to move"): a stale client's
// move, or a player's slip; "" when s holds no piece of that side alone.
func (p *Position) wrongSide(s Square) string {
	them := p.turn.Other()
	if !s.IsValid() || !p.board.byColor[them].Has(s) || p.board.byColor[p.turn].Has(s) {
		return ""
	}
	return errtext.WrongSide(s.String(), them.String(), p.turn.String())
}

// otherSideToMove returns p, settled and owing nothing, with the other side to
// move, for telling a text meant for that side (wrongSide); false where p is in
// the middle of a move, or the other side would owe a promotion first.
func (p *Position) otherSideToMove() (Position, bool) {
	q := *p
	q.turn = q.turn.Other()
	q.ep1, q.koFrom1, q.koTo1 = 0, 0, 0 // they belong to the side that moved last
	lastRank := rank1BB << (8 * q.turn.promotionRank())
	return q, p.step == requireLift && p.handOwn == NoRole && !p.res.IsOver() && q.board.pawns[q.turn]&lastRank == 0
}

// illegalMove explains why m is not a legal move of p (p's game is running).
func (p *Position) illegalMove(m Move) *MoveError {
	e := &MoveError{Input: m.String(), FEN: p.FEN(), Err: ErrIllegalMove}
	if len(m.path()) == 0 {
		e.Reason = "the zero Move has no actions (moves come from Position.Moves, AllMoves or a parser such as ParseSAN)"
		return e
	}
	q := *p
	for i, a := range m.path() {
		switch {
		case q.res.IsOver():
			e.Reason = fmt.Sprintf("the game ends at %v (%v); %d more action(s) follow", m.path()[i-1], q.res.Outcome(), len(m.path())-i)
			return e
		case !q.actions().Contains(a):
			legal := q.actions()
			where := "first"
			if i > 0 {
				where = "after " + FormatActions(m.path()[:i])
			}
			if legal.IsEmpty() {
				e.Reason = fmt.Sprintf("%v is not legal %s: no action is (a dead end)", a, where)
			} else {
				e.Reason = fmt.Sprintf("%v is not legal %s (legal: %v)", a, where, legal)
			}
			return e
		case i > 0 && q.endsMoveFrom(p):
			e.Reason = fmt.Sprintf("the move is complete after %s; %d more action(s) follow", FormatActions(m.path()[:i]), len(m.path())-i)
			return e
		}
		q.apply(a)
	}
	if !q.endsMoveFrom(p) {
		e.Reason = fmt.Sprintf("the actions stop before the move is complete (next: %v)", q.actions())
		return e
	}
	e.Reason = "it leaves the own king in Ŝako, which these rules forbid while another move avoids it"
	return e
}
