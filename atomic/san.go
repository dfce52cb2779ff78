package atomic

import (
	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/fenfield"
	"github.com/pacosako-go/pacosako/internal/sansyntax"
)

// SAN returns m in standard algebraic notation exactly as python-chess writes an
// Atomic move (the vectors' SAN column): the piece letter (none for a pawn), the
// from square's file, rank or both when another legal move of the same kind of
// piece goes to the same square (file first, then rank, then both), "x" for a
// capture (a pawn's capture starts with its file), the target square, "=Q" for a
// promotion, "O-O" / "O-O-O" for castling (king side / queen side, Chess960
// included); then "#" when the move ends the game with a win (the enemy king
// exploded, or checkmate) and "+" when it gives check (docs/atomic-rules.md rule 6: not while
// the kings touch). The error, a *MoveError, says when m is not a legal move of
// p: wrapping ErrGameOver when p's game has ended without a move to play, else
// ErrIllegalMove.
func (p Position) SAN(m Move) (string, error) {
	if p.isLegal(m) {
		return string(p.appendSANOf(nil, m)), nil
	}
	var buf [maxMoves]Move
	moves := p.appendMoves(buf[:0])
	if err := p.overError(m.UCI(), moves); err != nil {
		return "", err
	}
	return "", &MoveError{Input: m.UCI(), FEN: p.FEN(), Err: ErrIllegalMove, Reason: p.whyNotMove(m, moves)}
}

// appendSANOf appends the SAN of m, a legal move of p, to dst: appendSAN with
// the moves of the same role to the same square, which disambiguation needs.
func (p *Position) appendSANOf(dst []byte, m Move) []byte {
	var buf [16]Move
	var others []Move
	if m.kind != castle && m.role != pawn+1 {
		others = p.appendMovesOf(buf[:0], int(m.role)-1, ^uint64(0), 1<<m.to)
	}
	return p.appendSAN(dst, m, others)
}

// appendSAN appends the SAN of m, one of the legal moves of p, to dst; legal
// holds at least the legal moves of m's role to m's target (for a piece's
// disambiguation).
func (p *Position) appendSAN(dst []byte, m Move, legal []Move) []byte {
	switch {
	case m.kind == castle && m.to < m.from:
		dst = append(dst, "O-O-O"...)
	case m.kind == castle:
		dst = append(dst, "O-O"...)
	case m.role == pawn+1:
		if m.captured != 0 {
			dst = append(dst, 'a'+m.from&7, 'x')
		}
		dst = append(dst, 'a'+m.to&7, '1'+m.to>>3)
		if m.promo != 0 {
			dst = append(dst, '=', pacosako.Role(m.promo).Letter())
		}
	default:
		dst = append(dst, pacosako.Role(m.role).Letter())
		// Disambiguation among the other legal moves of the same kind of piece to
		// the same square.
		var others uint64
		for _, o := range legal {
			if o.role == m.role && o.to == m.to && o.from != m.from && o.kind != castle {
				others |= 1 << o.from
			}
		}
		if others != 0 {
			sameFile := others&(fileA<<(m.from&7)) != 0
			sameRank := others&(rank1<<(m.from&56)) != 0
			if !sameFile || sameRank {
				dst = append(dst, 'a'+m.from&7)
			}
			if sameFile {
				dst = append(dst, '1'+m.from>>3)
			}
		}
		if m.captured != 0 {
			dst = append(dst, 'x')
		}
		dst = append(dst, 'a'+m.to&7, '1'+m.to>>3)
	}
	q := p.play(m)
	var g gen
	switch {
	case !g.init(&q):
		dst = append(dst, '#') // the enemy king exploded
	case g.checked && !q.hasMoves():
		dst = append(dst, '#')
	case g.checked:
		dst = append(dst, '+')
	}
	return dst
}

// SANs returns the SAN of every move of moves, legal moves of p, finding the legal
// moves once. The error is SAN's for the first move that is not legal.
func (p Position) SANs(moves []Move) ([]string, error) {
	var buf [maxMoves]Move
	legal := p.appendMoves(buf[:0])
	out := make([]string, len(moves))
	for i, m := range moves {
		ok := false
		for _, l := range legal {
			ok = ok || l == m
		}
		if err := p.overError(m.UCI(), legal); !ok && err != nil {
			return nil, err
		}
		if !ok {
			return nil, &MoveError{Input: m.UCI(), FEN: p.FEN(), Err: ErrIllegalMove, Reason: p.whyNotMove(m, legal)}
		}
		out[i] = string(p.appendSAN(nil, m, legal))
	}
	return out, nil
}

// ParseSAN reads a move of p in standard algebraic notation: what SAN writes and
// what careful chess libraries accept ("0-0", a "P", a missing or extra "+"/"#",
// "!?" suffixes, "Ng1-f3", "e8q", "e.p.", over-disambiguation; see
// docs/atomic-rules.md §3). Errors: a *NotationError (ErrInvalidNotation, with
// the byte offset) for text that is not SAN; a *MoveError wrapping ErrGameOver,
// ErrIllegalMove (Reason says why) or ErrAmbiguousMove (Candidates).
func (p Position) ParseSAN(text string) (Move, error) { return p.parseSAN(text) }

// parseSAN is ParseSAN on a position not copied.
func (p *Position) parseSAN(text string) (Move, error) {
	sanText, err := parseSANSyntax(text)
	if err != nil {
		return Move{}, err
	}
	if m, ok := p.findSAN(&sanText); ok {
		return m, nil
	}
	return p.resolveSAN(text, &sanText)
}

// findSAN returns the one legal move of p that s names, found among the moves
// of the pieces s can mean only (its role to its target, or castling); ok false
// when none or several fit (resolveSAN then says why).
func (p *Position) findSAN(s *sanMove) (Move, bool) {
	var buf [16]Move
	var cands []Move
	if s.castle != 0 {
		cands = p.appendCastlingOf(buf[:0])
	} else {
		cands = p.appendMovesOf(buf[:0], int(s.role)-1, ^uint64(0), 1<<s.to)
	}
	n, one := 0, Move{}
	for _, m := range cands {
		if s.matches(m) {
			n, one = n+1, m
		}
	}
	return one, n == 1
}

// resolveSAN is ParseSAN among all the legal moves of p, for the errors: the
// game over, the candidates of an ambiguous move, why no move fits.
func (p *Position) resolveSAN(text string, sanText *sanMove) (Move, error) {
	var buf [maxMoves]Move
	legal := p.appendMoves(buf[:0])
	if err := p.overError(text, legal); err != nil {
		return Move{}, err
	}
	var found []Move
	var one Move
	n := 0
	for _, m := range legal {
		if sanText.matches(m) {
			if n == 0 {
				one = m
			}
			n++
			if n > 1 {
				found = append(found, m)
			}
		}
	}
	switch {
	case n == 1:
		return one, nil
	case n > 1:
		cands := append([]Move{one}, found...)
		return Move{}, p.moveError(text, ErrAmbiguousMove, "", cands, legal)
	}
	return Move{}, p.moveError(text, ErrIllegalMove, p.whyNot(sanText, legal), nil, legal)
}

// moveError builds the *MoveError of a reader.
func (p *Position) moveError(text string, err error, reason string, cands, legal []Move) *MoveError {
	e := &MoveError{Input: text, FEN: p.FEN(), Err: err, Reason: reason, Candidates: cands}
	for _, c := range cands {
		e.CandidateSANs = append(e.CandidateSANs, string(p.appendSAN(nil, c, legal)))
	}
	return e
}

// sanMove is a SAN read without a position: the piece, the parts of the from
// square given, the target and the promotion.
type sanMove struct {
	castle   int8  // 0 none, 1 king side, 2 queen side
	role     uint8 // the mover's role (pacosako.Role)
	fromFile int8  // -1 if not given
	fromRank int8  // -1 if not given
	to       uint8
	promo    uint8 // 0 if none
	capture  bool
}

// matches reports whether the legal move m fits s.
func (s *sanMove) matches(m Move) bool {
	if s.castle != 0 {
		return m.kind == castle && (s.castle == 2) == (m.to < m.from)
	}
	return m.kind != castle && m.role == s.role && m.to == s.to && m.promo == s.promo && s.fits(m.from)
}

// parseSANSyntax reads the text of a SAN move without a position, with the
// syntax the root package reads a step of chain SAN with (internal/sansyntax):
//
//	Spaces ( Castling | [ Piece ] [ Origin ] [ "x" | "-" ] Square [ Promotion ] ) [ EnPassant ] [ Suffix ] [ MoveSuffix ] Spaces
//
// Castling is O-O, O-O-O or the same with zeros; Piece one of KQRBNP; Origin a
// file, a rank or a square; Promotion "=" and N, B, R or Q in either case, or the
// letter alone in either case; EnPassant "e.p." (also after Suffix); Suffix "+"
// or "#"; MoveSuffix one of !, ?, !!, ??, !?, ?!; Spaces any run of spaces and
// tabs, also before EnPassant, Suffix and MoveSuffix.
func parseSANSyntax(text string) (sanMove, error) {
	if s, ok := quickSAN(text); ok {
		return s, nil
	}
	return parseSANGrammar(text)
}

// parseSANGrammar is parseSANSyntax by the general grammar.
func parseSANGrammar(text string) (sanMove, error) {
	fail := func(off int, reason string) (sanMove, error) {
		return sanMove{}, &NotationError{Notation: "SAN", Input: text, Offset: off, Reason: reason}
	}
	pos := sansyntax.Spaces(text, 0)
	if pos == len(text) {
		return fail(pos, "empty move (want a move such as e4, Nf3, exd5, e8=Q or O-O)")
	}
	st, end, reason := sansyntax.ReadStep(text, pos, "too many coordinates (want a piece's origin as a file, a rank or a square, then the target square)")
	if reason != "" {
		return fail(end, reason)
	}
	if _, stop, ok := sansyntax.ReadEnd(text, end); !ok {
		return fail(stop, fenfield.QuoteByte(text[stop])+" "+sansyntax.EndReason)
	}
	s := sanMove{fromFile: int8(st.FromFile), fromRank: int8(st.FromRank), role: pawn + 1, to: uint8(st.To)}
	switch {
	case st.Castle != 0:
		s.castle = int8(st.Castle)
		return s, nil
	case st.Piece != 0:
		s.role = pieceCodes[st.Piece]
	}
	s.capture = st.Capture
	if st.Promotion != 0 {
		s.promo = pieceCodes[st.Promotion]
	}
	if s.role == pawn+1 && s.fromFile < 0 && !s.capture {
		s.fromFile = int8(s.to & 7) // "e4" is a step; a capture names its file, or any pawn may make it
	}
	return s, nil
}

// quickSAN reads the shapes most SAN moves have — "e4", "exd5", "Nf3", "Nxe5",
// "Nbd7", "R1e2", "Qxh7+", "Rxe8#" — as parseSANSyntax reads them, without its
// general grammar; ok false for any other text (promotions, castling, lenient
// spellings, errors), which the grammar reads.
func quickSAN(text string) (s sanMove, ok bool) {
	if n := len(text); n > 0 && (text[n-1] == '+' || text[n-1] == '#') {
		text = text[:n-1]
	}
	n := len(text)
	if n < 2 || n > 5 || !sansyntax.IsFile(text[n-2]) || !sansyntax.IsRank(text[n-1]) {
		return s, false
	}
	s = sanMove{role: pawn + 1, fromFile: -1, fromRank: -1, to: (text[n-1]-'1')*8 + text[n-2] - 'a'}
	head := text[:n-2]
	if len(head) > 0 && head[len(head)-1] == 'x' {
		s.capture, head = true, head[:len(head)-1]
	}
	if len(head) > 0 {
		switch c := head[0]; c {
		case 'N', 'B', 'R', 'Q', 'K':
			s.role, head = pieceCodes[c], head[1:]
		}
	}
	switch {
	case len(head) > 1:
		return s, false
	case len(head) == 1 && sansyntax.IsFile(head[0]):
		s.fromFile = int8(head[0] - 'a')
	case len(head) == 1 && sansyntax.IsRank(head[0]) && s.role != pawn+1:
		s.fromRank = int8(head[0] - '1')
	case len(head) == 1:
		return s, false
	case s.role == pawn+1 && s.capture:
		return s, false // "xd5": the grammar's (any pawn)
	}
	if s.role == pawn+1 && s.fromFile < 0 {
		s.fromFile = int8(s.to & 7)
	}
	if s.role == pawn+1 && !s.capture && s.fromFile != int8(s.to&7) {
		return s, false // "de4": the grammar's
	}
	return s, true
}
