package chess960

// Standard is the number of the standard back rank, RNBQKBNR.
const Standard = 518

// Rank is a back rank: its piece letters from the a-file to the h-file
// ("RNBQKBNR"), the king's file and the files of the queen-side and king-side rooks
// (0 = a … 7 = h), which castle.
type Rank struct {
	Letters [8]byte
	King    int
	Rooks   [2]int
}

// BackRank returns the back rank of start position n (0..959): the bishops on
// squares of opposite colours, the king between the rooks. ok is false when n is
// outside 0..959.
//
// Scharnagl's numbering: n mod 4 places the bishop on a light square (b, d, f, h),
// the next digit base 4 the bishop on a dark square (a, c, e, g), the next base 6
// the queen on one of the six empty squares, the rest (0..9) the two knights on
// two of the five left; rook, king, rook fill the last three.
func BackRank(n int) (Rank, bool) {
	if n < 0 || n > 959 {
		return Rank{}, false
	}
	var rank [8]byte
	free := func(k int) int { // file of the k-th empty square
		for f := 0; f < 8; f++ {
			if rank[f] == 0 {
				if k == 0 {
					return f
				}
				k--
			}
		}
		return -1
	}
	rank[2*(n%4)+1] = 'B' // light squares b, d, f, h
	n /= 4
	rank[2*(n%4)] = 'B' // dark squares a, c, e, g
	n /= 4
	rank[free(n%6)] = 'Q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	k1, k2 := free(knights[0]), free(knights[1])
	rank[k1], rank[k2] = 'N', 'N'
	r1, k, r2 := free(0), free(1), free(2)
	rank[r1], rank[k], rank[r2] = 'R', 'K', 'R'
	return Rank{Letters: rank, King: k, Rooks: [2]int{r1, r2}}, true
}
