package pacosako

import "testing"

// TestHashStable pins Position.Hash of positions of every kind (the start, unions,
// a piece in the hand, vchess's pawn flags, an en passant square): the hash is
// part of the package's contract, the same in every version, so a change of the
// keys or of what is hashed fails here. Equal positions hash alike whatever
// their counters and rules.
func TestHashStable(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		hash uint64
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -", 0xc8910a3e9d0a937d},
		{"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -", 0x3d795805e450df42},
		{"4k3/8/2q5/8/4s3/2w5/8/5K2^e4N w 1 - - -", 0x318f09627677d4fb},
		{"r2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 24 iiah1111011111110111 - -", 0x41f32c2a5c19099e},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 0 AHah e3 -", 0x4ace1e65a6ff8f1b},
	} {
		p := MustParseFEN(tc.fen)
		if got := p.Hash(); got != tc.hash {
			t.Errorf("%s: Hash() = %#016x, pinned %#016x", tc.fen, got, tc.hash)
		}
		others := []Position{p.WithRules(Rulebook)}
		s := p.Setup()
		s.NoProgressCounter += 7
		if q, err := s.Position(); err == nil && q.Equal(p) { // a vchess position's Setup has no pawn flags
			others = append(others, q)
		}
		for _, q := range others {
			if !q.Equal(p) || q.Hash() != p.Hash() {
				t.Errorf("%s: %s, Equal to it, hashes %#016x", tc.fen, q.FEN(), q.Hash())
			}
		}
	}
	if StartingPosition().Hash() == MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 0 AHah - -").Hash() {
		t.Error("the side to move is not hashed")
	}
}
