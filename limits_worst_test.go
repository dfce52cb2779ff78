package pacosako

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestWorstCases checks that a bounded search stops on each position of
// testdata/worst-cases.tsv. With PACOSAKO_WORST=1 it runs the full enumeration
// instead and logs moves, states, time and heap (docs/worst-cases.md; run one
// position per process with PACOSAKO_WORST_FEN to measure peak memory with
// /usr/bin/time).
// maxWorstMoves: a position with more moves is only counted (MoveCount needs about
// 270 bytes a move at its peak, Moves about 900).
const maxWorstMoves = 20_000_000

func TestWorstCases(t *testing.T) {
	full := os.Getenv("PACOSAKO_WORST") == "1"
	only := os.Getenv("PACOSAKO_WORST_FEN")
	for _, r := range localRows(t, "worst-cases.tsv") {
		if only != "" && r[0] != only {
			continue
		}
		p := mustFEN(t, r[0])
		if !full {
			_, err := p.MovesContext(context.Background(), Limits{MaxStates: 100000})
			if !errors.Is(err, ErrSearchLimit) {
				t.Errorf("%s: MovesContext with 100,000 states: %v, want ErrSearchLimit", r[0], err)
			}
			continue
		}
		if want, _ := strconv.Atoi(r[2]); want > maxWorstMoves {
			// Too large to build every move on a 24 GB machine: count only.
			start := time.Now()
			n := p.MoveCount()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			t.Logf("%s: %d moves (MoveCount), %v, heap %d MB", r[0], n, time.Since(start).Round(time.Millisecond), ms.HeapSys>>20)
			if n != want {
				t.Errorf("%s: MoveCount %d, want %d", r[0], n, want)
			}
			continue
		}
		s := getSearcher()
		start := time.Now()
		s.search(&p, nil)
		elapsed := time.Since(start)
		longest := 0
		for i := range s.results {
			longest = max(longest, s.pathLen(i))
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("%s: %d moves, %d states, longest path %d actions, %v, heap %d MB", r[0], len(s.results),
			len(s.nodes)+len(s.results), longest, elapsed.Round(time.Millisecond), ms.HeapSys>>20)
		if want, _ := strconv.Atoi(r[2]); want != 0 && len(s.results) != want {
			t.Errorf("%s: %d moves, want %d", r[0], len(s.results), want)
		}
		if n := p.MoveCount(); n != len(s.results) {
			t.Errorf("%s: MoveCount %d, search %d", r[0], n, len(s.results))
		}
		putSearcher(s)
	}
}
