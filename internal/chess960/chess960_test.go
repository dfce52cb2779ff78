package chess960

import "testing"

// TestBackRank checks published numbers (Scharnagl's table) and that the 960 ranks
// are distinct and follow the rules.
func TestBackRank(t *testing.T) {
	for n, want := range map[int]string{0: "BBQNNRKR", 518: "RNBQKBNR", 959: "RKRNNQBB", 1: "BQNBNRKR", 4: "QBBNNRKR"} {
		if got, ok := BackRank(n); !ok || string(got.Letters[:]) != want {
			t.Errorf("BackRank(%d) = %q, %v; want %q", n, got.Letters[:], ok, want)
		}
	}
	seen := map[[8]byte]bool{}
	for n := 0; n < 960; n++ {
		rank, ok := BackRank(n)
		r := rank.Letters
		if !ok || seen[r] {
			t.Fatalf("BackRank(%d) = %q, %v: not a new rank", n, r[:], ok)
		}
		seen[r] = true
		var bishops, rooks []int
		king := -1
		for f, l := range r {
			switch l {
			case 'B':
				bishops = append(bishops, f)
			case 'R':
				rooks = append(rooks, f)
			case 'K':
				king = f
			}
		}
		if len(bishops) != 2 || bishops[0]%2 == bishops[1]%2 || len(rooks) != 2 || king < rooks[0] || king > rooks[1] ||
			rank.King != king || rank.Rooks != [2]int{rooks[0], rooks[1]} {
			t.Fatalf("BackRank(%d) = %q breaks the rules", n, r[:])
		}
	}
	for _, n := range []int{-1, 960} {
		if _, ok := BackRank(n); ok {
			t.Errorf("BackRank(%d) is ok", n)
		}
	}
}
