package atomic

import (
	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/errtext"
)

// ParseUCI reads a move of p in UCI's long algebraic notation: the from and to
// squares and a promotion letter ("e2e4", "a7b8q"; the letter in either case).
// Castling is read king-to-rook wherever the king has the right to castle with
// that rook ("e1h1", "f1g1" for a Chess960 king on f1 and its rook on g1), and
// king-to-target ("e1g1", "e8c8") where the king stands on the e-file and the
// castling rook on the a- or h-file, as in standard chess; elsewhere a king's step
// onto an empty square is an ordinary move (docs/atomic-rules.md §3).
//
// Errors: a *NotationError wrapping ErrInvalidNotation for text that is not UCI
// (the null move "0000" included: it is never legal); a *MoveError wrapping
// ErrGameOver when p's game has ended without a move to play (a king exploded,
// checkmate, stalemate), ErrIllegalMove when the move is not legal in p.
func (p Position) ParseUCI(text string) (Move, error) { return p.parseUCI(text) }

// parseUCI is ParseUCI on a position not copied.
func (p *Position) parseUCI(text string) (Move, error) {
	fail := func(off int, reason string) (Move, error) {
		return Move{}, &NotationError{Notation: "UCI", Input: text, Offset: off, Reason: reason}
	}
	if text == "0000" {
		return fail(0, "the null move is not a move of Atomic chess")
	}
	if len(text) != 4 && len(text) != 5 {
		return fail(0, "want two squares and an optional promotion letter, such as e2e4 or a7a8q")
	}
	for i := 0; i < 4; i++ {
		c := text[i]
		if i%2 == 0 && (c < 'a' || c > 'h') {
			return fail(i, "want a file a-h")
		}
		if i%2 == 1 && (c < '1' || c > '8') {
			return fail(i, "want a rank 1-8")
		}
	}
	from := (text[1]-'1')*8 + text[0] - 'a'
	to := (text[3]-'1')*8 + text[2] - 'a'
	var promo uint8
	if len(text) == 5 {
		switch c := text[4] | 0x20; c {
		case 'n', 'b', 'r', 'q':
			promo = pieceCodes[c&^0x20]
		default:
			return fail(4, "want a promotion letter q, r, b or n")
		}
	}
	// The moves of the piece on from only; all of them for the errors.
	if r := p.roleAt(int(from)); r >= 0 && p.colors[p.turn&1]&(1<<from) != 0 {
		var buf [32]Move
		cands := p.appendMovesOf(buf[:0], r, 1<<from, ^uint64(0))
		if r == king {
			cands = p.appendCastlingOf(cands)
		}
		if m, ok := uciMove(cands, from, to, promo, text); ok {
			return m, nil
		}
	}
	var buf [maxMoves]Move
	legal := p.appendMoves(buf[:0])
	if err := p.overError(text, legal); err != nil {
		return Move{}, err
	}
	return Move{}, p.moveError(text, ErrIllegalMove, p.whyNotUCI(from, to, promo, legal), nil, legal)
}

// uciMove returns the move of moves that the UCI text (from, to, promo) names.
func uciMove(moves []Move, from, to, promo uint8, text string) (Move, bool) {
	for _, m := range moves {
		if m.from != from || m.promo != promo {
			continue
		}
		if m.to == to {
			return m, true // king-to-rook castling included
		}
		if m.kind == castle && m.UCI() == text[:4] {
			return m, true // king-to-target castling
		}
	}
	return Move{}, false
}

// whyNotUCI says why the UCI move from from to to (with promo) is not legal: as
// whyNot says it for the piece on from, castling for a king going two files or
// onto its castling rook.
func (p *Position) whyNotUCI(from, to, promo uint8, legal []Move) string {
	us := p.turn & 1
	switch {
	case len(legal) == 0 && p.IsOver():
		return "the game is over (" + p.Outcome().String() + ")"
	case p.colors[us]&(1<<from) == 0 && p.colors[us^1]&(1<<from) != 0:
		return errtext.WrongSide(sqName(int(from)), pacosako.Color(us^1).String(), pacosako.Color(us).String())
	case p.colors[us]&(1<<from) == 0:
		return "there is no piece on " + sqName(int(from))
	}
	role := uint8(p.roleAt(int(from)) + 1)
	side := int8(1)
	if to < from {
		side = 2
	}
	hint := ""
	if role == king+1 && from>>3 == to>>3 {
		// The castling rook of that side, if the king has the right.
		home := homeRank(int(us))
		var rs uint64
		for bb := p.castlingRooks() & p.pieces[rook] & p.colors[us] & home; bb != 0; bb &= bb - 1 {
			if (lsb(bb) < int(from)) == (side == 2) {
				rs = bb & -bb
			}
		}
		switch {
		case p.pieces[rook]&p.colors[us]&(1<<to) != 0:
			return p.whyNot(&sanMove{castle: side}, legal) // king to rook
		case from&7 == 4 && (to&7 == 2 || to&7 == 6) && (rs == 0 || rs&(fileA|fileH) != 0):
			return p.whyNot(&sanMove{castle: side}, legal) // king to target
		case from&7 == 4 && (to&7 == 2 || to&7 == 6):
			hint = "; castling is written king to rook here: " + sqName(int(from)) + sqName(lsb(rs))
		}
	}
	return p.whyNot(&sanMove{role: role, fromFile: int8(from & 7), fromRank: int8(from >> 3), to: to, promo: promo}, legal) + hint
}
