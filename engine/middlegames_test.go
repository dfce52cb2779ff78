package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// testdata/middlegames.tsv holds the middlegame positions the speed benchmarks
// search: positions of games the engine played against itself (20,000 nodes a
// move) from the start after 4 random half-moves a side, taken at half-moves
// 16, 22 and 28. PACOSAKO_WRITE_MIDDLEGAMES=1 writes the file again (the same
// file for the same engine).

// middlegames returns the positions of testdata/middlegames.tsv of one game
// ("atomic" or "pacosako").
func middlegames(tb testing.TB, game string) []string {
	var fens []string
	for _, r := range testkit.Rows(tb, "testdata/middlegames.tsv") {
		if r[0] == game {
			fens = append(fens, r[1])
		}
	}
	if len(fens) == 0 {
		tb.Fatalf("no %s positions in testdata/middlegames.tsv", game)
	}
	return fens
}

func TestWriteMiddlegames(t *testing.T) {
	if os.Getenv("PACOSAKO_WRITE_MIDDLEGAMES") != "1" {
		t.Skip("PACOSAKO_WRITE_MIDDLEGAMES=1 writes testdata/middlegames.tsv")
	}
	var b strings.Builder
	b.WriteString("# game\tfen\tsource  || positions of the engine's games against itself (20,000 nodes a move) from the start after 4 random half-moves a side, at half-moves 16, 22 and 28: the speed benchmarks' middlegames (middlegames_test.go writes them)\n")
	ctx := context.Background()
	lim := Limits{Nodes: 20000}
	for game := range 12 {
		rng := rand.New(rand.NewPCG(uint64(game), 34))
		p := atomic.StartingPosition()
		for ply := 1; ply <= 28 && !p.IsOver(); ply++ {
			ms := p.Moves()
			m := ms[rng.IntN(len(ms))]
			if ply > 8 {
				r, err := Search(ctx, p, lim)
				if err != nil {
					break
				}
				m = r.Move
			}
			p = p.PlayUnchecked(m)
			if (ply == 16 || ply == 22 || ply == 28) && !p.IsOver() {
				fmt.Fprintf(&b, "atomic\t%s\tself-play %d, half-move %d\n", p.FEN(), game, ply)
			}
		}
	}
	for game := range 12 {
		rng := rand.New(rand.NewPCG(uint64(game), 35))
		p := pacosako.StartingPosition()
		for ply := 1; ply <= 28 && !p.Outcome().IsOver(); ply++ {
			ms := p.Moves()
			m := ms[rng.IntN(len(ms))]
			if ply > 8 {
				r, err := Search(ctx, p, lim)
				if err != nil {
					break
				}
				m = r.Move
			}
			p = m.After()
			if (ply == 16 || ply == 22 || ply == 28) && !p.Outcome().IsOver() && len(p.Moves()) > 0 {
				fmt.Fprintf(&b, "pacosako\t%s\tself-play %d, half-move %d\n", p.FEN(), game, ply)
			}
		}
	}
	if err := os.WriteFile("testdata/middlegames.tsv", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
