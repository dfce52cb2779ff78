package pacosako

import (
	"strconv"
	"strings"
)

// The FEN dialect of vchess.club (catalogue §12.2):
//
//	<board> <w|b> <plies> <castling><pawn bits> <en passant> [<ko move>]
//
// The board uses the engine's letters, plus '@' for the two kings in one union.
// The third field counts the half-moves played (not the no-progress counter). The
// castling field is exactly four letters a–i: the rook files of White's queen-side
// and king-side rights, then Black's, 'i' for none; in vchess's default mode 16 pawn
// bits follow (White's files a–h, then Black's; 1 = that file may still
// double-step). The ko move is the last union move ("e5g3") or "-".
//
// A FEN with six fields is read with the Vchess rules; one with five fields (no ko
// move) selects vchess's "pacoplay mode", the VchessPacoplay rules, as vchess does.

func isVchessCastling(f string) bool {
	if len(f) < 4 || len(f) > 20 {
		return false
	}
	for i := 0; i < 4; i++ {
		if f[i] < 'a' || f[i] > 'i' {
			return false
		}
	}
	for i := 4; i < len(f); i++ {
		if f[i] != '0' && f[i] != '1' {
			return false
		}
	}
	return true
}

// parseVchessFEN reads a vchess FEN (DetectFENDialect said so).
func parseVchessFEN(fen string) (Position, error) {
	var p Position
	fail := func(field, reason string) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Reason: reason}
	}
	fields := strings.Fields(fen)
	if len(fields) != 5 && len(fields) != 6 {
		return fail("fields", "a vchess FEN has 5 fields (pacoplay mode) or 6, got "+strconv.Itoa(len(fields)))
	}
	b, reason := parseBoard(strings.ReplaceAll(fields[0], "@", "_"))
	if reason != "" {
		return fail("board", reason)
	}
	p.board = b
	if p.turn, reason = parseSideToMove(fields[1]); reason != "" {
		return fail("side to move", reason)
	}
	n, err := strconv.ParseUint(fields[2], 10, 16)
	if err != nil {
		return fail("plies", "want a number of half-moves 0..65535, got "+strconv.Quote(fields[2]))
	}
	p.plies = uint16(n)
	flags := fields[3]
	p.rules = VchessPacoplay
	if len(fields) == 6 {
		p.rules = Vchess
		for i, c := range flags[4:] {
			if c == '1' {
				p.pawnFlags |= 1 << i
			}
		}
		if ko := fields[5]; ko != "-" {
			from, err1 := ParseSquare(ko[:min(2, len(ko))])
			to, err2 := ParseSquare(ko[min(2, len(ko)):])
			if err1 != nil || err2 != nil {
				return fail("ko move", "want the last union move such as e5g3, or -, got "+strconv.Quote(ko))
			}
			p.koFrom1, p.koTo1 = uint8(from)+1, uint8(to)+1
		}
	}
	wk, bk := p.kingFile(White), p.kingFile(Black)
	for i := 0; i < 4; i++ {
		if flags[i] == 'i' {
			continue
		}
		c, kf, rf := White, wk, int(flags[i]-'a')
		if i >= 2 {
			c, kf = Black, bk
		}
		if kf < 0 {
			continue
		}
		side := KingSide
		if rf < kf {
			side = QueenSide
		}
		p.castling = p.castling.With(c, side, kf, rf)
	}
	p.dropCastlingWithoutKings()
	if fields[4] != "-" {
		sq, err := ParseSquare(fields[4])
		if err != nil {
			return fail("en passant", "want a square or -, got "+strconv.Quote(fields[4]))
		}
		p.ep1 = uint8(sq) + 1
	}
	p.inferPromotion()
	p.res = pack(vchessScore(&p.board))
	return p, nil
}

// vchessScore is vchess's getCurrentScore: a side whose king stands in a union has
// lost; both kings in unions is a draw.
func vchessScore(b *Board) Outcome {
	unions := b.Unions()
	white, black := b.kings[White]&unions != 0, b.kings[Black]&unions != 0
	switch {
	case white && black:
		return Outcome{Termination: KingsUnited}
	case white:
		return Outcome{Termination: Paco, Winner: Black}
	case black:
		return Outcome{Termination: Paco, Winner: White}
	}
	return Outcome{}
}

// vchessLetter is the vchess dialect's letter of a cell: symmetric unions in upper
// case, '@' for two kings.
func vchessLetter(c Cell) byte {
	l := c.Letter()
	switch {
	case l == '_':
		l = '@'
	case c.IsUnion() && c.White == c.Black:
		l -= 'a' - 'A'
	}
	return l
}

// vchessFEN writes the position in vchess's dialect (FENIn(VchessDialect), whose
// doc says what it holds); a piece in the hand is left out (FENIn refuses it).
func (p Position) vchessFEN() string {
	var sb strings.Builder
	p.board.appendPlacement(&sb, vchessLetter)
	if p.turn == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(strconv.Itoa(int(p.plies)))
	sb.WriteByte(' ')
	for i := 0; i < 4; i++ {
		if o := p.castling.opt[i]; o != 0 {
			sb.WriteByte('a' + o&7)
		} else {
			sb.WriteByte('i')
		}
	}
	defaultMode := p.rules.switches&(PawnFileFlags|Ko|KingUnions) != 0
	if defaultMode {
		for i := 0; i < 16; i++ {
			sb.WriteByte('0' + byte(p.pawnFlags>>i&1))
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(p.epSquare().String())
	if defaultMode {
		sb.WriteByte(' ')
		if p.koTo1 == 0 {
			sb.WriteByte('-')
		} else {
			sb.WriteString(Square(p.koFrom1-1).String() + Square(p.koTo1-1).String())
		}
	}
	return sb.String()
}

// VchessNotation writes m, a move of p, as vchess.club writes moves (catalogue
// §13.2): one token per step, joined by commas, each the moving piece's letter (P for
// a pawn; for a lifted union the mover's own piece), "x" when the target is occupied
// or a pawn steps diagonally, the target square, and "=X" after a promotion (also a
// carried enemy pawn's, as vchess lets the mover choose it); castling is "0-0" or
// "0-0-0". Unlike chain SAN it names no origin square, so it can be ambiguous;
// ParseSAN reads it and reports ErrAmbiguousMove then. A promotion owed at the start
// of the turn is written as a leading "=X" token, as in chain SAN. The error is a
// *MoveError wrapping ErrIllegalMove if m is not a legal move of p.
func (p Position) VchessNotation(m Move) (string, error) {
	if q, err := p.Play(m); err != nil || m.list == nil || !q.Equal(m.After()) {
		return "", &MoveError{Input: m.String(), FEN: p.FEN(), Err: ErrIllegalMove, Reason: "not a legal move of this position"}
	}
	var tokens []string
	q := p
	acts := m.path()
	for k := 0; k < len(acts); k++ {
		a := acts[k]
		switch a.Kind {
		case PromoteKind:
			tokens = append(tokens, "="+string(a.Role.Letter()))
			q.apply(a)
			continue
		case LiftKind:
			q.apply(a)
			continue
		}
		var tok strings.Builder
		if q.handOwn == King && q.handPart == NoRole {
			if side, ok := q.castleSide(a.Square); ok {
				tok.WriteString(map[CastlingSide]string{KingSide: "0-0", QueenSide: "0-0-0"}[side])
				q.apply(a)
				tokens = append(tokens, tok.String())
				continue
			}
		}
		tok.WriteByte(q.handOwn.Letter())
		if q.board.occupied().Has(a.Square) || (q.handOwn == Pawn && q.handPart == NoRole && a.Square.File() != q.handSq.File()) {
			tok.WriteByte('x')
		}
		tok.WriteString(a.Square.String())
		q.apply(a)
		if k+1 < len(acts) && acts[k+1].Kind == PromoteKind {
			tok.WriteString("=" + string(acts[k+1].Role.Letter()))
			q.apply(acts[k+1])
			k++
		}
		tokens = append(tokens, tok.String())
	}
	return strings.Join(tokens, ","), nil
}
