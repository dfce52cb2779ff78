package atomic

import (
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/fenfield"
)

// Reading the other game's FEN. A Paco Ŝako FEN, in the official engine's
// dialect ("<board> w 0 AHah - -": a no-progress counter, rook-file castling)
// or vchess.club's, or a board with union letters, is not an Atomic position
// even where a chess reader could make one of it: ParseFEN refuses it, saying it
// is Paco Ŝako's and which reader reads it.

// pacoSakoFEN reports whether fen is a Paco Ŝako FEN rather than a chess FEN:
// its third field is a number (the engine's no-progress counter, vchess's ply
// count; a chess FEN has its castling field there) and pacosako.ParseFEN reads
// it, or its board holds a union letter or the engine's "^" hand. It returns the
// field and the reason for a *FENError, or "" for a FEN that is not Paco Ŝako's
// (it may still be no chess FEN: parseFEN says why). It looks at the root
// package's readers only when the text has one of those shapes.
func pacoSakoFEN(fen string) (field, reason string) {
	const read = ", not a chess FEN: read it with pacosako.ParseFEN"
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return "", ""
	}
	if len(fields) >= 3 && isNumber(fields[2]) {
		if _, err := pacosako.ParseFEN(fen); err == nil {
			dialect := "the official engine's dialect: a no-progress counter, rook-file castling"
			if pacosako.DetectFENDialect(fen) == pacosako.VchessDialect {
				dialect = "vchess.club's dialect: a ply count, pawn flags"
			}
			return "fields", "a Paco Ŝako FEN (" + dialect + ")" + read
		}
	}
	board := fields[0]
	if i := strings.IndexByte(board, '^'); i >= 0 {
		return "board", "\"^\" starts the official engine's hand (a piece lifted in a move): a Paco Ŝako FEN" + read
	}
	if strings.Trim(board, "12345678/pnbrqkPNBRQK") == "" {
		return "", ""
	}
	if b, err := pacosako.ParseBoard(board); err != nil || b.Unions() == 0 {
		return "", ""
	}
	ch, sq := firstUnionLetter(board)
	return "board", fenfield.QuoteByte(ch) + " on " + sq.String() + " is a Paco Ŝako union (a white and a black piece on one square), not an Atomic chess piece: read a Paco Ŝako FEN with pacosako.ParseFEN"
}

// firstUnionLetter returns the first letter of a board field (ranks 8 to 1) that
// is no chess piece letter, and its square.
func firstUnionLetter(board string) (byte, pacosako.Square) {
	rank, file := 7, 0
	for i := 0; i < len(board); i++ {
		switch ch := board[i]; {
		case ch == '/':
			rank, file = rank-1, 0
		case ch >= '1' && ch <= '8':
			file += int(ch - '0')
		case strings.IndexByte("pnbrqkPNBRQK", ch) >= 0:
			file++
		default:
			return ch, pacosako.NewSquare(file, rank)
		}
	}
	return 0, pacosako.NoSquare
}

// isNumber reports whether s is a run of decimal digits.
func isNumber(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
