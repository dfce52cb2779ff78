package engine

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// testdata/pins.tsv pins what the search finds in some of the speed
// benchmarks' middlegames (every third of each game), searched to a fixed depth
// with a table of its own and to a fixed node count with one table shared by
// the positions in turn (as the benchmarks search): the best move, its score
// and the nodes visited. A change made for speed only must leave every row as
// it is; a change of the search's meaning on purpose rewrites the file
// (PACOSAKO_WRITE_PINS=1) in the same commit, saying why.

// pinRows returns the search's rows of pins.tsv: game, limit, FEN, move,
// score, nodes.
func pinRows(tb testing.TB) [][]string {
	var rows [][]string
	ctx := context.Background()
	for _, game := range []string{"atomic", "pacosako"} {
		fens := middlegames(tb, game)
		depth, nodes := 5, int64(20000)
		if game == "pacosako" {
			depth, nodes = 4, 5000
		}
		tt := NewTable(1)
		for i := 0; i < len(fens); i += 3 {
			for _, lim := range []Limits{{Depth: depth}, {Nodes: nodes, Table: tt}} {
				var move, score string
				var n int64
				if game == "atomic" {
					r, err := Search(ctx, atomic.MustParseFEN(fens[i]), lim)
					if err != nil {
						tb.Fatal(err)
					}
					move, score, n = r.Move.UCI(), r.Score.String(), r.Nodes
				} else {
					r, err := Search(ctx, pacosako.MustParseFEN(fens[i]), lim)
					if err != nil {
						tb.Fatal(err)
					}
					move, score, n = r.Move.Coordinate(), r.Score.String(), r.Nodes
				}
				limit := fmt.Sprintf("depth %d", lim.Depth)
				if lim.Nodes > 0 {
					limit = fmt.Sprintf("nodes %d", lim.Nodes)
				}
				rows = append(rows, []string{game, limit, fens[i], move, score, strconv.FormatInt(n, 10)})
			}
		}
	}
	return rows
}

// TestSearchPinned: the search finds today what pins.tsv holds.
func TestSearchPinned(t *testing.T) {
	got := pinRows(t)
	if os.Getenv("PACOSAKO_WRITE_PINS") == "1" {
		var b strings.Builder
		b.WriteString("# game\tlimit\tfen\tmove\tscore\tnodes  || what the search finds in every third middlegame (search_pins_test.go writes it)\n")
		for _, r := range got {
			b.WriteString(strings.Join(r, "\t") + "\n")
		}
		if err := os.WriteFile("testdata/pins.tsv", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := testkit.Rows(t, "testdata/pins.tsv")
	if len(want) != len(got) {
		t.Fatalf("%d rows, pins.tsv has %d", len(got), len(want))
	}
	for i := range got {
		if strings.Join(got[i], "\t") != strings.Join(want[i], "\t") {
			t.Errorf("%s %s %s:\n got move %s score %s nodes %s\nwant move %s score %s nodes %s",
				got[i][0], got[i][1], got[i][2], got[i][3], got[i][4], got[i][5], want[i][3], want[i][4], want[i][5])
		}
	}
}
