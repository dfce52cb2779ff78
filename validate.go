package pacosako

import (
	"strings"

	"github.com/pacosako-go/pacosako/internal/errtext"
)

// Validation (docs/RULES.md §4: "Validation is a separate, opt-in report"). Nothing in
// the package applies it: move generation, perft, threats and the FEN writer accept
// any position. Validate reports why a position could not arise in a game played
// by its rules; Setup.ValidPosition builds only positions that could.
//
// The criterion is reachability by play under the position's Rules from some start
// position with the standard material (a standard or Fischer-random start, possibly
// with pieces left out, as in the catalogue's test positions): every position that
// play produces, settled or in the middle of a move (Apply), validates, and each
// reason below names something play never produces. Not every position that
// validates is reachable: the checks are local (material, kings, pawns, castling
// rights, the en passant square, the hand), not a search for a game leading there.
// In particular a missing piece is never an error, and neither is a side whose
// king stands in Ŝako (legal in every rule set: catalogue §6.3; under Rulebook's
// SakoIllegal a move may still leave it there when every move does).

// PositionErrorKind is a set of reasons why a position is not a legal Paco Ŝako
// position; each constant is one reason (a bit). Callers test them with Has and
// accept some with PositionError.Ignore.
type PositionErrorKind uint32

// The reasons Validate reports. Each one names a state that play under the
// position's rules cannot produce; the rule it rests on is cited.
const (
	// MissingKing: a colour has no king, on the board or in the hand. Kings are never
	// captured or removed (docs/RULES.md §2). The catalogue's test positions have none
	// (docs/RULES.md §4: such FENs parse and play).
	MissingKing PositionErrorKind = 1 << iota
	// TooManyKings: a colour has more than one king (no promotion gives a king,
	// catalogue §9).
	TooManyKings
	// KingInUnion: a king stands in a union, or is held in the hand as part of a
	// lifted union, or is released from a union, where play cannot put it. Without
	// KingUnions (Pacoplay, Rulebook, VchessPacoplay) a king enters a union only by
	// Paco, which ends the game (docs/RULES.md §2, §3; catalogue §3.4, §5): valid only
	// in a game over by Paco and only for the loser's king. Under KingUnions (Vchess) a king in a union ends
	// the game when the move is complete, so it is valid in a game that is over, and
	// during a move for the mover's own king, which may join the chain.
	KingInUnion
	// TooManyPieces: a colour has more pieces than its 8 pawns and their
	// promotions allow: pawns plus pieces beyond the starting set (a second queen,
	// a third rook, bishop or knight) more than 8, or more than 16 pieces (pieces
	// are never removed and pawns promote to knight, bishop, rook or queen,
	// catalogue §9).
	TooManyPieces
	// PawnOnPromotionRank: a pawn on its promotion rank (rank 8 for White, rank 1
	// for Black) that play would already have promoted. Valid only for the one
	// pawn whose promotion is pending (Position.PendingPromotion; catalogue §9):
	// the side to move's pawn carried there in a union by the opponent, which its
	// owner promotes first (PromoteThenLift, docs/RULES.md §4; not under
	// MoverPromotesCarried, where the mover promotes it at once), the mover's pawn
	// that just entered a union there in a chain (PromoteThenPlace), or the pawn that
	// ended the move there (PromoteThenFinish, which a FEN cannot show). A lone pawn
	// of the side to move on its promotion rank between moves, which ParseFEN reads
	// as an owed promotion, is reported: only a union carries a pawn there without
	// promoting it.
	PawnOnPromotionRank
	// LonePawnOnHomeRank: a lone pawn on its own first rank (rank 1 for White, rank
	// 8 for Black), or lifted from there. Pawns only move forward; the opponent may
	// carry one back there in a union (catalogue §3.3, M3), but it never becomes
	// lone there: its partner leaves only with it (a union move) or by being
	// replaced (a takeover), and a takeover by the pawn's owner releases the pawn,
	// which must move on (§4.2). The engine's random position generator makes no
	// such pawn either (catalogue §9).
	LonePawnOnHomeRank
	// CastlingWithoutKing: a castling right whose king does not stand on its square
	// (the right's king file on the colour's home rank; during a move, the lifted
	// king may hover over it). Every king placement forfeits both rights of its
	// colour (catalogue §7.3, §7.4).
	CastlingWithoutKing
	// CastlingWithoutRook: a castling right whose rook square holds no rook of its
	// colour, under rules where the rook cannot leave its square without the right
	// being lost: ReleaseForfeitsCastling without VchessCastlingRights (Rulebook;
	// docs/RULES.md §8, catalogue §7.4). Pacoplay keeps the right when a chain releases
	// the rook (catalogue §7.4, vector K7) and vchess's rules keep it when the
	// opponent carries the rook away in a union (§7.6), so there a missing rook is
	// valid. Under every rule set a right whose rook file is the king's file is
	// reported.
	CastlingWithoutRook
	// InvalidEnPassant: an en passant square that the last double step of the side
	// not to move cannot have left — off the rank such a step skips, at a promotion
	// step, occupied, without that side's pawn beyond it, or with the step's start
	// square in a state the step cannot leave (catalogue §3.3, §8.1, §8.2).
	InvalidEnPassant
	// InconsistentHand: a hand that no lift or chain leaves (catalogue §1, §2,
	// §4.2): a piece hovering over a lone piece (a lifted piece hovers over the
	// empty square it came from, a released one over the union that released it), a
	// lifted union hovering over an occupied square, a piece in the hand after the
	// game ended, or a hand that disagrees with the required step.
	InconsistentHand
	// NoProgressOverLimit: a running game between moves whose no-progress counter
	// has reached the limit of its rules; the move that reached it would have drawn
	// the game (catalogue §10.1). Not reported when the rules have no limit
	// (Rulebook, Vchess).
	NoProgressOverLimit

	positionErrorKindCount = iota
)

var positionErrorKindNames = [positionErrorKindCount]string{"MissingKing", "TooManyKings", "KingInUnion",
	"TooManyPieces", "PawnOnPromotionRank", "LonePawnOnHomeRank", "CastlingWithoutKing", "CastlingWithoutRook",
	"InvalidEnPassant", "InconsistentHand", "NoProgressOverLimit"}

// positionErrorKindPhrases are the reasons' short descriptions, used for a kind
// set in a PositionError without details.
var positionErrorKindPhrases = [positionErrorKindCount]string{"missing king", "too many kings", "king in a union",
	"too many pieces", "pawn on its promotion rank", "lone pawn on its home rank", "castling right without its king",
	"castling right without its rook", "invalid en passant square", "inconsistent hand", "no-progress limit reached"}

// Has reports whether every reason of kinds is in k.
func (k PositionErrorKind) Has(kinds PositionErrorKind) bool { return kinds != 0 && k&kinds == kinds }

// String names the reasons of k, joined by "+" ("MissingKing+KingInUnion"), or
// "none".
func (k PositionErrorKind) String() string {
	return errtext.KindNames(uint32(k), positionErrorKindNames[:], "PositionErrorKind")
}

// PositionError reports every reason why a position is not a legal Paco Ŝako
// position (Position.Validate, Setup.ValidPosition). It wraps ErrInvalidPosition.
// Kinds holds the reasons; Reasons describes each occurrence (which colour, which
// square); Ignore drops reasons a caller accepts.
type PositionError struct {
	Kinds    PositionErrorKind
	Position Position // the position that was validated
	problems errtext.Problems
}

// Error lists the reasons: "pacosako: invalid position: no Black king, White pawn
// on e8 (promotion rank)".
func (e *PositionError) Error() string {
	return head(ErrInvalidPosition) + ": " + strings.Join(e.Reasons(), ", ")
}

// Unwrap returns ErrInvalidPosition.
func (e *PositionError) Unwrap() error { return ErrInvalidPosition }

// Reasons describes every reason, one short phrase per occurrence in the order of
// the kinds' constants ("no White king", "White castling right H without a rook on
// h1"). The phrases contain no comma, so they can be joined with commas; their
// wording is for people and may change. Test the kinds with Kinds.Has.
func (e *PositionError) Reasons() []string {
	return e.problems.Describe(uint32(e.Kinds), positionErrorKindPhrases[:])
}

// Ignore returns nil if every reason of e is in kinds, else a *PositionError with
// the other reasons. A caller that accepts, say, kingless test positions writes
// err = pe.Ignore(pacosako.MissingKing).
func (e *PositionError) Ignore(kinds PositionErrorKind) error {
	rest := e.Kinds &^ kinds
	if rest == 0 {
		return nil
	}
	return &PositionError{Kinds: rest, Position: e.Position, problems: e.problems.Keep(uint32(rest))}
}

// Validate reports every reason why p is not a legal Paco Ŝako position under its
// rules (p.Rules()): nil, or a *PositionError wrapping ErrInvalidPosition whose
// Kinds name the reasons (see PositionErrorKind for each check and the rule behind
// it). Every position produced by play validates, settled or in the middle of a
// move, including a game that has ended (a Paco leaves the loser's king in a
// union), with one exception, an engine quirk: under rules that keep a castling
// right whose rook has left its square (Pacoplay after a chain released the rook,
// catalogue §7.4 K7; vchess's rules after the opponent carried it away, §7.6), a
// king of a Fischer-random set-up that steps onto the empty square of its
// neighbouring rook castles (Position.Actions), and lands in a union if one stands
// on its castling square; the game runs on, and Validate reports KingInUnion.
// Validation is a report: no other function of the package applies it.
func (p Position) Validate() error {
	v := validator{p: &p}
	v.kings()
	v.material()
	v.pawns()
	v.castling()
	v.enPassant()
	v.hand()
	v.noProgress()
	if len(v.problems) == 0 {
		return nil
	}
	return &PositionError{Kinds: PositionErrorKind(v.problems.Kinds()), Position: p, problems: v.problems}
}

// ValidPosition builds the position like Setup.Position and validates it: the
// strict constructor. Reasons in ignore are accepted (0 accepts none; MissingKing
// accepts the catalogue's kingless test positions). The error wraps
// ErrInvalidSetup for a field out of range, else it is a *PositionError (wrapping
// ErrInvalidPosition) with the reasons not ignored.
func (s Setup) ValidPosition(ignore PositionErrorKind) (Position, error) {
	p, err := s.Position()
	if err != nil {
		return Position{}, err
	}
	if err := p.Validate(); err != nil {
		if err = err.(*PositionError).Ignore(ignore); err != nil {
			return Position{}, err
		}
	}
	return p, nil
}

// validator collects the problems of one position.
type validator struct {
	p        *Position
	problems errtext.Problems
}

func (v *validator) add(k PositionErrorKind, format string, args ...any) {
	v.problems.Add(uint32(k), format, args...)
}

// handPiece returns colour c's piece in the hand (NoRole if none).
func (p *Position) handPiece(c Color) Role {
	if p.handOwn == NoRole {
		return NoRole
	}
	if c == p.turn {
		return p.handOwn
	}
	return p.handPart
}

// kingMayBeInUnion reports whether colour c's king may stand in a union (or be
// released from one) in p (see KingInUnion).
func (p *Position) kingMayBeInUnion(c Color) bool {
	o := p.res.Outcome()
	if p.rules.switches&KingUnions != 0 {
		return o.IsOver() || (c == p.turn && !p.IsSettled())
	}
	return o.Termination == Paco && o.Winner != c
}

// kings checks the number of kings and kings in unions.
func (v *validator) kings() {
	p := v.p
	for c := White; c <= Black; c++ {
		n := p.board.kings[c].Count()
		if p.handPiece(c) == King {
			n++
		}
		switch {
		case n == 0:
			v.add(MissingKing, "no %v king", c)
		case n > 1:
			v.add(TooManyKings, "%v has %d kings", c, n)
		}
	}
	unions := p.board.unions()
	for c := White; c <= Black; c++ {
		for s := range (p.board.kings[c] & unions).All() {
			if !p.kingMayBeInUnion(c) {
				v.add(KingInUnion, "%v king in a union on %v", c, s)
			}
		}
	}
	switch {
	case p.handOwn == NoRole:
	case p.handPart != NoRole:
		for c := White; c <= Black; c++ {
			if p.handPiece(c) == King {
				v.add(KingInUnion, "%v king in the lifted union over %v", c, p.handSq)
			}
		}
	case p.handOwn == King && unions.Has(p.handSq) && !p.kingMayBeInUnion(p.turn):
		v.add(KingInUnion, "%v king released from the union on %v", p.turn, p.handSq)
	}
}

// material checks that each colour's pieces fit 8 pawns and their promotions.
func (v *validator) material() {
	p := v.p
	var n [2][King + 1]int
	for s := range p.board.occupied().All() {
		cell := p.board.cell(s)
		n[White][cell.White]++
		n[Black][cell.Black]++
	}
	for c := White; c <= Black; c++ {
		n[c][p.handPiece(c)]++
	}
	for c := White; c <= Black; c++ {
		pawns := n[c][Pawn]
		promoted := max(0, n[c][Queen]-1) + max(0, n[c][Rook]-2) + max(0, n[c][Bishop]-2) + max(0, n[c][Knight]-2)
		total := 0
		for r := Pawn; r <= King; r++ {
			total += n[c][r]
		}
		switch {
		case pawns+promoted > 8:
			v.add(TooManyPieces, "%v has more pieces than promotions allow (%d pawns and %d promoted)", c, pawns, promoted)
		case total > 16:
			v.add(TooManyPieces, "%v has %d pieces", c, total)
		}
	}
}

// pawnPlace says where a pawn is: on the board, in the hand lifted from its
// (empty) square, or in the hand released from the union on its square.
type pawnPlace uint8

const (
	onBoard pawnPlace = iota
	liftedInHand
	releasedInHand
)

// pawns checks pawns on their promotion rank and lone pawns on their home rank,
// counting a piece in the hand as standing on the square it hovers over.
func (v *validator) pawns() {
	p := v.p
	unions := p.board.unions()
	check := func(c Color, s Square, union bool, where pawnPlace) {
		in := ""
		if where != onBoard {
			in = " in the hand"
		}
		switch s.Rank() {
		case c.promotionRank():
			if !(where == onBoard && p.promotionOwed(c, s, union)) {
				v.add(PawnOnPromotionRank, "%v pawn%s on %v (promotion rank)", c, in, s)
			}
		case c.homeRank():
			if !union && where != releasedInHand {
				v.add(LonePawnOnHomeRank, "lone %v pawn%s on %v (home rank)", c, in, s)
			}
		}
	}
	edge := rank1BB | rank8BB
	for c := White; c <= Black; c++ {
		for s := range (p.board.pawns[c] & edge).All() {
			check(c, s, unions.Has(s), onBoard)
		}
	}
	if p.handOwn == NoRole || !p.handSq.IsValid() {
		return
	}
	switch {
	case p.handPart != NoRole:
		for c := White; c <= Black; c++ {
			if p.handPiece(c) == Pawn {
				check(c, p.handSq, true, liftedInHand)
			}
		}
	case p.handOwn == Pawn:
		where := liftedInHand
		if p.board.occupied().Has(p.handSq) {
			where = releasedInHand
		}
		check(p.turn, p.handSq, false, where)
	}
}

// promotionOwed reports whether colour c's pawn on s, on its promotion rank, is
// the pending promotion that play leaves there (see PawnOnPromotionRank).
func (p *Position) promotionOwed(c Color, s Square, union bool) bool {
	if p.promo1 == 0 || Square(p.promo1-1) != s {
		return false
	}
	switch p.step {
	case requirePromoteThenFinish:
		return c == p.turn || (union && p.rules.switches&MoverPromotesCarried != 0)
	case requirePromoteThenPlace:
		return c == p.turn && union && p.handOwn != NoRole && p.handSq == s
	case requirePromoteThenLift:
		return c == p.turn && union && p.rules.switches&MoverPromotesCarried == 0
	}
	return false
}

// castling checks that every castling right has its king and, where the rules
// need it, its rook.
func (v *validator) castling() {
	p := v.p
	needRook := p.rules.switches&ReleaseForfeitsCastling != 0 && p.rules.switches&VchessCastlingRights == 0
	for i, o := range p.castling.opt {
		if o == 0 {
			continue
		}
		c := Color(i >> 1)
		kf, rf := int(o>>3)&7, int(o&7)
		king, rook := NewSquare(kf, c.homeRank()), NewSquare(rf, c.homeRank())
		letter := byte('a' + rf)
		if c == White {
			letter = byte('A' + rf)
		}
		lifted := c == p.turn && p.handOwn == King && p.handPart == NoRole && p.handSq == king
		if !p.board.kings[c].Has(king) && !lifted {
			v.add(CastlingWithoutKing, "%v castling right %c without the king on %v", c, letter, king)
		}
		if rf == kf || (needRook && p.board.roleAt(c, rook) != Rook) {
			v.add(CastlingWithoutRook, "%v castling right %c without a rook on %v", c, letter, rook)
		}
	}
}

// standing returns what stands on s, counting the hand as standing on the empty
// square it hovers over (the square it was lifted from); a piece released by a
// chain hovers over its union, which the board shows.
func (p *Position) standing(s Square) Cell {
	cell := p.board.cell(s)
	if cell.IsEmpty() && p.handOwn != NoRole && p.handSq == s {
		return p.Hand().Cell()
	}
	return cell
}

// enPassant checks what the double step that set the en passant square left
// behind (see InvalidEnPassant for each rule): the rank and the side, the step
// of the state machine, the skipped square, the pawn or union beyond it and the
// square the step started from.
func (v *validator) enPassant() {
	p := v.p
	ep := p.epSquare()
	if ep == NoSquare {
		return
	}
	them := p.turn.Other()
	fromHomeRow := ep.Rank() == them.homeRank()+1-2*int(them)
	if ep.Rank() != them.homeRank()+2-4*int(them) && (!fromHomeRow || p.rules.switches&HomeRowEnPassant == 0) {
		v.add(InvalidEnPassant, "en passant square %v on the wrong rank for %v to move", ep, p.turn)
		return
	}
	if p.step == requirePromoteThenFinish || p.step == requirePromoteThenLift {
		v.add(InvalidEnPassant, "en passant square %v though the last move ended on a promotion rank", ep)
	}
	switch {
	case p.board.occupied().Has(ep):
		v.add(InvalidEnPassant, "en passant square %v not empty", ep)
	case !p.standing(ep).IsEmpty():
		v.add(InvalidEnPassant, "en passant square %v not empty: the piece in the hand was lifted from it", ep)
	}
	arrival, origin := Square(int(ep)+them.forward()), Square(int(ep)-them.forward())
	at := p.standing(arrival)
	if at.Role(them) != Pawn {
		v.add(InvalidEnPassant, "en passant square %v without a %v pawn on %v", ep, them, arrival)
		return
	}
	// What stands on the origin, and how to name it.
	from := p.standing(origin)
	what := "a lone piece on " + origin.String()
	if from.IsUnion() {
		what = "a union on " + origin.String()
	}
	if p.board.cell(origin).IsEmpty() && !from.IsEmpty() {
		what = "a piece lifted from " + origin.String()
		if from.IsUnion() {
			what = "a union lifted from " + origin.String()
		}
	}
	switch {
	case !from.IsEmpty() && !from.IsUnion():
		v.add(InvalidEnPassant, "en passant square %v with %s where the double step started", ep, what)
	case at.IsUnion() && from.IsUnion():
		v.add(InvalidEnPassant, "en passant square %v with %s: the union that double-stepped to %v left it empty", ep, what, arrival)
	case !at.IsUnion() && from.IsEmpty() && fromHomeRow:
		v.add(InvalidEnPassant, "en passant square %v with %v empty: a lone %v pawn leaves its home rank only released from a union", ep, origin, them)
	}
}

// hand checks that the hand is one a lift or a chain leaves.
func (v *validator) hand() {
	p := v.p
	placing := p.step == requirePlace || p.step == requirePromoteThenPlace
	if p.handOwn == NoRole {
		if placing {
			v.add(InconsistentHand, "nothing in the hand at step %v", p.step)
		}
		return
	}
	if !placing {
		v.add(InconsistentHand, "a piece in the hand at step %v", p.step)
	}
	if p.res.IsOver() {
		v.add(InconsistentHand, "a piece in the hand after the game ended")
	}
	if !p.handSq.IsValid() {
		v.add(InconsistentHand, "the hand hovers over no square")
		return
	}
	cell := p.board.cell(p.handSq)
	switch {
	case p.handPart != NoRole && !cell.IsEmpty():
		v.add(InconsistentHand, "lifted union over the occupied square %v", p.handSq)
	case !cell.IsEmpty() && !cell.IsUnion():
		v.add(InconsistentHand, "hand over the lone piece on %v", p.handSq)
	}
}

// noProgress checks the no-progress counter of a running game between moves.
func (v *validator) noProgress() {
	p := v.p
	if p.step == requireLift && !p.res.IsOver() && p.rules.endOfProgress(p.noProgress) {
		where := "at"
		if int(p.noProgress) > p.rules.NoProgressLimit() {
			where = "over"
		}
		v.add(NoProgressOverLimit, "no-progress counter %d %s the limit of %d in a running game",
			p.noProgress, where, p.rules.NoProgressLimit())
	}
}
