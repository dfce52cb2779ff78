package pacosako

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// hardFEN is issue 32's position, reached at half-move 221 of a random legal
// game: 39,444 moves, nearly all of Black's pieces in unions. Before the compact
// model answered every question, the Ŝako test behind each move's SAN suffix
// (GivesSako of the mover after it) fell back to the general threat search and
// cost 1.4 ms at the median, up to 205 ms.
const hardFEN = "d6k/n3F3/1d1E4/1D1Lh3/1CS5/eyc2B2/7a/1o5K b 22 - - -"

// sakoSources returns the settled positions, game not over, of the module's
// testdata (the position sets and the played games' positions) and, when shared
// is set and the reference data is present, of ../shared/testdata too, each once;
// then the hard position.
func sakoSources(tb testing.TB, shared bool) []Position {
	tb.Helper()
	seen := map[string]bool{}
	var ps []Position
	add := func(fen string) {
		if fen == "" || fen == "-" || seen[fen] {
			return
		}
		seen[fen] = true
		if p, err := ParseFEN(fen); err == nil && p.IsSettled() && !p.Outcome().IsOver() {
			ps = append(ps, p)
		}
	}
	// The FEN columns of each file.
	files := []struct {
		name string
		cols []int
	}{
		{"positions.tsv", []int{0}}, {"perft.tsv", []int{0}}, {"moves.tsv", []int{0, 1}},
		{"divide.tsv", []int{0, 3}}, {"sako.tsv", []int{0}}, {"games.tsv", []int{3}},
		{"analysis/annotated_games.tsv", []int{3}}, {"analysis/openings_games.tsv", []int{3}},
	}
	dirs := []string{"testdata"}
	if _, err := os.Stat(sharedTestdata); shared && err == nil {
		dirs = append(dirs, sharedTestdata)
	}
	for _, dir := range dirs {
		for _, f := range files {
			path := filepath.Join(dir, f.name)
			if _, err := os.Stat(path); err != nil {
				continue // the module's testdata has no analysis/ files
			}
			for _, r := range tsvRows(tb, path) {
				for _, c := range f.cols {
					if c < len(r) {
						add(r[c])
					}
				}
			}
		}
	}
	add(hardFEN)
	return ps
}

// sakoResult is a position after a move and the colour that moved: the Ŝako test
// of its SAN suffix is GivesSako(mover).
type sakoResult struct {
	pos   Position
	mover Color
}

// sakoResults returns the positions after every move of ps whose game goes on.
func sakoResults(ps []Position) []sakoResult {
	var out []sakoResult
	for _, p := range ps {
		for _, m := range p.Moves() {
			if q := m.After(); !q.res.IsOver() {
				out = append(out, sakoResult{q, p.turn})
			}
		}
	}
	return out
}

// generalGivesSako is GivesSako as the general threat search alone answers it
// (as GivesSako did before the compact model).
func generalGivesSako(p Position, c Color) bool {
	if p.res.IsOver() {
		return false
	}
	if p.step.isPromotion() && p.promo1 != 0 {
		p.promote(Queen)
	}
	king := p.board.kings[c.Other()] &^ p.board.byColor[c]
	if king == 0 {
		return false
	}
	q := p
	q.turn = c
	q.handOwn, q.handPart = NoRole, NoRole
	q.step = requireLift
	q.promo1 = 0
	return threats(&q, [2]Bitboard{king, 0}, nil)&king != 0
}

// sakoBench holds the positions BenchmarkSakoAfterMove times, found once.
var sakoBench struct {
	once      sync.Once
	all, hard []sakoResult
	sources   int
}

// BenchmarkSakoAfterMove times the Ŝako test of every position after a move
// (GivesSako of the mover: the test behind SAN's "+") and reports the
// distribution of its cost over those positions in nanoseconds: median, p90, p99,
// p99.9 and max. all: the moves of the module's position sets and played games,
// of ../shared/testdata's when present, and of issue 32's hard position; hard:
// that position's alone. Each position's figure is the least over the b.N passes
// (a call is timed alone, or 32 at a time when it takes under two microseconds);
// run with -benchtime 3x. Finding the positions (every move of every source)
// takes about a minute with the shared data.
func BenchmarkSakoAfterMove(b *testing.B) {
	sakoBench.once.Do(func() {
		ps := sakoSources(b, true)
		sakoBench.sources = len(ps)
		sakoBench.all = sakoResults(ps)
		sakoBench.hard = sakoResults([]Position{mustFEN(b, hardFEN)})
	})
	b.Run("all", func(b *testing.B) { benchmarkSako(b, sakoBench.all) })
	b.Run("hard", func(b *testing.B) { benchmarkSako(b, sakoBench.hard) })
}

func benchmarkSako(b *testing.B, rs []sakoResult) {
	best := make([]time.Duration, len(rs))
	for i := range best {
		best[i] = time.Hour
	}
	sako := 0
	b.ResetTimer()
	for range b.N {
		sako = 0
		for i := range rs {
			r := &rs[i]
			start := time.Now()
			hit := r.pos.GivesSako(r.mover)
			d := time.Since(start)
			if d < 2*time.Microsecond {
				start = time.Now()
				for range 32 {
					r.pos.GivesSako(r.mover)
				}
				d = min(d, time.Since(start)/32)
			}
			best[i] = min(best[i], d)
			if hit {
				sako++
			}
		}
	}
	b.StopTimer()
	slowest := 0
	for i := range best {
		if best[i] > best[slowest] {
			slowest = i
		}
	}
	b.Logf("%d passes; the slowest: %v, GivesSako(%v) of %s", b.N, best[slowest], rs[slowest].mover, rs[slowest].pos.FEN())
	slices.Sort(best)
	at := func(q float64) float64 { return float64(best[int(q*float64(len(best)-1))].Nanoseconds()) }
	b.ReportMetric(float64(len(rs)), "positions")
	b.ReportMetric(float64(sako), "sako")
	b.ReportMetric(at(0.5), "ns-median")
	b.ReportMetric(at(0.9), "ns-p90")
	b.ReportMetric(at(0.99), "ns-p99")
	b.ReportMetric(at(0.999), "ns-p99.9")
	b.ReportMetric(at(1), "ns-max")
	b.ReportMetric(0, "ns/op") // the figures above are per position; a pass is not one
}

// TestSakoAfterMoveAllocs: the Ŝako test of a position after a move allocates
// nothing, also where it searches chain states (its buffers are pooled), on the
// hard position's results and the reference positions'.
func TestSakoAfterMoveAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts: not under -race")
	}
	hard := mustFEN(t, hardFEN)
	ps := []Position{hard}
	for _, r := range localRows(t, "positions.tsv")[:40] {
		ps = append(ps, mustFEN(t, r[0]))
	}
	checked := 0
	for _, p := range ps {
		for i, m := range p.Moves() {
			if i%97 != 0 {
				continue
			}
			q := m.After()
			if n := testing.AllocsPerRun(5, func() { q.GivesSako(p.turn) }); n != 0 {
				t.Fatalf("%s: GivesSako(%v) allocates %v times", q.FEN(), p.turn, n)
			}
			checked++
		}
	}
	t.Logf("%d positions after a move: no allocation", checked)
}

// TestSakoAfterMoveExact checks, with PACOSAKO_DEEP=1, the Ŝako test of both
// colours in every position after a move of every source of
// BenchmarkSakoAfterMove (with ../shared/testdata: 4,063,142 positions) against
// the general threat search alone, as GivesSako answered before the compact
// model answered nearly every question (about 15 minutes of CPU).
func TestSakoAfterMoveExact(t *testing.T) {
	if !deepPerft() {
		t.Skip("every position after a move of every source: only with PACOSAKO_DEEP=1")
	}
	rs := sakoResults(sakoSources(t, true))
	n, sako := 0, 0
	for _, r := range rs {
		for _, c := range []Color{White, Black} {
			want := generalGivesSako(r.pos, c)
			if got := r.pos.GivesSako(c); got != want {
				t.Fatalf("%s: GivesSako(%v) = %v, the general search %v", r.pos.FEN(), c, got, want)
			}
			n++
			if want {
				sako++
			}
		}
	}
	t.Logf("%d positions after a move, %d questions, %d Ŝako: all agree", len(rs), n, sako)
}

// BenchmarkHardPosition times the calls issue 32 found slow on its hard position:
// every move, their SAN (a Ŝako test each), and Black's chasing Paco in 2 (a Ŝako
// test per move and defence).
func BenchmarkHardPosition(b *testing.B) {
	p := mustFEN(b, hardFEN)
	moves := p.Moves()
	b.Run("Moves", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			p.Moves()
		}
	})
	b.Run("SANs", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := p.SANs(moves); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ChasingPacoIn2", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := p.ChasingPacoIn2(Black); err != nil {
				b.Fatal(err)
			}
		}
	})
}
