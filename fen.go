package pacosako

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako/internal/fenfield"
)

// FENDialect is one of the three FEN dialects ParseFEN reads and Position.FENIn
// writes. DetectFENDialect tells them apart.
type FENDialect uint8

// The three FEN dialects.
const (
	// EngineDialect is the official engine's (pacoplay.com), the default: union
	// letters, a "^" hand, the no-progress counter as third field, castling rights
	// as rook files ("AHah"), a last field "-". Position.FEN writes it.
	EngineDialect FENDialect = iota
	// VchessDialect is vchess.club's: half-moves played as third field, castling as
	// four letters a–i with pawn bits, a ko move; read with vchess's rules.
	VchessDialect
	// ChessDialect is the FEN of chess, with X-FEN and Shredder-FEN castling: a
	// position without unions, castling letters as third field ("KQkq", "HAha"),
	// then the en passant square, the half-move clock and the full-move number.
	ChessDialect
)

// String returns "engine", "vchess" or "chess" (FENDialect(n) for other values).
func (d FENDialect) String() string {
	switch d {
	case EngineDialect:
		return "engine"
	case VchessDialect:
		return "vchess"
	case ChessDialect:
		return "chess"
	}
	return "FENDialect(" + strconv.Itoa(int(d)) + ")"
}

// DetectFENDialect tells which dialect a FEN is written in by the shape of its
// third and fourth fields, checking nothing else (ParseFEN does): VchessDialect
// when the fourth is four letters a–i (and pawn bits), ChessDialect when the third
// is castling letters or "-", EngineDialect otherwise, also for text that is no FEN.
func DetectFENDialect(fen string) FENDialect {
	fields := strings.Fields(fen)
	switch {
	case len(fields) >= 4 && isVchessCastling(fields[3]):
		return VchessDialect
	case len(fields) >= 3 && isChessCastling(fields[2]) &&
		(len(fields) == 3 || fields[3] == "-" || !isChessCastling(fields[3])):
		return ChessDialect
	}
	return EngineDialect
}

// isChessCastling reports whether f has the shape of a chess FEN's castling field:
// "-" or letters of KQkq, A–H and a–h only.
func isChessCastling(f string) bool {
	if f == "-" {
		return true
	}
	for i := 0; i < len(f); i++ {
		switch ch := f[i]; {
		case ch == 'K', ch == 'Q', ch == 'k', ch == 'q', ch >= 'A' && ch <= 'H', ch >= 'a' && ch <= 'h':
		default:
			return false
		}
	}
	return f != ""
}

// FENIn returns the position's FEN in dialect d: EngineDialect as FEN writes
// it; VchessDialect as vchess.club writes it (six fields under vchess's
// non-official rules, else five); ChessDialect as "<board> <w|b> <castling> <en
// passant> <clock> <move>" with X-FEN castling. Every result reads back with
// ParseFEN to an Equal position, except what the dialect cannot hold (vchess's
// flags and ko move outside vchess's dialect). Errors: an error wrapping
// ErrFENDialect that says what the dialect cannot hold — a piece in the hand
// (vchess, chess), unions, a promotion owed, castling off the home squares or an
// en passant square no double step left (chess).
func (p Position) FENIn(d FENDialect) (string, error) {
	switch d {
	case EngineDialect:
		return p.FEN(), nil
	case VchessDialect:
		if p.handOwn != NoRole {
			return "", dialectError(d, "a vchess FEN cannot hold a piece in the hand ("+p.Hand().String()+"); finish the move first")
		}
		return p.vchessFEN(), nil
	case ChessDialect:
		return p.chessFEN()
	}
	return "", dialectError(d, "no such dialect (want EngineDialect, VchessDialect or ChessDialect)")
}

// dialectError is the error of FENIn: ErrFENDialect, the dialect and the reason.
func dialectError(d FENDialect, reason string) error {
	return fmt.Errorf("%w (%v): %s", ErrFENDialect, d, reason)
}

// ParseFEN reads a position from a FEN in any of the three dialects (see "FEN
// dialects" in the package doc), told apart by DetectFENDialect: the official
// engine's ("… w 0 AHah - -"), a chess FEN ("… w KQkq - 0 1", read as a position
// without unions; castling letters without their king or rook, or on a board
// without both kings, and an unexplained en passant square read as absent) or
// vchess.club's. Engine and chess FENs read with the Pacoplay rules, vchess FENs
// with vchess's. The position is running and not validated (Position.Validate).
// Errors: a *FENError wrapping ErrInvalidFEN, naming the field and the problem;
// it never panics.
func ParseFEN(fen string) (Position, error) { return parseFEN(fen, false) }

// ParseFENStrict is ParseFEN refusing what ParseFEN reads as absent in a chess
// FEN: a castling letter whose king or rook is missing or on a board without
// both kings, and an en passant square that no double step of the side not to
// move could have skipped (on the wrong rank, occupied, or without that side's
// pawn beyond it), each a *FENError (ErrInvalidFEN) naming the field, the letter
// or the square and why, the first field at fault (castling before en passant).
// The engine's and vchess's dialects are read as ParseFEN reads them (their
// castling and en passant fields are the engine's, read as it reads them). A FEN
// ParseFENStrict reads, ParseFEN reads as the same position; the command's
// validate reports what it refuses.
func ParseFENStrict(fen string) (Position, error) { return parseFEN(fen, true) }

// parseFEN is ParseFEN, strict for chess FENs when strict is set.
func parseFEN(fen string, strict bool) (Position, error) {
	switch DetectFENDialect(fen) {
	case VchessDialect:
		return parseVchessFEN(fen)
	case ChessDialect:
		return parseChessFEN(fen, strict)
	}
	var p Position
	fail := func(field, reason string) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Reason: reason}
	}
	fields := strings.Fields(fen)
	if len(fields) != 6 {
		reason := "want 6 space-separated fields (board, side to move, no-progress counter, castling, en passant, -), got " + strconv.Itoa(len(fields))
		switch _, err := strconv.Atoi(strings.TrimSpace(fieldOr(fields, 2))); {
		case len(fields) < 3 || (fields[1] != "w" && fields[1] != "b"):
		case err == nil && len(fields) > 6:
			// The engine's dialect (a number third), with extra fields such as a
			// chess FEN's move number: say which.
			reason += " (an engine FEN ends with its sixth field, -; " + strconv.Quote(shorten(strings.Join(fields[6:], " "))) + " follows it)"
		case err == nil:
		default:
			reason += " (a chess FEN has - or castling letters such as KQkq as third field)"
		}
		return fail("fields", reason)
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
		reason := "want a number 0..65535, got " + strconv.Quote(fields[2])
		if strings.IndexFunc(fields[2], func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }) >= 0 {
			reason += " (a chess FEN has its castling rights here: - alone, or KQkq and rook files A–H, a–h)"
		}
		return fail("no-progress counter", reason)
	}
	p.noProgress = uint16(n)

	// Castling.
	if cr, reason := parseCastling(fields[3], &p); reason != "" {
		return fail("castling", reason)
	} else {
		p.castling = cr
	}
	p.dropCastlingWithoutKings()

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
	cells, reason := fenfield.ParsePlacement(s, &cellCodes, func(ch byte, rank int) string {
		if ch == '^' {
			return "a hand (^) follows the whole board, not a rank"
		}
		return "rank " + strconv.Itoa(rank) + ": " + quoteByte(ch) + " is not a piece or union letter"
	})
	if reason != "" {
		return b, reason
	}
	for s, x := range cells {
		if x != 0 {
			b.set(Square(s), Cell{White: Role(x & 15), Black: Role(x >> 4)})
		}
	}
	return b, ""
}

// cellCodes maps every letter cellFromLetter reads to its cell's byte in
// Board.cells (white role | black role<<4), 0 for a byte that is no letter.
var cellCodes = func() (t [256]uint8) {
	for l := range t {
		if c, ok := cellFromLetter(byte(l)); ok {
			t[l] = uint8(c.White) | uint8(c.Black)<<4
		}
	}
	return t
}()

// parseCastling reads the castling field: "-" or up to two upper-case then up to two
// lower-case file letters. The side of each right is decided by the file of that
// colour's king (queen side if the rook's file is lower); a later letter for the
// same side replaces an earlier one. A letter of a colour without a king is no
// right (and the caller drops the other colour's: dropCastlingWithoutKings).
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

// dropCastlingWithoutKings removes every castling right unless both colours
// have a king, as the engine's dialect reads them, so that a position read from
// any dialect is written and read back the same. The reason says what was
// removed, "" if nothing was.
func (p *Position) dropCastlingWithoutKings() string {
	if p.castling.IsEmpty() {
		return ""
	}
	for c := White; c <= Black; c++ {
		if p.kingFile(c) < 0 {
			p.castling = CastlingRights{}
			return "castling rights need both kings, and " + c.String() + " has none"
		}
	}
	return ""
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
func quoteByte(b byte) string { return fenfield.QuoteByte(b) }

// MustParseFEN is ParseFEN for constants and tests: it panics if fen is invalid.
func MustParseFEN(fen string) Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// parseSideToMove reads the side-to-move field of every FEN dialect: "w" or "b".
// The reason is empty when the field is valid.
func parseSideToMove(field string) (Color, string) {
	c, reason := fenfield.ParseSideToMove(field)
	return Color(c), reason
}

// fieldOr returns fields[i], or "" if there is none.
func fieldOr(fields []string, i int) string {
	if i < len(fields) {
		return fields[i]
	}
	return ""
}
