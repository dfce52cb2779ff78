package engine

import (
	"math/bits"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/attacks"
)

// Paco Ŝako's evaluation, in centipawns for the side to move. Nothing is ever
// captured, so material changes only by promotion; what the rules make
// valuable is the threat of Paco and the means to make one:
//
//   - Paco threats: a square a side threatens is one a lone piece of it can
//     reach, or one its own piece in a union can reach once a lone piece takes
//     that union over and releases it (a chain of one takeover). The side to
//     move threatening the enemy king has a Paco (the search proves it: a
//     leaf's Paco in one is searched, not guessed) and is far ahead; the side
//     to move whose king is threatened is in Ŝako and must answer.
//   - King safety: the threatened squares around each king.
//   - Unions and who controls them: a union a side's lone piece can reach is
//     one it can take over, going on with its own piece from there; a union
//     moves with either owner's pattern, to empty squares.
//   - Promotion chances: pawns advanced, lone or carried in a union.
//   - Mobility: the squares lone pieces reach; centralised knights and bishops.

// pacoValue is the material value of each role (pacosako.Role order).
var pacoValue = [7]int{0, 100, 300, 320, 500, 900, 0}

// Weights of the evaluation's terms.
const (
	pwThreatKing = 2500 // the side to move threatens the enemy king (a Paco in one)
	pwSako       = 120  // the side to move's king is threatened (Ŝako)
	pwKingZone   = 18   // a threatened square next to a king
	pwControl    = 12   // a union a lone piece can take over
	pwMobility   = 3    // a square a lone piece reaches
	pwUnionMove  = 1    // an empty square a union can go to with the side's piece
)

// pawnRank is a pawn's bonus by the ranks it has advanced (0: on its start).
var pawnRank = [8]int{0, 0, 8, 20, 40, 75, 140, 0}

// pawnRow[c][r] is the rank a pawn of colour c has advanced r ranks on (from
// its first rank).
var pawnRow = func() (rows [2][8]uint64) {
	for r := range 8 {
		rows[0][r], rows[1][r] = rank1<<(8*r), rank1<<(8*(7-r))
	}
	return rows
}()

// pawnReach returns the diagonals the pawns of colour c on pawns reach.
func pawnReach(c int, pawns uint64) uint64 {
	if c == 0 {
		return (pawns<<7)&^fileH | (pawns<<9)&^fileA
	}
	return (pawns>>9)&^fileH | (pawns>>7)&^fileA
}

// pacoEval returns the evaluation of p for the side to move stm.
func pacoEval(p *pacosako.Position, stm pacosako.Color) int {
	b := p.Board()
	// Each method of the board copies it: asked as few times as can be.
	byColor := [2]uint64{uint64(b.ByColor(pacosako.White)), uint64(b.ByColor(pacosako.Black))}
	occ, unions := byColor[0]|byColor[1], byColor[0]&byColor[1]
	var side [2]int
	var reach [2]uint64 // what lone pieces reach
	var kings [2]int
	// The squares a side's pieces in unions (but pawns and kings) reach, by
	// union, for the threats: computed once, for the mobility.
	var unionSq [2][16]uint8
	var unionAtt [2][16]uint64
	var nUnion [2]int
	var pawnsOf [2]uint64
	for c := range 2 {
		col := pacosako.Color(c)
		own := byColor[c]
		pawns := uint64(b.Pieces(col, pacosako.Pawn))
		pawnsOf[c] = pawns
		king := uint64(b.Pieces(col, pacosako.King))
		kings[c] = -1
		if king != 0 {
			kings[c] = bits.TrailingZeros64(king)
		}
		// Pawns: lone ones reach their diagonals; every pawn counts its
		// advance, half of it in a union.
		lone := pawns &^ unions
		reach[c] = pawnReach(c, lone)
		side[c] += pacoValue[pacosako.Pawn] * popcount(pawns)
		united := pawns & unions
		for r := 2; r <= 6; r++ { // rank by rank, the side's own ranks 3 to 7
			row := pawnRow[c][r]
			side[c] += pawnRank[r]*popcount(lone&row) + pawnRank[r]/2*popcount(united&row)
		}
		// The other pieces but the king, one by one.
		mob := 0
		for bb := own &^ pawns &^ king; bb != 0; bb &= bb - 1 {
			sq := bits.TrailingZeros64(bb)
			r := b.Cell(pacosako.Square(sq)).Role(col)
			side[c] += pacoValue[r]
			// What it reaches, and its weight for a central square (knights
			// and bishops), in one switch.
			var a uint64
			central := 0
			switch r {
			case pacosako.Knight:
				a, central = attacks.Knight[sq], 6
			case pacosako.Bishop:
				a, central = attacks.Bishop(sq, occ), 4
			case pacosako.Rook:
				a = attacks.Rook(sq, occ)
			case pacosako.Queen:
				a = attacks.Queen(sq, occ)
			}
			if unions&(1<<sq) != 0 {
				// In a union: the side moves it with this piece, to empty squares.
				mob += pwUnionMove * popcount(a&^occ)
				k := nUnion[c] & 15
				unionSq[c][k], unionAtt[c][k] = uint8(sq), a
				nUnion[c]++
				continue
			}
			side[c] += central * centre[sq]
			reach[c] |= a
			mob += pwMobility * popcount(a&^own)
		}
		side[c] += mob
	}
	// Threats: what lone pieces reach, and one takeover on: the own piece of a
	// union a lone piece reaches goes on from there.
	var threat [2]uint64
	for c := range 2 {
		reached := reach[c] & unions
		threat[c] = reach[c] | pawnReach(c, reached&pawnsOf[c])
		for k := range min(nUnion[c], 16) {
			if reached&(1<<unionSq[c][k]) != 0 {
				threat[c] |= unionAtt[c][k]
			}
		}
		side[c] += pwControl * popcount(reached)
	}
	for c := range 2 {
		if kings[c] >= 0 {
			side[c] -= pwKingZone * popcount(attacks.King[kings[c]]&threat[1-c])
		}
	}
	us, them := int(stm), 1-int(stm)
	v := side[us] - side[them]
	if kings[them] >= 0 && threat[us]&(1<<kings[them]) != 0 {
		v += pwThreatKing
	}
	if kings[us] >= 0 && threat[them]&(1<<kings[us]) != 0 {
		v -= pwSako
	}
	return v + 10
}

// eval returns the evaluation at ply.
func (g *pacoGame) eval(ply int) int {
	if testPacoEval != nil {
		return testPacoEval(&g.pos[ply], g.stm[ply])
	}
	return pacoEval(&g.pos[ply], g.stm[ply])
}

// testPacoEval, when a test sets it, replaces Paco Ŝako's evaluation (the
// match against the official project's heuristic).
var testPacoEval func(p *pacosako.Position, stm pacosako.Color) int

// quick is eval: Paco Ŝako's evaluation is no material count (prunes().lazy is
// 0).
func (g *pacoGame) quick(ply int) int { return g.eval(ply) }
