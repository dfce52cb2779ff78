package pacosako

// Zobrist keys: fixed pseudo-random numbers whose XOR identifies a state. They are
// generated once from a fixed seed, so hashes are the same in every run.
var (
	zobristPiece    [2][7][64]uint64
	zobristTurn     uint64
	zobristEP       [65]uint64 // index NoSquare (64) = none, key 0
	zobristCastling [4][256]uint64
	zobristHand     [2][7][7][65]uint64 // colour of the mover, own role, partner role, square
	zobristStep     [8]uint64           // the in-move step (RequiredAction)
)

func init() {
	state := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for c := range zobristPiece {
		for r := range zobristPiece[c] {
			for s := range zobristPiece[c][r] {
				zobristPiece[c][r][s] = next()
			}
		}
	}
	zobristTurn = next()
	for s := 0; s < 64; s++ {
		zobristEP[s] = next()
	}
	for i := range zobristCastling {
		for v := 1; v < 256; v++ {
			zobristCastling[i][v] = next()
		}
	}
	for c := range zobristHand {
		for r := range zobristHand[c] {
			for p := range zobristHand[c][r] {
				for s := range zobristHand[c][r][p] {
					zobristHand[c][r][p][s] = next()
				}
			}
		}
	}
	for i := range zobristStep {
		zobristStep[i] = next()
	}
}
