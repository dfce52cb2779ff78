package pacosako

import "fmt"

// requiredAction is the step of the in-move state machine a position waits for
// (catalogue §1, the engine's RequiredAction).
type requiredAction uint8

// The five steps. A settled position (between moves) requires Lift, or
// PromoteThenLift when the side to move owes a promotion of a pawn the opponent
// carried to its last rank.
const (
	requireLift              requiredAction = iota // lift a piece or union: the start of a move
	requirePlace                                   // place the piece or union in the hand
	requirePromoteThenPlace                        // own pawn entered a union on its last rank mid-chain; promote, then place the released piece
	requirePromoteThenFinish                       // own pawn ended the move on its last rank; promote, then the turn passes
	requirePromoteThenLift                         // start of turn: promote the pawn the opponent carried to its last rank, then lift
)

var requiredNames = [...]string{"Lift", "Place", "PromoteThenPlace", "PromoteThenFinish", "PromoteThenLift"}

// String returns the engine's name of the step ("Lift", "PromoteThenLift", …).
func (r requiredAction) String() string {
	if int(r) < len(requiredNames) {
		return requiredNames[r]
	}
	return fmt.Sprintf("RequiredAction(%d)", uint8(r))
}

// words names the step for a player's message: "a lift", "a place", "a
// promotion".
func (r requiredAction) words() string {
	switch {
	case r == requireLift:
		return "a lift"
	case r == requirePlace:
		return "a place"
	case r.isPromotion():
		return "a promotion"
	}
	return r.String()
}

// isPromotion reports whether the step is one of the three Promote steps.
func (r requiredAction) isPromotion() bool { return r >= requirePromoteThenPlace }

// Hand is the piece (or lifted union) being moved and the square it hovers over:
// the square it was lifted from, or the square where a chain released it.
// An empty hand has Piece == NoRole.
type Hand struct {
	Color   Color  // the mover: the colour of Piece
	Piece   Role   // the mover's piece in the hand, NoRole if the hand is empty
	Partner Role   // the other colour's piece when a whole union was lifted, else NoRole
	Square  Square // where it hovers; NoSquare for an empty hand
}

// IsEmpty reports whether nothing is in the hand.
func (h Hand) IsEmpty() bool { return h.Piece == NoRole }

// IsUnion reports whether a whole union was lifted (it can only go to empty squares).
func (h Hand) IsUnion() bool { return h.Piece != NoRole && h.Partner != NoRole }

// Cell returns the hand's pieces as a cell (what the square would show).
func (h Hand) Cell() Cell {
	if h.Color == White {
		return Cell{White: h.Piece, Black: h.Partner}
	}
	return Cell{White: h.Partner, Black: h.Piece}
}

// String returns "-" for an empty hand, else the FEN hand suffix without the caret:
// square and letter ("d2P", "a3r", "e5c").
func (h Hand) String() string {
	if h.IsEmpty() {
		return "-"
	}
	return h.Square.String() + string(h.Cell().Letter())
}

// Position is a Paco Ŝako position: the board, the side to move, the hand (a move in
// progress), the en passant square, the castling rights, a pending promotion, the
// no-progress counter and whether the game has ended. It is a value of 144
// bytes: every method leaves the receiver unchanged and playing returns a new
// Position, so a Position may be shared between goroutines freely.
//
// The zero Position is an empty board with White to move. Positions come from
// StartingPosition, ParseFEN, Setup.Position, or from playing moves and actions.
//
// A Position is not validated: any board is accepted (missing kings, a king in a
// union, too many pieces), as the official engine accepts any FEN it can parse.
// Move generation, perft and the FEN writer never reject a position.
type Position struct {
	board      Board
	castling   CastlingRights
	noProgress uint16
	turn       Color
	step       requiredAction
	handOwn    Role          // the mover's piece in the hand, NoRole if empty
	handPart   Role          // the partner when a union is lifted
	handSq     Square        // where the hand hovers (meaningful when handOwn != NoRole)
	ep1        uint8         // en passant square + 1; 0 = none
	promo1     uint8         // square of the pawn to promote + 1; 0 = none
	res        packedOutcome // the outcome reached by play
	rules      Rules
	pawnFlags  uint16 // PawnFileFlags: bit file (White) / 8+file (Black) set = may double-step
	koFrom1    uint8  // Ko: the last move moved a union from koFrom1-1 to koTo1-1; 0 = none
	koTo1      uint8
	plies      uint16 // half-moves played, as vchess counts them (its FEN's third field); stays at 65535 (full move 32768)
}

// Board returns the arrangement of the pieces. Pieces in the hand are not on it.
func (p Position) Board() Board { return p.board }

// Turn returns the side whose action is required (the engine's controlling player).
// After a pair move that carried an enemy pawn to its last rank this is the pawn's
// owner, who must promote it first (Actions offers the Promote actions; PendingPromotion names the square).
func (p Position) Turn() Color { return p.turn }

// Hand returns the piece or union being moved; empty between moves.
func (p Position) Hand() Hand {
	if p.handOwn == NoRole {
		return Hand{Color: p.turn, Square: NoSquare}
	}
	return Hand{Color: p.turn, Piece: p.handOwn, Partner: p.handPart, Square: p.handSq}
}

// EnPassant returns the square a pawn skipped with a double step in the last move
// (catalogue §8.1), or NoSquare.
func (p Position) EnPassant() Square { return p.epSquare() }

func (p *Position) epSquare() Square {
	if p.ep1 == 0 {
		return NoSquare
	}
	return Square(p.ep1 - 1)
}

// Castling returns the castling rights.
func (p Position) Castling() CastlingRights { return p.castling }

// NoProgressCounter returns the no-progress counter (FEN field 3, not a move
// number): +1 for every Lift, reset to 0 when a move forms a new union or any
// promotion happens (catalogue §10.1). The game is drawn when it reaches the
// no-progress limit of the rules (100 half-moves by default).
func (p Position) NoProgressCounter() int { return int(p.noProgress) }

// FullMoveNumber returns the number of the full move in progress, as a chess FEN's
// last field counts it (1 at the start, one more after each of Black's moves):
// read from a chess FEN's full-move number or from a vchess FEN's half-moves
// played, 1 for an engine FEN (its dialect has no number), and counted on by
// play. Game records number their moves from their start's (WriteRecord); a
// start with Black to move is numbered as if White had moved first.
func (p Position) FullMoveNumber() int {
	n := int(p.plies)
	if n&1 != int(p.turn&1) {
		n++ // counted from a start with Black to move at 0 half-moves (an engine FEN)
	}
	return n/2 + 1
}

// PendingPromotion returns the square of the pawn that must be promoted now
// (Actions then offers the four Promote actions), or NoSquare.
func (p Position) PendingPromotion() Square {
	if p.promo1 == 0 {
		return NoSquare
	}
	return Square(p.promo1 - 1)
}

// Outcome returns the result reached by play: Running, or a Paco, the no-progress
// draw or a draw of the rules' options (AllUnitedDraw, KingsUnitedDraw, KingUnions);
// p.Outcome().IsOver() tells whether the game has ended, after which no action and
// no move is legal. A position read from a FEN is always Running (docs/RULES.md §4).
func (p Position) Outcome() Outcome { return p.res.Outcome() }

// IsSettled reports whether the position is between moves: the hand is empty and
// the side to move starts its turn (Lift, or PromoteThenLift).
func (p Position) IsSettled() bool {
	return p.step == requireLift || p.step == requirePromoteThenLift
}

// Equal reports whether p and q are the same state of the game, as the engine's
// move de-duplication and repetition identity see it: board, hand, side to move,
// step, en passant square and castling rights (and, under vchess's rules, the pawn
// file flags and the ko move). The counters, the outcome and the rules are not
// compared.
func (p Position) Equal(q Position) bool { return sameState(&p, &q) }

func sameState(p, q *Position) bool {
	return p.board.cells == q.board.cells && p.turn == q.turn && p.step == q.step &&
		p.handOwn == q.handOwn && p.handPart == q.handPart &&
		(p.handOwn == NoRole || p.handSq == q.handSq) &&
		p.ep1 == q.ep1 && p.castling == q.castling &&
		p.pawnFlags == q.pawnFlags && p.koFrom1 == q.koFrom1 && p.koTo1 == q.koTo1
}

// Hash returns a 64-bit Zobrist hash of the state Equal compares: Equal
// positions have equal hashes, and different ones almost always differ (a
// collision between two given positions has odds of about 1 in 2^64), so a
// table keyed by Hash must still confirm a match with Equal, as the repetition
// rule of Game does. The counters, the outcome and the rules are not hashed.
//
// The value is part of the package's contract: the same in every run, on every
// machine and in every version (the keys are a fixed sequence, zobrist.go, and a
// test pins the hashes of reference positions), so it may be stored, in an
// opening book or a database, and looked up later. Paco Ŝako has no published
// key table; atomic.Position.Hash is chess's Polyglot hash.
func (p Position) Hash() uint64 {
	h := p.hash()
	if p.pawnFlags|uint16(p.koTo1) != 0 {
		h ^= (uint64(p.pawnFlags) | uint64(p.koFrom1)<<16 | uint64(p.koTo1)<<24) * 0x9E3779B97F4A7C15
	}
	return h
}

// hash is Hash without the vchess state (pawn flags, ko move): positions that differ
// only there are rare and told apart by sameState, so the search's sets need not mix
// them in.

func (p *Position) hash() uint64 {
	h := p.board.hash ^ p.castling.hash() ^ zobrist.ep[p.epSquare()] ^ zobrist.step[p.step]
	if p.turn == Black {
		h ^= zobrist.turn
	}
	if p.handOwn != NoRole {
		h ^= zobrist.hand[p.turn][p.handOwn&7][p.handPart&7][p.handSq&63]
	}
	return h
}

// packedOutcome is an Outcome in one byte (termination, winner in the top bit), to
// keep positions, of which a search copies many, small.
type packedOutcome uint8

func pack(o Outcome) packedOutcome {
	return packedOutcome(o.Termination&0x7F) | packedOutcome(o.Winner&1)<<7
}

// Outcome unpacks the outcome.
func (o packedOutcome) Outcome() Outcome {
	return Outcome{Termination: Termination(o & 0x7F), Winner: Color(o >> 7)}
}

// IsOver reports whether the game has ended.
func (o packedOutcome) IsOver() bool { return o&0x7F != 0 }

// pacoBy reports whether the game ended in a Paco won by c: under KingUnions a
// move that puts the mover's own king in a union ends in a Paco the other side
// wins, which is no Paco of the move (Move.IsPaco, the SAN suffix "#").
func (o packedOutcome) pacoBy(c Color) bool { return o == pack(Outcome{Termination: Paco, Winner: c}) }

// ---- the engine's primitive actions (catalogue §1, §2, §4.5), with the switches
// of the rules applied where they change them. They trust their input: callers
// check legality first.

// lift takes the piece or union on s into the hand (catalogue §2).
func (p *Position) lift(s Square) {
	us := p.turn
	own := p.board.remove(us, s)
	partner := p.board.remove(us.Other(), s)
	p.handOwn, p.handPart, p.handSq = own, partner, s
	if p.noProgress < 0xFFFF {
		p.noProgress++
	}
	if own == Rook || partner == Rook || p.rules.switches != 0 {
		if p.rules.switches&VchessCastlingRights != 0 {
			// vchess: any move of the mover that starts on its rook's square.
			p.castling.forfeitRookOf(us, s)
		} else if own == Rook || partner == Rook {
			p.castling.forfeitRook(s)
		}
	}
	p.step = requirePlace
}

// place puts the hand on t, in the exact order of catalogue §4.5.
func (p *Position) place(t Square) {
	if p.handPart != NoRole {
		p.placePair(t)
		return
	}
	us := p.turn
	r, from := p.handOwn, p.handSq
	// 1. En passant: the content beyond the skipped square is swapped back onto it.
	viaEP := NoSquare
	if r == Pawn && p.ep1 != 0 && t == Square(p.ep1-1) && t.File() != from.File() {
		viaEP = Square(int(t) - us.forward())
		p.board.swap(viaEP, t)
		p.ep1 = 0
	}
	// 2. A pawn arriving on its last rank must promote.
	if r == Pawn && t.Rank() == us.promotionRank() {
		p.promo1 = uint8(t) + 1
	}
	// 3. Kings place (and castle) by their own rules; under KingUnions only onto empty
	// squares, else like any piece.
	if r == King && (p.rules.switches&KingUnions == 0 || !p.board.occupied().Has(t) || p.isCastleTarget(t)) {
		p.placeKing(t)
		return
	}
	if p.rules.switches != 0 {
		if r == King {
			p.castling.forfeitColor(us) // a king entering a union (KingUnions) moves too
		}
		if p.rules.switches&VchessCastlingRights != 0 {
			// vchess: a step of the mover ending on its own rook's square.
			p.castling.forfeitRookOf(us, t)
		}
	}
	// 4. Takeover: the own piece on t is released into the hand.
	if own := p.board.remove(us, t); own != NoRole {
		p.board.put(us, r, t)
		p.handOwn, p.handSq = own, t
		if p.rules.switches != 0 {
			if own == Rook && p.rules.switches&ReleaseForfeitsCastling != 0 {
				p.castling.forfeitRookOf(us, t)
			}
			if viaEP != NoSquare && p.rules.switches&EnPassantFromArrival != 0 {
				p.handSq = viaEP // rulebook: released where the union stood (#40)
			}
		}
		if p.promo1 != 0 {
			p.step = requirePromoteThenPlace
		} else {
			p.step = requirePlace
		}
		return
	}
	// 5. The move ends on an empty square or by forming a union.
	partner := p.board.roleAt(us.Other(), t)
	p.board.put(us, r, t)
	p.handOwn = NoRole
	if partner != NoRole {
		p.noProgress = 0
	}
	p.ep1 = p.doubleStep(r, from, t)
	p.koFrom1, p.koTo1 = 0, 0
	if partner == King {
		p.res = pack(Outcome{Termination: Paco, Winner: us})
	}
	if p.promo1 != 0 {
		p.step = requirePromoteThenFinish
		return
	}
	p.endTurn()
}

// doubleStep returns the en passant field (square+1, or 0) after a piece of role r
// of the side to move went from → to as the last step of a move: set when a pawn
// left its pawn row (or, under HomeRowEnPassant, its home row) with a double step
// (catalogue §8.1). Under PawnFileFlags a double step from the pawn row clears the
// file's flag.
func (p *Position) doubleStep(r Role, from, to Square) uint8 {
	us := p.turn
	if r != Pawn || int(to)-int(from) != 16-32*int(us) {
		return 0
	}
	pawnRow := us.homeRank() + 1 - 2*int(us)
	if from.Rank() == pawnRow && p.rules.switches&PawnFileFlags != 0 {
		p.pawnFlags &^= 1 << (8*int(us) + from.File()) // a double step from the home row keeps it
	}
	if from.Rank() != pawnRow && (from.Rank() != us.homeRank() || p.rules.switches&HomeRowEnPassant == 0) {
		return 0
	}
	return uint8(int(from)+us.forward()) + 1
}

// placePair puts a lifted union on the empty square t (catalogue §3.2, §9).
func (p *Position) placePair(t Square) {
	us, them := p.turn, p.turn.Other()
	own, partner, from := p.handOwn, p.handPart, p.handSq
	p.board.put(us, own, t)
	p.board.put(them, partner, t)
	p.handOwn, p.handPart = NoRole, NoRole
	p.ep1 = p.doubleStep(own, from, t)
	if p.rules.switches != 0 {
		if p.rules.switches&Ko != 0 {
			p.koFrom1, p.koTo1 = uint8(from)+1, uint8(t)+1
		}
		if p.rules.switches&VchessCastlingRights != 0 {
			p.castling.forfeitRookOf(us, t)
		}
	}
	switch {
	case own == Pawn && t.Rank() == us.promotionRank():
		p.promo1 = uint8(t) + 1
		p.step = requirePromoteThenFinish
	case partner == Pawn && t.Rank() == them.promotionRank() && p.rules.switches&MoverPromotesCarried != 0:
		// vchess: the mover chooses what the carried enemy pawn becomes.
		p.promo1 = uint8(t) + 1
		p.step = requirePromoteThenFinish
	case partner == Pawn && t.Rank() == them.promotionRank():
		// The opponent's pawn reached its last rank: its owner promotes it as the
		// first action of their turn. No position is recorded before that.
		p.promo1 = uint8(t) + 1
		p.turn = them
		p.step = requirePromoteThenLift
		p.countPly()
	default:
		p.endTurn()
	}
}

// isCastleTarget reports whether t is the place target of one of the mover's
// castling options.
func (p *Position) isCastleTarget(t Square) bool {
	_, ok := p.castleSide(t)
	return ok
}

// placeKing puts the king in the hand on t, castling if t is the place target of
// one of the mover's options (catalogue §7.3).
//
// QUIRK (engine-exact): the engine recognises castling by the target square alone.
// When the rook is missing from its square (only possible from a FEN), a king step
// onto the option's place target castles although the castling conditions were
// never checked, and the king overwrites whatever own piece stands on its castling
// square. The reference data depends on this (perft.tsv,
// 1k3b2/p3ppp1/e1d2r2/1S1rP2p/P2P4/4A3/1PP1I1PP/2s2YRK w, depth 3).
func (p *Position) placeKing(t Square) {
	us := p.turn
	p.handOwn = NoRole
	castled := false
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		if p.castling.opt[i] == 0 {
			continue
		}
		if rule := p.castling.rule(i); rule.placeTarget == t {
			p.board.swap(rule.rookFrom, rule.rookTo)
			p.board.remove(us, rule.kingTo)
			p.board.put(us, King, rule.kingTo)
			castled = true
			break
		}
	}
	if !castled {
		p.board.put(us, King, t)
	}
	p.castling.forfeitColor(us)
	p.ep1 = 0
	p.koFrom1, p.koTo1 = 0, 0
	p.endTurn()
}

// promote replaces the pending pawn by r (catalogue §9): the side to move's pawn,
// or under MoverPromotesCarried the carried enemy pawn on its last rank.
func (p *Position) promote(r Role) {
	s := Square(p.promo1 - 1)
	c := p.turn
	if p.board.roleAt(c, s) != Pawn || s.Rank() != c.promotionRank() {
		c = c.Other()
	}
	p.board.remove(c, s)
	p.board.put(c, r, s)
	p.promo1 = 0
	p.noProgress = 0
	p.koFrom1, p.koTo1 = 0, 0 // a promoted union is not the one that moved
	switch p.step {
	case requirePromoteThenPlace:
		p.step = requirePlace
		p.inferPromotion()
	case requirePromoteThenFinish:
		p.endTurn()
	case requirePromoteThenLift:
		p.step = requireLift
		p.inferPromotion()
	}
}

// countPly counts a half-move played. The count stays at 65535, the largest the
// FEN fields hold (vchess's half-moves, a chess FEN's full move 32768), so that
// every FEN written is read back.
func (p *Position) countPly() {
	if p.plies < 0xFFFF {
		p.plies++
	}
}

// endTurn passes the turn after a completed move and applies the endings the
// position knows: kings in unions under KingUnions (catalogue §5), the no-progress
// draw (catalogue §10.1: checked after every completed move; a victory takes
// precedence) and, under AllUnitedDraw, the rulebook's draw.
//
// A pawn of the new side to move standing on its last rank is owed a promotion, as
// ParseFEN infers it (docs/RULES.md §4), so that a position reached by play and the same
// position read from its FEN are the same state. In play this cannot happen (a pawn
// reaching its last rank is promoted at once); it keeps positions built from
// unusual FENs consistent. After a promotion the next such pawn is owed in turn.
func (p *Position) endTurn() {
	p.turn = p.turn.Other()
	p.step = requireLift
	p.countPly()
	if p.rules.switches != 0 {
		p.judgeSwitches()
	}
	if p.noProgress >= defaultNoProgressLimit || p.rules.noProgress != 0 {
		if !p.res.IsOver() && p.rules.endOfProgress(p.noProgress) {
			p.res = pack(Outcome{Termination: NoProgress})
		}
	}
	if p.board.pawns[p.turn]&(rank1BB|rank8BB) != 0 {
		p.inferPromotion()
	}
}

// judgeSwitches applies the endings of the switches that have them.
func (p *Position) judgeSwitches() {
	if p.res.Outcome().Termination != Running && p.res.Outcome().Termination != Paco {
		return
	}
	if p.rules.switches&KingUnions != 0 {
		unions := p.board.unions()
		white, black := p.board.kings[White]&unions != 0, p.board.kings[Black]&unions != 0
		switch {
		case white && black:
			p.res = pack(Outcome{Termination: KingsUnited})
		case white:
			p.res = pack(Outcome{Termination: Paco, Winner: Black})
		case black:
			p.res = pack(Outcome{Termination: Paco, Winner: White})
		}
	}
	if p.res.Outcome().Termination == Running && p.rules.switches&KingsUnitedDraw != 0 && p.board.kings[White]&p.board.kings[Black] != 0 {
		p.res = pack(Outcome{Termination: KingsUnited})
	}
	if p.res.Outcome().Termination == Running && p.rules.switches&AllUnitedDraw != 0 && allUnited(&p.board) {
		p.res = pack(Outcome{Termination: AllUnited})
	}
}

// allUnited reports whether every piece but the kings stands in a union (the
// rulebook's draw "if all pieces dance together, except the kings"). A board
// without pieces other than kings does not count.
func allUnited(b *Board) bool {
	pieces := (b.byColor[White] &^ b.kings[White]) | (b.byColor[Black] &^ b.kings[Black])
	unions := b.byColor[White] & b.byColor[Black]
	return pieces != 0 && pieces&^unions == 0
}

// inferPromotion sets the promotion owed by the side to move when one of its pawns
// stands on its last rank (docs/RULES.md §4): PromoteThenLift between moves,
// PromoteThenPlace with a piece in the hand. The lowest such square comes first.
func (p *Position) inferPromotion() {
	if pawns := p.board.pawns[p.turn] & (rank1BB << (8 * p.turn.promotionRank())); pawns != 0 {
		p.promo1 = uint8(pawns.First()) + 1
		if p.step == requirePlace {
			p.step = requirePromoteThenPlace
		} else {
			p.step = requirePromoteThenLift
		}
	}
}

// Rules returns the rules p is played by.
func (p Position) Rules() Rules { return p.rules }

// WithRules returns p played by the rules r from now on. The position's state is
// unchanged (an outcome already reached stays), except that a position moving to
// rules with PawnFileFlags from rules without them gets every flag set: nothing is
// known to have cleared one.
func (p Position) WithRules(r Rules) Position {
	if r.switches&PawnFileFlags != 0 && p.rules.switches&PawnFileFlags == 0 {
		p.pawnFlags = 0xFFFF
	}
	p.rules = r
	return p
}
