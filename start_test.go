package pacosako

import (
	"errors"
	"testing"
)

func TestFischerRandomPosition(t *testing.T) {
	for n, want := range map[int]string{
		518: StartFEN,
		0:   "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w 0 FHfh - -",
		959: "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w 0 ACac - -",
		// Fischer-random positions of the engine's own tests (catalogue §7.5, K9).
		433: "brnbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BRNBNQKR w 0 BHbh - -",
		79:  "nnrkqrbb/pppppppp/8/8/8/8/PPPPPPPP/NNRKQRBB w 0 CFcf - -",
		447: "rnnqkrbb/pppppppp/8/8/8/8/PPPPPPPP/RNNQKRBB w 0 AFaf - -",
	} {
		p, err := FischerRandomPosition(n)
		if err != nil {
			t.Fatal(err)
		}
		if p.FEN() != want {
			t.Errorf("FischerRandomPosition(%d) = %s, want %s", n, p.FEN(), want)
		}
	}
	// All 960 are distinct, legal set-ups: king between the rooks, bishops on
	// opposite colours, and they read back from their FEN.
	seen := map[string]int{}
	for n := 0; n < 960; n++ {
		p, err := FischerRandomPosition(n)
		if err != nil {
			t.Fatal(err)
		}
		b := p.Board()
		var files [7][]int
		for f := 0; f < 8; f++ {
			c := b.Cell(NewSquare(f, 0))
			files[c.White] = append(files[c.White], f)
			if b.Cell(NewSquare(f, 7)).Black != c.White {
				t.Fatalf("%d: black back rank does not mirror white", n)
			}
		}
		if len(files[Rook]) != 2 || len(files[King]) != 1 || !(files[Rook][0] < files[King][0] && files[King][0] < files[Rook][1]) {
			t.Errorf("%d: king not between the rooks: %s", n, p.FEN())
		}
		if len(files[Bishop]) != 2 || (files[Bishop][0]+files[Bishop][1])%2 == 0 {
			t.Errorf("%d: bishops on squares of one colour: %s", n, p.FEN())
		}
		if prev, dup := seen[p.FEN()]; dup {
			t.Errorf("%d and %d give the same position", prev, n)
		}
		seen[p.FEN()] = n
		if q := mustFEN(t, p.FEN()); !q.Equal(p) {
			t.Errorf("%d: FEN does not read back", n)
		}
		if p.MoveCount() == 0 {
			t.Errorf("%d: no moves", n)
		}
	}
	for _, bad := range []int{-1, 960} {
		if _, err := FischerRandomPosition(bad); !errors.Is(err, ErrInvalidSetup) {
			t.Errorf("FischerRandomPosition(%d) error = %v", bad, err)
		}
	}
}
