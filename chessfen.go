package pacosako

import (
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako/internal/fenfield"
)

// Chess FENs (ChessDialect): a position without unions written as chess programs
// write it, with X-FEN and Shredder-FEN castling. ParseFEN's and FENIn's doc comments
// give the rules; the reader and the writer below agree on them, so that every
// position read from a chess FEN is written back and reads as the same state. The
// syntax of the fields is internal/fenfield's, which package atomic reads its FENs
// with too; what is Paco Ŝako's (unions, the hand, a pending promotion) is here.

// parseChessFEN reads a chess FEN (DetectFENDialect said so): castling letters
// whose king or rook is missing and an en passant square no double step could
// have skipped are read as absent, or refused when strict (ParseFENStrict).
func parseChessFEN(fen string, strict bool) (Position, error) {
	var p Position
	fail := func(field, reason string) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Reason: reason}
	}
	fields, reason := fenfield.SplitChess(fen)
	if reason != "" {
		return fail("fields", reason)
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
	fb := fenBoard(&p.board)
	rights, _, reason := fenfield.ParseCastling(fields[2], &fb, !strict)
	if reason != "" {
		if _, ignored, lenientReason := fenfield.ParseCastling(fields[2], &fb, true); strict && ignored != "" && lenientReason == "" {
			reason += fenfield.AbsentNote
		}
		return fail("castling", reason)
	}
	for c := White; c <= Black; c++ {
		for side := QueenSide; side <= KingSide; side++ {
			if rf := rights.Rook[c][side]; rf >= 0 {
				p.castling = p.castling.With(c, side, int(rights.KingFile[c]), int(rf))
			}
		}
	}
	if reason := p.dropCastlingWithoutKings(); reason != "" && strict {
		return fail("castling", reason+" (ParseFEN reads it as absent, as the engine's dialect does)")
	}

	// En passant.
	ep, _, reason := fenfield.ParseEnPassant(fields[3], &fb, int(p.turn), !strict)
	if reason != "" {
		if _, ignored, _ := fenfield.ParseEnPassant(fields[3], &fb, int(p.turn), true); strict && ignored != "" {
			reason += fenfield.AbsentNote
		}
		return fail("en passant", reason)
	}
	p.ep1 = uint8(ep + 1)

	// The half-move clock is the no-progress counter; the full-move number gives
	// the half-moves played.
	noProgress, fullMove, field, reason := fenfield.ParseClocks(fields)
	if reason != "" {
		return fail(field, reason)
	}
	p.noProgress, p.plies = noProgress, 2*(fullMove-1)+uint16(p.turn)
	return p, nil
}

// fenBoard is what internal/fenfield checks castling and en passant fields
// against: the kings, rooks and pawns of each colour (lone or in a union) and the
// occupied squares.
func fenBoard(b *Board) fenfield.Board {
	var fb fenfield.Board
	for c := White; c <= Black; c++ {
		fb.Kings[c], fb.Rooks[c], fb.Pawns[c] = uint64(b.kings[c]), uint64(b.Pieces(c, Rook)), uint64(b.pawns[c])
	}
	fb.Occupied = uint64(b.Occupied())
	return fb
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

// colorName is "white" or "black", for "a white rook".
func colorName(c Color) string { return strings.ToLower(c.String()) }

// chessFEN writes the position as a chess FEN (FENIn(ChessDialect), whose doc says
// when it fails); the error wraps ErrFENDialect and lists every reason.
func (p Position) chessFEN() (string, error) {
	var reasons []string
	if u := p.board.unions(); u != 0 {
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
	fb := fenBoard(&p.board)
	castling, reason := p.chessCastling(&fb)
	if reason != "" {
		reasons = append(reasons, reason)
	}
	if ep := p.epSquare(); ep != NoSquare {
		if reason := fenfield.EnPassantReason(&fb, int(p.turn), int(ep)); reason != "" {
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

// chessCastling writes the castling rights as a chess FEN's field in X-FEN
// (fenfield.AppendCastling). The reason names a right that does not fit the board:
// its king or rook is not on its square (the engine's rights are not checked
// against the board; a chess FEN's are).
func (p *Position) chessCastling(fb *fenfield.Board) (string, string) {
	var bad []string
	rights := fenfield.NoRights
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
			if f, reason := fenfield.KingFile(fb, int(c)); reason != "" {
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
			rights.Rook[c][side], rights.KingFile[c] = int8(rf), int8(kf)
		}
	}
	if len(bad) > 0 {
		return "", strings.Join(bad, "; ")
	}
	return string(fenfield.AppendCastling(nil, &rights, fb)), ""
}
