package pacosako

import (
	"encoding/binary"
	"math/bits"
)

// packedState is an in-move state of the count search in 48 bytes instead of a
// 144-byte Position. A chain changes few squares (the lifted one and the unions it
// passes through), so the state keeps the cells that differ from the search's root
// and the fields of the position a move can change; the bitboards and the hash are
// rebuilt from the root by unpack. The largest count search holds over 20 million
// such states.
type packedState struct {
	changed    Bitboard // squares whose cell differs from the root's; see overflowStep
	castling   CastlingRights
	noProgress uint16
	pawnFlags  uint16
	plies      uint16
	turn       Color
	step       requiredAction
	handOwn    Role
	handPart   Role
	handSq     Square
	ep1        uint8
	promo1     uint8
	res        packedOutcome
	koFrom1    uint8
	koTo1      uint8
	cells      [packedCells]uint8 // the cells of changed, in square order
}

// packedCells is how many changed squares a packed state holds: a chain through
// every union of a full board changes 17, and the largest searches found change at
// most 15. A state that changes more is kept whole (overflowStep).
const packedCells = 20

// overflowStep marks a packed state that stands for overflow[changed] of its packer.
const overflowStep requiredAction = 0xFF

// packer packs the states of one search relative to its root.
type packer struct {
	root     Position
	overflow []Position // states that change more than packedCells squares
}

// reset makes root the reference of the states packed from now on.
func (k *packer) reset(root *Position) {
	k.root = *root
	k.overflow = k.overflow[:0]
}

// changedSquares returns the squares whose cell differs between a and b, comparing
// eight cells at a time.
func changedSquares(a, b *[64]uint8) Bitboard {
	var changed Bitboard
	for w := 0; w < 64; w += 8 {
		x := binary.LittleEndian.Uint64(a[w:]) ^ binary.LittleEndian.Uint64(b[w:])
		for x != 0 {
			i := bits.TrailingZeros64(x) &^ 7
			changed |= Square(w + i/8).bit()
			x &^= 0xFF << i
		}
	}
	return changed
}

// pack stores p in dst.
func (k *packer) pack(p *Position, dst *packedState) {
	changed := changedSquares(&p.board.cells, &k.root.board.cells)
	if changed.Count() > packedCells {
		dst.step = overflowStep
		dst.changed = Bitboard(len(k.overflow))
		k.overflow = append(k.overflow, *p)
		return
	}
	dst.changed = changed
	i := 0
	for sq := range changed.All() {
		dst.cells[i] = p.board.cells[sq]
		i++
	}
	dst.castling = p.castling
	dst.noProgress, dst.pawnFlags, dst.plies = p.noProgress, p.pawnFlags, p.plies
	dst.turn, dst.step = p.turn, p.step
	dst.handOwn, dst.handPart, dst.handSq = p.handOwn, p.handPart, p.handSq
	dst.ep1, dst.promo1, dst.res = p.ep1, p.promo1, p.res
	dst.koFrom1, dst.koTo1 = p.koFrom1, p.koTo1
}

// unpack sets p to the state ps stands for. Rules are the root's: no action
// changes them.
func (k *packer) unpack(ps *packedState, p *Position) {
	if ps.step == overflowStep {
		*p = k.overflow[ps.changed]
		return
	}
	*p = k.root
	b := &p.board
	i := 0
	for sq := range ps.changed.All() {
		c := ps.cells[i]
		i++
		b.remove(White, sq)
		b.remove(Black, sq)
		if r := Role(c & 15); r != NoRole {
			b.put(White, r, sq)
		}
		if r := Role(c >> 4); r != NoRole {
			b.put(Black, r, sq)
		}
	}
	p.castling = ps.castling
	p.noProgress, p.pawnFlags, p.plies = ps.noProgress, ps.pawnFlags, ps.plies
	p.turn, p.step = ps.turn, ps.step
	p.handOwn, p.handPart, p.handSq = ps.handOwn, ps.handPart, ps.handSq
	p.ep1, p.promo1, p.res = ps.ep1, ps.promo1, ps.res
	p.koFrom1, p.koTo1 = ps.koFrom1, ps.koTo1
}

// packAction packs an action into 16 bits (kind, role, square), to keep a count
// result's last action in its hash slot.
func packAction(a Action) uint16 {
	return uint16(a.Kind)<<12 | uint16(a.Role&15)<<8 | uint16(a.Square)
}

// unpackAction is the inverse of packAction.
func unpackAction(x uint16) Action {
	return Action{Kind: ActionKind(x >> 12), Role: Role(x >> 8 & 15), Square: Square(x)}
}
