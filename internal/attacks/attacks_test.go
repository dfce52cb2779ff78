package attacks

import (
	"math/bits"
	"testing"
)

// TestSlidersAgainstWalk compares the magic lookups with a walk along the lines
// for many occupancies of every square (including occupied squares outside the
// lines and on the edges, which must not matter).
func TestSlidersAgainstWalk(t *testing.T) {
	rng := xorshift(12345)
	for s := 0; s < 64; s++ {
		for i := 0; i < 2000; i++ {
			a, b := rng.next(), rng.next()
			occ := a & b
			if i%3 == 0 {
				occ |= rng.next()
			}
			if got, want := Rook(s, occ), slide(s, occ, &rookDirections); got != want {
				t.Fatalf("Rook(%d, %#x) = %#x, want %#x", s, occ, got, want)
			}
			if got, want := Bishop(s, occ), slide(s, occ, &bishopDirections); got != want {
				t.Fatalf("Bishop(%d, %#x) = %#x, want %#x", s, occ, got, want)
			}
		}
	}
}

// TestPatterns checks counts and a few squares of the fixed patterns.
func TestPatterns(t *testing.T) {
	const a1, b1, d4, e4, h8, c2, e5, b3 = 0, 1, 27, 28, 63, 10, 36, 17
	cases := []struct {
		name string
		got  uint64
		want int
	}{
		{"Knight[a1]", Knight[a1], 2}, {"Knight[d4]", Knight[d4], 8}, {"King[a1]", King[a1], 3},
		{"King[e4]", King[e4], 8}, {"Pawn[White][a1]", Pawn[0][a1], 1}, {"Pawn[Black][e4]", Pawn[1][e4], 2},
		{"Pawn[White][h8]", Pawn[0][h8], 0}, {"Rook(a1, 0)", Rook(a1, 0), 14}, {"Bishop(d4, 0)", Bishop(d4, 0), 13},
		{"Queen(e4, 0)", Queen(e4, 0), 27}, {"Between[a1][h8]", Between[a1][h8], 6}, {"Between[a1][b1]", Between[a1][b1], 0},
		{"Between[b1][e4]", Between[b1][e4], 2}, {"Line[c2][e4]", Line[c2][e4], 7}, {"Line[a1][e5]", Line[a1][e5], 8},
		{"Between[a1][b3]", Between[a1][b3], 0}, {"Line[a1][b3]", Line[a1][b3], 0},
	}
	for _, c := range cases {
		if n := bits.OnesCount64(c.got); n != c.want {
			t.Errorf("%s has %d squares, want %d", c.name, n, c.want)
		}
	}
	if Pawn[0][e4] != 1<<(e5-1)|1<<(e5+1) {
		t.Errorf("Pawn[White][e4] = %#x, want d5 and f5", Pawn[0][e4])
	}
	if Between[d4][d4+16] != 1<<(d4+8) {
		t.Errorf("Between[d4][d6] = %#x, want d5", Between[d4][d4+16])
	}
}

func BenchmarkRook(b *testing.B) {
	occ := uint64(0xFFFF00000000FFFF) ^ 1<<12 ^ 1<<28
	var sink uint64
	for i := range b.N {
		sink ^= Rook(i&63, occ)
	}
	_ = sink
}

// TestMagicsReproduced runs the search that found the numbers of magics.go again:
// the tables are the search's, and the search still finds working numbers.
func TestMagicsReproduced(t *testing.T) {
	if testing.Short() {
		t.Skip("the search takes about 0.2 s")
	}
	rng := xorshift(magicSeed)
	if got := findMagics(&rookDirections, &rng); got != rookMagicNumbers {
		t.Errorf("findMagics(rooks) differs from rookMagicNumbers")
	}
	if got := findMagics(&bishopDirections, &rng); got != bishopMagicNumbers {
		t.Errorf("findMagics(bishops) differs from bishopMagicNumbers")
	}
}

// BenchmarkInit is the cost of building the tables, which every program that
// imports the package pays once at start.
func BenchmarkInit(b *testing.B) {
	for range b.N {
		initMagics()
	}
}
