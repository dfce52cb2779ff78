package engine

import (
	"math/bits"

	"github.com/pacosako-go/pacosako"
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

// atomicEval returns the evaluation of p for the side to move.
func atomicEval(p *atomicPos) int {
	var side [2]int
	occ := p.white | p.black
	var att [2]uint64
	var mat [2]int
	for c := range 2 {
		own := p.colour(c)
		for r := range 5 {
			for bb := p.pieces[r] & own; bb != 0; bb &= bb - 1 {
				s := bits.TrailingZeros64(bb)
				mat[c] += atomicValue[r]
				var a uint64
				switch r {
				case 0:
					a = attacks.Pawn[c][s]
					rank := s >> 3
					if c == 1 {
						rank = 7 - rank
					}
					side[c] += 6 * (rank - 1) * (rank - 1)
				case 1:
					a = attacks.Knight[s]
					side[c] += 8*centre[s] + wMobility*popcount(a&^own)
				case 2:
					a = attacks.Bishop(s, occ)
					side[c] += 4*centre[s] + wMobility*popcount(a&^own)
				case 3:
					a = attacks.Rook(s, occ)
					side[c] += wMobility * popcount(a&^own) / 2
				case 4:
					a = attacks.Queen(s, occ)
					side[c] += wMobility * popcount(a&^own) / 2
				}
				att[c] |= a
			}
		}
		side[c] += mat[c]
	}
	kings := [2]int{bits.TrailingZeros64(p.pieces[5] & p.white), bits.TrailingZeros64(p.pieces[5] & p.black)}
	touch := attacks.King[kings[0]]&(p.pieces[5]&p.black) != 0
	for c := range 2 {
		e := 1 - c
		own := p.colour(c)
		around := attacks.King[kings[c]]
		if !touch {
			// Pieces next to the own king that the enemy can take: each capture
			// would explode the king.
			side[c] -= wKingThreat * popcount(around&own&att[e])
			side[c] -= wKingZone * popcount(around&att[e])
		}
		// Pieces the enemy attacks (besides those counted at the king).
		for r := range 5 {
			side[c] -= wHanging * atomicValue[r] / 100 * popcount(p.pieces[r]&own&att[e]&^att[c])
		}
	}
	if touch {
		// Touching kings hold: the weaker side's deficit counts less.
		if d := mat[0] - mat[1]; d > 0 {
			side[1] += min(d/2, wConnectedCap)
		} else if d < 0 {
			side[0] += min(-d/2, wConnectedCap)
		}
	}
	v := side[0] - side[1]
	if p.turn == 1 {
		v = -v
	}
	return v + 10 // the move
}

// atomicPos is the board as the evaluation reads it.
type atomicPos struct {
	pieces       [6]uint64
	white, black uint64
	turn         int
}

func (p *atomicPos) colour(c int) uint64 {
	if c == 0 {
		return p.white
	}
	return p.black
}

// eval returns the evaluation at ply.
func (g *atomicGame) eval(ply int) int {
	q := &g.pos[ply]
	var p atomicPos
	for r := pacosako.Pawn; r <= pacosako.King; r++ {
		w, b := uint64(q.Pieces(pacosako.White, r)), uint64(q.Pieces(pacosako.Black, r))
		p.pieces[r-1] = w | b
		p.white |= w
		p.black |= b
	}
	p.turn = int(q.Turn())
	return atomicEval(&p)
}
