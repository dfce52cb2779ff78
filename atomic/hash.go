package atomic

// Hash returns the position's Polyglot Zobrist hash (the keys: polyglot.go),
// the number opening books and chess tools key positions by: it equals
// python-chess's chess.polyglot.zobrist_hash of the position its FEN describes
// (chess.variant.AtomicBoard(p.FEN()), in Chess960 mode for Chess960 castling),
// so a Polyglot book or another program's table finds it. The value is part of
// the package's contract: it is the same in every run, on every machine and in
// every version of the package.
//
// It covers what Equal compares: the pieces, the side to move, the castling
// rights (a king-side and a queen-side key per colour: a right with a rook on a
// higher or a lower file than the king) and the en passant file when an en
// passant capture is legal. So Equal positions have equal hashes, and different
// positions almost always differ (64 bits: a collision between two given
// positions has odds of 1 in 2^64). A table keyed by Hash must still confirm a
// match with Equal, as Game's repetition rule compares positions by Equal.
//
// One difference from python-chess's board objects: python-chess hashes an en
// passant file whenever a pawn of the side to move stands next to the pawn that
// just made a double step, legal or not, while Hash (like FEN, and like
// python-chess reading that FEN) keeps it only when the capture is legal. The
// two differ only after a double step next to an enemy pawn whose en passant
// capture would explode its own king or leave it in check.
//
// It is cheap enough to call at every node of a search: the pieces' keys are
// kept in the position as moves are played, and the castling rights, the en
// passant file and the side to move are added when Hash is called (the en
// passant file, after a double step only, costs the test of the capture's
// legality).
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
