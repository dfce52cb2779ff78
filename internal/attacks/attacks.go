package attacks

// Knight, King and Pawn are the patterns of the pieces that do not slide:
// Knight[s] and King[s] every square a knight or king on s reaches, Pawn[c][s] the
// two forward diagonals of a pawn of colour c on s (its captures, not its steps).
var (
	Knight [64]uint64
	King   [64]uint64
	Pawn   [2][64]uint64
)

// Between[a][b] is the set of squares strictly between a and b when they share a
// rank, file or diagonal, else 0; Line[a][b] is the whole line (edge to edge)
// through a and b, including them, when they share one, else 0.
var (
	Between [64][64]uint64
	Line    [64][64]uint64
)

// Rook returns the squares a rook on s reaches when the squares of occ are occupied:
// along each rank and file up to and including the first occupied square.
func Rook(s int, occ uint64) uint64 {
	m := &rookMagics[s]
	return m.table[(occ&m.mask)*m.magic>>m.shift]
}

// Bishop returns the squares a bishop on s reaches when the squares of occ are
// occupied: along each diagonal up to and including the first occupied square.
func Bishop(s int, occ uint64) uint64 {
	m := &bishopMagics[s]
	return m.table[(occ&m.mask)*m.magic>>m.shift]
}

// Queen returns Rook(s, occ) | Bishop(s, occ).
func Queen(s int, occ uint64) uint64 { return Rook(s, occ) | Bishop(s, occ) }

// square returns the square on file f and rank r, or -1 off the board.
func square(f, r int) int {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

// The directions of the sliding pieces as (file, rank) steps.
var (
	rookDirections   = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	bishopDirections = [4][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
)

// slide walks from s in each direction up to and including the first square of
// occ: the reference the lookup tables are built from.
func slide(s int, occ uint64, dirs *[4][2]int) uint64 {
	var out uint64
	f, r := s&7, s>>3
	for _, d := range dirs {
		for i := 1; ; i++ {
			t := square(f+d[0]*i, r+d[1]*i)
			if t < 0 {
				break
			}
			out |= 1 << t
			if occ&(1<<t) != 0 {
				break
			}
		}
	}
	return out
}

func init() {
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		add := func(bb *uint64, df, dr int) {
			if t := square(f+df, r+dr); t >= 0 {
				*bb |= 1 << t
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(&Knight[s], d[0], d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					add(&King[s], df, dr)
				}
			}
		}
		add(&Pawn[0][s], -1, 1)
		add(&Pawn[0][s], 1, 1)
		add(&Pawn[1][s], -1, -1)
		add(&Pawn[1][s], 1, -1)
	}
	initMagics()
	for a := 0; a < 64; a++ {
		for _, dirs := range []*[4][2]int{&rookDirections, &bishopDirections} {
			for _, d := range dirs {
				var ray uint64 // from a to the edge, a excluded
				for i := 1; ; i++ {
					t := square(a&7+d[0]*i, a>>3+d[1]*i)
					if t < 0 {
						break
					}
					Between[a][t] = ray
					ray |= 1 << t
				}
			}
		}
	}
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			if a == b {
				continue
			}
			var line uint64
			if slide(a, 0, &rookDirections)&(1<<b) != 0 {
				line = slide(a, 0, &rookDirections) & slide(b, 0, &rookDirections)
			} else if slide(a, 0, &bishopDirections)&(1<<b) != 0 {
				line = slide(a, 0, &bishopDirections) & slide(b, 0, &bishopDirections)
			} else {
				continue
			}
			Line[a][b] = line | 1<<a | 1<<b
		}
	}
}
