package fenfield

import (
	"math/bits"
	"strconv"
	"strings"
)

// Board is what the castling and en passant fields are checked against: the
// squares of each colour's kings, rooks and pawns, and every occupied square.
type Board struct {
	Kings, Rooks, Pawns [2]uint64
	Occupied            uint64
}

// The two castling sides, as indexes of Rights.
const (
	QueenSide = 0
	KingSide  = 1
)

// Rights are the castling rights a castling field names: Rights[c][side] is the
// file (0..7) of colour c's castling rook on that side of its king, or -1 for no
// right; KingFile[c] the file of c's king when c has a right.
type Rights struct {
	Rook     [2][2]int8
	KingFile [2]int8
}

// NoRights is the Rights of "-".
var NoRights = Rights{Rook: [2][2]int8{{-1, -1}, {-1, -1}}, KingFile: [2]int8{-1, -1}}

// homeRank is the rank (0..7) of colour c's back row.
func homeRank(c int) int { return c * 7 }

// KingFile returns the file of colour c's king for a castling right: c must have
// exactly one king, on its home rank. The reason says what is wrong otherwise.
func KingFile(b *Board, c int) (int, string) {
	kings := b.Kings[c]
	switch n := bits.OnesCount64(kings); n {
	case 0:
		return -1, ColorName(c) + " has no king"
	case 1:
	default:
		return -1, ColorName(c) + " has " + strconv.Itoa(n) + " kings"
	}
	k := bits.TrailingZeros64(kings)
	if k>>3 != homeRank(c) {
		return -1, ColorName(c) + "'s king is on " + SquareName(k) + ", not on rank " + strconv.Itoa(homeRank(c)+1)
	}
	return k & 7, ""
}

// OutermostRook returns the file of colour c's rook farthest from the king (on file
// kf) on side of it on c's home rank, or -1 if there is none.
func OutermostRook(b *Board, c, kf, side int) int {
	row := uint8(b.Rooks[c] >> (8 * homeRank(c)))
	if side == KingSide {
		row &^= uint8(1)<<(kf+1) - 1
		if row == 0 {
			return -1
		}
		return 7 - bits.LeadingZeros8(row)
	}
	row &= uint8(1)<<kf - 1
	if row == 0 {
		return -1
	}
	return bits.TrailingZeros8(row)
}

// AbsentNote ends the reason a strict reading (ParseCastling and ParseEnPassant
// with lenient false, the games' ParseFENStrict) gives for what the lenient
// reading, the games' ParseFEN, reads as absent.
const AbsentNote = " (ParseFEN reads it as absent: so do python-chess and lichess)"

// ParseCastling reads the castling field of a chess FEN against the board: "-", or
// KQkq (the outermost rook on that side of the king, X-FEN) and rook files
// (Shredder-FEN, X-FEN's inner rooks), upper case for White, in any order, at most
// one per side of each king. Every letter needs that colour's single king on its
// home rank and the rook it names on the same rank: strictly (lenient false) a
// letter without them is the reason; leniently, as python-chess and lichess read
// it, such a letter is no right and ignored describes it ("'K': no white rook
// on …", several joined by "; "). Text that is no castling field, and a second
// right on one side of a king, are a reason either way.
func ParseCastling(field string, b *Board, lenient bool) (r Rights, ignored, reason string) {
	r = NoRights
	if field == "-" {
		return r, "", ""
	}
	if field == "" {
		return r, "", "want - or castling letters (KQkq, or rook files such as HAha), got \"\""
	}
	var skipped []string
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := 0
		if ch >= 'a' && ch <= 'z' {
			c = 1
		}
		upper := ch &^ 0x20
		if upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H') {
			return r, "", QuoteByte(ch) + " is not a castling letter (want - alone, or KQkq and rook files A–H, a–h), in " + strconv.Quote(field)
		}
		rf, kf, missing := castlingRook(b, c, ch)
		if missing != "" {
			if !lenient {
				return r, "", missing
			}
			skipped = append(skipped, missing)
			continue
		}
		side := KingSide
		if rf < kf {
			side = QueenSide
		}
		if r.Rook[c][side] >= 0 {
			return r, "", QuoteByte(ch) + ": a second castling right on " + ColorName(c) + "'s " + sideName(side) + ", in " + strconv.Quote(field)
		}
		r.Rook[c][side], r.KingFile[c] = int8(rf), int8(kf)
	}
	return r, strings.Join(skipped, "; "), ""
}

// castlingRook returns the files of the rook and the king that castling letter ch
// of colour c names on b, or why that king or rook is missing.
func castlingRook(b *Board, c int, ch byte) (rf, kf int, missing string) {
	upper := ch &^ 0x20
	rank := homeRank(c)
	kf, reason := KingFile(b, c)
	if reason != "" {
		return -1, -1, QuoteByte(ch) + ": " + reason
	}
	switch upper {
	case 'K', 'Q':
		side := KingSide
		if upper == 'Q' {
			side = QueenSide
		}
		if rf = OutermostRook(b, c, kf, side); rf < 0 {
			return -1, -1, QuoteByte(ch) + ": no " + colorWord(c) + " rook on the " + sideName(side) + " of " + ColorName(c) + "'s king on " + SquareName(rank*8+kf)
		}
	default:
		rf = int(upper - 'A')
		if rf == kf {
			return -1, -1, QuoteByte(ch) + " names the file of " + ColorName(c) + "'s king, not a rook's"
		}
		if b.Rooks[c]&(1<<(rank*8+rf)) == 0 {
			return -1, -1, QuoteByte(ch) + ": no " + colorWord(c) + " rook on " + SquareName(rank*8+rf)
		}
	}
	return rf, kf, ""
}

// sideName is "king side" or "queen side".
func sideName(side int) string {
	if side == KingSide {
		return "king side"
	}
	return "queen side"
}

// AppendCastling appends the castling field of r in X-FEN to dst: for each colour,
// king side first, K/Q (k/q for Black) when the right's rook is the outermost one
// on its side of the king, else its file letter ("KQkq", "Gkq", "GBgb"); "-" for
// no right. Every right's king and rook must stand on b (KingFile and the rook
// square): callers check that first.
func AppendCastling(dst []byte, r *Rights, b *Board) []byte {
	n := len(dst)
	for c := 0; c < 2; c++ {
		for _, side := range [2]int{KingSide, QueenSide} {
			rf := int(r.Rook[c][side])
			if rf < 0 {
				continue
			}
			letter := byte('A' + rf)
			if OutermostRook(b, c, int(r.KingFile[c]), side) == rf {
				letter = "QK"[side]
			}
			if c == 1 {
				letter |= 0x20
			}
			dst = append(dst, letter)
		}
	}
	if len(dst) == n {
		dst = append(dst, '-')
	}
	return dst
}

// ParseEnPassant reads the en passant field of a chess FEN with turn to move: "-"
// (-1), or a square. Strictly (lenient false) the square must pass
// EnPassantReason; leniently, as python-chess and lichess read it, a square no
// double step could explain is no square (-1) and ignored says why. Text that is
// no square is a reason either way.
func ParseEnPassant(field string, b *Board, turn int, lenient bool) (sq int, ignored, reason string) {
	if field == "-" {
		return -1, "", ""
	}
	if len(field) != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8' {
		return -1, "", "want a square or -, got " + strconv.Quote(field)
	}
	sq = int(field[1]-'1')*8 + int(field[0]-'a')
	if why := EnPassantReason(b, turn, sq); why != "" {
		if lenient {
			return -1, why, ""
		}
		return -1, "", why
	}
	return sq, "", ""
}

// EnPassantReason checks that sq is a square a double step of the side not to
// move just skipped, with turn to move: on rank 3 (Black to move) or 6, empty,
// with that side's pawn beyond it. The reason is empty when it is.
func EnPassantReason(b *Board, turn int, sq int) string {
	them := 1 - turn
	forward := 8 - 16*them
	wantRank := 5 - 3*turn // rank 6 (index 5) with White to move, rank 3 with Black
	beyond := sq + forward
	switch {
	case sq>>3 != wantRank:
		return SquareName(sq) + ": with " + ColorName(turn) + " to move, the square a " + colorWord(them) +
			" pawn's double step skipped is on rank " + strconv.Itoa(wantRank+1)
	case b.Occupied&(1<<sq) != 0:
		return SquareName(sq) + " is not empty: a double step skips an empty square"
	case b.Pawns[them]&(1<<beyond) == 0:
		return SquareName(sq) + ": no " + colorWord(them) + " pawn on " + SquareName(beyond) + " that could have skipped it"
	}
	return ""
}
