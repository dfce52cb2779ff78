package engine

import (
	"math/bits"

	"github.com/pacosako-go/pacosako/internal/attacks"
)

// Atomic chess's evaluation, in centipawns for the side to move: what an Atomic
// player counts.
//
//   - Material, at Atomic's values: a capture costs the capturer too, so the
//     pieces that attack from afar (queen, rooks, bishops) and the knight,
//     which attacks without being attacked back, count as in chess, and pawns,
//     which survive explosions next to them, a little more.
//   - The kings' neighbourhoods: a capture on a square next to a king explodes
//     it, so every piece standing next to its own king that the enemy attacks
//     is a threat to win (unless the kings touch: a capture next to both would
//     explode the capturer's king too, so none is possible there), and enemy
//     attacks on the squares around a king are a danger.
//   - Connected kings: kings that touch cannot be checked, nor exploded by a
//     capture next to both: the side with less material holds by it.
//   - Threats of explosion: pieces of the side not to move that its enemy
//     attacks (the side to move's captures are searched, not guessed).
//   - Mobility: the squares the knights, bishops, rooks and queens reach.
//   - Piece placement: knights and bishops in the centre, pawns advanced.

// atomicValue is the material value of each role (pawn … king).
var atomicValue = [6]int{110, 300, 320, 480, 950, 0}

func popcount(b uint64) int { return bits.OnesCount64(b) }

// Weights of the evaluation's terms.
const (
	wKingThreat   = 180 // an own piece next to the own king that the enemy attacks
	wKingZone     = 12  // an enemy attack on a square next to the own king
	wMobility     = 4   // a square a piece reaches
	wHanging      = 25  // an own piece the enemy attacks, per hundred of its value
	wConnectedCap = 150 // the most the weaker side gains from touching kings
)

// centre is the weight of a square's centrality (0 at the edges, 3 in the
// middle).
var centre = func() (c [64]int) {
	for s := range 64 {
		f, r := s&7, s>>3
		c[s] = min(f, 7-f, r, 7-r)
	}
	return c
}()

// atomicLazy bounds the evaluation's terms besides material: the evaluation
// is the material balance (atomicMaterial) plus at most this much either way,
// so that a position whose material alone is this far beyond the search's
// bound is judged without the rest (lazy evaluation).
const atomicLazy = 400

// atomicMaterial returns the material balance for the side to move, and the
// move's bonus.
func atomicMaterial(p *atomicPos) int {
	v := 0
	for r := range 5 {
		v += atomicValue[r] * (popcount(p.pieces[r]&p.white) - popcount(p.pieces[r]&p.black))
	}
	if p.turn == 1 {
		v = -v
	}
	return v + 10
}

// pawnAdvance is a pawn's bonus by the ranks it has advanced.
var pawnAdvance = [8]int{0, 0, 6, 24, 54, 96, 150, 0}

// atomicEval returns the evaluation of p for the side to move: its material,
// and the other terms, bounded by atomicLazy.
func atomicEval(p *atomicPos) int {
	var side [2]int
	occ := p.white | p.black
	var att [2]uint64
	for c := range 2 {
		own := p.colour(c)
		pawns := p.pieces[0] & own
		// Each pawn's advance, rank by rank (ranks 3 to 7 of the side's own).
		if c == 0 {
			att[0] = (pawns<<7)&^fileH | (pawns<<9)&^fileA
			for r := 2; r <= 6; r++ {
				side[0] += pawnAdvance[r] * popcount(pawns&(rank1<<(8*r)))
			}
		} else {
			att[1] = (pawns>>9)&^fileH | (pawns>>7)&^fileA
			for r := 2; r <= 6; r++ {
				side[1] += pawnAdvance[r] * popcount(pawns&(rank1<<(8*(7-r))))
			}
		}
		mob := 0
		for bb := p.pieces[1] & own; bb != 0; bb &= bb - 1 {
			s := bits.TrailingZeros64(bb)
			a := attacks.Knight[s]
			att[c] |= a
			side[c] += 8 * centre[s]
			mob += 2 * popcount(a&^own)
		}
		for bb := p.pieces[2] & own; bb != 0; bb &= bb - 1 {
			s := bits.TrailingZeros64(bb)
			a := attacks.Bishop(s, occ)
			att[c] |= a
			side[c] += 4 * centre[s]
			mob += 2 * popcount(a&^own)
		}
		for bb := p.pieces[3] & own; bb != 0; bb &= bb - 1 {
			a := attacks.Rook(bits.TrailingZeros64(bb), occ)
			att[c] |= a
			mob += popcount(a &^ own)
		}
		for bb := p.pieces[4] & own; bb != 0; bb &= bb - 1 {
			a := attacks.Queen(bits.TrailingZeros64(bb), occ)
			att[c] |= a
			mob += popcount(a &^ own)
		}
		side[c] += wMobility * mob / 2
	}
	var around [2]uint64 // the squares next to each king (none for a missing king)
	for c := range 2 {
		if k := p.pieces[5] & p.colour(c); k != 0 {
			around[c] = attacks.King[bits.TrailingZeros64(k)]
		}
	}
	touch := around[0]&p.pieces[5]&p.black != 0
	for c := range 2 {
		e := 1 - c
		own := p.colour(c)
		if !touch {
			// Pieces next to the own king that the enemy can take: each capture
			// would explode the king.
			side[c] -= wKingThreat*popcount(around[c]&own&att[e]) + wKingZone*popcount(around[c]&att[e])
		}
		// Pieces the enemy attacks that nothing of the own defends.
		if hanging := own & att[e] &^ att[c]; hanging != 0 {
			for r := range 5 {
				side[c] -= hangingValue[r] * popcount(p.pieces[r]&hanging)
			}
		}
	}
	if touch {
		// Touching kings hold: the weaker side's deficit counts less.
		d := 0
		for r := range 5 {
			d += atomicValue[r] * (popcount(p.pieces[r]&p.white) - popcount(p.pieces[r]&p.black))
		}
		if d > 0 {
			side[1] += min(d/2, wConnectedCap)
		} else if d < 0 {
			side[0] += min(-d/2, wConnectedCap)
		}
	}
	v := side[0] - side[1]
	if p.turn == 1 {
		v = -v
	}
	return p.material + min(max(v, -atomicLazy), atomicLazy)
}

// hangingValue is what each role (pawn … queen) costs its side when it hangs.
var hangingValue = func() (h [5]int) {
	for r := range h {
		h[r] = wHanging * atomicValue[r] / 100
	}
	return h
}()

// File and rank masks.
const (
	fileA uint64 = 0x0101010101010101
	fileH uint64 = fileA << 7
	rank1 uint64 = 0xFF
)

// atomicPos is the board as the evaluation reads it.
type atomicPos struct {
	pieces       [6]uint64
	white, black uint64
	turn         int
	material     int // atomicMaterial's
}

func (p *atomicPos) colour(c int) uint64 {
	if c == 0 {
		return p.white
	}
	return p.black
}

// setBoard sets the board of the position at ply.
func (g *atomicGame) setBoard(ply int) {
	q := &g.pos[ply]
	p := &g.bd[ply]
	r, c := q.Bitboards()
	p.pieces = [6]uint64{uint64(r[0]), uint64(r[1]), uint64(r[2]), uint64(r[3]), uint64(r[4]), uint64(r[5])}
	p.white, p.black, p.turn = uint64(c[0]), uint64(c[1]), int(q.Turn())
	p.material = atomicMaterial(p)
}

// eval returns the evaluation at ply.
func (g *atomicGame) eval(ply int) int { return atomicEval(&g.bd[ply]) }

// quick returns the material balance at ply (eval is within atomicLazy of it).
func (g *atomicGame) quick(ply int) int { return g.bd[ply].material }
