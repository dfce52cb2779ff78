package atomic

// Hash returns the position's Polyglot Zobrist hash, equal to python-chess's
// chess.polyglot.zobrist_hash of its FEN, so Polyglot books and other tools find
// it; the value is stable across runs, machines and versions. It covers what
// Equal compares (pieces, side to move, castling rights, the en passant file when
// the capture is legal), so a table keyed by Hash must confirm a match with Equal.
// It is cheap enough for every node of a search.
func (p Position) Hash() uint64 {
	h := p.zob
	if p.castling != 0 {
		h ^= p.castlingKeys()
	}
	if p.ep < 64 {
		if ep := p.legalEnPassant(); ep != noSquare {
			h ^= polyglotKeys[772+int(ep&7)]
		}
	}
	if p.turn == 0 {
		h ^= polyglotKeys[780]
	}
	return h
}

// pieceKey is the Polyglot key of a piece of colour c and role index r on s.
func pieceKey(c, r, s int) uint64 { return polyglotKeys[64*(2*r+1-c)+s] }

// pieceKeys returns the XOR of the keys of every piece on the board: the part of
// Hash that Position.zob keeps. Constructors set zob with it; play updates it.
func (p *Position) pieceKeys() uint64 {
	var h uint64
	for r := pawn; r <= king; r++ {
		for c := 0; c < 2; c++ {
			for bb := p.pieces[r] & p.colors[c]; bb != 0; bb &= bb - 1 {
				h ^= pieceKey(c, r, lsb(bb))
			}
		}
	}
	return h
}

// castlingKeys returns the keys of the castling rights: a king-side and a
// queen-side key per colour, for a right with a rook on a higher or a lower file
// than the king.
func (p *Position) castlingKeys() uint64 {
	var h uint64
	rights := p.castlingRights()
	for c := 0; c < 2; c++ {
		k := p.pieces[king] & p.colors[c] & homeRank(c)
		rs := rights & homeRank(c)
		if k == 0 || rs == 0 {
			continue
		}
		ks := lsb(k)
		if rs>>uint(ks+1) != 0 {
			h ^= polyglotKeys[768+2*c] // a rook above the king: king side
		}
		if rs&(uint64(1)<<uint(ks)-1) != 0 {
			h ^= polyglotKeys[769+2*c]
		}
	}
	return h
}
