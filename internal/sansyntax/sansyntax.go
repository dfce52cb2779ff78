package sansyntax

import "strings"

// Castling sides of Step.Castle.
const (
	KingSide  = 1 // "O-O", "0-0"
	QueenSide = 2 // "O-O-O", "0-0-0"
)

// Step is one step of a SAN move as written.
type Step struct {
	Castle    int  // 0, or KingSide or QueenSide for a castling (nothing else is set then)
	Piece     byte // the piece letter as written (K, Q, R, B, N or P), or 0 when none is
	FromFile  int  // the origin's file as written, 0..7, or -1
	FromRank  int  // the origin's rank as written, 0..7, or -1
	Capture   bool // "x" before the target square ("-" there is allowed and says nothing)
	To        int  // the target square, 0..63
	Promotion byte // N, B, R or Q (upper case; "=q" and "q" are read as Q), or 0 when none is written
}

// Spaces returns the offset of the first byte at or after pos that is not a
// space or a tab.
func Spaces(s string, pos int) int {
	for pos < len(s) && (s[pos] == ' ' || s[pos] == '\t') {
		pos++
	}
	return pos
}

// IsFile and IsRank tell a file letter a–h and a rank digit 1–8.
func IsFile(c byte) bool { return c >= 'a' && c <= 'h' }

// IsRank: see IsFile.
func IsRank(c byte) bool { return c >= '1' && c <= '8' }

// PromotionLetter returns the upper-case letter of a promotion piece written as
// c (N, B, R, Q in either case), or 0.
func PromotionLetter(c byte) byte {
	switch c {
	case 'N', 'B', 'R', 'Q':
		return c
	case 'n', 'b', 'r', 'q':
		return c - 'a' + 'A'
	}
	return 0
}

// ReadStep reads the step that starts at s[pos]: a castling, or a piece letter
// (none for a pawn), the origin's file, rank or both as far as written, "x" or
// "-", the target square, and a promotion ("=Q", "=q", "Q" or "q": python-chess
// and hand-typed records write it without "=", in either case). It returns the
// step and the offset after it, or when the text is not a step, the offset of
// the problem and the reason. tooMany is the reason for more than one square
// before the target (a game names the notation that reads such text).
func ReadStep(s string, pos int, tooMany string) (st Step, end int, reason string) {
	st = Step{FromFile: -1, FromRank: -1}
	for _, c := range [...]string{"O-O-O", "0-0-0", "O-O", "0-0"} {
		if pos < len(s) && s[pos] == c[0] && strings.HasPrefix(s[pos:], c) {
			st.Castle = KingSide
			if len(c) == 5 {
				st.Castle = QueenSide
			}
			return st, pos + len(c), ""
		}
	}
	if pos < len(s) && s[pos] >= 'A' && s[pos] <= 'Z' {
		switch s[pos] {
		case 'K', 'Q', 'R', 'B', 'N', 'P':
		default:
			return st, pos, "not a piece letter (K Q R B N P)"
		}
		st.Piece = s[pos]
		pos++
	}
	// The squares: file and rank characters, with an "x" or "-" among them. Only
	// the first two (the origin) and the last two (the target) are kept.
	var head, tail [2]byte
	var before byte // the coordinate before tail
	n, sep := 0, -1 // sep: the number of coordinates before the "x" or "-"
	for ; pos < len(s); pos++ {
		c := s[pos]
		switch {
		case c == 'e' && strings.HasPrefix(s[pos:], EnPassantMark):
			goto done // "exd6e.p.": the mark glued to the move
		case IsFile(c) || IsRank(c):
			if n < 2 {
				head[n] = c
			}
			before, tail[0], tail[1] = tail[0], tail[1], c
			n++
		case (c == 'x' || c == '-') && sep < 0:
			sep = n
			st.Capture = c == 'x'
		default:
			goto done
		}
	}
done:
	bishop := false // a "b" after the target square: a promotion to a bishop, not a file
	if n >= 3 && tail[1] == 'b' && IsFile(before) && IsRank(tail[0]) {
		bishop, tail[0], tail[1] = true, before, tail[0]
		n--
	}
	if n < 2 || !IsFile(tail[0]) || !IsRank(tail[1]) {
		if pos < len(s) {
			switch c := s[pos]; c {
			case 'n', 'r', 'q', 'k':
				return st, pos, "piece letters are upper case: want '" + string(c-'a'+'A') + "'"
			}
		}
		return st, pos, "want a target square such as e4"
	}
	st.To = int(tail[1]-'1')*8 + int(tail[0]-'a')
	if sep >= 0 && sep != n-2 {
		return st, pos, "'x' or '-' must stand right before the target square"
	}
	switch n - 2 {
	case 0:
	case 1:
		if IsFile(head[0]) {
			st.FromFile = int(head[0] - 'a')
		} else {
			st.FromRank = int(head[0] - '1')
		}
	case 2:
		if !IsFile(head[0]) || !IsRank(head[1]) {
			return st, pos, "the origin must be a file, a rank or a square"
		}
		st.FromFile, st.FromRank = int(head[0]-'a'), int(head[1]-'1')
	default:
		return st, pos, tooMany
	}
	// The promotion: "=Q" or a bare letter, either case ("b" was read above).
	if bishop {
		st.Promotion = 'B'
	} else if pos < len(s) && s[pos] == '=' {
		pos++
		if pos < len(s) {
			st.Promotion = PromotionLetter(s[pos])
		}
		if st.Promotion == 0 {
			return st, pos, "a promotion is = followed by N, B, R or Q"
		}
		pos++
	} else if pos < len(s) {
		if st.Promotion = PromotionLetter(s[pos]); st.Promotion != 0 {
			pos++
		}
	}
	return st, pos, ""
}

// EndReason says what may follow a move, for text after it that ReadEnd does not
// read: the caller names the byte at ReadEnd's stop offset before it.
const EndReason = "cannot follow the move here (want at most one + or #, then at most one of !, ?, !!, ??, !?, ?!)"

// EnPassantMark is FIDE's mark of an en passant capture ("exd6 e.p."), which
// ReadEnd reads and which, like a check mark, says nothing about the move's
// identity.
const EnPassantMark = "e.p."

// ReadEnd reads the end of a move from s[pos] on: at most one EnPassantMark
// ("e.p.", glued to the move or after spaces, before or after the check mark),
// at most one "+" or "#", then at most one move suffix ("!", "?", "!!", "??",
// "!?", "?!", which says nothing about the move's identity), each possibly after
// spaces or tabs, then spaces or tabs to the end of the text. ok reports whether
// that is all the text has left; mark is the "+" or "#" (0 for none); stop is the
// offset of the first byte that is not part of such an end (len(s) when ok).
func ReadEnd(s string, pos int) (mark byte, stop int, ok bool) {
	pos = Spaces(s, pos)
	ep := strings.HasPrefix(s[pos:], EnPassantMark)
	if ep {
		pos = Spaces(s, pos+len(EnPassantMark))
	}
	if pos < len(s) && (s[pos] == '+' || s[pos] == '#') {
		mark = s[pos]
		pos = Spaces(s, pos+1)
	}
	if !ep && strings.HasPrefix(s[pos:], EnPassantMark) {
		pos = Spaces(s, pos+len(EnPassantMark))
	}
	for n := 0; n < 2 && pos < len(s) && (s[pos] == '!' || s[pos] == '?'); n++ {
		pos++
	}
	pos = Spaces(s, pos)
	if pos < len(s) {
		return 0, pos, false
	}
	return mark, pos, true
}
