package atomic

import (
	"math/bits"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/errtext"
)

// Validation (docs/atomic-rules.md §2): Validate reports why a position could not arise in
// an Atomic game from a standard or Chess960 start; nothing else in the package
// applies it (move generation, perft and the FEN writer accept any position). The
// checks are local (kings, material, pawns, castling rights, the en passant
// square, the side not to move in check), not a search for a game leading there.

// PositionErrorKind is a set of reasons why a position is not a legal Atomic
// position; each constant is one reason (a bit). Callers test them with Has and
// accept some with PositionError.Ignore.
type PositionErrorKind uint32

// The reasons Validate reports.
const (
	// MissingKing: the side not to move has no king (it would have lost when the
	// move before exploded it, and the game would have ended: docs/atomic-rules.md §2), or
	// neither side has one (no legal move explodes both). The side to move without
	// a king is a finished game, which is valid.
	MissingKing PositionErrorKind = 1 << iota
	// TooManyKings: a colour has more than one king (no promotion gives a king).
	TooManyKings
	// TooManyPieces: a colour has more pieces than its 16 and promotions allow:
	// more than 8 pawns, more than 16 pieces, or more pieces beyond the starting
	// set (a second queen, a third rook, bishop or knight) than pawns missing.
	TooManyPieces
	// PawnOnBackRank: a pawn on rank 1 or 8 (pawns start on ranks 2 and 7, move
	// forward and promote on the last rank).
	PawnOnBackRank
	// CastlingWithoutKing: a castling right whose colour has no king on its back
	// rank (a king's move forfeits the rights; its explosion ends the game).
	CastlingWithoutKing
	// CastlingWithoutRook: a castling right whose square holds no rook of its
	// colour (a rook's move or explosion forfeits its right).
	CastlingWithoutRook
	// InvalidEnPassant: an en passant square that the double step of the side not
	// to move does not leave: not on rank 6 (White to move) or 3 (Black to move),
	// not empty, without that side's pawn beyond it, or with a piece on the square
	// the step started from.
	InvalidEnPassant
	// OppositeCheck: the side not to move is in check (docs/atomic-rules.md rule 6) while both
	// kings stand: its last move would have been illegal.
	OppositeCheck

	positionErrorKindCount = iota
)

var positionErrorKindNames = [positionErrorKindCount]string{"MissingKing", "TooManyKings", "TooManyPieces",
	"PawnOnBackRank", "CastlingWithoutKing", "CastlingWithoutRook", "InvalidEnPassant", "OppositeCheck"}

// Has reports whether every reason of kinds is in k.
func (k PositionErrorKind) Has(kinds PositionErrorKind) bool { return kinds != 0 && k&kinds == kinds }

// positionErrorKindPhrases are the reasons' short descriptions, used for a kind
// set in a PositionError without details.
var positionErrorKindPhrases = [positionErrorKindCount]string{"missing king", "too many kings", "too many pieces",
	"pawn on a back rank", "castling right without its king", "castling right without its rook",
	"invalid en passant square", "the side not to move in check"}

// String names the reasons of k, joined by "+" ("MissingKing+PawnOnBackRank"), or
// "none".
func (k PositionErrorKind) String() string {
	return errtext.KindNames(uint32(k), positionErrorKindNames[:], "PositionErrorKind")
}

// PositionError reports every reason why a position is not a legal Atomic
// position (Position.Validate). It wraps ErrInvalidPosition. Kinds holds the
// reasons; Reasons describes each occurrence (which colour, which square); Ignore
// drops reasons a caller accepts.
type PositionError struct {
	Kinds    PositionErrorKind // every reason found
	Position Position          // the position validated
	problems errtext.Problems
}

// Error lists the reasons: "atomic: invalid position: no Black king, White pawn on
// e8".
func (e *PositionError) Error() string {
	return head(ErrInvalidPosition) + ": " + strings.Join(e.Reasons(), ", ")
}

// Unwrap returns ErrInvalidPosition.
func (e *PositionError) Unwrap() error { return ErrInvalidPosition }

// Reasons describes every reason, one short phrase per occurrence in the order of
// the kinds' constants ("no Black king", "White pawn on e8"). The phrases contain
// no comma; their wording is for people and may change. Test the kinds with
// Kinds.Has.
func (e *PositionError) Reasons() []string {
	return e.problems.Describe(uint32(e.Kinds), positionErrorKindPhrases[:])
}

// Ignore returns nil if every reason of e is in kinds, else a *PositionError with
// the other reasons.
func (e *PositionError) Ignore(kinds PositionErrorKind) error {
	rest := e.Kinds &^ kinds
	if rest == 0 {
		return nil
	}
	return &PositionError{Kinds: rest, Position: e.Position, problems: e.problems.Keep(uint32(rest))}
}

// Validate reports every reason why p is not a legal Atomic position: nil, or a
// *PositionError wrapping ErrInvalidPosition whose Kinds name the reasons (see
// PositionErrorKind for each check). Every position reached by play from a
// standard or Chess960 start validates, including a finished game.
func (p Position) Validate() error {
	var problems errtext.Problems
	add := func(k PositionErrorKind, format string, args ...any) { problems.Add(uint32(k), format, args...) }
	us := pacosako.Color(p.turn & 1)
	kings := [2]int{bits.OnesCount64(p.pieces[king] & p.colors[0]), bits.OnesCount64(p.pieces[king] & p.colors[1])}
	switch {
	case kings[0] == 0 && kings[1] == 0:
		add(MissingKing, "no king on the board")
	case kings[us^1] == 0:
		add(MissingKing, "no %v king (the side not to move)", us.Other())
	}
	for c := pacosako.White; c <= pacosako.Black; c++ {
		if kings[c] > 1 {
			add(TooManyKings, "%d %v kings", kings[c], c)
		}
		ours := p.colors[c]
		count := func(r int) int { return bits.OnesCount64(p.pieces[r] & ours) }
		pawns := count(pawn)
		extra := max(count(queen)-1, 0) + max(count(rook)-2, 0) + max(count(bishop)-2, 0) + max(count(knight)-2, 0)
		switch {
		case pawns > 8:
			add(TooManyPieces, "%d %v pawns", pawns, c)
		case bits.OnesCount64(ours) > 16:
			add(TooManyPieces, "%d %v pieces", bits.OnesCount64(ours), c)
		case pawns+extra > 8:
			add(TooManyPieces, "%v: %d pawns plus %d promoted", c, pawns, extra)
		}
		for bb := p.pieces[pawn] & ours & (rank1 | rank8); bb != 0; bb &= bb - 1 {
			add(PawnOnBackRank, "%v pawn on %v", c, pacosako.Square(lsb(bb)))
		}
	}
	for rs := p.castlingRooks(); rs != 0; rs &= rs - 1 {
		s := lsb(rs)
		c := pacosako.Color(s >> 5 & 1) // rank 1 White, rank 8 Black
		if s>>3 != 0 && s>>3 != 7 {
			add(CastlingWithoutRook, "castling right on %v off the back ranks", pacosako.Square(s))
			continue
		}
		if p.pieces[king]&p.colors[c]&homeRank(int(c)) == 0 {
			add(CastlingWithoutKing, "%v castling right with the rook on %v without a king on rank %d", c, pacosako.Square(s), 1+7*int(c))
		}
		if p.pieces[rook]&p.colors[c]&(1<<s) == 0 {
			add(CastlingWithoutRook, "%v castling right without a rook on %v", c, pacosako.Square(s))
		}
	}
	if ep := int(p.ep); ep < 64 {
		them := us.Other()
		fwd := 8 - 16*int(them)
		wantRank := 5 - 3*int(us)
		switch {
		case ep>>3 != wantRank:
			add(InvalidEnPassant, "en passant square %v on the wrong rank for %v to move", pacosako.Square(ep), us)
		case p.occupied()&(1<<ep) != 0:
			add(InvalidEnPassant, "en passant square %v not empty", pacosako.Square(ep))
		case p.pieces[pawn]&p.colors[them]&(1<<(ep+fwd)) == 0:
			add(InvalidEnPassant, "en passant square %v without a %v pawn on %v", pacosako.Square(ep), them, pacosako.Square(ep+fwd))
		case p.occupied()&(1<<(ep-fwd)) != 0:
			add(InvalidEnPassant, "en passant square %v with a piece on %v where the double step started", pacosako.Square(ep), pacosako.Square(ep-fwd))
		}
	}
	if kings[0] > 0 && kings[1] > 0 {
		q := p
		q.turn ^= 1
		q.ep = noSquare
		if q.InCheck() {
			add(OppositeCheck, "%v (not to move) in check", us.Other())
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return &PositionError{Kinds: PositionErrorKind(problems.Kinds()), Position: p, problems: problems}
}
