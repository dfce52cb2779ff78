package pacosako

import (
	"strconv"
	"strings"
)

// FEN dialect of the official engine (RULES.md §4, catalogue §12.1):
//
//	<board>[^<square><letter>] <w|b> <no-progress> <castling> <en passant> -
//
// The board lists ranks 8 to 1 separated by "/", digits for runs of empty squares,
// one letter per occupied square: PRNBQK / prnbqk for lone pieces, a union letter
// (Cell.Letter) for two pieces sharing the square. The optional "^" suffix names the
// hand of a move in progress: the square it hovers over and the letter that square
// would show for it. The third field is the no-progress counter (not a move number).
// Castling rights are rook files, upper case for White ("AHah"; Fischer-random
// "BHbh"). The last field is always "-".

// ParseFEN reads a position in the engine dialect. It accepts everything the
// official engine's parser accepts: upper-case symmetric union letters, a hand, any
// castling letters (their side is decided by the king's file; all rights are dropped
// if either king is missing, as the engine does), a hand letter followed by a second
// letter (ignored, as by the engine), '_' for two kings in one union (which the
// engine writes but cannot read). Fields may be separated by any run of white space,
// and white space around the FEN is ignored. An en passant square is accepted on any
// square, as by the engine; off ranks 3 and 6 it makes odd moves (a pawn stepping
// diagonally onto it swaps whatever stands behind it onto it).
//
// A position read from a FEN is always running (no result is inferred) and is not
// validated: kings may be missing or stand in a union. A pawn of the side to move on
// its last rank means that side owes a promotion (PromoteThenLift, or
// PromoteThenPlace when the hand is not empty); if there are several, the lowest
// square is promoted first.
//
// A FEN in vchess's dialect (FENDialect) is read too, with the Vchess rules (six
// fields) or vchess's pacoplay mode (five fields, VchessPacoplay); see VchessFEN.
// Unlike an engine FEN, a vchess FEN's game ends when a king stands in a union, as
// vchess scores it.
//
// Errors are *FENError values wrapping ErrInvalidFEN. ParseFEN never panics.
func ParseFEN(fen string) (Position, error) {
	if FENDialect(fen) == VchessDialect {
		return parseVchessFEN(fen)
	}
	var p Position
	fail := func(field, reason string) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Reason: reason}
	}
	fields := strings.Fields(fen)
	if len(fields) != 6 {
		return fail("fields", "want 6 space-separated fields (board, side to move, no-progress counter, castling, en passant, -), got "+strconv.Itoa(len(fields)))
	}
	boardField, handField, hasHand := strings.Cut(fields[0], "^")

	// Board.
	b, reason := parseBoard(boardField)
	if reason != "" {
		return fail("board", reason)
	}
	p.board = b

	// Side to move.
	if p.turn, reason = parseSideToMove(fields[1]); reason != "" {
		return fail("side to move", reason)
	}

	// Hand.
	if hasHand {
		if len(handField) < 3 || len(handField) > 4 {
			return fail("hand", "want ^ followed by a square and a letter (e.g. ^d2P), got "+strconv.Quote("^"+handField))
		}
		sq, err := ParseSquare(handField[:2])
		if err != nil {
			return fail("hand", strconv.Quote(handField[:2])+" is not a square")
		}
		for j := 2; j < len(handField); j++ {
			if _, ok := cellFromLetter(handField[j]); !ok {
				return fail("hand", quoteByte(handField[j])+" is not a piece or union letter")
			}
		}
		c, _ := cellFromLetter(handField[2])
		own, partner := c.Role(p.turn), c.Role(p.turn.Other())
		if own == NoRole {
			return fail("hand", quoteByte(handField[2])+" holds no piece of the side to move ("+p.turn.String()+")")
		}
		p.handOwn, p.handPart, p.handSq = own, partner, sq
		p.step = requirePlace
	}

	// No-progress counter.
	n, err := strconv.ParseUint(fields[2], 10, 16)
	if err != nil || fields[2][0] == '+' {
		return fail("no-progress counter", "want a number 0..65535, got "+strconv.Quote(fields[2]))
	}
	p.noProgress = uint16(n)

	// Castling.
	if cr, reason := parseCastling(fields[3], &p); reason != "" {
		return fail("castling", reason)
	} else {
		p.castling = cr
	}

	// En passant.
	if fields[4] != "-" {
		sq, err := ParseSquare(fields[4])
		if err != nil {
			return fail("en passant", "want a square or -, got "+strconv.Quote(fields[4]))
		}
		p.ep1 = uint8(sq) + 1
	}

	if fields[5] != "-" {
		return fail("last field", "want -, got "+strconv.Quote(fields[5]))
	}

	p.inferPromotion()
	return p, nil
}

// ParseBoard reads the piece placement field of a FEN (the part before the first
// space, without a "^" hand): ranks 8 to 1 separated by "/", digits for empty runs,
// piece and union letters as in ParseFEN. The error is a *FENError (Field "board")
// wrapping ErrInvalidFEN.
func ParseBoard(s string) (Board, error) {
	b, reason := parseBoard(s)
	if reason != "" {
		return Board{}, &FENError{FEN: s, Field: "board", Reason: reason}
	}
	return b, nil
}

func parseBoard(s string) (b Board, reason string) {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return b, "want 8 ranks separated by '/', got " + strconv.Itoa(len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if file >= 8 {
				return b, "rank " + strconv.Itoa(rank+1) + " has more than 8 squares"
			}
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				if file > 8 {
					return b, "rank " + strconv.Itoa(rank+1) + " has more than 8 squares"
				}
				continue
			}
			c, ok := cellFromLetter(ch)
			if !ok {
				if ch == '^' {
					return b, "a hand (^) follows the whole board, not a rank"
				}
				return b, "rank " + strconv.Itoa(rank+1) + ": " + quoteByte(ch) + " is not a piece or union letter"
			}
			b.set(NewSquare(file, rank), c)
			file++
		}
		if file != 8 {
			return b, "rank " + strconv.Itoa(rank+1) + " has " + strconv.Itoa(file) + " squares, want 8"
		}
	}
	return b, ""
}

// parseCastling reads the castling field: "-" or up to two upper-case then up to two
// lower-case file letters. The side of each right is decided by the file of that
// colour's king (queen side if the rook's file is lower); a later letter for the
// same side replaces an earlier one. No rights survive if either king is missing.
func parseCastling(field string, p *Position) (CastlingRights, string) {
	var cr CastlingRights
	if field == "-" {
		return cr, ""
	}
	upper, lower := 0, 0
	for i := 0; i < len(field); i++ {
		ch := field[i]
		switch {
		case ch >= 'A' && ch <= 'H' && lower == 0:
			upper++
		case ch >= 'a' && ch <= 'h':
			lower++
		default:
			return cr, "want - or rook files (upper case for White first, e.g. AHah), got " + strconv.Quote(field)
		}
	}
	if upper > 2 || lower > 2 {
		return cr, "at most two rights per colour, got " + strconv.Quote(field)
	}
	wk, bk := p.kingFile(White), p.kingFile(Black)
	if wk < 0 || bk < 0 {
		return cr, ""
	}
	for i := 0; i < len(field); i++ {
		c, kf, rf := White, wk, int(field[i]-'A')
		if field[i] >= 'a' {
			c, kf, rf = Black, bk, int(field[i]-'a')
		}
		side := KingSide
		if rf < kf {
			side = QueenSide
		}
		cr = cr.With(c, side, kf, rf)
	}
	return cr, ""
}

// kingFile returns the file of colour c's king (on the board, lone or in a union,
// else in the hand), or -1 if c has no king.
func (p *Position) kingFile(c Color) int {
	if k := p.board.kings[c]; k != 0 {
		return k.First().File()
	}
	if p.handOwn != NoRole {
		if (c == p.turn && p.handOwn == King) || (c != p.turn && p.handPart == King) {
			return p.handSq.File()
		}
	}
	return -1
}

// quoteByte shows a byte of the input: as a quoted character if it is printable
// ASCII, else by its value (a FEN is ASCII; "Ŝ" is two bytes, neither a letter).
func quoteByte(b byte) string {
	if b >= 0x20 && b < 0x7F {
		return strconv.QuoteRune(rune(b))
	}
	return "byte " + strconv.Quote(string([]byte{b}))
}

// MustParseFEN is ParseFEN for constants and tests: it panics if fen is invalid.
func MustParseFEN(fen string) Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// parseSideToMove reads the side-to-move field of both FEN dialects: "w" or "b".
// The reason is empty when the field is valid.
func parseSideToMove(field string) (Color, string) {
	switch field {
	case "w":
		return White, ""
	case "b":
		return Black, ""
	}
	return White, "want w or b, got " + strconv.Quote(field)
}
