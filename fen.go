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

// DetectFENDialect tells which dialect a FEN is written in, by the shape of two of
// its space-separated fields; it does not check the rest (ParseFEN does):
//
//   - VchessDialect when the fourth field is exactly four letters a–i, optionally
//     followed by pawn bits (16; fewer are read as vchess reads them, the missing
//     ones 0);
//   - ChessDialect when the third field is "-" or made of castling letters only
//     (KQkq and the rook files A–H, a–h; the engine dialect's third field is always
//     a number), unless the fourth field is made of castling letters too (an
//     engine FEN with a bad counter, "w abc AHah - -");
//   - EngineDialect otherwise (also for text that is no FEN at all).
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

// FENIn returns the position's FEN in dialect d. The error wraps ErrFENDialect and
// says what the dialect cannot hold; the engine dialect holds every position:
//
//   - EngineDialect: the same as FEN, never an error.
//   - VchessDialect: vchess.club's FEN, six fields with pawn bits and the ko move
//     when the rules have vchess's non-official rules (PawnFileFlags, Ko or
//     KingUnions), else the five fields of vchess's pacoplay mode; unions of two
//     equal pieces in upper case, two kings as '@', as vchess writes them. Fails
//     for a piece in the hand (vchess's FEN has none). The third field is the
//     number of half-moves played (counted from 0 for a position read from an
//     engine FEN); the no-progress counter and a pending promotion are not written
//     (ParseFEN infers the promotion back from the pawn on its last rank).
//   - ChessDialect: a chess FEN, "<board> <w|b> <castling> <en passant>
//     <half-move clock> <full-move number>". Fails for a position with unions, a
//     piece in the hand, a pending promotion or a pawn on its last rank, castling
//     rights whose king and rook do not stand on their home squares, or an en
//     passant square that no double step of the side not to move skipped (a
//     square on rank 3 or 6, empty, with the pawn beyond it). Castling is written in
//     X-FEN: K/Q (k/q for Black) for the outermost rook on that side of the king,
//     the rook's file letter for an inner rook; king side first ("KQkq", "Gkq",
//     "GBgb" for rights with inner rooks on both sides). The half-move clock is
//     the no-progress counter; the full-move number is 1 + h/2 for h half-moves
//     played (the count vchess's FEN shows: 0 for a position read from an engine
//     FEN, counting on from there). vchess's pawn file flags and ko move are
//     lost, as in the engine dialect.
//
// Every FEN FENIn returns reads back with ParseFEN to an Equal position, except
// for what the dialect loses as said above.
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

// ParseFEN reads a position from a FEN in any of the three dialects, telling them
// apart by DetectFENDialect:
//
//   - the official engine's (EngineDialect, what Position.FEN writes, the
//     default): "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -";
//   - a chess FEN (ChessDialect: X-FEN and Shredder-FEN castling, Chess960
//     set-ups): "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", read as
//     the Paco Ŝako position without unions it shows;
//   - vchess.club's (VchessDialect): "... w 0 ahah1111111111111111 - -".
//
// Engine and chess FENs read with the Pacoplay rules, vchess FENs with vchess's
// (below). Errors are *FENError values wrapping ErrInvalidFEN, naming the field
// (FENError.Field) and what is wrong with it. ParseFEN never panics.
//
// A position read from a FEN is always running (no result is inferred, except as
// vchess scores a vchess FEN) and is not validated: kings may be missing or stand in
// a union (Position.Validate reports such things). Fields may be separated by any
// run of white space, and white space around the FEN is ignored.
//
// The engine dialect (RULES.md §4, catalogue §12.1):
//
//	<board>[^<square><letter>] <w|b> <no-progress counter> <castling> <en passant> -
//
// The board lists ranks 8 to 1 separated by "/", digits for runs of empty squares,
// one letter per occupied square: PNBRQK / pnbrqk for lone pieces, a union letter
// (Cell.Letter) for two pieces sharing the square. The optional "^" suffix is the
// hand of a move in progress: the square it hovers over and the letter that square
// would show for it. Castling rights are rook files, upper case for White first
// ("AHah"; Fischer-random "BHbh"). ParseFEN accepts everything the official
// engine's parser accepts: upper-case symmetric union letters, a hand, any castling
// letters (their side is decided by the king's file; all rights are dropped if
// either king is missing, as the engine does), a hand letter followed by a second
// letter (ignored, as by the engine), '_' for two kings in one union (which the
// engine writes but cannot read). An en passant square is accepted on any square, as
// by the engine; off ranks 3 and 6 it makes odd moves (a pawn stepping diagonally
// onto it swaps whatever stands behind it onto it). A pawn of the side to move on
// its last rank means that side owes a promotion (PromoteThenLift, or
// PromoteThenPlace when the hand is not empty); if there are several, the lowest
// square is promoted first.
//
// A chess FEN:
//
//	<board> <w|b> <castling> <en passant> [<half-move clock> [<full-move number>]]
//
// The board has lone pieces only (PNBRQK / pnbrqk; a union letter is an error naming
// its square) and no pawn on its last rank (it would owe a promotion, which a chess
// FEN cannot show). Castling is "-" or letters, upper case for White, in any order,
// at most one per side of each king: K / Q for the outermost rook of that colour on
// the king's rank on the king side / queen side (X-FEN), or the rook's file A–H
// (Shredder-FEN; X-FEN's way of naming an inner rook). Every castling letter needs
// that colour's single king on its home rank and the rook it names on the same
// rank; a letter without them is read as no right, as python-chess and lichess
// read it. The en passant square is "-" or the square a pawn of the side not to
// move just skipped: on rank 3 (Black to move) or 6, empty, with that pawn beyond
// it; any other square is read as "-", as python-chess and lichess read it
// (ParseFENStrict refuses both). The
// half-move clock (0..65535; 0 when left out) is read as the no-progress counter,
// its closest analogue: both count half-moves towards the draw after 100 of them
// (the engine's counter is reset by a new union or a promotion, not by a pawn
// move). The full-move number (1..32768; 1 when left out, 0 read as 1) gives the
// count of half-moves played, 2×(n−1), plus one with Black to move (the count
// vchess's FEN shows; FENIn writes it back). Playing counts half-moves up to 65535
// (full move 32768) and no further, so that every FEN written is read back. Many tools write four-field FENs,
// without the two numbers; a five-field FEN has the clock only.
//
// A vchess FEN (catalogue §12.2):
//
//	<board> <w|b> <half-moves played> <castling><pawn bits> <en passant> [<ko move>]
//
// The board has the engine's letters, '@' for two kings in one union. Castling is
// four letters a–i, the rook files of White's queen-side and king-side rights, then
// Black's, 'i' for none; in vchess's default mode 16 pawn bits follow (White's files
// a–h, then Black's; 1 = that file may still double-step). The ko move is the last
// union move ("e5g3") or "-". Six fields read with the Vchess rules, five (no ko
// move) with vchess's pacoplay mode, VchessPacoplay, as vchess does. Unlike an
// engine FEN, a vchess FEN's game ends when a king stands in a union, as vchess
// scores it.
func ParseFEN(fen string) (Position, error) { return parseFEN(fen, false) }

// ParseFENStrict is ParseFEN refusing what ParseFEN reads as absent in a chess
// FEN: a castling letter whose king or rook is missing, and an en passant square
// that no double step of the side not to move could have skipped (on the wrong
// rank, occupied, or without that side's pawn beyond it), each a *FENError
// (ErrInvalidFEN) naming the field, the letter or the square and why, the first
// field at fault (castling before en passant). The engine's and vchess's
// dialects are read as ParseFEN reads them (their castling and en passant
// fields are the engine's, read as it reads them). A FEN ParseFENStrict reads,
// ParseFEN reads as the same position; the command's validate reports what it
// refuses.
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
