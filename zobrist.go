package pacosako

// Zobrist keys: fixed pseudo-random numbers whose XOR identifies a state. They
// are generated from a fixed seed, so hashes are the same in every run and, since
// Position.Hash is part of the package's contract, in every version: changing the
// seed, the order of generation or how a state is hashed breaks TestHashStable.
// They are built by a variable initializer (not an init function) so that package-level positions
// such as the start position, which depend on them, are initialized after them.
type zobristKeys struct {
	piece [2][7][64]uint64
	turn  uint64
	ep    [65]uint64          // index NoSquare (64) = none, key 0
	hand  [2][7][7][65]uint64 // colour of the mover, own role, partner role, square
	step  [8]uint64           // the in-move step (requiredAction)
}

var zobrist = newZobristKeys()

func newZobristKeys() *zobristKeys {
	k := new(zobristKeys)
	state := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for c := range k.piece {
		for r := range k.piece[c] {
			for s := range k.piece[c][r] {
				k.piece[c][r][s] = next()
			}
		}
	}
	k.turn = next()
	for s := 0; s < 64; s++ {
		k.ep[s] = next()
	}
	for c := range k.hand {
		for r := range k.hand[c] {
			for p := range k.hand[c][r] {
				for s := range k.hand[c][r][p] {
					k.hand[c][r][p][s] = next()
				}
			}
		}
	}
	for i := range k.step {
		k.step[i] = next()
	}
	return k
}
