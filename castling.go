package pacosako

// CastlingSide is the side of the king a castling rook stands on.
type CastlingSide uint8

// The two castling sides. Queen side means the rook's file is lower than the king's.
const (
	QueenSide CastlingSide = iota
	KingSide
)

// String returns "QueenSide" or "KingSide".
func (s CastlingSide) String() string {
	if s == KingSide {
		return "KingSide"
	}
	return "QueenSide"
}

// CastlingRights holds up to four castling options: white queen side, white king
// side, black queen side, black king side (catalogue §7.1). Each option is identified
// as the official engine identifies it, by the rook's file and the king's file on the
// colour's home rank, so Fischer-random ("Ŝako 960") set-ups work the same way as the
// standard one. The zero value has no rights.
//
// Rights are facts about the game, not about the board: nothing checks that the king
// or a rook still stands on its square (the engine does not; validation is separate).
type CastlingRights struct {
	opt [4]uint8 // 0 = none; else 0x80 | kingFile<<3 | rookFile
}

func castlingIndex(c Color, side CastlingSide) int { return int(c)*2 + int(side) }

// Has reports whether colour c may still castle on side.
func (cr CastlingRights) Has(c Color, side CastlingSide) bool {
	return c <= Black && side <= KingSide && cr.opt[castlingIndex(c, side)] != 0
}

// Rook returns the square of the rook of colour c's castling option on side (on c's
// home rank), or NoSquare if there is no such right.
func (cr CastlingRights) Rook(c Color, side CastlingSide) Square {
	if c > Black || side > KingSide {
		return NoSquare
	}
	o := cr.opt[castlingIndex(c, side)]
	if o == 0 {
		return NoSquare
	}
	return NewSquare(int(o&7), c.homeRank())
}

// KingFile returns the king's file (0 = a … 7 = h) that colour c's options were
// recorded with, or -1 if c has no right.
func (cr CastlingRights) KingFile(c Color) int {
	if c > Black {
		return -1
	}
	for side := QueenSide; side <= KingSide; side++ {
		if o := cr.opt[castlingIndex(c, side)]; o != 0 {
			return int(o>>3) & 7
		}
	}
	return -1
}

// With returns the rights with colour c's option on side set to the rook on rookFile,
// for a king on kingFile (files 0..7). As in a FEN, the side must agree with the
// files: queen side when the rook's file is lower than the king's, else king side.
// Out-of-range or disagreeing arguments return cr unchanged.
func (cr CastlingRights) With(c Color, side CastlingSide, kingFile, rookFile int) CastlingRights {
	if c > Black || side > KingSide || kingFile < 0 || kingFile > 7 || rookFile < 0 || rookFile > 7 ||
		(side == QueenSide) != (rookFile < kingFile) {
		return cr
	}
	cr.opt[castlingIndex(c, side)] = 0x80 | uint8(kingFile)<<3 | uint8(rookFile)
	return cr
}

// Without returns the rights with colour c's option on side removed.
func (cr CastlingRights) Without(c Color, side CastlingSide) CastlingRights {
	if c <= Black && side <= KingSide {
		cr.opt[castlingIndex(c, side)] = 0
	}
	return cr
}

// IsEmpty reports whether no option is left.
func (cr CastlingRights) IsEmpty() bool { return cr.opt == [4]uint8{} }

// String returns the FEN castling field of the engine dialect: the rook files of the
// options in the order white queen side, white king side, black queen side, black
// king side, upper case for White ("AHah", "BHbh", "Aah"), or "-" if none.
func (cr CastlingRights) String() string {
	var buf [4]byte
	return string(cr.appendFEN(buf[:0]))
}

// appendFEN appends String's text to dst.
func (cr CastlingRights) appendFEN(dst []byte) []byte {
	n := len(dst)
	for i, o := range cr.opt {
		if o == 0 {
			continue
		}
		l := 'a' + byte(o&7)
		if i < 2 {
			l -= 'a' - 'A'
		}
		dst = append(dst, l)
	}
	if len(dst) == n {
		dst = append(dst, '-')
	}
	return dst
}

// castleRule is everything the engine derives from one castling option (catalogue
// §7.1): where king and rook go, which squares must be empty and which must not be
// threatened, and the square the king is placed on to castle.
type castleRule struct {
	rookFrom, rookTo, kingTo Square
	placeTarget              Square
	mustBeEmpty, mustBeSafe  Bitboard
}

// castleRules[c][side][kingFile][rookFile], side being queen side (0) or king side
// (1) as determined when the option was recorded.
var castleRules = buildCastleRules()

func buildCastleRules() (castleRules [2][2][8][8]castleRule) {
	for c := White; c <= Black; c++ {
		rank := c.homeRank()
		for side := QueenSide; side <= KingSide; side++ {
			for kf := 0; kf < 8; kf++ {
				for rf := 0; rf < 8; rf++ {
					kingToF, rookToF := 2, 3
					if side == KingSide {
						kingToF, rookToF = 6, 5
					}
					r := castleRule{
						rookFrom: NewSquare(rf, rank),
						rookTo:   NewSquare(rookToF, rank),
						kingTo:   NewSquare(kingToF, rank),
					}
					between := func(a, b int) Bitboard {
						if a > b {
							a, b = b, a
						}
						var bb Bitboard
						for f := a; f <= b; f++ {
							bb |= NewSquare(f, rank).bit()
						}
						return bb
					}
					r.mustBeEmpty = (between(rf, rookToF) | between(kf, kingToF)) &^ (NewSquare(kf, rank).bit() | r.rookFrom.bit())
					r.mustBeSafe = between(kf, kingToF)
					r.placeTarget = r.rookFrom
					if kf == 4 && (rf == 0 || rf == 7) {
						r.placeTarget = r.kingTo
					}
					castleRules[c][side][kf][rf] = r
				}
			}
		}
	}
	return
}

// rule returns the castling rule of option index i (which must be set).
func (cr CastlingRights) rule(i int) *castleRule {
	o := cr.opt[i]
	return &castleRules[i>>1][i&1][(o>>3)&7][o&7]
}

// forfeitRook removes every option, of either colour, whose rook starts on s
// (catalogue §7.4: a rook, or a union holding one, lifted from that square).
func (cr *CastlingRights) forfeitRook(s Square) {
	for i, o := range cr.opt {
		if o != 0 && NewSquare(int(o&7), Color(i>>1).homeRank()) == s {
			cr.opt[i] = 0
		}
	}
}

// forfeitRookOf removes colour c's options whose rook starts on s.
func (cr *CastlingRights) forfeitRookOf(c Color, s Square) {
	for i := 2 * int(c); i < 2*int(c)+2; i++ {
		if o := cr.opt[i]; o != 0 && NewSquare(int(o&7), c.homeRank()) == s {
			cr.opt[i] = 0
		}
	}
}

// forfeitColor removes both options of colour c (any king placement, §7.3).
func (cr *CastlingRights) forfeitColor(c Color) {
	cr.opt[2*c] = 0
	cr.opt[2*c+1] = 0
}

// hash returns the Zobrist contribution of the rights.
func (cr CastlingRights) hash() uint64 {
	// The four option bytes as one word, mixed: positions hash from scratch, so no
	// per-option table is needed (a multiply instead of four lookups).
	x := uint64(cr.opt[0]) | uint64(cr.opt[1])<<8 | uint64(cr.opt[2])<<16 | uint64(cr.opt[3])<<24
	if x == 0 {
		return 0
	}
	x *= 0xD6E8FEB86659FD93
	return x ^ x>>32
}

// castlingOpen reports whether the side to move keeps a castling option.
func (p *Position) castlingOpen() bool {
	return p.castling.opt[castlingIndex(p.turn, QueenSide)] != 0 || p.castling.opt[castlingIndex(p.turn, KingSide)] != 0
}

// castleSide reports whether placing the king in the hand on t castles, and on
// which side (the engine decides by the target alone, catalogue §7.3).
func (p *Position) castleSide(t Square) (CastlingSide, bool) {
	for side := QueenSide; side <= KingSide; side++ {
		i := castlingIndex(p.turn, side)
		if p.castling.opt[i] != 0 && p.castling.rule(i).placeTarget == t {
			return side, true
		}
	}
	return QueenSide, false
}
