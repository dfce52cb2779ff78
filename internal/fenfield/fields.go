package fenfield

import (
	"math/bits"
	"strconv"
	"strings"
)

// MaxFullMove is the largest full-move number ParseFullMoveNumber accepts: the
// half-moves played, 2×(n−1)+1, still fit 16 bits.
const MaxFullMove = 32768

// SplitChess splits a chess FEN into its fields: 4 to 6 (the half-move clock and the
// full-move number may be left out), separated by any run of white space.
func SplitChess(s string) ([]string, string) {
	fields := strings.Fields(s)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, "a chess FEN has 6 fields (board, side to move, castling, en passant, half-move clock, full-move number; the last two may be left out), got " + strconv.Itoa(len(fields))
	}
	return fields, ""
}

// ParsePlacement reads a piece placement field: ranks 8 to 1 separated by "/", a
// digit 1–8 for a run of empty squares, one letter per occupied square. codes maps
// each letter the game knows to its nonzero code, which lands in cells at the
// letter's square (0 for an empty square); for a byte that is neither, unknown
// says what is wrong, given the byte and the rank (1–8) it stands on.
func ParsePlacement(s string, codes *[256]uint8, unknown func(ch byte, rank int) string) (cells [64]uint8, reason string) {
	if n := strings.Count(s, "/") + 1; n != 8 {
		return cells, "want 8 ranks separated by '/', got " + strconv.Itoa(n)
	}
	rank, file := 7, 0
	for j := 0; j <= len(s); j++ {
		if j == len(s) || s[j] == '/' {
			if file != 8 {
				return cells, "rank " + strconv.Itoa(rank+1) + " has " + strconv.Itoa(file) + " squares, want 8"
			}
			rank, file = rank-1, 0
			continue
		}
		ch := s[j]
		if file >= 8 {
			return cells, "rank " + strconv.Itoa(rank+1) + " has more than 8 squares"
		}
		if ch >= '1' && ch <= '8' {
			file += int(ch - '0')
			if file > 8 {
				return cells, "rank " + strconv.Itoa(rank+1) + " has more than 8 squares"
			}
			continue
		}
		code := codes[ch]
		if code == 0 {
			return cells, unknown(ch, rank+1)
		}
		cells[rank*8+file] = code
		file++
	}
	return cells, ""
}

// AppendPlacement appends the piece placement field of a board to dst: ranks 8 to
// 1, digits for empty runs, letters[cells[s]] for every square s of occ.
func AppendPlacement(dst []byte, occ uint64, cells *[64]uint8, letters *[256]byte) []byte {
	for rank := 7; rank >= 0; rank-- {
		// Only the occupied squares of the rank are visited; the gaps are digits.
		row := uint8(occ >> (8 * rank))
		file := 0
		for row != 0 {
			f := bits.TrailingZeros8(row)
			if f > file {
				dst = append(dst, '0'+byte(f-file))
			}
			dst = append(dst, letters[cells[8*rank+f]])
			file = f + 1
			row &= row - 1
		}
		if file < 8 {
			dst = append(dst, '0'+byte(8-file))
		}
		if rank > 0 {
			dst = append(dst, '/')
		}
	}
	return dst
}

// ParseSideToMove reads the side-to-move field: "w" (0) or "b" (1).
func ParseSideToMove(field string) (int, string) {
	switch field {
	case "w":
		return 0, ""
	case "b":
		return 1, ""
	}
	return 0, "want w or b, got " + strconv.Quote(field)
}

// ParseHalfMoveClock reads the half-move clock: 0..65535.
func ParseHalfMoveClock(field string) (uint16, string) {
	n, err := strconv.ParseUint(field, 10, 16)
	if err != nil {
		return 0, "want a number 0..65535, got " + strconv.Quote(field)
	}
	return uint16(n), ""
}

// ParseFullMoveNumber reads the full-move number: 1..MaxFullMove, 0 read as 1.
func ParseFullMoveNumber(field string) (uint16, string) {
	n, err := strconv.ParseUint(field, 10, 16)
	if err != nil || n > MaxFullMove {
		return 0, "want a number 1.." + strconv.Itoa(MaxFullMove) + ", got " + strconv.Quote(field)
	}
	return uint16(max(n, 1)), ""
}

// ParseClocks reads the clocks of a chess FEN split by SplitChess: the half-move
// clock (fields[4], 0 when left out) and the full-move number (fields[5], 1 when
// left out). field names the one that is wrong ("half-move clock" or "full-move
// number"), with the reason.
func ParseClocks(fields []string) (halfMove, fullMove uint16, field, reason string) {
	fullMove = 1
	if len(fields) > 4 {
		if halfMove, reason = ParseHalfMoveClock(fields[4]); reason != "" {
			return 0, 0, "half-move clock", reason
		}
	}
	if len(fields) > 5 {
		if fullMove, reason = ParseFullMoveNumber(fields[5]); reason != "" {
			return 0, 0, "full-move number", reason
		}
	}
	return halfMove, fullMove, "", ""
}

// QuoteByte shows a byte of the input: as a quoted character if it is printable
// ASCII, else by its value (a FEN is ASCII; "Ŝ" is two bytes, neither a letter).
func QuoteByte(b byte) string {
	if b >= 0x20 && b < 0x7F {
		return strconv.QuoteRune(rune(b))
	}
	return "byte " + strconv.Quote(string([]byte{b}))
}

// SquareName is the name of square s ("e4"); s must be 0..63.
func SquareName(s int) string { return string([]byte{'a' + byte(s&7), '1' + byte(s>>3)}) }

// ColorName is "White" or "Black"; colorWord the same in lower case.
func ColorName(c int) string { return [2]string{"White", "Black"}[c&1] }

func colorWord(c int) string { return [2]string{"white", "black"}[c&1] }
