package atomic

import (
	"strconv"

	"github.com/pacosako-go/pacosako/internal/fenfield"
)

// ParseFEN reads a position from a chess FEN, "<board> <w|b> <castling> <en
// passant> [<clock> [<move>]]", as python-chess and lichess write it: KQkq,
// X-FEN or Shredder-FEN castling (Chess960). Castling letters without their king
// or rook and an en passant square no double step explains read as absent, as
// lichess reads them (docs/atomic-rules.md §2); ParseFENStrict refuses them. The
// position is not validated (Validate). Errors: a *FENError wrapping
// ErrInvalidFEN naming the field; a Paco Ŝako FEN is refused, naming
// pacosako.ParseFEN. It never panics.
func ParseFEN(fen string) (Position, error) { return parseFENError(fen, false) }

// ParseFENStrict is ParseFEN refusing what ParseFEN reads as absent: a castling
// letter whose king or rook is missing, and an en passant square that no double
// step of the side not to move could have skipped (on the wrong rank, occupied,
// or without that side's pawn beyond it), each a *FENError (ErrInvalidFEN) naming
// the field, the letter or the square and why, the first field at fault (castling
// before en passant). A FEN ParseFENStrict reads, ParseFEN reads as the same
// position. It suits input that must say exactly what it means; the command's
// validate reports what it refuses.
func ParseFENStrict(fen string) (Position, error) { return parseFENError(fen, true) }

// parseFENError is ParseFEN (strict: ParseFENStrict) with parseFEN's reason as a
// *FENError.
func parseFENError(fen string, strict bool) (Position, error) {
	p, field, reason := parseFEN(fen, strict)
	if reason != "" {
		return Position{}, &FENError{FEN: fen, Field: field, Reason: reason}
	}
	return p, nil
}

// parseFEN is ParseFEN's reader (ParseFENStrict's when strict): the position, or
// the field that is wrong and why.
func parseFEN(fen string, strict bool) (p Position, field, reason string) {
	if field, reason := pacoSakoFEN(fen); reason != "" {
		return p, field, reason
	}
	fields, reason := fenfield.SplitChess(fen)
	if reason != "" {
		return p, "fields", reason
	}
	cells, reason := fenfield.ParsePlacement(fields[0], &pieceCodes, func(ch byte, rank int) string {
		return "rank " + strconv.Itoa(rank) + ": " + fenfield.QuoteByte(ch) + " is not a piece letter (PNBRQK for White, pnbrqk for Black)"
	})
	if reason != "" {
		return p, "board", reason
	}
	p = Position{ep: noSquare, fullMove: 1}
	for s, x := range cells {
		if x != 0 {
			c, r := codeColorRole(x)
			p.colors[c] |= 1 << s
			p.pieces[r] |= 1 << s
		}
	}
	p.zob = p.pieceKeys()
	turn, reason := fenfield.ParseSideToMove(fields[1])
	if reason != "" {
		return p, "side to move", reason
	}
	p.turn = uint8(turn)
	fb := p.fenBoard()
	rights, _, reason := fenfield.ParseCastling(fields[2], &fb, !strict)
	if reason != "" {
		if _, ignored, lenientReason := fenfield.ParseCastling(fields[2], &fb, true); strict && ignored != "" && lenientReason == "" {
			reason += fenfield.AbsentNote
		}
		return p, "castling", reason
	}
	for c := 0; c < 2; c++ {
		for side := 0; side < 2; side++ {
			if rf := rights.Rook[c][side]; rf >= 0 {
				p.castling |= 1 << (8*c + int(rf))
			}
		}
	}
	ep, _, reason := fenfield.ParseEnPassant(fields[3], &fb, turn, !strict)
	if reason != "" {
		if _, ignored, _ := fenfield.ParseEnPassant(fields[3], &fb, turn, true); strict && ignored != "" {
			reason += fenfield.AbsentNote
		}
		return p, "en passant", reason
	}
	if ep >= 0 {
		p.ep = uint8(ep)
	}
	p.halfMove, p.fullMove, field, reason = fenfield.ParseClocks(fields)
	return p, field, reason
}

// MustParseFEN is ParseFEN for constants and tests: it panics if fen is invalid.
func MustParseFEN(fen string) Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// Piece codes in a square table, as the root package's Board keeps its cells: a
// white piece's role in the low four bits, a black piece's in the high four.
var pieceCodes, pieceLetters = func() (codes [256]uint8, letters [256]byte) {
	for i, l := range []byte("PNBRQK") {
		r := uint8(i + 1)
		codes[l], codes[l|0x20] = r, r<<4
		letters[r], letters[r<<4] = l, l|0x20
	}
	return
}()

// codeColorRole splits a piece code into its colour and role index.
func codeColorRole(x uint8) (c, r int) {
	if x&15 != 0 {
		return 0, int(x&15) - 1
	}
	return 1, int(x>>4) - 1
}

// fenBoard is what internal/fenfield checks the castling and en passant fields
// against.
func (p *Position) fenBoard() fenfield.Board {
	var fb fenfield.Board
	for c := 0; c < 2; c++ {
		fb.Kings[c] = p.pieces[king] & p.colors[c]
		fb.Rooks[c] = p.pieces[rook] & p.colors[c]
		fb.Pawns[c] = p.pieces[pawn] & p.colors[c]
	}
	fb.Occupied = p.occupied()
	return fb
}

// FEN returns the position as a chess FEN, byte for byte as python-chess writes an
// Atomic position (the vectors' FEN columns): castling in X-FEN (KQkq for the
// outermost rooks, a rook's file for an inner one; White first, king side before
// queen side: "KQkq", "GBgb"), the en passant square only when an en passant
// capture is legal, then the half-move clock and the full-move number. A castling
// right is written only while its king stands on the back rank.
func (p Position) FEN() string {
	var buf [96]byte
	return string(p.appendFEN(buf[:0]))
}

func (p *Position) appendFEN(dst []byte) []byte {
	var cells [64]uint8
	for r := pawn; r <= king; r++ {
		for c := 0; c < 2; c++ {
			code := uint8(r+1) << (4 * c)
			for bb := p.pieces[r] & p.colors[c]; bb != 0; bb &= bb - 1 {
				cells[lsb(bb)] = code
			}
		}
	}
	dst = fenfield.AppendPlacement(dst, p.occupied(), &cells, &pieceLetters)
	dst = append(dst, ' ', "wb"[p.turn&1], ' ')
	rights := fenfield.NoRights
	cr := p.castlingRights()
	for c := 0; c < 2; c++ {
		rs := cr & homeRank(c)
		if rs == 0 {
			continue
		}
		kf := lsb(p.pieces[king]&p.colors[c]&homeRank(c)) & 7
		rights.KingFile[c] = int8(kf)
		for ; rs != 0; rs &= rs - 1 {
			rf := lsb(rs) & 7
			side := fenfield.KingSide
			if rf < kf {
				side = fenfield.QueenSide
			}
			rights.Rook[c][side] = int8(rf)
		}
	}
	fb := p.fenBoard()
	dst = fenfield.AppendCastling(dst, &rights, &fb)
	dst = append(dst, ' ')
	if ep := p.legalEnPassant(); ep != noSquare {
		dst = append(dst, 'a'+byte(ep&7), '1'+byte(ep>>3))
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, ' ')
	dst = strconv.AppendUint(dst, uint64(p.halfMove), 10)
	dst = append(dst, ' ')
	return strconv.AppendUint(dst, uint64(p.fullMove), 10)
}
