package pacosako

import (
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako/internal/fenfield"
)

// The engine's FEN dialect, written byte for byte: the text form of a position
// (Position.FEN, Position.String) and of a board (Board.FEN). Messages of the lower
// layers name positions by it; reading FENs of every dialect is ParseFEN's (fen.go).

// FEN returns the piece placement field of the engine's FEN dialect: ranks 8 to 1,
// digits for empty runs, union letters as Cell.Letter writes them.
func (b Board) FEN() string {
	var buf [72]byte
	return string(b.appendFEN(buf[:0]))
}

// appendFEN is appendPlacement with Cell.Letter, looked up in a table, appending
// to dst: it writes every FEN a move listing prints.
func (b *Board) appendFEN(dst []byte) []byte {
	return fenfield.AppendPlacement(dst, uint64(b.byColor[White]|b.byColor[Black]), &b.cells, &engineLetters)
}

// engineLetters is Cell.Letter by the cell's byte in Board.cells.
var engineLetters = func() (t [256]byte) {
	for x := range t {
		t[x] = Cell{White: Role(x & 15), Black: Role(x >> 4)}.Letter()
	}
	return t
}()

// appendPlacement writes the piece placement field, ranks 8 to 1, with the letter
// each dialect gives a cell (0 for an empty one) and digits for empty runs.
func (b *Board) appendPlacement(sb *strings.Builder, letter func(Cell) byte) {
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			l := letter(b.cell(NewSquare(file, rank)))
			if l == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte('0' + byte(empty))
				empty = 0
			}
			sb.WriteByte(l)
		}
		if empty > 0 {
			sb.WriteByte('0' + byte(empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
}

// FEN returns the position in the engine dialect (ParseFEN), byte for byte as the
// official engine writes it (testdata/fen_roundtrip.tsv): symmetric unions in lower
// case, castling rights as rook files. It holds every position: the dialect cannot
// show a pending promotion or the end of the game, but ParseFEN infers the promotion
// back from the pawn on its last rank. FENIn writes the other dialects.
//
// Converting a vchess position to this dialect loses what it cannot hold: the rules
// (an engine FEN reads as Pacoplay; keep them with WithRules), the vchess pawn file
// flags, the ko move and the count of half-moves played; the third field is the
// no-progress counter instead (0 for a position read from a vchess FEN, which has
// none). No position holds castling rights on a board without both kings: every
// reader drops them, as the engine does.
func (p Position) FEN() string {
	var buf [96]byte
	return string(p.appendFEN(buf[:0]))
}

// appendFEN appends the engine FEN of p to dst.
func (p *Position) appendFEN(dst []byte) []byte {
	dst = p.board.appendFEN(dst)
	if p.handOwn != NoRole {
		dst = append(dst, '^')
		dst = append(dst, p.Hand().String()...)
	}
	if p.turn == White {
		dst = append(dst, " w "...)
	} else {
		dst = append(dst, " b "...)
	}
	dst = strconv.AppendInt(dst, int64(p.noProgress), 10)
	dst = append(dst, ' ')
	dst = p.castling.appendFEN(dst)
	dst = append(dst, ' ')
	if ep := p.epSquare(); ep.IsValid() {
		dst = append(dst, 'a'+byte(ep.File()), '1'+byte(ep.Rank()))
	} else {
		dst = append(dst, ep.String()...)
	}
	return append(dst, " -"...)
}

// String returns the FEN of the position.
func (p Position) String() string { return p.FEN() }
