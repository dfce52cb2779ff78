package atomic

import (
	"testing"

	"github.com/pacosako-go/pacosako/internal/testkit"
)

// Benchmarks. Speed targets live here, never in timed tests. Compare runs with
// benchstat (go test -run '^$' -bench . -count 6 ./atomic > new.txt; benchstat
// old.txt new.txt). The side-by-side comparison with a native engine's chess
// perft, as whole processes, is in docs/benchmarks.md (Atomic).

func BenchmarkPerftStart4(b *testing.B) { testkit.BenchmarkPerft(b, StartingPosition(), 4, Perft) }
func BenchmarkPerftStart5(b *testing.B) { testkit.BenchmarkPerft(b, StartingPosition(), 5, Perft) }

// BenchmarkAppendMoves generates the legal moves of every vector position into a
// reused slice: no allocation.
func BenchmarkAppendMoves(b *testing.B) {
	var ps []Position
	for _, r := range tsvRows(b, "testdata/positions.tsv") {
		ps = append(ps, mustFEN(b, r[0]))
	}
	buf := make([]Move, 0, maxMoves)
	moves := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range ps {
			buf = ps[i].AppendMoves(buf[:0])
			moves += len(buf)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkPlay plays every legal move of every vector position.
func BenchmarkPlay(b *testing.B) {
	type pm struct {
		p Position
		m Move
	}
	var all []pm
	for _, r := range tsvRows(b, "testdata/positions.tsv") {
		p := mustFEN(b, r[0])
		for _, m := range p.Moves() {
			all = append(all, pm{p, m})
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	var sink Position
	for range b.N {
		for i := range all {
			sink = all[i].p.play(all[i].m)
		}
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(all)), "ns/move")
}

// vectorMoves returns every legal move of every position of the package's
// positions.tsv, each with its position.
func vectorMoves(b *testing.B) (ps []Position, ms []Move) {
	for _, r := range tsvRows(b, "testdata/positions.tsv") {
		p := mustFEN(b, r[0])
		for _, m := range p.Moves() {
			ps, ms = append(ps, p), append(ms, m)
		}
	}
	return ps, ms
}

// BenchmarkPlayChecked plays every legal move of every vector position with
// Play, which checks the move first; BenchmarkPlayUnchecked with PlayUnchecked,
// which does not: a search's way (docs/benchmarks.md compares them, and this
// against the Play of before PlayUnchecked existed).
func BenchmarkPlayChecked(b *testing.B) {
	ps, ms := vectorMoves(b)
	b.ReportAllocs()
	b.ResetTimer()
	var sink Position
	for range b.N {
		for i := range ms {
			sink, _ = ps[i].Play(ms[i])
		}
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ms)), "ns/move")
}

func BenchmarkPlayUnchecked(b *testing.B) {
	ps, ms := vectorMoves(b)
	b.ReportAllocs()
	b.ResetTimer()
	var sink Position
	for range b.N {
		for i := range ms {
			sink = ps[i].PlayUnchecked(ms[i])
		}
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ms)), "ns/move")
}

// BenchmarkHash hashes the position after every legal move of every vector
// position.
func BenchmarkHash(b *testing.B) {
	ps, ms := vectorMoves(b)
	after := make([]Position, len(ms))
	for i := range ms {
		after[i], _ = ps[i].Play(ms[i])
	}
	b.ReportAllocs()
	b.ResetTimer()
	var h uint64
	for range b.N {
		for i := range after {
			h ^= after[i].Hash()
		}
	}
	_ = h
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(after)), "ns/hash")
}

// BenchmarkSAN writes the SAN of every legal move of every vector position.
func BenchmarkSAN(b *testing.B) {
	var ps []Position
	for _, r := range tsvRows(b, "testdata/positions.tsv") {
		ps = append(ps, mustFEN(b, r[0]))
	}
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, p := range ps {
			sans, _ := p.SANs(p.Moves())
			n += len(sans)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/SAN")
}
