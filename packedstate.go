package pacosako

import "encoding/binary"

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
	limit    int        // states that change more squares are kept whole
	overflow []Position // those states
}

// reset makes root the reference of the states packed from now on; states that
// change more than limit squares (at most packedCells; tests use fewer) are kept
// whole.
func (k *packer) reset(root *Position, limit int) {
	k.root = *root
	k.limit = min(limit, packedCells)
	k.overflow = k.overflow[:0]
}

// changedSquares returns the squares whose cell differs between a and b, comparing
// eight cells at a time without a loop over them.
func changedSquares(a, b *[64]uint8) Bitboard {
	const low7 = 0x7F7F7F7F7F7F7F7F
	var changed Bitboard
	for w := 0; w < 8; w++ {
		x := binary.LittleEndian.Uint64(a[8*w:]) ^ binary.LittleEndian.Uint64(b[8*w:])
		// The top bit of byte i of y is set if byte i of x is not zero; the multiply
		// gathers bits 8i into bit 56+i without carries.
		y := ((x & low7) + low7 | x) &^ low7
		changed |= Bitboard((y>>7)*0x0102040810204080>>56) << (8 * w)
	}
	return changed
}

// pack stores p in dst, whole if it changes too many squares.
func (k *packer) pack(p *Position, dst *packedState) {
	if !k.packSmall(p, dst) {
		k.packWhole(p, dst)
	}
}

// packSmall stores p in dst and reports true, or reports false if p changes more
// than k.limit squares. The cells past the changed ones are zero, so that equal
// states have equal cells arrays (samePacked).
func (k *packer) packSmall(p *Position, dst *packedState) bool {
	changed := changedSquares(&p.board.cells, &k.root.board.cells)
	if changed.Count() > k.limit {
		return false
	}
	dst.changed = changed
	dst.cells = [packedCells]uint8{}
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
	return true
}

// packWhole keeps p whole and makes dst stand for it.
func (k *packer) packWhole(p *Position, dst *packedState) {
	dst.step = overflowStep
	dst.changed = Bitboard(len(k.overflow))
	k.overflow = append(k.overflow, *p)
}

// samePacked reports whether two states packed by packSmall are equal as
// sameState compares positions: the same cells and the same fields, the hand's
// square only when the hand holds something.
func samePacked(a, b *packedState) bool {
	return a.changed == b.changed && a.cells == b.cells && a.turn == b.turn && a.step == b.step &&
		a.handOwn == b.handOwn && a.handPart == b.handPart &&
		(a.handOwn == NoRole || a.handSq == b.handSq) &&
		a.ep1 == b.ep1 && a.castling == b.castling &&
		a.pawnFlags == b.pawnFlags && a.koFrom1 == b.koFrom1 && a.koTo1 == b.koTo1
}

// unpack sets p to the state ps stands for. p may hold any position (its board
// consistent, as every Position's is): only the pieces that differ are replaced, so
// unpacking over a similar state, such as the previous state of the search (often
// a sibling), is cheaper than over the root. Rules are the root's: no action
// changes them.
func (k *packer) unpack(ps *packedState, p *Position) {
	if ps.step == overflowStep {
		*p = k.overflow[ps.changed]
		return
	}
	b, root := &p.board, &k.root.board
	for sq := range (changedSquares(&b.cells, &root.cells) | ps.changed).All() {
		was, now := b.cells[sq], root.cells[sq]
		if ps.changed.Has(sq) {
			now = ps.cells[(ps.changed & (sq.bit() - 1)).Count()]
		}
		if was == now {
			continue
		}
		// A takeover keeps the enemy's piece, so each colour is redone only if its
		// piece differs.
		for c := White; c <= Black; c++ {
			if was>>(4*c)&15 != now>>(4*c)&15 {
				b.remove(c, sq)
				if r := Role(now >> (4 * c) & 15); r != NoRole {
					b.put(c, r, sq)
				}
			}
		}
	}
	p.rules = k.root.rules
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
