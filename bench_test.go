package pacosako

import (
	"sort"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako/internal/testkit"
)

// Benchmarks. Speed targets live here, never in timed tests. Compare runs with
// benchstat (go test -run '^$' -bench . -count 6 > new.txt; benchstat old.txt new.txt).
// Reference (official engine, 2-core CI machine, testdata/timings.txt): perft(start,5)
// 1.45 s (3.4 M nodes/s); determine_all_moves over the 513-position set 15.9 ms,
// median 14.2 µs per position, worst 1.10 ms.

func benchmarkPerft(b *testing.B, depth int) {
	testkit.BenchmarkPerft(b, StartingPosition(), depth, Perft)
}

func BenchmarkPerftStart3(b *testing.B) { benchmarkPerft(b, 3) }
func BenchmarkPerftStart4(b *testing.B) { benchmarkPerft(b, 4) }
func BenchmarkPerftStart5(b *testing.B) { benchmarkPerft(b, 5) }

// benchPositions returns the positions of testdata/positions.tsv (the engine's
// reference set), skipping FENs with a lifted piece as the reference timings do.
func benchPositions(b testing.TB) []Position {
	var ps []Position
	for _, r := range localRows(b, "positions.tsv") {
		p := mustFEN(b, r[0])
		if p.Hand().IsEmpty() {
			ps = append(ps, p)
		}
	}
	return ps
}

// BenchmarkMovesPositions enumerates every move (with its shortest path and
// resulting position) of every reference position once per iteration.
func BenchmarkMovesPositions(b *testing.B) {
	ps := benchPositions(b)
	moves := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		moves = 0
		for i := range ps {
			moves += len(ps[i].Moves())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
	b.ReportMetric(float64(moves*b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkMoveCountPositions counts the moves of every reference position (the
// perft leaf operation: no paths, no Move values).
func BenchmarkMoveCountPositions(b *testing.B) {
	ps := benchPositions(b)
	moves := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		moves = 0
		for i := range ps {
			moves += ps[i].MoveCount()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
	b.ReportMetric(float64(moves*b.N)/b.Elapsed().Seconds(), "moves/s")
}

// TestEnumerationProfile logs the per-position distribution of enumeration times
// (median and worst) under -v; it asserts only that every position enumerates.
func TestEnumerationProfile(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing profile: not under -short or -race")
	}
	var ts []time.Duration
	var worst string
	var worstT time.Duration
	for _, r := range localRows(t, "positions.tsv") {
		p := mustFEN(t, r[0])
		if !p.Hand().IsEmpty() {
			continue
		}
		best := time.Hour
		for range 5 {
			start := time.Now()
			if n := len(p.Moves()); n == 0 && !p.Outcome().IsOver() && p.MoveCount() != 0 {
				t.Fatalf("%s: inconsistent move counts", r[0])
			}
			best = min(best, time.Since(start))
		}
		ts = append(ts, best)
		if best > worstT {
			worstT, worst = best, r[0]
		}
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	var total time.Duration
	for _, d := range ts {
		total += d
	}
	t.Logf("%d positions: total %v, median %v, worst %v (%s)", len(ts), total, ts[len(ts)/2], worstT, worst)
}

// TestSANsProfile logs, under -v, what naming every move costs against finding
// them, per settled reference position (best of 7 runs of 5 calls each): the ratio
// of the totals, the median position's ratio and the positions that cost the most
// beyond twice their enumeration. It asserts only that SANs names every move.
func TestSANsProfile(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing profile: not under -short or -race")
	}
	best := func(f func()) time.Duration {
		b := time.Hour
		for range 7 {
			start := time.Now()
			for range 5 {
				f()
			}
			b = min(b, time.Since(start)/5)
		}
		return b
	}
	type row struct {
		fen        string
		n          int
		san, moves time.Duration
	}
	var rows []row
	var sans, moves time.Duration
	ps, ms := sanPositions(t)
	for i, p := range ps {
		names, err := p.SANs(ms[i])
		if err != nil || len(names) != len(ms[i]) {
			t.Fatalf("%s: SANs: %d names, %v", p.FEN(), len(names), err)
		}
		r := row{p.FEN(), len(ms[i]), best(func() { p.SANs(ms[i]) }), best(func() { p.Moves() })}
		rows = append(rows, r)
		sans += r.san
		moves += r.moves
	}
	ratio := func(r row) float64 { return float64(r.san) / float64(r.moves) }
	sort.Slice(rows, func(i, j int) bool { return ratio(rows[i]) < ratio(rows[j]) })
	med := rows[len(rows)/2]
	t.Logf("%d positions: SANs %v, Moves %v, ratio %.2f; median position %.2f (%d moves: %v against %v, %s)",
		len(rows), sans, moves, float64(sans)/float64(moves), ratio(med), med.n, med.san, med.moves, med.fen)
	sort.Slice(rows, func(i, j int) bool { return rows[i].san-2*rows[i].moves > rows[j].san-2*rows[j].moves })
	for _, r := range rows[:min(5, len(rows))] {
		t.Logf("%d moves: SANs %v, Moves %v (%.1f×): %s", r.n, r.san, r.moves, ratio(r), r.fen)
	}
}

// BenchmarkAllMovesPositions consumes the lazy enumeration of every reference
// position; allocations per op stay far below the number of moves.
func BenchmarkAllMovesPositions(b *testing.B) {
	ps := benchPositions(b)
	moves := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		moves = 0
		for i := range ps {
			for range ps[i].AllMoves() {
				moves++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
	b.ReportMetric(float64(moves*b.N)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(moves), "moves/op")
}

// BenchmarkInSakoPositions asks InSako for both colours of every reference
// position: the threat search with an early stop, compared with
// BenchmarkMoveCountPositions (full move enumeration).
func BenchmarkInSakoPositions(b *testing.B) {
	ps := benchPositions(b)
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n = 0
		for i := range ps {
			if ps[i].InSako(White) {
				n++
			}
			if ps[i].InSako(Black) {
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
	b.ReportMetric(float64(n), "sako/op")
}

// BenchmarkCanPacoPositions asks CanPaco (does the side to move win at once) of every
// reference position.
func BenchmarkCanPacoPositions(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range ps {
			ps[i].CanPaco()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
}

// BenchmarkPerft2Positions is perft(p, 2) over every reference position: the
// workload of "pacosako perft -depth 2 -" on testdata/positions.tsv, where the
// union-heavy positions dominate.
func BenchmarkPerft2Positions(b *testing.B) {
	var ps []Position
	for _, r := range localRows(b, "positions.tsv") {
		ps = append(ps, mustFEN(b, r[0]))
	}
	var nodes uint64
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		nodes = 0
		for i := range ps {
			nodes += Perft(ps[i], 2)
		}
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// Reference worst cases of full-move enumeration (testdata/timings.txt): the
// largest settled set among positions.tsv (engine 1.10 ms) and the largest inside
// the depth-2 trees of all reference positions (engine 1.55 ms).
var benchWorst = []struct{ name, fen string }{
	{"2631moves", "6K1/1P1ppank/3eCadP/4F2R/3E2Pp/N3p3/1R4jb/5t2 b 0 - - -"},
	{"6960moves", "2krr3/ppp2pp1/3P4/5e1p/3E2D1/4at1S/PPP1NW1P/R4K1R b 4 - - -"},
}

// BenchmarkMovesWorst enumerates every move (with path and resulting position) of
// each reference worst case; BenchmarkMoveCountWorst only counts them.
func BenchmarkMovesWorst(b *testing.B) {
	benchmarkWorst(b, func(p Position) int { return len(p.Moves()) })
}

func BenchmarkMoveCountWorst(b *testing.B) { benchmarkWorst(b, Position.MoveCount) }

func benchmarkWorst(b *testing.B, moves func(Position) int) {
	for _, w := range benchWorst {
		b.Run(w.name, func(b *testing.B) {
			p := mustFEN(b, w.fen)
			n := 0
			b.ReportAllocs()
			for range b.N {
				n = moves(p)
			}
			b.ReportMetric(float64(n), "moves/op")
		})
	}
}

// sanPositions returns the settled reference positions with their moves.
func sanPositions(b testing.TB) ([]Position, [][]Move) {
	var ps []Position
	var ms [][]Move
	for _, p := range benchPositions(b) {
		if p.IsSettled() {
			ps = append(ps, p)
			ms = append(ms, p.Moves())
		}
	}
	return ps, ms
}

// BenchmarkSANsPositions names every move of every reference position in chain SAN
// (Position.SANs of the moves of Moves, found beforehand); compare with
// BenchmarkMovesPositions, the cost of finding them.
func BenchmarkSANsPositions(b *testing.B) {
	ps, ms := sanPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range ps {
			if _, err := ps[i].SANs(ms[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
	n := 0
	for _, m := range ms {
		n += len(m)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
}

// BenchmarkSANPerMove names every move of every reference position one at a time
// (Position.SAN).
func BenchmarkSANPerMove(b *testing.B) {
	ps, ms := sanPositions(b)
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n = 0
		for i := range ps {
			for _, m := range ms[i] {
				if _, err := ps[i].SAN(m); err != nil {
					b.Fatal(err)
				}
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
}

// BenchmarkParseSANPerMove reads back the SAN of every move of every reference
// position (Position.ParseSAN).
func BenchmarkParseSANPerMove(b *testing.B) {
	ps, ms := sanPositions(b)
	var texts [][]string
	for i := range ps {
		s, err := ps[i].SANs(ms[i])
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, s)
	}
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n = 0
		for i := range ps {
			for _, t := range texts[i] {
				if _, err := ps[i].ParseSAN(t); err != nil {
					b.Fatal(err)
				}
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
}

// BenchmarkFindMoveLazily finds every move of every reference position in the
// lazy search (the search runs until the move's position appears; the positions
// looked for are built before the timer starts): the cost SAN and ParseSAN of one
// move are measured against.
func BenchmarkFindMoveLazily(b *testing.B) {
	ps, ms := sanPositions(b)
	targets := make([][]Position, len(ps))
	for i := range ps {
		for _, m := range ms[i] {
			targets[i] = append(targets[i], m.After())
		}
	}
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n = 0
		for i := range ps {
			for k := range targets[i] {
				found := false
				ps[i].eachMove(func(_ Move, after *Position) bool {
					found = *after == targets[i][k]
					return !found
				})
				if !found {
					b.Fatalf("%s: move %d not found", ps[i].FEN(), k)
				}
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
}
