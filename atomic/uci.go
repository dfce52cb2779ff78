package atomic

// ParseUCI reads a move of p in UCI's long algebraic notation: the from and to
// squares and a promotion letter ("e2e4", "a7b8q"; the letter in either case).
// Castling is read king-to-rook wherever the king has the right to castle with
// that rook ("e1h1", "f1g1" for a Chess960 king on f1 and its rook on g1), and
// king-to-target ("e1g1", "e8c8") where the king stands on the e-file and the
// castling rook on the a- or h-file, as in standard chess; elsewhere a king's step
// onto an empty square is an ordinary move (ATOMIC.md §4).
//
// Errors: a *NotationError wrapping ErrInvalidNotation for text that is not UCI
// (the null move "0000" included: it is never legal); a *MoveError wrapping
// ErrIllegalMove when the move is not legal in p.
func (p Position) ParseUCI(text string) (Move, error) {
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
	var buf [maxMoves]Move
	legal := p.appendMoves(buf[:0])
	for _, m := range legal {
		if m.from != from || m.promo != promo {
			continue
		}
		if m.to == to {
			return m, nil // king-to-rook castling included
		}
		if m.kind == castle && m.UCI() == text[:4] {
			return m, nil // king-to-target castling
		}
	}
	reason := "not a legal move here"
	if len(legal) == 0 && p.IsOver() {
		reason = "the game is over (" + p.Outcome().String() + ")"
	}
	return Move{}, p.moveError(text, ErrIllegalMove, reason, nil, legal)
}
