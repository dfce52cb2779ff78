package engine

import (
	"context"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Speed benchmarks: the middlegame positions of testdata/middlegames.tsv, each
// searched to a node count, one after the other with one table (as a game's
// moves are), reporting nodes per second of the process's CPU time (the
// machine may be shared: CPU time is what the search costs) and, as ns/op,
// the wall time of the whole set. docs/benchmarks.md has the figures.

// benchSearch searches every position of ps to nodes nodes per round.
func benchSearch[P Position[M], M Move](b *testing.B, ps []P, nodes int64) {
	tt := NewTable(16)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	var total int64
	for range b.N {
		for _, p := range ps {
			r, err := Search(context.Background(), p, Limits{Nodes: nodes, Table: tt})
			if err != nil {
				b.Fatal(err)
			}
			total += r.Nodes
		}
	}
	spent := cpuTime() - cpu
	b.ReportMetric(float64(total)/spent.Seconds(), "nodes/s")
	b.ReportMetric(float64(spent.Nanoseconds())/float64(total), "cpu-ns/node")
}

func BenchmarkSearchAtomic(b *testing.B) {
	var ps []atomic.Position
	for _, fen := range middlegames(b, "atomic") {
		ps = append(ps, atomic.MustParseFEN(fen))
	}
	benchSearch(b, ps, 200_000)
}

// BenchmarkSearchAtomicCheckedPlay is BenchmarkSearchAtomic with every move
// played as atomic.Position.Play played it before PlayUnchecked existed (found
// among every legal move first): the search's gain from PlayUnchecked.
func BenchmarkSearchAtomicCheckedPlay(b *testing.B) {
	testPlayChecked = true
	defer func() { testPlayChecked = false }()
	BenchmarkSearchAtomic(b)
}

func BenchmarkSearchPacoSako(b *testing.B) {
	var ps []pacosako.Position
	for _, fen := range middlegames(b, "pacosako") {
		ps = append(ps, pacosako.MustParseFEN(fen))
	}
	benchSearch(b, ps, 50_000)
}
