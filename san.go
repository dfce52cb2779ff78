package pacosako

import (
	"context"
	"errors"
	"math/bits"
	"slices"
	"strings"

	"github.com/pacosako-go/pacosako/internal/errtext"
	"github.com/pacosako-go/pacosako/internal/fenfield"
	"github.com/pacosako-go/pacosako/internal/sansyntax"
)

// Chain SAN (docs/RULES.md §5; described for users under Position.ParseSAN, grammar in
// docs/notation.ebnf): the text structure san, its reader, its writer
// (Position.SAN, SANs) and the reading against a position (Position.ParseSAN).
//
// Disambiguation of a first step follows standard SAN: the origin's file first, then
// its rank, then both; a pawn stepping diagonally always shows its file.

// san is a move in chain SAN as text structure, independent of any position:
// parseSAN reads one, String writes it, move finds the move it names in a
// position, and Position.SAN writes a legal move.
type san struct {
	// Promotions are the promotions owed when the move starts ("=N,…"), one per
	// owed pawn in the order of their squares ("=N,=Q,…"); nil if none is written.
	Promotions []Role
	Steps      []sanStep // the first step, then one per continuation
	Suffix     byte      // '#', '+' or 0
	// InHand is set by Position.SAN for a move that completes one already under way
	// (the position has a piece in the hand): every step is then written as a
	// continuation, naming its piece and origin. ParseSAN leaves it false; reading
	// does not need it.
	InHand bool
	// otherSide is set where the text is read for the other side, to tell a player
	// that it names that side's move (otherSideReading), which ends there.
	otherSide bool
}

// sanStep is one step of a chain SAN move: a piece going from a square to a square.
type sanStep struct {
	Castle    bool         // "O-O" / "O-O-O"; only Side is meaningful then
	Side      CastlingSide // the castling side when Castle
	Piece     Role         // the moving piece; NoRole if not written (a continuation read leniently)
	FromFile  int          // origin file 0..7 as written, or -1
	FromRank  int          // origin rank 0..7 as written, or -1
	Capture   bool         // "x": the step lands on an occupied square
	To        Square       // target square
	Promotion Role         // "=Q" after the step, else NoRole
}

// String writes the move in chain SAN. A san from Position.SAN is canonical.
func (s san) String() string {
	var b []byte
	for i, r := range s.Promotions {
		b = append(b, '=', r.Letter())
		if i+1 < len(s.Promotions) || len(s.Steps) > 0 {
			b = append(b, ',')
		}
	}
	for i, st := range s.Steps {
		if i > 0 {
			b = append(b, ',')
		}
		b = st.appendTo(b, i == 0 && !s.InHand)
	}
	if s.Suffix != 0 {
		b = append(b, s.Suffix)
	}
	return string(b)
}

// appendTo appends the step's text to b: as a first step (standard SAN: no pawn
// letter, origin only as far as written) or as a continuation.
func (st sanStep) appendTo(b []byte, first bool) []byte {
	if st.Castle {
		if st.Side == KingSide {
			return append(b, "O-O"...)
		}
		return append(b, "O-O-O"...)
	}
	if st.Piece != NoRole && (st.Piece != Pawn || !first) {
		b = append(b, st.Piece.Letter())
	}
	if st.FromFile >= 0 && st.FromFile < 8 {
		b = append(b, 'a'+byte(st.FromFile))
	}
	if st.FromRank >= 0 && st.FromRank < 8 {
		b = append(b, '1'+byte(st.FromRank))
	}
	switch {
	case st.Capture:
		b = append(b, 'x')
	case !first && st.FromFile >= 0 && st.FromRank >= 0:
		b = append(b, '-')
	}
	if st.To.IsValid() {
		b = append(b, 'a'+byte(st.To.File()), '1'+byte(st.To.Rank()))
	} else {
		b = append(b, st.To.String()...)
	}
	if st.Promotion != NoRole {
		b = append(b, '=', st.Promotion.Letter())
	}
	return b
}

// parseSAN reads a move in chain SAN without looking at any position (grammar in
// docs/notation.ebnf). The error is a *NotationError (wrapping ErrInvalidNotation)
// with the byte offset of the problem, and then the zero san.
func parseSAN(text string) (san, error) { return parseSANInto(text, nil) }

// parseSANInto is parseSAN with the steps appended to steps[:0] (a buffer the
// caller may keep on its stack).
func parseSANInto(text string, steps []sanStep) (san, error) {
	r := sanReader{s: text}
	s, err := r.move(steps[:0])
	if err != nil {
		return san{}, err // never a partly read move
	}
	return s, nil
}

type sanReader struct {
	s   string
	pos int
}

func (r *sanReader) fail(reason string) error {
	return &NotationError{Notation: "SAN", Input: r.s, Offset: r.pos, Reason: reason}
}

func (r *sanReader) peek() byte {
	if r.pos < len(r.s) {
		return r.s[r.pos]
	}
	return 0
}

func (r *sanReader) spaces() { r.pos = sansyntax.Spaces(r.s, r.pos) }

func (r *sanReader) move(steps []sanStep) (san, error) {
	s := san{Steps: steps}
	r.spaces()
	for r.peek() == '=' {
		r.pos++
		role := promotionRole(r.peek())
		if role == NoRole {
			return s, r.fail("a leading promotion is = followed by N, B, R or Q")
		}
		r.pos++
		s.Promotions = append(s.Promotions, role)
		if r.suffix(&s) {
			return s, nil // a promotion alone completes a move already under way
		}
		if err := r.badEnd(); err != nil {
			return s, err
		}
		if !r.separator() {
			return s, r.fail("want a separator (',' or space) after the promotion")
		}
		if r.pos >= len(r.s) {
			return s, r.fail("a separator must be followed by a step")
		}
	}
	for {
		st, err := r.step(len(s.Steps) == 0)
		if err != nil {
			return s, err
		}
		s.Steps = append(s.Steps, st)
		if r.pos >= len(r.s) || r.suffix(&s) {
			break
		}
		if err := r.badEnd(); err != nil {
			return s, err
		}
		if !r.separator() {
			return s, r.fail("want ',' or a space between steps")
		}
		if r.pos >= len(r.s) {
			return s, r.fail("a separator must be followed by a step")
		}
	}
	r.spaces()
	if r.pos < len(r.s) {
		return s, r.fail("unexpected text after the move")
	}
	return s, nil
}

// separator reads ",", ", " or spaces; it reports whether there was one.
func (r *sanReader) separator() bool {
	start := r.pos
	r.spaces()
	if r.peek() == ',' {
		r.pos++
		r.spaces()
	}
	return r.pos > start
}

// suffix reads the end of the text if that is all that is left: a "+" or "#",
// then a move suffix ("!", "?", "!!", "??", "!?", "?!", which says nothing about
// the move's identity and is ignored), each possibly after spaces
// (sansyntax.ReadEnd).
func (r *sanReader) suffix(s *san) bool {
	mark, _, ok := sansyntax.ReadEnd(r.s, r.pos)
	if ok {
		r.pos = len(r.s)
		s.Suffix = mark
	}
	return ok
}

// badEnd reports text that starts like the end of a move ("+", "#", "!", "?")
// but has more after it ("e4++", "e4+!!!"), at the first byte too many.
func (r *sanReader) badEnd() error {
	if _, stop, _ := sansyntax.ReadEnd(r.s, r.pos); stop > sansyntax.Spaces(r.s, r.pos) {
		r.pos = stop
		return r.fail(fenfield.QuoteByte(r.s[stop]) + " " + sansyntax.EndReason)
	}
	return nil
}

// promotionRole is the role a promotion letter names (N, B, R, Q in either
// case), or NoRole.
func promotionRole(c byte) Role { return roleFromLetter(sansyntax.PromotionLetter(c)) }

// step reads one step: a castle, or [piece] [file][rank] [x|-] square [=promotion]
// (sansyntax.ReadStep). A first step without a piece letter is a pawn's.
func (r *sanReader) step(first bool) (sanStep, error) {
	st, end, reason := sansyntax.ReadStep(r.s, r.pos, "too many coordinates for SAN (f3e4c3c6 is coordinate notation)")
	r.pos = end
	if reason != "" {
		return sanStep{}, r.fail(reason)
	}
	out := sanStep{FromFile: st.FromFile, FromRank: st.FromRank, To: NoSquare}
	if st.Castle != 0 {
		out.Castle, out.Side = true, KingSide
		if st.Castle == sansyntax.QueenSide {
			out.Side = QueenSide
		}
		return out, nil
	}
	switch {
	case st.Piece != 0:
		out.Piece = roleFromLetter(st.Piece)
	case first:
		out.Piece = Pawn
	}
	out.Capture, out.To = st.Capture, Square(st.To)
	if st.Promotion != 0 {
		out.Promotion = promotionRole(st.Promotion)
	}
	return out, nil
}

// ---- writing

// SAN returns m, a legal move of p, in canonical chain SAN ("Bxe4,Ne4xc3,Qc3xc6";
// the notation is described under ParseSAN). The error is a *MoveError wrapping
// ErrIllegalMove if m is not a legal move of p (it leads to no position a move of
// p leads to), or ErrGameOver if p's game has ended.
//
// Cost: a move enumerated from p (Moves, AllMoves, ParseSAN, a game's half-move
// played from one) is written from its own path; another (a move of another
// position, or actions played one by one) is first found among the moves of the
// piece its path lifts, for a move of p only through states from which its own
// path's length still suffices. The other legal moves are consulted only when
// another piece of the same kind could make the same first step: those pieces'
// moves, searched until one starts with that step, or the list the move came
// from if it holds them all (Moves). Only in rare positions (a chain that ends
// where it started, en passant, a castling rook when the position could be
// castling's) is a move looked up among all moves. SANContext bounds the
// searches.
func (p Position) SAN(m Move) (string, error) { return p.sanWithin(m, nil) }

// SANContext is SAN, bounded like MovesContext: it returns ctx.Err() if ctx is
// done when it is called or while it searches, and a *SearchLimitError when a
// search holds more than lim.MaxStates states. A nil ctx is never done.
func (p Position) SANContext(ctx context.Context, m Move, lim Limits) (string, error) {
	if err := ctxDone(ctx); err != nil {
		return "", err
	}
	return p.sanWithin(m, newBounds(ctx, lim))
}

func (p *Position) sanWithin(m Move, lim *bounds) (string, error) {
	b, err := p.appendSANWithin(nil, m, lim)
	return string(b), err
}

// appendSANWithin appends the SAN of m, a legal move of p, to dst (sanWithin).
func (p *Position) appendSANWithin(dst []byte, m Move, lim *bounds) ([]byte, error) {
	canon, err := p.canonical(m, lim)
	if err != nil {
		return dst, err
	}
	if canon.list == nil {
		if p.res.IsOver() {
			return dst, p.gameOverError(m.String()) // as Play and the readers say it
		}
		return dst, &MoveError{Input: m.String(), FEN: p.FEN(), Err: ErrIllegalMove, Reason: "not a legal move of this position"}
	}
	f := firstOf(p, canon.path())
	var others Bitboard
	if cands := p.sameStepPieces(f); cands != 0 { // another legal move may start with the same step
		if l := canon.list; l.complete && *l.root == *p {
			others = p.origins(l, f.key()) &^ f.from.bit()
		} else if others, err = p.rivals(f, cands, lim); err != nil {
			return dst, err
		}
	}
	dst = p.appendSAN(dst, canon.path(), f, others, lim)
	if lim.failed() {
		return dst, lim.err // the Ŝako test of the suffix was stopped
	}
	return dst, nil
}

// canonical returns the move of p's enumeration that is the same move as m (leads
// to the same position), with p's shortest path, or the zero Move if there is
// none; only lim's error is returned.
func (p *Position) canonical(m Move, lim *bounds) (Move, error) {
	if m.list == nil {
		return Move{}, nil
	}
	if m.of(p) {
		return m, nil
	}
	var origin Bitboard
	if *m.list.root == *p {
		if o, ok := firstLift(m.path()); ok {
			origin = o.bit()
		}
	} else if o, ok := firstLift(m.path()); ok && p.IsSettled() && p.liftable().Has(o) {
		origin = o.bit() // movesTo trusts it only where soleOrigin does
	}
	var depths []int
	if *m.list.root == *p {
		depths = []int{m.Len()} // m's own path bounds the search for the shortest one (movesToWithin)
	}
	found, err := p.movesToWithin([]Position{m.After()}, []Bitboard{origin}, depths, lim)
	if err != nil {
		return Move{}, err
	}
	return found[0], nil
}

// sameStepPieces returns the squares of the other pieces of f's role that the
// side to move can lift (after f's start-of-turn promotion) and then place on f's
// target; every square of the board when that cannot be told this way.
func (p *Position) sameStepPieces(f firstStep) Bitboard {
	if f.role == NoRole {
		return 0 // a move that completes one under way, or only a promotion
	}
	q := *p
	if f.promotion != NoRole {
		if q.owedPromotions().Count() != 1+(bits.Len32(uint32(f.more))+2)/3 {
			return ^Bitboard(0) // not the shape SAN writes; let the full check decide
		}
		f.apply(&q)
	}
	if q.step != requireLift {
		return ^Bitboard(0)
	}
	var out Bitboard
	occ, them := q.board.occupied(), q.board.byColor[q.turn.Other()]
	for s := range q.board.byColor[q.turn].All() {
		if s == f.from || q.board.roleAt(q.turn, s) != f.role {
			continue
		}
		_, _, t := q.liftTargets(s, occ, them) // not 0: liftable
		if t != 0 && f.role == King {
			r := q
			r.lift(s)
			t = r.placeTargets() // castling's too
		}
		if t.Has(f.to) {
			out |= s.bit()
		}
	}
	return out
}

// rivals returns the squares of the other pieces whose legal moves of p start with
// the first step f (as written by SAN: role, target, start-of-turn promotion), for
// disambiguation, among cands (sameStepPieces: if none of those, no other legal
// move starts with that step): each candidate's moves are searched until one
// starts with that step, and the full list of moves is consulted only where
// soleOrigin cannot vouch for a move's path.
func (p *Position) rivals(f firstStep, cands Bitboard, lim *bounds) (Bitboard, error) {
	if cands == ^Bitboard(0) {
		l, err := p.completeListWithin(lim)
		if err != nil || l == nil {
			return 0, err
		}
		return p.origins(l, f.key()) &^ f.from.bit(), nil
	}
	legal := p.legalResultWithin(lim)
	var out Bitboard
	var general []Position // results whose canonical path only the full search knows
	for x := range cands.All() {
		found := false
		p.eachMoveFrom(x.bit(), lim, func(m Move, after *Position) bool {
			g := firstOf(p, m.path())
			if !p.soleOrigin(x, after) {
				if g.key() == f.key() {
					general = append(general, *after)
				}
				return true
			}
			found = g.key() == f.key() && g.from == x && legal(after)
			return !found
		})
		if lim.failed() {
			return 0, lim.err
		}
		if found {
			out |= x.bit()
		}
	}
	if len(general) > 0 {
		moves, err := p.movesTo(general, make([]Bitboard, len(general)), lim)
		if err != nil {
			return 0, err
		}
		for _, m := range moves {
			if m.list != nil {
				if g := firstOf(p, m.path()); g.key() == f.key() && g.from != f.from {
					out |= g.from.bit()
				}
			}
		}
	}
	return out, nil
}

// origins returns the squares from which a legal move of p starts with a first
// step of key k, read from l, which lists every move of p.
func (p *Position) origins(l *moveList, k firstKey) Bitboard {
	var out Bitboard
	l.eachFirst(func(f firstStep) {
		if f.key() == k {
			out |= f.from.bit()
		}
	})
	return out
}

// completeListWithin returns the list of every legal move of p (nil if there is
// none), bounded by lim.
func (p *Position) completeListWithin(lim *bounds) (*moveList, error) {
	var moves []Move
	if lim == nil {
		moves = p.Moves()
	} else {
		s := getSearcher()
		defer putSearcher(s)
		s.lim = lim
		s.search(p, nil)
		if lim.failed() {
			return nil, lim.err
		}
		moves = s.moves(p, nil, len(s.results))
	}
	if len(moves) > 0 {
		return moves[0].list, nil
	}
	return nil, nil
}

// eachFirst calls f with the first step of every move of l, which lists every
// move of its root. Every move starts with a Lift (after the promotions owed at
// the start of the turn, which then start every move), and no later action is
// one, so the Lifts mark where the moves start.
func (l *moveList) eachFirst(f func(firstStep)) {
	promotes := 0
	if l.root.step == requirePromoteThenLift {
		promotes = l.root.owedPromotions().Count()
	}
	for k, a := range l.paths {
		if a.Kind != LiftKind {
			continue
		}
		if promotes > 0 && k >= promotes {
			f(firstOf(l.root, l.paths[k-promotes:]))
		} else {
			f(firstOf(l.root, l.paths[k:]))
		}
	}
}

// SANs returns every move of moves, which must all be legal moves of p, in
// canonical chain SAN: the same as calling SAN for each, sharing the work. It
// returns an error like SAN's for the first illegal one.
//
// Cost: for moves from p's Moves (any of them, in any order) about as long as
// finding them took, the Ŝako test of each resulting position included; other
// moves are first found among all moves of p, enumerated once. SANsContext
// bounds it.
func (p Position) SANs(moves []Move) ([]string, error) { return p.sansWithin(moves, nil) }

// SANsContext is SANs, bounded like MovesContext: it returns ctx.Err() if ctx is
// done when it is called or while it works (the enumeration of p's moves when
// moves do not all come from it, and the Ŝako test of each move's suffix), and a
// *SearchLimitError when a search holds more than lim.MaxStates states; then no
// texts. A nil ctx is never done.
func (p Position) SANsContext(ctx context.Context, moves []Move, lim Limits) ([]string, error) {
	if err := ctxDone(ctx); err != nil {
		return nil, err
	}
	return p.sansWithin(moves, newBounds(ctx, lim))
}

func (p *Position) sansWithin(moves []Move, lim *bounds) ([]string, error) {
	canon, l, err := p.canonicalMoves(moves, lim)
	if err != nil {
		return nil, err
	}
	// The squares the moves with each first step start from: by piece and target
	// in an array, the rare ones after a start-of-turn promotion in a map.
	var from [int(King) * 64]Bitboard
	var promoted map[firstKey]Bitboard
	if l != nil {
		l.eachFirst(func(f firstStep) {
			switch {
			case f.role == NoRole:
			case f.promotion == NoRole:
				from[int(f.role-1)*64+int(f.to)] |= f.from.bit()
			default:
				if promoted == nil {
					promoted = make(map[firstKey]Bitboard)
				}
				promoted[f.key()] |= f.from.bit()
			}
		})
	}
	origins := func(f firstStep) Bitboard {
		switch {
		case f.role == NoRole:
			return 0
		case f.promotion == NoRole:
			return from[int(f.role-1)*64+int(f.to)]
		}
		return promoted[f.key()]
	}
	size := 0
	for _, m := range canon {
		size += 6*m.Len() + 2 // "Ne4xc3," per place, at most
	}
	buf := make([]byte, 0, size)
	ends := make([]int, len(canon))
	for i, m := range canon {
		f := firstOf(p, m.path())
		buf = p.appendSAN(buf, m.path(), f, origins(f)&^f.from.bit(), lim)
		if lim.interrupted() {
			return nil, lim.err
		}
		ends[i] = len(buf)
	}
	text := string(buf) // one allocation for all the strings
	out := make([]string, len(canon))
	start := 0
	for i, end := range ends {
		out[i] = text[start:end]
		start = end
	}
	return out, nil
}

// canonicalMoves returns the moves of p's enumeration that are the same moves as
// moves, and a list of every legal move of p (nil when moves is empty): the list
// moves come from, if they all come from one complete list of p, else a new one,
// enumerated within lim.
func (p *Position) canonicalMoves(moves []Move, lim *bounds) ([]Move, *moveList, error) {
	if len(moves) == 0 {
		return moves, nil, nil
	}
	l := moves[0].list
	same := l != nil && l.complete && *l.root == *p
	for _, m := range moves {
		if m.list != l || m.flags()&moveCanonical == 0 {
			same = false
			break
		}
	}
	if same {
		return moves, l, nil
	}
	s := getSearcher()
	defer putSearcher(s)
	s.lim = lim
	s.search(p, nil)
	if lim.failed() {
		return nil, nil, lim.err
	}
	all := s.moves(p, nil, len(s.results))
	index := make(map[uint64]int32, len(all))
	for i := range all {
		index[s.results[i].pos.Hash()] = int32(i) // equal hashes are checked below
	}
	canon := make([]Move, len(moves))
	for k, m := range moves {
		if m.of(p) {
			canon[k] = m
			continue
		}
		after := m.After()
		j, ok := index[after.Hash()]
		if ok && !s.results[j].pos.Equal(after) {
			ok = false
			for i := range all {
				if s.results[i].pos.Equal(after) {
					j, ok = int32(i), true // a hash collision
					break
				}
			}
		}
		if m.list == nil || !ok {
			return nil, nil, &MoveError{Input: m.String(), FEN: p.FEN(), Err: ErrIllegalMove, Reason: "not a legal move of this position"}
		}
		canon[k] = all[j]
	}
	var list *moveList
	if len(all) > 0 {
		list = all[0].list
	}
	return canon, list, nil
}

// firstKey is what a first step's text names besides its origin.
type firstKey struct {
	promotion Role
	more      promotionList
	role      Role
	to        Square
}

// firstStep describes where a move's first step goes: the start-of-turn
// promotions (the first, and the others where several are owed), the lifted
// square, the role of the lifted piece, the first target.
type firstStep struct {
	promotion Role
	more      promotionList
	from      Square
	role      Role
	to        Square
}

func (f firstStep) key() firstKey { return firstKey{f.promotion, f.more, f.role, f.to} }

// promotionList holds the promotions owed after the first (at most seven), three
// bits a role, the earliest in the lowest bits; 0 for none.
type promotionList uint32

// add returns l with r after its promotions.
func (l promotionList) add(r Role) promotionList {
	return l | promotionList(r)<<(3*((bits.Len32(uint32(l))+2)/3))
}

// apply plays f's start-of-turn promotions on q.
func (f firstStep) apply(q *Position) {
	if f.promotion == NoRole {
		return
	}
	q.apply(Promote(f.promotion))
	for l := f.more; l != 0; l >>= 3 {
		q.apply(Promote(Role(l & 7)))
	}
}

// firstOf returns the first step of the move of p with the actions path.
func firstOf(p *Position, path []Action) firstStep {
	var f firstStep
	for len(path) > 0 && path[0].Kind == PromoteKind {
		if f.promotion == NoRole {
			f.promotion = path[0].Role
		} else {
			f.more = f.more.add(path[0].Role)
		}
		path = path[1:]
	}
	if len(path) < 2 || path[0].Kind != LiftKind {
		return f
	}
	f.from, f.to = path[0].Square, path[1].Square
	f.role = p.board.roleAt(p.turn, f.from)
	if f.promotion != NoRole && p.promo1 != 0 {
		// A pawn promoted at the start of the turn may be the piece lifted: the
		// first owed, then the others in the order of their squares.
		first := Square(p.promo1 - 1)
		if rest := p.owedPromotions() &^ first.bit(); f.from == first {
			f.role = f.promotion
		} else if f.more != 0 && rest.Has(f.from) {
			k := (rest & (f.from.bit() - 1)).Count()
			f.role = Role(f.more >> (3 * k) & 7)
		}
	}
	return f
}

// appendSAN appends the chain SAN of the legal move of p with the canonical
// actions path and first step f to dst; others are the origins of the other
// pieces whose legal moves start with the same step (for disambiguation). lim
// bounds the Ŝako test of the suffix; once it has stopped, the suffix is left
// out and lim.err says why.
func (p *Position) appendSAN(dst []byte, path []Action, f firstStep, others Bitboard, lim *bounds) []byte {
	q := *p
	mover := q.turn
	acts := path
	for len(acts) > 0 && acts[0].Kind == PromoteKind { // the promotions owed, one token each
		dst = append(dst, '=', acts[0].Role.Letter())
		q.apply(acts[0])
		acts = acts[1:]
		if len(acts) > 0 {
			dst = append(dst, ',')
		}
	}
	// After a Lift every Place makes a step; a move completing one under way starts
	// with a Place of the piece already in the hand.
	lifted := len(acts) > 0 && acts[0].Kind == LiftKind
	if lifted {
		q.apply(acts[0])
		acts = acts[1:]
	}
	for k := 0; k < len(acts); k++ {
		a := acts[k]
		st := sanStep{Piece: q.handOwn, FromFile: q.handSq.File(), FromRank: q.handSq.Rank(), To: a.Square}
		if q.handOwn == King && q.handPart == NoRole {
			if side, ok := q.castleSide(a.Square); ok {
				st = sanStep{Castle: true, Side: side, FromFile: -1, FromRank: -1, To: a.Square}
			}
		}
		first := k == 0 && lifted
		if first && !st.Castle {
			st.FromFile, st.FromRank = disambiguation(f, others)
		}
		occupied := q.board.occupied().Has(a.Square)
		diagonalPawn := q.handOwn == Pawn && q.handPart == NoRole && a.Square.File() != q.handSq.File()
		st.Capture = occupied || diagonalPawn
		q.apply(a)
		if k+1 < len(acts) && acts[k+1].Kind == PromoteKind {
			st.Promotion = acts[k+1].Role
			q.apply(acts[k+1])
			k++
		}
		dst = st.appendTo(dst, first)
		if k+1 < len(acts) {
			dst = append(dst, ',')
		}
	}
	switch {
	case q.res.pacoBy(mover):
		dst = append(dst, '#')
	case q.res.IsOver(): // the mover's own Paco (KingUnions), a draw: no threat left
	case q.givesSakoWithin(mover, lim):
		dst = append(dst, '+')
	}
	return dst
}

// disambiguation returns the origin file and rank (or -1) a first step f shows,
// given the origins of the other pieces whose moves start with the same step: the
// file if it tells them apart, else the rank, else both; a pawn stepping
// diagonally always shows its file.
func disambiguation(f firstStep, others Bitboard) (file, rank int) {
	file, rank = -1, -1
	switch {
	case others == 0:
	case others&(fileABB<<f.from.File()) == 0:
		file = f.from.File()
	case others&(rank1BB<<(8*f.from.Rank())) == 0:
		rank = f.from.Rank()
	default:
		file, rank = f.from.File(), f.from.Rank()
	}
	if f.role == Pawn && f.from.File() != f.to.File() {
		file = f.from.File()
	}
	return file, rank
}

// ---- reading against a position

// ParseSAN reads a move of p in chain SAN ("e4", "Bxe4,Ne4xc3,Qc3xc6", "=N,Rh1xh8";
// the forms it accepts: "Notations" in the package doc; grammar:
// docs/notation.ebnf) and returns the legal move it names, with its shortest
// path. Position.SAN writes the canonical form. Errors: a *NotationError
// (ErrInvalidNotation, with the byte offset) for text that is not chain SAN; a
// *MoveError wrapping ErrIllegalMove (Reason: at which step, or whose turn it is),
// ErrAmbiguousMove (Candidates) or ErrGameOver. It searches only the moves of the
// pieces the text can mean ("Cost" in the package doc); ParseSANContext bounds it.
func (p Position) ParseSAN(text string) (Move, error) { return p.parseSANWithin(text, nil) }

// ParseSANContext is ParseSAN, bounded like MovesContext: it returns ctx.Err() if
// ctx is done when it is called or while it searches, and a *SearchLimitError
// when a search holds more than lim.MaxStates states. A nil ctx is never done.
func (p Position) ParseSANContext(ctx context.Context, text string, lim Limits) (Move, error) {
	if err := ctxDone(ctx); err != nil {
		return Move{}, err
	}
	return p.parseSANWithin(text, newBounds(ctx, lim))
}

func (p *Position) parseSANWithin(text string, lim *bounds) (Move, error) {
	return p.parseSANTo(text, lim, nil)
}

// moveScratch holds a move a reader plays at once (a game record's main line):
// the move read refers to it, valid until the next read into it, and its
// reading allocates nothing when no search is needed.
type moveScratch struct {
	rl   rootedList
	acts [8]Action
}

// parseSANTo is parseSANWithin, the move read into sc when that needs no
// search (nil: a move of its own).
func (p *Position) parseSANTo(text string, lim *bounds, sc *moveScratch) (Move, error) {
	var steps [4]sanStep
	s, err := parseSANInto(text, steps[:])
	if err != nil {
		return Move{}, err
	}
	m, err := s.move(*p, lim, sc)
	if me, ok := err.(*MoveError); ok {
		me.Input = text
	}
	return m, err
}

// move returns the legal move of p that s names. The steps are followed as actions
// from every piece the first step can mean; a missing promotion is tried with every
// choice. Errors are *MoveError values wrapping ErrIllegalMove or ErrAmbiguousMove.
func (s san) move(p Position, lim *bounds, sc *moveScratch) (Move, error) {
	fail := func(err error, reason string, cands []Move) (Move, error) {
		e := &MoveError{Input: s.String(), FEN: p.FEN(), Err: err, Reason: reason, Candidates: cands}
		if len(cands) > 0 {
			// Each named as SAN writes it, which searches only the pieces that
			// could make the same first step.
			names := make([]string, len(cands))
			for i, c := range cands {
				name, err := p.sanWithin(c, lim)
				if err != nil {
					return Move{}, err
				}
				names[i] = name
			}
			e.CandidateSANs = names
			if e.Reason == "" {
				e.Reason, e.reasonNames = candidatesText(names), true
			}
		}
		return Move{}, e
	}
	if p.res.IsOver() {
		return Move{}, p.gameOverError(s.String())
	}
	// Play the owed promotions: as written, one per owed pawn, or a single one
	// not written with every choice.
	var startBuf [4]Position
	starts := append(startBuf[:0], p)
	owed := p.owedPromotions()
	switch n := owed.Count(); {
	case n == 0 && len(s.Promotions) > 0:
		return fail(ErrIllegalMove, "no promotion is owed here", nil)
	case len(s.Promotions) != n && (n > 1 || len(s.Promotions) > 1):
		return fail(ErrIllegalMove, owedText(owed, len(s.Promotions)), nil)
	case len(s.Promotions) > 0:
		for _, r := range s.Promotions {
			starts[0].apply(Promote(r))
		}
	case n == 1:
		starts = starts[:0]
		for _, r := range promotionRoles {
			q := p
			q.apply(Promote(r))
			starts = append(starts, q)
		}
	}
	// The distinct results, each with the squares the paths reaching it started
	// from, and why the path that got furthest failed (see failure).
	var rd reading
	for i := range starts {
		q := &starts[i]
		switch {
		case len(s.Steps) == 0:
			if q.turn != p.turn || q.res.IsOver() {
				rd.add(q, 0)
			} else {
				rd.note(1, failure{text: "the move goes on after the promotion"})
			}
		case q.step == requirePlace:
			s.follow(q, 0, &rd, 0, 0)
		case q.step == requireLift:
			s.lifts(q, &rd)
		default:
			rd.note(1, failure{text: "the move has ended"})
		}
	}
	results, from := rd.all()
	// The written path is often the one Moves gives its result, provably
	// (writtenMove): no search needed; else its length bounds the search.
	var depths []int
	if len(results) == 1 && len(s.Steps) > 0 && len(s.Promotions) == 0 && from[0].Count() == 1 {
		m, depth, ok := p.writtenMove(&s, from[0].First(), &results[0], lim, sc)
		if ok {
			return m, nil
		}
		if lim.failed() {
			return Move{}, lim.err
		}
		depths = []int{depth}
	}
	// The legal move of each result, with its canonical (shortest) path, from a
	// search of the moves of the piece the text lifts (movesTo).
	matched, err := p.movesToWithin(slices.Clone(results), from, depths, lim) // (a copy: the search keeps them)
	if err != nil {
		return Move{}, err
	}
	var cands, canonical []Move
	for k, m := range matched {
		if m.list == nil {
			continue
		}
		cands = append(cands, m)
		// The written first step is that of the move's canonical path: a result that
		// the text reaches only along a longer path, from another piece or through
		// another first square, is not what the text names (a writer never
		// disambiguates against it: under SakoIllegal such a piece may have no legal
		// move starting with that step at all).
		if f := firstOf(&p, m.path()); len(s.Steps) > 0 && !s.Steps[0].Castle && from[k].Has(f.from) && f.to == s.Steps[0].To {
			canonical = append(canonical, m)
		}
	}
	if len(cands) > 1 && len(canonical) == 1 {
		return canonical[0], nil
	}
	if len(cands) == 0 && len(results) > 0 {
		// The steps reach positions, but no legal move does: the Ŝako rule forbids them.
		return fail(ErrIllegalMove, "it leaves the own king in Ŝako, which these rules forbid while another move avoids it ("+sakoAnswers(p, lim)+")", nil)
	}
	switch len(cands) {
	case 0:
		why := "no piece can make the first step"
		if rd.depth > 0 {
			why = rd.why.String()
		}
		if rd.depth <= 5 && !s.otherSide {
			// No piece of the side to move gets past the first step: perhaps the
			// text is the other side's move (a stale client's).
			if w, err := s.otherSideReading(p, lim); err != nil {
				return Move{}, err
			} else if w != "" {
				why = w
			}
		}
		return fail(ErrIllegalMove, why, nil)
	case 1:
		return cands[0], nil
	}
	return fail(ErrAmbiguousMove, "", cands)
}

// owedPromotions returns the squares of the pawns whose promotions the side to
// move of p owes before its move goes on, each promoted in turn in the order of
// their squares (inferPromotion): the pawn the last action owes, and where it owes
// them at the start of its turn or of a move read from a FEN, every pawn of the
// side on its last rank. In play one is owed at a time; only a FEN shows more.
func (p *Position) owedPromotions() Bitboard {
	if !p.step.isPromotion() || p.promo1 == 0 {
		return 0
	}
	owed := Square(p.promo1 - 1).bit()
	if p.step != requirePromoteThenFinish {
		owed |= p.board.pawns[p.turn] & (rank1BB << (8 * p.turn.promotionRank()))
	}
	return owed
}

// owedText says, for an error message, that the promotions owed (two or more, or
// one) are not the number written.
func owedText(owed Bitboard, written int) string {
	n := owed.Count()
	what := itoa(n) + " promotions are owed here (the pawns on "
	if n == 1 {
		what = "1 promotion is owed here (the pawn on "
	}
	return what + strings.ReplaceAll(owed.String(), ",", ", ") + "), the text writes " + itoa(written) +
		": write one for each pawn, in the order of their squares (" + strings.Repeat("=Q,", n) + "…)"
}

// otherSideReading says, for the error of s, which names no legal move of p,
// that s names a legal move of the other side ("the piece on g1 is White's; Black
// is to move"), or "" when it does not; only lim's error is returned.
func (s san) otherSideReading(p Position, lim *bounds) (string, error) {
	q, ok := p.otherSideToMove()
	if !ok {
		return "", nil
	}
	s.otherSide = true
	m, err := s.move(q, lim, nil)
	switch {
	case lim.failed():
		return "", lim.err
	case err == nil:
		if from, ok := firstLift(m.path()); ok {
			return p.wrongSide(from), nil
		}
	case errors.Is(err, ErrAmbiguousMove):
		return errtext.WrongSidePieces(q.turn.String(), p.turn.String()), nil
	}
	return "", nil
}

// writtenPath plays s, a move text whose first step lifts the piece on from,
// on p, settled, along its written steps: a lift, a place on each step's
// target, the promotion a step writes where one is due. It returns the actions
// (in buf) and the position they lead to, or false when a step castles, a
// promotion is due but not written, or the move does not end with the last
// step.
func (p *Position) writtenPath(s *san, from Square, buf []Action) ([]Action, Position, bool) {
	q := *p
	if q.step != requireLift {
		return nil, q, false
	}
	q.lift(from)
	path := append(buf[:0], Lift(from))
	for _, st := range s.Steps {
		if st.Castle || q.step != requirePlace {
			return nil, q, false
		}
		q.place(st.To)
		path = append(path, Place(st.To))
		if (q.step == requirePromoteThenPlace || q.step == requirePromoteThenFinish) && !q.res.IsOver() {
			if st.Promotion == NoRole {
				return nil, q, false
			}
			q.promote(st.Promotion)
			path = append(path, Promote(st.Promotion))
		}
	}
	return path, q, q.turn != p.turn || q.res.IsOver()
}

// writtenMove returns the move of p, settled, that s's written path from from
// (writtenPath) makes, if that leads to r, only the piece on from's paths reach r
// (soleOrigin), the move is legal and its path is the one Position.Moves gives
// it, which is then found without a search:
//
//   - A lift and a place (and the promotion due): no path is shorter, and no
//     other one of that length from that square ends in r (another place
//     target leaves another board; a takeover on the way leaves another piece
//     in the union it passed) — except a king's while its side may castle.
//   - A chain whose every action changes another square of the board, and
//     whose hand holds another role at each place: every action changes at
//     most one square (chainChangesOneSquareAtATime: en passant and castling,
//     which change more, are left to the search), so no path to r is shorter
//     than the number of squares r changes; and a path of that length places on each of them once, each
//     role ending where r shows it, which fixes the order of the places: the
//     lifted role's square first, then the square of the role released there,
//     and so on.
//
// Otherwise it returns the length of the written path when that leads to r (a
// bound for the search, movesToWithin), else 0. The states the path visits, the
// root's included, count against lim as a search's do.
func (p *Position) writtenMove(s *san, from Square, r *Position, lim *bounds, sc *moveScratch) (Move, int, bool) {
	var buf [8]Action
	path, q, ok := p.writtenPath(s, from, buf[:0])
	if !ok || !q.Equal(*r) {
		return Move{}, 0, false
	}
	if lim != nil && lim.exceeded(len(path)+1) {
		return Move{}, 0, false // the states it visits, as a search counts them (the caller reports lim's error)
	}
	if !p.soleOrigin(from, r) {
		return Move{}, 0, false
	}
	if p.board.kings[p.turn].Has(from) && p.castlingOpen() {
		// A king step onto an option's place target castles even with the rook
		// gone (QUIRK, placeKing), reaching what another king step reaches: which
		// of the two paths Moves gives, the search says.
		return Move{}, len(path), false
	}
	if len(s.Steps) > 1 {
		if !p.chainChangesOneSquareAtATime(from) {
			return Move{}, len(path), false
		}
		var held uint8 // the roles the hand held at its places
		h := *p
		for _, a := range path {
			if a.Kind == PlaceKind {
				if held&(1<<h.handOwn) != 0 {
					return Move{}, len(path), false
				}
				held |= 1 << h.handOwn
			}
			if a.Kind == PromoteKind {
				return Move{}, len(path), false
			}
			h.apply(a)
		}
		if changedSquares(&p.board.cells, &q.board.cells).Count() != len(path) {
			return Move{}, len(path), false
		}
	}
	if p.rules.switches&SakoIllegal != 0 {
		if r := *r; !p.legalResultWithin(lim)(&r) { // (a copy: the caller's stays on the stack)
			return Move{}, 0, false
		}
	}
	var rl *rootedList
	if sc != nil && len(path) <= len(sc.acts) {
		rl = &sc.rl
		rl.root = *p
		rl.list = moveList{root: &rl.root, paths: sc.acts[:copy(sc.acts[:], path)]}
	} else {
		rl = &rootedList{root: *p}
		rl.list = moveList{root: &rl.root, paths: slices.Clone(path)}
	}
	f := moveCanonical
	if q.res.pacoBy(p.turn) {
		f |= movePaco
	}
	return newMove(&rl.list, 0, len(path), f), 0, true
}

// reading is what following a move text's steps reaches: the distinct settled
// positions, each with the squares its paths lifted first (0 for a move under
// way), and why the path that got furthest failed. A path that failed further
// into the move explains the failure better: in step i (from 0) a failure has
// depth 4i+4, "none of the pieces could make step 1" 5, a failure after step i
// succeeded (the move ends, or goes on) 4i+6; failures before any step have
// depth 1.
type reading struct {
	n        int // results
	results  [3]Position
	from     [3]Bitboard
	more     []Position // the results after the first three (rare: promotions not written)
	moreFrom []Bitboard
	depth    int     // of why; 0: nothing noted
	why      failure // why the path that got furthest failed
	past     int     // failures noted deeper than the first step's (4)
	added    int     // results entered, new or not
}

// add enters a settled position reached from the square origin.
func (rd *reading) add(r *Position, origin Bitboard) {
	rd.added++
	for j := range min(rd.n, len(rd.results)) {
		if rd.results[j].Equal(*r) {
			rd.from[j] |= origin
			return
		}
	}
	for j := range rd.more {
		if rd.more[j].Equal(*r) {
			rd.moreFrom[j] |= origin
			return
		}
	}
	if rd.n < len(rd.results) {
		rd.results[rd.n], rd.from[rd.n] = *r, origin
	} else {
		rd.more, rd.moreFrom = append(rd.more, *r), append(rd.moreFrom, origin)
	}
	rd.n++
}

// all returns the results, each with the squares its paths lifted first.
func (rd *reading) all() ([]Position, []Bitboard) {
	if rd.n <= len(rd.results) {
		return rd.results[:rd.n], rd.from[:rd.n]
	}
	return append(rd.results[:], rd.more...), append(rd.from[:], rd.moreFrom...)
}

// note records why a path failed, at a depth.
func (rd *reading) note(depth int, f failure) {
	if depth > 4 {
		rd.past++
	}
	if depth > rd.depth {
		rd.depth, rd.why = depth, f
	}
}

// failure says why a path failed: its words are made only for the error of a
// move that fails, from what the path saw.
type failure struct {
	kind    failureKind
	text    string // failText: the reason
	step    int    // from 1
	role    Role   // the piece in the hand (the one moved for failNoPromotion)
	sq, to  Square // where the hand is, where the step goes
	targets Bitboard
}

type failureKind uint8

const (
	failText        failureKind = iota
	failHandRole                // the step names another piece than the hand's
	failHandSquare              // the step's origin is not where the hand is
	failCastler                 // only a king castles
	failCannotGo                // the hand's piece cannot go to the step's target
	failNoPromotion             // the step writes a promotion that does not happen
	failEnds                    // the move ends before the last step
	failGoesOn                  // the move goes on after the last step
)

func (f failure) String() string {
	step := "step " + itoa(f.step) + ": "
	switch f.kind {
	case failHandRole:
		return step + "the piece in the hand is a " + f.role.String()
	case failHandSquare:
		return step + "the piece in the hand stands on " + f.sq.String()
	case failCastler:
		return step + "only a king castles"
	case failCannotGo:
		return step + "the " + f.role.String() + " on " + f.sq.String() + " cannot go to " + f.to.String() + " (" + targetsText(f.targets) + ")"
	case failNoPromotion:
		return step + "no promotion happens there (the " + f.role.String() + " goes to " + f.to.String() + " without promoting)"
	case failEnds:
		return "the move ends after step " + itoa(f.step) + " (give one move at a time: the steps of one move are separated by commas)"
	case failGoesOn:
		return "the move goes on: the released " + f.role.String() + " on " + f.sq.String() + " must move (" + targetsText(f.targets) + ")"
	}
	return f.text
}

// lifts tries every piece of the side to move of q that the first step can mean
// and enters the settled positions reached from each square lifted into rd, in
// square order.
func (s *san) lifts(q *Position, rd *reading) {
	first := &s.Steps[0]
	candidates, added, past := 0, rd.added, rd.past
	occ, them := q.board.occupied(), q.board.byColor[q.turn.Other()]
	for from := range q.board.byColor[q.turn].All() {
		role := q.board.roleAt(q.turn, from)
		if first.Castle {
			if role != King || them.Has(from) {
				continue
			}
		} else if (first.Piece != NoRole && role != first.Piece) || (first.FromFile >= 0 && from.File() != first.FromFile) || (first.FromRank >= 0 && from.Rank() != first.FromRank) {
			continue
		}
		_, _, t := q.liftTargets(from, occ, them)
		if t == 0 {
			continue // not liftable (Position.liftable): only the pieces the step names are looked at
		}
		candidates++
		if role == King {
			t = 0 // its targets after the lift include castling: follow finds them
		} else if !first.Castle && first.Piece != NoRole && !t.Has(first.To) {
			// follow's first check, without lifting the piece
			rd.note(4, failure{kind: failCannotGo, step: 1, role: role, sq: from, to: first.To, targets: t})
			continue
		}
		r := *q
		r.lift(from)
		s.follow(&r, 0, rd, from.bit(), t)
	}
	what := "piece"
	if first.Piece != NoRole {
		what = first.Piece.String()
	}
	switch {
	case candidates == 0 && first.Castle:
		rd.note(1, failure{text: "the king cannot castle here"})
	case candidates == 0:
		if first.FromFile >= 0 || first.FromRank >= 0 {
			what += " on the file or rank written"
		}
		rd.note(1, failure{text: "step 1: no " + what + " can go to " + first.To.String() + firstSteps(*q, first.Piece)})
	case rd.added == added && rd.past == past && candidates > 1 && !first.Castle:
		rd.note(5, failure{text: "step 1: no " + what + " can go to " + first.To.String() + firstSteps(*q, first.Piece)})
	}
}

// firstSteps says, for an error message, where the side to move's pieces of role r
// (any role for NoRole) can go as a first step: " (a Knight can go to a3, c3, f3,
// h3)", or " (no Knight can move)".
func firstSteps(q Position, r Role) string {
	what := "piece"
	if r != NoRole {
		what = r.String()
	}
	var reach Bitboard
	for from := range q.liftable().All() {
		if r == NoRole || q.board.roleAt(q.turn, from) == r {
			x := q
			x.lift(from)
			reach |= x.placeTargets()
		}
	}
	if reach == 0 {
		return " (no " + what + " can move)"
	}
	return " (a " + what + " can go to " + strings.ReplaceAll(reach.String(), ",", ", ") + ")"
}

// follow plays steps[i:] from q (a piece in the hand, lifted from origin) and
// enters the settled positions reached into rd, with why the paths failed;
// targets, if not 0, are the hand's place targets (lifts knows them).
func (s *san) follow(q *Position, i int, rd *reading, origin Bitboard, targets Bitboard) {
	st := &s.Steps[i]
	step := i + 1
	if !st.Castle && st.Piece != NoRole && st.Piece != q.handOwn {
		rd.note(4*i+4, failure{kind: failHandRole, step: step, role: q.handOwn})
		return
	}
	if !st.Castle && ((st.FromFile >= 0 && st.FromFile != q.handSq.File()) || (st.FromRank >= 0 && st.FromRank != q.handSq.Rank())) {
		rd.note(4*i+4, failure{kind: failHandSquare, step: step, sq: q.handSq})
		return
	}
	to := st.To
	if st.Castle {
		if q.handOwn != King || q.handPart != NoRole {
			rd.note(4*i+4, failure{kind: failCastler, step: step})
			return
		}
		ci := castlingIndex(q.turn, st.Side)
		if q.castling.opt[ci] == 0 {
			rd.note(4*i+4, failure{text: "no castling right on that side"})
			return
		}
		to = q.castling.rule(ci).placeTarget
	}
	if targets == 0 {
		targets = q.placeTargets()
	}
	if t := targets; !t.Has(to) {
		rd.note(4*i+4, failure{kind: failCannotGo, step: step, role: q.handOwn, sq: q.handSq, to: to, targets: t})
		return
	}
	x := *q
	moved := x.handOwn
	x.place(to)
	switch {
	case (x.step == requirePromoteThenPlace || x.step == requirePromoteThenFinish) && !x.res.IsOver():
		for _, r := range promotionRoles {
			if st.Promotion == NoRole || st.Promotion == r {
				y := x
				y.promote(r)
				s.settle(&y, i, rd, origin)
			}
		}
	case x.step == requirePromoteThenPlace || x.step == requirePromoteThenFinish:
		s.settle(&x, i, rd, origin) // Paco on the last rank: no promotion
	case st.Promotion != NoRole:
		// The step itself is legal: a failure after it, deeper than a piece
		// that cannot go there.
		rd.note(4*i+6, failure{kind: failNoPromotion, step: step, role: moved, to: to})
	default:
		s.settle(&x, i, rd, origin)
	}
}

// settle goes on from x, the position after step i: the move's result if it
// has settled after its last step, else the next step.
func (s *san) settle(x *Position, i int, rd *reading, origin Bitboard) {
	settled := x.step != requirePlace
	switch {
	case settled && i+1 == len(s.Steps):
		rd.add(x, origin)
	case settled:
		rd.note(4*i+6, failure{kind: failEnds, step: i + 1})
	case i+1 == len(s.Steps):
		rd.note(4*i+6, failure{kind: failGoesOn, role: x.handOwn, sq: x.handSq, targets: x.placeTargets()})
	default:
		s.follow(x, i+1, rd, origin, 0)
	}
}

// targetsText lists where a piece in the hand can go, for an error message.
func targetsText(t Bitboard) string {
	if t == 0 {
		return "it has nowhere to go"
	}
	return "it can go to " + strings.ReplaceAll(t.String(), ",", ", ")
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// sakoAnswers names, for an error message, a legal move of p that leaves the
// mover's king out of Ŝako (the first the lazy search finds: the same search that
// showed the move at fault illegal), in chain SAN; its searches are bounded by
// lim (once stopped, it names none).
func sakoAnswers(p Position, lim *bounds) string {
	free := p
	free.rules.switches &^= SakoIllegal
	var escape Move
	free.walkMoves(0, lim, func(m Move, after *Position) bool {
		if after.res.Outcome().Termination == Paco || !after.givesSakoWithin(p.turn.Other(), lim) {
			escape = m
			return false
		}
		return !lim.failed()
	})
	if lim.failed() {
		return "a move may avoid it"
	}
	if escape.list == nil {
		return "no move avoids it"
	}
	name, err := p.sanWithin(escape, lim)
	if err != nil {
		return "a move avoids it"
	}
	return "for example " + name
}
