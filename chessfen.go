package pacosako

import (
	"strconv"
	"strings"
)

// Chess FENs (ChessDialect): a position without unions written as chess programs
// write it, with X-FEN and Shredder-FEN castling. ParseFEN's and FENIn's doc comments
// give the rules; the reader and the writer below agree on them, so that every
// position read from a chess FEN is written back and reads as the same state.

// maxChessFullMove is the largest full-move number whose half-moves played,
// 2×(n−1)+1, fit the position's 16-bit count.
const maxChessFullMove = 32768

// parseChessFEN reads a chess FEN (DetectFENDialect said so).
func parseChessFEN(fen string) (Position, error) {
	var p Position
	fail := func(field, reason string) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Reason: reason}
	}
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return fail("fields", "a chess FEN has 6 fields (board, side to move, castling, en passant, half-move clock, full-move number; the last two may be left out), got "+strconv.Itoa(len(fields)))
	}

	// Board.
	if strings.Contains(fields[0], "^") {
		return fail("board", "a chess FEN has no hand (^); write a move in progress in the engine dialect")
	}
	b, reason := parseBoard(fields[0])
	if reason != "" {
		return fail("board", reason)
	}
	if u := b.Unions(); u != 0 {
		return fail("board", "union letters on "+namedSquares(u, &b)+": a chess FEN has lone pieces only (PNBRQK, pnbrqk)")
	}
	if last := lastRankPawns(&b); last != 0 {
		return fail("board", "a pawn on its last rank ("+namedSquares(last, nil)+") would owe a promotion, which a chess FEN cannot hold")
	}
	p.board = b

	// Side to move.
	if p.turn, reason = parseSideToMove(fields[1]); reason != "" {
		return fail("side to move", reason)
	}

	// Castling.
	if p.castling, reason = parseChessCastling(fields[2], &p.board); reason != "" {
		return fail("castling", reason)
	}

	// En passant.
	if fields[3] != "-" {
		sq, err := ParseSquare(fields[3])
		if err != nil {
			return fail("en passant", "want a square or -, got "+strconv.Quote(fields[3]))
		}
		if reason := chessEnPassantReason(&p.board, p.turn, sq); reason != "" {
			return fail("en passant", reason)
		}
		p.ep1 = uint8(sq) + 1
	}

	// Half-move clock: the no-progress counter.
	if len(fields) > 4 {
		n, err := strconv.ParseUint(fields[4], 10, 16)
		if err != nil {
			return fail("half-move clock", "want a number 0..65535, got "+strconv.Quote(fields[4]))
		}
		p.noProgress = uint16(n)
	}

	// Full-move number: the half-moves played.
	fullMove := uint64(1)
	if len(fields) > 5 {
		n, err := strconv.ParseUint(fields[5], 10, 16)
		if err != nil || n > maxChessFullMove {
			return fail("full-move number", "want a number 1.."+strconv.Itoa(maxChessFullMove)+", got "+strconv.Quote(fields[5]))
		}
		fullMove = max(n, 1)
	}
	p.plies = uint16(2*(fullMove-1)) + uint16(p.turn)
	return p, nil
}

// lastRankPawns returns the squares of the lone pawns standing on their colour's
// last rank (White's on rank 8, Black's on rank 1).
func lastRankPawns(b *Board) Bitboard {
	return (b.pawns[White]&rank8BB | b.pawns[Black]&rank1BB) &^ b.Unions()
}

// namedSquares names the squares of s, sorted by name ("a5, e4"), each followed by its
// letter when b is not nil ("a5 ('C'), e4 ('a')").
func namedSquares(s Bitboard, b *Board) string {
	var parts []string
	for _, name := range strings.Split(s.String(), ",") {
		if b != nil {
			sq, _ := ParseSquare(name)
			name += " (" + quoteByte(b.cell(sq).Letter()) + ")"
		}
		parts = append(parts, name)
	}
	return strings.Join(parts, ", ")
}

// parseChessCastling reads the castling field of a chess FEN against the board:
// "-", or KQkq (the outermost rook on that side of the king, X-FEN) and rook files
// (Shredder-FEN, X-FEN's inner rooks), upper case for White, in any order. The reason
// is empty when the field is valid.
func parseChessCastling(field string, b *Board) (CastlingRights, string) {
	var cr CastlingRights
	if field == "-" {
		return cr, ""
	}
	if field == "" {
		return cr, "want - or castling letters (KQkq, or rook files such as HAha), got \"\""
	}
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := White
		if ch >= 'a' && ch <= 'z' {
			c = Black
		}
		upper := ch &^ 0x20
		if upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H') {
			return cr, quoteByte(ch) + " is not a castling letter (want - alone, or KQkq and rook files A–H, a–h), in " + strconv.Quote(field)
		}
		rank := c.homeRank()
		kf, reason := castlingKingFile(b, c)
		if reason != "" {
			return cr, quoteByte(ch) + ": " + reason
		}
		rf := -1
		switch upper {
		case 'K', 'Q':
			side := KingSide
			if upper == 'Q' {
				side = QueenSide
			}
			if rf = outermostRook(b, c, kf, side); rf < 0 {
				return cr, quoteByte(ch) + ": no " + colorName(c) + " rook on the " + sideName(side) + " of " + c.String() + "'s king on " + NewSquare(kf, rank).String()
			}
		default:
			rf = int(upper - 'A')
			if rf == kf {
				return cr, quoteByte(ch) + " names the file of " + c.String() + "'s king, not a rook's"
			}
			if b.roleAt(c, NewSquare(rf, rank)) != Rook {
				return cr, quoteByte(ch) + ": no " + colorName(c) + " rook on " + NewSquare(rf, rank).String()
			}
		}
		side := KingSide
		if rf < kf {
			side = QueenSide
		}
		if cr.Has(c, side) {
			return cr, quoteByte(ch) + ": a second castling right on " + c.String() + "'s " + sideName(side) + ", in " + strconv.Quote(field)
		}
		cr = cr.With(c, side, kf, rf)
	}
	return cr, ""
}

// colorName is "white" or "black", for "a white rook".
func colorName(c Color) string { return strings.ToLower(c.String()) }

// sideName is "king side" or "queen side".
func sideName(side CastlingSide) string {
	if side == KingSide {
		return "king side"
	}
	return "queen side"
}

// castlingKingFile returns the file of colour c's king for a castling right: c must
// have exactly one king, on its home rank. The reason says what is wrong otherwise.
func castlingKingFile(b *Board, c Color) (int, string) {
	kings := b.kings[c]
	switch kings.Count() {
	case 0:
		return -1, c.String() + " has no king"
	case 1:
	default:
		return -1, c.String() + " has " + strconv.Itoa(kings.Count()) + " kings"
	}
	k := kings.First()
	if k.Rank() != c.homeRank() {
		return -1, c.String() + "'s king is on " + k.String() + ", not on rank " + strconv.Itoa(c.homeRank()+1)
	}
	return k.File(), ""
}

// outermostRook returns the file of colour c's rook farthest from the king (on file
// kf) on side of it on c's home rank, or -1 if there is none.
func outermostRook(b *Board, c Color, kf int, side CastlingSide) int {
	rank := c.homeRank()
	if side == KingSide {
		for f := 7; f > kf; f-- {
			if b.roleAt(c, NewSquare(f, rank)) == Rook {
				return f
			}
		}
		return -1
	}
	for f := 0; f < kf; f++ {
		if b.roleAt(c, NewSquare(f, rank)) == Rook {
			return f
		}
	}
	return -1
}

// chessEnPassantReason checks that sq is a square a double step of the side not to
// move just skipped: on rank 3 (Black to move) or 6, empty, with that side's pawn
// beyond it. The reason is empty when it is.
func chessEnPassantReason(b *Board, turn Color, sq Square) string {
	them := turn.Other()
	wantRank := them.homeRank() + 2*them.forward()/8 // rank 3 (index 2) or 6 (index 5)
	beyond := Square(int(sq) + them.forward())
	switch {
	case sq.Rank() != wantRank:
		return sq.String() + ": with " + turn.String() + " to move, the square a " + colorName(them) +
			" pawn's double step skipped is on rank " + strconv.Itoa(wantRank+1)
	case !b.cell(sq).IsEmpty():
		return sq.String() + " is not empty: a double step skips an empty square"
	case b.roleAt(them, beyond) != Pawn:
		return sq.String() + ": no " + colorName(them) + " pawn on " + beyond.String() + " that could have skipped it"
	}
	return ""
}

// chessFEN writes the position as a chess FEN (FENIn(ChessDialect), whose doc says
// when it fails); the error wraps ErrFENDialect and lists every reason.
func (p Position) chessFEN() (string, error) {
	var reasons []string
	if u := p.board.Unions(); u != 0 {
		reasons = append(reasons, "unions on "+namedSquares(u, &p.board)+" (a chess FEN has lone pieces only)")
	}
	if p.handOwn != NoRole {
		reasons = append(reasons, "a piece in the hand ("+p.Hand().String()+"): finish the move first")
	}
	last := lastRankPawns(&p.board)
	if promo := p.PendingPromotion(); promo != NoSquare {
		reasons = append(reasons, "a pending promotion on "+promo.String())
		last &^= promo.bit()
	} else if p.step != requireLift && p.handOwn == NoRole {
		reasons = append(reasons, "a move in progress (step "+p.step.String()+")")
	}
	if last != 0 {
		reasons = append(reasons, "a pawn on its last rank ("+namedSquares(last, nil)+"), which a chess FEN reads as owing a promotion")
	}
	castling, reason := p.chessCastling()
	if reason != "" {
		reasons = append(reasons, reason)
	}
	if ep := p.epSquare(); ep != NoSquare {
		if reason := chessEnPassantReason(&p.board, p.turn, ep); reason != "" {
			reasons = append(reasons, "an en passant square that no double step skipped ("+reason+")")
		}
	}
	if len(reasons) > 0 {
		return "", dialectError(ChessDialect, strings.Join(reasons, "; "))
	}
	var sb strings.Builder
	sb.Grow(80)
	sb.Write(p.board.appendFEN(make([]byte, 0, 72)))
	if p.turn == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(castling)
	sb.WriteByte(' ')
	sb.WriteString(p.epSquare().String())
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.noProgress)))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.plies)/2 + 1))
	return sb.String(), nil
}

// chessCastling writes the castling rights as a chess FEN's field in X-FEN: for
// each colour, king side first, K/Q (k/q) when the right's rook is the outermost one
// on its side, else its file. The reason names a right that does not fit the board:
// its king or rook is not on its square (the engine's rights are not checked
// against the board; a chess FEN's are).
func (p *Position) chessCastling() (string, string) {
	var sb strings.Builder
	var bad []string
	for c := White; c <= Black; c++ {
		for _, side := range [...]CastlingSide{KingSide, QueenSide} {
			o := p.castling.opt[castlingIndex(c, side)]
			if o == 0 {
				continue
			}
			kf, rf := int(o>>3&7), int(o&7)
			rank := c.homeRank()
			letter := byte('A' + rf)
			if c == Black {
				letter = byte('a' + rf)
			}
			if f, reason := castlingKingFile(&p.board, c); reason != "" {
				bad = append(bad, "castling right "+string(letter)+" without its king ("+reason+")")
				continue
			} else if f != kf {
				bad = append(bad, "castling right "+string(letter)+" without its king (given for a king on "+NewSquare(kf, rank).String()+
					"; "+c.String()+"'s king is on "+NewSquare(f, rank).String()+")")
				continue
			}
			if p.board.roleAt(c, NewSquare(rf, rank)) != Rook {
				bad = append(bad, "castling right "+string(letter)+" without its rook (no "+colorName(c)+" rook on "+NewSquare(rf, rank).String()+")")
				continue
			}
			if outermostRook(&p.board, c, kf, side) == rf {
				letter = map[CastlingSide]byte{KingSide: 'K', QueenSide: 'Q'}[side]
				if c == Black {
					letter |= 0x20
				}
			}
			sb.WriteByte(letter)
		}
	}
	if len(bad) > 0 {
		return "", strings.Join(bad, "; ")
	}
	if sb.Len() == 0 {
		return "-", ""
	}
	return sb.String(), ""
}
