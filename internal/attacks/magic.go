package attacks

import "math/bits"

// Sliding attacks by magic multiplication: the occupied squares that matter to a
// slider on s (its lines without the board's edges, mask) are multiplied by a
// number chosen for s (magic) so that the top bits of the product (shift) index a
// table holding the attacks for every arrangement of those squares.
//
// The numbers (magics.go) were found by findMagics, a deterministic trial search
// from a fixed seed; TestMagicsReproduced runs it again and compares. The search
// takes about a tenth of a second, too long for every program's start, so the
// package only fills the tables from the numbers at initialisation.

// magic is the lookup of one square for one kind of slider.
type magic struct {
	mask  uint64
	magic uint64
	shift uint8
	table []uint64 // 1<<(64-shift) entries, part of one shared array
}

var rookMagics, bishopMagics [64]magic

// The shared tables: a rook has at most 12 relevant squares, a bishop 9, and every
// square's table has 1<<(number of relevant squares) entries.
var rookTable [102400]uint64
var bishopTable [5248]uint64

// magicSeed starts the search of findMagics (rooks first, then bishops).
const magicSeed = 0x9E3779B97F4A7C15

func initMagics() {
	build(&rookMagics, rookTable[:], &rookDirections, &rookMagicNumbers)
	build(&bishopMagics, bishopTable[:], &bishopDirections, &bishopMagicNumbers)
}

// build fills every square's lookup from its magic number.
func build(ms *[64]magic, table []uint64, dirs *[4][2]int, numbers *[64]uint64) {
	offset := 0
	for s := 0; s < 64; s++ {
		m := &ms[s]
		m.mask = relevant(s, dirs)
		m.magic = numbers[s]
		n := bits.OnesCount64(m.mask)
		m.shift = uint8(64 - n)
		m.table = table[offset : offset+1<<n : offset+1<<n]
		offset += 1 << n
		sub := uint64(0)
		for {
			m.table[(sub*m.magic)>>m.shift] = slide(s, sub, dirs)
			sub = (sub - m.mask) & m.mask // the next subset of the mask (carry-rippler)
			if sub == 0 {
				break
			}
		}
	}
}

// findMagics finds, for every square, the first candidate from rng (sparse random
// numbers) under which no two arrangements of the relevant squares with different
// attacks share a table entry.
func findMagics(dirs *[4][2]int, rng *xorshift) (numbers [64]uint64) {
	var occs, refs, table [4096]uint64
	var epoch [4096]uint32 // which trial wrote each entry: no clearing between trials
	trial := uint32(0)
	for s := 0; s < 64; s++ {
		mask := relevant(s, dirs)
		shift := 64 - bits.OnesCount64(mask)
		sub, count := uint64(0), 0
		for {
			occs[count], refs[count] = sub, slide(s, sub, dirs)
			count++
			sub = (sub - mask) & mask
			if sub == 0 {
				break
			}
		}
	search:
		for {
			a, b, c := rng.next(), rng.next(), rng.next()
			cand := a & b & c // few bits set: good candidates
			if bits.OnesCount64((mask*cand)>>56) < 6 {
				continue
			}
			trial++
			for i := 0; i < count; i++ {
				idx := (occs[i] * cand) >> shift
				if epoch[idx] != trial {
					epoch[idx] = trial
					table[idx] = refs[i]
				} else if table[idx] != refs[i] {
					continue search
				}
			}
			numbers[s] = cand
			break
		}
	}
	return numbers
}

// relevant returns the squares of a slider's lines from s whose occupancy changes
// its attacks: every square of each line but the last one before the edge.
func relevant(s int, dirs *[4][2]int) uint64 {
	var out uint64
	f, r := s&7, s>>3
	for _, d := range dirs {
		for i := 1; ; i++ {
			if square(f+d[0]*(i+1), r+d[1]*(i+1)) < 0 {
				break
			}
			out |= 1 << square(f+d[0]*i, r+d[1]*i)
		}
	}
	return out
}

// xorshift is a small deterministic pseudo-random generator (Marsaglia's xorshift64).
type xorshift uint64

func (x *xorshift) next() uint64 {
	v := uint64(*x)
	v ^= v << 13
	v ^= v >> 7
	v ^= v << 17
	*x = xorshift(v)
	return v
}
