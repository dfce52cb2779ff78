package atomic

import "github.com/pacosako-go/pacosako"

// Move is one legal move of a position: which piece goes from where to where, what
// it captures and promotes to, and, for a capture, every square the explosion
// empties. It is a small value (16 bytes) that describes itself without the
// position, so a user interface or a diagram can show a capture's blast; moves
// compare equal with == exactly when they are the same move of the same position.
//
// Moves come from Position.Moves, AppendMoves and AllMoves and from the readers
// ParseSAN and ParseUCI. The zero Move is no move (IsZero).
type Move struct {
	from, to uint8  // for castling: the king's square and the castling rook's
	role     uint8  // the mover's role (pacosako.Role)
	promo    uint8  // the promotion's role, or 0
	captured uint8  // the role taken, or 0
	kind     uint8  // normal, doubleStep, enPassant or castle
	_        uint16 // padding: Moves compare as whole values
	blast    uint64 // the squares the explosion empties (0 for a non-capture)
}

// Move kinds.
const (
	normal uint8 = iota
	doubleStep
	enPassant
	castle
)

// IsZero reports whether m is the zero Move (no move).
func (m Move) IsZero() bool { return m == Move{} }

// From returns the square the moving piece leaves; for castling, the king's square.
func (m Move) From() pacosako.Square { return pacosako.Square(m.from) }

// To returns the square the moving piece goes to; for castling, the king's
// destination (c1, g1, c8 or g8).
func (m Move) To() pacosako.Square {
	if m.kind == castle {
		kt, _ := castleTargets(int(m.from), int(m.to))
		return pacosako.Square(kt)
	}
	return pacosako.Square(m.to)
}

// castleTargets returns the squares the king and the rook of a castling go to,
// the king standing on kingSq and the rook on rookSq of the same back rank: c and
// d on the queen side, g and f on the king side (docs/atomic-rules.md rule 8).
func castleTargets(kingSq, rookSq int) (kt, rt int) {
	base := kingSq &^ 7
	if rookSq < kingSq {
		return base + 2, base + 3
	}
	return base + 6, base + 5
}

// Role returns the role of the moving piece (King for castling).
func (m Move) Role() pacosako.Role { return pacosako.Role(m.role) }

// Promotion returns the role a pawn promotes to (Knight, Bishop, Rook or Queen), or
// NoRole. A promotion by capture explodes the promoted piece at once; it still
// counts as four moves, one per role.
func (m Move) Promotion() pacosako.Role { return pacosako.Role(m.promo) }

// Captured returns the role of the piece taken (Pawn for en passant), or NoRole
// for a move that captures nothing.
func (m Move) Captured() pacosako.Role { return pacosako.Role(m.captured) }

// IsCapture reports whether the move takes a piece (and so explodes).
func (m Move) IsCapture() bool { return m.captured != 0 }

// IsEnPassant reports whether the move is an en passant capture.
func (m Move) IsEnPassant() bool { return m.kind == enPassant }

// IsCastling reports whether the move is castling.
func (m Move) IsCastling() bool { return m.kind == castle }

// CastlingRook returns the square of the castling rook for castling, else NoSquare.
func (m Move) CastlingRook() pacosako.Square {
	if m.kind != castle {
		return pacosako.NoSquare
	}
	return pacosako.Square(m.to)
}

// Explosion returns the squares a capture empties, as the board stands before the
// move, each of which holds a piece then: the capturing piece's square (From),
// the square of the piece taken (CaptureSquare: To, or for en passant the square
// of the pawn taken, behind To), and every square next to To that holds a piece
// other than a pawn, of either colour. For en passant To itself, empty before
// and after the move, is not among them (e5d6 from
// r1bqkbnr/ppp1pppp/2n5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3: c6, d5, e5).
// Empty for a move that captures nothing. Position.Exploded gives the pieces on
// them; the blast's reach, empty squares included, is the nine squares around To.
func (m Move) Explosion() pacosako.Bitboard { return pacosako.Bitboard(m.blast) }

// CaptureSquare returns the square of the piece taken (for en passant the taken
// pawn's square, behind To), or NoSquare for a move that captures nothing.
func (m Move) CaptureSquare() pacosako.Square {
	switch {
	case m.captured == 0:
		return pacosako.NoSquare
	case m.kind == enPassant:
		if m.to > m.from {
			return pacosako.Square(m.to - 8)
		}
		return pacosako.Square(m.to + 8)
	}
	return pacosako.Square(m.to)
}

// String returns the move in UCI (UCI).
func (m Move) String() string { return m.UCI() }

// UCI returns the move in the long algebraic notation of the UCI protocol: the
// from and to squares ("e2e4"), a promotion's letter in lower case ("a7b8q").
// Castling is written king-to-target ("e1g1", "e8c8") when the king stands on the
// e-file and the castling rook on the a- or h-file, as in standard chess, and
// king-to-rook otherwise ("f1g1" for a king on f1 castling with its rook on g1), as
// python-chess writes Chess960 castling (docs/atomic-rules.md §3). The zero Move is "0000".
func (m Move) UCI() string {
	if m.IsZero() {
		return "0000"
	}
	var buf [5]byte
	to := m.to
	if m.kind == castle && m.from&7 == 4 && (m.to&7 == 0 || m.to&7 == 7) {
		kt, _ := castleTargets(int(m.from), int(m.to))
		to = uint8(kt)
	}
	b := append(buf[:0], 'a'+m.from&7, '1'+m.from>>3, 'a'+to&7, '1'+to>>3)
	if m.promo != 0 {
		b = append(b, pacosako.Role(m.promo).Letter()|0x20)
	}
	return string(b)
}
